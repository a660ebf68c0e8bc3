// Package chat is the conversation pane: user messages, streamed answers
// rendered as markdown, reasoning, tool blocks, notices — drawn as a window
// of lines over a transcript that may hold thousands of messages.
//
// Only what is visible is rendered. Each entry caches its rendering by
// (width, version); a streaming answer re-renders only its unstable tail; a
// resize re-renders only the entries that come into view. Older messages of
// a long session are loaded a page at a time when the view nears the top,
// and when the transcript grows past a bound while following new output, the
// oldest turns are dropped from memory (they reload on scrolling back).
package chat

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// Bounds of the in-memory transcript.
const (
	// PageSize is how many messages one lazy load reads.
	PageSize = 120
	// maxEntries is how many entries the pane keeps while following new
	// output; beyond it the oldest turns are dropped.
	maxEntries = 400
)

// Pane is the chat pane. Its methods are called from the UI's Update and
// View only, never concurrently.
type Pane struct {
	r    *render.Renderer
	ink  inks
	keys keys.Map
	gen  int // bumped when the theme changes, invalidating every cache

	width, height int
	entries       []*entry

	// The view: either following the bottom, or anchored at line off of
	// entry top.
	follow   bool
	top, off int

	focused bool
	sel     int // selected entry, -1 for none
	selCode int // selected code block of that entry, -1 for the whole entry

	find *finder // find in the transcript (find.go)
	pick *picker // block labels while picking one to copy (blocks.go)

	hasOlder bool
	loading  bool
	// LoadOlder returns a command that loads the messages before beforeID
	// and answers with OlderLoadedMsg. Nil disables lazy loading.
	LoadOlder func(beforeID int64) tea.Cmd

	// A window opened at a message (jump.go): newer pages load through
	// LoadNewer (answering NewerLoadedMsg) after newestID; markID is the
	// message jumped to.
	hasNewer, loadingNewer bool
	newestID, markID       int64
	LoadNewer              func(afterID int64) tea.Cmd

	// approvals are the session's approval records, joined to the tool
	// blocks of transcripts rebuilt from the store (approvals.go).
	approvals []Approval

	turn  turnState
	frame int
	// Now is the clock for running tools' elapsed time.
	Now func() time.Time
	// Redact hides secrets in errors shown inline.
	Redact func(string) string
}

// OlderLoadedMsg carries a page of older messages (oldest first).
type OlderLoadedMsg struct {
	Msgs []store.Message
	// Approvals are the session's approval records as they are now
	// (SetApprovals); nil keeps those the pane has.
	Approvals []Approval
	HasOlder  bool
	Err       error
}

// New returns an empty pane rendering with r.
func New(r *render.Renderer, k keys.Map) *Pane {
	p := &Pane{keys: k, follow: true, sel: -1, selCode: -1, Now: time.Now}
	p.SetRenderer(r)
	return p
}

// SetRenderer switches the theme; every entry re-renders when next shown.
func (p *Pane) SetRenderer(r *render.Renderer) {
	p.r = r
	p.ink = newInks(r.Theme())
	p.gen++
}

// SetSize sets the pane's size in cells.
func (p *Pane) SetSize(width, height int) {
	p.width, p.height = max(width, 10), max(height, 1)
}

// Height is the pane's height in lines.
func (p *Pane) Height() int { return p.height }

// SetFocused gives the pane keyboard focus (selection, navigation keys).
// Focusing selects the last entry if none is selected.
func (p *Pane) SetFocused(f bool) {
	p.focused = f
	if f && (p.sel < 0 || p.sel >= len(p.entries)) && len(p.entries) > 0 {
		p.sel, p.selCode = len(p.entries)-1, -1
		p.showSelection()
	}
}

// Focused reports whether the pane has keyboard focus.
func (p *Pane) Focused() bool { return p.focused }

// Len is the number of entries in memory.
func (p *Pane) Len() int { return len(p.entries) }

// Empty reports whether there is nothing to show.
func (p *Pane) Empty() bool { return len(p.entries) == 0 && !p.hasOlder }

// Reset empties the pane (a new session, /clear).
func (p *Pane) Reset() {
	p.entries = nil
	p.follow, p.top, p.off = true, 0, 0
	p.sel, p.selCode = -1, -1
	p.hasOlder, p.loading = false, false
	p.hasNewer, p.loadingNewer, p.newestID, p.markID = false, false, 0, 0
	p.turn = turnState{}
	p.pick = nil
}

// Following reports whether the view sticks to the bottom.
func (p *Pane) Following() bool { return p.follow }

// width of entry content: the pane minus the selection gutter.
func (p *Pane) contentWidth() int { return max(p.width-gutter, 8) }

const gutter = 2

func (p *Pane) drawCtx() *drawCtx {
	return &drawCtx{r: p.r, ink: &p.ink, frame: p.frame, now: p.Now()}
}

// drawn returns entry i's rendering, from the cache when it is current.
func (p *Pane) drawn(i int) drawn {
	e := p.entries[i]
	w := p.contentWidth()
	if e.cached && e.cw == w && e.cv == e.version && e.cg == p.gen {
		return e.cache
	}
	e.cache = e.it.render(p.drawCtx(), w)
	e.cw, e.cv, e.cg, e.cached = w, e.version, p.gen, true
	return e.cache
}

// blockHeight is entry i's height on screen: its lines plus the blank line
// that separates it from the entry before.
func (p *Pane) blockHeight(i int) int {
	h := len(p.drawn(i).lines)
	if i > 0 {
		h++
	}
	return h
}

// blockLine returns line n of entry i's block (separator included), with
// the selection gutter.
func (p *Pane) blockLine(i, n int) string {
	if i > 0 {
		if n == 0 {
			return ""
		}
		n--
	}
	d := p.drawn(i)
	mark := "  "
	if p.marked(i) {
		mark = p.ink.hitMark
	}
	if p.focused && i == p.sel {
		if p.selCode < 0 || (p.selCode < len(d.code) && n >= d.code[p.selCode].Start && n < d.code[p.selCode].End) {
			mark = p.ink.selMark
		}
	}
	if p.pick != nil {
		row := n
		if i > 0 {
			row++
		}
		if l := p.pick.labelAt(p.entries[i], row); l != "" {
			mark = render.Paint(p.ink.label, l) + " "
		}
	}
	if p.find != nil {
		return mark + p.highlight(i, n, d.lines[n])
	}
	return mark + d.lines[n]
}

// View draws the visible window.
func (p *Pane) View() string {
	if p.follow {
		p.anchorBottom()
	}
	p.findSync()
	rows := make([]string, 0, p.height)
	for i, off := p.top, p.off; i < len(p.entries) && len(rows) < p.height; i, off = i+1, 0 {
		h := p.blockHeight(i)
		for n := off; n < h && len(rows) < p.height; n++ {
			rows = append(rows, p.blockLine(i, n))
		}
	}
	if p.top == 0 && p.off == 0 && p.hasOlder && len(rows) < p.height {
		rows = append([]string{p.ink.loadingLine(p.loading)}, rows...)
	}
	if p.hasNewer && len(rows) < p.height {
		rows = append(rows, render.Paint(p.ink.muted, "  ↓ newer messages (scroll down)"))
	}
	for len(rows) < p.height {
		rows = append(rows, "")
	}
	return strings.Join(rows, "\n")
}

// Update handles the keys the pane answers to when focused. It reports
// whether the key was used.
func (p *Pane) Update(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := p.keys
	switch {
	case matches(msg, k.Up):
		p.moveSelection(-1)
	case matches(msg, k.Down):
		p.moveSelection(1)
	case matches(msg, k.HalfUp):
		return p.Scroll(-p.height / 2), true
	case matches(msg, k.HalfDown):
		return p.Scroll(p.height / 2), true
	case matches(msg, k.LineUp):
		return p.Scroll(-1), true
	case matches(msg, k.LineDown):
		return p.Scroll(1), true
	case matches(msg, k.Top):
		return p.Top(), true
	case matches(msg, k.Bottom):
		return p.Bottom(), true
	case matches(msg, k.Toggle):
		p.toggle()
	case matches(msg, k.Expand):
		p.ToggleAllTools()
	default:
		return nil, false
	}
	return nil, true
}

// Selected returns the text of the selected block (or code block) for
// copying, and whether anything is selected.
func (p *Pane) Selected() (string, bool) {
	if p.sel < 0 || p.sel >= len(p.entries) {
		return "", false
	}
	if p.selCode >= 0 {
		d := p.drawn(p.sel)
		if p.selCode < len(d.code) {
			return d.code[p.selCode].Text, true
		}
	}
	return p.entries[p.sel].it.copyText(), true
}

// LastAnswer returns the text of the latest answer in memory.
func (p *Pane) LastAnswer() (string, bool) {
	for i := len(p.entries) - 1; i >= 0; i-- {
		if a, ok := p.entries[i].it.(*assistantItem); ok && strings.TrimSpace(a.content) != "" {
			return a.content, true
		}
	}
	return "", false
}

// moveSelection steps through entries and, inside answers, their code
// blocks, keeping the selection in view.
func (p *Pane) moveSelection(d int) {
	if len(p.entries) == 0 {
		return
	}
	if p.sel < 0 || p.sel >= len(p.entries) {
		p.sel, p.selCode = len(p.entries)-1, -1
		p.showSelection()
		return
	}
	codes := len(p.drawn(p.sel).code)
	switch {
	case d > 0 && p.selCode+1 < codes:
		p.selCode++
	case d > 0 && p.sel+1 < len(p.entries):
		p.sel, p.selCode = p.sel+1, -1
	case d < 0 && p.selCode >= 0:
		p.selCode--
	case d < 0 && p.sel > 0:
		p.sel--
		p.selCode = len(p.drawn(p.sel).code) - 1
	default:
		return
	}
	p.showSelection()
}

// toggle expands or collapses the selected entry (tool output, reasoning).
func (p *Pane) toggle() {
	if p.sel < 0 || p.sel >= len(p.entries) {
		return
	}
	e := p.entries[p.sel]
	switch it := e.it.(type) {
	case *toolItem:
		it.expanded = !it.expanded
	case *assistantItem:
		if it.reasoning == "" {
			return
		}
		it.showReasoning = !it.showReasoning
	case *compactionItem:
		it.expanded = !it.expanded
	default:
		return
	}
	e.bump()
	p.showSelection()
}

// ToggleAllTools expands every tool block, or collapses them all if any is
// expanded.
func (p *Pane) ToggleAllTools() {
	anyOpen := false
	for _, e := range p.entries {
		if t, ok := e.it.(*toolItem); ok && t.expanded {
			anyOpen = true
			break
		}
	}
	for _, e := range p.entries {
		if t, ok := e.it.(*toolItem); ok && t.expanded == anyOpen {
			t.expanded = !anyOpen
			e.bump()
		}
	}
}

// Tick advances spinners of running tools. It reports whether anything is
// running (so the caller keeps ticking only then).
func (p *Pane) Tick() bool {
	p.frame++
	running := false
	for i := len(p.entries) - 1; i >= 0 && i >= len(p.entries)-64; i-- {
		if t, ok := p.entries[i].it.(*toolItem); ok && t.state == toolRunning {
			p.entries[i].bump()
			running = true
		}
	}
	return running
}

func matches(msg tea.KeyPressMsg, b key.Binding) bool { return key.Matches(msg, b) }

// inks are the open sequences of the theme styles the pane draws with.
type inks struct {
	user, userBar, attachment, errorText, retry, notice  string
	reasoning, reasoningLabel, muted                     string
	toolName, toolArg, toolOK, toolFailed, toolSpinner   string
	toolPending, toolMeta, toolOutput, toolBar, toolHint string
	selMark, hitMark                                     string
	match, matchCur, label                               string
}

func newInks(th *themes.Theme) inks {
	o := render.Open
	return inks{
		user: o(th.Chat.User), userBar: o(th.Chat.UserBar), attachment: o(th.Chat.Attachment),
		errorText: o(th.Chat.Error), retry: o(th.Chat.Retry), notice: o(th.Chat.Notice),
		reasoning: o(th.Chat.Reasoning), reasoningLabel: o(th.Chat.ReasoningLabel), muted: o(th.Chat.Muted),
		toolName: o(th.Tool.Name), toolArg: o(th.Tool.Arg), toolOK: o(th.Tool.OK), toolFailed: o(th.Tool.Failed),
		toolSpinner: o(th.Tool.Spinner), toolPending: o(th.Tool.Pending), toolMeta: o(th.Tool.Meta),
		toolOutput: o(th.Tool.Output), toolBar: o(th.Tool.Bar), toolHint: o(th.Tool.Hint),
		selMark: render.Paint(o(th.Chat.Selected), "▌") + " ",
		hitMark: render.Paint(o(th.Chat.Selected), "▶") + " ",
		match:   o(th.Chat.Match), matchCur: o(th.Chat.MatchCurrent), label: o(th.Chat.Label),
	}
}

func (i *inks) loadingLine(loading bool) string {
	if loading {
		return render.Paint(i.muted, "  loading older messages…")
	}
	return render.Paint(i.muted, "  ↑ older messages (scroll up)")
}
