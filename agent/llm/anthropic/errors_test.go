package anthropic_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
)

func TestHTTPErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply fakellm.Reply
		want  llm.APIError
	}{
		{"rate limit", fakellm.Reply{Status: 429, RetryAfter: "7"},
			llm.APIError{StatusCode: 429, Type: "rate_limit_error", Message: "Too Many Requests", RetryAfter: 7 * time.Second}},
		{"overloaded", fakellm.Reply{Status: 529},
			llm.APIError{StatusCode: 529, Type: "overloaded_error", Message: "Overloaded"}},
		{"server error", fakellm.Reply{Status: 500},
			llm.APIError{StatusCode: 500, Type: "api_error", Message: "Internal Server Error"}},
		{"context overflow", fakellm.Reply{Status: 400, ErrorBody: `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}`},
			llm.APIError{StatusCode: 400, Type: "invalid_request_error", Message: "prompt is too long: 210000 tokens > 200000 maximum"}},
		{"gateway html", fakellm.Reply{Status: 502, ErrorBody: "<html>\n  <body>Bad   Gateway</body>\n</html>"},
			llm.APIError{StatusCode: 502, Message: "Bad Gateway"}},
		{"key echoed", fakellm.Reply{Status: 401, ErrorBody: `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key: ` + testKey + `"}}`},
			llm.APIError{StatusCode: 401, Type: "authentication_error", Message: "invalid x-api-key: [redacted]"}},
		// Bearer tokens a proxy quotes back are hidden too, as the
		// OpenAI adapter always did (llm.Redactor serves both).
		{"bearer echoed", fakellm.Reply{Status: 403, ErrorBody: `{"type":"error","error":{"type":"permission_error","message":"proxy refused Authorization: Bearer sk-proxy-token"}}`},
			llm.APIError{StatusCode: 403, Type: "permission_error", Message: "proxy refused Authorization: Bearer [redacted]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, p := setup(t)
			srv.Script.Push(tc.reply)
			parts, _, err := run(t, p, userReq("x"))
			if len(parts) != 0 {
				t.Errorf("got parts %v before the error", parts)
			}
			var apiErr *llm.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v (%T), want *llm.APIError", err, err)
			}
			tc.want.Provider = "anthropic"
			if *apiErr != tc.want {
				t.Errorf("error = %+v\nwant    %+v", *apiErr, tc.want)
			}
			if strings.Contains(err.Error(), testKey) {
				t.Errorf("error text holds the API key: %v", err)
			}
			// The adapter must not retry behind the agent's back.
			if n := len(srv.Script.Requests()); n != 1 {
				t.Errorf("server got %d requests, want 1", n)
			}
		})
	}
}

func TestMissingKey(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	// Only the config supplies the key and the base URL, never the
	// environment (herm resolves ANTHROPIC_* itself, with precedence).
	t.Setenv("ANTHROPIC_API_KEY", "sk-ant-from-env")
	t.Setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:1")
	p := anthropic.New(anthropic.Config{BaseURL: srv.URL + "/v1/"})

	_, _, err := run(t, p, userReq("x"))
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 401 || apiErr.Type != "authentication_error" {
		t.Fatalf("err = %v, want 401 authentication_error", err)
	}
}

func TestMidStreamError(t *testing.T) {
	for _, tc := range []struct {
		typ    string
		status int
	}{
		{"overloaded_error", 529},
		{"api_error", 0},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			srv, p := setup(t)
			srv.Script.Push(fakellm.Reply{Raw: []string{
				`{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":3,"output_tokens":1}}}`,
				`event: ping` + "\n" + `data: {"type": "ping"}`,
				`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
				`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"partial"}}`,
				fakeanthropic.ErrorEvent(tc.typ, "Something went wrong"),
			}})
			_, acc, err := run(t, p, userReq("x"))
			if acc.Text() != "partial" {
				t.Errorf("text before the error = %q", acc.Text())
			}
			var apiErr *llm.APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v (%T), want *llm.APIError", err, err)
			}
			if apiErr.StatusCode != tc.status || apiErr.Type != tc.typ || apiErr.Message != "Something went wrong" {
				t.Errorf("error = %+v", *apiErr)
			}
		})
	}
}

func TestMalformedChunk(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Text: "hello there", MalformedAfter: 3})
	_, acc, err := run(t, p, userReq("x"))
	var se *llm.StreamError
	if !errors.As(err, &se) || se.Reason != "malformed chunk" {
		t.Fatalf("err = %v, want a malformed chunk StreamError", err)
	}
	if acc.Text() != "hell" {
		t.Errorf("text before the bad chunk = %q", acc.Text())
	}
}

func TestToolDeltaForUnknownBlock(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Raw: []string{
		`{"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}`,
		`{"type":"content_block_delta","index":4,"delta":{"type":"input_json_delta","partial_json":"{}"}}`,
		`{"type":"message_stop"}`,
	}})
	_, _, err := run(t, p, userReq("x"))
	var se *llm.StreamError
	if !errors.As(err, &se) || se.Reason != "malformed chunk" {
		t.Fatalf("err = %v, want a malformed chunk StreamError", err)
	}
}

func TestToolInputInStartEvent(t *testing.T) {
	// Some Anthropic-compatible servers put the whole input in
	// content_block_start and send no input_json_delta.
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Raw: []string{
		`{"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_x","name":"terminal","input":{"command":"pwd"}}}`,
		`{"type":"content_block_stop","index":0}`,
		`{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}`,
		`{"type":"message_stop"}`,
	}})
	_, acc := mustRun(t, p, userReq("x"))
	calls := acc.Message().ToolCalls
	if len(calls) != 1 || calls[0].ID != "toolu_x" || calls[0].Arguments != `{"command":"pwd"}` {
		t.Errorf("calls = %+v", calls)
	}
}

func TestCutStream(t *testing.T) {
	srv, p := setup(t)
	// message_start, content_block_start, then two deltas, then the cut.
	srv.Script.Push(fakellm.Reply{Text: "abcdefghijklmnop", CutAfter: 4})
	_, acc, err := run(t, p, userReq("x"))
	var se *llm.StreamError
	if !errors.As(err, &se) || se.Reason != "stream ended before the response was complete" {
		t.Fatalf("err = %v (%T), want an incomplete-stream StreamError", err, err)
	}
	if acc.Text() != "abcdefgh" {
		t.Errorf("partial text = %q, want abcdefgh", acc.Text())
	}
}

func TestStreamEndsWithoutMessageStop(t *testing.T) {
	srv, p := setup(t)
	srv.Script.Push(fakellm.Reply{Raw: []string{
		`{"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}`,
		`{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"so far"}}`,
	}})
	_, acc, err := run(t, p, userReq("x"))
	var se *llm.StreamError
	if !errors.As(err, &se) || se.Reason != "stream ended before the response was complete" {
		t.Fatalf("err = %v, want an incomplete-stream StreamError", err)
	}
	if acc.Text() != "so far" {
		t.Errorf("text = %q", acc.Text())
	}
}

func TestContextCancel(t *testing.T) {
	t.Run("mid-stream", func(t *testing.T) {
		srv, p := setup(t)
		srv.Script.Push(fakellm.Reply{Text: strings.Repeat("slow text ", 50), EventDelay: 20 * time.Millisecond})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var text strings.Builder
		var err error
		for part, e := range p.Stream(ctx, userReq("x")) {
			if e != nil {
				err = e
				break
			}
			text.WriteString(part.Text)
			if part.Kind == llm.PartText {
				cancel()
			}
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
		if text.Len() == 0 {
			t.Error("no text before the cancel")
		}
	})
	t.Run("before the response", func(t *testing.T) {
		srv, p := setup(t)
		srv.Script.Push(fakellm.Reply{Text: "late", Delay: time.Minute})
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		_, _, err := runCtx(ctx, p, userReq("x"))
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want context.DeadlineExceeded", err)
		}
	})
}

func runCtx(ctx context.Context, p llm.Provider, req llm.Request) ([]llm.Part, *llm.Accumulator, error) {
	var parts []llm.Part
	acc := &llm.Accumulator{}
	for part, err := range p.Stream(ctx, req) {
		if err != nil {
			return parts, acc, err
		}
		parts = append(parts, part)
		acc.Add(part)
	}
	return parts, acc, nil
}

func TestBreakClosesTheStream(t *testing.T) {
	gone := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("content-type", "text/event-stream")
		w.Write([]byte("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":1}}}\n\n"))
		w.Write([]byte("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"))
		w.Write([]byte("event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"hi\"}}\n\n"))
		w.(http.Flusher).Flush()
		<-r.Context().Done() // the client closing the body ends this
		close(gone)
	}))
	defer srv.Close()
	p := anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey})

	for part, err := range p.Stream(context.Background(), userReq("x")) {
		if err != nil {
			t.Fatal(err)
		}
		if part.Kind == llm.PartText {
			break
		}
	}
	select {
	case <-gone:
	case <-time.After(10 * time.Second):
		t.Fatal("the connection stayed open after the consumer stopped")
	}
}

func TestTransportError(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there any more
	p := anthropic.New(anthropic.Config{BaseURL: url, APIKey: testKey})

	_, _, err := run(t, p, userReq("x"))
	if err == nil {
		t.Fatal("no error from a closed port")
	}
	var apiErr *llm.APIError
	var se *llm.StreamError
	if errors.As(err, &apiErr) || errors.As(err, &se) {
		t.Errorf("err = %T, want a transport error", err)
	}
	if !strings.HasPrefix(err.Error(), "anthropic: ") || strings.Contains(err.Error(), testKey) {
		t.Errorf("err = %v", err)
	}
}

func TestInvalidRequest(t *testing.T) {
	_, p := setup(t)
	req := userReq("x")
	req.Model = ""
	if _, _, err := run(t, p, req); err == nil || !strings.Contains(err.Error(), "model") {
		t.Errorf("no model: err = %v", err)
	}
	req = userReq("x")
	req.Tools = []llm.ToolSpec{{Name: "bad", Parameters: json.RawMessage(`["not", "an", "object"]`)}}
	if _, _, err := run(t, p, req); err == nil || !strings.Contains(err.Error(), `"bad"`) {
		t.Errorf("bad schema: err = %v", err)
	}
}
