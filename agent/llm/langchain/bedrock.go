//go:build herm_bedrock

package langchain

import (
	"context"
	"fmt"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/bedrock"
)

// bedrockMissing is unused when Bedrock is linked.
const bedrockMissing = ""

// bedrockConstructor builds langchaingo's Bedrock client. Credentials and
// region come from the AWS chain (AWS_PROFILE, AWS_REGION, ~/.aws,
// instance roles); a base URL overrides the runtime endpoint.
func bedrockConstructor() constructor {
	return func(ctx context.Context, c Config) (llms.Model, error) {
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
	}
}
