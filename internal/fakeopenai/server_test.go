package fakeopenai

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
)

// post sends a chat completion request with the given JSON body.
func post(t *testing.T, ctx context.Context, s *Server, body string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/chat/completions", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// readSSE returns the data payloads of an event stream, whether it ended
// with [DONE], and the read error that ended it, if any.
func readSSE(r io.Reader) (events []string, done bool, err error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			return events, done, errors.New("not a data line: " + line)
		}
		if done {
			return events, done, errors.New("event after [DONE]")
		}
		if data == "[DONE]" {
			done = true
			continue
		}
		events = append(events, data)
	}
	return events, done, sc.Err()
}

// chunk is what the tests read back from a streamed event.
type chunk struct {
	Object  string `json:"object"`
	Choices []struct {
		Delta struct {
			Role             string  `json:"role"`
			Content          *string `json:"content"`
			ReasoningContent string  `json:"reasoning_content"`
			ToolCalls        []struct {
				Index    *int   `json:"index"`
				ID       string `json:"id"`
				Type     string `json:"type"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	} `json:"usage"`
}

func decodeChunks(t *testing.T, events []string) []chunk {
	t.Helper()
	out := make([]chunk, len(events))
	for i, e := range events {
		if err := json.Unmarshal([]byte(e), &out[i]); err != nil {
			t.Fatalf("event %d is not JSON: %v\n%s", i, err, e)
		}
	}
	return out
}

const streamBody = `{"model":"m","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":"hi"}]}`

func TestStreamRendersReasoningTextFinishAndUsage(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Reasoning: "let me think", Text: "Hello, wörld!", Usage: &fakellm.Usage{InputTokens: 11, OutputTokens: 7}})

	resp := post(t, t.Context(), s, streamBody)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("status %d, content type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events, done, err := readSSE(resp.Body)
	if err != nil || !done {
		t.Fatalf("stream: done=%v err=%v", done, err)
	}
	chunks := decodeChunks(t, events)

	if d := chunks[0].Choices[0].Delta; d.Role != "assistant" {
		t.Errorf("first chunk role = %q, want assistant", d.Role)
	}
	var reasoning, text strings.Builder
	textStarted := false
	for i, c := range chunks[:len(chunks)-2] {
		if c.Object != "chat.completion.chunk" {
			t.Errorf("chunk %d object = %q", i, c.Object)
		}
		if !strings.Contains(events[i], `"usage":null`) {
			t.Errorf("chunk %d should carry usage null: %s", i, events[i])
		}
		d := c.Choices[0].Delta
		if d.ReasoningContent != "" {
			if textStarted {
				t.Errorf("reasoning after text in chunk %d", i)
			}
			reasoning.WriteString(d.ReasoningContent)
		}
		if d.Content != nil && *d.Content != "" {
			textStarted = true
			if len(*d.Content) > 4 {
				t.Errorf("text piece %q longer than the default chunk size", *d.Content)
			}
			text.WriteString(*d.Content)
		}
		if c.Choices[0].FinishReason != nil {
			t.Errorf("finish_reason before the finish chunk (%d)", i)
		}
	}
	if reasoning.String() != "let me think" || text.String() != "Hello, wörld!" {
		t.Errorf("reasoning %q text %q", reasoning.String(), text.String())
	}
	fin := chunks[len(chunks)-2]
	if fr := fin.Choices[0].FinishReason; fr == nil || *fr != "stop" {
		t.Errorf("finish chunk: %s", events[len(events)-2])
	}
	last := chunks[len(chunks)-1]
	if len(last.Choices) != 0 || last.Usage == nil {
		t.Fatalf("last chunk should have empty choices and usage: %s", events[len(events)-1])
	}
	if last.Usage.PromptTokens != 11 || last.Usage.CompletionTokens != 7 || last.Usage.TotalTokens != 18 {
		t.Errorf("usage = %+v", *last.Usage)
	}
}

func TestStreamWithoutIncludeUsageSendsNoUsage(t *testing.T) {
	s := New()
	defer s.Close()
	resp := post(t, t.Context(), s, `{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]}`)
	events, done, err := readSSE(resp.Body)
	if err != nil || !done {
		t.Fatalf("done=%v err=%v", done, err)
	}
	for _, e := range events {
		if strings.Contains(e, `"usage"`) {
			t.Errorf("usage sent without include_usage: %s", e)
		}
	}
	chunks := decodeChunks(t, events)
	if fr := chunks[len(chunks)-1].Choices[0].FinishReason; fr == nil || *fr != "stop" {
		t.Errorf("last event should be the finish chunk: %s", events[len(events)-1])
	}
}

func TestStreamInterleavesParallelToolCalls(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{
		fakellm.Call("read_file", map[string]any{"path": "/etc/hosts"}),
		{ID: "call_given", Name: "terminal", Arguments: `{"command":"ls -la"}`},
	}})
	resp := post(t, t.Context(), s, streamBody)
	events, done, err := readSSE(resp.Body)
	if err != nil || !done {
		t.Fatalf("done=%v err=%v", done, err)
	}
	var order []int
	args := map[int]string{}
	ids := map[int]string{}
	names := map[int]string{}
	var finish string
	for _, c := range decodeChunks(t, events) {
		if len(c.Choices) == 0 {
			continue
		}
		if fr := c.Choices[0].FinishReason; fr != nil {
			finish = *fr
		}
		for _, tc := range c.Choices[0].Delta.ToolCalls {
			if tc.Index == nil {
				t.Fatal("tool call delta without index")
			}
			i := *tc.Index
			if tc.Type != "function" {
				t.Errorf("delta of call %d without type function", i)
			}
			if _, seen := ids[i]; !seen {
				if tc.ID == "" || tc.Function.Name == "" {
					t.Errorf("first delta of call %d lacks id or name", i)
				}
				ids[i], names[i] = tc.ID, tc.Function.Name
			} else if tc.ID != "" || tc.Function.Name != "" {
				t.Errorf("later delta of call %d repeats id or name", i)
			}
			if len(tc.Function.Arguments) > 4 {
				t.Errorf("argument piece %q longer than 4 bytes", tc.Function.Arguments)
			}
			args[i] += tc.Function.Arguments
			order = append(order, i)
		}
	}
	if finish != "tool_calls" {
		t.Errorf("finish = %q, want tool_calls", finish)
	}
	// Round robin while both calls have deltas left.
	for k := 0; k+1 < len(order) && k < 8; k++ {
		if order[k] == order[k+1] {
			t.Fatalf("deltas not interleaved: %v", order)
		}
	}
	if args[0] != `{"path":"/etc/hosts"}` || args[1] != `{"command":"ls -la"}` {
		t.Errorf("assembled args %v", args)
	}
	if !strings.HasPrefix(ids[0], "call_") || ids[0] == ids[1] || ids[1] != "call_given" {
		t.Errorf("ids %v", ids)
	}
	if names[0] != "read_file" || names[1] != "terminal" {
		t.Errorf("names %v", names)
	}
}

func TestNonStreamCompletion(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Text: "hello", Reasoning: "hm", ToolCalls: []fakellm.ToolCall{{Name: "todo", Arguments: `{}`}}})
	resp := post(t, t.Context(), s, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`)
	var got struct {
		Object  string `json:"object"`
		Choices []struct {
			Message struct {
				Role             string `json:"role"`
				Content          string `json:"content"`
				ReasoningContent string `json:"reasoning_content"`
				ToolCalls        []struct {
					ID       string `json:"id"`
					Type     string `json:"type"`
					Function struct{ Name, Arguments string }
				} `json:"tool_calls"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Usage struct {
			PromptTokens, CompletionTokens int
		} `json:"usage"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	m := got.Choices[0].Message
	if got.Object != "chat.completion" || m.Role != "assistant" || m.Content != "hello" || m.ReasoningContent != "hm" {
		t.Errorf("completion = %+v", got)
	}
	if len(m.ToolCalls) != 1 || m.ToolCalls[0].Function.Name != "todo" || !strings.HasPrefix(m.ToolCalls[0].ID, "call_") {
		t.Errorf("tool calls = %+v", m.ToolCalls)
	}
	if got.Choices[0].FinishReason != "tool_calls" {
		t.Errorf("finish = %q", got.Choices[0].FinishReason)
	}
}

func TestStatusErrors(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(
		fakellm.Reply{Status: 429, RetryAfter: "7"},
		fakellm.Reply{Status: 500, ErrorBody: "<html>upstream broke</html>"},
	)

	resp := post(t, t.Context(), s, streamBody)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "7" {
		t.Fatalf("status %d retry-after %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	var body struct {
		Error struct {
			Message, Type string
			Code          *string
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if body.Error.Type != "requests" || body.Error.Code == nil || *body.Error.Code != "rate_limit_exceeded" || body.Error.Message == "" {
		t.Errorf("error body = %+v", body)
	}

	resp = post(t, t.Context(), s, streamBody)
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 500 || string(raw) != "<html>upstream broke</html>" {
		t.Errorf("status %d body %q", resp.StatusCode, raw)
	}
}

func TestCutAfterTruncatesTheStream(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Text: "one two three four five", CutAfter: 3})
	resp := post(t, t.Context(), s, streamBody)
	events, done, err := readSSE(resp.Body)
	if done {
		t.Error("a cut stream must not end with [DONE]")
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("read error = %v, want unexpected EOF", err)
	}
	if len(events) != 3 {
		t.Errorf("got %d events before the cut, want 3", len(events))
	}
}

func TestMalformedAfter(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Text: "one two three", MalformedAfter: 2})
	resp := post(t, t.Context(), s, streamBody)
	events, done, err := readSSE(resp.Body)
	if err != nil || done {
		t.Fatalf("done=%v err=%v", done, err)
	}
	if len(events) != 3 || events[2] != "{not json" {
		t.Errorf("events = %q", events)
	}
}

func TestFaultsPastTheLastEventReplaceDone(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Text: "hi", MalformedAfter: 100}, fakellm.Reply{Text: "hi", CutAfter: 100})

	events, done, err := readSSE(post(t, t.Context(), s, streamBody).Body)
	if err != nil || done || events[len(events)-1] != "{not json" {
		t.Errorf("malformed: events %q done=%v err=%v", events, done, err)
	}
	events, done, err = readSSE(post(t, t.Context(), s, streamBody).Body)
	if !errors.Is(err, io.ErrUnexpectedEOF) || done || len(events) != 4 {
		t.Errorf("cut: %d events done=%v err=%v", len(events), done, err)
	}
}

func TestRawPayloadsAreSentVerbatim(t *testing.T) {
	s := New()
	defer s.Close()
	raw := []string{`{"weird":true}`, `{"choices":[]}`}
	s.Script.Push(fakellm.Reply{Raw: raw})
	resp := post(t, t.Context(), s, streamBody)
	events, done, err := readSSE(resp.Body)
	if err != nil || !done || strings.Join(events, "|") != strings.Join(raw, "|") {
		t.Errorf("events %q done=%v err=%v", events, done, err)
	}
}

func TestRecordsTheNeutralRequest(t *testing.T) {
	s := New()
	defer s.Close()
	body := `{"model":"gpt-x","stream":true,"messages":[
		{"role":"system","content":"be brief"},
		{"role":"developer","content":"and kind"},
		{"role":"user","content":[{"type":"text","text":"what is this?"},{"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"}}]},
		{"role":"assistant","content":null,"reasoning_content":"look first","tool_calls":[{"id":"c1","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a\"}"}}]},
		{"role":"tool","tool_call_id":"c1","content":"file text"}
	],"tools":[{"type":"function","function":{"name":"read_file","parameters":{}}}]}`
	post(t, t.Context(), s, body, "Authorization", "Bearer sk-test").Body.Close()

	reqs := s.Script.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests recorded", len(reqs))
	}
	r := reqs[0]
	if r.Path != "/v1/chat/completions" || r.Model != "gpt-x" || !r.Stream || r.System != "be brief\n\nand kind" {
		t.Errorf("request = %+v", r)
	}
	if r.Header.Get("Authorization") != "Bearer sk-test" || len(r.Body) == 0 {
		t.Errorf("header or body not recorded")
	}
	if len(r.Messages) != 3 {
		t.Fatalf("messages = %+v", r.Messages)
	}
	if u := r.Messages[0]; u.Role != "user" || u.Content != "what is this?" || u.Images != 1 {
		t.Errorf("user = %+v", u)
	}
	a := r.Messages[1]
	if a.Reasoning != "look first" || len(a.ToolCalls) != 1 || a.ToolCalls[0].ID != "c1" || a.ToolCalls[0].Arguments != `{"path":"a"}` {
		t.Errorf("assistant = %+v", a)
	}
	if tm := r.Messages[2]; tm.Role != "tool" || tm.ToolCallID != "c1" || tm.Content != "file text" {
		t.Errorf("tool = %+v", tm)
	}
	if len(r.Tools) != 1 || r.Tools[0] != "read_file" {
		t.Errorf("tools = %v", r.Tools)
	}
	if r.LastUser() != "what is this?" {
		t.Errorf("LastUser = %q", r.LastUser())
	}
}

func TestRejectsInconsistentToolMessagesLikeOpenAI(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Text: "queued"})
	cases := map[string]string{
		"unanswered call": `[{"role":"user","content":"x"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"user","content":"y"}]`,
		"unknown id":      `[{"role":"user","content":"x"},{"role":"tool","tool_call_id":"nope","content":"r"}]`,
		"dangling call":   `[{"role":"user","content":"x"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]}]`,
	}
	for name, msgs := range cases {
		resp := post(t, t.Context(), s, `{"model":"m","messages":`+msgs+`}`)
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 400 || !strings.Contains(string(b), "invalid_request_error") {
			t.Errorf("%s: status %d body %s", name, resp.StatusCode, b)
		}
	}
	if s.Script.Pending() != 1 || len(s.Script.Requests()) != 0 {
		t.Error("a rejected request must not consume a scripted reply")
	}
}

func TestRequireAPIKeyAndModels(t *testing.T) {
	s := New()
	defer s.Close()
	s.RequireAPIKey("sk-right")
	if resp := post(t, t.Context(), s, streamBody, "Authorization", "Bearer sk-wrong"); resp.StatusCode != 401 {
		t.Errorf("wrong key: status %d", resp.StatusCode)
	}
	if resp := post(t, t.Context(), s, streamBody, "Authorization", "Bearer sk-right"); resp.StatusCode != 200 {
		t.Errorf("right key: status %d", resp.StatusCode)
	}

	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, s.URL+"/models", nil)
	req.Header.Set("Authorization", "Bearer sk-right")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct {
		Object string
		Data   []struct{ ID string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil || list.Object != "list" || len(list.Data) != 1 || list.Data[0].ID != Model {
		t.Errorf("models = %+v, %v", list, err)
	}
}

func TestDelayEndsWhenTheClientLeaves(t *testing.T) {
	s := New()
	defer s.Close()
	s.Script.Push(fakellm.Reply{Text: "late", Delay: time.Hour})
	ctx, cancel := context.WithCancel(t.Context())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.URL+"/chat/completions", strings.NewReader(streamBody))
	errc := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	// Wait until the server has the request, then leave.
	for len(s.Script.Requests()) == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestBadJSONIsA400(t *testing.T) {
	s := New()
	defer s.Close()
	resp := post(t, t.Context(), s, `{"model":`)
	if resp.StatusCode != 400 {
		t.Errorf("status %d", resp.StatusCode)
	}
}
