package langchain

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/bedrock"
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

// constructors are the langchaingo clients linked into herm, by name. Which
// ones are linked, and why the others are not, is decided by binary size,
// start-up cost and whether the client can call tools (see
// config.LangchainProviders, which must list the same names).
func constructors() map[string]func(ctx context.Context, c Config) (llms.Model, error) {
	return map[string]func(ctx context.Context, c Config) (llms.Model, error){
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
		"bedrock": func(ctx context.Context, c Config) (llms.Model, error) {
			// Credentials and region come from the AWS chain
			// (AWS_PROFILE, AWS_REGION, ~/.aws, instance roles).
			var load []func(*awsconfig.LoadOptions) error
			if region := c.getenv("AWS_REGION"); region != "" {
				load = append(load, awsconfig.WithRegion(region))
			}
			cfg, err := awsconfig.LoadDefaultConfig(ctx, load...)
			if err != nil {
				return nil, fmt.Errorf("load the AWS configuration for Bedrock: %w", err)
			}
			var clientOpts []func(*bedrockruntime.Options)
			if c.BaseURL != "" {
				endpoint := c.BaseURL
				clientOpts = append(clientOpts, func(o *bedrockruntime.Options) { o.BaseEndpoint = &endpoint })
			}
			return bedrock.New(bedrock.WithModel(c.Model), bedrock.WithClient(bedrockruntime.NewFromConfig(cfg, clientOpts...)))
		},
	}
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
	if !ok {
		return nil, fmt.Errorf("langchain provider %q is not built into herm (built in: %s)", short, strings.Join(Names(), ", "))
	}
	m, err := build(ctx, c)
	if err != nil {
		return nil, fmt.Errorf("langchain:%s: %w", short, err)
	}
	return New("langchain:"+short, m, c.APIKey), nil
}
