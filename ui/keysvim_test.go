package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/ui/keys"
)

// The config's key overrides rebind the map every pane uses: the new key
// works, the old one no longer does, help and the palette show it; a
// refused override is a warning naming the file, line and key.
func TestKeyOverridesFromConfig(t *testing.T) {
	m := New(t.Context(), Options{Agent: newModel(t, 10, 10).opts.Agent, Now: fixedNow, KeyOverrides: []keys.Override{
		{Action: "panels.todo", Keys: []string{"alt+k"}, File: "/h/config.yaml", Line: 12},
		{Action: "palette", Keys: []string{"ctrl+s"}, File: "/h/config.yaml", Line: 13},
	}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	got := screen(m)
	if !strings.Contains(got, "config: /h/config.yaml:13: keys.palette: ctrl+s is already the key of sessions") {
		t.Errorf("the conflict is not reported:\n%s", got)
	}
	m.Update(press("alt+t"))
	if m.pn.showTodo {
		t.Error("alt+t still opens the todo panel")
	}
	m.Update(press("alt+k"))
	if !m.pn.showTodo {
		t.Error("alt+k does not open the todo panel")
	}
	m.Update(press("ctrl+o"))
	typeText(m, "todo")
	if got := screen(m); !strings.Contains(got, "alt+k") {
		t.Errorf("the palette does not show the new key:\n%s", got)
	}
}

func TestVimMode(t *testing.T) {
	m := newModel(t, 80, 20)
	typeText(m, "/vim")
	m.Update(press("enter"))
	if !m.vim.on || m.vimModeName() != "INSERT" {
		t.Fatalf("/vim: %+v", m.vim)
	}
	typeText(m, "hello brave world")
	m.Update(press("esc"))
	if got := strings.Join(m.statusSegments(), " "); m.vimModeName() != "NORMAL" || !strings.Contains(got, "NORMAL") {
		t.Fatalf("esc: %s, status %q", m.vimModeName(), got)
	}
	typeText(m, "0")
	typeText(m, "w")
	typeText(m, "D")
	if v := m.input.Value(); v != "hello " {
		t.Fatalf("0 w D: %q", v)
	}
	typeText(m, "x") // a typed character does nothing in normal mode…
	typeText(m, "q")
	if v := m.input.Value(); v != "hello" {
		t.Fatalf("x q: %q", v)
	}
	typeText(m, "A")
	typeText(m, " there")
	if v := m.input.Value(); v != "hello there" || m.vimModeName() != "INSERT" {
		t.Fatalf("A: %q %s", v, m.vimModeName())
	}
	m.Update(press("esc"))
	typeText(m, "dd")
	if v := m.input.Value(); v != "" {
		t.Fatalf("dd: %q", v)
	}
	typeText(m, "i")
	typeText(m, "sent")
	m.Update(press("esc"))
	// enter still sends from normal mode; the text goes as a message.
	if _, cmd := m.Update(press("enter")); cmd == nil {
		t.Error("enter in normal mode sent nothing")
	}
	typeText(m, "/vim")
	if m.input.Value() != "" {
		t.Errorf("/ in normal mode should open find, not type: %q", m.input.Value())
	}
}

// Segments are dropped from the end of the chosen list as the terminal
// narrows; the activity on the left always stays.
func TestStatusSegmentsDropInPriorityOrder(t *testing.T) {
	m := newModel(t, 200, 20)
	m.opts.StatusSegments = []string{"model", "tokens", "context", "vim", "session"}
	m.opts.ContextWindow = 10_000
	m.vim.on = true
	run := userTurn(m, "hi")
	feed(m, run, saved("assistant", "hello"))
	m.Update(runExitedMsg{id: run})
	status := func(width int) string {
		m.Update(tea.WindowSizeMsg{Width: width, Height: 20})
		lines := strings.Split(screen(m), "\n")
		return lines[len(lines)-1]
	}
	wide := status(200)
	for _, want := range []string{"fake-model", "↑1.2k ↓80", "12%", "INSERT", "· s1"} {
		if !strings.Contains(wide, want) {
			t.Errorf("200 columns lack %q: %q", want, wide)
		}
	}
	if strings.Index(wide, "fake-model") > strings.Index(wide, "INSERT") {
		t.Errorf("segments out of order: %q", wide)
	}
	mid := status(70)
	if !strings.Contains(mid, "fake-model") || strings.Contains(mid, "INSERT") {
		t.Errorf("70 columns: %q", mid)
	}
	narrow := status(40)
	if !strings.Contains(narrow, "? help") || strings.Contains(narrow, "INSERT") {
		t.Errorf("40 columns: %q", narrow)
	}
	for _, w := range []int{200, 80, 60, 40} {
		if got := len([]rune(status(w))); got > w {
			t.Errorf("%d columns: the status line is %d wide", w, got)
		}
	}
	uitest.Golden(t, "status_60", status(60)+"\n"+status(120))
}

// In vim's normal mode n and N step through an open find, as in vim,
// instead of being swallowed as typed characters.
func TestVimNormalModeStepsThroughFind(t *testing.T) {
	m := newModel(t, 80, 30)
	playToolTurn(m)
	m.Update(runExitedMsg{id: m.run.id})
	typeText(m, "/vim")
	m.Update(press("enter"))
	m.Update(press("esc")) // normal mode
	typeText(m, "/")
	if m.focus != focusFind {
		t.Fatal("/ in normal mode did not open find")
	}
	typeText(m, "testadd")
	m.setFocus(focusInput)
	if !m.vim.normal || m.findCount() != "1/4" {
		t.Fatalf("normal %v, count %q", m.vim.normal, m.findCount())
	}
	typeText(m, "n")
	if got := m.findCount(); got != "2/4" {
		t.Fatalf("n: %q, want 2/4", got)
	}
	typeText(m, "N")
	if got := m.findCount(); got != "1/4" {
		t.Fatalf("N: %q, want 1/4", got)
	}
}
