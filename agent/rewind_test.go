package agent_test

import (
	"context"
	"errors"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
)

func TestRewindLastTurn(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	if _, err := s.RewindLastTurn(ctx); !errors.Is(err, agent.ErrNothingToRewind) {
		t.Fatalf("rewinding an empty session: %v", err)
	}
	f.srv.Script.Push(
		fakellm.Reply{Text: "first answer"},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]any{"text": "x"})}},
		fakellm.Reply{Text: "second answer"},
		fakellm.Reply{Text: "second answer, again"},
	)
	for _, q := range []string{"one", "two"} {
		if d := s.Run(ctx, agent.Input{Text: q}, nil); d.Reason != agent.StopDone {
			t.Fatalf("turn %q: %+v", q, d)
		}
	}
	if got := f.roles(t, s.ID()); got != "system user assistant user assistant tool assistant" {
		t.Fatalf("before: %s", got)
	}

	text, err := s.RewindLastTurn(ctx)
	if err != nil || text != "two" {
		t.Fatalf("RewindLastTurn = %q, %v", text, err)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant" {
		t.Fatalf("store after rewind: %s", got)
	}
	if h := s.History(); len(h) != 2 || h[1].Content != "first answer" {
		t.Fatalf("history after rewind: %+v", h)
	}

	// The next turn sends the rewound history, and the store agrees with it.
	if d := s.Run(ctx, agent.Input{Text: text}, nil); d.Reason != agent.StopDone {
		t.Fatalf("retry: %+v", d)
	}
	reqs := f.srv.Script.Requests()
	last := reqs[len(reqs)-1].Messages
	var roles []string
	for _, m := range last {
		roles = append(roles, m.Role)
	}
	if len(last) != 3 || last[2].Content != "two" || last[1].Content != "first answer" {
		t.Fatalf("retry sent %v", roles)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant user assistant" {
		t.Fatalf("after retry: %s", got)
	}
}

func TestRewindSkipsTheContinuationPrompt(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	f.srv.Script.Push(
		fakellm.Reply{Text: "cut", Finish: "length"},
		fakellm.Reply{Text: " off"},
	)
	if d := s.Run(context.Background(), agent.Input{Text: "long please"}, nil); d.Reason != agent.StopDone {
		t.Fatalf("%+v", d)
	}
	text, err := s.RewindLastTurn(context.Background())
	if err != nil || text != "long please" {
		t.Fatalf("RewindLastTurn = %q, %v", text, err)
	}
	if got := f.roles(t, s.ID()); got != "system" {
		t.Fatalf("store after rewind: %s", got)
	}
}
