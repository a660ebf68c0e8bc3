package ui

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// lockedBuffer is an output the program writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func waitOutput(t *testing.T, out *lockedBuffer, what string, cond func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := out.String()
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; output %q", what, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// No flicker: Bubble Tea v2 asks the terminal whether it supports
// synchronized output (DECRQM 2026) and, once it answers that it does,
// wraps every frame in BSU/ESU (CSI ?2026h … CSI ?2026l) so the terminal
// paints a frame at once, never half of it. This runs the real program on
// the real model against a scripted terminal and checks the stream.
func TestFramesUseSynchronizedOutput(t *testing.T) {
	m := newModel(t, 80, 24)
	in, term := io.Pipe()
	defer term.Close()
	out := &lockedBuffer{}
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithWindowSize(80, 24),
		tea.WithEnvironment([]string{"TERM=xterm-256color"}))
	m.SetSender(p.Send)
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run()
	}()
	defer func() {
		p.Quit()
		<-done
	}()

	waitOutput(t, out, "the query for mode 2026", func(s string) bool { return strings.Contains(s, ansi.RequestModeSynchronizedOutput) })
	if _, err := term.Write([]byte("\x1b[?2026;2$y")); err != nil { // supported, currently off
		t.Fatal(err)
	}
	// Once the answer is read, frames are wrapped: type until one is (the
	// answer and the keys travel different ways), then check the next
	// frames, one per key.
	esu := func() int { return strings.Count(out.String(), ansi.ResetModeSynchronizedOutput) }
	deadline := time.Now().Add(10 * time.Second)
	for esu() == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no synchronized frame: %q", out.String())
		}
		p.Send(press("x"))
		time.Sleep(20 * time.Millisecond)
	}
	// From the end of the last frame written: later frames are whole
	// writes, each opening with its own begin.
	s0 := out.String()
	mark := strings.LastIndex(s0, ansi.ResetModeSynchronizedOutput) + len(ansi.ResetModeSynchronizedOutput)
	for _, r := range "hello" {
		n := esu()
		p.Send(press(string(r)))
		waitOutput(t, out, "the frame of "+string(r), func(string) bool { return esu() > n })
	}
	s := out.String()[mark:]
	begins, ends := strings.Count(s, ansi.SetModeSynchronizedOutput), strings.Count(s, ansi.ResetModeSynchronizedOutput)
	if begins < 5 || begins != ends {
		t.Fatalf("%d frame begins and %d ends for 5 keys: %q", begins, ends, s)
	}
	// Everything drawn is inside a begin/end pair (a lone cursor show or
	// hide may be outside: it draws nothing).
	for _, frame := range strings.Split(s, ansi.ResetModeSynchronizedOutput) {
		before, _, _ := strings.Cut(frame, ansi.SetModeSynchronizedOutput)
		if ansi.Strip(before) != "" {
			t.Fatalf("drawn outside a synchronized frame: %q", before)
		}
	}
}
