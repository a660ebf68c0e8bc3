package llm

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
)

// ErrorClass says what kind of failure a provider error is, which decides
// what the agent does about it: wait and retry, compress the conversation,
// move to the next provider, or give up.
type ErrorClass string

// The classes of SPEC "Errors and retries".
const (
	ClassRateLimit       ErrorClass = "rate_limit"        // 429
	ClassOverloaded      ErrorClass = "overloaded"        // 529, 503
	ClassServerError     ErrorClass = "server_error"      // other 5xx
	ClassTimeout         ErrorClass = "timeout"           // no answer in time
	ClassNetwork         ErrorClass = "network"           // connection refused/reset, stream cut
	ClassContextOverflow ErrorClass = "context_overflow"  // the prompt does not fit the window
	ClassPayloadTooLarge ErrorClass = "payload_too_large" // 413: the request body is too big
	ClassAuth            ErrorClass = "auth"              // 401, 403
	ClassBilling         ErrorClass = "billing"           // 402, quota exhausted
	ClassModelNotFound   ErrorClass = "model_not_found"   // 404, unknown model
	ClassContentFilter   ErrorClass = "content_filter"    // refused by a safety filter
	ClassFormatError     ErrorClass = "format_error"      // the provider rejected the request's shape
	ClassCanceled        ErrorClass = "canceled"          // the caller cancelled; never retried
	ClassUnknown         ErrorClass = "unknown"
)

// Retryable reports whether waiting and sending the same request again may
// succeed.
func (c ErrorClass) Retryable() bool {
	switch c {
	case ClassRateLimit, ClassOverloaded, ClassServerError, ClassTimeout, ClassNetwork:
		return true
	}
	return false
}

// FailoverNow reports whether the next provider of a fallback chain should
// be tried at once: this provider will not answer this request however
// often it is asked (bad key, no credit, no such model, a request shape it
// refuses, a failure nobody recognises).
func (c ErrorClass) FailoverNow() bool {
	switch c {
	case ClassAuth, ClassBilling, ClassModelNotFound, ClassFormatError, ClassUnknown:
		return true
	}
	return false
}

// TooLong reports whether the request was refused for its size, which
// compressing the conversation can fix.
func (c ErrorClass) TooLong() bool {
	return c == ClassContextOverflow || c == ClassPayloadTooLarge
}

// Classify sorts an error from a Provider's stream into an ErrorClass. It
// reads *APIError (status, provider error type and message, in both wire
// protocols' vocabularies), *StreamError and transport errors. A nil error
// is ClassUnknown.
func Classify(err error) ErrorClass {
	if err == nil {
		return ClassUnknown
	}
	if errors.Is(err, context.Canceled) {
		return ClassCanceled
	}
	var api *APIError
	if errors.As(err, &api) {
		return classifyAPI(api)
	}
	var se *StreamError
	if errors.As(err, &se) {
		if se.Err != nil {
			if c := classifyTransport(se.Err); c != ClassUnknown {
				return c
			}
		}
		// A stream that broke or sent garbage mid-way is the server's or
		// the network's fault, not the request's: sending it again usually
		// works.
		return ClassNetwork
	}
	if c := classifyTransport(err); c != ClassUnknown {
		return c
	}
	return classifyMessage(0, "", err.Error())
}

// classifyTransport recognises failures below HTTP: timeouts, refused or
// reset connections, DNS failures, a body cut short.
func classifyTransport(err error) ErrorClass {
	if errors.Is(err, context.DeadlineExceeded) {
		return ClassTimeout
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return ClassTimeout
	}
	switch {
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return ClassNetwork
	}
	var dns *net.DNSError
	var op *net.OpError
	if errors.As(err, &dns) || errors.As(err, &op) {
		return ClassNetwork
	}
	return ClassUnknown
}

func classifyAPI(e *APIError) ErrorClass {
	typ := strings.ToLower(e.Type)
	msg := strings.ToLower(e.Message)
	// The provider's own error type is the most specific signal; some
	// types contradict the status (OpenAI answers an exhausted quota with
	// 429, Anthropic sends overload as an event inside a 200 stream).
	switch typ {
	case "insufficient_quota", "billing_error", "billing_not_active", "payment_required":
		return ClassBilling
	case "context_length_exceeded", "string_above_max_length", "exceed_context_size_error":
		return ClassContextOverflow
	case "request_too_large":
		return ClassPayloadTooLarge
	case "rate_limit_error", "rate_limit_exceeded", "tokens", "requests":
		if e.StatusCode == 0 || e.StatusCode == 429 {
			return ClassRateLimit
		}
	case "overloaded_error":
		return ClassOverloaded
	case "authentication_error", "invalid_api_key", "permission_error", "permission_denied":
		return ClassAuth
	case "model_not_found", "not_found_error":
		return ClassModelNotFound
	case "content_filter", "content_policy_violation":
		return ClassContentFilter
	case "api_error", "internal_server_error", "server_error":
		if e.StatusCode == 0 {
			return ClassServerError
		}
	case "timeout_error":
		return ClassTimeout
	}
	return classifyMessage(e.StatusCode, typ, msg)
}

// classifyMessage decides from the status and, where the status is
// ambiguous (400, or none), from the message text.
func classifyMessage(status int, typ, msg string) ErrorClass {
	msg = strings.ToLower(msg)
	switch {
	case status == 0:
	case status == 402:
		return ClassBilling
	case status == 401 || status == 403:
		return ClassAuth
	case status == 404:
		return ClassModelNotFound
	case status == 408:
		return ClassTimeout
	case status == 413:
		return ClassPayloadTooLarge
	case status == 429:
		if containsAny(msg, billingWords) {
			return ClassBilling
		}
		return ClassRateLimit
	case status == 503 || status == 529:
		return ClassOverloaded
	case status == 504:
		return ClassTimeout
	case status >= 500:
		return ClassServerError
	}
	switch {
	case contextOverflow(msg):
		return ClassContextOverflow
	case containsAny(msg, billingWords):
		return ClassBilling
	case containsAny(msg, []string{"content filter", "content_filter", "content management policy", "safety system", "flagged"}):
		return ClassContentFilter
	case containsAny(msg, []string{"model not found", "does not exist", "unknown model", "no such model", "invalid model", "model_not_found"}):
		return ClassModelNotFound
	case containsAny(msg, []string{"invalid api key", "invalid x-api-key", "incorrect api key", "unauthorized", "authentication"}):
		return ClassAuth
	case containsAny(msg, []string{"rate limit", "rate_limit", "too many requests"}):
		return ClassRateLimit
	case containsAny(msg, []string{"overloaded", "temporarily unavailable", "capacity"}):
		return ClassOverloaded
	case containsAny(msg, []string{"timed out", "timeout", "deadline exceeded"}):
		return ClassTimeout
	case containsAny(msg, []string{"connection refused", "connection reset", "broken pipe", "no such host", "eof"}):
		return ClassNetwork
	}
	if status >= 400 && status < 500 {
		return ClassFormatError
	}
	return ClassUnknown
}

var billingWords = []string{"insufficient_quota", "exceeded your current quota", "credit balance", "billing", "payment required", "insufficient credits", "out of credits"}

// contextOverflow recognises "the prompt is too long" in the words of
// OpenAI, Anthropic and the common OpenAI-compatible servers (vLLM,
// llama.cpp, Ollama, OpenRouter, LM Studio).
func contextOverflow(msg string) bool {
	return containsAny(msg, []string{
		"context_length_exceeded",
		"maximum context length",   // OpenAI, vLLM, OpenRouter
		"context length",           // "exceeds the context length"
		"context window",           // "exceeds the context window"
		"context size",             // llama.cpp: "exceeds the available context size"
		"prompt is too long",       // Anthropic: "prompt is too long: 210000 tokens > 200000 maximum"
		"exceed context limit",     // Anthropic: "input length and max_tokens exceed context limit"
		"too many tokens",          // various
		"reduce the length",        // OpenAI: "Please reduce the length of the messages"
		"input is too long",        // Bedrock, Mistral
		"tokens exceeds the limit", // others
		"token limit",
	})
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
