// Package sessions is the session browser: every stored conversation,
// newest first, searchable as you type, with a preview of the selected one
// on wide screens and keys to open, resume, fork, rename, archive, delete
// and export.
//
// Nothing is loaded whole. The list reads pages of sessions as they scroll
// into view (100,000 sessions scroll like 100); a search runs in a command
// a moment after the last keystroke, and answers to an older query or an
// older list are dropped by sequence number. Update never touches the
// store: every read and write is a tea.Cmd whose answer comes back through
// Handle.
package sessions

import (
	"context"
	"path/filepath"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
)

// Msg is implemented by the pane's own messages (store answers, timers):
// the root model hands every Msg to Handle.
type Msg interface{ sessionsMsg() }

// OpenMsg asks the root model to show a session: scrolled to MessageID
// (a search hit), or at its end when MessageID is 0.
type OpenMsg struct {
	SessionID string
	MessageID int64
	// Note is said once the session shows ("forked from …").
	Note string
}

// ChangedMsg tells the root model a session was renamed, archived or
// deleted from the pane (it may be the one the chat shows).
type ChangedMsg struct {
	Session store.Session
	Deleted bool
}

// Options configure a pane.
type Options struct {
	Store *store.Store
	Theme *themes.Theme
	Keys  keys.Map
	// Home is HERM_HOME: exports are written to Home/exports. Empty uses
	// the directory of the store's database (which is HERM_HOME).
	Home string
	// Now is the clock for ages; nil is time.Now.
	Now func() time.Time
	// Debounce is how long typing must pause before a search runs; zero
	// is DefaultDebounce.
	Debounce time.Duration
}

// DefaultDebounce lets a word be typed without a search per letter while
// still answering within a frame or two of the last one.
const DefaultDebounce = 60 * time.Millisecond

// WideWidth is the width from which the preview shows beside the list.
const WideWidth = 120

// Pane is the session browser. Its methods are called from the UI's Update
// and View only.
type Pane struct {
	ctx  context.Context
	st   *store.Store
	keys keys.SessionKeys
	yes  keys.Confirm
	ink  inks
	now  func() time.Time
	home string
	wait time.Duration

	width, height int
	current       string // the session the chat shows

	query    string
	archived bool // list and search archived sessions too
	narrowPv bool // narrow screen: the preview replaces the list

	list   listState
	search searchState
	pv     previewState
	ask    *question

	notice    string
	noticeErr bool
	noticeSeq int
}

// New returns a pane; Open loads it.
func New(ctx context.Context, o Options) *Pane {
	p := &Pane{ctx: ctx, st: o.Store, keys: o.Keys.SessionPane, yes: o.Keys.Confirm, now: o.Now, home: o.Home, wait: o.Debounce}
	if p.now == nil {
		p.now = time.Now
	}
	if p.wait <= 0 {
		p.wait = DefaultDebounce
	}
	if p.home == "" && o.Store != nil {
		p.home = filepath.Dir(o.Store.Path())
	}
	p.list.reset()
	p.SetTheme(o.Theme)
	return p
}

// SetTheme switches the pane's styles.
func (p *Pane) SetTheme(th *themes.Theme) { p.ink = newInks(th) }

// SetSize sets the pane's size in cells.
func (p *Pane) SetSize(width, height int) {
	if width != p.width {
		p.search.layoutW = -1 // snippets wrap again
	}
	p.width, p.height = max(width, 1), max(height, 1)
	p.list.clamp(p.rows())
	p.search.clamp(p.rows())
}

// Open (re)loads the pane as it is shown: the sessions change while
// chatting. current is the session the chat shows (marked in the list).
// A search typed earlier runs again.
func (p *Pane) Open(current string) tea.Cmd {
	p.current = current
	p.ask = nil
	p.notice = ""
	cmd := tea.Batch(p.refreshList(), p.warmSearch())
	if p.searching() {
		return tea.Batch(cmd, p.runSearch())
	}
	return cmd
}

// warmSearch samples the store's common words while the person reads the
// list, so the first prefix they type does not wait for it (the store
// does the work once).
func (p *Pane) warmSearch() tea.Cmd {
	ctx, st := p.ctx, p.st
	if st == nil {
		return nil
	}
	return func() tea.Msg {
		_ = st.WarmSearch(ctx) // only speed depends on it; a search works without
		return nil
	}
}

// wide reports whether the preview shows beside the list.
func (p *Pane) wide() bool { return p.width >= WideWidth }

// rows is the height of the list (or results) area: the pane minus the
// search line, a rule and the footer.
func (p *Pane) rows() int { return max(p.height-3, 1) }

// move moves the selection of the list or the results (or, in the
// narrow preview, the previewed message).
func (p *Pane) move(d int) tea.Cmd {
	if p.narrowPv && !p.wide() {
		return p.movePreview(sign(d))
	}
	if p.searching() {
		return p.moveSearch(d)
	}
	return p.moveList(d)
}

func sign(d int) int {
	if d < 0 {
		return -1
	}
	return 1
}

// Update handles a key. Typed text goes to the search; actions are
// control keys. The root model handles the keys that close the pane.
func (p *Pane) Update(msg tea.KeyPressMsg) tea.Cmd {
	p.notice = ""
	if p.ask != nil {
		return p.answer(msg)
	}
	k := p.keys
	switch {
	case key.Matches(msg, k.Up):
		return p.move(-1)
	case key.Matches(msg, k.Down):
		return p.move(1)
	case key.Matches(msg, k.PageUp):
		return p.move(-max(p.rows()-1, 1))
	case key.Matches(msg, k.PageDown):
		return p.move(max(p.rows()-1, 1))
	case key.Matches(msg, k.First):
		return p.move(-1 << 30)
	case key.Matches(msg, k.Last):
		return p.move(1 << 30)
	case key.Matches(msg, k.MsgUp):
		return p.movePreview(-1)
	case key.Matches(msg, k.MsgDown):
		return p.movePreview(1)
	case key.Matches(msg, k.Open):
		return p.open(false)
	case key.Matches(msg, k.Resume):
		return p.open(true)
	case key.Matches(msg, k.Fork):
		return p.fork()
	case key.Matches(msg, k.Rename):
		return p.startRename()
	case key.Matches(msg, k.Archive):
		return p.toggleArchive()
	case key.Matches(msg, k.Delete):
		return p.startDelete()
	case key.Matches(msg, k.Export):
		return p.startExport()
	case key.Matches(msg, k.Archived):
		return p.toggleArchived()
	case key.Matches(msg, k.Preview):
		if !p.wide() {
			p.narrowPv = !p.narrowPv
		}
		return p.previewSoon()
	case key.Matches(msg, k.Clear):
		return p.setQuery("")
	case msg.String() == "backspace":
		r := []rune(p.query)
		if len(r) == 0 {
			return nil
		}
		return p.setQuery(string(r[:len(r)-1]))
	case msg.String() == "ctrl+w" || msg.String() == "alt+backspace":
		return p.setQuery(dropWord(p.query))
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		return p.setQuery(p.query + msg.Text)
	}
	return nil
}

// Scroll moves the selection by n (the mouse wheel).
func (p *Pane) Scroll(n int) tea.Cmd {
	if n == 0 || p.ask != nil {
		return nil
	}
	return p.move(n)
}

// Back handles Esc: it cancels a question, then clears the search. It
// reports false when there was nothing to cancel (the root closes the
// pane).
func (p *Pane) Back() (tea.Cmd, bool) {
	switch {
	case p.ask != nil:
		p.ask = nil
		return nil, true
	case p.query != "":
		return p.setQuery(""), true
	}
	return nil, false
}

// Paste adds pasted text to the search (or to the title being edited).
func (p *Pane) Paste(pasted string) tea.Cmd {
	pasted = text.OneLine(pasted)
	if p.ask != nil {
		if p.ask.kind == askRename {
			p.ask.text += pasted
		}
		return nil
	}
	return p.setQuery(p.query + pasted)
}

// Handle applies one of the pane's messages.
func (p *Pane) Handle(msg Msg) tea.Cmd {
	switch msg := msg.(type) {
	case countMsg:
		return p.handleCount(msg)
	case pageMsg:
		return p.handlePage(msg)
	case searchDueMsg:
		if msg.seq != p.search.seq {
			return nil
		}
		return p.startSearch()
	case resultsMsg:
		return p.handleResults(msg)
	case previewDueMsg:
		if msg.seq != p.pv.seq {
			return nil
		}
		return p.loadPreview()
	case previewMsg:
		return p.handlePreview(msg)
	case doneMsg:
		return p.handleDone(msg)
	case noticeExpiredMsg:
		if msg.seq == p.noticeSeq {
			p.notice = ""
		}
	}
	return nil
}

// Action is something the pane does to the selected session, for the
// command palette (each also has a key).
type Action int

const (
	ActOpen Action = iota
	ActResume
	ActFork
	ActRename
	ActArchive
	ActDelete
	ActExport
	ActShowArchived
)

// Run runs an action on the selection.
func (p *Pane) Run(a Action) tea.Cmd {
	p.notice = ""
	p.ask = nil
	switch a {
	case ActOpen:
		return p.open(false)
	case ActResume:
		return p.open(true)
	case ActFork:
		return p.fork()
	case ActRename:
		return p.startRename()
	case ActArchive:
		return p.toggleArchive()
	case ActDelete:
		return p.startDelete()
	case ActExport:
		return p.startExport()
	case ActShowArchived:
		return p.toggleArchived()
	}
	return nil
}

type noticeExpiredMsg struct{ seq int }

func (noticeExpiredMsg) sessionsMsg() {}

func (p *Pane) toggleArchived() tea.Cmd {
	p.archived = !p.archived
	note := "archived sessions hidden"
	if p.archived {
		note = "archived sessions shown"
	}
	cmd := p.say(note, false)
	if p.searching() {
		return tea.Batch(cmd, p.runSearch())
	}
	p.list.reset()
	return tea.Batch(cmd, p.refreshList())
}

// say shows a line in the footer for a few seconds.
func (p *Pane) say(text string, isErr bool) tea.Cmd {
	p.notice, p.noticeErr = text, isErr
	p.noticeSeq++
	seq := p.noticeSeq
	return tea.Tick(5*time.Second, func(time.Time) tea.Msg { return noticeExpiredMsg{seq: seq} })
}

// Search shows the results for q at once (/sessions QUERY).
func (p *Pane) Search(q string) tea.Cmd {
	p.query = q
	if !p.searching() {
		return p.setQuery(q)
	}
	return p.runSearch()
}
