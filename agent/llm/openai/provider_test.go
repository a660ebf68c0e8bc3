package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

const testKey = "sk-test-0123456789abcdef"

func newFake(t testing.TB) (*fakeopenai.Server, *openai.Provider) {
	t.Helper()
	s := fakeopenai.New()
	t.Cleanup(s.Close)
	return s, openai.New(openai.Config{BaseURL: s.URL, APIKey: testKey, Name: "fake"})
}

func userReq(text string) llm.Request {
	return llm.Request{Model: "gpt-test", Messages: []llm.Message{{Role: llm.RoleUser, Content: text}}}
}

// collect drains a stream into its parts, an accumulator and the error
// that ended it.
func collect(s llm.Stream) (parts []llm.Part, acc *llm.Accumulator, err error) {
	acc = &llm.Accumulator{}
	for p, e := range s {
		if e != nil {
			return parts, acc, e
		}
		parts = append(parts, p)
		acc.Add(p)
	}
	return parts, acc, nil
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

func TestStreamText(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Text: "Hello there, general Kenobi. ✨"})

	parts, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	if err != nil {
		t.Fatal(err)
	}
	if got := acc.Text(); got != "Hello there, general Kenobi. ✨" {
		t.Errorf("text = %q", got)
	}
	if n := count(parts, llm.PartText); n < 5 {
		t.Errorf("text came in %d parts; the fake splits it into 4-byte pieces", n)
	}
	if last := parts[len(parts)-1]; last.Kind != llm.PartFinish || last.FinishReason != llm.FinishStop {
		t.Errorf("last part = %+v, want finish stop", last)
	}
	if acc.Usage.InputTokens == 0 || acc.Usage.OutputTokens == 0 {
		t.Errorf("usage not reported: %+v", acc.Usage)
	}
	if p.Name() != "fake" {
		t.Errorf("Name = %q", p.Name())
	}
}

func TestStreamReasoningBeforeText(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Reasoning: "The user greets me.", Text: "Hi!"})

	parts, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	if err != nil {
		t.Fatal(err)
	}
	if acc.Reasoning() != "The user greets me." || acc.Text() != "Hi!" {
		t.Errorf("reasoning %q text %q", acc.Reasoning(), acc.Text())
	}
	sawText := false
	for _, part := range parts {
		switch part.Kind {
		case llm.PartText:
			sawText = true
		case llm.PartReasoning:
			if sawText {
				t.Fatal("reasoning part after text")
			}
		}
	}
	if acc.Usage.ReasoningTokens == 0 {
		t.Errorf("reasoning tokens not mapped: %+v", acc.Usage)
	}
}

func TestStreamSingleToolCall(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{
		Text:      "Let me look.",
		ToolCalls: []fakellm.ToolCall{{ID: "call_abc", Name: "read_file", Arguments: `{"path":"/tmp/a b.txt","offset":10}`}},
	})
	parts, acc, err := collect(p.Stream(t.Context(), userReq("read it")))
	if err != nil {
		t.Fatal(err)
	}
	m := acc.Message()
	if m.Content != "Let me look." || len(m.ToolCalls) != 1 {
		t.Fatalf("message = %+v", m)
	}
	tc := m.ToolCalls[0]
	if tc.ID != "call_abc" || tc.Name != "read_file" || tc.Arguments != `{"path":"/tmp/a b.txt","offset":10}` {
		t.Errorf("call = %+v", tc)
	}
	// The fake repeats type on every delta; the start must be reported once.
	if n := count(parts, llm.PartToolCallStart); n != 1 {
		t.Errorf("%d start parts, want 1", n)
	}
	if acc.Finish != llm.FinishToolCalls {
		t.Errorf("finish = %q", acc.Finish)
	}
}

func TestStreamParallelToolCallsInterleaved(t *testing.T) {
	s, p := newFake(t)
	calls := []fakellm.ToolCall{
		fakellm.Call("terminal", map[string]any{"command": "grep -rn \"TODO\" ./src", "timeout": 30}),
		fakellm.Call("read_file", map[string]any{"path": "go.mod"}),
		fakellm.Call("search_files", map[string]any{"pattern": "func main", "target": "content"}),
	}
	s.Script.Push(fakellm.Reply{ToolCalls: calls, ChunkSize: 3})

	parts, acc, err := collect(p.Stream(t.Context(), userReq("go")))
	if err != nil {
		t.Fatal(err)
	}
	// Deltas really did interleave, so order of arrival differs from index.
	var order []int
	for _, part := range parts {
		if part.Kind == llm.PartToolCallDelta {
			order = append(order, part.Index)
		}
	}
	if len(order) < 3 || order[0] == order[1] {
		t.Fatalf("fake did not interleave: %v", order)
	}
	m := acc.Message()
	if len(m.ToolCalls) != 3 {
		t.Fatalf("%d calls, want 3", len(m.ToolCalls))
	}
	seen := map[string]bool{}
	for i, tc := range m.ToolCalls {
		if tc.Name != calls[i].Name || tc.Arguments != calls[i].Arguments {
			t.Errorf("call %d = %+v, want %s %s", i, tc, calls[i].Name, calls[i].Arguments)
		}
		if !json.Valid([]byte(tc.Arguments)) {
			t.Errorf("call %d arguments are not valid JSON: %s", i, tc.Arguments)
		}
		if tc.ID == "" || seen[tc.ID] {
			t.Errorf("call %d id %q empty or repeated", i, tc.ID)
		}
		seen[tc.ID] = true
	}
}

func TestToolCallIDsRoundTrip(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{
			fakellm.Call("terminal", map[string]any{"command": "ls"}),
			fakellm.Call("terminal", map[string]any{"command": "pwd"}),
		}},
		fakellm.Reply{Text: "done"},
	)
	req := userReq("list")
	_, acc, err := collect(p.Stream(t.Context(), req))
	if err != nil {
		t.Fatal(err)
	}
	asst := acc.Message()
	req.Messages = append(req.Messages, asst)
	for _, tc := range asst.ToolCalls {
		req.Messages = append(req.Messages, llm.Message{Role: llm.RoleTool, ToolCallID: tc.ID, ToolName: tc.Name, Content: "out of " + tc.ID})
	}
	// The fake rejects, as OpenAI does, tool messages that do not answer
	// the assistant's calls by id.
	_, acc, err = collect(p.Stream(t.Context(), req))
	if err != nil {
		t.Fatal(err)
	}
	if acc.Text() != "done" {
		t.Errorf("text = %q", acc.Text())
	}
	got := s.Script.Requests()[1].Messages
	if len(got) != 4 || got[1].ToolCalls[1].ID != asst.ToolCalls[1].ID || got[3].ToolCallID != asst.ToolCalls[1].ID {
		t.Errorf("second request messages = %+v", got)
	}
}

func TestUsageOnlyInLastChunk(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Text: "some words here", Usage: &fakellm.Usage{InputTokens: 1234, OutputTokens: 56}})
	parts, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	if err != nil {
		t.Fatal(err)
	}
	if n := count(parts, llm.PartUsage); n != 1 {
		t.Errorf("%d usage parts, want 1", n)
	}
	if acc.Usage != (llm.Usage{InputTokens: 1234, OutputTokens: 56}) {
		t.Errorf("usage = %+v", acc.Usage)
	}
	body := string(s.Script.Requests()[0].Body)
	if !strings.Contains(body, `"stream_options":{"include_usage":true}`) {
		t.Errorf("include_usage not requested: %s", body)
	}
}

func TestFinishLength(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Text: "cut sho", Finish: "length"})
	_, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	if err != nil {
		t.Fatal(err)
	}
	if acc.Finish != llm.FinishLength {
		t.Errorf("finish = %q, want length", acc.Finish)
	}
}

func apiError(t *testing.T, err error) *llm.APIError {
	t.Helper()
	ae, ok := errors.AsType[*llm.APIError](err)
	if !ok {
		t.Fatalf("err = %v (%T), want *llm.APIError", err, err)
	}
	return ae
}

func TestRateLimitWithRetryAfter(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Status: 429, RetryAfter: "7"})
	parts, _, err := collect(p.Stream(t.Context(), userReq("hi")))
	if len(parts) != 0 {
		t.Errorf("parts before an HTTP error: %+v", parts)
	}
	ae := apiError(t, err)
	if ae.StatusCode != 429 || ae.RetryAfter != 7*time.Second || ae.Type != "rate_limit_exceeded" || ae.Provider != "fake" {
		t.Errorf("APIError = %+v", ae)
	}
	if !strings.Contains(ae.Message, "Rate limit reached") {
		t.Errorf("message = %q", ae.Message)
	}
	if len(s.Script.Requests()) != 1 {
		t.Errorf("%d requests: the adapter must not retry on its own", len(s.Script.Requests()))
	}
}

func TestServerError(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Status: 500})
	_, _, err := collect(p.Stream(t.Context(), userReq("hi")))
	ae := apiError(t, err)
	if ae.StatusCode != 500 || ae.Type != "server_error" || ae.RetryAfter != 0 || ae.Message == "" {
		t.Errorf("APIError = %+v", ae)
	}
}

func TestUnauthorizedNeverShowsTheKey(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Status: 401, ErrorBody: `{"error":{"message":"Incorrect API key provided: ` + testKey +
		` (sent as Authorization: Bearer ` + testKey + `)","type":"invalid_request_error","code":"invalid_api_key"}}`})
	_, _, err := collect(p.Stream(t.Context(), userReq("hi")))
	ae := apiError(t, err)
	if ae.StatusCode != 401 || ae.Type != "invalid_api_key" {
		t.Errorf("APIError = %+v", ae)
	}
	if strings.Contains(err.Error(), testKey) || strings.Contains(err.Error(), "0123456789abcdef") {
		t.Errorf("error leaks the key: %v", err)
	}
	if !strings.Contains(ae.Message, "Incorrect API key provided") {
		t.Errorf("message lost: %q", ae.Message)
	}
	if got := s.Script.Requests()[0].Header.Get("Authorization"); got != "Bearer "+testKey {
		t.Errorf("Authorization = %q", got)
	}
}

func TestNonJSONErrorBody(t *testing.T) {
	s, p := newFake(t)
	page := "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center>" +
		strings.Repeat("<p>padding</p>", 100) + "</body></html>"
	s.Script.Push(fakellm.Reply{Status: 502, ErrorBody: page})
	_, _, err := collect(p.Stream(t.Context(), userReq("hi")))
	ae := apiError(t, err)
	if ae.StatusCode != 502 || !strings.HasPrefix(ae.Message, "502 Bad Gateway 502 Bad Gateway nginx") {
		t.Errorf("APIError = %+v", ae)
	}
	if len(ae.Message) > 210 || strings.Contains(ae.Message, "<") {
		t.Errorf("message not trimmed: %q", ae.Message)
	}
}

func TestMalformedChunk(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Text: "abcdefgh", MalformedAfter: 2})
	parts, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	se, ok := errors.AsType[*llm.StreamError](err)
	if !ok || se.Reason != "malformed chunk" || se.Provider != "fake" {
		t.Fatalf("err = %v, want malformed chunk StreamError", err)
	}
	if acc.Text() != "abcd" || len(parts) != 1 {
		t.Errorf("parts before the bad chunk: %+v", parts)
	}
}

func TestCutStream(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Text: "The quick brown fox", CutAfter: 3})
	_, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	se, ok := errors.AsType[*llm.StreamError](err)
	if !ok || se.Reason != "stream ended before the response was complete" {
		t.Fatalf("err = %v, want a truncated-stream StreamError", err)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("cause not kept: %v", err)
	}
	if acc.Text() != "The quic" {
		t.Errorf("partial text = %q, want the two pieces sent", acc.Text())
	}
}

func TestCleanEndWithoutFinishIsIncomplete(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Raw: []string{
		`{"choices":[{"index":0,"delta":{"content":"half an ans"}}]}`,
	}})
	_, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	if se, ok := errors.AsType[*llm.StreamError](err); !ok || se.Reason != "stream ended before the response was complete" {
		t.Fatalf("err = %v", err)
	}
	if acc.Text() != "half an ans" {
		t.Errorf("text = %q", acc.Text())
	}
}

func TestContextCancelMidStream(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{
		Raw: []string{
			`{"choices":[{"index":0,"delta":{"content":"first"}}]}`,
			`{"choices":[{"index":0,"delta":{"content":"never"},"finish_reason":"stop"}]}`,
		},
		EventDelay: time.Hour,
	})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var text string
	var err error
	for part, e := range p.Stream(ctx, userReq("hi")) {
		if e != nil {
			err = e
			break
		}
		text += part.Text
		cancel()
	}
	if text != "first" || !errors.Is(err, context.Canceled) {
		t.Errorf("text %q err %v, want first and context.Canceled", text, err)
	}
}

func TestCancelBeforeAnswer(t *testing.T) {
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Text: "slow", Delay: time.Hour})
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, _, err := collect(p.Stream(ctx, userReq("hi")))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want deadline exceeded", err)
	}
}

// closeTracker counts response bodies opened and closed.
type closeTracker struct {
	opened, closed atomic.Int32
}

func (c *closeTracker) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err == nil {
		c.opened.Add(1)
		resp.Body = &trackedBody{ReadCloser: resp.Body, closed: &c.closed}
	}
	return resp, err
}

type trackedBody struct {
	io.ReadCloser
	closed *atomic.Int32
	once   atomic.Bool
}

func (b *trackedBody) Close() error {
	if b.once.CompareAndSwap(false, true) {
		b.closed.Add(1)
	}
	return b.ReadCloser.Close()
}

func TestBreakingEarlyClosesTheResponse(t *testing.T) {
	s := fakeopenai.New()
	defer s.Close()
	tr := &closeTracker{}
	p := openai.New(openai.Config{BaseURL: s.URL, HTTPClient: &http.Client{Transport: tr}})
	s.Script.Push(fakellm.Reply{
		Raw: []string{
			`{"choices":[{"index":0,"delta":{"content":"first"}}]}`,
			`{"choices":[{"index":0,"delta":{"content":"the consumer will not wait for this"}}]}`,
		},
		EventDelay: time.Hour,
	})

	for range p.Stream(t.Context(), userReq("hi")) {
		break
	}
	if tr.opened.Load() != 1 || tr.closed.Load() != 1 {
		t.Errorf("opened %d closed %d bodies, want 1 and 1", tr.opened.Load(), tr.closed.Load())
	}
}

func TestNothingIsSentUntilRanged(t *testing.T) {
	s, p := newFake(t)
	_ = p.Stream(t.Context(), userReq("hi"))
	if n := len(s.Script.Requests()); n != 0 {
		t.Errorf("%d requests before ranging", n)
	}
}

func TestUnreachableServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	p := openai.New(openai.Config{BaseURL: "http://" + addr + "/v1", APIKey: testKey, Name: "local"})
	_, _, err = collect(p.Stream(t.Context(), userReq("hi")))
	if err == nil {
		t.Fatal("no error from a closed port")
	}
	if _, ok := errors.AsType[*llm.APIError](err); ok {
		t.Errorf("transport failure reported as an API error: %v", err)
	}
	if _, ok := errors.AsType[*net.OpError](err); !ok {
		t.Errorf("network cause not kept: %v", err)
	}
	if !strings.HasPrefix(err.Error(), "local: could not reach http://"+addr+"/v1") || strings.Contains(err.Error(), testKey) {
		t.Errorf("err = %v", err)
	}
}

func TestNoModelIsAClearError(t *testing.T) {
	_, p := newFake(t)
	_, _, err := collect(p.Stream(t.Context(), llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}))
	if err == nil || !strings.Contains(err.Error(), "no model set") {
		t.Errorf("err = %v", err)
	}
}

func TestListModels(t *testing.T) {
	s, p := newFake(t)
	var _ llm.ModelLister = p
	got, err := p.ListModels(t.Context())
	if err != nil || !slices.Equal(got, []string{fakeopenai.Model}) {
		t.Fatalf("ListModels = %v, %v", got, err)
	}
	// A refused key is the same APIError a chat request gets, without the key.
	s.RequireAPIKey("sk-another-key-0000")
	_, err = p.ListModels(t.Context())
	apiErr, ok := errors.AsType[*llm.APIError](err)
	if !ok || apiErr.StatusCode != 401 || strings.Contains(err.Error(), testKey) {
		t.Fatalf("err = %v", err)
	}
	// An endpoint that is not there says where it tried.
	s.Close()
	if _, err := p.ListModels(t.Context()); err == nil || !strings.Contains(err.Error(), "could not reach "+s.URL) {
		t.Fatalf("closed server: %v", err)
	}
}
