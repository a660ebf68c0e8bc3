package agent_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
)

// The reasoning effort is per session: a session's choice is what its
// requests carry, another session keeps the agent's.
func TestReasoningEffortPerSession(t *testing.T) {
	f := newFixture(t)
	f.agent.ReasoningEffort = "low"
	f.srv.Script.Push(fakellm.Reply{Text: "a"}, fakellm.Reply{Text: "b"})
	s1, s2 := f.session(t), f.session(t)
	if err := s1.SetReasoningEffort("High"); err != nil {
		t.Fatal(err)
	}
	if err := s1.SetReasoningEffort("extreme"); err == nil {
		t.Error("an unknown effort was accepted")
	}
	ctx := context.Background()
	s1.Run(ctx, agent.Input{Text: "one"}, func(agent.Event) {})
	s2.Run(ctx, agent.Input{Text: "two"}, func(agent.Event) {})
	reqs := f.srv.Script.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	for i, want := range []string{"high", "low"} {
		var body struct {
			Effort string `json:"reasoning_effort"`
		}
		json.Unmarshal(reqs[i].Body, &body)
		if body.Effort != want {
			t.Errorf("request %d: reasoning_effort %q, want %q", i, body.Effort, want)
		}
	}
	if s1.ReasoningEffort() != "high" || s2.ReasoningEffort() != "low" {
		t.Errorf("efforts %q %q", s1.ReasoningEffort(), s2.ReasoningEffort())
	}
}

// Switching the model records an event (so /usage can tell which model
// answered what), and a priced model's calls add to the session's cost.
func TestModelSwitchIsRecordedAndCallsArePriced(t *testing.T) {
	f := newFixture(t)
	f.srv.Script.Push(
		fakellm.Reply{Text: "a", Usage: &fakellm.Usage{InputTokens: 1_000_000, OutputTokens: 100_000}},
		fakellm.Reply{Text: "b", Usage: &fakellm.Usage{InputTokens: 1000, OutputTokens: 10}},
	)
	s := f.session(t)
	ctx := context.Background()
	if err := s.SetModel(ctx, "gpt-4o-mini"); err != nil {
		t.Fatal(err)
	}
	s.Run(ctx, agent.Input{Text: "one"}, func(agent.Event) {})
	if err := s.SetModel(ctx, "my-local-model"); err != nil {
		t.Fatal(err)
	}
	s.Run(ctx, agent.Input{Text: "two"}, func(agent.Event) {})
	evs, err := f.store.Events(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	var switches []string
	for _, e := range evs {
		if e.Kind == "model" {
			var d struct{ From, To string }
			json.Unmarshal(e.Data, &d)
			switches = append(switches, d.From+"→"+d.To)
		}
	}
	if len(switches) != 2 || switches[0] != "fake→gpt-4o-mini" || switches[1] != "gpt-4o-mini→my-local-model" {
		t.Errorf("model events = %v", switches)
	}
	rec, err := f.store.Session(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	// gpt-4o-mini: $0.15/M input, $0.60/M output; the local model is free.
	if want := 0.15 + 0.06; math.Abs(rec.CostUSD-want) > 1e-9 {
		t.Errorf("cost_usd = %v, want %v", rec.CostUSD, want)
	}
	if c, ok := agent.CostOf("gpt-4o-mini", rec.Usage); !ok || c <= 0 {
		t.Errorf("CostOf = %v %v", c, ok)
	}
}
