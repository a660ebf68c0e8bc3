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
	WireLangchain = "langchain" // a langchaingo client (agent/llm/langchain)
)

// LangchainPrefix introduces a langchaingo provider: langchain:mistral.
const LangchainPrefix = "langchain:"

// langchainInfo describes a provider langchaingo ships. excluded says why
// herm does not link it ("" = it is built in); the other fields are as in
// providerInfo.
type langchainInfo struct {
	keyEnv       string
	defaultModel string
	excluded     string
}

// langchainProviders lists langchaingo's providers. Those herm supports
// (excluded == "") are agent/llm/langchain's (a test checks). Sizes are what
// each would add to the stripped binary.
func langchainProviders() map[string]langchainInfo {
	const (
		native  = "herm speaks this provider natively and better: use provider %s"
		noTools = "langchaingo's %s client cannot call tools, which herm's agent needs"
	)
	return map[string]langchainInfo{
		"mistral": {keyEnv: "MISTRAL_API_KEY", defaultModel: "mistral-large-latest"},
		// AWS credentials and region come from the AWS chain. Linked only
		// with the herm_bedrock build tag (+3.7 MB, ~1 ms of start-up);
		// otherwise the provider says how to rebuild.
		"bedrock": {},
		"googleai": {excluded: "it would add 14 MB (Google's gRPC SDK) to herm's binary; use Gemini's OpenAI-compatible endpoint instead: " +
			"provider custom, base_url https://generativelanguage.googleapis.com/v1beta/openai/, api_key your Gemini key"},
		"vertex": {excluded: "it would add 18 MB (Google Cloud SDK) to herm's binary; use Vertex AI's OpenAI-compatible endpoint with provider custom"},
		"cohere": {excluded: "it would add 2 MB and tokenizer start-up work to herm; use Cohere's OpenAI-compatible endpoint: " +
			"provider custom, base_url https://api.cohere.ai/compatibility/v1"},
		"openai":      {excluded: fmt.Sprintf(native, "openai")},
		"anthropic":   {excluded: fmt.Sprintf(native, "anthropic")},
		"ollama":      {excluded: fmt.Sprintf(native, "ollama")},
		"llamafile":   {excluded: fmt.Sprintf(native, "custom with llamafile's base_url (http://localhost:8080/v1)")},
		"huggingface": {excluded: fmt.Sprintf(noTools, "huggingface") + "; Hugging Face's router is OpenAI-compatible: provider custom, base_url https://router.huggingface.co/v1"},
		"cloudflare":  {excluded: fmt.Sprintf(noTools, "cloudflare") + "; Workers AI is OpenAI-compatible: provider custom, base_url https://api.cloudflare.com/client/v4/accounts/ACCOUNT_ID/ai/v1"},
		"watsonx":     {excluded: fmt.Sprintf(noTools, "watsonx")},
		"ernie":       {excluded: fmt.Sprintf(noTools, "ernie")},
		"maritaca":    {excluded: fmt.Sprintf(noTools, "maritaca")},
	}
}

// LangchainProviders returns the langchaingo providers herm supports,
// sorted.
func LangchainProviders() []string {
	var out []string
	for n, info := range langchainProviders() {
		if info.excluded == "" {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// resolveLangchain resolves provider "langchain:<name>".
func resolveLangchain(name, model, baseURL, apiKey, fileKey string, getenv func(string) string) (Endpoint, error) {
	info, ok := langchainProviders()[name]
	if !ok {
		return Endpoint{}, fmt.Errorf("unknown langchain provider %q: herm links %s%s", name,
			LangchainPrefix+strings.Join(LangchainProviders(), ", "+LangchainPrefix), "")
	}
	if info.excluded != "" {
		return Endpoint{}, fmt.Errorf("provider %s%s is not built into herm: %s", LangchainPrefix, name, info.excluded)
	}
	ep := Endpoint{Provider: LangchainPrefix + name, Wire: WireLangchain, Model: model, BaseURL: baseURL, APIKey: apiKey}
	if ep.APIKey == "" && info.keyEnv != "" {
		ep.APIKey = getenv(info.keyEnv)
	}
	if ep.APIKey == "" {
		ep.APIKey = fileKey
	}
	if ep.Model == "" {
		ep.Model = info.defaultModel
	}
	if ep.Model == "" {
		return Endpoint{}, fmt.Errorf("provider %s%s has no default model: herm config set model.name MODEL (or --model)", LangchainPrefix, name)
	}
	if info.keyEnv != "" && ep.APIKey == "" {
		return Endpoint{}, fmt.Errorf("provider %s%s needs an API key: export %s=... (or put it in the .env file in your herm home, or pass --api-key)", LangchainPrefix, name, info.keyEnv)
	}
	return ep, nil
}

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
	// ContextLength overrides the catalog's context window (0 = catalog).
	ContextLength int
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
//
// apiKey (flag or fallback entry) wins over the provider's environment
// variable, which wins over fileKey (config.yaml's model.api_key).
func resolveEndpoint(provider, model, baseURL, apiKey, fileKey string, getenv func(string) string) (Endpoint, error) {
	provider = strings.ToLower(strings.TrimSpace(provider))
	if name, ok := strings.CutPrefix(provider, LangchainPrefix); ok {
		return resolveLangchain(name, model, baseURL, apiKey, fileKey, getenv)
	}
	if provider == "" || provider == "auto" {
		provider = detectProvider(model, baseURL, getenv)
		if provider == "" {
			return Endpoint{}, fmt.Errorf("%s", noProviderHelp)
		}
	}
	info, ok := providers[provider]
	if !ok {
		return Endpoint{}, fmt.Errorf("unknown provider %q: use one of %s, or %s%s", provider, strings.Join(ProviderNames(), ", "),
			LangchainPrefix, strings.Join(LangchainProviders(), ", "+LangchainPrefix))
	}
	ep := Endpoint{Provider: provider, Wire: info.wire, Model: model, BaseURL: baseURL, APIKey: apiKey}
	if ep.APIKey == "" && info.keyEnv != "" {
		ep.APIKey = getenv(info.keyEnv)
	}
	if ep.APIKey == "" {
		ep.APIKey = fileKey
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
