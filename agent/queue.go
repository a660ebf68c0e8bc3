package agent

import (
	"strings"
	"sync"
)

// A Queue carries a turn's events to one front end on a goroutine of its
// own, so the turn never waits for the front end. Every front end (the
// TUI, the gateway, the one-shot CLI) passes a Queue's Emit to Session.Run
// and Session.Compress instead of handling events on the turn's goroutine.
//
// What a Queue guarantees:
//
//   - Emit never blocks on the front end. It appends the event to the
//     queue under a short lock and returns; a front end busy with a
//     network call, a slow terminal or a person holds up only its own
//     deliveries, never the next model call or tool run.
//   - Events are delivered in the order they were emitted, in batches, by
//     one goroutine: deliver is never called concurrently with itself.
//   - While deliver runs, events wait. When it returns, everything that
//     waited is delivered as the next batch, with adjacent TextDeltas,
//     adjacent ReasoningDeltas and adjacent ToolOutputs of one call merged
//     into one event each (text in order). Nothing else is ever merged or
//     dropped: approval requests and resolutions, tool starts and
//     finishes, saved messages, notices and TurnDone always arrive.
//   - Close returns once every event emitted before it has been delivered
//     and deliver has returned; after Close, deliver is not called again.
//
// The queue holds what waits in memory: a front end that stops returning
// from deliver keeps the turn's events (not the turn) waiting for it. An
// approval request waits like any other event, and its deadline runs
// meanwhile.
type Queue struct {
	deliver func([]Event)

	mu      sync.Mutex
	pending []Event
	closed  bool

	wake chan struct{} // buffered, 1: something was queued or Close was called
	done chan struct{} // closed when the delivery goroutine ends
}

// NewQueue starts a queue that hands batches of events to deliver. The
// batch is deliver's to keep.
func NewQueue(deliver func(batch []Event)) *Queue {
	q := &Queue{deliver: deliver, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go q.run()
	return q
}

// Emit queues e for delivery and returns at once. It is safe for
// concurrent use. Events emitted after Close are discarded: a tool's
// output that arrives once its turn is over has nobody to go to.
func (q *Queue) Emit(e Event) {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return
	}
	q.pending = append(q.pending, e)
	q.mu.Unlock()
	q.signal()
}

// Close delivers what is queued and stops the queue; it returns when the
// last batch was delivered. It must not be called from deliver.
func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.signal()
	<-q.done
}

func (q *Queue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *Queue) run() {
	defer close(q.done)
	for {
		q.mu.Lock()
		batch, closed := q.pending, q.closed
		q.pending = nil
		q.mu.Unlock()
		if len(batch) > 0 {
			q.deliver(coalesce(batch))
			continue
		}
		if closed {
			return
		}
		<-q.wake
	}
}

// coalesce merges adjacent TextDeltas, adjacent ReasoningDeltas and
// adjacent ToolOutputs of the same call, in order; every other event is
// kept as it is. It reuses in's backing array.
func coalesce(in []Event) []Event {
	out := in[:0]
	var text strings.Builder // the merged run ending at out[len(out)-1], if any
	merged := false          // whether text holds that run
	flush := func() {
		if !merged {
			return
		}
		switch prev := out[len(out)-1].(type) {
		case TextDelta:
			out[len(out)-1] = TextDelta{Text: text.String()}
		case ReasoningDelta:
			out[len(out)-1] = ReasoningDelta{Text: text.String()}
		case ToolOutput:
			out[len(out)-1] = ToolOutput{CallID: prev.CallID, Chunk: text.String()}
		}
		text.Reset()
		merged = false
	}
	for _, e := range in {
		if n := len(out); n > 0 {
			if piece, ok := continues(out[n-1], e); ok {
				if !merged {
					text.WriteString(deltaText(out[n-1]))
					merged = true
				}
				text.WriteString(piece)
				continue
			}
		}
		flush()
		out = append(out, e)
	}
	flush()
	return out
}

// continues reports whether e extends the delta prev, and with what text.
func continues(prev, e Event) (string, bool) {
	switch cur := e.(type) {
	case TextDelta:
		_, ok := prev.(TextDelta)
		return cur.Text, ok
	case ReasoningDelta:
		_, ok := prev.(ReasoningDelta)
		return cur.Text, ok
	case ToolOutput:
		p, ok := prev.(ToolOutput)
		return cur.Chunk, ok && p.CallID == cur.CallID
	}
	return "", false
}

func deltaText(e Event) string {
	switch e := e.(type) {
	case TextDelta:
		return e.Text
	case ReasoningDelta:
		return e.Text
	case ToolOutput:
		return e.Chunk
	}
	return ""
}
