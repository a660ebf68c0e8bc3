package llm_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent/llm"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    time.Duration
	}{
		{"none", nil, 0},
		{"seconds", map[string]string{"Retry-After": "7"}, 7 * time.Second},
		{"fractional seconds", map[string]string{"retry-after": " 1.5 "}, 1500 * time.Millisecond},
		{"milliseconds win", map[string]string{"retry-after": "7", "retry-after-ms": "250"}, 250 * time.Millisecond},
		{"http date", map[string]string{"retry-after": now.Add(30 * time.Second).Format(http.TimeFormat)}, 30 * time.Second},
		{"date in the past", map[string]string{"retry-after": now.Add(-time.Minute).Format(http.TimeFormat)}, 0},
		{"negative", map[string]string{"retry-after": "-3"}, 0},
		{"not a number", map[string]string{"Retry-After": "NaN"}, 0},
		{"garbage", map[string]string{"retry-after": "soon", "retry-after-ms": "x"}, 0},
		{"garbage milliseconds", map[string]string{"retry-after": "2", "retry-after-ms": "x"}, 2 * time.Second},
		// A zero or negative millisecond wait says nothing usable; the
		// OpenAI adapter used to stop there and ignore Retry-After.
		{"zero milliseconds", map[string]string{"retry-after": "2", "retry-after-ms": "0"}, 2 * time.Second},
		{"absurd", map[string]string{"retry-after": "1e300"}, 24 * time.Hour},
		{"absurd milliseconds", map[string]string{"retry-after-ms": "1e300"}, 24 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for k, v := range tc.headers {
				h.Set(k, v)
			}
			if got := llm.RetryAfter(h, now); got != tc.want {
				t.Errorf("RetryAfter = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestExcerpt(t *testing.T) {
	if got := llm.Excerpt("a\n\n  b\tc", 100); got != "a b c" {
		t.Errorf("Excerpt = %q", got)
	}
	if got := llm.Excerpt("ééé", 3); got != "é…" {
		t.Errorf("Excerpt cut inside a rune: %q", got)
	}
	page := `<!DOCTYPE html>
<html><head><title>502 Bad Gateway</title>
<style>body { color: red; }</style><script>var x = "<b>";</script></head>
<!-- a comment <b> -->
<body><h1>502 Bad Gateway</h1><p>The upstream server &amp; its proxy &lt;failed&gt;.</p></body></html>`
	if got, want := llm.Excerpt(page, 300), "502 Bad Gateway 502 Bad Gateway The upstream server & its proxy <failed>."; got != want {
		t.Errorf("Excerpt of a page = %q\nwant %q", got, want)
	}
	if got := llm.Excerpt("a < b, not markup", 100); got != "a < b, not markup" {
		t.Errorf("Excerpt of text = %q", got)
	}
	if got := llm.Excerpt("<p>unclosed <b", 100); got != "unclosed" {
		t.Errorf("Excerpt of broken markup = %q", got)
	}
	long := llm.Excerpt(strings.Repeat("é", 500), 200)
	if len(long) > 200+len("…") || !strings.HasSuffix(long, "…") || !strings.HasPrefix(long, "é") {
		t.Errorf("long body not shortened on a rune edge: %d bytes", len(long))
	}
}

func TestRedactor(t *testing.T) {
	r := llm.NewRedactor("sk-live-secret", http.Header{"X-Api-Key": {"hdr-secret"}, "X-Title": {"herm"}})
	got := r.Redact(`bad key sk-live-secret (hdr-secret) from herm; header was "Authorization: Bearer sk-other-token", and Bearer xyz`)
	want := `bad key [redacted] ([redacted]) from herm; header was "Authorization: Bearer [redacted]", and Bearer [redacted]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := (llm.Redactor{}).Redact("nothing to hide"); got != "nothing to hide" {
		t.Errorf("got %q", got)
	}
}

// failingBody is a response body the connection broke in.
type failingBody struct{}

func (failingBody) Read([]byte) (int, error) { return 0, errors.New("connection reset") }
func (failingBody) Close() error             { return nil }

func TestHTTPError(t *testing.T) {
	parse := func(body []byte) (string, string) {
		if len(body) == 0 {
			return "", ""
		}
		return "some_type", "said: " + string(body)
	}
	resp := &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": {"3"}}, Body: io.NopCloser(strings.NewReader("slow down"))}
	got := *llm.HTTPError("p", resp, parse)
	want := llm.APIError{Provider: "p", StatusCode: 429, Type: "some_type", Message: "said: slow down", RetryAfter: 3 * time.Second}
	if got != want {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}

	// A body that breaks off before the parser finds a message.
	resp = &http.Response{StatusCode: 502, Header: http.Header{}, Body: failingBody{}}
	got = *llm.HTTPError("p", resp, parse)
	if got.StatusCode != 502 || got.Message != "could not read the error response: connection reset" {
		t.Errorf("unreadable body: %+v", got)
	}

	// Only a bounded part of a huge body is read.
	var seen int
	resp = &http.Response{StatusCode: 500, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(strings.Repeat("x", 1<<20)))}
	llm.HTTPError("p", resp, func(body []byte) (string, string) { seen = len(body); return "", "m" })
	if seen != 64<<10 {
		t.Errorf("read %d bytes of a 1 MiB error body, want 64 KiB", seen)
	}
}
