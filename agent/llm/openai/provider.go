// Package openai adapts OpenAI-compatible Chat Completions endpoints —
// OpenAI itself, OpenRouter, Ollama's /v1, vLLM, llama.cpp, LM Studio — to
// llm.Provider.
//
// Requests are built and sent with github.com/sashabaranov/go-openai. The
// stream's chunks are decoded here rather than by the SDK's typed Recv,
// because servers disagree on details the SDK's types cannot express:
// reasoning arrives as "reasoning_content" or "reasoning", tool-call deltas
// may lack their index, arguments may come as an object, and errors may be
// embedded in a chunk.
package openai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/herm-dev/herm/agent/llm"
)

// DefaultBaseURL is OpenAI's API, used when Config.BaseURL is empty.
const DefaultBaseURL = "https://api.openai.com/v1"

// emptyMessagesLimit is how many consecutive non-data SSE lines the SDK
// tolerates before giving up. OpenRouter sends ": OPENROUTER PROCESSING"
// comments while a slow model thinks; the SDK's default of 300 lines could
// end a healthy stream, so the limit only guards against a runaway server.
const emptyMessagesLimit = 1 << 16

// Config says which endpoint to talk to and how.
type Config struct {
	// BaseURL is the API root including the version, e.g.
	// "https://openrouter.ai/api/v1" or "http://localhost:11434/v1".
	// Empty means DefaultBaseURL.
	BaseURL string
	// APIKey is sent as a bearer token; empty sends none (local servers).
	APIKey string
	// Name identifies the provider in errors and events ("openai",
	// "openrouter", "ollama"…). Empty means "openai".
	Name string
	// HTTPClient sends the requests; nil uses a client without a timeout,
	// since streams last as long as the model talks: bound a call with its
	// context instead.
	HTTPClient *http.Client
	// Headers are added to every request, e.g. OpenRouter's HTTP-Referer
	// and X-Title. They may replace the SDK's headers, Authorization
	// included.
	Headers map[string]string
}

// Provider streams chat completions from one OpenAI-compatible endpoint.
// It is safe for concurrent use.
type Provider struct {
	name    string
	baseURL string
	client  *goopenai.Client
	redact  llm.Redactor
}

// New returns a Provider for cfg. It does not contact the server.
func New(cfg Config) *Provider {
	name := cfg.Name
	if name == "" {
		name = "openai"
	}
	base := strings.TrimRight(cfg.BaseURL, "/")
	if base == "" {
		base = DefaultBaseURL
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	headers := make(http.Header, len(cfg.Headers))
	for k, v := range cfg.Headers {
		headers.Set(k, v)
	}
	red := llm.NewRedactor(cfg.APIKey, headers)

	sc := goopenai.DefaultConfig(cfg.APIKey)
	sc.BaseURL = base
	sc.EmptyMessagesLimit = emptyMessagesLimit
	sc.HTTPClient = &doer{client: hc, provider: name, headers: headers, redact: red}
	return &Provider{
		name:    name,
		baseURL: base,
		client:  goopenai.NewClientWithConfig(sc),
		redact:  red,
	}
}

// Name returns the provider's name from Config.
func (p *Provider) Name() string { return p.name }

// ListModels returns the IDs of the models the endpoint lists (GET
// /models), sorted. Errors are those of Stream before its first part.
func (p *Provider) ListModels(ctx context.Context) ([]string, error) {
	list, err := p.client.ListModels(ctx)
	if err != nil {
		return nil, p.sendError(ctx, err)
	}
	ids := make([]string, 0, len(list.Models))
	for _, m := range list.Models {
		if m.ID != "" {
			ids = append(ids, m.ID)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// Stream sends req and streams the answer as llm.Parts. Nothing is sent
// until the caller starts ranging over the stream, and breaking out of the
// range closes the response at once.
//
// Errors: a non-2xx answer is an *llm.APIError; a stream that breaks, ends
// early or carries an undecodable chunk is an *llm.StreamError after the
// parts already yielded; a cancelled ctx yields ctx.Err().
func (p *Provider) Stream(ctx context.Context, req llm.Request) llm.Stream {
	return func(yield func(llm.Part, error) bool) {
		creq, err := p.chatRequest(req)
		if err != nil {
			yield(llm.Part{}, err)
			return
		}
		s, err := p.client.CreateChatCompletionStream(ctx, creq)
		if err != nil {
			yield(llm.Part{}, p.sendError(ctx, err))
			return
		}
		defer s.Close()

		d := newDecoder(p.name, p.redact)
		for {
			raw, err := s.RecvRaw()
			if err != nil {
				if errors.Is(err, io.EOF) && d.complete() {
					for _, part := range d.end() {
						if !yield(part, nil) {
							return
						}
					}
					return
				}
				yield(llm.Part{}, p.readError(ctx, err))
				return
			}
			parts, err := d.decode(raw)
			if err != nil {
				yield(llm.Part{}, err)
				return
			}
			for _, part := range parts {
				if !yield(part, nil) {
					return
				}
			}
		}
	}
}

// sendError explains a failure to get a streaming response started.
func (p *Provider) sendError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if _, ok := errors.AsType[*llm.APIError](err); ok {
		return err
	}
	if ue, ok := errors.AsType[*url.Error](err); ok {
		// The url.Error repeats method and URL; say it once, plainly.
		return fmt.Errorf("%s: could not reach %s: %w", p.name, p.baseURL, ue.Err)
	}
	return fmt.Errorf("%s: request not sent: %w", p.name, err)
}

// readError explains a failure while reading the stream. The SDK reports
// both a clean end without a finish_reason and a truncated body as read
// errors; either way the answer is incomplete.
func (p *Provider) readError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if ae, ok := errors.AsType[*goopenai.APIError](err); ok {
		// An error object sent as an SSE event inside a 200 response.
		return &llm.APIError{
			Provider:   p.name,
			StatusCode: ae.HTTPStatusCode,
			Type:       errorType(ae.Type, ae.Code),
			Message:    p.redact.Redact(ae.Message),
		}
	}
	if errors.Is(err, io.EOF) {
		err = nil // a clean close, just too early: nothing more to say
	}
	return &llm.StreamError{Provider: p.name, Reason: "stream ended before the response was complete", Err: err}
}
