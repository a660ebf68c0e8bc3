package agent

import (
	"strings"
	"sync"

	"github.com/herm-dev/herm/agent/llm"
)

// Steering: a person may add to a turn while it runs. Session.Steer queues
// the message; the loop commits it as a user message at the next
// iteration boundary — before its next model call, after the results of
// every tool the model called, never between an assistant message with
// tool calls and its results — so the model reads it with what it has
// done so far. A message that arrives while the model writes its final
// answer makes the turn go on with one more call instead of ending.

// Steered says messages sent while the turn ran were added to it; their
// MessageSaved events follow.
type Steered struct{ Inputs []Input }

// SteerReturned hands back messages sent to steer a turn that ended before
// taking them (interrupted, failed, stopped). It comes just before
// TurnDone; a front end sends them as a turn of their own or gives them
// back to the person.
type SteerReturned struct{ Inputs []Input }

func (Steered) event()       {}
func (SteerReturned) event() {}

// steerState is the queue of a session's steering messages.
type steerState struct {
	mu      sync.Mutex
	open    bool // a turn is running and will still read the queue
	pending []Input
}

// Steer adds in to the running turn. It reports false — and keeps nothing —
// when no turn is running or the running one has already decided to end;
// send in as a turn of its own then.
func (s *Session) Steer(in Input) bool {
	if strings.TrimSpace(in.Text) == "" && len(in.Images) == 0 {
		return false
	}
	s.steer.mu.Lock()
	defer s.steer.mu.Unlock()
	if !s.steer.open {
		return false
	}
	s.steer.pending = append(s.steer.pending, in)
	return true
}

// openSteering starts taking steering messages (Run, with s.turn held).
func (s *Session) openSteering() {
	s.steer.mu.Lock()
	s.steer.open, s.steer.pending = true, nil
	s.steer.mu.Unlock()
}

// takeSteering returns the queued messages. With last set and nothing
// queued, it stops taking more in the same step, so a Steer racing with the
// turn's end either is taken or returns false.
func (s *Session) takeSteering(last bool) []Input {
	s.steer.mu.Lock()
	defer s.steer.mu.Unlock()
	ins := s.steer.pending
	s.steer.pending = nil
	if last && len(ins) == 0 {
		s.steer.open = false
	}
	return ins
}

// returnSteering puts messages that were taken but not committed back at
// the head of the queue.
func (s *Session) returnSteering(ins []Input) {
	s.steer.mu.Lock()
	s.steer.pending = append(append([]Input(nil), ins...), s.steer.pending...)
	s.steer.mu.Unlock()
}

// closeSteering stops taking steering messages and returns those left.
func (s *Session) closeSteering() []Input {
	s.steer.mu.Lock()
	defer s.steer.mu.Unlock()
	ins := s.steer.pending
	s.steer.open, s.steer.pending = false, nil
	return ins
}

// applySteering commits steering messages as user messages, in order. On
// a failure the ones not committed go back to the queue.
func (t *turn) applySteering(ins []Input) error {
	if len(ins) == 0 {
		return nil
	}
	t.emit(Steered{Inputs: ins})
	for i, in := range ins {
		if err := t.commit(llm.Message{Role: llm.RoleUser, Content: in.Text, Images: in.Images}); err != nil {
			t.s.returnSteering(ins[i:])
			return err
		}
	}
	return nil
}
