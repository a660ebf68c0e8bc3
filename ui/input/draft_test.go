package input

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/uitest"
)

var (
	ctrlR = uitest.Key("ctrl+r")
	altS  = uitest.Key("alt+s")
	esc   = uitest.Key("esc")
	enter = uitest.Key("enter")
)

// send types s and sends it, returning what was sent and the command.
func send(t *testing.T, m *Model, s string) (*Submitted, tea.Cmd) {
	t.Helper()
	typeIn(m, s)
	sub, cmd := m.Update(enter)
	if sub == nil {
		t.Fatalf("%q was not sent", s)
	}
	return sub, cmd
}

// run runs cmd and the commands its messages lead to, feeding the
// messages back to m (flashes are for the root model).
func run(m *Model, cmd tea.Cmd) {
	uitest.Run(cmd, func(msg tea.Msg) tea.Cmd {
		if _, ok := msg.(FlashMsg); ok {
			return nil
		}
		_, next := m.Update(msg)
		return next
	})
}

func TestReverseSearchFindsOlderMatchesIncrementally(t *testing.T) {
	m := newInput()
	for _, s := range []string{"deploy the api", "run the tests", "deploy the web app", "lunch"} {
		send(t, m, s)
	}
	typeIn(m, "half a thought")
	m.Update(ctrlR)
	if !m.Searching() || m.Height() != 2 {
		t.Fatalf("ctrl+r did not open the search (height %d)", m.Height())
	}
	typeIn(m, "dep")
	if m.Value() != "deploy the web app" {
		t.Fatalf("newest match: %q", m.Value())
	}
	if v := m.View(); !strings.Contains(v, "dep") || !strings.Contains(v, "1/2") {
		t.Fatalf("search line:\n%s", v)
	}
	m.Update(ctrlR) // older
	if m.Value() != "deploy the api" {
		t.Fatalf("older match: %q", m.Value())
	}
	m.Update(ctrlR) // no older one: stays
	if m.Value() != "deploy the api" || !strings.Contains(m.View(), "2/2") {
		t.Fatalf("past the oldest: %q", m.Value())
	}
	typeIn(m, "zzz")
	if !strings.Contains(m.View(), "no match") || m.Value() != "half a thought" {
		t.Fatalf("no match should show the draft: %q\n%s", m.Value(), m.View())
	}
	for range 3 {
		m.Update(uitest.Key("backspace"))
	}
	m.Update(esc)
	if m.Searching() || m.Value() != "half a thought" {
		t.Fatalf("esc should restore the draft: %q", m.Value())
	}

	m.Update(ctrlR)
	typeIn(m, "tests")
	m.Update(enter) // keeps the match to edit, does not send
	if m.Searching() || m.Value() != "run the tests" {
		t.Fatalf("enter: %q", m.Value())
	}
	if sub, _ := m.Update(enter); sub == nil || sub.Text != "run the tests" {
		t.Fatalf("the match was not sent: %+v", sub)
	}
}

func TestHistoryIsSavedRedactedAndReadBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "input_history.jsonl")
	redact := func(s string) string { return strings.ReplaceAll(s, "hunter2", "[redacted]") }
	m := newInput()
	run(m, m.SetHistoryFile(path, redact))
	for _, s := range []string{"first message", "my password is hunter2", "export OPENAI_API_KEY=sk-abcdefghijklmnopqrstuvwxyz0123456789"} {
		_, cmd := send(t, m, s)
		run(m, cmd)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("history file mode %v", st.Mode().Perm())
	}
	saved := string(b)
	if strings.Contains(saved, "hunter2") || strings.Contains(saved, "sk-abc") || !strings.Contains(saved, "[redacted]") || !strings.Contains(saved, "first message") {
		t.Fatalf("history file:\n%s", saved)
	}

	// A new run reads it, before the session's own history.
	m2 := newInput()
	run(m2, m2.SetHistoryFile(path, redact))
	m2.SetHistory([]string{"from the resumed session"})
	h := m2.History()
	if len(h) != 3 || h[0] != "first message" || h[2] != "from the resumed session" {
		t.Fatalf("history: %q", h)
	}
	m2.Update(ctrlR)
	typeIn(m2, "first")
	if m2.Value() != "first message" {
		t.Fatalf("search across runs: %q", m2.Value())
	}
}

func TestHistoryFileIsBounded(t *testing.T) {
	h := &historyFile{path: filepath.Join(t.TempDir(), "h.jsonl"), redact: func(s string) string { return s }}
	var full strings.Builder
	for i := range maxSavedHistory + 19 {
		full.WriteString(`"message ` + itoa(i) + "\"\n")
	}
	full.WriteString("not json\n")
	if err := os.WriteFile(h.path, []byte(full.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := h.add("message " + itoa(maxSavedHistory+19)); err != nil {
		t.Fatal(err)
	}
	got, err := h.read()
	if err != nil || len(got) != maxSavedHistory || got[0] != "message 20" || got[len(got)-1] != "message "+itoa(maxSavedHistory+19) {
		t.Fatalf("%d entries, first %q, %v", len(got), got[0], err)
	}
}

func TestStashPushesAndPopsDrafts(t *testing.T) {
	m := newInput()
	typeIn(m, "first draft")
	m.paste(strings.Repeat("pasted line\n", 40))
	m.Update(altS)
	if m.Value() != "" || m.StashCount() != 1 {
		t.Fatalf("after stash: %q, %d stashed", m.Value(), m.StashCount())
	}
	typeIn(m, "second")
	m.Update(altS)
	if m.StashCount() != 2 {
		t.Fatalf("%d stashed", m.StashCount())
	}
	m.Update(altS) // empty input: pops the newest
	if m.Value() != "second" || m.StashCount() != 1 {
		t.Fatalf("pop: %q", m.Value())
	}
	m.Reset()
	m.Update(altS)
	if !strings.HasPrefix(m.Value(), "first draft[pasted text #1") {
		t.Fatalf("pop: %q", m.Value())
	}
	sub, _ := m.Update(enter)
	if sub == nil || !strings.HasPrefix(sub.Text, "first draftpasted line\n") || strings.Count(sub.Text, "pasted line") != 40 {
		t.Fatalf("the stashed paste was not expanded on send: %+v", sub)
	}
}

func TestPastePlaceholderCanBeExpandedOrRemoved(t *testing.T) {
	m := newInput()
	typeIn(m, "see ")
	m.Update(tea.PasteMsg{Content: strings.Repeat("x\n", 30)})
	typeIn(m, " thanks")
	atts := m.Attachments()
	if len(atts) != 1 || atts[0].Text != strings.Repeat("x\n", 30) {
		t.Fatalf("attachments: %+v", atts)
	}
	if !strings.Contains(m.Value(), "[pasted text #1 · 31 lines]") {
		t.Fatalf("draft: %q", m.Value())
	}
	m.ExpandPaste(atts[0].Placeholder)
	if m.Value() != "see "+strings.Repeat("x\n", 30)+" thanks" || len(m.Attachments()) != 0 {
		t.Fatalf("expanded: %q", m.Value())
	}
	m.Reset()
	m.Update(tea.PasteMsg{Content: strings.Repeat("y", 2000)})
	m.RemoveAttachment(m.Attachments()[0].Placeholder)
	if m.Value() != "" {
		t.Fatalf("removed: %q", m.Value())
	}
}

// pngBytes is a tiny valid PNG.
var pngBytes = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89}

func TestDroppedImagePathBecomesAnImagePart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shot one.png")
	if err := os.WriteFile(path, pngBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	m := newInput()
	typeIn(m, "what is this? ")
	// Terminals paste a dropped file's path, quoted or with escaped spaces.
	_, cmd := m.Update(tea.PasteMsg{Content: strings.ReplaceAll(path, " ", `\ `)})
	run(m, cmd)
	if !strings.Contains(m.Value(), "[image #1 · shot one.png · 33 B]") {
		t.Fatalf("draft: %q", m.Value())
	}
	sub, _ := m.Update(enter)
	if sub == nil || sub.Text != "what is this? " || len(sub.Images) != 1 ||
		sub.Images[0].MediaType != "image/png" || !bytes.Equal(sub.Images[0].Data, pngBytes) {
		t.Fatalf("sent %+v", sub)
	}

	// A path to a file that is not there stays text.
	_, cmd = m.Update(tea.PasteMsg{Content: filepath.Join(dir, "missing.png")})
	run(m, cmd)
	if !strings.HasSuffix(m.Value(), "missing.png") {
		t.Fatalf("draft: %q", m.Value())
	}
	// A file named .png that is not an image is refused.
	fake := filepath.Join(dir, "fake.png")
	os.WriteFile(fake, []byte("just text"), 0o644)
	if _, err := ReadImage(fake); err == nil {
		t.Fatal("a text file was read as an image")
	}
}

func TestExternalEditorReplacesTheDraft(t *testing.T) {
	m := newInput()
	m.paste(strings.Repeat("p\n", 20))
	cmd := m.OpenEditor()
	ready := cmd().(editorReadyMsg)
	if ready.err != nil {
		t.Fatal(ready.err)
	}
	b, _ := os.ReadFile(ready.path)
	if string(b) != strings.Repeat("p\n", 20) {
		t.Fatalf("the editor got %q (pastes expanded)", b)
	}
	// What the editor leaves in the file becomes the draft.
	os.WriteFile(ready.path, []byte("rewritten\r\nin the editor\n"), 0o600)
	_, next := m.Update(editorExitedMsg{path: ready.path})
	run(m, next)
	if m.Value() != "rewritten\nin the editor" || len(m.Attachments()) != 0 {
		t.Fatalf("draft: %q", m.Value())
	}
	if _, err := os.Stat(ready.path); !os.IsNotExist(err) {
		t.Fatal("the temporary file was left behind")
	}
}

// ctrl+v reads an image from the clipboard with xclip (X11) when it offers
// one; here a stand-in xclip on PATH serves a PNG.
func TestClipboardImageWithXclip(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "clip.png")
	if err := os.WriteFile(png, pngBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\ncase \"$*\" in\n*TARGETS*) printf 'TARGETS\\ntext/plain\\nimage/png\\n' ;;\n*image/png*) cat " + png + " ;;\n*) exit 1 ;;\nesac\n"
	if err := os.WriteFile(filepath.Join(dir, "xclip"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("DISPLAY", ":99")
	t.Setenv("WAYLAND_DISPLAY", "")
	m := newInput()
	typeIn(m, "and this ")
	_, cmd := m.Update(uitest.Key("ctrl+v"))
	run(m, cmd)
	atts := m.Attachments()
	if len(atts) != 1 || atts[0].Image == nil || atts[0].Image.Name != "clipboard.png" || !bytes.Equal(atts[0].Image.Data, pngBytes) {
		t.Fatalf("draft %q, attachments %+v", m.Value(), atts)
	}
}

// The saved history arriving while a search is open is searched too.
func TestHistoryArrivingDuringASearch(t *testing.T) {
	m := newInput()
	send(t, m, "local message")
	typeIn(m, "draft")
	m.Update(ctrlR)
	typeIn(m, "saved")
	m.Update(historyLoadedMsg{entries: []string{"a saved message", "another"}})
	if m.Value() != "a saved message" || !strings.Contains(m.View(), "1/1") {
		t.Fatalf("after the history arrived: %q\n%s", m.Value(), m.View())
	}
	m.Update(esc)
	if m.Value() != "draft" {
		t.Fatalf("esc: %q", m.Value())
	}
}
