package agent_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/store"
)

// stuckFrontEnd is a front end that takes its first batch and then stops
// answering until released: a chat platform that hangs, a terminal nobody
// reads.
type stuckFrontEnd struct {
	mu       sync.Mutex
	batches  [][]agent.Event
	inFlight atomic.Int32
	overlaps atomic.Int32 // deliveries that ran alongside another
	first    chan struct{}
	release  chan struct{}
	once     sync.Once
}

func newStuckFrontEnd() *stuckFrontEnd {
	return &stuckFrontEnd{first: make(chan struct{}), release: make(chan struct{})}
}

func (f *stuckFrontEnd) deliver(batch []agent.Event) {
	if f.inFlight.Add(1) > 1 {
		f.overlaps.Add(1)
	}
	defer f.inFlight.Add(-1)
	f.mu.Lock()
	f.batches = append(f.batches, batch)
	n := len(f.batches)
	f.mu.Unlock()
	if n == 1 {
		close(f.first)
		<-f.release
	}
}

func (f *stuckFrontEnd) unstick() { f.once.Do(func() { close(f.release) }) }

func (f *stuckFrontEnd) delivered() []agent.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	var all []agent.Event
	for _, b := range f.batches {
		all = append(all, b...)
	}
	return all
}

// A front end that stops taking events does not hold up the turn: the
// model is called again after the tool ran and the turn ends while the
// front end still sits on its first batch. Afterwards it gets every event.
func TestQueueSlowFrontEndDoesNotHoldUpTheTurn(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	f.srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]any{"text": "hi"})}},
		fakellm.Reply{Text: "the tool said hi"},
	)
	fe := newStuckFrontEnd()
	defer fe.unstick()
	q := agent.NewQueue(fe.deliver)
	var (
		mu      sync.Mutex
		emitted []agent.Event
	)
	emit := func(e agent.Event) {
		mu.Lock()
		emitted = append(emitted, e)
		mu.Unlock()
		q.Emit(e)
	}
	ran := make(chan agent.TurnDone, 1)
	go func() { ran <- s.Run(context.Background(), agent.Input{Text: "say hi"}, emit) }()
	var done agent.TurnDone
	select {
	case done = <-ran:
	case <-time.After(30 * time.Second):
		t.Fatal("the turn waited for its front end")
	}
	<-fe.first
	if done.Reason != agent.StopDone || len(f.srv.Script.Requests()) != 2 || f.echo.runs.Load() != 1 {
		t.Fatalf("turn %+v, %d model calls, %d tool runs", done, len(f.srv.Script.Requests()), f.echo.runs.Load())
	}
	if got := len(fe.delivered()); got == len(emitted) {
		t.Fatalf("the front end already had all %d events while stuck", got)
	}
	fe.unstick()
	q.Close()
	checkDelivery(t, emitted, fe.delivered())
	if fe.overlaps.Load() != 0 {
		t.Errorf("%d deliveries overlapped", fe.overlaps.Load())
	}
	if _, last := fe.delivered()[len(fe.delivered())-1].(agent.TurnDone); !last {
		t.Errorf("TurnDone is not the last event")
	}
}

// checkDelivery compares what a front end got with what was emitted: every
// event other than a delta, in order and once; the deltas' text, in order.
func checkDelivery(t *testing.T, emitted, got []agent.Event) {
	t.Helper()
	split := func(evs []agent.Event) (others []string, text, reasoning string, output map[string]string) {
		output = map[string]string{}
		for _, e := range evs {
			switch e := e.(type) {
			case agent.TextDelta:
				text += e.Text
			case agent.ReasoningDelta:
				reasoning += e.Text
			case agent.ToolOutput:
				output[e.CallID] += e.Chunk
			default:
				others = append(others, fmt.Sprintf("%T %+v", e, e))
			}
		}
		return
	}
	wantOthers, wantText, wantReasoning, wantOutput := split(emitted)
	gotOthers, gotText, gotReasoning, gotOutput := split(got)
	if !reflect.DeepEqual(gotOthers, wantOthers) {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(gotOthers, "\n"), strings.Join(wantOthers, "\n"))
	}
	if gotText != wantText || gotReasoning != wantReasoning || !reflect.DeepEqual(gotOutput, wantOutput) {
		t.Errorf("deltas: text %q reasoning %q output %q; want %q %q %q", gotText, gotReasoning, gotOutput, wantText, wantReasoning, wantOutput)
	}
}

// What waits while the front end is busy arrives as one batch, adjacent
// deltas of a kind merged in order, everything else as it was.
func TestQueueCoalescesDeltasInOrder(t *testing.T) {
	fe := newStuckFrontEnd()
	defer fe.unstick()
	q := agent.NewQueue(fe.deliver)
	saved := agent.MessageSaved{Message: store.Message{ID: 7, Content: "kept"}}
	emitNoWait(t, q, agent.Notice{Text: "first"})
	<-fe.first
	emitNoWait(t, q,
		agent.TextDelta{Text: "a"}, agent.TextDelta{Text: "b"},
		agent.ReasoningDelta{Text: "r1"}, agent.ReasoningDelta{Text: "r2"},
		agent.TextDelta{Text: "c"},
		agent.ToolOutput{CallID: "1", Chunk: "x"}, agent.ToolOutput{CallID: "1", Chunk: "y"}, agent.ToolOutput{CallID: "2", Chunk: "z"},
		saved,
		agent.TextDelta{Text: "d"}, agent.TextDelta{Text: "e"}, agent.TextDelta{Text: "f"},
		agent.TurnDone{Reason: agent.StopDone, Answer: "abcdef"},
	)
	fe.unstick()
	q.Close()
	want := [][]agent.Event{
		{agent.Notice{Text: "first"}},
		{
			agent.TextDelta{Text: "ab"}, agent.ReasoningDelta{Text: "r1r2"}, agent.TextDelta{Text: "c"},
			agent.ToolOutput{CallID: "1", Chunk: "xy"}, agent.ToolOutput{CallID: "2", Chunk: "z"},
			saved, agent.TextDelta{Text: "def"}, agent.TurnDone{Reason: agent.StopDone, Answer: "abcdef"},
		},
	}
	if !reflect.DeepEqual(fe.batches, want) {
		t.Errorf("batches:\n%+v\nwant:\n%+v", fe.batches, want)
	}
}

// emitNoWait emits evs and fails the test if that waits for the front end.
func emitNoWait(t *testing.T, q *agent.Queue, evs ...agent.Event) {
	t.Helper()
	emitted := make(chan struct{})
	go func() {
		defer close(emitted)
		for _, e := range evs {
			q.Emit(e)
		}
	}()
	select {
	case <-emitted:
	case <-time.After(30 * time.Second):
		t.Fatal("Emit waited for the front end")
	}
}

// Under a consumer slower than several emitting goroutines, no event that
// is not a delta is lost or reordered, deliveries never overlap, and Close
// returns only once everything was delivered.
func TestQueueSlowConsumerLosesNothing(t *testing.T) {
	var (
		mu       sync.Mutex
		got      []agent.Event
		inFlight atomic.Int32
		overlaps atomic.Int32
	)
	q := agent.NewQueue(func(batch []agent.Event) {
		if inFlight.Add(1) > 1 {
			overlaps.Add(1)
		}
		defer inFlight.Add(-1)
		time.Sleep(time.Millisecond) // a slow platform
		mu.Lock()
		got = append(got, batch...)
		mu.Unlock()
	})
	const producers, each = 4, 500
	var wg sync.WaitGroup
	for p := range producers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				if i%3 == 0 {
					q.Emit(agent.Notice{Text: fmt.Sprintf("%d/%d", p, i)})
				} else {
					q.Emit(agent.ToolOutput{CallID: fmt.Sprint(p), Chunk: fmt.Sprintf("%d,", i)})
				}
			}
		}()
	}
	wg.Wait()
	q.Close()
	q.Emit(agent.Notice{Text: "after close"}) // discarded: nobody is listening
	next := make([]int, producers)
	output := make([]strings.Builder, producers)
	for _, e := range got {
		switch e := e.(type) {
		case agent.Notice:
			var p, i int
			fmt.Sscanf(e.Text, "%d/%d", &p, &i)
			if i != next[p] {
				t.Fatalf("producer %d: notice %d arrived, want %d (%q)", p, i, next[p], e.Text)
			}
			next[p] = i + 3
		case agent.ToolOutput:
			var p int
			fmt.Sscan(e.CallID, &p)
			output[p].WriteString(e.Chunk)
		}
	}
	for p := range producers {
		var want strings.Builder
		for i := range each {
			if i%3 != 0 {
				fmt.Fprintf(&want, "%d,", i)
			}
		}
		if next[p] < each || output[p].String() != want.String() {
			t.Errorf("producer %d: notices up to %d, output %d bytes (want %d)", p, next[p], output[p].Len(), want.Len())
		}
	}
	if overlaps.Load() != 0 {
		t.Errorf("%d deliveries overlapped", overlaps.Load())
	}
}
