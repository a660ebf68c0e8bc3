package config

import (
	"errors"
	"strings"
	"testing"
)

func TestResilienceDefaults(t *testing.T) {
	d := Defaults()
	if d.Retry != (Retry{MaxRetries: 3, BaseDelay: 5, MaxDelay: 120, MaxRetryAfter: 300}) {
		t.Errorf("retry %+v", d.Retry)
	}
	if d.Compression.Threshold != 0.5 || d.Compression.ProtectFirst != 3 || d.Compression.ProtectLast != 20 || d.Compression.Enabled != nil {
		t.Errorf("compression %+v", d.Compression)
	}
	if d.Agent.LoopLimit != 5 {
		t.Errorf("loop limit %d", d.Agent.LoopLimit)
	}
}

func TestResilienceKeysAndRanges(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": `model:
  provider: openai
  name: gpt-4o
  context_length: 64000
fallback_providers:
  - provider: anthropic
    model: claude-sonnet-4-5
    api_key: sk-ant-fallback-123
    context_length: 100000
  - provider: langchain:mistral
    api_key: mistral-key-123
retry:
  max_retries: 5
  max_delay: 60
compression:
  enabled: false
  threshold: 0.7
  protect_last: 30
agent:
  loop_limit: 8
`})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir, "OPENAI_API_KEY": "sk-openai-key-1"}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Retry.MaxRetries != 5 || s.Retry.MaxDelay != 60 || s.Retry.BaseDelay != 5 {
		t.Errorf("retry %+v", s.Retry)
	}
	if *s.Compression.Enabled || s.Compression.Threshold != 0.7 || s.Compression.ProtectLast != 30 || s.Compression.ProtectFirst != 3 || s.Agent.LoopLimit != 8 {
		t.Errorf("compression %+v loop %d", s.Compression, s.Agent.LoopLimit)
	}
	ep, err := s.Endpoint()
	if err != nil || ep.ContextLength != 64000 {
		t.Fatalf("endpoint %+v %v", ep, err)
	}
	fbs, errs := s.Fallbacks()
	if len(errs) != 0 || len(fbs) != 2 {
		t.Fatalf("fallbacks %+v %v", fbs, errs)
	}
	if fbs[0].Wire != WireAnthropic || fbs[0].ContextLength != 100000 || fbs[0].APIKey != "sk-ant-fallback-123" {
		t.Errorf("fallback 0: %+v", fbs[0])
	}
	if fbs[1].Provider != "langchain:mistral" || fbs[1].Wire != WireLangchain || fbs[1].Model != "mistral-large-latest" || fbs[1].APIKey != "mistral-key-123" {
		t.Errorf("fallback 1: %+v", fbs[1])
	}

	for _, tc := range []struct{ yaml, key string }{
		{"compression:\n  threshold: 1.5\n", "compression.threshold"},
		{"retry:\n  max_retries: -1\n", "retry.max_retries"},
		{"fallback_providers:\n  - provider: openai\n    context_length: -5\n", "fallback_providers[0].context_length"},
	} {
		dir := writeHome(t, map[string]string{"config.yaml": tc.yaml})
		_, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Key != tc.key || !strings.Contains(err.Error(), "out of range") {
			t.Errorf("%s: %v", tc.key, err)
		}
	}
	home := Home(t.TempDir())
	if err := Set(home, "compression.threshold", "0.99"); err == nil || !strings.Contains(err.Error(), "0.1 to 0.95") {
		t.Errorf("set out of range: %v", err)
	}
	if err := Set(home, "retry.max_retries", "2"); err != nil {
		t.Errorf("set in range: %v", err)
	}
}

func TestLangchainProviders(t *testing.T) {
	env := envMap(map[string]string{"MISTRAL_API_KEY": "from-env-key"})
	ep, err := resolveEndpoint("langchain:mistral", "", "", "", "", env)
	if err != nil || ep.APIKey != "from-env-key" || ep.Model != "mistral-large-latest" || ep.Wire != WireLangchain {
		t.Errorf("mistral: %+v %v", ep, err)
	}
	if _, err := resolveEndpoint("langchain:mistral", "", "", "", "", envMap(nil)); err == nil || !strings.Contains(err.Error(), "MISTRAL_API_KEY") {
		t.Errorf("mistral without key: %v", err)
	}
	if _, err := resolveEndpoint("langchain:bedrock", "", "", "", "", envMap(nil)); err == nil || !strings.Contains(err.Error(), "model") {
		t.Errorf("bedrock without model: %v", err)
	}
	if ep, err := resolveEndpoint("langchain:bedrock", "anthropic.claude-3-5-sonnet-20240620-v1:0", "", "", "", envMap(nil)); err != nil || ep.APIKey != "" {
		t.Errorf("bedrock: %+v %v", ep, err)
	}
	for name, why := range map[string]string{
		"googleai":    "14 MB",
		"cohere":      "compatibility",
		"openai":      "natively",
		"watsonx":     "cannot call tools",
		"huggingface": "cannot call tools",
	} {
		_, err := resolveEndpoint("langchain:"+name, "m", "", "k", "", envMap(nil))
		if err == nil || !strings.Contains(err.Error(), "langchain:"+name+" is not built into herm") || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := resolveEndpoint("langchain:nope", "m", "", "k", "", envMap(nil)); err == nil || !strings.Contains(err.Error(), "langchain:bedrock, langchain:mistral") {
		t.Errorf("unknown: %v", err)
	}
	if _, err := resolveEndpoint("bogus", "m", "", "k", "", envMap(nil)); err == nil || !strings.Contains(err.Error(), "langchain:mistral") {
		t.Errorf("unknown provider error does not list langchain ones: %v", err)
	}
}

// TestModelAPIKeyFromConfig: model.api_key is used when neither a flag nor
// the provider's variable gives a key.
func TestModelAPIKeyFromConfig(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "model:\n  provider: openai\n  api_key: sk-from-config-file\n"})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	ep, err := s.Endpoint()
	if err != nil || ep.APIKey != "sk-from-config-file" {
		t.Fatalf("%+v %v", ep, err)
	}
	s, _ = load(Flags{}, envMap(map[string]string{"HERM_HOME": dir, "OPENAI_API_KEY": "sk-from-env-wins"}))
	if ep, _ := s.Endpoint(); ep.APIKey != "sk-from-env-wins" {
		t.Errorf("env should beat the file: %q", ep.APIKey)
	}
}
