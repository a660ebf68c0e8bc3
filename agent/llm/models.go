package llm

import (
	"strings"
)

// PricesAsOf is when the prices in models() were copied from the
// providers' public price pages. Prices change: a price that is out of
// date makes /usage's cost estimate wrong, nothing else.
const PricesAsOf = "2025-10-01"

// Price is what a model costs, in US dollars per million tokens. Zero
// CacheRead or CacheWrite means cached tokens cost what input tokens do.
type Price struct {
	Input, Output, CacheRead, CacheWrite float64
}

// Cost returns what u costs at p, in US dollars. InputTokens includes the
// cached tokens (as every adapter reports it).
func (p Price) Cost(u Usage) float64 {
	read, write := p.CacheRead, p.CacheWrite
	if read == 0 {
		read = p.Input
	}
	if write == 0 {
		write = p.Input
	}
	plain := max(u.InputTokens-u.CacheReadTokens-u.CacheWriteTokens, 0)
	return (float64(plain)*p.Input + float64(u.CacheReadTokens)*read +
		float64(u.CacheWriteTokens)*write + float64(u.OutputTokens)*p.Output) / 1e6
}

// ModelInfo is a model of the catalog: what the model switcher offers and
// what /usage prices.
type ModelInfo struct {
	// Name is the model's id at its vendor's API.
	Name string
	// Vendor is openai, anthropic, google, deepseek, mistral, xai or
	// moonshot; OpenRouter names the model vendor/name.
	Vendor string
	Price  Price
	// Effort says the model takes a reasoning effort (low, medium, high).
	Effort bool
}

// models lists common models with their list prices (PricesAsOf; standard
// tier, prompts under 200k tokens where the price depends on it). A
// function, not a package variable, so nothing is built at start-up.
func models() []ModelInfo {
	return []ModelInfo{
		// OpenAI — openai.com/api/pricing
		{Name: "gpt-5", Vendor: "openai", Price: Price{Input: 1.25, Output: 10, CacheRead: 0.125}, Effort: true},
		{Name: "gpt-5-mini", Vendor: "openai", Price: Price{Input: 0.25, Output: 2, CacheRead: 0.025}, Effort: true},
		{Name: "gpt-5-nano", Vendor: "openai", Price: Price{Input: 0.05, Output: 0.40, CacheRead: 0.005}, Effort: true},
		{Name: "gpt-4.1", Vendor: "openai", Price: Price{Input: 2, Output: 8, CacheRead: 0.50}},
		{Name: "gpt-4.1-mini", Vendor: "openai", Price: Price{Input: 0.40, Output: 1.60, CacheRead: 0.10}},
		{Name: "gpt-4.1-nano", Vendor: "openai", Price: Price{Input: 0.10, Output: 0.40, CacheRead: 0.025}},
		{Name: "gpt-4o", Vendor: "openai", Price: Price{Input: 2.50, Output: 10, CacheRead: 1.25}},
		{Name: "gpt-4o-mini", Vendor: "openai", Price: Price{Input: 0.15, Output: 0.60, CacheRead: 0.075}},
		{Name: "o3", Vendor: "openai", Price: Price{Input: 2, Output: 8, CacheRead: 0.50}, Effort: true},
		{Name: "o4-mini", Vendor: "openai", Price: Price{Input: 1.10, Output: 4.40, CacheRead: 0.275}, Effort: true},
		{Name: "o3-mini", Vendor: "openai", Price: Price{Input: 1.10, Output: 4.40, CacheRead: 0.55}, Effort: true},
		{Name: "o1", Vendor: "openai", Price: Price{Input: 15, Output: 60, CacheRead: 7.50}, Effort: true},
		// Anthropic — anthropic.com/pricing (cache writes: 5-minute TTL)
		{Name: "claude-opus-4-1", Vendor: "anthropic", Price: Price{Input: 15, Output: 75, CacheRead: 1.50, CacheWrite: 18.75}, Effort: true},
		{Name: "claude-opus-4", Vendor: "anthropic", Price: Price{Input: 15, Output: 75, CacheRead: 1.50, CacheWrite: 18.75}, Effort: true},
		{Name: "claude-sonnet-4-5", Vendor: "anthropic", Price: Price{Input: 3, Output: 15, CacheRead: 0.30, CacheWrite: 3.75}, Effort: true},
		{Name: "claude-sonnet-4", Vendor: "anthropic", Price: Price{Input: 3, Output: 15, CacheRead: 0.30, CacheWrite: 3.75}, Effort: true},
		{Name: "claude-3-7-sonnet", Vendor: "anthropic", Price: Price{Input: 3, Output: 15, CacheRead: 0.30, CacheWrite: 3.75}, Effort: true},
		{Name: "claude-haiku-4-5", Vendor: "anthropic", Price: Price{Input: 1, Output: 5, CacheRead: 0.10, CacheWrite: 1.25}, Effort: true},
		{Name: "claude-3-5-haiku", Vendor: "anthropic", Price: Price{Input: 0.80, Output: 4, CacheRead: 0.08, CacheWrite: 1}},
		// Google — ai.google.dev/gemini-api/docs/pricing
		{Name: "gemini-2.5-pro", Vendor: "google", Price: Price{Input: 1.25, Output: 10, CacheRead: 0.31}, Effort: true},
		{Name: "gemini-2.5-flash", Vendor: "google", Price: Price{Input: 0.30, Output: 2.50, CacheRead: 0.075}, Effort: true},
		{Name: "gemini-2.5-flash-lite", Vendor: "google", Price: Price{Input: 0.10, Output: 0.40, CacheRead: 0.025}, Effort: true},
		// DeepSeek — api-docs.deepseek.com/quick_start/pricing
		{Name: "deepseek-chat", Vendor: "deepseek", Price: Price{Input: 0.28, Output: 0.42, CacheRead: 0.028}},
		{Name: "deepseek-reasoner", Vendor: "deepseek", Price: Price{Input: 0.28, Output: 0.42, CacheRead: 0.028}},
		// Mistral — mistral.ai/pricing
		{Name: "mistral-large-latest", Vendor: "mistral", Price: Price{Input: 2, Output: 6}},
		{Name: "mistral-medium-latest", Vendor: "mistral", Price: Price{Input: 0.40, Output: 2}},
		{Name: "mistral-small-latest", Vendor: "mistral", Price: Price{Input: 0.10, Output: 0.30}},
		{Name: "codestral-latest", Vendor: "mistral", Price: Price{Input: 0.30, Output: 0.90}},
		{Name: "devstral-medium-latest", Vendor: "mistral", Price: Price{Input: 0.40, Output: 2}},
		// xAI — docs.x.ai/docs/models
		{Name: "grok-4", Vendor: "xai", Price: Price{Input: 3, Output: 15, CacheRead: 0.75}},
		{Name: "grok-code-fast-1", Vendor: "xai", Price: Price{Input: 0.20, Output: 1.50, CacheRead: 0.02}},
		// Moonshot — platform.moonshot.ai
		{Name: "kimi-k2", Vendor: "moonshot", Price: Price{Input: 0.60, Output: 2.50, CacheRead: 0.15}},
	}
}

// Models lists the catalog's models for a provider, named as that
// provider expects: OpenRouter gets vendor/name (and every vendor), the
// vendors' own APIs their models, other providers (local servers, custom
// endpoints) nothing — they serve models the catalog cannot know.
func Models(provider string) []ModelInfo {
	var out []ModelInfo
	for _, m := range models() {
		switch {
		case provider == "openrouter":
			m.Name = openRouterName(m)
			out = append(out, m)
		case provider == m.Vendor:
			out = append(out, m)
		}
	}
	return out
}

// openRouterName is m's id on OpenRouter: vendor/name, with Anthropic's
// version dashes as dots (claude-sonnet-4.5).
func openRouterName(m ModelInfo) string {
	vendor := m.Vendor
	name := m.Name
	switch vendor {
	case "anthropic": // claude-3.7-sonnet, claude-sonnet-4.5
		b := []byte(name)
		for i := 1; i+1 < len(b); i++ {
			if b[i] == '-' && isDigit(b[i-1]) && isDigit(b[i+1]) {
				b[i] = '.'
			}
		}
		name = string(b)
	case "xai":
		vendor = "x-ai"
	case "moonshot":
		vendor = "moonshotai"
	case "mistral":
		vendor = "mistralai"
		name = strings.TrimSuffix(name, "-latest")
	}
	return vendor + "/" + name
}

// Lookup finds model in the catalog, matched like ContextWindow (case,
// vendor prefixes and tags ignored) with dots and dashes alike, so
// "anthropic/claude-sonnet-4.5" and "claude-sonnet-4-5-20250929" are the
// same model. The longest matching catalog name wins.
func Lookup(model string) (ModelInfo, bool) {
	name := dashes(NormalizeModelName(model))
	var best ModelInfo
	found := false
	for _, m := range models() {
		n := dashes(m.Name)
		n = strings.TrimSuffix(n, "-latest")
		if strings.HasPrefix(name, n) && (len(name) == len(n) || name[len(n)] == '-') && (!found || len(m.Name) > len(best.Name)) {
			best, found = m, true
		}
	}
	return best, found
}

// PriceOf returns model's price and whether the catalog knows it.
func PriceOf(model string) (Price, bool) {
	m, ok := Lookup(model)
	return m.Price, ok
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func dashes(s string) string { return strings.ReplaceAll(s, ".", "-") }
