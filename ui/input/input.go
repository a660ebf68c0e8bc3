// Package input is the message editor: a multi-line textarea where Enter
// sends and Shift/Alt+Enter (or ctrl+j) starts a new line, with history on
// Up/Down, large pastes kept as compact placeholders, completion of
// /commands and @file paths, and files named with @path attached on send.
package input

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
)

// Limits of the editor.
const (
	maxHistory = 500
	// A paste longer than this is shown as a placeholder and expanded on
	// send, so the editor stays light with thousands of pasted lines.
	pasteChars = 1000
	pasteLines = 12
	maxHeight  = 10
)

// Submitted is what the person sent: the text with pastes expanded, the
// @paths it names (to attach if they are files) and the images pasted
// into it (their placeholders taken out of the text).
type Submitted struct {
	Text   string
	Files  []string
	Images []Image
}

// Model is the editor.
type Model struct {
	ta    textarea.Model
	keys  keys.Map
	th    *themes.Theme
	width int

	history []string
	histPos int    // len(history) when not browsing
	draft   string // what was typed before browsing history

	pastes map[string]string // placeholder → pasted text
	images map[string]Image  // placeholder → pasted image (images.go)
	// attached numbers pastes and images; it restarts with an empty
	// editor and stash, so placeholders never clash.
	attached int

	search *search // the reverse history search, while open (search.go)
	stash  []draft // stashed drafts, newest last (stash.go)
	// hist persists the history across runs (history.go); nil keeps it
	// in memory only.
	hist *historyFile
	// saved is the history read from the file, before this session's.
	saved []string
	// Busy, when set, is shown instead of the placeholder (e.g. that a
	// message will be queued).
	busyHint string

	menu menu
	// Cwd is where @paths are resolved.
	Cwd string
	// files caches directory listings for @ completion.
	files map[string][]fileEntry
	// extra are more /commands to complete: the installed skills.
	extra []commands.Command
}

// NewTextarea returns an empty textarea that grows from one row to rows
// as text is typed, breaks lines with k's new-line keys and shows the
// terminal's cursor: the draft's, and that of every editor that behaves
// like it (the approval prompt's command editor). Style it with Styles.
func NewTextarea(k keys.Map, rows int) textarea.Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.CharLimit = 0
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = rows
	ta.MaxContentHeight = 1 << 20 // MaxHeight is the viewport, not a limit on text
	ta.SetVirtualCursor(false)    // the terminal's cursor: no blink timer
	km := textarea.DefaultKeyMap()
	km.InsertNewline = key.NewBinding(key.WithKeys(k.Newline.Keys()...))
	ta.KeyMap = km
	return ta
}

// New returns an empty, focused editor.
func New(th *themes.Theme, k keys.Map) *Model {
	ta := NewTextarea(k, maxHeight)
	// ctrl+g and ctrl+v are the draft's (keys.DraftKeys): the external
	// editor, and a paste that takes images too.
	ta.KeyMap.SelectAll = key.NewBinding(key.WithDisabled())
	ta.KeyMap.Paste = key.NewBinding(key.WithDisabled())
	m := &Model{ta: ta, keys: k, pastes: map[string]string{}, images: map[string]Image{}, files: map[string][]fileEntry{}}
	m.SetTheme(th)
	m.ta.Focus()
	return m
}

// Styles are the textarea styles of th's input: the draft's, and those of
// every editor drawn like it (the approval prompt's command editor).
func Styles(th *themes.Theme) textarea.Styles {
	c := th.Chrome
	st := textarea.DefaultStyles(th.Dark)
	for _, s := range []*textarea.StyleState{&st.Focused, &st.Blurred} {
		s.Base = lipgloss.NewStyle()
		s.Text = c.Input
		s.Placeholder = c.Placeholder
		s.CursorLine = lipgloss.NewStyle()
		s.EndOfBuffer = lipgloss.NewStyle()
	}
	st.Focused.Prompt = c.Prompt
	st.Blurred.Prompt = c.PromptBlurred
	st.Cursor.Blink = false
	return st
}

// SetTheme applies th's input styles.
func (m *Model) SetTheme(th *themes.Theme) {
	m.th = th
	m.ta.SetStyles(Styles(th))
	m.ta.SetPromptFunc(2, func(pi textarea.PromptInfo) string {
		if pi.LineNumber == 0 {
			return "❯ "
		}
		return "  "
	})
}

// SetWidth sets the editor's width in cells.
func (m *Model) SetWidth(w int) {
	m.width = w
	m.ta.SetWidth(max(w, 10))
	m.ta.Placeholder = "Ask anything · / for commands · @ to attach a file · ? for help"
	if w < 70 {
		m.ta.Placeholder = "Ask anything · / commands · @ files · ? help"
	}
	if m.busyHint != "" {
		m.ta.Placeholder = m.busyHint
	}
}

// Height is the editor's current height in lines.
func (m *Model) Height() int {
	if m.search != nil {
		return m.ta.Height() + 1
	}
	return m.ta.Height()
}

// Focus gives the editor the keyboard.
func (m *Model) Focus() { m.ta.Focus() }

// Blur takes the keyboard away.
func (m *Model) Blur() { m.ta.Blur() }

// Focused reports whether the editor has the keyboard.
func (m *Model) Focused() bool { return m.ta.Focused() }

// Value is the text as typed (placeholders not expanded).
func (m *Model) Value() string { return m.ta.Value() }

// SetValue replaces the text and puts the cursor at its end.
func (m *Model) SetValue(s string) {
	m.ta.SetValue(s)
	m.menu.close()
}

// Reset empties the editor.
func (m *Model) Reset() {
	m.ta.Reset()
	m.menu.close()
	clear(m.pastes)
	clear(m.images)
	if len(m.stash) == 0 {
		m.attached = 0
	}
	m.histPos = len(m.history)
	m.search = nil
}

// SetHistory replaces the history of this session (oldest first), e.g.
// with the user messages of a resumed session; it follows the history
// saved by earlier runs.
func (m *Model) SetHistory(h []string) {
	m.history = joinHistory(m.saved, h)
	m.histPos = len(m.history)
}

// History returns the history, oldest first.
func (m *Model) History() []string { return m.history }

// Cursor returns where the terminal cursor goes, relative to the editor's
// top-left corner, or nil when the editor is not focused.
func (m *Model) Cursor() *tea.Cursor {
	if m.search != nil {
		return m.searchCursor()
	}
	return m.ta.Cursor()
}

// View draws the editor (with the history search above it while open).
func (m *Model) View() string {
	if m.search != nil {
		return m.searchView() + "\n" + m.ta.View()
	}
	return m.ta.View()
}

// MenuOpen reports whether a completion menu is showing (Esc closes it
// before it interrupts anything).
func (m *Model) MenuOpen() bool { return m.menu.open() }

// CloseMenu hides the completion menu.
func (m *Model) CloseMenu() { m.menu.close() }

// Update handles a message for the editor. A non-nil Submitted means the
// person sent a message.
func (m *Model) Update(msg tea.Msg) (*Submitted, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		if cmd := m.pasteImagePath(msg.Content); cmd != nil {
			return nil, cmd
		}
		m.paste(msg.Content)
		return nil, m.refreshMenu()
	case imageReadMsg:
		return nil, m.imageRead(msg)
	case editorMsg:
		return nil, m.editorStep(msg)
	case historyLoadedMsg:
		m.historyLoaded(msg)
		return nil, nil
	case filesListedMsg:
		m.files[msg.dir] = msg.entries
		return nil, m.refreshMenu()
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	var cmd tea.Cmd
	m.ta, cmd = m.ta.Update(msg)
	return nil, cmd
}

func (m *Model) key(msg tea.KeyPressMsg) (*Submitted, tea.Cmd) {
	if m.search != nil {
		if done, cmd := m.searchKey(msg); done {
			return nil, cmd
		}
	}
	if sub, cmd, ok := m.draftKey(msg); ok {
		return sub, cmd
	}
	if m.menu.open() {
		switch msg.String() {
		case "up", "ctrl+p":
			m.menu.move(-1)
			return nil, nil
		case "down", "ctrl+n":
			m.menu.move(1)
			return nil, nil
		case "tab":
			return nil, m.accept(false)
		case "enter":
			if sub, cmd, done := m.acceptEnter(); done {
				return sub, m.withSave(sub, cmd)
			}
		}
	}
	switch {
	case key.Matches(msg, m.keys.Send):
		sub := m.submit()
		return sub, m.withSave(sub, nil)
	case key.Matches(msg, m.keys.HistPrev) && m.ta.Line() == 0 && len(m.history) > 0:
		m.browse(-1)
		return nil, nil
	case key.Matches(msg, m.keys.HistNext) && m.ta.Line() == m.ta.LineCount()-1 && m.histPos < len(m.history):
		m.browse(1)
		return nil, nil
	}
	var cmd tea.Cmd
	m.ta, cmd = m.ta.Update(msg)
	return nil, tea.Batch(cmd, m.refreshMenu())
}

// Submit takes the text for sending, as Enter does. Blank text sends
// nothing (nil).
func (m *Model) Submit() *Submitted { return m.submit() }

// submit takes the text for sending. Blank text sends nothing.
func (m *Model) submit() *Submitted {
	raw := m.ta.Value()
	if strings.TrimSpace(raw) == "" {
		return nil
	}
	text, images := m.takeImages(raw)
	for ph, content := range m.pastes {
		text = strings.ReplaceAll(text, ph, content)
	}
	m.remember(raw, text)
	files := atPaths(raw)
	m.Reset()
	return &Submitted{Text: text, Files: files, Images: images}
}

// remember adds a sent message to the history (its expanded text when it
// held pastes, so recalling it sends the same thing).
func (m *Model) remember(raw, text string) {
	if len(m.pastes) > 0 || len(m.images) > 0 {
		raw = text
	}
	if n := len(m.history); n == 0 || m.history[n-1] != raw {
		m.history = append(m.history, raw)
		if len(m.history) > maxHistory {
			m.history = append([]string(nil), m.history[len(m.history)-maxHistory:]...)
		}
	}
	m.histPos = len(m.history)
}

// browse moves through history, keeping what was being typed as the entry
// after the newest.
func (m *Model) browse(d int) {
	if m.histPos == len(m.history) {
		m.draft = m.ta.Value()
	}
	m.histPos = min(max(m.histPos+d, 0), len(m.history))
	if m.histPos == len(m.history) {
		m.ta.SetValue(m.draft)
	} else {
		m.ta.SetValue(m.history[m.histPos])
	}
	m.menu.close()
}

// paste inserts pasted text, as a placeholder when it is large.
func (m *Model) paste(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Count(s, "\n") + 1
	if len(s) <= pasteChars && lines <= pasteLines {
		m.ta.InsertString(s)
		return
	}
	m.attached++
	ph := fmt.Sprintf("[pasted text #%d · %d lines]", m.attached, lines)
	m.pastes[ph] = s
	m.ta.InsertString(ph)
}
