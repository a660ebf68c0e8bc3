package anthropic

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/herm-dev/herm/agent/llm"
)

// snippetLen is how much of a body that is not an API error object ends up
// in the message.
const snippetLen = 300

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
	out := llm.HTTPError(p.name, resp, parseErrorBody)
	if loc := resp.Header.Get("Location"); loc != "" && resp.StatusCode/100 == 3 {
		// Redirects are not followed (see checkRedirect); say where to.
		out.Message = "the server redirects to " + loc + "; set the base URL to match it"
	}
	out.Message = p.redact.Redact(out.Message)
	return out
}

// eventError converts an error event inside a stream that began with
// 200 OK, or an error envelope sent with 200 by a proxy. There is no HTTP
// status to report, except that an overload is reported as the 529 the API
// would have answered before the stream began, so that the agent treats
// both alike.
func (p *Provider) eventError(data []byte) *llm.APIError {
	typ, msg := parseErrorBody(data)
	out := &llm.APIError{Provider: p.name, Type: typ, Message: p.redact.Redact(msg)}
	if out.Type == "overloaded_error" {
		out.StatusCode = 529
	}
	return out
}

// parseErrorBody reads the API's error envelope from body. Anything else —
// a gateway's HTML page, plain text — becomes an llm.Excerpt of it.
func parseErrorBody(body []byte) (typ, msg string) {
	var env struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"` // API gateways' {"message":…}
	}
	if json.Unmarshal(body, &env) == nil {
		var e wireError
		var s string
		switch {
		case json.Unmarshal(env.Error, &e) == nil:
			typ, msg = e.Type, e.Message
		case json.Unmarshal(env.Error, &s) == nil: // proxies' {"error":"…"}
			msg = s
		default:
			msg = env.Message
		}
		msg = strings.TrimSpace(msg)
	}
	if msg == "" {
		msg = llm.Excerpt(string(body), snippetLen)
	}
	return typ, msg
}
