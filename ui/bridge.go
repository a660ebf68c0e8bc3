package ui

import (
	"sync"
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

// bridge turns a run's agent events into tea messages. The agent's emit
// never blocks on the UI: events queue here, and one goroutine sends them
// in batches with program.Send, which waits for the UI to take each batch.
// Nothing is dropped — approvals and the run's end always arrive; only
// adjacent deltas are merged.
type bridge struct {
	run  int
	send func(tea.Msg)

	mu     sync.Mutex
	cond   *sync.Cond
	queue  []agent.Event
	closed bool
	done   chan struct{}
}

func newBridge(run int, send func(tea.Msg)) *bridge {
	b := &bridge{run: run, send: send, done: make(chan struct{})}
	b.cond = sync.NewCond(&b.mu)
	go b.loop()
	return b
}

// emit queues an event; it is the agent's emit function.
func (b *bridge) emit(e agent.Event) {
	b.mu.Lock()
	b.queue = append(b.queue, e)
	b.mu.Unlock()
	b.cond.Signal()
}

// close sends what is queued and stops the bridge; it returns when the last
// batch was delivered.
func (b *bridge) close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.cond.Signal()
	<-b.done
}

func (b *bridge) loop() {
	defer close(b.done)
	for {
		b.mu.Lock()
		for len(b.queue) == 0 && !b.closed {
			b.cond.Wait()
		}
		batch, closed := b.queue, b.closed
		b.queue = nil
		b.mu.Unlock()
		if len(batch) > 0 {
			batch = coalesce(batch)
			b.send(eventsMsg{run: b.run, events: batch})
			if onlyDeltas(batch) && !closed {
				time.Sleep(frame) // let the next frame's text gather
			}
			continue
		}
		if closed {
			return
		}
	}
}

// coalesce merges adjacent deltas of the same kind (and adjacent output
// chunks of the same tool call).
func coalesce(in []agent.Event) []agent.Event {
	out := in[:0:0]
	for _, e := range in {
		if n := len(out); n > 0 {
			switch cur := e.(type) {
			case agent.TextDelta:
				if prev, ok := out[n-1].(agent.TextDelta); ok {
					out[n-1] = agent.TextDelta{Text: prev.Text + cur.Text}
					continue
				}
			case agent.ReasoningDelta:
				if prev, ok := out[n-1].(agent.ReasoningDelta); ok {
					out[n-1] = agent.ReasoningDelta{Text: prev.Text + cur.Text}
					continue
				}
			case agent.ToolOutput:
				if prev, ok := out[n-1].(agent.ToolOutput); ok && prev.CallID == cur.CallID {
					out[n-1] = agent.ToolOutput{CallID: cur.CallID, Chunk: prev.Chunk + cur.Chunk}
					continue
				}
			}
		}
		out = append(out, e)
	}
	return out
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
