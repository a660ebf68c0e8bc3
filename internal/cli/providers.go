package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
	"github.com/herm-dev/herm/agent/llm/langchain"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/config"
)

// newProvider builds the adapter for an endpoint's wire protocol.
func newProvider(ctx context.Context, ep config.Endpoint, getenv func(string) string) (llm.Provider, error) {
	switch ep.Wire {
	case config.WireAnthropic:
		return anthropic.New(anthropic.Config{BaseURL: ep.BaseURL, APIKey: ep.APIKey, Name: ep.Provider}), nil
	case config.WireLangchain:
		return langchain.Open(ctx, ep.Provider, langchain.Config{Model: ep.Model, BaseURL: ep.BaseURL, APIKey: ep.APIKey, Getenv: getenv})
	}
	return openai.New(openai.Config{BaseURL: ep.BaseURL, APIKey: ep.APIKey, Name: ep.Provider}), nil
}

// newFallbacks builds the fallback chain (fallback_providers). An entry
// that cannot be used is reported and skipped: a broken fallback must not
// keep herm from starting with a working primary.
func newFallbacks(ctx context.Context, s *config.Settings, warn warnFunc) []agent.Fallback {
	eps, errs := s.Fallbacks()
	for _, err := range errs {
		warn(fmt.Sprintf("%v (this fallback is skipped)", err))
	}
	out := make([]agent.Fallback, 0, len(eps))
	for i, ep := range eps {
		p, err := newProvider(ctx, ep, s.Getenv)
		if err != nil {
			warn(fmt.Sprintf("fallback_providers[%d]: %v (this fallback is skipped)", i, err))
			continue
		}
		out = append(out, agent.Fallback{Provider: p, Model: ep.Model, ContextLength: ep.ContextLength})
	}
	return out
}

// agentTuning turns the retry, compression and loop-guard settings into
// the agent's options.
func agentTuning(s *config.Settings) (agent.RetryPolicy, agent.CompressionOptions, int) {
	retry := agent.RetryPolicy{
		MaxRetries:    s.Retry.MaxRetries,
		Base:          time.Duration(s.Retry.BaseDelay) * time.Second,
		Max:           time.Duration(s.Retry.MaxDelay) * time.Second,
		MaxRetryAfter: time.Duration(s.Retry.MaxRetryAfter) * time.Second,
	}
	if retry.MaxRetries == 0 {
		retry.MaxRetries = -1 // configured off; the agent's zero means "default"
	}
	comp := agent.CompressionOptions{
		Disabled:     s.Compression.Enabled != nil && !*s.Compression.Enabled,
		Threshold:    s.Compression.Threshold,
		ProtectFirst: s.Compression.ProtectFirst,
		ProtectLast:  s.Compression.ProtectLast,
	}
	loop := s.Agent.LoopLimit
	if loop == 0 {
		loop = -1 // configured off
	}
	return retry, comp, loop
}
