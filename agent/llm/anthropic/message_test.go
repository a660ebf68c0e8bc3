package anthropic_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
)

// nonStreamingProxy starts a real HTTP proxy in front of the fake that
// ignores "stream": true, as some gateways do: it asks the fake for the
// whole message and passes on the application/json answer.
func nonStreamingProxy(t *testing.T, srv *fakeanthropic.Server) *anthropic.Provider {
	t.Helper()
	target, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httptest.NewServer(&httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			body, err := io.ReadAll(r.Out.Body)
			if err != nil {
				panic(http.ErrAbortHandler)
			}
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil {
				panic(http.ErrAbortHandler)
			}
			m["stream"] = false
			body, _ = json.Marshal(m)
			r.Out.Body = io.NopCloser(bytes.NewReader(body))
			r.Out.ContentLength = int64(len(body))
		},
		// Pass on what arrives at once, so that an answer cut upstream
		// reaches the client cut, not as a failed request.
		FlushInterval: -1,
		ErrorLog:      log.New(io.Discard, "", 0),
	})
	t.Cleanup(proxy.Close)
	return anthropic.New(anthropic.Config{BaseURL: proxy.URL, APIKey: testKey})
}

func TestNonStreamingAnswer(t *testing.T) {
	reply := fakellm.Reply{
		Reasoning: "Two lookups.",
		Text:      "Let me check <both> & more.",
		ToolCalls: []fakellm.ToolCall{
			{ID: "toolu_a", Name: "terminal", Arguments: `{"command":"ls -la \"/tmp\""}`},
			{ID: "toolu_b", Name: "todo", Arguments: `{}`},
		},
		Usage: &fakellm.Usage{InputTokens: 1200, OutputTokens: 37},
	}
	srv := fakeanthropic.New()
	t.Cleanup(srv.Close)
	direct := anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey})
	proxied := nonStreamingProxy(t, srv)

	srv.Script.Push(reply)
	_, streamed := mustRun(t, direct, userReq("go"))
	srv.Script.Push(reply)
	parts, whole := mustRun(t, proxied, userReq("go"))

	if rec := srv.Script.Requests(); rec[0].Stream == rec[1].Stream {
		t.Fatal("the proxy did not turn the request into a non-streaming one")
	}
	if got, want := whole.Message(), streamed.Message(); !reflect.DeepEqual(got, want) {
		t.Errorf("message from JSON = %+v\nfrom the stream   = %+v", got, want)
	}
	if whole.Finish != llm.FinishToolCalls || whole.Finish != streamed.Finish {
		t.Errorf("finish = %q, streamed %q", whole.Finish, streamed.Finish)
	}
	if whole.Usage != streamed.Usage || whole.Usage.InputTokens != 1200 || whole.Usage.OutputTokens != 37 {
		t.Errorf("usage = %+v, streamed %+v", whole.Usage, streamed.Usage)
	}
	if last := parts[len(parts)-1]; last.Kind != llm.PartFinish {
		t.Errorf("last part is %v, want the finish", last.Kind)
	}

	// The signed thinking goes back through the proxy and passes the
	// fake's signature check.
	next := userReq("go")
	next.Messages = append(next.Messages, whole.Message(),
		llm.Message{Role: llm.RoleTool, ToolCallID: "toolu_a", Content: "a.txt"},
		llm.Message{Role: llm.RoleTool, ToolCallID: "toolu_b", Content: "ok"})
	srv.Script.Push(fakellm.Reply{Text: "done"})
	if _, acc := mustRun(t, proxied, next); acc.Text() != "done" {
		t.Errorf("second answer = %q", acc.Text())
	}
}

func TestNonStreamingFaults(t *testing.T) {
	t.Run("cut", func(t *testing.T) {
		srv := fakeanthropic.New()
		t.Cleanup(srv.Close)
		p := nonStreamingProxy(t, srv)
		srv.Script.Push(fakellm.Reply{Text: "a long enough answer", CutAfter: 1})
		_, _, err := run(t, p, userReq("x"))
		var se *llm.StreamError
		if !errors.As(err, &se) || se.Reason != "stream ended before the response was complete" {
			t.Fatalf("err = %v, want an incomplete-stream StreamError", err)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		srv := fakeanthropic.New()
		t.Cleanup(srv.Close)
		p := nonStreamingProxy(t, srv)
		srv.Script.Push(fakellm.Reply{Text: "x", MalformedAfter: 1})
		parts, _, err := run(t, p, userReq("x"))
		var se *llm.StreamError
		if !errors.As(err, &se) || se.Reason != "malformed chunk" || len(parts) != 0 {
			t.Fatalf("parts %v, err = %v, want only a malformed chunk StreamError", parts, err)
		}
	})
	for name, tc := range map[string]struct {
		body  string
		check func(error) bool
	}{
		"error envelope with 200": {
			`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded ` + testKey + `"}}`,
			func(err error) bool {
				var e *llm.APIError
				return errors.As(err, &e) && e.StatusCode == 529 && e.Type == "overloaded_error" && e.Message == "Overloaded [redacted]"
			},
		},
		"not a message": {
			`{"type":"completion","completion":"hi"}`,
			func(err error) bool {
				var se *llm.StreamError
				return errors.As(err, &se) && se.Reason == "malformed chunk" && strings.Contains(err.Error(), `"completion"`)
			},
		},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json; charset=utf-8")
				w.Header().Set("Content-Length", strconv.Itoa(len(tc.body)))
				io.WriteString(w, tc.body)
			}))
			t.Cleanup(srv.Close)
			_, _, err := run(t, anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey}), userReq("x"))
			if !tc.check(err) {
				t.Errorf("err = %v (%T)", err, err)
			}
			if err != nil && strings.Contains(err.Error(), testKey) {
				t.Errorf("error text holds the API key: %v", err)
			}
		})
	}
}
