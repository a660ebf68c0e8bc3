package agent

import (
	"fmt"
	"strings"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// Efforts lists the reasoning efforts a session can ask for, "" (the
// provider's default) first.
func Efforts() []string { return []string{"", "low", "medium", "high"} }

// ReasoningEffort returns the reasoning effort the session's next turns
// ask for ("" = the provider's default).
func (s *Session) ReasoningEffort() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.effort
}

// SetReasoningEffort changes the reasoning effort of the session's next
// turns (low, medium, high, or "" for the provider's default). Models
// that take none ignore it.
func (s *Session) SetReasoningEffort(effort string) error {
	effort = strings.ToLower(strings.TrimSpace(effort))
	switch effort {
	case "", "low", "medium", "high":
	default:
		return fmt.Errorf("reasoning effort %q is not one of low, medium, high (or empty for the default)", effort)
	}
	s.mu.Lock()
	s.effort = effort
	s.mu.Unlock()
	return nil
}

// addCost adds what a model call cost, at the catalog's prices, to the
// session's cost_usd. Models the catalog does not price (local ones,
// custom endpoints) add nothing.
func (t *turn) addCost(sessionID string, att attempt) {
	price, ok := llm.PriceOf(att.model)
	if !ok {
		return
	}
	cost := price.Cost(att.usage)
	if cost <= 0 {
		return
	}
	if err := t.s.agent.Store.AddUsage(t.persist, sessionID, store.Usage{}, cost); err != nil {
		t.s.agent.logger().Warn("could not add the call's cost to the session", "session", sessionID, "err", err)
	}
}

// CostOf prices usage by model at the catalog's prices; ok is false when
// the catalog does not know the model.
func CostOf(model string, u store.Usage) (cost float64, ok bool) {
	price, ok := llm.PriceOf(model)
	if !ok {
		return 0, false
	}
	return price.Cost(llm.Usage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens,
		CacheReadTokens: u.CacheReadTokens, CacheWriteTokens: u.CacheWriteTokens}), true
}
