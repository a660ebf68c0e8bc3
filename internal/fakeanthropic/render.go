package fakeanthropic

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/herm-dev/herm/internal/fakellm"
)

// pingEvery is how many protocol events pass between two pings; the real
// API pings at irregular points, so clients must skip them anywhere.
const pingEvery = 8

// errStop ends a stream early, after a malformed-data fault.
var errStop = errors.New("fakeanthropic: stream stopped")

// Wire shapes of the Messages API, field order as the API sends them.
type (
	event struct {
		Type         string       `json:"type"`
		Index        *int         `json:"index,omitempty"`
		Message      *messageBody `json:"message,omitempty"`
		ContentBlock any          `json:"content_block,omitempty"`
		Delta        any          `json:"delta,omitempty"`
		Usage        any          `json:"usage,omitempty"`
	}
	messageBody struct {
		ID           string  `json:"id"`
		Type         string  `json:"type"`
		Role         string  `json:"role"`
		Model        string  `json:"model"`
		Content      []any   `json:"content"`
		StopReason   *string `json:"stop_reason"`
		StopSequence *string `json:"stop_sequence"`
		Usage        usage   `json:"usage"`
	}
	usage struct {
		InputTokens              int `json:"input_tokens"`
		CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
		CacheReadInputTokens     int `json:"cache_read_input_tokens"`
		OutputTokens             int `json:"output_tokens"`
	}
	textBlock struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	thinkingBlock struct {
		Type      string `json:"type"`
		Thinking  string `json:"thinking"`
		Signature string `json:"signature"`
	}
	toolUseBlock struct {
		Type  string          `json:"type"`
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	}
	// deltaUsage is message_delta's usage: the output count so far.
	deltaUsage struct {
		OutputTokens int `json:"output_tokens"`
	}
	stopDelta struct {
		StopReason   string  `json:"stop_reason"`
		StopSequence *string `json:"stop_sequence"`
	}
)

// stopReason maps a scripted finish to the API's stop_reason; values the
// neutral vocabulary lacks (stop_sequence, pause_turn…) pass through.
func stopReason(r fakellm.Reply) string {
	switch r.Finish {
	case "":
		if len(r.ToolCalls) > 0 {
			return "tool_use"
		}
		return "end_turn"
	case "stop":
		return "end_turn"
	case "length":
		return "max_tokens"
	case "tool_calls":
		return "tool_use"
	case "content_filter":
		return "refusal"
	}
	return r.Finish
}

// counts returns the input and output tokens to report for reply.
func counts(reply fakellm.Reply, input int) (in, out int) {
	if reply.Usage != nil {
		return reply.Usage.InputTokens, reply.Usage.OutputTokens
	}
	n := len(reply.Text) + len(reply.Reasoning)
	for _, c := range reply.ToolCalls {
		n += len(c.Name) + len(c.Arguments)
	}
	return input, max(1, (n+3)/4) // fakellm.Approx's 4 bytes a token
}

// toolID returns the call's scripted id or a fresh one.
func (s *Server) toolID(c fakellm.ToolCall) string {
	if c.ID != "" {
		return c.ID
	}
	return s.nextID("toolu_")
}

// sseWriter writes SSE frames and applies the reply's stream faults.
type sseWriter struct {
	s     *Server
	w     http.ResponseWriter
	rc    *http.ResponseController
	ctx   context.Context
	reply fakellm.Reply
	pings bool // insert pings (not in Raw streams, which are verbatim)
	sent  int  // protocol events sent; pings are not counted
	buf   bytes.Buffer
}

// send writes one named event with v as its JSON data.
func (e *sseWriter) send(name string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // the fake's own types always marshal
	}
	e.buf.Reset()
	e.buf.WriteString("event: ")
	e.buf.WriteString(name)
	e.buf.WriteString("\ndata: ")
	e.buf.Write(data)
	e.buf.WriteString("\n\n")
	return e.frame(e.buf.Bytes())
}

// frame writes one complete SSE frame, after the reply's event delay and
// unless a cut or malformed-data fault is due first.
func (e *sseWriter) frame(b []byte) error {
	if e.sent > 0 && !e.s.sleep(e.ctx, e.reply.EventDelay) {
		// Client gone or server closing: a clean end would look like a
		// complete (if short) stream, so cut the connection instead.
		panic(http.ErrAbortHandler)
	}
	if e.reply.CutAfter > 0 && e.sent >= e.reply.CutAfter {
		// Drop the connection with the chunked body unterminated, as a
		// failing proxy or server would: the client sees a truncated stream.
		e.rc.Flush()
		panic(http.ErrAbortHandler)
	}
	if e.reply.MalformedAfter > 0 && e.sent >= e.reply.MalformedAfter {
		io.WriteString(e.w, "event: content_block_delta\ndata: {not json\n\n")
		e.rc.Flush()
		return errStop
	}
	if _, err := e.w.Write(b); err != nil {
		return err
	}
	if err := e.rc.Flush(); err != nil {
		return err
	}
	e.sent++
	if e.pings && (e.sent == 1 || e.sent%pingEvery == 0) {
		if _, err := io.WriteString(e.w, "event: ping\ndata: {\"type\": \"ping\"}\n\n"); err != nil {
			return err
		}
		return e.rc.Flush()
	}
	return nil
}

// rawFrame turns a Reply.Raw entry into an SSE frame: an entry that starts
// with "event:" is a frame already; otherwise it is data, named after its
// JSON "type" as the API names every event (a client skips unnamed events).
func rawFrame(raw string) []byte {
	if strings.HasPrefix(raw, "event:") {
		return []byte(strings.TrimRight(raw, "\n") + "\n\n")
	}
	var probe struct {
		Type string `json:"type"`
	}
	if json.Unmarshal([]byte(raw), &probe) == nil && probe.Type != "" {
		return []byte("event: " + probe.Type + "\ndata: " + raw + "\n\n")
	}
	return []byte("data: " + raw + "\n\n")
}

func (s *Server) stream(w http.ResponseWriter, r *http.Request, reply fakellm.Reply, model string, input int) {
	h := w.Header()
	h.Set("content-type", "text/event-stream; charset=utf-8")
	h.Set("cache-control", "no-cache")
	h.Set("request-id", "req_fake")
	w.WriteHeader(http.StatusOK)
	e := &sseWriter{s: s, w: w, rc: http.NewResponseController(w), ctx: r.Context(), reply: reply}
	if len(reply.Raw) > 0 {
		for _, raw := range reply.Raw {
			if e.frame(rawFrame(raw)) != nil {
				return
			}
		}
		return
	}
	e.pings = true
	_ = s.events(e, reply, model, input) // an error means the stream ended early, which is the point
}

// events renders reply as the API streams it: message_start, then a
// thinking block, a text block and one tool_use block per call, then
// message_delta and message_stop.
func (s *Server) events(e *sseWriter, reply fakellm.Reply, model string, input int) error {
	in, out := counts(reply, input)
	start := messageBody{
		ID: s.nextID("msg_"), Type: "message", Role: "assistant", Model: model,
		Content: []any{}, Usage: usage{InputTokens: in, OutputTokens: 1},
	}
	if err := e.send("message_start", event{Type: "message_start", Message: &start}); err != nil {
		return err
	}
	index := 0
	block := func(cb any, deltas []any) error {
		i := index
		index++
		if err := e.send("content_block_start", event{Type: "content_block_start", Index: &i, ContentBlock: cb}); err != nil {
			return err
		}
		for _, d := range deltas {
			if err := e.send("content_block_delta", event{Type: "content_block_delta", Index: &i, Delta: d}); err != nil {
				return err
			}
		}
		return e.send("content_block_stop", event{Type: "content_block_stop", Index: &i})
	}
	if reply.Reasoning != "" {
		var deltas []any
		for _, p := range fakellm.Split(reply.Reasoning, reply.ChunkSize) {
			deltas = append(deltas, map[string]string{"type": "thinking_delta", "thinking": p})
		}
		deltas = append(deltas, map[string]string{"type": "signature_delta", "signature": sign(reply.Reasoning)})
		if err := block(thinkingBlock{Type: "thinking"}, deltas); err != nil {
			return err
		}
	}
	if reply.Text != "" {
		var deltas []any
		for _, p := range fakellm.Split(reply.Text, reply.ChunkSize) {
			deltas = append(deltas, map[string]string{"type": "text_delta", "text": p})
		}
		if err := block(textBlock{Type: "text"}, deltas); err != nil {
			return err
		}
	}
	for _, c := range reply.ToolCalls {
		// The API opens each tool's input with an empty fragment.
		deltas := []any{map[string]string{"type": "input_json_delta", "partial_json": ""}}
		for _, p := range fakellm.Split(c.Arguments, reply.ChunkSize) {
			deltas = append(deltas, map[string]string{"type": "input_json_delta", "partial_json": p})
		}
		cb := toolUseBlock{Type: "tool_use", ID: s.toolID(c), Name: c.Name, Input: json.RawMessage("{}")}
		if err := block(cb, deltas); err != nil {
			return err
		}
	}
	stop := stopReason(reply)
	if err := e.send("message_delta", event{Type: "message_delta", Delta: stopDelta{StopReason: stop}, Usage: deltaUsage{OutputTokens: out}}); err != nil {
		return err
	}
	return e.send("message_stop", event{Type: "message_stop"})
}

// message answers a non-streaming request with one message object.
func (s *Server) message(w http.ResponseWriter, reply fakellm.Reply, model string, input int) {
	var body []byte
	if len(reply.Raw) > 0 {
		body = []byte(strings.Join(reply.Raw, ""))
	} else {
		body = s.messageJSON(reply, model, input)
	}
	w.Header().Set("content-type", "application/json")
	w.Header().Set("request-id", "req_fake")
	switch {
	case reply.CutAfter > 0:
		// Promise the whole body, send half, and drop the connection.
		w.Header().Set("content-length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusOK)
		w.Write(body[:len(body)/2])
		http.NewResponseController(w).Flush()
		panic(http.ErrAbortHandler)
	case reply.MalformedAfter > 0:
		w.WriteHeader(http.StatusOK)
		io.WriteString(w, "{not json")
		return
	}
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

func (s *Server) messageJSON(reply fakellm.Reply, model string, input int) []byte {
	in, out := counts(reply, input)
	stop := stopReason(reply)
	m := messageBody{
		ID: s.nextID("msg_"), Type: "message", Role: "assistant", Model: model,
		Content: []any{}, StopReason: &stop, Usage: usage{InputTokens: in, OutputTokens: out},
	}
	if reply.Reasoning != "" {
		m.Content = append(m.Content, thinkingBlock{Type: "thinking", Thinking: reply.Reasoning, Signature: sign(reply.Reasoning)})
	}
	if reply.Text != "" {
		m.Content = append(m.Content, textBlock{Type: "text", Text: reply.Text})
	}
	for _, c := range reply.ToolCalls {
		input := json.RawMessage(c.Arguments)
		if !json.Valid(input) {
			input = json.RawMessage("{}")
		}
		m.Content = append(m.Content, toolUseBlock{Type: "tool_use", ID: s.toolID(c), Name: c.Name, Input: input})
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // the fake's own types always marshal
	}
	return b
}
