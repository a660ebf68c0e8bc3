package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/herm-dev/herm/agent/llm"
)

// maxMessageBody bounds a whole-message answer (see readMessage); a
// model's output is a few hundred kilobytes at most.
const maxMessageBody = 32 << 20

// wireMessage is the subset of a Messages API message object the adapter
// reads.
type wireMessage struct {
	Type       string      `json:"type"`
	Content    []wireBlock `json:"content"`
	StopReason string      `json:"stop_reason"`
	Usage      wireUsage   `json:"usage"`
}

// readMessage decodes an application/json answer: the whole message at
// once, which some proxies and gateways send although the request asked
// for a stream. It yields the parts a stream of that message would have,
// so the agent cannot tell the difference.
func (p *Provider) readMessage(ctx context.Context, body io.Reader, yield func(llm.Part, error) bool) error {
	raw, err := io.ReadAll(io.LimitReader(body, maxMessageBody+1))
	if err != nil {
		return p.readErr(ctx, err)
	}
	if len(raw) > maxMessageBody {
		return &llm.StreamError{Provider: p.name, Reason: reasonMalformed,
			Err: fmt.Errorf("the response body is larger than %d MiB", maxMessageBody>>20)}
	}
	var m wireMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return &llm.StreamError{Provider: p.name, Reason: reasonMalformed, Err: err}
	}
	switch {
	case m.Type == "error":
		return p.eventError(raw)
	case m.Type == "message", m.Type == "" && m.Content != nil:
	default:
		return &llm.StreamError{Provider: p.name, Reason: reasonMalformed,
			Err: fmt.Errorf("the response is a JSON object of type %q, not a message", m.Type)}
	}

	// Replay the message as the events of a stream.
	d := decoder{provider: p.name}
	ev := streamEvent{Type: "message_start"}
	ev.Message.Usage = m.Usage
	if err := d.event(&ev, yield); err != nil {
		return err
	}
	for i, b := range m.Content {
		ev = streamEvent{Type: "content_block_start", Index: int64(i), ContentBlock: b}
		if err := d.event(&ev, yield); err != nil {
			return err
		}
		ev = streamEvent{Type: "content_block_stop", Index: int64(i)}
		if err := d.event(&ev, yield); err != nil {
			return err
		}
	}
	ev = streamEvent{Type: "message_delta", Usage: m.Usage}
	ev.Delta.StopReason = m.StopReason
	if err := d.event(&ev, yield); err != nil {
		return err
	}
	ev = streamEvent{Type: "message_stop"}
	return d.event(&ev, yield)
}
