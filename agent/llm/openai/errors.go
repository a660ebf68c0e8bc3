package openai

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/herm-dev/herm/agent/llm"
)

// maxErrorBody bounds how much of an error response is read: enough for any
// real error object, small enough that a misbehaving proxy cannot make us
// buffer a large page.
const maxErrorBody = 64 << 10

// snippetLen is how much of a non-JSON error body ends up in a message.
const snippetLen = 200

// maxRetryAfter clamps absurd Retry-After values so they cannot overflow a
// time.Duration; the agent applies its own, much lower, ceiling.
const maxRetryAfter = 24 * time.Hour

// doer is the SDK's HTTP client. It adds the configured headers and turns
// every non-2xx response into an *llm.APIError while the response — and its
// Retry-After headers, which the SDK does not expose — is still at hand.
// The SDK returns errors from its HTTPDoer unchanged, and never retries.
type doer struct {
	client   *http.Client
	provider string
	headers  http.Header
	redact   redactor
}

func (d *doer) Do(req *http.Request) (*http.Response, error) {
	for k, v := range d.headers {
		req.Header[k] = v
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		defer resp.Body.Close()
		return nil, d.apiError(resp)
	}
	return resp, nil
}

func (d *doer) apiError(resp *http.Response) *llm.APIError {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	typ, msg := parseErrorBody(body)
	if msg == "" && err != nil {
		msg = "could not read the error response: " + err.Error()
	}
	return &llm.APIError{
		Provider:   d.provider,
		StatusCode: resp.StatusCode,
		Type:       typ,
		Message:    d.redact.apply(msg),
		RetryAfter: retryAfter(resp.Header, time.Now()),
	}
}

// wireError is the union of the error shapes OpenAI-compatible servers use:
// OpenAI's {"error":{"message","type","code"}}, Ollama's {"error":"…"},
// vLLM's top-level {"object":"error","message","type"}, and FastAPI's
// {"detail":…}.
type wireError struct {
	Error   json.RawMessage `json:"error"`
	Message json.RawMessage `json:"message"`
	Type    string          `json:"type"`
	Code    json.RawMessage `json:"code"`
	Detail  json.RawMessage `json:"detail"`
}

type wireErrorObject struct {
	Message  json.RawMessage `json:"message"`
	Type     string          `json:"type"`
	Code     json.RawMessage `json:"code"`
	Metadata struct {
		Raw json.RawMessage `json:"raw"` // OpenRouter: the upstream provider's own error
	} `json:"metadata"`
}

// parseErrorBody extracts the error type and message from a response body
// in any of the shapes servers use. A body that is not JSON gives its first
// snippetLen bytes, with HTML tags and runs of white space removed.
func parseErrorBody(body []byte) (typ, msg string) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return "", "empty response body"
	}
	var we wireError
	if body[0] != '{' || json.Unmarshal(body, &we) != nil {
		return "", snippet(body)
	}
	if len(we.Error) > 0 && we.Error[0] == '{' {
		var o wireErrorObject
		if json.Unmarshal(we.Error, &o) == nil {
			msg = text(o.Message)
			if raw := text(o.Metadata.Raw); raw != "" && raw != msg {
				msg = joinNonEmpty(msg, shorten(raw))
			}
			return errorType(o.Type, codeValue(o.Code)), msg
		}
	}
	if s := text(we.Error); s != "" {
		return errorType(we.Type, codeValue(we.Code)), s
	}
	msg = joinNonEmpty(text(we.Message), text(we.Detail))
	if msg == "" {
		msg = snippet(body)
	}
	return errorType(we.Type, codeValue(we.Code)), msg
}

// errorType picks the most specific label: OpenAI's string codes
// ("context_length_exceeded", "invalid_api_key") say more than its types
// ("invalid_request_error").
func errorType(typ string, code any) string {
	switch c := code.(type) {
	case string:
		if c != "" {
			return c
		}
	case int:
		if typ == "" {
			return strconv.Itoa(c)
		}
	}
	return typ
}

// codeValue decodes an error code, which servers send as a string, a
// number or null.
func codeValue(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n
	}
	return nil
}

// text renders a JSON value as message text: strings as themselves, lists
// of strings joined (some servers send validation errors as a list), and
// anything else as compact JSON.
func text(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return strings.Join(list, "; ")
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) == nil {
		return shorten(b.String())
	}
	return shorten(string(raw))
}

func joinNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ": " + b
}

// snippet makes a short, readable message out of a body that is not JSON —
// typically an HTML error page from a proxy.
func snippet(body []byte) string {
	s := string(body)
	if strings.HasPrefix(s, "<") {
		s = stripTags(s)
	}
	return shorten(strings.Join(strings.Fields(s), " "))
}

func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			b.WriteByte(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// shorten cuts s to snippetLen bytes on a rune boundary.
func shorten(s string) string {
	if len(s) <= snippetLen {
		return s
	}
	cut := snippetLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// retryAfter reads how long the server asks us to wait: retry-after-ms
// (OpenAI, more precise) first, then Retry-After as seconds or an HTTP date.
// It returns 0 when neither is present or usable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
			return clampWait(ms / 1000)
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		return clampWait(s)
	}
	if t, err := http.ParseTime(v); err == nil {
		return clampWait(t.Sub(now).Seconds())
	}
	return 0
}

func clampWait(seconds float64) time.Duration {
	switch {
	case math.IsNaN(seconds) || seconds <= 0:
		return 0
	case seconds >= maxRetryAfter.Seconds():
		return maxRetryAfter
	}
	return time.Duration(seconds * float64(time.Second))
}

// redactor removes credentials from text that may reach a user or a log:
// some servers echo the credential they rejected.
type redactor struct{ secrets []string }

// newRedactor hides the API key and the values of configured headers whose
// names suggest a credential (Authorization, X-Api-Key…).
func newRedactor(apiKey string, headers http.Header) redactor {
	var r redactor
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

func (r redactor) apply(s string) string {
	for _, secret := range r.secrets {
		s = strings.ReplaceAll(s, secret, "[redacted]")
	}
	return redactBearer(s)
}

// redactBearer hides any "Bearer <token>" a server quotes back.
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
