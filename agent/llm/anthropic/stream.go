package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"

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
	Type    string `json:"type"`
	Index   int64  `json:"index"`
	Message struct {
		Usage wireUsage `json:"usage"`
	} `json:"message"`
	ContentBlock struct {
		Type      string          `json:"type"`
		Text      string          `json:"text"`
		Thinking  string          `json:"thinking"`
		Signature string          `json:"signature"`
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Input     json.RawMessage `json:"input"`
	} `json:"content_block"`
	Delta struct {
		Type        string               `json:"type"`
		Text        string               `json:"text"`
		Thinking    string               `json:"thinking"`
		Signature   string               `json:"signature"`
		PartialJSON string               `json:"partial_json"`
		StopReason  anthropic.StopReason `json:"stop_reason"`
	} `json:"delta"`
	Usage wireUsage `json:"usage"`
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
func finishReason(stop anthropic.StopReason) llm.FinishReason {
	switch stop {
	case anthropic.StopReasonMaxTokens, anthropic.StopReasonModelContextWindowExceeded:
		return llm.FinishLength
	case anthropic.StopReasonToolUse:
		return llm.FinishToolCalls
	case anthropic.StopReasonRefusal:
		return llm.FinishContentFilter
	}
	// end_turn, stop_sequence, pause_turn and reasons added later.
	return llm.FinishStop
}

// streamErr classifies how a stream ended: err is the SDK stream's error,
// resp the HTTP response if one arrived.
func (p *Provider) streamErr(ctx context.Context, err error, resp *http.Response, d *decoder) error {
	if err == nil {
		if d.done {
			return nil
		}
		return &llm.StreamError{Provider: p.name, Reason: reasonIncomplete}
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("%s: request stopped: %w", p.name, ctxErr)
	}
	var apiErr *anthropic.Error
	if errors.As(err, &apiErr) {
		return p.apiError(apiErr)
	}
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &syntaxErr) || errors.As(err, &typeErr) {
		return &llm.StreamError{Provider: p.name, Reason: reasonMalformed, Err: err}
	}
	if resp == nil {
		// No response at all: connection refused, DNS, TLS, timeout. The
		// transport error stays reachable for errors.As (net.Error…).
		return fmt.Errorf("%s: %w", p.name, err)
	}
	return &llm.StreamError{Provider: p.name, Reason: reasonIncomplete, Err: err}
}

// apiError converts the SDK's error for an error status, or for an error
// event inside a 200 stream.
func (p *Provider) apiError(e *anthropic.Error) *llm.APIError {
	raw := e.RawJSON()
	var body struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.Unmarshal([]byte(raw), &body) // a body that is not JSON is handled below
	out := &llm.APIError{
		Provider:   p.name,
		StatusCode: e.StatusCode,
		Type:       body.Error.Type,
		Message:    body.Error.Message,
	}
	if out.Type == "" {
		out.Type = string(e.Type())
	}
	if out.Message == "" {
		out.Message = e.Message
	}
	if out.Message == "" {
		// Gateways answer with HTML or plain text; keep the start of it.
		out.Message = snippet(raw, 300)
	}
	if e.StatusCode < 300 {
		// An error event inside a stream that began with 200 OK.
		out.StatusCode = 0
		if out.Type == "overloaded_error" {
			out.StatusCode = 529
		}
	} else if e.Response != nil {
		out.RetryAfter = retryAfter(e.Response.Header, time.Now())
	}
	out.Message = p.redact(out.Message)
	return out
}

// redact removes the API key from text that came from the server: some
// proxies echo request headers in their error messages.
func (p *Provider) redact(s string) string {
	if p.apiKey == "" || !strings.Contains(s, p.apiKey) {
		return s
	}
	return strings.ReplaceAll(s, p.apiKey, "[redacted]")
}

// snippet returns the first n bytes of s with runs of whitespace collapsed.
func snippet(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && s[cut]&0xC0 == 0x80 { // keep UTF-8 whole
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// retryAfter reads retry-after-ms (milliseconds) or retry-after (seconds or
// an HTTP date); 0 when absent or unreadable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("retry-after-ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := h.Get("retry-after")
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s > 0 {
			return time.Duration(s * float64(time.Second))
		}
		return 0
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
