// Package skills is the skill editor: every skill herm found, with search
// and validity markers (a broken SKILL.md is listed with its error), a
// rendered view of a skill, its file tree (references/, templates/,
// scripts/, assets/), and a full-screen editor whose save checks the YAML
// frontmatter first — a refused save shows the error (file, line, field)
// and keeps the text. New skills start from skills.Template; deleting asks
// first; skills from skills.external_dirs are read-only.
//
// Reading, rendering and writing run in tea.Cmds; Update never touches the
// disk, and only the visible lines are drawn.
package skills

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	sk "github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// Msg carries the result of the editor's reads and writes back to it. The
// root model routes every Msg to the open editor.
type Msg struct{ m any }

// Changed reports whether the message follows a change to the skills on
// disk (a save, a create, a delete), after which the list of /skill-name
// commands is stale.
func (m Msg) Changed() bool {
	switch r := m.m.(type) {
	case savedMsg:
		return r.err == nil
	case deletedMsg:
		return r.err == nil
	}
	return false
}

type mode int

const (
	modeList  mode = iota
	modeView       // a skill, rendered
	modeFiles      // a skill's file tree
	modeFile       // one of its files
	modeEdit       // SKILL.md in the full-screen editor
	modeName       // asking a new skill's name
)

// question is a yes/no question waiting for an answer.
type question struct {
	text string
	yes  func() tea.Cmd
}

// Pane is the skill editor.
type Pane struct {
	ctx  context.Context
	lib  *sk.Library
	r    *render.Renderer
	th   *themes.Theme
	keys keys.Map

	width, height int
	mode          mode

	list  listState
	view  *viewState  // modeView, and under modeFiles/modeFile
	files *filesState // modeFiles, modeFile
	file  *viewState  // modeFile
	edit  *editState  // modeEdit
	name  *nameState  // modeName

	ask     *question
	note    string
	noteErr bool
	closed  bool
}

// New returns the editor for lib, drawing with r. Call Init to read the
// skills.
func New(ctx context.Context, lib *sk.Library, r *render.Renderer, k keys.Map) *Pane {
	return &Pane{ctx: ctx, lib: lib, r: r, th: r.Theme(), keys: k}
}

// Init reads the skills.
func (p *Pane) Init() tea.Cmd { return p.loadCatalog("") }

// Reload lists the skills again (after a turn: the agent may have
// written one).
func (p *Pane) Reload() tea.Cmd { return p.loadCatalog("") }

// Unsaved reports whether SKILL.md is open in the editor with changes
// that are not saved.
func (p *Pane) Unsaved() bool { return p.mode == modeEdit && p.edit.modified() }

// Closed reports whether the editor was closed.
func (p *Pane) Closed() bool { return p.closed }

// Typing reports whether keys are text: the editor, the name prompt or the
// search field has them.
func (p *Pane) Typing() bool {
	return p.mode == modeEdit || p.mode == modeName || p.list.searching
}

// SetSize sets the pane's size in cells; the document shown is laid out
// again for a new width (in the returned Cmd).
func (p *Pane) SetSize(w, h int) tea.Cmd {
	if w == p.width && h == p.height {
		return nil
	}
	p.width, p.height = w, h
	if p.edit != nil {
		p.edit.resize(w, p.editorHeight())
	}
	switch {
	case p.mode == modeFile && p.file != nil:
		return p.render(p.file)
	case p.view != nil:
		return p.render(p.view)
	}
	return nil
}

// SetRenderer switches the renderer (and its theme).
func (p *Pane) SetRenderer(r *render.Renderer) {
	if r == p.r {
		return
	}
	p.r, p.th = r, r.Theme()
	if p.edit != nil {
		p.edit.ed.th = p.th
	}
	for _, v := range []*viewState{p.view, p.file} {
		if v != nil {
			v.invalidate()
		}
	}
}

// Update handles a key, a paste or one of the editor's own messages.
func (p *Pane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		return p.handle(msg.m)
	case tea.KeyPressMsg:
		return p.key(msg)
	case tea.PasteMsg:
		switch {
		case p.mode == modeEdit && !p.edit.saving:
			return p.edit.update(msg)
		case p.mode == modeName:
			p.name.insert(msg.Content)
		case p.list.searching:
			p.list.query += msg.Content
			p.list.refilter()
		}
	}
	return nil
}

func (p *Pane) handle(m any) tea.Cmd {
	switch m := m.(type) {
	case catalogMsg:
		p.list.set(m.items, m.root)
		if m.selectName != "" {
			p.list.selectName(m.selectName)
		}
	case openedMsg:
		return p.handleOpened(m)
	case renderedMsg:
		for _, v := range []*viewState{p.view, p.file} {
			if v != nil && v.key == m.key {
				v.setRendered(m)
			}
		}
	case filesMsg:
		if p.files != nil && p.files.name == m.name {
			p.files.set(m.files)
		}
	case fileReadMsg:
		return p.handleFileRead(m)
	case editLoadedMsg:
		return p.handleEditLoaded(m)
	case savedMsg:
		return p.handleSaved(m)
	case deletedMsg:
		if m.err != nil {
			p.setNote(m.err.Error(), true)
			return nil
		}
		p.setNote("deleted "+m.name, false)
		return p.loadCatalog("")
	}
	return nil
}

func (p *Pane) setNote(text string, isErr bool) { p.note, p.noteErr = text, isErr }

func (p *Pane) key(msg tea.KeyPressMsg) tea.Cmd {
	if p.ask == nil {
		p.note = "" // a note lasts until the next key
	}
	if p.ask != nil {
		switch {
		case key.Matches(msg, p.keys.Confirm.Yes):
			q := p.ask
			p.ask = nil
			return q.yes()
		case key.Matches(msg, p.keys.Confirm.No):
			p.ask = nil
			p.setNote("", false)
		}
		return nil
	}
	switch p.mode {
	case modeEdit:
		return p.editKey(msg)
	case modeName:
		return p.nameKey(msg)
	case modeView:
		return p.viewKey(msg)
	case modeFiles:
		return p.filesKey(msg)
	case modeFile:
		return p.fileKey(msg)
	}
	return p.listKey(msg)
}

// back leaves the current mode for the one it was opened from.
func (p *Pane) back() {
	p.note = ""
	switch p.mode {
	case modeFile:
		p.mode, p.file = modeFiles, nil
	case modeFiles:
		if p.view != nil {
			p.mode = modeView
		} else {
			p.mode = modeList
		}
		p.files = nil
	case modeView, modeName:
		p.mode, p.view, p.name = modeList, nil, nil
	case modeEdit:
		p.edit = nil
		if p.view != nil {
			p.mode = modeView
		} else {
			p.mode = modeList
		}
	default:
		p.closed = true
	}
}

// bodyHeight is the height between the pane's heading and its footer.
func (p *Pane) bodyHeight() int { return max(p.height-4-len(p.noteLines()), 1) }

func (p *Pane) editorHeight() int { return max(p.height-5, 3) }
