package openai

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/text"
)

// snippetLen is how much of a non-JSON error body, or of a JSON value that
// is not a string, ends up in a message.
const snippetLen = 200

// doer is the SDK's HTTP client. It adds the configured headers and turns
// every non-2xx response into an *llm.APIError while the response — and its
// Retry-After headers, which the SDK does not expose — is still at hand.
// The SDK returns errors from its HTTPDoer unchanged, and never retries.
type doer struct {
	client   *http.Client
	provider string
	headers  http.Header
	redact   llm.Redactor
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
	e := llm.HTTPError(d.provider, resp, parseErrorBody)
	e.Message = d.redact.Redact(e.Message)
	return e
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
// in any of the shapes servers use. A body that is not JSON gives an
// llm.Excerpt of it.
func parseErrorBody(body []byte) (typ, msg string) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return "", "empty response body"
	}
	var we wireError
	if body[0] != '{' || json.Unmarshal(body, &we) != nil {
		return "", llm.Excerpt(string(body), snippetLen)
	}
	if len(we.Error) > 0 && we.Error[0] == '{' {
		var o wireErrorObject
		if json.Unmarshal(we.Error, &o) == nil {
			msg = valueText(o.Message)
			if raw := valueText(o.Metadata.Raw); raw != "" && raw != msg {
				msg = joinNonEmpty(msg, text.ClipBytes(raw, snippetLen))
			}
			return errorType(o.Type, codeValue(o.Code)), msg
		}
	}
	if s := valueText(we.Error); s != "" {
		return errorType(we.Type, codeValue(we.Code)), s
	}
	msg = joinNonEmpty(valueText(we.Message), valueText(we.Detail))
	if msg == "" {
		msg = llm.Excerpt(string(body), snippetLen)
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

// valueText renders a JSON value as message text: strings as themselves,
// lists of strings joined (some servers send validation errors as a list),
// and anything else as compact JSON.
func valueText(raw json.RawMessage) string {
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
		return text.ClipBytes(b.String(), snippetLen)
	}
	return text.ClipBytes(string(raw), snippetLen)
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
