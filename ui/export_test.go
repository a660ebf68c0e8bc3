package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
)

func TestParseExport(t *testing.T) {
	for _, c := range []struct {
		args string
		want exportRequest
		err  bool
	}{
		{"", exportRequest{ext: "md"}, false},
		{"jsonl", exportRequest{ext: "jsonl"}, false},
		{"JSON notes/s.txt", exportRequest{ext: "jsonl", path: "notes/s.txt"}, false},
		{"notes/today.jsonl", exportRequest{ext: "jsonl", path: "notes/today.jsonl"}, false},
		{"markdown clip", exportRequest{ext: "md", clipboard: true}, false},
		{"a.md b.md", exportRequest{}, true},
		{"a.md clipboard", exportRequest{}, true},
	} {
		got, err := parseExport(c.args)
		if (err != nil) != c.err || (!c.err && got != c.want) {
			t.Errorf("%q: %+v %v", c.args, got, err)
		}
	}
}

// /export writes the session the chat shows to HERM_HOME/exports (the
// session browser's place), to a file named relative to the cwd, or to
// the clipboard — the store's own Markdown and JSONL exports.
func TestExportCommand(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	id := longSession(t, st, 9)
	home, cwd := t.TempDir(), t.TempDir()
	var tool string
	m := New(ctx, Options{Agent: &agent.Agent{Model: "fake-model", Store: st}, Store: st, Now: fixedNow, Cwd: cwd, Home: home,
		Clipboard: func(s string) error { tool = s; return nil }})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})

	// Nothing to export before there is a session.
	if cmd := m.exportCommand(""); !strings.Contains(m.status.flash, "nothing to export") || cmd == nil {
		t.Fatalf("flash %q", m.status.flash)
	}
	m.Update(m.loadSession(id)())

	var md, jsonl bytes.Buffer
	if err := st.ExportMarkdown(ctx, &md, id); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ExportJSONL(ctx, &jsonl, []string{id}, store.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, path, want string }{
		{"", filepath.Join(home, "exports", id+".md"), md.String()},
		{"jsonl", filepath.Join(home, "exports", id+".jsonl"), jsonl.String()},
		{"notes/today.md", filepath.Join(cwd, "notes", "today.md"), md.String()},
	} {
		msg := m.exportCommand(c.args)()
		m.Update(msg)
		b, err := os.ReadFile(c.path)
		if err != nil || string(b) != c.want {
			t.Fatalf("/export %s: %s holds %d bytes (%v), want %d", c.args, c.path, len(b), err, len(c.want))
		}
		if !strings.Contains(m.status.flash, c.path) {
			t.Fatalf("/export %s: flash %q", c.args, m.status.flash)
		}
	}
	if !strings.Contains(md.String(), "question number 1: what is in dir1?") {
		t.Fatalf("markdown export:\n%s", md.String())
	}

	// To the clipboard.
	_, cmd := m.Update(m.exportCommand("md clipboard")())
	msgs := uitest.Collect(cmd)
	if got, _ := osc52(msgs); got != md.String() || tool != md.String() {
		t.Fatalf("clipboard export: OSC 52 %d bytes, tool %d, want %d", len(got), len(tool), md.Len())
	}
	if got := clipboardText(msgs); got != "copied the session (Markdown)" {
		t.Fatalf("status %q", got)
	}

	// A file that cannot be written is an error in the chat.
	if err := os.WriteFile(filepath.Join(cwd, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m.Update(m.exportCommand("file/under/a/file.md")())
	if s := screen(m); !strings.Contains(s, "/export:") {
		t.Fatalf("no error shown:\n%s", s)
	}
}

// /export typed in the input runs the command.
func TestExportTyped(t *testing.T) {
	st := openStore(t)
	id := longSession(t, st, 5)
	home := t.TempDir()
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model", Store: st}, Store: st, Now: fixedNow, Cwd: t.TempDir(), Home: home})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d := newDriver(t, m)
	d.Send(m.loadSession(id)())
	d.typeLine("/export jsonl")
	path := filepath.Join(home, "exports", id+".jsonl")
	d.Until("the export", func() bool { return strings.Contains(m.status.flash, path) })
	if b, err := os.ReadFile(path); err != nil || !strings.Contains(string(b), `"content":"question number 0: what is in dir0?"`) {
		t.Fatalf("%s: %v\n%s", path, err, b)
	}
}
