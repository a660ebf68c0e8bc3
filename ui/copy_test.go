package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/uitest"
)

// osc52 returns what a command's messages put on the clipboard through
// OSC 52 (tea.SetClipboard).
func osc52(msgs []tea.Msg) (string, bool) {
	for _, msg := range msgs {
		if fmt.Sprintf("%T", msg) == "tea.setClipboardMsg" {
			return fmt.Sprint(msg), true
		}
	}
	return "", false
}

func clipboardText(msgs []tea.Msg) string {
	for _, msg := range msgs {
		if c, ok := msg.(clipboardMsg); ok {
			return c.text
		}
	}
	return ""
}

// y labels the blocks on screen; a label copies its block's logical text
// exactly — a code block's code, not its drawing — through OSC 52 and the
// clipboard tool.
func TestBlockPickerCopiesACodeBlock(t *testing.T) {
	var tool []string
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model"}, Now: fixedNow, Cwd: "/work", Home: t.TempDir(),
		Clipboard: func(s string) error { tool = append(tool, s); return nil }})
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 50})
	playMarkdownTurn(m)
	m.Update(press("tab"))
	m.Update(press("y"))
	if !m.chat.Picking() {
		t.Fatal("y did not start the picker")
	}
	uitest.Golden(t, "picker_60", screen(m))
	labels := m.chat.Labels()
	if labels != "123" {
		t.Fatalf("labels %q, want 123 (message, answer, code block)", labels)
	}
	_, cmd := m.Update(press("3"))
	msgs := uitest.Collect(cmd)
	want := "func main() {\n\tfmt.Println(\"hello\")\n}"
	if got, ok := osc52(msgs); !ok || got != want {
		t.Fatalf("OSC 52 %q (%v), want %q", got, ok, want)
	}
	if len(tool) != 1 || tool[0] != want {
		t.Fatalf("clipboard tool got %q", tool)
	}
	if got := clipboardText(msgs); got != "copied the go code block" {
		t.Fatalf("status %q", got)
	}
	if m.chat.Picking() {
		t.Fatal("still picking after a copy")
	}

	// The whole answer is its markdown; an unknown label copies nothing.
	m.Update(press("y"))
	_, cmd = m.Update(press("2"))
	if got, _ := osc52(uitest.Collect(cmd)); got != markdownAnswer {
		t.Fatalf("the answer copied as %q", got)
	}
	m.Update(press("y"))
	m.Update(press("9"))
	if m.chat.Picking() || !strings.Contains(m.status.flash, "no block is labelled 9") {
		t.Fatalf("an unknown label: flash %q", m.status.flash)
	}
	// esc cancels.
	m.Update(press("y"))
	m.Update(press("esc"))
	if m.chat.Picking() {
		t.Fatal("esc did not cancel the picker")
	}
}

// A tool's output is copied as the terminal showed it: colours dropped,
// carriage-return overwrites resolved, tabs kept.
func TestBlockPickerCopiesToolOutput(t *testing.T) {
	m := newModel(t, 80, 40)
	m.opts.Clipboard = func(string) error { return nil }
	playToolTurn(m)
	m.Update(runExitedMsg{id: m.run.id})
	m.Update(press("tab"))
	m.Update(press("y"))
	var label string
	for _, l := range strings.Split(screen(m), "\n") {
		if strings.Contains(l, "terminal go test ./...") && !strings.Contains(l, "-run") {
			label = strings.TrimSpace(l)[:1]
		}
	}
	if label == "" {
		t.Fatalf("the failed run is not labelled:\n%s", screen(m))
	}
	_, cmd := m.Update(press(label))
	got, _ := osc52(uitest.Collect(cmd))
	if got != "--- FAIL: TestAdd (0.00s)\n    calc_test.go:9: Add(2, 3) = -1, want 5\nFAIL" { // the exit code is in the header
		t.Fatalf("tool output copied as %q", got)
	}
}

// Without a clipboard tool the copy is kept in HERM_HOME/cache, readable
// by its owner only, and the status line says where.
func TestCopyFallbackFile(t *testing.T) {
	home := t.TempDir()
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model"}, Now: fixedNow, Cwd: "/work", Home: home,
		Clipboard: func(string) error { return errors.New("no clipboard tool") }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	playMarkdownTurn(m)
	msgs := uitest.Collect(m.copyText("exact\ttext\n", "the block"))
	path := filepath.Join(home, "cache", "clipboard.txt")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "exact\ttext\n" {
		t.Fatalf("fallback file %q %v", b, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Fatalf("fallback file mode %v", fi.Mode().Perm())
	}
	if got := clipboardText(msgs); !strings.Contains(got, path) {
		t.Fatalf("status %q does not name %s", got, path)
	}
}

// The picker's labels and bar at 200 columns (60 is above).
func TestGoldenPicker200(t *testing.T) {
	m := newModel(t, 200, 40)
	playToolTurn(m)
	m.Update(runExitedMsg{id: m.run.id})
	m.Update(press("tab"))
	m.Update(press("y"))
	uitest.Golden(t, "picker_200", screen(m))
	if got := m.chat.Labels(); len(got) < 5 {
		t.Fatalf("labels %q", got)
	}
}
