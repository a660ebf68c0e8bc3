package config

import (
	"fmt"
	"sort"
	"strings"
)

// Wire protocols herm speaks.
const (
	WireOpenAI    = "openai"    // OpenAI chat completions and compatibles
	WireAnthropic = "anthropic" // Anthropic messages
)

// providerInfo describes a known provider: which wire it speaks, where it
// lives by default, and which environment variables configure it.
type providerInfo struct {
	wire         string
	baseURL      string
	keyEnv       string // API key variable; "" = no key needed (local servers)
	baseURLEnv   string // variable overriding the base URL
	defaultModel string
}

var providers = map[string]providerInfo{
	"openai":     {wire: WireOpenAI, baseURL: "https://api.openai.com/v1", keyEnv: "OPENAI_API_KEY", baseURLEnv: "OPENAI_BASE_URL", defaultModel: "gpt-4.1-mini"},
	"anthropic":  {wire: WireAnthropic, baseURL: "https://api.anthropic.com", keyEnv: "ANTHROPIC_API_KEY", baseURLEnv: "ANTHROPIC_BASE_URL", defaultModel: "claude-sonnet-4-5"},
	"openrouter": {wire: WireOpenAI, baseURL: "https://openrouter.ai/api/v1", keyEnv: "OPENROUTER_API_KEY", defaultModel: "anthropic/claude-sonnet-4.5"},
	"ollama":     {wire: WireOpenAI, baseURL: "http://localhost:11434/v1", baseURLEnv: "OLLAMA_HOST"},
	"lmstudio":   {wire: WireOpenAI, baseURL: "http://localhost:1234/v1"},
	"vllm":       {wire: WireOpenAI, baseURL: "http://localhost:8000/v1"},
	"llamacpp":   {wire: WireOpenAI, baseURL: "http://localhost:8080/v1"},
	"custom":     {wire: WireOpenAI},
}

// ProviderNames lists the providers herm knows, sorted.
func ProviderNames() []string {
	out := make([]string, 0, len(providers))
	for n := range providers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Endpoint is a fully resolved model endpoint: everything an adapter needs.
type Endpoint struct {
	Provider string // canonical provider name
	Wire     string // WireOpenAI or WireAnthropic
	Model    string
	BaseURL  string
	APIKey   string
}

// ErrNoProvider explains how to configure a provider when none is.
const noProviderHelp = `no model provider is configured.
Set one of these and run again:
  export OPENAI_API_KEY=sk-...        (OpenAI)
  export ANTHROPIC_API_KEY=sk-ant-... (Anthropic)
  export OPENROUTER_API_KEY=sk-or-... (OpenRouter)
  export OLLAMA_HOST=http://localhost:11434 and herm config set model.name llama3.1
or point herm at any OpenAI-compatible server:
  herm config set model.provider custom
  herm config set model.base_url http://localhost:8000/v1
  herm config set model.name MODEL`

// Resolve turns a provider, model, base URL and key (any may be empty) into
// an Endpoint, filling the rest from the environment and provider defaults.
func resolveEndpoint(provider, model, baseURL, apiKey string, getenv func(string) string) (Endpoint, error) {
	provider = strings.ToLower(strings.TrimSpace(provider))
	if provider == "" || provider == "auto" {
		provider = detectProvider(model, baseURL, getenv)
		if provider == "" {
			return Endpoint{}, fmt.Errorf("%s", noProviderHelp)
		}
	}
	info, ok := providers[provider]
	if !ok {
		return Endpoint{}, fmt.Errorf("unknown provider %q: use one of %s", provider, strings.Join(ProviderNames(), ", "))
	}
	ep := Endpoint{Provider: provider, Wire: info.wire, Model: model, BaseURL: baseURL, APIKey: apiKey}
	if ep.APIKey == "" && info.keyEnv != "" {
		ep.APIKey = getenv(info.keyEnv)
	}
	if ep.BaseURL == "" && info.baseURLEnv != "" {
		ep.BaseURL = getenv(info.baseURLEnv)
		if provider == "ollama" && ep.BaseURL != "" {
			ep.BaseURL = ollamaV1(ep.BaseURL)
		}
	}
	if ep.BaseURL == "" {
		ep.BaseURL = info.baseURL
	}
	if ep.BaseURL == "" {
		return Endpoint{}, fmt.Errorf("provider %q needs a base URL: herm config set model.base_url http://HOST:PORT/v1 (or --base-url)", provider)
	}
	if ep.Model == "" {
		ep.Model = info.defaultModel
	}
	if ep.Model == "" {
		return Endpoint{}, fmt.Errorf("provider %q has no default model: herm config set model.name MODEL (or --model)", provider)
	}
	if info.keyEnv != "" && ep.APIKey == "" && ep.BaseURL == info.baseURL {
		return Endpoint{}, fmt.Errorf("provider %q needs an API key: export %s=... (or put it in the .env file in your herm home, or pass --api-key)", provider, info.keyEnv)
	}
	return ep, nil
}

// detectProvider picks a provider from what is set: an explicit base URL
// means an OpenAI-compatible server; otherwise the first API key found, with
// Claude models preferring Anthropic.
func detectProvider(model, baseURL string, getenv func(string) string) string {
	switch {
	case baseURL != "":
		if strings.Contains(baseURL, "anthropic") {
			return "anthropic"
		}
		return "custom"
	case strings.HasPrefix(model, "claude") && getenv("ANTHROPIC_API_KEY") != "":
		return "anthropic"
	case getenv("OPENAI_API_KEY") != "" || getenv("OPENAI_BASE_URL") != "":
		return "openai"
	case getenv("ANTHROPIC_API_KEY") != "":
		return "anthropic"
	case getenv("OPENROUTER_API_KEY") != "":
		return "openrouter"
	case getenv("OLLAMA_HOST") != "":
		return "ollama"
	}
	return ""
}

// ollamaV1 turns OLLAMA_HOST (host:port or a URL) into its OpenAI-compatible
// endpoint.
func ollamaV1(host string) string {
	if !strings.Contains(host, "://") {
		host = "http://" + host
	}
	host = strings.TrimRight(host, "/")
	if !strings.HasSuffix(host, "/v1") {
		host += "/v1"
	}
	return host
}
