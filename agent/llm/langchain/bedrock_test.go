//go:build herm_bedrock

package langchain_test

import (
	"context"
	"testing"

	"github.com/herm-dev/herm/agent/llm/langchain"
)

// TestBedrockBuilds: with the build tag, langchain:bedrock constructs its
// client from the AWS chain without any network call.
func TestBedrockBuilds(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	t.Setenv("AWS_CONFIG_FILE", "/dev/null")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/dev/null")
	p, err := langchain.Open(context.Background(), "langchain:bedrock", langchain.Config{
		Model: "anthropic.claude-3-5-sonnet-20240620-v1:0", BaseURL: "http://127.0.0.1:1",
		Getenv: func(k string) string { return map[string]string{"AWS_REGION": "us-east-1"}[k] },
	})
	if err != nil || p.Name() != "langchain:bedrock" {
		t.Fatalf("%v %v", p, err)
	}
}
