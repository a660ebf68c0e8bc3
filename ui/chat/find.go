package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// Find searches the loaded transcript for a query and steps through the
// matches. What is searched is each entry's logical text — what was
// written, not its rendering: a message, an answer's markdown and its
// reasoning, a tool's name, key argument and whole output (collapsed or
// not), a compaction's summary. The query matches case-insensitively unless
// it holds an upper-case letter (smart case).
//
// Matches are numbered from the newest: 1 is the one nearest the end of
// the conversation, and "next" goes back in time (up the screen), as
// searching a history does. Landing on a match expands what hides it and
// scrolls it into view; every occurrence on screen is highlighted in place.
//
// A keystroke costs one scan of the loaded text: each entry's search text is
// built (and lower-cased) once per version of the entry, and a query that
// extends the previous one skips the entries that did not match it.

// FindStatus is where find stands: Index is the current match counted from
// the newest (1-based; 0 when there is none), Total the matches loaded.
type FindStatus struct {
	Index, Total int
}

// finder is the pane's find state.
type finder struct {
	query string // as typed
	q     string // as searched: lower-cased when fold
	fold  bool
	// start is the entry at the bottom of the view when find opened: a
	// query lands on the newest match at or above it.
	start *entry

	matches []match // in transcript order, oldest first
	cur     int     // index in matches; -1 for none
	curKey  match   // the current match, found again after a rebuild

	// The cache, by entry; seen/seenC mirror p.entries as of the last
	// sync, so an unchanged transcript is checked without map lookups.
	cache map[*entry]*entryFind
	seen  []*entry
	seenC []*entryFind
	stale bool // some entry's hits changed since the matches were built
}

// match is the k-th occurrence of the query in an entry's text.
type match struct {
	e *entry
	i int // the entry's index when the matches were built
	k int
}

// entryFind is what find keeps of one entry.
type entryFind struct {
	// The search text, for version tv of the entry; hidden is the part of
	// it a collapsed entry does not show.
	tok                  bool
	tv                   int
	text, lower          string
	hiddenFrom, hiddenTo int

	// The occurrences (byte offsets) of query hq in the text.
	hok   bool
	hq    string
	hfold bool
	offs  []int

	// Where the occurrences are drawn, for the rendering (version, width,
	// theme) they were found in.
	sv, sw, sg int
	sq         string
	shown      []shownHit
	shownOK    bool
}

// shownHit is an occurrence on a drawn line of an entry: cells [from, to).
type shownHit struct{ line, from, to int }

// SetFind searches for query (an empty query clears the matches) and moves
// to the newest match at or above where the search started. It returns a
// command when the view moved near the top of what is loaded.
func (p *Pane) SetFind(query string) tea.Cmd {
	f := p.find
	if f == nil {
		f = &finder{cur: -1, cache: map[*entry]*entryFind{}}
		f.start = p.bottomEntry()
		p.find = f
	}
	f.query = query
	f.fold = !hasUpper(query)
	f.q = query
	if f.fold {
		f.q = strings.ToLower(query)
	}
	f.curKey = match{}
	f.cur = -1
	f.stale = true
	p.findSync()
	if len(f.matches) == 0 {
		return nil
	}
	oi := p.indexOf(f.start)
	f.cur = len(f.matches) - 1
	if oi >= 0 {
		f.cur = -1
		for j := len(f.matches) - 1; j >= 0; j-- {
			if f.matches[j].i <= oi {
				f.cur = j
				break
			}
		}
		if f.cur < 0 { // none above: the nearest below
			f.cur = 0
		}
	}
	return p.showMatch()
}

// EndFind leaves find: the highlights go, the view stays.
func (p *Pane) EndFind() { p.find = nil }

// Finding reports whether a find is active.
func (p *Pane) Finding() bool { return p.find != nil }

// FindQuery is the active find's query.
func (p *Pane) FindQuery() string {
	if p.find == nil {
		return ""
	}
	return p.find.query
}

// FindStatus reports the current match and how many are loaded.
func (p *Pane) FindStatus() FindStatus {
	f := p.find
	if f == nil {
		return FindStatus{}
	}
	p.findSync()
	if f.cur < 0 {
		return FindStatus{Total: len(f.matches)}
	}
	return FindStatus{Index: len(f.matches) - f.cur, Total: len(f.matches)}
}

// FindStep moves to the next match: older (up) or newer (down). It
// reports false, without moving, at the end of the loaded transcript in
// that direction (the caller may load more, or wrap with FindWrap).
func (p *Pane) FindStep(older bool) (tea.Cmd, bool) {
	f := p.find
	if f == nil {
		return nil, false
	}
	p.findSync()
	next := f.cur + 1
	if older {
		next = f.cur - 1
	}
	if f.cur < 0 || next < 0 || next >= len(f.matches) {
		return nil, false
	}
	f.cur = next
	return p.showMatch(), true
}

// FindWrap moves to the newest match (stepping older past the oldest) or
// the oldest (stepping newer past the newest). It reports false when there
// is no match.
func (p *Pane) FindWrap(older bool) (tea.Cmd, bool) {
	f := p.find
	if f == nil {
		return nil, false
	}
	p.findSync()
	if len(f.matches) == 0 {
		return nil, false
	}
	f.cur = 0
	if older {
		f.cur = len(f.matches) - 1
	}
	return p.showMatch(), true
}

// FindLand moves to a match in the entries that show message id (a page
// just loaded for it): its newest occurrence when stepping older, its
// oldest otherwise; failing that, the match nearest it.
func (p *Pane) FindLand(id int64, older bool) (tea.Cmd, bool) {
	f := p.find
	if f == nil {
		return nil, false
	}
	p.markID = 0 // LoadAround's mark is for search hits
	p.findSync()
	if len(f.matches) == 0 {
		return nil, false
	}
	at := p.entryOf(id)
	best := -1
	for j, m := range f.matches {
		if m.i < at {
			continue
		}
		if m.i > at {
			if best < 0 {
				best = j // nothing in the message: the nearest below
			}
			break
		}
		best = j
		if !older {
			break
		}
	}
	if best < 0 {
		best = len(f.matches) - 1
	}
	f.cur = best
	return p.showMatch(), true
}

// LoadedSpan returns the store ids of the oldest and newest loaded
// messages (0 when none is saved yet).
func (p *Pane) LoadedSpan() (oldest, newest int64) {
	for _, e := range p.entries {
		if e.firstID > 0 {
			oldest = e.firstID
			break
		}
	}
	for i := len(p.entries) - 1; i >= 0 && newest == 0; i-- {
		e := p.entries[i]
		if t, ok := e.it.(*toolItem); ok && t.id > 0 {
			newest = t.id
		}
		newest = max(newest, e.firstID)
	}
	if p.hasNewer && p.newestID > newest {
		newest = p.newestID
	}
	return oldest, newest
}

// HasOlder reports whether messages before the transcript are still to be
// loaded.
func (p *Pane) HasOlder() bool { return p.hasOlder }

// findSync brings the matches up to date with the transcript: entries
// added, dropped or changed since the last call are searched again.
func (p *Pane) findSync() {
	f := p.find
	if f == nil {
		return
	}
	changed := len(f.seen) != len(p.entries)
	if changed {
		f.seenC = make([]*entryFind, len(p.entries))
	}
	for i, e := range p.entries {
		var c *entryFind
		if !changed && f.seen[i] == e {
			c = f.seenC[i]
		} else {
			changed = true // seenC has the transcript's length: filled in place
			if c = f.cache[e]; c == nil {
				c = &entryFind{}
			}
		}
		f.seenC[i] = c
		if f.hits(e, c) {
			f.stale = true
		}
	}
	if changed {
		f.seen = append(f.seen[:0], p.entries...)
		clear(f.cache) // drop the entries that left the transcript
		for i, e := range f.seen {
			f.cache[e] = f.seenC[i]
		}
		f.stale = true
	}
	if !f.stale {
		return
	}
	f.stale = false
	f.matches = f.matches[:0]
	for i, e := range p.entries {
		for k := range f.seenC[i].offs {
			f.matches = append(f.matches, match{e: e, i: i, k: k})
		}
	}
	f.cur = -1
	if f.curKey.e != nil {
		for j := range f.matches {
			if f.matches[j].e == f.curKey.e && f.matches[j].k == f.curKey.k {
				f.cur = j
				break
			}
		}
	}
}

// hits brings c's occurrences of the query up to date with e; it reports
// whether they changed.
func (f *finder) hits(e *entry, c *entryFind) bool {
	if !c.tok || c.tv != e.version {
		text, from, to := searchText(e.it)
		if !c.tok || text != c.text {
			c.text, c.lower, c.hok = text, "", false
		}
		c.tv, c.tok, c.hiddenFrom, c.hiddenTo = e.version, true, from, to
	}
	if c.hok && c.hfold == f.fold {
		if c.hq == f.q {
			return false
		}
		// A longer query matches only where the shorter one did.
		if len(c.offs) == 0 && c.hq != "" && strings.HasPrefix(f.q, c.hq) {
			c.hq = f.q
			return false
		}
	}
	had := len(c.offs)
	c.offs = c.offs[:0]
	if f.q != "" {
		s := c.text
		if f.fold {
			if c.lower == "" && c.text != "" {
				c.lower = lowerText(c.text)
			}
			s = c.lower
		}
		c.offs = indexAll(s, f.q, c.offs)
	}
	c.hok, c.hq, c.hfold = true, f.q, f.fold
	return had > 0 || len(c.offs) > 0
}

// searchText is what find searches in an item, and the part of it
// [hiddenFrom, hiddenTo) that is hidden while the item is collapsed.
func searchText(it item) (text string, hiddenFrom, hiddenTo int) {
	switch it := it.(type) {
	case *userItem:
		if len(it.attached) == 0 {
			return it.text, 0, 0
		}
		return it.text + "\n" + strings.Join(it.attached, "\n"), 0, 0
	case *assistantItem:
		if it.reasoning == "" {
			return it.content, 0, 0
		}
		return it.reasoning + "\n" + it.content, 0, len(it.reasoning)
	case *toolItem:
		head := it.name + " " + it.key
		body := it.output
		if it.state == toolRunning || body == "" {
			body = it.live
		}
		if it.diff != "" {
			body = it.diff
		}
		return head + "\n" + body, len(head) + 1, len(head) + 1 + len(body)
	case *noticeItem:
		return it.text, 0, 0
	case *compactionItem:
		return it.text + "\n" + it.summary, len(it.text) + 1, len(it.text) + 1 + len(it.summary)
	}
	return "", 0, 0
}

// reveal expands what hides offset off of an item's search text; it
// reports whether anything changed.
func reveal(it item, c *entryFind, off int) bool {
	if off < c.hiddenFrom || off >= c.hiddenTo {
		return false
	}
	switch it := it.(type) {
	case *assistantItem:
		if !it.showReasoning {
			it.showReasoning = true
			return true
		}
	case *toolItem:
		if !it.expanded {
			it.expanded = true
			return true
		}
	case *compactionItem:
		if !it.expanded {
			it.expanded = true
			return true
		}
	}
	return false
}

// showMatch expands what hides the current match, selects its entry and
// scrolls it into view.
func (p *Pane) showMatch() tea.Cmd {
	f := p.find
	if f.cur < 0 || f.cur >= len(f.matches) {
		return nil
	}
	m := f.matches[f.cur]
	f.curKey = m
	c := f.seenC[m.i]
	if reveal(m.e.it, c, c.offs[m.k]) {
		m.e.bump()
	}
	p.sel, p.selCode = m.i, -1
	line, _ := p.matchLine(m.i, m.k)
	return p.scrollToLine(m.i, line)
}

// scrollToLine scrolls so line n of entry i is on screen: left where it is
// when it already is, else a third of the way down.
func (p *Pane) scrollToLine(i, n int) tea.Cmd {
	if i < 0 || i >= len(p.entries) {
		return nil
	}
	row := n
	if i > 0 {
		row++ // the separator line
	}
	if p.follow {
		p.anchorBottom()
	}
	above := i < p.top || (i == p.top && row < p.off)
	if !above && p.linesFromAnchor(i)+row < p.height {
		return nil
	}
	p.follow = false
	p.top, p.off = i, row
	cmd := p.Scroll(-p.height / 3)
	p.follow = false
	if !p.hasNewer && p.atBottom() {
		p.follow = true
	}
	return cmd
}

// bottomEntry is the entry at the bottom of the view.
func (p *Pane) bottomEntry() *entry {
	if len(p.entries) == 0 {
		return nil
	}
	if p.follow {
		return p.entries[len(p.entries)-1]
	}
	rows := -p.off
	for i := p.top; i < len(p.entries); i++ {
		rows += p.blockHeight(i)
		if rows >= p.height {
			return p.entries[i]
		}
	}
	return p.entries[len(p.entries)-1]
}

// indexOf returns e's index in the transcript, -1 if it left it.
func (p *Pane) indexOf(e *entry) int {
	if e == nil {
		return -1
	}
	if f := p.find; f != nil && len(f.seen) == len(p.entries) {
		for i, s := range f.seen {
			if s == e && p.entries[i] == e {
				return i
			}
		}
	}
	for i, s := range p.entries {
		if s == e {
			return i
		}
	}
	return -1
}

// indexAll appends the offsets of the non-overlapping occurrences of q in s.
func indexAll(s, q string, dst []int) []int {
	for i := 0; i <= len(s)-len(q); {
		j := strings.Index(s[i:], q)
		if j < 0 {
			break
		}
		dst = append(dst, i+j)
		i += j + len(q)
	}
	return dst
}

// lowerText lower-cases s rune by rune (so offsets stay those of s for
// the common scripts), with a fast path for ASCII.
func lowerText(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	return strings.Map(unicode.ToLower, s)
}

func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}
