package skills

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/themes"
)

func edKeys(e *editor, keys ...string) {
	for _, k := range keys {
		e.update(uitest.Key(k))
	}
}

func edType(e *editor, s string) {
	for _, k := range uitest.Type(s) {
		e.update(k)
	}
}

func TestEditorEditing(t *testing.T) {
	e := newEditor(themes.Dark(), "alpha beta\ngamma", 40, 10)
	if e.changed {
		t.Fatal("changed before any edit")
	}
	edKeys(e, "end")
	edType(e, " delta")
	edKeys(e, "enter", "tab")
	edType(e, "x")
	if got := e.value(); got != "alpha beta delta\n\tx\ngamma" {
		t.Fatalf("value %q", got)
	}
	edKeys(e, "home", "backspace") // joins the lines
	if got := e.value(); got != "alpha beta delta\tx\ngamma" || e.row != 0 || e.col != 16 {
		t.Fatalf("after backspace %q at %d:%d", got, e.row, e.col)
	}
	edKeys(e, "ctrl+k") // to the end of the line
	if got := e.value(); got != "alpha beta delta\ngamma" {
		t.Fatalf("after ctrl+k %q", got)
	}
	edKeys(e, "ctrl+k") // at the end: joins the next line
	if got := e.value(); got != "alpha beta deltagamma" {
		t.Fatalf("after ctrl+k at the end %q", got)
	}
	edKeys(e, "alt+b", "ctrl+w") // back a word, delete the word before
	if got := e.value(); got != "alpha deltagamma" {
		t.Fatalf("after alt+b ctrl+w %q (col %d)", got, e.col)
	}
	edKeys(e, "ctrl+u")
	if got := e.value(); got != "deltagamma" || e.col != 0 {
		t.Fatalf("after ctrl+u %q", got)
	}
	edKeys(e, "alt+f", "delete")
	if got := e.value(); got != "deltagamma" || e.col != 10 {
		t.Fatalf("alt+f then delete at the end: %q col %d", got, e.col)
	}
	if !e.changed {
		t.Error("not marked changed")
	}
	// Pastes keep their lines; control characters are dropped.
	e.update(tea.PasteMsg{Content: "\r\none\x07\r\ntwo"})
	if got := e.value(); got != "deltagamma\none\ntwo" || e.row != 2 || e.col != 3 {
		t.Fatalf("after paste %q at %d:%d", got, e.row, e.col)
	}
}

func TestEditorWrapsAndMovesByRows(t *testing.T) {
	long := strings.Repeat("abcdefghij", 7) // 70 cells, wraps at 34
	e := newEditor(themes.Dark(), "short\n"+long+"\nend", 40, 6)
	if w := e.textWidth(); w != 34 {
		t.Fatalf("text width %d", w)
	}
	edKeys(e, "right", "right", "down") // into the long line, column 2
	if e.row != 1 || e.col != 2 {
		t.Fatalf("down: %d:%d", e.row, e.col)
	}
	edKeys(e, "down") // its second row, same column
	if e.row != 1 || e.col != 36 {
		t.Fatalf("down a wrapped row: %d:%d", e.row, e.col)
	}
	edKeys(e, "down", "down")
	if e.row != 2 || e.col != 2 {
		t.Fatalf("down to the last line: %d:%d", e.row, e.col)
	}
	for _, l := range strings.Split(e.view(), "\n") {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("row wider than the editor (%d): %q", w, l)
		}
	}
	if rows := strings.Split(ansi.Strip(e.view()), "\n"); len(rows) != 6 || !strings.HasPrefix(rows[0], "  1  short") || !strings.HasPrefix(rows[2], "     ") {
		t.Errorf("view:\n%s", ansi.Strip(e.view()))
	}
}

// The cursor stays on screen however far it moves.
func TestEditorFollowsTheCursor(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%60))
		b.WriteByte('\n')
	}
	e := newEditor(themes.Dark(), b.String(), 50, 12)
	onScreen := func() bool { return strings.Contains(ansi.Strip(e.view()), "\n") && e.top <= e.row }
	edKeys(e, "ctrl+end")
	if e.row != 500 || !onScreen() || !strings.Contains(ansi.Strip(e.view()), "501") {
		t.Fatalf("ctrl+end: row %d top %d\n%s", e.row, e.top, ansi.Strip(e.view()))
	}
	for range 80 { // 500 lines, some of two rows, 11 rows a page
		e.update(tea.KeyPressMsg{Code: tea.KeyPgUp})
	}
	if e.row != 0 || e.top != 0 {
		t.Fatalf("pgup to the top: row %d top %d", e.row, e.top)
	}
	e.gotoLine(250)
	if !strings.Contains(ansi.Strip(e.view()), "250  line") {
		t.Fatalf("gotoLine 250:\n%s", ansi.Strip(e.view()))
	}
}
