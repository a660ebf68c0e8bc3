package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/herm-dev/herm/agent/llm"
)

// Reasons of the StreamErrors this package returns.
const (
	reasonIncomplete = "stream ended before the response was complete"
	reasonMalformed  = "malformed chunk"
)

// errStopped reports that the consumer stopped ranging over the stream.
var errStopped = errors.New("anthropic: consumer stopped reading the stream")

// streamEvent is one Messages API stream event: the union of the fields of
// message_start, content_block_start/delta/stop, message_delta and
// message_stop that the adapter reads.
type streamEvent struct {
	Type    word  `json:"type"`
	Index   int64 `json:"index"`
	Message struct {
		Usage wireUsage `json:"usage"`
	} `json:"message"`
	ContentBlock wireBlock `json:"content_block"`
	Delta        struct {
		Type        word   `json:"type"`
		Text        string `json:"text"`
		Thinking    string `json:"thinking"`
		Signature   string `json:"signature"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Usage wireUsage `json:"usage"`
	// Error is the payload of an error event, which the API sends when it
	// fails after the stream began.
	Error wireError `json:"error"`
}

// wireBlock is a content block of an answer: in content_block_start events,
// and in the content of a whole message.
type wireBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	Signature string          `json:"signature"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
}

type wireUsage struct {
	InputTokens              int64 `json:"input_tokens"`
	CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
	CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
	OutputTokens             int64 `json:"output_tokens"`
	OutputTokensDetails      struct {
		ThinkingTokens int64 `json:"thinking_tokens"`
	} `json:"output_tokens_details"`
}

func (u *wireUsage) usage() llm.Usage {
	return usage(u.InputTokens, u.CacheReadInputTokens, u.CacheCreationInputTokens, u.OutputTokens, u.OutputTokensDetails.ThinkingTokens)
}

// readEvents decodes an event stream body into parts. It returns nil when
// the answer is complete, errStopped when the consumer stopped, and the
// error that ended the stream otherwise.
func (p *Provider) readEvents(ctx context.Context, body io.Reader, yield func(llm.Part, error) bool) error {
	events := newSSEReader(body, maxEventSize)
	d := decoder{provider: p.name}
	js := newEventJSON()
	var ev streamEvent
	for {
		name, data, err := events.next()
		if err == io.EOF && d.done {
			return nil
		}
		if err != nil {
			return p.readErr(ctx, err)
		}
		if len(data) == 0 {
			continue // nothing to decode; the API never sends such events
		}
		switch string(name) {
		case "ping":
			continue
		case "error":
			return p.eventError(data)
		case "":
			// The API names every event. An unnamed one that holds a JSON
			// object is decoded by its "type", for compatible servers
			// that leave names out; anything else (a "[DONE]" marker from
			// an OpenAI-minded proxy…) is not an event of this protocol.
			if data[0] != '{' {
				continue
			}
		}
		// One streamEvent for all: reset, as json leaves absent fields be.
		ev = streamEvent{}
		if err := js.decode(data, &ev); err != nil {
			return &llm.StreamError{Provider: p.name, Reason: reasonMalformed, Err: err}
		}
		if ev.Type == "error" {
			return p.eventError(data)
		}
		if err := d.event(&ev, yield); err != nil {
			return err
		}
	}
}

// readErr classifies an error from reading the response body.
func (p *Provider) readErr(ctx context.Context, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("%s: request stopped: %w", p.name, ctxErr)
	}
	switch {
	case err == io.EOF:
		// A clean end, but before message_stop.
		return &llm.StreamError{Provider: p.name, Reason: reasonIncomplete}
	case errors.Is(err, errEventTooLarge):
		return &llm.StreamError{Provider: p.name, Reason: reasonMalformed, Err: err}
	}
	// The connection dropped or the body was cut (io.ErrUnexpectedEOF).
	return &llm.StreamError{Provider: p.name, Reason: reasonIncomplete, Err: err}
}

// decoder turns Messages API stream events into llm.Parts.
type decoder struct {
	provider string
	// blocks maps content block indexes to tool calls; text and thinking
	// blocks interleave with tool_use blocks, so a tool's Part index is its
	// ordinal among the tools (0, 1, 2…), not its block index.
	blocks []toolBlock
	tools  int
	finish llm.FinishReason
	done   bool // message_stop seen
}

type toolBlock struct {
	block   int64
	tool    int
	pending string // input given in content_block_start, sent if no delta follows
}

func (d *decoder) tool(block int64) *toolBlock {
	for i := range d.blocks {
		if d.blocks[i].block == block {
			return &d.blocks[i]
		}
	}
	return nil
}

func emit(yield func(llm.Part, error) bool, p llm.Part) error {
	if !yield(p, nil) {
		return errStopped
	}
	return nil
}

// event handles one stream event. It returns errStopped when the consumer
// stopped, or a *llm.StreamError when the event breaks the protocol.
func (d *decoder) event(ev *streamEvent, yield func(llm.Part, error) bool) error {
	switch ev.Type {
	case "message_start":
		return emit(yield, llm.Part{Kind: llm.PartUsage, Usage: ev.Message.Usage.usage()})

	case "content_block_start":
		cb := &ev.ContentBlock
		switch cb.Type {
		case "text":
			if cb.Text != "" {
				return emit(yield, llm.Part{Kind: llm.PartText, Text: cb.Text})
			}
		case "thinking":
			if cb.Thinking != "" || cb.Signature != "" {
				return emit(yield, llm.Part{Kind: llm.PartReasoning, Text: cb.Thinking, Signature: cb.Signature})
			}
		case "tool_use":
			t := toolBlock{block: ev.Index, tool: d.tools}
			d.tools++
			// The API opens with input {} and streams the arguments; a
			// compatible server may instead give them whole here.
			if raw := strings.TrimSpace(string(cb.Input)); raw != "" && raw != "{}" && raw != "null" {
				t.pending = raw
			}
			d.blocks = append(d.blocks, t)
			return emit(yield, llm.Part{Kind: llm.PartToolCallStart, Index: t.tool, ToolCallID: cb.ID, ToolName: cb.Name})
		}
		// redacted_thinking and server-tool blocks have no place in an
		// llm.Message; they are skipped.

	case "content_block_delta":
		switch ev.Delta.Type {
		case "text_delta":
			if ev.Delta.Text != "" {
				return emit(yield, llm.Part{Kind: llm.PartText, Text: ev.Delta.Text})
			}
		case "thinking_delta":
			if ev.Delta.Thinking != "" {
				return emit(yield, llm.Part{Kind: llm.PartReasoning, Text: ev.Delta.Thinking})
			}
		case "signature_delta":
			return emit(yield, llm.Part{Kind: llm.PartReasoning, Signature: ev.Delta.Signature})
		case "input_json_delta":
			t := d.tool(ev.Index)
			if t == nil {
				return &llm.StreamError{Provider: d.provider, Reason: reasonMalformed,
					Err: fmt.Errorf("tool input for content block %d, which is not a tool_use block", ev.Index)}
			}
			t.pending = ""
			if ev.Delta.PartialJSON != "" {
				return emit(yield, llm.Part{Kind: llm.PartToolCallDelta, Index: t.tool, Text: ev.Delta.PartialJSON})
			}
		}

	case "content_block_stop":
		if t := d.tool(ev.Index); t != nil && t.pending != "" {
			args := t.pending
			t.pending = ""
			return emit(yield, llm.Part{Kind: llm.PartToolCallDelta, Index: t.tool, Text: args})
		}

	case "message_delta":
		if ev.Delta.StopReason != "" {
			d.finish = finishReason(ev.Delta.StopReason)
		}
		return emit(yield, llm.Part{Kind: llm.PartUsage, Usage: ev.Usage.usage()})

	case "message_stop":
		if d.done {
			return nil
		}
		d.done = true
		if d.finish == "" {
			d.finish = llm.FinishStop
			if d.tools > 0 {
				d.finish = llm.FinishToolCalls
			}
		}
		return emit(yield, llm.Part{Kind: llm.PartFinish, FinishReason: d.finish})
	}
	return nil
}

// usage converts the API's counts. Anthropic's input_tokens leaves out the
// tokens read from and written to the prompt cache; InputTokens here is the
// whole prompt, as in the OpenAI shape, with the cached parts broken out.
func usage(input, cacheRead, cacheWrite, output, thinking int64) llm.Usage {
	u := llm.Usage{
		OutputTokens:     int(output),
		CacheReadTokens:  int(cacheRead),
		CacheWriteTokens: int(cacheWrite),
		ReasoningTokens:  int(thinking),
	}
	// message_delta repeats the input counts on current API versions and
	// leaves them out on older ones; zero means "not reported".
	if input+cacheRead+cacheWrite > 0 {
		u.InputTokens = int(input + cacheRead + cacheWrite)
	}
	return u
}

// finishReason maps a stop_reason to the neutral vocabulary.
func finishReason(stop string) llm.FinishReason {
	switch stop {
	case "max_tokens", "model_context_window_exceeded":
		return llm.FinishLength
	case "tool_use":
		return llm.FinishToolCalls
	case "refusal":
		return llm.FinishContentFilter
	}
	// end_turn, stop_sequence, pause_turn and reasons added later.
	return llm.FinishStop
}
