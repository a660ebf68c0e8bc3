package sessions

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/render"
)

// The list is virtual: pages of pageSize sessions are read (FindSessions
// with an offset, on the sessions_updated index) as they come near the
// view, at most maxPages are kept, and rows not read yet draw as a
// placeholder. A refresh (after an action, or when the pane opens) bumps
// gen: pages of an older generation are still drawn until their
// replacement arrives, so nothing flickers.
const (
	pageSize = 100
	maxPages = 24
	// previewRunes is how much of the first message an untitled session
	// shows.
	previewRunes = 120
)

type listState struct {
	total    int // -1 until counted
	gen      int
	pages    map[int]*listPage
	inflight map[int]int // page → generation being read
	sel, top int
	clock    int // for evicting the least recently drawn page
}

type listPage struct {
	gen      int
	rows     []store.Session
	previews map[string]string
	used     int
}

func (l *listState) reset() {
	l.total = -1
	l.pages = map[int]*listPage{}
	l.inflight = map[int]int{}
}

// known is the number of rows navigation can reach: the count, or what is
// loaded before it arrives.
func (l *listState) known() int {
	if l.total >= 0 {
		return l.total
	}
	n := 0
	for i := 0; ; i++ {
		pg, ok := l.pages[i]
		if !ok {
			return n
		}
		n += len(pg.rows)
		if len(pg.rows) < pageSize {
			return n
		}
	}
}

// at returns row i and its preview text, if its page is loaded.
func (l *listState) at(i int) (*store.Session, string, bool) {
	pg, ok := l.pages[i/pageSize]
	if !ok || i%pageSize >= len(pg.rows) {
		return nil, "", false
	}
	s := &pg.rows[i%pageSize]
	return s, pg.previews[s.ID], true
}

// clamp keeps the selection inside the list and on screen.
func (l *listState) clamp(rows int) {
	n := l.known()
	l.sel = min(max(l.sel, 0), max(n-1, 0))
	if l.sel < l.top {
		l.top = l.sel
	}
	if l.sel >= l.top+rows {
		l.top = l.sel - rows + 1
	}
	l.top = max(min(l.top, n-rows), 0)
}

type countMsg struct {
	gen int
	n   int
	err error
}

type pageMsg struct {
	gen, page int
	rows      []store.Session
	previews  map[string]string
	err       error
}

func (countMsg) sessionsMsg() {}
func (pageMsg) sessionsMsg()  {}

func (p *Pane) filter() store.SessionFilter {
	return store.SessionFilter{IncludeArchived: p.archived}
}

// refreshList reads the count and the pages in view again.
func (p *Pane) refreshList() tea.Cmd {
	p.list.gen++
	p.list.inflight = map[int]int{}
	ctx, st, f, gen := p.ctx, p.st, p.filter(), p.list.gen
	count := func() tea.Msg {
		n, err := st.CountSessions(ctx, f)
		return countMsg{gen: gen, n: n, err: err}
	}
	return tea.Batch(count, p.ensurePages())
}

// ensurePages reads the pages from a screen above the view to a screen
// below it that are missing or stale, and forgets pages far away.
func (p *Pane) ensurePages() tea.Cmd {
	l := &p.list
	first, last := p.nearPages()
	var cmds []tea.Cmd
	for pg := first; pg <= last; pg++ {
		have, ok := l.pages[pg]
		if ok && have.gen == l.gen {
			continue
		}
		if g, ok := l.inflight[pg]; ok && g == l.gen {
			continue
		}
		l.inflight[pg] = l.gen
		cmds = append(cmds, p.readPage(pg))
	}
	l.evict(first, last)
	return tea.Batch(cmds...)
}

// nearPages are the pages from a screen above the view to a screen below.
func (p *Pane) nearPages() (first, last int) {
	l := &p.list
	rows := p.rows()
	first = max(l.top-rows, 0) / pageSize
	last = (l.top + 2*rows) / pageSize
	if l.total >= 0 {
		last = min(last, max(l.total-1, 0)/pageSize)
	}
	return first, last
}

// readPage reads a page of the list. After a page it has, the next is
// read by key (the sessions active before its last row, on the index) so
// that scrolling deep into a long list costs what scrolling the top does;
// otherwise by offset.
func (p *Pane) readPage(page int) tea.Cmd {
	ctx, st, f, gen := p.ctx, p.st, p.filter(), p.list.gen
	f.Offset, f.Limit = page*pageSize, pageSize
	var after *store.Session // the row before the page, for reading by key
	skip := 0                // rows of the page before with the same time
	if prev, ok := p.list.pages[page-1]; ok && prev.gen == gen && len(prev.rows) == pageSize {
		after = &prev.rows[pageSize-1]
		for i := pageSize - 1; i >= 0 && prev.rows[i].UpdatedAt.Equal(after.UpdatedAt); i-- {
			skip++
		}
		f.Offset, f.Limit = 0, pageSize+skip
		f.UpdatedBefore = after.UpdatedAt.Add(time.Nanosecond)
	}
	return func() tea.Msg {
		rows, err := st.FindSessions(ctx, f)
		if err != nil {
			return pageMsg{gen: gen, page: page, err: err}
		}
		if after != nil {
			// Rows at the same time as the last one shown, up to it, were
			// on the page before.
			n := 0
			for n < len(rows) && rows[n].UpdatedAt.Equal(after.UpdatedAt) && rows[n].ID >= after.ID {
				n++
			}
			rows = rows[n:min(len(rows), n+pageSize)]
		}
		var untitled []string
		for _, s := range rows {
			if s.Title == "" {
				untitled = append(untitled, s.ID)
			}
		}
		previews, err := st.Previews(ctx, untitled, previewRunes)
		return pageMsg{gen: gen, page: page, rows: rows, previews: previews, err: err}
	}
}

// evict forgets the least recently used pages beyond maxPages, never one
// in [keepFirst, keepLast].
func (l *listState) evict(keepFirst, keepLast int) {
	for len(l.pages) > maxPages {
		victim, oldest := -1, int(^uint(0)>>1)
		for i, pg := range l.pages {
			if (i < keepFirst || i > keepLast) && pg.used < oldest {
				victim, oldest = i, pg.used
			}
		}
		if victim < 0 {
			return
		}
		delete(l.pages, victim)
	}
}

func (p *Pane) handleCount(msg countMsg) tea.Cmd {
	if msg.gen != p.list.gen {
		return nil
	}
	if msg.err != nil {
		return p.say(errText(msg.err), true)
	}
	p.list.total = msg.n
	p.list.clamp(p.rows())
	return tea.Batch(p.ensurePages(), p.previewSoon())
}

func (p *Pane) handlePage(msg pageMsg) tea.Cmd {
	l := &p.list
	if g, ok := l.inflight[msg.page]; ok && g == msg.gen {
		delete(l.inflight, msg.page)
	}
	if msg.err != nil {
		if msg.gen == l.gen {
			return p.say(errText(msg.err), true)
		}
		return nil
	}
	if have, ok := l.pages[msg.page]; ok && have.gen > msg.gen {
		return nil
	}
	l.clock++
	l.pages[msg.page] = &listPage{gen: msg.gen, rows: msg.rows, previews: msg.previews, used: l.clock}
	l.evict(p.nearPages())
	// The selection may now be a different session (a refresh moved rows
	// along): the preview follows.
	if l.sel/pageSize == msg.page && !p.searching() {
		return p.previewSoon()
	}
	return nil
}

// moveList moves the list's selection by d rows.
func (p *Pane) moveList(d int) tea.Cmd {
	l := &p.list
	before := l.sel
	l.sel += d
	l.clamp(p.rows())
	if l.sel == before {
		return nil
	}
	return tea.Batch(p.ensurePages(), p.previewSoon())
}

// listView draws rows lines of the list.
func (p *Pane) listView(width, rows int) []string {
	l := &p.list
	out := make([]string, 0, rows)
	if l.total == 0 {
		msg := "no sessions yet — what you chat about is kept here"
		if p.archived {
			msg = "no sessions"
		}
		return append(out, render.Paint(p.ink.hint, "  "+msg))
	}
	l.clock++
	for i := l.top; i < l.top+rows; i++ {
		if l.total >= 0 && i >= l.total {
			break
		}
		if pg, ok := l.pages[i/pageSize]; ok {
			pg.used = l.clock
		}
		s, preview, ok := l.at(i)
		if !ok {
			if l.total < 0 && i > 0 {
				break
			}
			out = append(out, render.Paint(p.ink.hint, "  ·"))
			continue
		}
		out = append(out, p.sessionRow(s, preview, width, i == l.sel))
	}
	return out
}

// sessionRow is one line of the list: marks, title (or the start of the
// first message), and source · model · messages · age on the right.
func (p *Pane) sessionRow(s *store.Session, preview string, width int, selected bool) string {
	lead := "  "
	switch {
	case s.ID == p.current:
		lead = "● "
	case s.ParentID != "":
		lead = "↳ "
	}
	title, untitled := s.Title, false
	if title == "" {
		title, untitled = preview, true
		if title == "" {
			title = "(empty)"
		}
	}
	meta := p.meta(s, width)
	if s.Archived {
		meta = "archived · " + meta
	}
	room := width - render.Width(lead) - render.Width(meta) - 2
	title = render.Truncate(text.OneLine(title), max(room, 4), "…")
	gap := max(width-render.Width(lead)-render.Width(title)-render.Width(meta), 1)
	if selected {
		return render.Paint(p.ink.selected, render.Truncate(lead+title+spaces(gap)+meta, width, "…"))
	}
	ti := p.ink.title
	if untitled {
		ti = p.ink.untitled
	}
	line := render.Paint(p.ink.mark, lead) + render.Paint(ti, title) + spaces(gap) + render.Paint(p.ink.meta, meta)
	return render.Truncate(line, width, "…")
}

// meta is a session's facts for its row, fewer on narrow screens.
func (p *Pane) meta(s *store.Session, width int) string {
	age := ago(p.now(), s.UpdatedAt)
	n := text.Plural(s.MessageCount, "msg")
	switch {
	case width < 50:
		return age
	case width < 80:
		return s.Source + " · " + n + " · " + age
	}
	model := s.Model
	if model == "" {
		model = "—"
	}
	return s.Source + " · " + render.Truncate(model, 24, "…") + " · " + n + " · " + age
}
