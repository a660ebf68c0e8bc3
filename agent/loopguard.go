package agent

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/herm-dev/herm/agent/llm"
)

// DefaultLoopLimit is how many identical tool calls in a row stop a turn.
// The model is warned two calls earlier.
const DefaultLoopLimit = 5

// loopGuard counts consecutive identical tool calls (same tool, same
// arguments up to JSON formatting) within a turn.
type loopGuard struct {
	last  string
	count int
}

// loopVerdict is what the guard says about one call.
type loopVerdict int

const (
	loopOK   loopVerdict = iota
	loopWarn             // run it, and tell the model it is repeating itself
	loopStop             // do not run it; end the turn
)

// observe records c and judges it against limit.
func (g *loopGuard) observe(c llm.ToolCall, limit int) (loopVerdict, int) {
	key := c.Name + "\x00" + canonicalJSON(c.Arguments)
	if key == g.last {
		g.count++
	} else {
		g.last, g.count = key, 1
	}
	switch {
	case limit <= 0:
		return loopOK, g.count
	case g.count >= limit:
		return loopStop, g.count
	case g.count >= max(limit-2, 2):
		return loopWarn, g.count
	}
	return loopOK, g.count
}

// canonicalJSON re-encodes a JSON object with sorted keys and no spacing,
// so calls that differ only in formatting count as the same call. Text that
// is not JSON is compared as it is.
func canonicalJSON(s string) string {
	var v any
	if json.Unmarshal([]byte(s), &v) != nil {
		return s
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return s
	}
	return b.String()
}

func loopWarningText(name string, count, limit int) string {
	return fmt.Sprintf("[herm: you have called %s with exactly these arguments %d times in a row and the result is not changing. Do something different — other arguments, another tool, or answer the user. At %d identical calls in a row herm stops the turn.]", name, count, limit)
}

func loopStopMessage(name string, count int) string {
	return fmt.Sprintf("stopped the turn: the model called %s with the same arguments %d times in a row (agent.loop_limit); send a message to steer it", name, count)
}

func loopStopText(name string, count int) string {
	return fmt.Sprintf("not run: herm stopped the turn because %s was called with the same arguments %d times in a row", name, count)
}
