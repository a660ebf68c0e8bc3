package fakeanthropic_test

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

	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
)

const minimal = `{"model":"claude-test","max_tokens":64,"stream":true,"messages":[{"role":"user","content":"hi"}]}`

func post(t *testing.T, srv *fakeanthropic.Server, body string, header map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/v1/messages", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("content-type", "application/json")
	req.Header.Set("x-api-key", "k")
	req.Header.Set("anthropic-version", "2026-10-21")
	for k, v := range header {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

type sseEvent struct {
	name string
	data map[string]any
}

// readEvents parses an SSE body; it returns the events read and the error
// that ended reading, if the body did not end cleanly.
func readEvents(t *testing.T, r io.Reader) ([]sseEvent, error) {
	t.Helper()
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			out = append(out, cur)
			cur = sseEvent{}
		case strings.HasPrefix(line, "event: "):
			cur.name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &cur.data); err != nil {
				cur.data = map[string]any{"invalid": line}
			}
		}
	}
	return out, sc.Err()
}

func names(evs []sseEvent) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.name)
	}
	return out
}

func apiError(t *testing.T, resp *http.Response) (typ, msg string) {
	t.Helper()
	var body struct {
		Type  string `json:"type"`
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil || body.Type != "error" {
		t.Fatalf("error body: %v %+v", err, body)
	}
	return body.Error.Type, body.Error.Message
}

func TestStreamWireFormat(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(fakellm.Reply{
		Reasoning: "think",
		Text:      "Hello there",
		ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]string{"command": "ls"}), {ID: "toolu_mine", Name: "todo", Arguments: "{}"}},
		Usage:     &fakellm.Usage{InputTokens: 11, OutputTokens: 22},
	})
	resp := post(t, srv, minimal, nil)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("content-type"), "text/event-stream") {
		t.Fatalf("status %d, content-type %q", resp.StatusCode, resp.Header.Get("content-type"))
	}
	evs, err := readEvents(t, resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var protocol []sseEvent
	pings := 0
	for _, e := range evs {
		if e.name != e.data["type"] {
			t.Errorf("event %q carries data of type %v", e.name, e.data["type"])
		}
		if e.name == "ping" {
			pings++
			continue
		}
		protocol = append(protocol, e)
	}
	if pings == 0 {
		t.Error("no pings")
	}
	if first, last := protocol[0], protocol[len(protocol)-1]; first.name != "message_start" || last.name != "message_stop" {
		t.Errorf("events = %v", names(protocol))
	}
	start := protocol[0].data["message"].(map[string]any)
	if start["usage"].(map[string]any)["input_tokens"] != float64(11) {
		t.Errorf("message_start = %v", start)
	}

	type block struct {
		kind, id, name, text, sig string
	}
	var blocks []*block
	for _, e := range protocol {
		switch e.name {
		case "content_block_start":
			cb := e.data["content_block"].(map[string]any)
			if int(e.data["index"].(float64)) != len(blocks) {
				t.Errorf("block index %v, want %d", e.data["index"], len(blocks))
			}
			b := &block{kind: cb["type"].(string)}
			if b.kind == "tool_use" {
				b.id, b.name = cb["id"].(string), cb["name"].(string)
			}
			blocks = append(blocks, b)
		case "content_block_delta":
			b := blocks[int(e.data["index"].(float64))]
			d := e.data["delta"].(map[string]any)
			switch d["type"] {
			case "thinking_delta":
				b.text += d["thinking"].(string)
			case "signature_delta":
				b.sig = d["signature"].(string)
			case "text_delta":
				b.text += d["text"].(string)
			case "input_json_delta":
				b.text += d["partial_json"].(string)
			}
		case "message_delta":
			if e.data["delta"].(map[string]any)["stop_reason"] != "tool_use" ||
				e.data["usage"].(map[string]any)["output_tokens"] != float64(22) {
				t.Errorf("message_delta = %v", e.data)
			}
		}
	}
	if len(blocks) != 4 {
		t.Fatalf("got %d blocks", len(blocks))
	}
	if b := blocks[0]; b.kind != "thinking" || b.text != "think" || b.sig == "" {
		t.Errorf("thinking block = %+v", b)
	}
	if b := blocks[1]; b.kind != "text" || b.text != "Hello there" {
		t.Errorf("text block = %+v", b)
	}
	if b := blocks[2]; b.kind != "tool_use" || !strings.HasPrefix(b.id, "toolu_") || b.name != "terminal" || b.text != `{"command":"ls"}` {
		t.Errorf("tool block = %+v", b)
	}
	if b := blocks[3]; b.id != "toolu_mine" || b.text != "{}" {
		t.Errorf("tool block = %+v", b)
	}
}

func TestNonStreaming(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(fakellm.Reply{Text: "done", ToolCalls: []fakellm.ToolCall{{Name: "todo", Arguments: "{broken"}}, Finish: "length"})
	resp := post(t, srv, strings.Replace(minimal, `"stream":true`, `"stream":false`, 1), nil)
	var msg struct {
		Type       string `json:"type"`
		Role       string `json:"role"`
		StopReason string `json:"stop_reason"`
		Content    []struct {
			Type  string          `json:"type"`
			Text  string          `json:"text"`
			ID    string          `json:"id"`
			Input json.RawMessage `json:"input"`
		} `json:"content"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&msg); err != nil {
		t.Fatal(err)
	}
	if msg.Type != "message" || msg.Role != "assistant" || msg.StopReason != "max_tokens" || len(msg.Content) != 2 {
		t.Fatalf("message = %+v", msg)
	}
	if c := msg.Content[1]; c.Type != "tool_use" || string(c.Input) != "{}" || c.ID == "" {
		t.Errorf("tool block = %+v", c)
	}
	if r := srv.Script.Requests()[0]; r.Stream {
		t.Error("recorded as streaming")
	}
}

func TestRecordsNeutralRequest(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	body := `{"model":"m","max_tokens":10,"stream":true,
	 "system":[{"type":"text","text":"be kind"},{"type":"text","text":"be brief"}],
	 "tools":[{"name":"read_file","input_schema":{"type":"object"}}],
	 "messages":[
	  {"role":"user","content":[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"aGk="}},{"type":"text","text":"look"}]},
	  {"role":"assistant","content":[{"type":"text","text":"reading"},{"type":"tool_use","id":"toolu_9","name":"read_file","input":{"path": "a"}}]},
	  {"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_9","content":[{"type":"text","text":"file a"}]},{"type":"text","text":"and?"}]}]}`
	if resp := post(t, srv, body, nil); resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	r := srv.Script.Requests()[0]
	if r.Model != "m" || r.System != "be kind\nbe brief" || len(r.Tools) != 1 || r.Tools[0] != "read_file" || r.Header.Get("x-api-key") != "k" {
		t.Errorf("request = %+v", r)
	}
	want := []fakellm.Message{
		{Role: "user", Content: "look", Images: 1},
		{Role: "assistant", Content: "reading", ToolCalls: []fakellm.ToolCall{{ID: "toolu_9", Name: "read_file", Arguments: `{"path":"a"}`}}},
		{Role: "tool", ToolCallID: "toolu_9", Content: "file a"},
		{Role: "user", Content: "and?"},
	}
	if len(r.Messages) != len(want) {
		t.Fatalf("messages = %+v", r.Messages)
	}
	for i := range want {
		got, _ := json.Marshal(r.Messages[i])
		exp, _ := json.Marshal(want[i])
		if string(got) != string(exp) {
			t.Errorf("message %d = %s, want %s", i, got, exp)
		}
	}
}

func TestRejectsLikeTheAPI(t *testing.T) {
	for _, tc := range []struct {
		name   string
		body   string
		header map[string]string
		status int
		typ    string
		msg    string
	}{
		{"no key", minimal, map[string]string{"x-api-key": ""}, 401, "authentication_error", "x-api-key"},
		{"no version", minimal, map[string]string{"anthropic-version": ""}, 400, "invalid_request_error", "anthropic-version"},
		{"bad json", `{"model":`, nil, 400, "invalid_request_error", "parsing the body"},
		{"no max_tokens", `{"model":"m","messages":[{"role":"user","content":"hi"}]}`, nil, 400, "invalid_request_error", "max_tokens"},
		{"temperature", `{"model":"m","max_tokens":5,"temperature":1,"messages":[{"role":"user","content":"hi"}]}`, nil, 400, "invalid_request_error", "temperature"},
		{"empty text", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"text","text":""}]}]}`, nil, 400, "invalid_request_error", "non-empty"},
		{"unanswered tool_use", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"x","input":{}}]},{"role":"user","content":"next"}]}`, nil, 400, "invalid_request_error", "toolu_1"},
		{"orphan tool_result", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_7","content":"x"}]}]}`, nil, 400, "invalid_request_error", "toolu_7"},
		{"text before tool_result", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"x","input":{}}]},{"role":"user","content":[{"type":"text","text":"a"},{"type":"tool_result","tool_use_id":"toolu_1"}]}]}`, nil, 400, "invalid_request_error", "before"},
		{"bad tool id", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"call:1","name":"x","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"call:1"}]}]}`, nil, 400, "invalid_request_error", "pattern"},
		{"forged signature", `{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"thinking","thinking":"t","signature":"forged"},{"type":"text","text":"a"}]},{"role":"user","content":"b"}]}`, nil, 400, "invalid_request_error", "signature"},
		{"wrong path", "", map[string]string{}, 404, "not_found_error", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := fakeanthropic.New()
			defer srv.Close()
			srv.Script.Push(fakellm.Reply{Text: "never sent"})
			var resp *http.Response
			if tc.status == 404 {
				r, err := http.Post(srv.URL+"/v1/complete", "application/json", strings.NewReader("{}"))
				if err != nil {
					t.Fatal(err)
				}
				defer r.Body.Close()
				resp = r
			} else {
				resp = post(t, srv, tc.body, tc.header)
			}
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			typ, msg := apiError(t, resp)
			if typ != tc.typ || !strings.Contains(msg, tc.msg) {
				t.Errorf("error = %s: %s", typ, msg)
			}
			if srv.Script.Pending() != 1 {
				t.Error("a rejected request consumed the scripted reply")
			}
		})
	}
}

func TestBearerTokenAccepted(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	resp := post(t, srv, minimal, map[string]string{"x-api-key": "", "Authorization": "Bearer k"})
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
}

func TestScriptedErrors(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(
		fakellm.Reply{Status: 429, RetryAfter: "3"},
		fakellm.Reply{Status: 529},
		fakellm.Reply{Status: 500, ErrorBody: "upstream broke"},
	)
	resp := post(t, srv, minimal, nil)
	if resp.StatusCode != 429 || resp.Header.Get("retry-after") != "3" {
		t.Errorf("status %d, retry-after %q", resp.StatusCode, resp.Header.Get("retry-after"))
	}
	if typ, _ := apiError(t, resp); typ != "rate_limit_error" {
		t.Errorf("type %q", typ)
	}
	resp = post(t, srv, minimal, nil)
	if typ, msg := apiError(t, resp); resp.StatusCode != 529 || typ != "overloaded_error" || msg != "Overloaded" {
		t.Errorf("529: %s %s", typ, msg)
	}
	resp = post(t, srv, minimal, nil)
	if b, _ := io.ReadAll(resp.Body); resp.StatusCode != 500 || string(b) != "upstream broke" {
		t.Errorf("verbatim body: %d %q", resp.StatusCode, b)
	}
}

func TestRawEvents(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(fakellm.Reply{Raw: []string{
		`{"type":"message_start","message":{}}`,
		fakeanthropic.ErrorEvent("overloaded_error", "Overloaded"),
		`not json at all`,
	}})
	evs, err := readEvents(t, post(t, srv, minimal, nil).Body)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names(evs), ","); got != "message_start,error," {
		t.Errorf("events = %q", got)
	}
	if e := evs[1].data["error"].(map[string]any); e["type"] != "overloaded_error" {
		t.Errorf("error event = %v", evs[1].data)
	}
}

func TestCutAfter(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(fakellm.Reply{Text: "abcdefghijkl", CutAfter: 3})
	evs, err := readEvents(t, post(t, srv, minimal, nil).Body)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("read error = %v, want a truncated body", err)
	}
	var protocol []string
	for _, n := range names(evs) {
		if n != "ping" {
			protocol = append(protocol, n)
		}
	}
	if strings.Join(protocol, ",") != "message_start,content_block_start,content_block_delta" {
		t.Errorf("events before the cut = %v", protocol)
	}
}

func TestMalformedAfter(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(fakellm.Reply{Text: "abcdefghijkl", MalformedAfter: 2})
	evs, err := readEvents(t, post(t, srv, minimal, nil).Body)
	if err != nil {
		t.Fatalf("the stream should end cleanly after the bad event: %v", err)
	}
	last := evs[len(evs)-1]
	if _, bad := last.data["invalid"]; !bad || len(evs) != 4 { // start, ping, block start, bad
		t.Errorf("events = %v", evs)
	}
}

func TestDelayEndsWithClient(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	srv.Script.Push(fakellm.Reply{Text: "late", Delay: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/messages", strings.NewReader(minimal))
	req.Header.Set("x-api-key", "k")
	req.Header.Set("anthropic-version", "2026-10-21")
	if _, err := http.DefaultClient.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v", err)
	}
	// Close must not wait out the hour-long delay: the handler saw the
	// client leave. The test's own timeout is the failure mode.
	srv.Close()
}

func TestCloseCutsSlowStreams(t *testing.T) {
	srv := fakeanthropic.New()
	srv.Script.Push(fakellm.Reply{Text: strings.Repeat("x", 400), EventDelay: time.Hour})
	resp := post(t, srv, minimal, nil)
	br := bufio.NewReader(resp.Body)
	if _, err := br.ReadString('\n'); err != nil { // the stream has started
		t.Fatal(err)
	}
	srv.Close() // must return although the handler sleeps between events
	if _, err := io.ReadAll(br); err == nil {
		t.Error("stream ended cleanly, want it cut")
	}
}
