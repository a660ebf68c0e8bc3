package anthropic_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
	"github.com/herm-dev/herm/internal/fakeanthropic"
)

// serveStream starts a server that answers every request with body as an
// event stream, written in pieces of at most chunk bytes, each flushed on
// its own, so the client reads lines (and CRLFs) split across packets.
func serveStream(t *testing.T, body string, chunk int) *anthropic.Provider {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for s := body; s != ""; {
			n := min(chunk, len(s))
			if _, err := io.WriteString(w, s[:n]); err != nil {
				return
			}
			rc.Flush()
			s = s[n:]
		}
	}))
	t.Cleanup(srv.Close)
	return anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey})
}

const crlfStream = "event: message_start\r\n" +
	`data: {"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}` + "\r\n\r\n" +
	": a comment\r\n" +
	"event: ping\r\ndata: {\"type\": \"ping\"}\r\n\r\n" +
	"event: content_block_start\r\n" +
	`data: {"type":"content_block_start","index":0,` + "\r\n" + // data split over two lines
	`data: "content_block":{"type":"text","text":""}}` + "\r\n\r\n" +
	"event: content_block_delta\r\n" +
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello, "}}` + "\r\n\r\n" +
	"event: content_block_delta\r\n" +
	`data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"world."}}` + "\r\n\r\n" +
	"event: content_block_stop\r\n" + `data: {"type":"content_block_stop","index":0}` + "\r\n\r\n" +
	"event: message_delta\r\n" +
	`data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":4}}` + "\r\n\r\n" +
	"event: message_stop\r\n" + `data: {"type":"message_stop"}` + "\r\n\r\n"

func TestCRLFStreamInPieces(t *testing.T) {
	for _, chunk := range []int{1, 2, 7, len(crlfStream)} {
		p := serveStream(t, crlfStream, chunk)
		_, acc := mustRun(t, p, userReq("x"))
		if acc.Text() != "Hello, world." || acc.Finish != llm.FinishStop || acc.Usage.OutputTokens != 4 {
			t.Errorf("pieces of %d: text %q, finish %q, usage %+v", chunk, acc.Text(), acc.Finish, acc.Usage)
		}
	}
}

func TestUnnamedEvents(t *testing.T) {
	// A compatible server that leaves out the event names: events are
	// decoded by their JSON type, and a stray "[DONE]" is skipped.
	var b strings.Builder
	for _, line := range strings.Split(crlfStream, "\r\n") {
		if !strings.HasPrefix(line, "event:") {
			b.WriteString(line + "\n")
		}
	}
	b.WriteString("data: [DONE]\n\n")
	_, acc := mustRun(t, serveStream(t, b.String(), 4096), userReq("x"))
	if acc.Text() != "Hello, world." || acc.Finish != llm.FinishStop {
		t.Errorf("text %q, finish %q", acc.Text(), acc.Finish)
	}

	// An unnamed error event is an error all the same.
	p := serveStream(t, "data: "+strings.TrimPrefix(fakeanthropic.ErrorEvent("overloaded_error", "Overloaded"), "event: error\ndata: ")+"\n\n", 4096)
	_, _, err := run(t, p, userReq("x"))
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 529 {
		t.Errorf("err = %v, want a 529 APIError", err)
	}
}

func TestEventDataNotOneValue(t *testing.T) {
	for name, data := range map[string]string{
		"two values": `{"type":"message_stop"} {"type":"message_stop"}`,
		"trailing":   `{"type":"message_stop"}]`,
		"unfinished": `{"type":"message_stop"`,
	} {
		t.Run(name, func(t *testing.T) {
			body := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":1}}}\n\n" +
				"event: message_stop\ndata: " + data + "\n\n"
			_, _, err := run(t, serveStream(t, body, 4096), userReq("x"))
			var se *llm.StreamError
			if !errors.As(err, &se) || se.Reason != "malformed chunk" {
				t.Errorf("err = %v, want a malformed chunk StreamError", err)
			}
		})
	}
}

func TestOverlongEvent(t *testing.T) {
	body := "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"usage\":{\"input_tokens\":1}}}\n\n" +
		"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"" +
		strings.Repeat("x", 9<<20) + "\"}}\n\n"
	parts, _, err := run(t, serveStream(t, body, 1<<20), userReq("x"))
	var se *llm.StreamError
	if !errors.As(err, &se) || se.Reason != "malformed chunk" || !strings.Contains(err.Error(), "exceeds") {
		t.Fatalf("err = %v, want a malformed chunk StreamError about the size", err)
	}
	if len(parts) != 1 {
		t.Errorf("parts before the error = %d, want the usage only", len(parts))
	}
}

func TestRequestHeaders(t *testing.T) {
	srv, p := setup(t)
	mustRun(t, p, userReq("x"))
	h := srv.Script.Requests()[0].Header
	for name, want := range map[string]string{
		"anthropic-version": "2026-10-21",
		"content-type":      "application/json",
		"x-api-key":         testKey,
		"authorization":     "",
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if p := srv.Script.Requests()[0].Path; p != "/v1/messages" {
		t.Errorf("path = %q", p)
	}
}

// countingTransport is a real transport that counts the requests it carries.
type countingTransport struct {
	n atomic.Int32
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

func TestCustomHTTPClient(t *testing.T) {
	srv := fakeanthropic.New()
	t.Cleanup(srv.Close)
	tr := &countingTransport{}
	client := &http.Client{Transport: tr}
	p := anthropic.New(anthropic.Config{BaseURL: srv.URL + "/v1", APIKey: testKey, HTTPClient: client})
	mustRun(t, p, userReq("x"))
	if tr.n.Load() != 1 {
		t.Errorf("the custom client carried %d requests, want 1", tr.n.Load())
	}
	if client.CheckRedirect != nil {
		t.Error("New changed the caller's client")
	}
}

func TestRedirectNotFollowed(t *testing.T) {
	var leaked atomic.Bool
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked.Store(true)
	}))
	t.Cleanup(other.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/v1/messages", http.StatusTemporaryRedirect)
	}))
	t.Cleanup(srv.Close)

	for _, client := range []*http.Client{nil, {}} {
		p := anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey, HTTPClient: client})
		_, _, err := run(t, p, userReq("x"))
		var apiErr *llm.APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusTemporaryRedirect || !strings.Contains(apiErr.Message, other.URL) {
			t.Errorf("err = %v, want a 307 APIError naming the new location", err)
		}
	}
	if leaked.Load() {
		t.Error("the request, with its API key, was sent on to the redirect's host")
	}
}

func TestContextCancelledBeforeSending(t *testing.T) {
	_, p := setup(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := runCtx(ctx, p, userReq("x"))
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "anthropic: ") {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestUnusableBaseURL(t *testing.T) {
	p := anthropic.New(anthropic.Config{BaseURL: "http://user:hunter2@host%zz", APIKey: testKey})
	_, _, err := run(t, p, userReq("x"))
	if err == nil || !strings.Contains(err.Error(), "base URL") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("err = %v, want one about the base URL without its password", err)
	}
}
