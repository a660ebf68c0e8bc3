package llm

import (
	"fmt"
	"time"
)

// APIError is an error answer from a provider: an HTTP status with whatever
// the body said. Adapters return it for every non-2xx response and for error
// events inside a stream, so the agent can classify and retry uniformly.
type APIError struct {
	Provider   string
	StatusCode int           // HTTP status; 0 for an error event inside a 200 stream
	Type       string        // provider's error type/code, e.g. "rate_limit_error"
	Message    string        // provider's human message, secrets redacted
	RetryAfter time.Duration // from Retry-After / retry-after-ms headers; 0 if absent
}

func (e *APIError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = "no error message in the response"
	}
	switch {
	case e.StatusCode != 0 && e.Type != "":
		return fmt.Sprintf("%s: HTTP %d %s: %s", e.Provider, e.StatusCode, e.Type, msg)
	case e.StatusCode != 0:
		return fmt.Sprintf("%s: HTTP %d: %s", e.Provider, e.StatusCode, msg)
	case e.Type != "":
		return fmt.Sprintf("%s: %s: %s", e.Provider, e.Type, msg)
	}
	return fmt.Sprintf("%s: %s", e.Provider, msg)
}

// StreamError reports a response that broke after it started: the connection
// dropped, or the server sent something that is not valid for its protocol.
// Parts yielded before it are still valid.
type StreamError struct {
	Provider string
	Reason   string // "stream ended before the response was complete", "malformed chunk"…
	Err      error
}

func (e *StreamError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Provider, e.Reason, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Provider, e.Reason)
}

func (e *StreamError) Unwrap() error { return e.Err }
