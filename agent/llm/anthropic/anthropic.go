// Package anthropic adapts the Anthropic Messages API to llm.Provider, on top
// of the official Go SDK (anthropic-sdk-go v2, API version 2026-10-21).
//
// The adapter turns herm's OpenAI-shaped conversation into Messages API
// turns (system prompt apart, tool results as tool_result blocks in user
// turns, thinking blocks echoed back with their signatures) and the event
// stream back into llm.Parts. It never retries: the SDK's retries are off
// and every failure is returned as an *llm.APIError, an *llm.StreamError,
// the context's error or a transport error, for the agent to classify.
package anthropic

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/ssestream"

	"github.com/herm-dev/herm/agent/llm"
)

// Defaults for Config fields left zero.
const (
	DefaultName      = "anthropic"
	DefaultMaxTokens = 8192
	// responseHeaderTimeout bounds the wait for the response headers of the
	// default HTTP client (as the SDK's own default client does); it does
	// not limit how long a stream may run.
	responseHeaderTimeout = 10 * time.Minute
)

// Config configures a Provider.
type Config struct {
	// BaseURL is the API root, e.g. https://api.anthropic.com (a trailing
	// /v1 is tolerated). Empty means the production API.
	BaseURL string
	// APIKey is sent in the x-api-key header. It never appears in errors.
	APIKey string
	// HTTPClient carries the requests; nil uses a client with a
	// response-header timeout and no overall timeout, so streams can last.
	HTTPClient *http.Client
	// Name identifies the provider in errors and events; default "anthropic".
	Name string
	// DefaultMaxTokens is sent when a request sets no MaxTokens (the API
	// requires max_tokens); default 8192.
	DefaultMaxTokens int
}

// Provider is an llm.Provider for the Anthropic Messages API. It is safe for
// concurrent use.
type Provider struct {
	name      string
	apiKey    string
	maxTokens int
	client    anthropic.Client
}

var _ llm.Provider = (*Provider)(nil)

// New returns a Provider for cfg. It does no I/O.
func New(cfg Config) *Provider {
	p := &Provider{
		name:      cfg.Name,
		apiKey:    cfg.APIKey,
		maxTokens: cfg.DefaultMaxTokens,
	}
	if p.name == "" {
		p.name = DefaultName
	}
	if p.maxTokens <= 0 {
		p.maxTokens = DefaultMaxTokens
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = defaultHTTPClient()
	}
	opts := []option.RequestOption{
		// herm resolves credentials and the base URL itself (config, .env,
		// profiles); the SDK must not add ANTHROPIC_* variables or profile
		// files of its own behind the user's back.
		option.WithoutEnvironmentDefaults(),
		option.WithHTTPClient(hc),
		// The agent owns retries, with backoff and events the user sees.
		option.WithMaxRetries(0),
		option.WithoutOpenTelemetry(),
	}
	if base := normalizeBaseURL(cfg.BaseURL); base != "" {
		opts = append(opts, option.WithBaseURL(base))
	}
	if cfg.APIKey != "" {
		// x-api-key rather than the SDK's bearer default: the API accepts
		// both, and Anthropic-compatible gateways and proxies expect this one.
		opts = append(opts, option.WithHeader("x-api-key", cfg.APIKey))
	}
	p.client = anthropic.NewClient(opts...)
	return p
}

// Name returns the provider's name.
func (p *Provider) Name() string { return p.name }

func defaultHTTPClient() *http.Client {
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		t = t.Clone()
		t.ResponseHeaderTimeout = responseHeaderTimeout
		return &http.Client{Transport: t}
	}
	return &http.Client{}
}

// normalizeBaseURL drops a trailing "/v1": the SDK adds the version to
// request paths, and base URLs copied from docs or other tools often carry it.
func normalizeBaseURL(u string) string {
	u = strings.TrimRight(strings.TrimSpace(u), "/")
	u = strings.TrimSuffix(u, "/v1")
	return u
}

// Stream sends req and streams the response. See llm.Provider.
//
// The request goes through the SDK (parameters, headers, error bodies, SSE
// framing, error events), but events decode into this package's small
// streamEvent rather than the SDK's MessageStreamEventUnion, whose
// reflective decoding cost about 5 µs and 24 allocations per event.
func (p *Provider) Stream(ctx context.Context, req llm.Request) llm.Stream {
	return func(yield func(llm.Part, error) bool) {
		params, err := p.params(req)
		if err != nil {
			yield(llm.Part{}, err)
			return
		}
		// With a **http.Response destination the SDK hands over the body
		// unread; it still turns an error status into an *anthropic.Error.
		var resp *http.Response
		err = p.client.Post(ctx, "v1/messages", params, &resp, option.WithJSONSet("stream", true))
		s := ssestream.NewStream[streamEvent](ssestream.NewDecoder(resp), err)
		defer s.Close()

		d := decoder{provider: p.name}
		for s.Next() {
			ev := s.Current()
			if err := d.event(&ev, yield); err != nil {
				if err != errStopped {
					yield(llm.Part{}, err)
				}
				return
			}
		}
		if err := p.streamErr(ctx, s.Err(), resp, &d); err != nil {
			yield(llm.Part{}, err)
		}
	}
}
