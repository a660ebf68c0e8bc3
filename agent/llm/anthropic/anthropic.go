// Package anthropic adapts the Anthropic Messages API to llm.Provider. It
// speaks the wire protocol (API version 2026-10-21) with net/http directly.
//
// The adapter turns herm's OpenAI-shaped conversation into Messages API
// turns (system prompt apart, tool results as tool_result blocks in user
// turns, thinking blocks echoed back with their signatures) and the event
// stream back into llm.Parts. It never retries: every failure is returned
// as an *llm.APIError, an *llm.StreamError, the context's error or a
// transport error, for the agent to classify.
package anthropic

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/herm-dev/herm/agent/llm"
)

// Defaults for Config fields left zero.
const (
	DefaultName      = "anthropic"
	DefaultMaxTokens = 8192
)

const (
	// defaultBaseURL is the production API.
	defaultBaseURL = "https://api.anthropic.com"
	// apiVersion is sent as the anthropic-version header: the version the
	// official Go SDK v2.15.0 sent, which this adapter was tested against.
	// It fixes the request and event shapes, and rules out temperature
	// (see encode).
	apiVersion = "2026-10-21"
	// responseHeaderTimeout bounds the wait for the response headers of the
	// default HTTP client; it does not limit how long a stream may run.
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
	// Either way redirects are not followed: net/http would send the
	// x-api-key header on to whatever host a redirect names.
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
	endpoint  string // the messages URL
	client    *http.Client
	redact    llm.Redactor // keeps the key out of what servers echo
}

var _ llm.Provider = (*Provider)(nil)

// New returns a Provider for cfg. It does no I/O.
func New(cfg Config) *Provider {
	p := &Provider{
		name:      cfg.Name,
		apiKey:    cfg.APIKey,
		maxTokens: cfg.DefaultMaxTokens,
		redact:    llm.NewRedactor(cfg.APIKey, nil),
	}
	if p.name == "" {
		p.name = DefaultName
	}
	if p.maxTokens <= 0 {
		p.maxTokens = DefaultMaxTokens
	}
	base := normalizeBaseURL(cfg.BaseURL)
	if base == "" {
		base = defaultBaseURL
	}
	p.endpoint = base + "/v1/messages"
	if cfg.HTTPClient != nil {
		c := *cfg.HTTPClient // a copy: the caller's client stays as it was
		p.client = &c
	} else {
		p.client = defaultHTTPClient()
	}
	p.client.CheckRedirect = checkRedirect
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

// checkRedirect stops at every redirect, which the API never sends: net/http
// keeps custom headers such as x-api-key when it follows one to another
// host, and turns the POST into a GET on 301, 302 and 303. The 3xx becomes
// an APIError that says where the server pointed.
func checkRedirect(*http.Request, []*http.Request) error {
	return http.ErrUseLastResponse
}

// normalizeBaseURL drops a trailing "/v1": request paths carry the version,
// and base URLs copied from docs or other tools often carry it too.
func normalizeBaseURL(u string) string {
	u = strings.TrimRight(strings.TrimSpace(u), "/")
	u = strings.TrimSuffix(u, "/v1")
	return u
}

// Stream sends req and streams the response. See llm.Provider.
func (p *Provider) Stream(ctx context.Context, req llm.Request) llm.Stream {
	return func(yield func(llm.Part, error) bool) {
		body, err := p.encode(req)
		if err != nil {
			yield(llm.Part{}, err)
			return
		}
		resp, err := p.post(ctx, body)
		if err != nil {
			yield(llm.Part{}, err)
			return
		}
		// Closing the body is what ends the request when the consumer
		// stops early or the stream fails.
		defer resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			yield(llm.Part{}, p.statusError(resp))
			return
		}
		if isJSON(resp.Header.Get("Content-Type")) {
			err = p.readMessage(ctx, resp.Body, yield)
		} else {
			err = p.readEvents(ctx, resp.Body, yield)
		}
		if err != nil && err != errStopped {
			yield(llm.Part{}, err)
		}
	}
}

// post sends the request body and returns the response, whatever its status.
func (p *Provider) post(ctx context.Context, body []byte) (*http.Response, error) {
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, p.endpoint, bytes.NewReader(body))
	if err != nil {
		// Not the URL itself: a base URL may carry a password.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("%s: the base URL is not usable: %w", p.name, err)
	}
	h := hreq.Header
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "text/event-stream, application/json")
	h.Set("anthropic-version", apiVersion)
	if p.apiKey != "" {
		// x-api-key rather than a bearer token: the API accepts both, and
		// Anthropic-compatible gateways and proxies expect this one.
		h.Set("x-api-key", p.apiKey)
	}
	resp, err := p.client.Do(hreq)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, fmt.Errorf("%s: request stopped: %w", p.name, ctxErr)
		}
		// Connection refused, DNS, TLS, timeout. The transport error stays
		// reachable for errors.As (net.Error…); it names the URL, never
		// the key, which only travels in a header.
		return nil, fmt.Errorf("%s: %w", p.name, err)
	}
	return resp, nil
}

// isJSON reports whether a Content-Type is JSON rather than an event stream.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}
