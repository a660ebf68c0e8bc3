package input

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
)

func newInput() *Model {
	m := New(themes.Dark(), keys.Default())
	m.SetWidth(80)
	return m
}

func typeIn(m *Model, s string) (*Submitted, tea.Cmd) {
	var sub *Submitted
	var cmd tea.Cmd
	for _, r := range s {
		switch r {
		case '\n':
			sub, cmd = m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
		default:
			sub, cmd = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return sub, cmd
}

func TestEnterSendsAndNewlineKeysDoNot(t *testing.T) {
	m := newInput()
	typeIn(m, "line one")
	for _, k := range []tea.KeyPressMsg{
		{Code: tea.KeyEnter, Mod: tea.ModAlt},
		{Code: tea.KeyEnter, Mod: tea.ModShift},
		{Code: 'j', Mod: tea.ModCtrl},
	} {
		if sub, _ := m.Update(k); sub != nil {
			t.Fatalf("%s sent the message", k)
		}
	}
	typeIn(m, "line two")
	sub, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if sub == nil || sub.Text != "line one\n\n\nline two" {
		t.Fatalf("sent %+v", sub)
	}
	if m.Value() != "" {
		t.Fatalf("not reset: %q", m.Value())
	}
	if sub, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter}); sub != nil {
		t.Fatal("an empty message was sent")
	}
}

func TestPastesExpandOnSend(t *testing.T) {
	m := newInput()
	small := "a short paste"
	big1 := strings.Repeat("x", 5000)
	big2 := strings.Repeat("y\n", 50)
	m.Update(tea.PasteMsg{Content: small})
	m.Update(tea.PasteMsg{Content: " " + big1})
	typeIn(m, " and ")
	m.Update(tea.PasteMsg{Content: big2})
	if v := m.Value(); v != "a short paste[pasted text #1 · 1 lines] and [pasted text #2 · 51 lines]" {
		t.Fatalf("value %q", v)
	}
	sub := m.Submit()
	if want := small + " " + big1 + " and " + big2; sub.Text != want {
		t.Fatalf("sent %d bytes, want %d", len(sub.Text), len(want))
	}
	// History recalls what was sent, pastes included.
	m.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if m.Value() != sub.Text {
		t.Fatalf("history holds %d bytes", len(m.Value()))
	}
}

func TestHistoryIsBoundedAndSkipsRepeats(t *testing.T) {
	m := newInput()
	m.SetValue("sent twice")
	m.Submit()
	m.SetValue("sent twice")
	m.Submit()
	if h := m.History(); len(h) != 1 {
		t.Fatalf("a repeat was kept: %q", h)
	}
	for i := 0; i < maxHistory+50; i++ {
		m.remember(fmt.Sprint("message ", i), "")
	}
	h := m.History()
	if len(h) != maxHistory || h[len(h)-1] != fmt.Sprint("message ", maxHistory+49) {
		t.Fatalf("%d entries kept, last %q", len(h), h[len(h)-1])
	}
}

func TestSlashMenu(t *testing.T) {
	m := newInput()
	typeIn(m, "/")
	if !m.MenuOpen() || !strings.Contains(m.MenuView(60), "/new") {
		t.Fatalf("menu:\n%s", m.MenuView(60))
	}
	typeIn(m, "ne")
	if got := m.MenuView(60); !strings.Contains(got, "/new") || strings.Contains(got, "/clear") {
		t.Fatalf("menu for /ne:\n%s", got)
	}
	// Enter on a command without arguments sends it.
	sub, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if sub == nil || sub.Text != "/new" {
		t.Fatalf("sent %+v", sub)
	}
	// A space ends the command word: no menu for arguments.
	typeIn(m, "/model gpt")
	if m.MenuOpen() {
		t.Fatal("menu open for an argument")
	}
}

func TestAtCompletesPathsFromTheWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "src", "deep"), 0o755)
	os.WriteFile(filepath.Join(dir, "src", "main.go"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "README.md"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, ".hidden"), nil, 0o644)
	m := newInput()
	m.Cwd = dir
	_, cmd := typeIn(m, "look at @")
	if cmd == nil {
		t.Fatal("no directory listing requested")
	}
	m.Update(cmd()) // the listing, read off the UI goroutine
	got := m.MenuView(60)
	if !strings.Contains(got, "@src/") || !strings.Contains(got, "@README.md") || strings.Contains(got, ".hidden") {
		t.Fatalf("menu:\n%s", got)
	}
	_, cmd = typeIn(m, "s")
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if v := m.Value(); v != "look at @src/" {
		t.Fatalf("completed to %q", v)
	}
	// Completing a directory lists it next.
	for cmd := m.refreshMenu(); cmd != nil; cmd = m.refreshMenu() {
		m.Update(cmd())
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab})
	if v := m.Value(); v != "look at @src/main.go " {
		t.Fatalf("completed to %q", v)
	}
	sub := m.Submit()
	if !slices.Equal(sub.Files, []string{"src/main.go"}) {
		t.Fatalf("files %v", sub.Files)
	}
}

func TestAtPaths(t *testing.T) {
	got := atPaths("see @a.go, @dir/b.txt and mail me@example.com or @a.go again (@c.md)")
	if !slices.Equal(got, []string{"a.go", "dir/b.txt"}) {
		t.Fatalf("%v", got)
	}
}
