package agent

import (
	"context"
	"encoding/json"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
)

// Fallback is a provider and model the agent turns to when the ones before
// it in the chain fail (config fallback_providers).
type Fallback struct {
	Provider llm.Provider
	Model    string
	// ContextLength overrides the catalog's context window for Model.
	ContextLength int
}

// endpoint is one link of the provider chain: link 0 is the agent's
// provider with the session's model, link i is Fallbacks[i-1].
type endpoint struct {
	provider llm.Provider
	model    string
	window   int
}

// endpoint returns the link the turn is using. The chain is turn-scoped:
// every turn starts with the primary provider again.
func (t *turn) endpoint() endpoint {
	a := t.s.agent
	if t.route > 0 && t.route <= len(a.Fallbacks) {
		f := a.Fallbacks[t.route-1]
		return endpoint{provider: f.Provider, model: f.Model, window: contextWindow(f.Model, f.ContextLength)}
	}
	model := t.s.Model()
	override := 0
	if model == a.Model {
		// model.context_length describes the configured model, not one
		// the session switched to.
		override = a.ContextLength
	}
	return endpoint{provider: a.Provider, model: model, window: contextWindow(model, override)}
}

// contextWindow is override when set, else the catalog's window for model.
func contextWindow(model string, override int) int {
	if override > 0 {
		return override
	}
	w, _ := llm.ContextWindow(model)
	return w
}

// failover moves the turn to the next link of the chain, announcing it. It
// reports false when the chain is exhausted.
func (t *turn) failover(from endpoint, class llm.ErrorClass, err error) bool {
	if t.route >= len(t.s.agent.Fallbacks) {
		return false
	}
	t.route++
	to := t.endpoint()
	ev := FallbackActivated{
		FromProvider: from.provider.Name(), FromModel: from.model,
		ToProvider: to.provider.Name(), ToModel: to.model,
		Class: class, Err: err,
	}
	t.emit(ev)
	t.record("fallback", map[string]any{
		"from_provider": ev.FromProvider, "from_model": ev.FromModel,
		"to_provider": ev.ToProvider, "to_model": ev.ToModel,
		"class": class, "error": text.Error(err),
	})
	return true
}

// record stores a session event (retry, fallback, compression) with the
// current session. A failure to record is logged, not fatal: the turn's
// messages matter more than its audit trail, and a store that cannot write
// will fail the next message commit loudly anyway.
func (t *turn) record(kind string, data map[string]any) {
	recordEvent(t.persist, t.s, kind, data)
}

func recordEvent(ctx context.Context, s *Session, kind string, data map[string]any) {
	b, err := json.Marshal(data)
	if err == nil {
		err = s.agent.Store.AppendEvent(ctx, &store.Event{SessionID: s.ID(), Kind: kind, Data: b, CreatedAt: time.Now()})
	}
	if err != nil {
		s.agent.logger().Warn("could not record a session event", "kind", kind, "session", s.ID(), "err", err)
	}
}
