package agent

import (
	"github.com/herm-dev/herm/agent/llm"
)

// Token accounting. The provider's reported prompt size for the last call
// is the ground truth for everything that call sent; only messages added
// since (tool results, the next user message) are estimated. Estimates
// count four bytes a token — close for English and JSON, low for some
// scripts — and the ratio between the last reported count and the
// estimate of the same messages corrects them.
const (
	bytesPerToken = 4
	// messageOverhead covers the role and framing tokens each message
	// costs on the wire.
	messageOverhead = 4
	// imageTokens is a typical cost of one inline image.
	imageTokens = 1000
)

// estimateText returns the estimated tokens of s.
func estimateText(s string) int { return (len(s) + bytesPerToken - 1) / bytesPerToken }

// estimateMessage returns the estimated tokens m costs in a request.
func estimateMessage(m *llm.Message) int {
	n := len(m.Content) + len(m.Reasoning) + len(m.ToolCallID)
	for i := range m.ToolCalls {
		c := &m.ToolCalls[i]
		n += len(c.ID) + len(c.Name) + len(c.Arguments) + 8
	}
	return (n+bytesPerToken-1)/bytesPerToken + messageOverhead + imageTokens*len(m.Images)
}

// estimateMessages sums estimateMessage over msgs.
func estimateMessages(msgs []llm.Message) int {
	n := 0
	for i := range msgs {
		n += estimateMessage(&msgs[i])
	}
	return n
}

// estimateTools returns the estimated tokens of the tool schemas a request
// carries.
func estimateTools(specs []llm.ToolSpec) int {
	n := 0
	for _, s := range specs {
		n += estimateText(s.Name) + estimateText(s.Description) + estimateText(string(s.Parameters)) + messageOverhead
	}
	return n
}

// calibration remembers the prompt size a provider reported: the first n
// messages of the history (the request's messages plus the answer) cost
// tokens, system prompt and tool schemas included. fp identifies message
// n-1 so a history rewritten since (compression, rewind) is noticed.
type calibration struct {
	n      int
	tokens int
	raw    int // the estimate of the same prefix, for the correction ratio
	fp     fingerprint
}

type fingerprint struct {
	role  llm.Role
	size  int
	calls int
}

func fingerprintOf(m *llm.Message) fingerprint {
	return fingerprint{role: m.Role, size: len(m.Content) + len(m.Reasoning), calls: len(m.ToolCalls)}
}

// valid reports whether c still describes a prefix of history.
func (c calibration) valid(history []llm.Message) bool {
	return c.n > 0 && c.n <= len(history) && fingerprintOf(&history[c.n-1]) == c.fp
}

// requestTokens estimates the prompt a request with history would send:
// the calibrated prefix as reported, the rest estimated and scaled by the
// calibration's ratio. fixed is the estimate of the system prompt and tool
// schemas, used when there is no calibration.
func requestTokens(c calibration, history []llm.Message, fixed int) int {
	if !c.valid(history) {
		return fixed + estimateMessages(history)
	}
	rest := estimateMessages(history[c.n:])
	return c.tokens + scale(rest, c)
}

// scale corrects an estimate by the ratio of reported to estimated tokens,
// bounded so one odd report cannot distort everything.
func scale(estimate int, c calibration) int {
	if c.raw <= 0 || c.tokens <= 0 {
		return estimate
	}
	r := float64(c.tokens) / float64(c.raw)
	r = min(max(r, 0.5), 3)
	return int(float64(estimate)*r + 0.5)
}

// calibrate records what the provider reported for a call whose request
// carried history[:n-1] and whose answer is history[n-1].
func calibrate(history []llm.Message, n int, u llm.Usage, fixed int) calibration {
	if u.InputTokens <= 0 || n <= 0 || n > len(history) {
		return calibration{}
	}
	return calibration{
		n:      n,
		tokens: u.InputTokens + u.OutputTokens,
		raw:    fixed + estimateMessages(history[:n]),
		fp:     fingerprintOf(&history[n-1]),
	}
}
