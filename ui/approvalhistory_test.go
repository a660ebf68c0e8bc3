package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/ui/approval"
)

// A call that needed approval says how it was answered, live and when the
// session is reopened: denied, edited (the block shows what really ran,
// and what was asked beneath), approved; a denied write too, whose prompt
// showed what it would write.
func TestApprovalsShownWhenReopened(t *testing.T) {
	w := newWorld(t)
	if err := os.MkdirAll(filepath.Join(w.dir, "build", "cache"), 0o755); err != nil {
		t.Fatal(err)
	}
	call := func(name string, args map[string]any) fakellm.Reply {
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call(name, args)}}
	}
	rm := call("terminal", map[string]any{"command": "rm -rf build"})
	w.replies(rm, fakellm.Reply{Text: "Kept the build."},
		rm, fakellm.Reply{Text: "Cache gone."},
		call("write_file", map[string]any{"path": ".env", "content": "TOKEN=x\n"}), fakellm.Reply{Text: "No env then."},
		call("terminal", map[string]any{"command": "rm -rf build/cache"}), fakellm.Reply{Text: "Cache gone again."})
	c := &testClock{t: time.Now()}
	m := w.model(Options{Now: c.now})
	d := newDriver(t, m)
	answer := func(keys ...string) {
		t.Helper()
		d.Until("the prompt", func() bool { return m.approval.Pending() })
		c.add(approval.Grace)
		for _, k := range keys {
			d.Send(press(k))
			if k == "tab" || k == "enter" && m.approval.Pending() {
				c.add(approval.Grace)
			}
		}
	}
	turn := func(text, until string, keys ...string) {
		t.Helper()
		d.typeLine(text)
		answer(keys...)
		d.Until(until, func() bool { return d.idle() && strings.Contains(screen(m), until) })
	}
	turn("clean up", "Kept the build.", "esc")
	d.typeLine("only the cache")
	answer("tab", "e")
	d.Send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	for _, k := range "rm -rf build/cache" {
		d.Send(press(string(k)))
	}
	d.Send(press("enter"))
	c.add(approval.Grace)
	d.Send(press("y"))
	d.Until("the edit", func() bool { return d.idle() && strings.Contains(screen(m), "Cache gone.") })
	// The write's prompt shows the new file's content.
	d.typeLine("write the env")
	d.Until("the write's prompt", func() bool {
		s := screen(m)
		return strings.Contains(s, "Allow this file write?") && strings.Contains(s, "+TOKEN=x")
	})
	answer("esc")
	d.Until("No env then.", func() bool { return d.idle() && strings.Contains(screen(m), "No env then.") })
	os.MkdirAll(filepath.Join(w.dir, "build", "cache"), 0o755)
	turn("the cache again", "Cache gone again.", "enter")

	want := []string{
		"✗ terminal rm -rf build", "denied by you",
		"✓ terminal rm -rf build/cache", "edited by you", "edited from: rm -rf build",
		"✗ write_file .env", "approved by you",
	}
	check := func(when, got string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the transcript lacks %q:\n%s", when, w, got)
			}
		}
		if n := strings.Count(got, "denied by you"); n != 2 {
			t.Errorf("%s: %d calls denied, want 2:\n%s", when, n, got)
		}
	}
	check("live", screen(m))

	again := w.model(Options{Resume: m.info.ID, Now: c.now})
	d2 := newDriver(t, again)
	d2.Until("the session", func() bool { return strings.Contains(screen(again), "Cache gone again.") })
	got := screen(again)
	check("reopened", got)
	// The calls are in the order they were made: the edit shows on the
	// second rm, not the first.
	if i, j := strings.Index(got, "denied by you"), strings.Index(got, "edited by you"); i < 0 || j < i {
		t.Errorf("the answers are on the wrong calls:\n%s", got)
	}
}
