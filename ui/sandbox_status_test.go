package ui

import (
	"strings"
	"testing"

	"github.com/herm-dev/herm/tools/terminal"
)

// The status line says "no sandbox" where commands run unconfined
// although the configuration asked for a sandbox mode — turned off, or
// none on this machine — and nothing where they are confined.
func TestStatusLineSaysNoSandbox(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct {
		policy terminal.Policy
		shown  bool
	}{
		{terminal.Policy{Mode: terminal.SandboxOff}, true},
		{terminal.Policy{}, false}, // no sandbox configured at all: a library default
		{terminal.Policy{Mode: terminal.SandboxWorkspaceWrite}, func() bool { ok, _ := terminal.SandboxSupport(); return !ok }()},
	} {
		term := terminal.New(terminal.Config{Sandbox: c.policy})
		m := w.model(Options{Terminal: term})
		got := strings.Join(m.statusSegments(), " ")
		term.Close()
		if strings.Contains(got, "no sandbox") != c.shown {
			t.Errorf("sandbox %q: status segments %q, want \"no sandbox\" shown: %v", c.policy.Mode, got, c.shown)
		}
		if c.shown && !strings.Contains(screen(m), "no sandbox") {
			t.Errorf("sandbox %q: the status line lacks it:\n%s", c.policy.Mode, screen(m))
		}
	}
}
