package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
)

// eventsMsg carries agent events of one run to the model, in order.
// Consecutive text and reasoning deltas are merged into one.
type eventsMsg struct {
	run    int
	events []agent.Event
}

// frame is how long the bridge waits after sending streamed text before it
// sends more, so a fast stream costs one update per frame, not one per token.
const frame = 16 * time.Millisecond

// newBridge returns the queue that turns a run's agent events into tea
// messages. The agent's emit never blocks on the UI: the queue's goroutine
// sends each batch with program.Send, which waits for the UI to take it.
// Nothing is dropped — approvals and the run's end always arrive; only
// adjacent deltas are merged (agent.Queue).
func newBridge(run int, send func(tea.Msg)) *agent.Queue {
	return agent.NewQueue(func(batch []agent.Event) {
		send(eventsMsg{run: run, events: batch})
		if onlyDeltas(batch) {
			time.Sleep(frame) // let the next frame's text gather
		}
	})
}

func onlyDeltas(batch []agent.Event) bool {
	for _, e := range batch {
		switch e.(type) {
		case agent.TextDelta, agent.ReasoningDelta, agent.ToolOutput:
		default:
			return false
		}
	}
	return true
}
