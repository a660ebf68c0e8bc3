package llm

import (
	"math"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for model, want := range map[string]string{
		"gpt-4o-mini-2024-07-18":       "gpt-4o-mini",
		"gpt-4o":                       "gpt-4o",
		"gpt-4.1-mini":                 "gpt-4.1-mini",
		"openai/gpt-5":                 "gpt-5",
		"GPT-5-2025-08-07":             "gpt-5",
		"claude-sonnet-4-5-20250929":   "claude-sonnet-4-5",
		"anthropic/claude-sonnet-4.5":  "claude-sonnet-4-5",
		"claude-sonnet-4-20250514":     "claude-sonnet-4",
		"claude-opus-4-1-20250805":     "claude-opus-4-1",
		"us.anthropic.claude-opus-4-1": "claude-opus-4-1",
		"mistral-large-2411":           "mistral-large-latest",
		"o3-mini":                      "o3-mini",
		"o3":                           "o3",
	} {
		got, ok := Lookup(model)
		if !ok || got.Name != want {
			t.Errorf("Lookup(%q) = %q, %v; want %q", model, got.Name, ok, want)
		}
	}
	for _, model := range []string{"llama3.1:8b", "my-model", "gpt-4o3", "o30", ""} {
		if got, ok := Lookup(model); ok {
			t.Errorf("Lookup(%q) = %q, want unknown", model, got.Name)
		}
	}
}

func TestCost(t *testing.T) {
	p := Price{Input: 3, Output: 15, CacheRead: 0.30, CacheWrite: 3.75}
	// 1M prompt tokens of which 600k were read from the cache and 100k
	// written to it, and 10k output tokens.
	u := Usage{InputTokens: 1_000_000, CacheReadTokens: 600_000, CacheWriteTokens: 100_000, OutputTokens: 10_000}
	want := 0.3*3 + 0.6*0.30 + 0.1*3.75 + 0.01*15
	if got := p.Cost(u); math.Abs(got-want) > 1e-9 {
		t.Errorf("cost = %v, want %v", got, want)
	}
	// Without cache prices, cached tokens cost what input does.
	if got := (Price{Input: 2, Output: 6}).Cost(Usage{InputTokens: 500_000, CacheReadTokens: 500_000}); math.Abs(got-1) > 1e-9 {
		t.Errorf("cost without cache prices = %v", got)
	}
}

func TestModelsFor(t *testing.T) {
	if len(Models("ollama")) != 0 {
		t.Error("a local provider gets catalog models")
	}
	for _, m := range Models("anthropic") {
		if m.Vendor != "anthropic" || strings.Contains(m.Name, "/") {
			t.Errorf("anthropic: %+v", m)
		}
	}
	names := map[string]bool{}
	for _, m := range Models("openrouter") {
		names[m.Name] = true
		if _, ok := Lookup(m.Name); !ok {
			t.Errorf("%s is offered but not priced", m.Name)
		}
	}
	for _, want := range []string{"anthropic/claude-sonnet-4.5", "anthropic/claude-3.7-sonnet", "openai/gpt-5", "x-ai/grok-4", "mistralai/mistral-large"} {
		if !names[want] {
			t.Errorf("openrouter lacks %s", want)
		}
	}
	// Every catalog model has a context window and a price.
	for _, m := range models() {
		if _, ok := ContextWindow(m.Name); !ok {
			t.Errorf("%s has no context window", m.Name)
		}
		if m.Price.Input <= 0 || m.Price.Output <= 0 {
			t.Errorf("%s has no price", m.Name)
		}
	}
}
