package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/herm-dev/herm/internal/fakellm"
)

// probeMsg asks the running program for its screen, answered from its own
// goroutine (the model must not be read from another).
type probeMsg struct{ reply chan string }

// probed lets a test read the screen of a model inside a running program.
type probed struct{ *Model }

func (p probed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if pr, ok := msg.(probeMsg); ok {
		pr.reply <- screen(p.Model)
		return p, nil
	}
	_, cmd := p.Model.Update(msg)
	return p, cmd
}

func waitScreen(t *testing.T, tm *teatest.TestModel, what string, cond func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		reply := make(chan string, 1)
		tm.Send(probeMsg{reply: reply})
		s := <-reply
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; screen:\n%s", what, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The real program: keys typed, the turn's events delivered through the
// bridge with program.Send, the answer streamed, ctrl+c twice quits.
func TestProgramStreamsATurn(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{Reasoning: "Counting.", Text: "The answer is **forty-two**, as streamed.", EventDelay: 2 * time.Millisecond})
	m := w.model(Options{})
	tm := teatest.NewTestModel(t, probed{m}, teatest.WithInitialTermSize(100, 30))
	m.SetSender(tm.GetProgram().Send)
	tm.Type("what is the answer?")
	tm.Send(press("enter"))
	got := waitScreen(t, tm, "the answer", func(s string) bool {
		return strings.Contains(s, "The answer is forty-two, as streamed.") && strings.Contains(s, "? help")
	})
	if !strings.Contains(got, "┃ what is the answer?") || !strings.Contains(got, "▸ thinking · 1 line") {
		t.Errorf("screen:\n%s", got)
	}
	tm.Send(press("ctrl+c"))
	tm.Send(press("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
