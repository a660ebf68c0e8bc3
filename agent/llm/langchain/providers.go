package langchain

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/mistral"

	"github.com/herm-dev/herm/agent/llm"
)

// Config is a resolved "langchain:<name>" endpoint.
type Config struct {
	Model   string
	BaseURL string // optional endpoint override
	APIKey  string
	// Getenv reads herm's environment (process, then HERM_HOME/.env);
	// nil reads nothing.
	Getenv func(string) string
}

// constructor builds one langchaingo client.
type constructor func(ctx context.Context, c Config) (llms.Model, error)

// constructors are the langchaingo clients linked into this binary, by
// name. Which ones herm supports, and why the others are left out, is
// decided by binary size, start-up cost and whether the client can call
// tools (config.LangchainProviders lists the supported names). Bedrock is
// supported but linked only with the herm_bedrock build tag (bedrock.go).
func constructors() map[string]constructor {
	m := map[string]constructor{
		"mistral": func(_ context.Context, c Config) (llms.Model, error) {
			// mistral-go retries 429/5xx itself with sleeps that ignore the
			// context, and bounds the whole request (stream included) by a
			// 2-minute timeout: one attempt, herm retries; a generous bound.
			opts := []mistral.Option{mistral.WithAPIKey(c.APIKey), mistral.WithModel(c.Model),
				mistral.WithMaxRetries(1), mistral.WithTimeout(10 * time.Minute)}
			if c.BaseURL != "" {
				opts = append(opts, mistral.WithEndpoint(c.BaseURL))
			}
			return mistral.New(opts...)
		},
	}
	if b := bedrockConstructor(); b != nil {
		m["bedrock"] = b
	}
	return m
}

func (c Config) getenv(k string) string {
	if c.Getenv == nil {
		return ""
	}
	return c.Getenv(k)
}

// Names lists the linked langchaingo providers, sorted.
func Names() []string {
	var out []string
	for n := range constructors() {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Open builds the provider for "langchain:<name>" (or just "<name>").
func Open(ctx context.Context, name string, c Config) (llm.Provider, error) {
	short := strings.TrimPrefix(name, "langchain:")
	build, ok := constructors()[short]
	if !ok && short == "bedrock" {
		return nil, errors.New(bedrockMissing)
	}
	if !ok {
		return nil, fmt.Errorf("langchain provider %q is not built into herm (built in: %s)", short, strings.Join(Names(), ", "))
	}
	m, err := build(ctx, c)
	if err != nil {
		return nil, fmt.Errorf("langchain:%s: %w", short, err)
	}
	return New("langchain:"+short, m, c.APIKey), nil
}
