package llm_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent/llm"
)

func TestClassifyProviderErrors(t *testing.T) {
	api := func(status int, typ, msg string) error {
		return &llm.APIError{Provider: "p", StatusCode: status, Type: typ, Message: msg}
	}
	for _, tc := range []struct {
		name string
		err  error
		want llm.ErrorClass
	}{
		// OpenAI and compatibles (types as agent/llm/openai reports them:
		// the code when there is one, else the type).
		{"openai 429", api(429, "rate_limit_exceeded", "Rate limit reached for gpt-4o"), llm.ClassRateLimit},
		{"openai quota is billing", api(429, "insufficient_quota", "You exceeded your current quota, please check your plan and billing details."), llm.ClassBilling},
		{"openai context", api(400, "context_length_exceeded", "This model's maximum context length is 128000 tokens."), llm.ClassContextOverflow},
		{"openai bad key", api(401, "invalid_api_key", "Incorrect API key provided"), llm.ClassAuth},
		{"openai region", api(403, "unsupported_country_region_territory", "Country, region, or territory not supported"), llm.ClassAuth},
		{"openai model", api(404, "model_not_found", "The model `gpt-9` does not exist"), llm.ClassModelNotFound},
		{"openai 413", api(413, "request_too_large", "Request too large."), llm.ClassPayloadTooLarge},
		{"openai 500", api(500, "server_error", "The server had an error"), llm.ClassServerError},
		{"openai 503", api(503, "server_error", "The engine is currently overloaded"), llm.ClassOverloaded},
		{"openai filter", api(400, "content_filter", "The response was filtered"), llm.ClassContentFilter},
		{"openai bad request", api(400, "invalid_request_error", "Invalid 'messages[2].tool_calls': empty array."), llm.ClassFormatError},
		{"vllm context", api(400, "BadRequestError", "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens"), llm.ClassContextOverflow},
		{"llama.cpp context", api(400, "exceed_context_size_error", "the request exceeds the available context size"), llm.ClassContextOverflow},
		{"ollama unknown model", api(404, "", `model "llama9" not found, try pulling it first`), llm.ClassModelNotFound},
		{"gateway 502", api(502, "", "Bad Gateway"), llm.ClassServerError},
		{"gateway 504", api(504, "", "Gateway Timeout"), llm.ClassTimeout},
		{"payment required", api(402, "", "Payment Required"), llm.ClassBilling},
		// Anthropic.
		{"anthropic 429", api(429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"), llm.ClassRateLimit},
		{"anthropic 529", api(529, "overloaded_error", "Overloaded"), llm.ClassOverloaded},
		{"anthropic overload event", api(0, "overloaded_error", "Overloaded"), llm.ClassOverloaded},
		{"anthropic api_error event", api(0, "api_error", "Internal server error"), llm.ClassServerError},
		{"anthropic too long", api(400, "invalid_request_error", "prompt is too long: 210415 tokens > 200000 maximum"), llm.ClassContextOverflow},
		{"anthropic max_tokens", api(400, "invalid_request_error", "input length and `max_tokens` exceed context limit: 198000 + 8192 > 200000"), llm.ClassContextOverflow},
		{"anthropic credit", api(400, "invalid_request_error", "Your credit balance is too low to access the Anthropic API."), llm.ClassBilling},
		{"anthropic auth", api(401, "authentication_error", "invalid x-api-key"), llm.ClassAuth},
		{"anthropic permission", api(403, "permission_error", "Your API key does not have permission"), llm.ClassAuth},
		{"anthropic not found", api(404, "not_found_error", "model: claude-9"), llm.ClassModelNotFound},
		{"anthropic 413", api(413, "request_too_large", "Request exceeds the maximum allowed number of bytes."), llm.ClassPayloadTooLarge},
		{"anthropic 500", api(500, "api_error", "Internal server error"), llm.ClassServerError},
		{"unknown", api(0, "", "something odd"), llm.ClassUnknown},
	} {
		if got := llm.Classify(tc.err); got != tc.want {
			t.Errorf("%s: %v → %s, want %s", tc.name, tc.err, got, tc.want)
		}
		// Wrapping does not change the class.
		if got := llm.Classify(fmt.Errorf("turn: %w", tc.err)); got != tc.want {
			t.Errorf("%s wrapped → %s", tc.name, got)
		}
	}
}

func TestClassifyTransportErrors(t *testing.T) {
	// A real refused connection: listen, close, dial.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, refused := http.Get("http://" + addr)
	if refused == nil {
		t.Fatal("dial to a closed port succeeded")
	}
	// A real timeout.
	slow, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	go func() {
		c, err := slow.Accept()
		if err == nil {
			time.Sleep(time.Second)
			c.Close()
		}
	}()
	_, timeout := (&http.Client{Timeout: 50 * time.Millisecond}).Get("http://" + slow.Addr().String())

	for _, tc := range []struct {
		name string
		err  error
		want llm.ErrorClass
	}{
		{"refused", refused, llm.ClassNetwork},
		{"client timeout", timeout, llm.ClassTimeout},
		{"cancelled", context.Canceled, llm.ClassCanceled},
		{"cancelled wrapped", fmt.Errorf("stream: %w", context.Canceled), llm.ClassCanceled},
		{"deadline", context.DeadlineExceeded, llm.ClassTimeout},
		{"cut stream", &llm.StreamError{Provider: "p", Reason: "stream ended before the response was complete", Err: io.ErrUnexpectedEOF}, llm.ClassNetwork},
		{"malformed stream", &llm.StreamError{Provider: "p", Reason: "malformed chunk"}, llm.ClassNetwork},
		{"stream timeout", &llm.StreamError{Provider: "p", Reason: "read", Err: context.DeadlineExceeded}, llm.ClassTimeout},
		{"plain", errors.New("boom"), llm.ClassUnknown},
	} {
		if got := llm.Classify(tc.err); got != tc.want {
			t.Errorf("%s: %v → %s, want %s", tc.name, tc.err, got, tc.want)
		}
	}
}

func TestClassPolicy(t *testing.T) {
	for _, c := range []llm.ErrorClass{llm.ClassRateLimit, llm.ClassOverloaded, llm.ClassServerError, llm.ClassTimeout, llm.ClassNetwork} {
		if !c.Retryable() || c.FailoverNow() {
			t.Errorf("%s should be retried before failing over", c)
		}
	}
	for _, c := range []llm.ErrorClass{llm.ClassAuth, llm.ClassBilling, llm.ClassModelNotFound} {
		if c.Retryable() || !c.FailoverNow() {
			t.Errorf("%s should fail over at once", c)
		}
	}
	for _, c := range []llm.ErrorClass{llm.ClassCanceled, llm.ClassContentFilter} {
		if c.Retryable() || c.FailoverNow() {
			t.Errorf("%s should neither retry nor fail over", c)
		}
	}
	if !llm.ClassContextOverflow.TooLong() || !llm.ClassPayloadTooLarge.TooLong() || llm.ClassContextOverflow.Retryable() {
		t.Error("too-long classes")
	}
}

func TestContextWindowCatalog(t *testing.T) {
	for model, want := range map[string]int{
		"gpt-4o-mini":                 128_000,
		"gpt-4.1":                     1_047_576,
		"gpt-4":                       8_192,
		"claude-sonnet-4-5":           200_000,
		"anthropic/claude-sonnet-4.5": 200_000,
		"us.anthropic.claude-3-5-sonnet-20240620-v1": 200_000,
		"llama3.1:8b":                     131_072,
		"Qwen/Qwen2.5-Coder-32B-Instruct": 131_072,
		"gemini-2.5-pro":                  1_048_576,
		"mistral-large-latest":            131_072,
	} {
		got, ok := llm.ContextWindow(model)
		if !ok || got != want {
			t.Errorf("%s: %d (%v), want %d", model, got, ok, want)
		}
	}
	if got, ok := llm.ContextWindow("my-own-finetune"); ok || got != llm.DefaultContextWindow {
		t.Errorf("unknown model: %d %v", got, ok)
	}
}
