package llm

import "strings"

// DefaultContextWindow is assumed for a model the catalog does not know.
// It is deliberately modest: compressing a little early costs some detail,
// overflowing a window a server silently truncates (Ollama does) costs the
// thread. model.context_length overrides it.
const DefaultContextWindow = 32_768

// windowEntry is one catalog row: models whose normalised name starts with
// prefix have a window of tokens. Longer prefixes are listed before the
// shorter ones they refine, because the first match wins.
type windowEntry struct {
	prefix string
	tokens int
}

// contextWindows lists the context windows of common models. It is a
// function, not a package variable, so nothing is built at start-up.
func contextWindows() []windowEntry {
	return []windowEntry{
		// OpenAI
		{"gpt-5", 400_000},
		{"gpt-4.1", 1_047_576},
		{"gpt-4o", 128_000},
		{"gpt-4-turbo", 128_000},
		{"gpt-4-32k", 32_768},
		{"gpt-4", 8_192},
		{"gpt-3.5-turbo", 16_385},
		{"o1-mini", 128_000},
		{"o1", 200_000},
		{"o3", 200_000},
		{"o4-mini", 200_000},
		{"gpt-oss", 131_072},
		{"codex", 200_000},
		// Anthropic
		{"claude", 200_000},
		// Google
		{"gemini-1.5-pro", 2_097_152},
		{"gemini", 1_048_576},
		{"gemma-3", 131_072},
		{"gemma", 8_192},
		// Mistral
		{"mistral-large", 131_072},
		{"mistral-medium", 131_072},
		{"mistral-small", 32_768},
		{"codestral", 262_144},
		{"devstral", 131_072},
		{"ministral", 131_072},
		{"magistral", 40_000},
		{"mixtral", 32_768},
		{"mistral-nemo", 131_072},
		{"open-mistral-nemo", 131_072},
		{"mistral", 32_768},
		// Meta
		{"llama-4", 1_048_576},
		{"llama4", 1_048_576},
		{"llama-3.1", 131_072},
		{"llama3.1", 131_072},
		{"llama-3.2", 131_072},
		{"llama3.2", 131_072},
		{"llama-3.3", 131_072},
		{"llama3.3", 131_072},
		{"llama3", 8_192},
		{"llama-3", 8_192},
		// Others commonly served through OpenRouter, Ollama, vLLM
		{"deepseek-r1", 131_072},
		{"deepseek-v3", 131_072},
		{"deepseek-chat", 131_072},
		{"deepseek-reasoner", 131_072},
		{"deepseek-coder", 131_072},
		{"qwen3-coder", 262_144},
		{"qwen3", 131_072},
		{"qwen2.5-coder", 131_072},
		{"qwen2.5", 131_072},
		{"qwq", 131_072},
		{"grok-4", 256_000},
		{"grok", 131_072},
		{"kimi-k2", 131_072},
		{"glm-4", 131_072},
		{"command-r", 131_072},
		{"command-a", 256_000},
		{"phi-4", 16_384},
		{"phi4", 16_384},
		{"hermes-4", 131_072},
		{"hermes-3", 131_072},
		{"nous-hermes", 8_192},
	}
}

// ContextWindow returns the context window of model in tokens and whether
// the catalog knows it. Names are matched case-insensitively, without an
// OpenRouter-style vendor prefix ("anthropic/claude-…"), a Bedrock region
// or vendor prefix ("us.anthropic.claude-…") or an Ollama tag (":8b").
// An unknown model gives DefaultContextWindow and false.
func ContextWindow(model string) (int, bool) {
	name := NormalizeModelName(model)
	if name == "" {
		return DefaultContextWindow, false
	}
	for _, e := range contextWindows() {
		if strings.HasPrefix(name, e.prefix) {
			return e.tokens, true
		}
	}
	return DefaultContextWindow, false
}

// NormalizeModelName lowercases model and strips the decorations providers
// add around a model family's name.
func NormalizeModelName(model string) string {
	name := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, ':'); i >= 0 {
		name = name[:i]
	}
	// Bedrock ids: "anthropic.claude-3-5-sonnet-…", "us.meta.llama3-1-…".
	for _, vendor := range []string{"anthropic.", "meta.", "mistral.", "amazon.", "cohere.", "ai21.", "deepseek."} {
		if i := strings.Index(name, vendor); i >= 0 {
			name = name[i+len(vendor):]
			break
		}
	}
	return name
}
