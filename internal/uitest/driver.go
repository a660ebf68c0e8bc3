package uitest

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// Run runs cmd as the program would and hands each message it leads to to
// update, then runs the command update returns, until nothing is left to
// run: batches are opened, a nil message ends its branch. It all happens
// on the caller's goroutine, in order, so the model has settled when Run
// returns. update may ignore messages that are not its model's.
func Run(cmd tea.Cmd, update func(tea.Msg) tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			Run(c, update)
		}
	default:
		Run(update(msg), update)
	}
}

// untilTimeout is how long Until waits before it fails the test: far
// longer than any wait a passing test has, so only a hang reaches it.
const untilTimeout = 30 * time.Second

// Driver runs a model's commands on goroutines and feeds the messages they
// return back to the model on the test's goroutine, as the program's event
// loop does: for tests of work that really runs (store reads, agent turns).
// Its methods other than Post belong to the test's goroutine.
type Driver struct {
	t      testing.TB
	update func(tea.Msg) tea.Cmd
	screen func() string
	msgs   chan tea.Msg
}

// NewDriver returns a driver for the model update reaches: update handles
// one message and returns the command it leads to. screen is what a test
// that times out shows.
func NewDriver(t testing.TB, update func(tea.Msg) tea.Cmd, screen func() string) *Driver {
	return &Driver{t: t, update: update, screen: screen, msgs: make(chan tea.Msg, 4096)}
}

// Exec runs cmd on a goroutine; the message it returns waits for Until.
func (d *Driver) Exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			d.msgs <- msg
		}
	}()
}

// Send hands msg to the model at once and runs the command it returns.
func (d *Driver) Send(msg tea.Msg) {
	d.Exec(d.update(msg))
}

// Post queues msg for Until, as program.Send does. It is safe to call
// from any goroutine; it blocks while 4096 messages wait.
func (d *Driver) Post(msg tea.Msg) {
	d.msgs <- msg
}

// Until hands the waiting messages to the model, opening batches, until
// cond holds. After 30 seconds it fails the test, naming what it waited
// for and showing the screen.
func (d *Driver) Until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(untilTimeout)
	for !cond() {
		select {
		case msg := <-d.msgs:
			if batch, ok := msg.(tea.BatchMsg); ok {
				for _, c := range batch {
					d.Exec(c)
				}
				continue
			}
			d.Send(msg)
		case <-deadline:
			d.t.Fatalf("timed out waiting for %s; screen:\n%s", what, d.screen())
		}
	}
}

// Runner drives a pane on the test's goroutine, as the program would.
// Update is the pane's; of the messages its commands return, those of type
// M (the pane's own) go back to Update, and any other (a cursor's blink, a
// message for the root model) ends its branch there.
type Runner[M tea.Msg] struct {
	Update func(tea.Msg) tea.Cmd
}

// Run runs cmd and what it leads to (see the function Run).
func (r Runner[M]) Run(cmd tea.Cmd) {
	Run(cmd, func(msg tea.Msg) tea.Cmd {
		if own, ok := msg.(M); ok {
			return r.Update(own)
		}
		return nil
	})
}

// Press presses the keys (see Key) one after the other, running what each
// leads to.
func (r Runner[M]) Press(keys ...string) {
	for _, k := range keys {
		r.Run(r.Update(Key(k)))
	}
}

// Type types s (see Type), running what each key leads to.
func (r Runner[M]) Type(s string) {
	for _, k := range Type(s) {
		r.Run(r.Update(k))
	}
}

// Collect runs cmd and returns the messages it leads to, handing them to no
// model: for tests of what a command would do (what it copies, what it
// writes to the terminal). A batch's commands run at once, each on a
// goroutine of its own as the program runs them, so one that waits out a
// timer does not hold up the rest; their messages come back in the batch's
// order. Nil messages are left out.
func Collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		each := make([][]tea.Msg, len(msg))
		var wg sync.WaitGroup
		for i, c := range msg {
			wg.Go(func() { each[i] = Collect(c) })
		}
		wg.Wait()
		return slices.Concat(each...)
	default:
		return []tea.Msg{msg}
	}
}

// Raw is what the messages of cmd write to the terminal as they are
// (tea.Raw), in order: bells, OSC notifications, clipboard sequences.
func Raw(cmd tea.Cmd) string {
	var b strings.Builder
	for _, msg := range Collect(cmd) {
		if r, ok := msg.(tea.RawMsg); ok {
			if s, ok := r.Msg.(string); ok {
				b.WriteString(s)
			}
		}
	}
	return b.String()
}
