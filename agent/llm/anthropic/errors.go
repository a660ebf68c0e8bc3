package anthropic

import (
	"encoding/json"
	"html"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/herm-dev/herm/agent/llm"
)

const (
	// maxErrorBody bounds how much of an error response is read: far more
	// than any API error object, little enough that a misbehaving proxy
	// cannot make herm buffer a large page.
	maxErrorBody = 64 << 10
	// snippetLen is how much of a body that is not an API error object
	// ends up in the message.
	snippetLen = 300
	// maxRetryAfter clamps absurd Retry-After values so they cannot
	// overflow a time.Duration; the agent applies its own, lower ceiling.
	maxRetryAfter = 24 * time.Hour
)

// wireError is the error object of the API's error envelope,
// {"type":"error","error":{"type":…,"message":…},"request_id":…}, sent as
// the body of an error status and as the data of an error event.
type wireError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// statusError converts a non-2xx response. It reads (a bounded part of) the
// body; the caller closes it.
func (p *Provider) statusError(resp *http.Response) *llm.APIError {
	body, readErr := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	out := p.errorBody(body)
	out.StatusCode = resp.StatusCode
	out.RetryAfter = retryAfter(resp.Header, time.Now())
	if out.Message == "" && readErr != nil {
		out.Message = "the error response could not be read: " + readErr.Error()
	}
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode/100 == 3 {
		// Redirects are not followed (see checkRedirect); say where to.
		out.Message = "the server redirects to " + loc + "; set the base URL to match it"
	}
	out.Message = p.redact(out.Message)
	return out
}

// eventError converts an error event inside a stream that began with
// 200 OK, or an error envelope sent with 200 by a proxy. There is no HTTP
// status to report, except that an overload is reported as the 529 the API
// would have answered before the stream began, so that the agent treats
// both alike.
func (p *Provider) eventError(data []byte) *llm.APIError {
	out := p.errorBody(data)
	if out.Type == "overloaded_error" {
		out.StatusCode = 529
	}
	out.Message = p.redact(out.Message)
	return out
}

// errorBody reads the API's error envelope from body. Anything else — a
// gateway's HTML page, plain text — becomes a short snippet of it.
func (p *Provider) errorBody(body []byte) *llm.APIError {
	out := &llm.APIError{Provider: p.name}
	var env struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"` // API gateways' {"message":…}
	}
	if json.Unmarshal(body, &env) == nil {
		var e wireError
		var s string
		switch {
		case json.Unmarshal(env.Error, &e) == nil:
			out.Type, out.Message = e.Type, e.Message
		case json.Unmarshal(env.Error, &s) == nil: // proxies' {"error":"…"}
			out.Message = s
		default:
			out.Message = env.Message
		}
		out.Message = strings.TrimSpace(out.Message)
	}
	if out.Message == "" {
		out.Message = snippet(string(body), snippetLen)
	}
	return out
}

// redact removes the API key from text that came from the server: some
// proxies echo request headers in their error messages.
func (p *Provider) redact(s string) string {
	if p.apiKey == "" || !strings.Contains(s, p.apiKey) {
		return s
	}
	return strings.ReplaceAll(s, p.apiKey, "[redacted]")
}

// snippet returns the first n bytes of s with runs of whitespace collapsed,
// and the text of s alone if s is markup.
func snippet(s string, n int) string {
	if strings.HasPrefix(strings.TrimSpace(s), "<") {
		s = html.UnescapeString(stripTags(s))
	}
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) { // keep UTF-8 whole
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// stripTags returns the text of an HTML page: tags become spaces, and
// comments and the contents of script and style elements are dropped.
func stripTags(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteByte(' ')
		s = s[i:]
		end := ">"
		switch lower := strings.ToLower(s[:min(len(s), 7)]); {
		case strings.HasPrefix(lower, "<!--"):
			end = "-->"
		case strings.HasPrefix(lower, "<script"):
			end = "</script>"
		case strings.HasPrefix(lower, "<style"):
			end = "</style>"
		}
		j := indexFold(s, end)
		if j < 0 {
			return b.String() // an unclosed tag: the rest is markup
		}
		s = s[j+len(end):]
	}
}

// indexFold is strings.Index for an ASCII-lowercase sep, ignoring the case
// of s.
func indexFold(s, sep string) int {
	for i := 0; i+len(sep) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sep)], sep) {
			return i
		}
	}
	return -1
}

// retryAfter reads how long the server asks to wait: retry-after-ms
// (milliseconds) first, then retry-after as seconds or an HTTP date. It
// returns 0 when neither is present or usable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("retry-after-ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return clampWait(ms, time.Millisecond)
		}
	}
	v := strings.TrimSpace(h.Get("retry-after"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		return clampWait(s, time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return clampWait(float64(t.Sub(now)), 1)
	}
	return 0
}

// clampWait returns n units as a Duration in [0, maxRetryAfter].
func clampWait(n float64, unit time.Duration) time.Duration {
	switch {
	case math.IsNaN(n) || n <= 0:
		return 0
	case n >= float64(maxRetryAfter/unit):
		return maxRetryAfter
	}
	return time.Duration(n * float64(unit))
}
