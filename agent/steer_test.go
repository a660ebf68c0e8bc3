package agent_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
)

// A message sent while a tool runs is committed after the tool's result
// and before the next model call, which sees it.
func TestSteerAtTheNextIterationBoundary(t *testing.T) {
	f := newFixture(t)
	f.echo.readOnly = false
	f.echo.block = make(chan struct{})
	f.srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]string{"text": "1"}), fakellm.Call("echo", map[string]string{"text": "2"})}},
		fakellm.Reply{Text: "done, and in blue"},
	)
	s := f.session(t)
	if s.Steer(agent.Input{Text: "too early"}) {
		t.Fatal("Steer succeeded with no turn running")
	}
	var (
		mu      sync.Mutex
		events  []string
		steered bool
	)
	done := s.Run(context.Background(), agent.Input{Text: "paint it"}, func(e agent.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch e := e.(type) {
		case agent.ToolStarted:
			if !steered {
				steered = true
				if !s.Steer(agent.Input{Text: "make it blue"}) {
					t.Error("Steer refused during a turn")
				}
				close(f.echo.block)
			}
		case agent.Steered:
			events = append(events, "steered:"+e.Inputs[0].Text)
		case agent.MessageSaved:
			events = append(events, e.Message.Role)
		}
	})
	if done.Reason != agent.StopDone || done.Answer != "done, and in blue" {
		t.Fatalf("%+v", done)
	}
	// Both tool results come before the steering message: it never splits
	// an assistant message from the answers to its calls.
	if got := strings.Join(events, " "); got != "user assistant tool tool steered:make it blue user assistant" {
		t.Fatalf("events: %s", got)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant tool tool user assistant" {
		t.Fatalf("stored: %s", got)
	}
	reqs := f.srv.Script.Requests()
	if len(reqs) != 2 || reqs[1].LastUser() != "make it blue" {
		t.Fatalf("second request's last user message: %q", reqs[len(reqs)-1].LastUser())
	}
	if s.Steer(agent.Input{Text: "too late"}) {
		t.Fatal("Steer succeeded after the turn ended")
	}
}

// A message sent while the model writes its final answer makes the turn
// go on with one more model call instead of being lost.
func TestSteerDuringTheFinalAnswerContinuesTheTurn(t *testing.T) {
	f := newFixture(t)
	f.srv.Script.Push(
		fakellm.Reply{Text: "here is a long answer"},
		fakellm.Reply{Text: "shorter: ok"},
	)
	s := f.session(t)
	once := sync.Once{}
	done := s.Run(context.Background(), agent.Input{Text: "explain"}, func(e agent.Event) {
		if _, ok := e.(agent.TextDelta); ok {
			once.Do(func() { s.Steer(agent.Input{Text: "keep it short"}) })
		}
	})
	if done.Reason != agent.StopDone || done.Answer != "shorter: ok" {
		t.Fatalf("%+v", done)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant user assistant" {
		t.Fatalf("stored: %s", got)
	}
}

// Messages sent to a turn that is interrupted before it takes them come
// back in SteerReturned, just before TurnDone.
func TestSteerReturnedWhenTheTurnStops(t *testing.T) {
	f := newFixture(t)
	f.echo.readOnly = false
	f.echo.block = make(chan struct{})
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]string{"text": "1"})}})
	s := f.session(t)
	ctx, cancel := context.WithCancel(context.Background())
	var last []string
	var returned []agent.Input
	done := s.Run(ctx, agent.Input{Text: "go"}, func(e agent.Event) {
		switch e := e.(type) {
		case agent.ToolStarted:
			s.Steer(agent.Input{Text: "then this"})
			cancel()
		case agent.SteerReturned:
			returned = e.Inputs
			last = append(last, "returned")
		case agent.TurnDone:
			last = append(last, "done")
		}
	})
	if done.Reason != agent.StopInterrupted {
		t.Fatalf("%+v", done)
	}
	if len(returned) != 1 || returned[0].Text != "then this" || strings.Join(last, " ") != "returned done" {
		t.Fatalf("returned %+v, order %v", returned, last)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant tool" {
		t.Fatalf("stored: %s", got)
	}
}
