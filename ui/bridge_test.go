package ui

import (
	"reflect"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
)

// A UI busy with one batch does not hold up the agent's emit; what came
// meanwhile arrives as the run's next batch, deltas merged, nothing lost.
func TestBridgeDoesNotWaitForTheUI(t *testing.T) {
	sent := make(chan tea.Msg, 10)
	busy, release := make(chan struct{}), make(chan struct{})
	first := true
	b := newBridge(3, func(m tea.Msg) {
		sent <- m
		if first {
			first = false
			close(busy)
			<-release
		}
	})
	b.Emit(agent.ToolStarted{})
	<-busy
	emitted := make(chan struct{})
	go func() {
		defer close(emitted)
		b.Emit(agent.TextDelta{Text: "a"})
		b.Emit(agent.TextDelta{Text: "b"})
		b.Emit(agent.ApprovalResolved{RequestID: "r1"})
		b.Emit(agent.TurnDone{Reason: agent.StopDone})
	}()
	select {
	case <-emitted:
	case <-time.After(30 * time.Second):
		t.Fatal("emit waited for the UI")
	}
	close(release)
	b.Close()
	close(sent)
	var got []eventsMsg
	for m := range sent {
		got = append(got, m.(eventsMsg))
	}
	want := []eventsMsg{
		{run: 3, events: []agent.Event{agent.ToolStarted{}}},
		{run: 3, events: []agent.Event{agent.TextDelta{Text: "ab"}, agent.ApprovalResolved{RequestID: "r1"}, agent.TurnDone{Reason: agent.StopDone}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sent %+v\nwant %+v", got, want)
	}
}
