package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/uitest"
)

// A turn that ran longer than notify_after and ends while the terminal is
// not focused rings the bell and posts a notification (OSC 9, or OSC 777
// where the terminal reads that); a short turn, a focused terminal or an
// interrupted turn does not.
func TestNotifyWhenALongTurnEndsUnfocused(t *testing.T) {
	end := func(m *Model, took time.Duration, blurred bool) string {
		run := fakeRun(m)
		m.run.started = clock.Add(-took)
		feed(m, run, agent.TurnStarted{SessionID: "s1", Model: "fake-model"}, saved("user", "build it"))
		feed(m, run, agent.TextDelta{Text: "Built.\nAll 12 packages pass."}, saved("assistant", "Built.\nAll 12 packages pass."), agent.TurnDone{Reason: agent.StopDone})
		if blurred {
			m.Update(tea.BlurMsg{})
		} else {
			m.Update(tea.FocusMsg{})
		}
		return uitest.Raw(m.notifyTurnDone(runExitedMsg{id: run}))
	}

	m := newModel(t, 80, 24)
	if got := end(m, 12*time.Second, true); got != "\x1b]9;herm: finished in 12s · Built.\a\a" {
		t.Fatalf("notification %q", got)
	}
	if got := end(m, 3*time.Second, true); got != "" {
		t.Fatalf("a short turn notified: %q", got)
	}
	if got := end(m, time.Minute, false); got != "" {
		t.Fatalf("a focused terminal was notified: %q", got)
	}
	m.osc777 = true
	m.info.Title = "Build; then test"
	if got := end(m, time.Minute, true); got != "\x1b]777;notify;herm;finished in 1m00s · Build; then test\a\a" {
		t.Fatalf("OSC 777 notification %q", got)
	}

	// notify_after: shorter, or never.
	m = newModel(t, 80, 24)
	m.opts.NotifyAfter = 2 * time.Second
	if got := end(m, 3*time.Second, true); !strings.HasPrefix(got, "\x1b]9;herm: finished in 3") {
		t.Fatalf("notify_after 2s: %q", got)
	}
	m.opts.NotifyAfter = -1
	if got := end(m, time.Hour, true); got != "" {
		t.Fatalf("notifications off: %q", got)
	}

	// An interrupted turn: the person is there.
	m = newModel(t, 80, 24)
	run := fakeRun(m)
	m.run.started = clock.Add(-time.Minute)
	m.Update(tea.BlurMsg{})
	m.interrupt()
	if got := uitest.Raw(m.notifyTurnDone(runExitedMsg{id: run})); got != "" {
		t.Fatalf("an interrupted turn notified: %q", got)
	}
}

func TestPrefersOSC777(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	for _, c := range []struct {
		getenv func(string) string
		want   bool
	}{
		{env("TERM", "xterm-256color"), false},
		{env("TERM", "xterm-kitty"), false},
		{env("TERM", "xterm-256color", "VTE_VERSION", "7600"), true},
		{env("TERM", "foot"), true},
		{env("TERM", "rxvt-unicode-256color"), true},
	} {
		if got := prefersOSC777(c.getenv); got != c.want {
			t.Errorf("%v: %v", c.getenv("TERM"), got)
		}
	}
}
