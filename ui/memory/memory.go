// Package memory is the memory viewer: MEMORY.md (the agent's notes) and
// USER.md (the user's profile) as lists of entries with their usage against
// the limits, where entries are added, edited and deleted in place with the
// checks the agent's memory tool applies (refusals are shown under the
// entry and the text being written is kept). Each entry is marked against
// the current session's prompt, which holds the files as they were when the
// session started: in this session's prompt, added since, removed since.
//
// The files are read and written in tea.Cmds; Update never touches the
// disk.
package memory

import (
	"context"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	mem "github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
)

// targets are the two files, in the order they are shown.
var targets = [2]mem.Target{mem.Agent, mem.User}

// Msg carries the result of the viewer's reads and writes back to it. The
// root model routes every Msg to the open viewer.
type Msg struct{ m any }

type loadedMsg struct {
	files [2]fileState
}

type savedMsg struct {
	file    int // index into targets
	entries []string
	entry   int // the entry to select after the write (-1: keep)
	note    string
	err     error
}

// fileState is one file as last read.
type fileState struct {
	file mem.File
	err  error // the file could not be read (a *mem.ParseError)

	// Compared with the session's prompt (see session.go).
	marks      []mark
	removed    []string
	promptSeen bool // the prompt's list for this file could be read
}

// editor is an entry being written.
type editor struct {
	file     int
	index    int    // the entry being edited; -1 when adding
	original string // the entry's text when the edit started
	ta       textarea.Model
	err      string // the last refusal
	saving   bool
}

// Pane is the memory viewer.
type Pane struct {
	ctx   context.Context
	store *mem.Store
	keys  keys.Map
	th    *themes.Theme

	width, height int

	files  [2]fileState
	loaded bool

	// system is the session's prompt ("" when no session is open).
	system  string
	session bool

	cur int // the file holding the selection
	sel int // the selected entry in files[cur]; -1 when it has none

	edit     *editor
	deleting bool // "delete this entry?" is asked
	busy     bool // a delete is running
	note     string
	noteErr  bool
	scroll   int
	closed   bool

	cache renderCache
}

// New returns the viewer for store. system is the current session's system
// prompt, or "" when no session is open yet. Call Init to read the files.
func New(ctx context.Context, store *mem.Store, system string, th *themes.Theme, k keys.Map) *Pane {
	return &Pane{ctx: ctx, store: store, keys: k, th: th, system: system, session: system != "", sel: -1}
}

// Init reads both files.
func (p *Pane) Init() tea.Cmd { return p.load() }

// Reload reads both files again (after a turn: the agent may have written
// to them); an entry being written is kept.
func (p *Pane) Reload() tea.Cmd { return p.load() }

// Unsaved reports whether an entry is being written with text that is not
// saved.
func (p *Pane) Unsaved() bool {
	return p.edit != nil && strings.TrimSpace(p.edit.ta.Value()) != p.edit.original
}

// Closed reports whether the viewer was closed (Esc).
func (p *Pane) Closed() bool { return p.closed }

// Typing reports whether an entry is being written (keys are text).
func (p *Pane) Typing() bool { return p.edit != nil }

// SetSize sets the viewer's size in cells.
func (p *Pane) SetSize(w, h int) tea.Cmd {
	if w == p.width && h == p.height {
		return nil
	}
	p.width, p.height = w, h
	if p.edit != nil {
		p.edit.ta.SetWidth(p.editorWidth())
		p.edit.ta.MaxHeight = p.editorMaxHeight()
	}
	return nil
}

// SetTheme switches the theme.
func (p *Pane) SetTheme(th *themes.Theme) {
	if th == p.th {
		return
	}
	p.th = th
	p.cache = renderCache{}
	if p.edit != nil {
		styleEditor(&p.edit.ta, th)
	}
}

func (p *Pane) load() tea.Cmd {
	store := p.store
	return func() tea.Msg {
		var out loadedMsg
		for i, t := range targets {
			out.files[i].file, out.files[i].err = store.Load(t)
		}
		return Msg{out}
	}
}

// Update handles a key, a paste or one of the viewer's own messages.
func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		return p.handle(msg.m)
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.PasteMsg:
		if p.edit != nil && !p.edit.saving {
			var cmd tea.Cmd
			p.edit.ta, cmd = p.edit.ta.Update(msg)
			return cmd
		}
	}
	return nil
}

func (p *Pane) handle(m any) tea.Cmd {
	switch m := m.(type) {
	case loadedMsg:
		p.files = m.files
		p.loaded = true
		if e := p.edit; e != nil && e.index >= 0 {
			// The entry being edited may have moved, or gone.
			e.index = slices.Index(p.files[e.file].file.Entries, e.original)
			if e.index < 0 {
				e.original = ""
				e.err = (&goneError{target: targets[e.file]}).Error() + ". Enter adds your text as a new entry; esc cancels"
			}
		}
		p.compareAll()
		p.clampSelection()
		p.cache = renderCache{}
	case savedMsg:
		return p.handleSaved(m)
	}
	return nil
}

// compareAll marks every file's entries against the session's prompt.
func (p *Pane) compareAll() {
	for i := range p.files {
		f := &p.files[i]
		f.marks, f.removed, f.promptSeen = nil, nil, false
		if !p.session {
			continue
		}
		prompt, ok := promptEntries(p.system, targets[i])
		if !ok {
			continue
		}
		f.promptSeen = true
		f.marks, f.removed = compare(f.file.Entries, prompt)
	}
}

func (p *Pane) clampSelection() {
	n := len(p.files[p.cur].file.Entries)
	switch {
	case n == 0:
		p.sel = -1
		// Start where there is something to see.
		if o := 1 - p.cur; p.cur == 0 && len(p.files[o].file.Entries) > 0 && p.edit == nil {
			p.cur, p.sel = o, 0
		}
	case p.sel < 0:
		p.sel = 0
	case p.sel >= n:
		p.sel = n - 1
	}
}

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys.MemoryPane
	if p.edit != nil {
		return p.editKey(msg)
	}
	if p.deleting {
		switch {
		case key.Matches(msg, p.keys.Confirm.Yes):
			p.deleting = false
			return p.remove()
		case key.Matches(msg, p.keys.Confirm.No):
			p.deleting = false
			p.setNote("", false)
		}
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		p.closed = true
	case key.Matches(msg, k.Prev):
		p.move(-1)
	case key.Matches(msg, k.Next):
		p.move(1)
	case key.Matches(msg, k.Switch):
		p.cur = 1 - p.cur
		p.sel = min(0, len(p.files[p.cur].file.Entries)-1)
		p.note = ""
	case key.Matches(msg, k.Reload):
		p.setNote("reloaded from disk", false)
		return p.load()
	case !p.loaded || p.busy:
		return nil
	case key.Matches(msg, k.Add):
		return p.startEdit(-1)
	case key.Matches(msg, k.Edit):
		if p.sel >= 0 {
			return p.startEdit(p.sel)
		}
	case key.Matches(msg, k.Delete):
		if p.sel >= 0 && p.files[p.cur].err == nil {
			p.deleting = true
			p.setNote("", false)
		}
	}
	return nil
}

// move selects the next (d=1) or previous (d=-1) entry, across files.
func (p *Pane) move(d int) {
	p.note = ""
	n := len(p.files[p.cur].file.Entries)
	next := p.sel + d
	if next >= 0 && next < n {
		p.sel = next
		return
	}
	o := 1 - p.cur
	if (d > 0) != (o == 1) { // the other file is not in that direction
		return
	}
	p.cur = o
	if m := len(p.files[o].file.Entries); d > 0 {
		p.sel = min(0, m-1)
	} else {
		p.sel = m - 1
	}
}

func (p *Pane) setNote(text string, isErr bool) { p.note, p.noteErr = text, isErr }

func (p *Pane) startEdit(index int) tea.Cmd {
	f := p.files[p.cur]
	if f.err != nil {
		p.setNote(f.file.Target.FileName()+" cannot be changed until it is fixed (see above)", true)
		return nil
	}
	e := &editor{file: p.cur, index: index, ta: newEditor(p.th, p.keys, p.editorWidth(), p.editorMaxHeight())}
	if index >= 0 {
		e.original = f.file.Entries[index]
		e.ta.SetValue(e.original)
	}
	p.edit = e
	p.note = ""
	return e.ta.Focus()
}

func (p *Pane) editKey(msg tea.KeyPressMsg) tea.Cmd {
	e := p.edit
	if e.saving {
		return nil
	}
	switch {
	case key.Matches(msg, p.keys.MemoryPane.Back):
		p.edit = nil
		p.setNote("edit cancelled", false)
		return nil
	case key.Matches(msg, p.keys.MemoryPane.Save):
		return p.save()
	}
	var cmd tea.Cmd
	e.ta, cmd = e.ta.Update(msg)
	return cmd
}

func (p *Pane) editorWidth() int { return max(p.width-gutterWidth-1, 10) }

func (p *Pane) editorMaxHeight() int { return max(min(10, p.height/3), 3) }

// newEditor returns the textarea an entry is written in: Enter is left to
// the viewer (save); the input's new-line keys break lines.
func newEditor(th *themes.Theme, k keys.Map, width, maxHeight int) textarea.Model {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.CharLimit = 0
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = maxHeight
	ta.MaxContentHeight = 1 << 16
	ta.Placeholder = "what to remember, in plain words"
	km := textarea.DefaultKeyMap()
	km.InsertNewline = key.NewBinding(key.WithKeys(k.Newline.Keys()...))
	ta.KeyMap = km
	styleEditor(&ta, th)
	ta.SetPromptFunc(2, func(textarea.PromptInfo) string { return "│ " })
	ta.SetWidth(width)
	return ta
}

func styleEditor(ta *textarea.Model, th *themes.Theme) {
	c := th.Chrome
	st := textarea.DefaultStyles(th.Dark)
	for _, s := range []*textarea.StyleState{&st.Focused, &st.Blurred} {
		s.Base = lipgloss.NewStyle()
		s.Text = c.Input
		s.Placeholder = c.Placeholder
		s.CursorLine = c.Input
		s.EndOfBuffer = c.Placeholder
		s.Prompt = c.Prompt
	}
	st.Cursor.Blink = false
	ta.SetStyles(st)
}
