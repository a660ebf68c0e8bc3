package anthropic_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
)

const testKey = "sk-ant-test-SECRET-0123456789abcdef"

func setup(t *testing.T) (*fakeanthropic.Server, *anthropic.Provider) {
	t.Helper()
	srv := fakeanthropic.New()
	t.Cleanup(srv.Close)
	return srv, anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey})
}

func userReq(text string) llm.Request {
	return llm.Request{
		Model:    "claude-test-1",
		System:   "You are herm.",
		Messages: []llm.Message{{Role: llm.RoleUser, Content: text}},
	}
}

// run streams req to the end and returns every part, the assembled message
// and the error that ended the stream, if any.
func run(t *testing.T, p llm.Provider, req llm.Request) ([]llm.Part, *llm.Accumulator, error) {
	t.Helper()
	var parts []llm.Part
	acc := &llm.Accumulator{}
	for part, err := range p.Stream(context.Background(), req) {
		if err != nil {
			return parts, acc, err
		}
		parts = append(parts, part)
		acc.Add(part)
	}
	return parts, acc, nil
}

func mustRun(t *testing.T, p llm.Provider, req llm.Request) ([]llm.Part, *llm.Accumulator) {
	t.Helper()
	parts, acc, err := run(t, p, req)
	if err != nil {
		t.Fatalf("stream failed: %v", err)
	}
	return parts, acc
}

func count(parts []llm.Part, kind llm.PartKind) int {
	n := 0
	for _, p := range parts {
		if p.Kind == kind {
			n++
		}
	}
	return n
}

// sentBody decodes the JSON body of the i-th recorded request.
func sentBody(t *testing.T, srv *fakeanthropic.Server, i int) map[string]any {
	t.Helper()
	reqs := srv.Script.Requests()
	if len(reqs) <= i {
		t.Fatalf("server got %d requests, want at least %d", len(reqs), i+1)
	}
	var body map[string]any
	if err := json.Unmarshal(reqs[i].Body, &body); err != nil {
		t.Fatalf("request body is not JSON: %v", err)
	}
	return body
}

// sentMessages returns the Messages API messages of the i-th request.
func sentMessages(t *testing.T, srv *fakeanthropic.Server, i int) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, m := range sentBody(t, srv, i)["messages"].([]any) {
		out = append(out, m.(map[string]any))
	}
	return out
}

func blockTypes(m map[string]any) []string {
	var types []string
	for _, b := range m["content"].([]any) {
		types = append(types, b.(map[string]any)["type"].(string))
	}
	return types
}

func TestText(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Text: "Hello from the fake, streamed in pieces."})

	parts, acc := mustRun(t, p, userReq("hi"))

	if got := acc.Text(); got != "Hello from the fake, streamed in pieces." {
		t.Errorf("text = %q", got)
	}
	if n := count(parts, llm.PartText); n < 5 {
		t.Errorf("got %d text parts, want the text streamed in several deltas", n)
	}
	if acc.Finish != llm.FinishStop {
		t.Errorf("finish = %q, want stop", acc.Finish)
	}
	if last := parts[len(parts)-1]; last.Kind != llm.PartFinish {
		t.Errorf("last part is %v, want the finish", last.Kind)
	}

	reqs := srv.Script.Requests()
	if len(reqs) != 1 {
		t.Fatalf("server got %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Model != "claude-test-1" || r.System != "You are herm." || r.LastUser() != "hi" || !r.Stream {
		t.Errorf("request = model %q system %q user %q stream %v", r.Model, r.System, r.LastUser(), r.Stream)
	}
	if got := r.Header.Get("x-api-key"); got != testKey {
		t.Errorf("x-api-key = %q, want the configured key", got)
	}
	if r.Header.Get("anthropic-version") == "" {
		t.Error("no anthropic-version header")
	}
	body := sentBody(t, srv, 0)
	if body["max_tokens"] != float64(anthropic.DefaultMaxTokens) {
		t.Errorf("max_tokens = %v, want the default %d", body["max_tokens"], anthropic.DefaultMaxTokens)
	}
	sys, _ := json.Marshal(body["system"])
	if !strings.Contains(string(sys), `"type":"text"`) {
		t.Errorf("system = %s, want a text block", sys)
	}
}

func TestRequestOptions(t *testing.T) {
	srv, p := setup(t)
	temp := 0.2
	req := userReq("hi")
	req.MaxTokens = 321
	req.Temperature = &temp
	req.ReasoningEffort = "high"
	mustRun(t, p, req)

	body := sentBody(t, srv, 0)
	if body["max_tokens"] != float64(321) {
		t.Errorf("max_tokens = %v, want 321", body["max_tokens"])
	}
	// API version 2026-10-21 answers 400 to any temperature; the fake
	// enforces that too, so reaching here already shows it was left out.
	if _, ok := body["temperature"]; ok {
		t.Error("temperature was sent")
	}
	if oc, _ := body["output_config"].(map[string]any); oc["effort"] != "high" {
		t.Errorf("output_config = %v, want effort high", body["output_config"])
	}

	req.ReasoningEffort = "extreme"
	if _, _, err := run(t, p, req); err == nil || !strings.Contains(err.Error(), "extreme") {
		t.Errorf("unknown effort: err = %v, want one naming the value", err)
	}
}

func TestThinkingRoundTrip(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Reasoning: "The user greets me; greet back.", Text: "Hello!"})

	parts, acc := mustRun(t, p, userReq("hi"))
	msg := acc.Message()
	if msg.Reasoning != "The user greets me; greet back." || msg.Content != "Hello!" {
		t.Fatalf("message = %+v", msg)
	}
	if msg.ReasoningSignature == "" {
		t.Fatal("no reasoning signature")
	}
	if n := count(parts, llm.PartReasoning); n < 3 {
		t.Errorf("got %d reasoning parts, want streamed deltas and a signature", n)
	}

	// The next request sends the thinking block back first, signature intact;
	// the fake, like the API, refuses a signature that does not match.
	next := userReq("hi")
	next.Messages = append(next.Messages, msg, llm.Message{Role: llm.RoleUser, Content: "and now?"})
	mustRun(t, p, next)

	rec := srv.Script.Requests()[1]
	if got := rec.Messages[1].Reasoning; got != msg.Reasoning {
		t.Errorf("reasoning sent back = %q", got)
	}
	asst := sentMessages(t, srv, 1)[1]
	if types := blockTypes(asst); !reflect.DeepEqual(types, []string{"thinking", "text"}) {
		t.Errorf("assistant blocks = %v, want thinking first", types)
	}
	if sig := asst["content"].([]any)[0].(map[string]any)["signature"]; sig != msg.ReasoningSignature {
		t.Errorf("signature sent back = %v, want %q", sig, msg.ReasoningSignature)
	}

	// Without a signature the thinking cannot be sent back at all.
	unsigned := userReq("hi")
	unsigned.Messages = append(unsigned.Messages,
		llm.Message{Role: llm.RoleAssistant, Content: "Hello!", Reasoning: "unsigned thoughts"},
		llm.Message{Role: llm.RoleUser, Content: "and now?"})
	mustRun(t, p, unsigned)
	if types := blockTypes(sentMessages(t, srv, 2)[1]); !reflect.DeepEqual(types, []string{"text"}) {
		t.Errorf("assistant blocks = %v, want only text", types)
	}

	// A tampered thinking text is refused by the server.
	tampered := next
	tampered.Messages = append([]llm.Message(nil), next.Messages...)
	tampered.Messages[1].Reasoning += " (edited)"
	_, _, err := run(t, p, tampered)
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || !strings.Contains(apiErr.Message, "signature") {
		t.Errorf("tampered thinking: err = %v, want a 400 about the signature", err)
	}
}

func TestOneToolCall(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{
		fakellm.Call("read_file", map[string]any{"path": "/etc/hosts", "limit": 20}),
	}})
	req := userReq("show hosts")
	req.Tools = []llm.ToolSpec{{
		Name:        "read_file",
		Description: "Read a file.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
	}}

	parts, acc := mustRun(t, p, req)
	msg := acc.Message()
	if len(msg.ToolCalls) != 1 {
		t.Fatalf("tool calls = %+v", msg.ToolCalls)
	}
	c := msg.ToolCalls[0]
	if !strings.HasPrefix(c.ID, "toolu_") || c.Name != "read_file" {
		t.Errorf("call = %+v", c)
	}
	var args map[string]any
	if err := json.Unmarshal([]byte(c.Arguments), &args); err != nil || args["path"] != "/etc/hosts" || args["limit"] != float64(20) {
		t.Errorf("arguments = %q (%v)", c.Arguments, err)
	}
	if n := count(parts, llm.PartToolCallDelta); n < 5 {
		t.Errorf("got %d argument deltas, want the JSON split mid-token", n)
	}
	if acc.Finish != llm.FinishToolCalls {
		t.Errorf("finish = %q, want tool_calls", acc.Finish)
	}

	tools := sentBody(t, srv, 0)["tools"].([]any)
	tool := tools[0].(map[string]any)
	schema, _ := json.Marshal(tool["input_schema"])
	if tool["name"] != "read_file" || tool["description"] != "Read a file." ||
		string(schema) != `{"properties":{"path":{"type":"string"}},"required":["path"],"type":"object"}` {
		t.Errorf("tool sent = %v", tool)
	}
}

func TestSeveralToolCallsAfterText(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{
		Reasoning: "Two lookups.",
		Text:      "Let me check both.",
		ToolCalls: []fakellm.ToolCall{
			fakellm.Call("terminal", map[string]any{"command": "ls -la \"/tmp\""}),
			{ID: "toolu_custom", Name: "read_file", Arguments: `{"path":"notes.md"}`},
			fakellm.Call("todo", map[string]any{}),
		},
		ChunkSize: 3,
	})

	parts, acc := mustRun(t, p, userReq("go"))

	// Tool parts are indexed by tool ordinal, not by content block index
	// (the thinking and text blocks hold block indexes 0 and 1).
	var starts []int
	for _, part := range parts {
		switch part.Kind {
		case llm.PartToolCallStart:
			starts = append(starts, part.Index)
		case llm.PartToolCallDelta:
			if part.Index != starts[len(starts)-1] {
				t.Errorf("delta for tool %d while tool %d is open", part.Index, starts[len(starts)-1])
			}
		}
	}
	if !reflect.DeepEqual(starts, []int{0, 1, 2}) {
		t.Errorf("tool start indexes = %v, want [0 1 2]", starts)
	}
	msg := acc.Message()
	if msg.Content != "Let me check both." || msg.Reasoning != "Two lookups." {
		t.Errorf("message = %+v", msg)
	}
	want := []llm.ToolCall{
		{Name: "terminal", Arguments: `{"command":"ls -la \"/tmp\""}`},
		{ID: "toolu_custom", Name: "read_file", Arguments: `{"path":"notes.md"}`},
		{Name: "todo", Arguments: `{}`},
	}
	if len(msg.ToolCalls) != len(want) {
		t.Fatalf("tool calls = %+v", msg.ToolCalls)
	}
	for i, c := range msg.ToolCalls {
		if c.Name != want[i].Name || c.Arguments != want[i].Arguments || (want[i].ID != "" && c.ID != want[i].ID) || c.ID == "" {
			t.Errorf("call %d = %+v, want %+v", i, c, want[i])
		}
	}
}

func TestToolResultsMergedIntoOneUserTurn(t *testing.T) {
	srv, p := setup(t)
	req := userReq("check two files")
	req.Messages = append(req.Messages,
		llm.Message{Role: llm.RoleAssistant, Content: "Reading both.", ToolCalls: []llm.ToolCall{
			{ID: "toolu_a", Name: "read_file", Arguments: `{"path":"a"}`},
			{ID: "call:b/1", Name: "read_file", Arguments: `{"path":"b"`}, // another provider's id; broken JSON
		}},
		llm.Message{Role: llm.RoleTool, ToolCallID: "toolu_a", ToolName: "read_file", Content: "contents of a"},
		llm.Message{Role: llm.RoleTool, ToolCallID: "call:b/1", ToolName: "read_file", Content: ""},
		llm.Message{Role: llm.RoleUser, Content: "also, be brief"},
		llm.Message{Role: llm.RoleUser, Content: "please"},
	)
	mustRun(t, p, req)

	msgs := sentMessages(t, srv, 0)
	if len(msgs) != 3 {
		t.Fatalf("sent %d messages, want user, assistant, user: %v", len(msgs), msgs)
	}
	if msgs[2]["role"] != "user" {
		t.Fatalf("third message role = %v", msgs[2]["role"])
	}
	if types := blockTypes(msgs[2]); !reflect.DeepEqual(types, []string{"tool_result", "tool_result", "text", "text"}) {
		t.Errorf("user turn blocks = %v, want both tool results first, then the texts", types)
	}
	uses := msgs[1]["content"].([]any)
	second := uses[2].(map[string]any)
	if second["id"] != "call_b_1" {
		t.Errorf("sanitized id = %v", second["id"])
	}
	if in, _ := json.Marshal(second["input"]); string(in) != "{}" {
		t.Errorf("broken arguments sent as %s, want {}", in)
	}
	if id := msgs[2]["content"].([]any)[1].(map[string]any)["tool_use_id"]; id != "call_b_1" {
		t.Errorf("tool_result id = %v, want it to match the sanitized tool_use id", id)
	}

	rec := srv.Script.Requests()[0]
	var roles []string
	for _, m := range rec.Messages {
		roles = append(roles, m.Role)
	}
	if !reflect.DeepEqual(roles, []string{"user", "assistant", "tool", "tool", "user"}) {
		t.Errorf("recorded roles = %v", roles)
	}
	if rec.Messages[2].ToolCallID != "toolu_a" || rec.Messages[2].Content != "contents of a" {
		t.Errorf("recorded tool message = %+v", rec.Messages[2])
	}
}

func TestUserTurnsAndImages(t *testing.T) {
	srv, p := setup(t)
	req := llm.Request{
		Model: "claude-test-1",
		Messages: []llm.Message{
			{Role: llm.RoleSystem, Content: "system as a message"},
			{Role: llm.RoleUser, Content: "look", Images: []llm.Image{{MediaType: "image/png", Data: []byte("\x89PNG fake")}}},
			{Role: llm.RoleAssistant}, // empty: dropped, so the user turns merge
			{Role: llm.RoleUser, Content: "   "},
			{Role: llm.RoleUser, Content: "what is it?"},
		},
	}
	mustRun(t, p, req)

	rec := srv.Script.Requests()[0]
	if rec.System != "system as a message" {
		t.Errorf("system = %q", rec.System)
	}
	msgs := sentMessages(t, srv, 0)
	if len(msgs) != 1 {
		t.Fatalf("sent %d messages, want one user turn: %v", len(msgs), msgs)
	}
	if types := blockTypes(msgs[0]); !reflect.DeepEqual(types, []string{"image", "text", "text"}) {
		t.Errorf("blocks = %v", types)
	}
	src := msgs[0]["content"].([]any)[0].(map[string]any)["source"].(map[string]any)
	if src["type"] != "base64" || src["media_type"] != "image/png" || src["data"] != "iVBORyBmYWtl" {
		t.Errorf("image source = %v", src)
	}
	if rec.Messages[0].Images != 1 {
		t.Errorf("recorded images = %d", rec.Messages[0].Images)
	}
}

func TestUsage(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Text: "counted", Usage: &fakellm.Usage{InputTokens: 1200, OutputTokens: 37}})
	_, acc := mustRun(t, p, userReq("count"))
	if acc.Usage.InputTokens != 1200 || acc.Usage.OutputTokens != 37 {
		t.Errorf("usage = %+v", acc.Usage)
	}

	// Cache reads and writes are reported apart from input_tokens; herm's
	// InputTokens is the whole prompt.
	srv.Script.Push(fakellm.Reply{Raw: []string{
		`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":5,"cache_read_input_tokens":100,"cache_creation_input_tokens":20,"output_tokens":1}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":12,"output_tokens_details":{"thinking_tokens":4}}}`,
		`{"type":"message_stop"}`,
	}})
	_, acc = mustRun(t, p, userReq("count"))
	want := llm.Usage{InputTokens: 125, OutputTokens: 12, CacheReadTokens: 100, CacheWriteTokens: 20, ReasoningTokens: 4}
	if acc.Usage != want {
		t.Errorf("usage = %+v, want %+v", acc.Usage, want)
	}
}

func TestFinishReasons(t *testing.T) {
	for _, tc := range []struct {
		finish string
		want   llm.FinishReason
	}{
		{"length", llm.FinishLength},
		{"stop", llm.FinishStop},
		{"stop_sequence", llm.FinishStop},
		{"content_filter", llm.FinishContentFilter},
		{"model_context_window_exceeded", llm.FinishLength},
	} {
		t.Run(tc.finish, func(t *testing.T) {
			srv, p := setup(t)
			srv.Script.Push(fakellm.Reply{Text: "cut sho", Finish: tc.finish})
			_, acc := mustRun(t, p, userReq("x"))
			if acc.Finish != tc.want {
				t.Errorf("finish = %q, want %q", acc.Finish, tc.want)
			}
		})
	}
}

func TestName(t *testing.T) {
	if got := anthropic.New(anthropic.Config{}).Name(); got != "anthropic" {
		t.Errorf("default name = %q", got)
	}
	if got := anthropic.New(anthropic.Config{Name: "claude-proxy"}).Name(); got != "claude-proxy" {
		t.Errorf("name = %q", got)
	}
}
