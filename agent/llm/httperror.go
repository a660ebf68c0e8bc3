package llm

import (
	"html"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/text"
)

// What every adapter that speaks HTTP does with an error answer: read a
// bounded part of the body, let the provider's own parser find the error
// type and message in it, read how long the server asks to wait, and keep
// credentials out of the message. The parsers stay in the adapters (each
// API shapes its errors differently); what the answer means is Classify's.

// maxErrorBody bounds how much of an error response is read: far more than
// any API error object, little enough that a misbehaving proxy cannot make
// herm buffer a large page.
const maxErrorBody = 64 << 10

// maxRetryAfter clamps absurd Retry-After values so they cannot overflow a
// time.Duration; the agent applies its own, much lower, ceiling.
const maxRetryAfter = 24 * time.Hour

// HTTPError converts a non-2xx response from provider into an *APIError:
// its status, the wait it asks for (RetryAfter), and the error type and
// message parse finds in the first 64 KiB of the body. When parse finds no
// message and the body could not be read, the message says so. The message
// is not redacted (that is the adapter's, which knows its secrets; see
// Redactor), and the caller closes the body.
func HTTPError(provider string, resp *http.Response, parse func(body []byte) (typ, msg string)) *APIError {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	typ, msg := parse(body)
	if msg == "" && err != nil {
		msg = "could not read the error response: " + err.Error()
	}
	return &APIError{
		Provider:   provider,
		StatusCode: resp.StatusCode,
		Type:       typ,
		Message:    msg,
		RetryAfter: RetryAfter(resp.Header, time.Now()),
	}
}

// RetryAfter reads how long a server asks to wait before the next request:
// retry-after-ms (OpenAI and Anthropic, the more precise) when it holds a
// positive number of milliseconds, else Retry-After as seconds or an HTTP
// date. It returns 0 when neither is present or usable, and at most 24
// hours.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After-Ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 {
			return clampWait(ms, time.Millisecond)
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
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

// Excerpt makes a short, readable message of an error body that is not an
// API error object, typically a proxy's HTML page or plain text: the text
// alone if the body is markup (tags, comments, scripts and styles dropped,
// entities decoded), runs of white space collapsed, cut to at most n bytes
// on a rune boundary.
func Excerpt(body string, n int) string {
	if strings.HasPrefix(strings.TrimSpace(body), "<") {
		body = html.UnescapeString(stripTags(body))
	}
	return text.ClipBytes(text.OneLine(body), n)
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

// Redactor removes credentials from text that came from a server and may
// reach a person or a log: some servers and proxies echo the credential
// they rejected, or the request's headers. The zero Redactor hides only
// bearer tokens.
type Redactor struct{ secrets []string }

// NewRedactor hides apiKey and the values of the headers whose names
// suggest a credential (Authorization, X-Api-Key, …-Token, …-Secret).
func NewRedactor(apiKey string, headers http.Header) Redactor {
	var r Redactor
	if apiKey != "" {
		r.secrets = append(r.secrets, apiKey)
	}
	for name, values := range headers {
		n := strings.ToLower(name)
		if !strings.Contains(n, "auth") && !strings.Contains(n, "key") &&
			!strings.Contains(n, "token") && !strings.Contains(n, "secret") {
			continue
		}
		for _, v := range values {
			v = strings.TrimSpace(strings.TrimPrefix(v, "Bearer "))
			if v != "" {
				r.secrets = append(r.secrets, v)
			}
		}
	}
	return r
}

// Redact returns s with every secret, and any "Bearer <token>" a server
// quotes back, replaced by [redacted].
func (r Redactor) Redact(s string) string {
	for _, secret := range r.secrets {
		s = strings.ReplaceAll(s, secret, "[redacted]")
	}
	return redactBearer(s)
}

// redactBearer hides any "Bearer <token>" in s.
func redactBearer(s string) string {
	const marker = "Bearer "
	var b strings.Builder
	for {
		i := strings.Index(s, marker)
		if i < 0 {
			break
		}
		b.WriteString(s[:i+len(marker)])
		s = s[i+len(marker):]
		end := strings.IndexAny(s, " \t\r\n\"',;")
		if end < 0 {
			end = len(s)
		}
		if end > 0 {
			b.WriteString("[redacted]")
		}
		s = s[end:]
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(s)
	return b.String()
}
