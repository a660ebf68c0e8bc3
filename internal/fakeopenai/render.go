package fakeopenai

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
)

// completion is a reply resolved for one request: ids assigned, finish
// reason and usage decided. Both renderings (stream and whole) use it.
type completion struct {
	id        string
	created   int64
	model     string
	reasoning string
	text      string
	calls     []fakellm.ToolCall
	finish    string
	usage     wireUsage
}

func (s *Server) completion(model string, req fakellm.Request, r fakellm.Reply) completion {
	c := completion{
		id:        fmt.Sprintf("chatcmpl-fake%d", s.seq.Add(1)),
		created:   time.Now().Unix(),
		model:     model,
		reasoning: r.Reasoning,
		text:      r.Text,
		finish:    r.Finish,
	}
	for _, tc := range r.ToolCalls {
		if tc.ID == "" {
			tc.ID = fmt.Sprintf("call_%d", s.seq.Add(1))
		}
		c.calls = append(c.calls, tc)
	}
	if c.finish == "" {
		c.finish = "stop"
		if len(c.calls) > 0 {
			c.finish = "tool_calls"
		}
	}
	if r.Usage != nil {
		c.usage = wireUsage{PromptTokens: r.Usage.InputTokens, CompletionTokens: r.Usage.OutputTokens}
	} else {
		c.usage = roughUsage(req, c)
	}
	c.usage.TotalTokens = c.usage.PromptTokens + c.usage.CompletionTokens
	return c
}

// roughUsage counts tokens the way fakellm.Approx does, reasoning included
// in the completion tokens as OpenAI reports it.
func roughUsage(req fakellm.Request, c completion) wireUsage {
	in := fakellm.Approx(req.System)
	for _, m := range req.Messages {
		in += fakellm.Approx(m.Content) + fakellm.Approx(m.Reasoning)
		for _, tc := range m.ToolCalls {
			in += fakellm.Approx(tc.Arguments)
		}
	}
	out := fakellm.Approx(c.text) + fakellm.Approx(c.reasoning)
	for _, tc := range c.calls {
		out += fakellm.Approx(tc.Arguments)
	}
	u := wireUsage{PromptTokens: in, CompletionTokens: out}
	if c.reasoning != "" {
		u.CompletionTokensDetails = &struct {
			ReasoningTokens int `json:"reasoning_tokens"`
		}{fakellm.Approx(c.reasoning)}
	}
	return u
}

// Wire shapes of the responses, field order as OpenAI sends them.
type (
	wireChunk struct {
		ID                string          `json:"id"`
		Object            string          `json:"object"`
		Created           int64           `json:"created"`
		Model             string          `json:"model"`
		SystemFingerprint string          `json:"system_fingerprint"`
		Choices           []wireChoice    `json:"choices"`
		Usage             json.RawMessage `json:"usage,omitempty"`
	}
	wireChoice struct {
		Index        int             `json:"index"`
		Delta        *wireDelta      `json:"delta,omitempty"`
		Message      *wireDelta      `json:"message,omitempty"`
		Logprobs     json.RawMessage `json:"logprobs"`
		FinishReason *string         `json:"finish_reason"`
	}
	wireDelta struct {
		Role             string          `json:"role,omitempty"`
		Content          *string         `json:"content,omitempty"`
		ReasoningContent string          `json:"reasoning_content,omitempty"`
		ToolCalls        []wireCallDelta `json:"tool_calls,omitempty"`
	}
	wireCallDelta struct {
		Index    *int   `json:"index,omitempty"`
		ID       string `json:"id,omitempty"`
		Type     string `json:"type,omitempty"`
		Function struct {
			Name      string `json:"name,omitempty"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	}
	wireUsage struct {
		PromptTokens            int `json:"prompt_tokens"`
		CompletionTokens        int `json:"completion_tokens"`
		TotalTokens             int `json:"total_tokens"`
		CompletionTokensDetails *struct {
			ReasoningTokens int `json:"reasoning_tokens"`
		} `json:"completion_tokens_details,omitempty"`
	}
)

var null = json.RawMessage("null")

// events renders c as the data payloads of a chat.completion.chunk stream,
// without the final [DONE].
func (c completion) events(chunkSize int, includeUsage bool) []string {
	var out []string
	emit := func(choices []wireChoice, usage json.RawMessage) {
		if usage == nil && includeUsage {
			usage = null // OpenAI sends "usage": null on every chunk but the last
		}
		if choices == nil {
			choices = []wireChoice{}
		}
		out = append(out, mustJSON(wireChunk{
			ID: c.id, Object: "chat.completion.chunk", Created: c.created, Model: c.model,
			SystemFingerprint: "fp_fake", Choices: choices, Usage: usage,
		}))
	}
	delta := func(d wireDelta) { emit([]wireChoice{{Delta: &d, Logprobs: null}}, nil) }

	empty := ""
	delta(wireDelta{Role: "assistant", Content: &empty})
	for _, p := range fakellm.Split(c.reasoning, chunkSize) {
		delta(wireDelta{ReasoningContent: p})
	}
	for _, p := range fakellm.Split(c.text, chunkSize) {
		delta(wireDelta{Content: &p})
	}
	for _, d := range interleave(c.calls, chunkSize) {
		delta(wireDelta{ToolCalls: []wireCallDelta{d}})
	}
	finish := c.finish
	emit([]wireChoice{{Delta: &wireDelta{}, Logprobs: null, FinishReason: &finish}}, nil)
	if includeUsage {
		emit(nil, json.RawMessage(mustJSON(c.usage)))
	}
	return out
}

// interleave returns the tool-call deltas of parallel calls round-robin —
// call 0's first delta, call 1's first delta, call 0's second… — the order
// some servers really produce, so clients must assemble by index. The first
// delta of a call carries its id and name; every delta repeats
// "type":"function", as some servers do.
func interleave(calls []fakellm.ToolCall, chunkSize int) []wireCallDelta {
	seqs := make([][]wireCallDelta, len(calls))
	longest := 0
	for i, tc := range calls {
		first := callDelta(i)
		first.ID = tc.ID
		first.Function.Name = tc.Name
		seq := []wireCallDelta{first}
		for _, p := range fakellm.Split(tc.Arguments, chunkSize) {
			d := callDelta(i)
			d.Function.Arguments = p
			seq = append(seq, d)
		}
		seqs[i] = seq
		longest = max(longest, len(seq))
	}
	var out []wireCallDelta
	for k := range longest {
		for _, seq := range seqs {
			if k < len(seq) {
				out = append(out, seq[k])
			}
		}
	}
	return out
}

func callDelta(i int) wireCallDelta {
	return wireCallDelta{Index: &i, Type: "function"}
}

// stream writes the reply as server-sent events, applying the scripted
// faults. Raw payloads, when scripted, replace the rendered ones.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, c completion, reply fakellm.Reply, includeUsage bool) {
	events := reply.Raw
	if events == nil {
		events = c.events(reply.ChunkSize, includeUsage)
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	rc.Flush()

	for i, ev := range events {
		if reply.CutAfter > 0 && i == reply.CutAfter {
			abort(rc)
		}
		if reply.MalformedAfter > 0 && i == reply.MalformedAfter {
			malformed(w, rc)
			return
		}
		if i > 0 && !sleep(r, reply.EventDelay) {
			return
		}
		if _, err := io.WriteString(w, "data: "+ev+"\n\n"); err != nil {
			return
		}
		rc.Flush()
	}
	// A fault scripted past the last event still replaces the end marker.
	switch {
	case reply.CutAfter > 0:
		abort(rc)
	case reply.MalformedAfter > 0:
		malformed(w, rc)
		return
	}
	io.WriteString(w, "data: [DONE]\n\n")
	rc.Flush()
}

func malformed(w io.Writer, rc *http.ResponseController) {
	io.WriteString(w, "data: {not json\n\n")
	rc.Flush()
}

// abort drops the connection mid-response. What was flushed has reached
// the client; the chunked body never gets its terminator, so the client sees
// a truncated stream rather than a clean end.
func abort(rc *http.ResponseController) {
	rc.Flush()
	panic(http.ErrAbortHandler)
}

// whole writes the reply as one chat.completion object. Raw payloads, when
// scripted, are written verbatim (concatenated) instead.
func (s *Server) whole(w http.ResponseWriter, c completion, reply fakellm.Reply) {
	var body string
	if reply.Raw != nil {
		for _, p := range reply.Raw {
			body += p
		}
	} else {
		msg := &wireDelta{Role: "assistant", ReasoningContent: c.reasoning}
		if c.text != "" || len(c.calls) == 0 {
			msg.Content = &c.text
		}
		for _, tc := range c.calls {
			d := wireCallDelta{ID: tc.ID, Type: "function"}
			d.Function.Name = tc.Name
			d.Function.Arguments = tc.Arguments
			msg.ToolCalls = append(msg.ToolCalls, d)
		}
		finish := c.finish
		body = mustJSON(struct {
			wireChunk
			Usage wireUsage `json:"usage"`
		}{
			wireChunk: wireChunk{
				ID: c.id, Object: "chat.completion", Created: c.created, Model: c.model,
				SystemFingerprint: "fp_fake",
				Choices:           []wireChoice{{Message: msg, Logprobs: null, FinishReason: &finish}},
			},
			Usage: c.usage,
		})
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case reply.MalformedAfter > 0:
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, "{not json")
	case reply.CutAfter > 0:
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, body[:len(body)/2])
		abort(rc)
	default:
		w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, body)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only fake-built values reach here
	}
	return string(b)
}
