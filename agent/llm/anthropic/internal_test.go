package anthropic

import (
	"net/http"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name    string
		headers map[string]string
		want    time.Duration
	}{
		{"none", nil, 0},
		{"seconds", map[string]string{"retry-after": "7"}, 7 * time.Second},
		{"fractional seconds", map[string]string{"retry-after": "1.5"}, 1500 * time.Millisecond},
		{"milliseconds win", map[string]string{"retry-after": "7", "retry-after-ms": "250"}, 250 * time.Millisecond},
		{"http date", map[string]string{"retry-after": now.Add(30 * time.Second).Format(http.TimeFormat)}, 30 * time.Second},
		{"date in the past", map[string]string{"retry-after": now.Add(-time.Minute).Format(http.TimeFormat)}, 0},
		{"negative", map[string]string{"retry-after": "-3"}, 0},
		{"garbage", map[string]string{"retry-after": "soon", "retry-after-ms": "x"}, 0},
		{"garbage milliseconds", map[string]string{"retry-after": "2", "retry-after-ms": "x"}, 2 * time.Second},
		{"absurd", map[string]string{"retry-after": "1e300"}, 24 * time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			for k, v := range tc.headers {
				h.Set(k, v)
			}
			if got := retryAfter(h, now); got != tc.want {
				t.Errorf("retryAfter = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestToolUseID(t *testing.T) {
	for in, want := range map[string]string{
		"toolu_01A-b":      "toolu_01A-b",
		"call:1":           "call_1",
		"functions.read:0": "functions_read_0",
		"id with spaces/é": "id_with_spaces___",
		"":                 "",
	} {
		if got := toolUseID(in); got != want {
			t.Errorf("toolUseID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                             "",
		"https://api.anthropic.com":    "https://api.anthropic.com",
		"https://api.anthropic.com/":   "https://api.anthropic.com",
		"https://api.anthropic.com/v1": "https://api.anthropic.com",
		" https://proxy/anthropic/v1/": "https://proxy/anthropic",
		"https://proxy/v1beta":         "https://proxy/v1beta",
	} {
		if got := normalizeBaseURL(in); got != want {
			t.Errorf("normalizeBaseURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSnippet(t *testing.T) {
	if got := snippet("a\n\n  b\tc", 100); got != "a b c" {
		t.Errorf("snippet = %q", got)
	}
	if got := snippet("ééé", 3); got != "é…" {
		t.Errorf("snippet cut inside a rune: %q", got)
	}
	page := `<!DOCTYPE html>
<html><head><title>502 Bad Gateway</title>
<style>body { color: red; }</style><script>var x = "<b>";</script></head>
<!-- a comment <b> -->
<body><h1>502 Bad Gateway</h1><p>The upstream server &amp; its proxy &lt;failed&gt;.</p></body></html>`
	if got, want := snippet(page, 300), "502 Bad Gateway 502 Bad Gateway The upstream server & its proxy <failed>."; got != want {
		t.Errorf("snippet of a page = %q\nwant %q", got, want)
	}
	if got := snippet("a < b, not markup", 100); got != "a < b, not markup" {
		t.Errorf("snippet of text = %q", got)
	}
	if got := snippet("<p>unclosed <b", 100); got != "unclosed" {
		t.Errorf("snippet of broken markup = %q", got)
	}
}

func TestToolInput(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:   `{"a":1}`,
		` {"a":1} `: `{"a":1}`,
		``:          `{}`,
		`{"a":`:     `{}`,
		`[1,2]`:     `{}`,
		`"text"`:    `{}`,
	} {
		if got := string(toolInput(in)); got != want {
			t.Errorf("toolInput(%q) = %s, want %s", in, got, want)
		}
	}
}
