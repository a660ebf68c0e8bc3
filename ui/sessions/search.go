package sessions

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/store"
)

// Searching: each change of the query bumps seq and schedules a search
// after the debounce; the search runs in a command with its own context
// (cancelled by the next one), and an answer whose seq is not the latest
// is dropped. Results come newest first (the fast order for typing), a
// page of groups at a time; the next page is read when the selection
// nears the end.
const (
	hitsPerGroup = 3
	// minQueryRunes: a single letter would match most of the store.
	minQueryRunes = 2
	// minPrefixRunes: a word being typed matches as a prefix from its
	// third letter; two letters stand for thousands of words (and cost
	// the index a scan of them all).
	minPrefixRunes = 3
)

type searchState struct {
	seq      int
	cancel   context.CancelFunc
	ran      string // the query the results answer
	groups   []store.SessionGroup
	previews map[string]string
	hits     []hitRef
	more     bool // another page may follow
	loading  bool
	err      string
	took     time.Duration

	sel, top int // selected hit; first line shown
	lines    []lineRef
	layoutW  int
	starts   []int // first line of each hit
}

// hitRef is a hit by group and position in it.
type hitRef struct{ g, h int }

type searchDueMsg struct{ seq int }

type resultsMsg struct {
	seq    int
	query  string
	offset int
	groups []store.SessionGroup
	// previews name untitled conversations by their first message.
	previews map[string]string
	err      error
	took     time.Duration
}

func (searchDueMsg) sessionsMsg() {}
func (resultsMsg) sessionsMsg()   {}

// searching reports whether the pane shows search results rather than
// the list.
func (p *Pane) searching() bool {
	return utf8.RuneCountInString(strings.TrimSpace(p.query)) >= minQueryRunes
}

// setQuery changes the query and schedules the search (or goes back to
// the list).
func (p *Pane) setQuery(q string) tea.Cmd {
	p.query = q
	s := &p.search
	s.seq++
	if !p.searching() {
		if s.cancel != nil {
			s.cancel()
			s.cancel = nil
		}
		*s = searchState{seq: s.seq}
		p.pv.seq++
		if p.list.gen == 0 {
			return p.refreshList()
		}
		return tea.Batch(p.ensurePages(), p.previewSoon())
	}
	s.loading = true
	seq, wait := s.seq, p.wait
	return tea.Tick(wait, func(time.Time) tea.Msg { return searchDueMsg{seq: seq} })
}

// runSearch runs the query now (the pane reopened, archived toggled).
func (p *Pane) runSearch() tea.Cmd {
	p.search.seq++
	return p.startSearch()
}

// startSearch runs the first page of the current query.
func (p *Pane) startSearch() tea.Cmd {
	s := &p.search
	if s.cancel != nil {
		s.cancel()
	}
	ctx, cancel := context.WithCancel(p.ctx)
	s.cancel, s.loading = cancel, true
	return p.searchPage(ctx, s.seq, 0)
}

func (p *Pane) searchPage(ctx context.Context, seq, offset int) tea.Cmd {
	st, q, now := p.st, asYouType(p.query), p.now()
	opts := store.SearchOptions{Limit: p.groupsPerPage(), Offset: offset, HitsPerGroup: hitsPerGroup, NewestFirst: true, Now: now}
	return func() tea.Msg {
		start := time.Now()
		groups, err := st.SearchSessions(ctx, q, opts)
		took := time.Since(start)
		var untitled []string
		for _, g := range groups {
			if g.Root.Title == "" {
				untitled = append(untitled, g.Root.ID)
			}
		}
		var previews map[string]string
		if err == nil && len(untitled) > 0 {
			previews, err = st.Previews(ctx, untitled, previewRunes)
		}
		return resultsMsg{seq: seq, query: q, offset: offset, groups: groups, previews: previews, err: err, took: took}
	}
}

func (p *Pane) handleResults(msg resultsMsg) tea.Cmd {
	s := &p.search
	if msg.seq != s.seq {
		return nil // an older query's answer
	}
	s.loading = false
	if msg.err != nil {
		if errors.Is(msg.err, context.Canceled) {
			return nil
		}
		if msg.offset == 0 {
			s.groups, s.hits, s.sel, s.top = nil, nil, 0, 0
			s.layoutW = -1
		}
		s.err, s.more = errText(msg.err), false
		return nil
	}
	s.err = ""
	if msg.offset == 0 {
		s.groups, s.hits, s.sel, s.top = nil, nil, 0, 0
		s.previews = map[string]string{}
		s.took = msg.took
	}
	for id, text := range msg.previews {
		s.previews[id] = text
	}
	s.ran = msg.query
	s.more = len(msg.groups) == p.groupsPerPage()
	for _, g := range msg.groups {
		gi := len(s.groups)
		s.groups = append(s.groups, g)
		for h := range g.Hits {
			s.hits = append(s.hits, hitRef{g: gi, h: h})
		}
	}
	s.layoutW = -1
	if msg.offset == 0 {
		return p.previewSoon()
	}
	return nil
}

// groupsPerPage is how many conversations a page of results holds: about
// a screenful (each snippet costs the index a little), the next page read
// as the selection nears the end.
func (p *Pane) groupsPerPage() int { return min(max(p.rows()/3, 6), 20) }

// moveSearch moves the selection through the hits, reading the next page
// of groups when it nears the end.
func (p *Pane) moveSearch(d int) tea.Cmd {
	s := &p.search
	if len(s.hits) == 0 {
		return nil
	}
	before := s.sel
	s.sel = min(max(s.sel+d, 0), len(s.hits)-1)
	p.layoutResults()
	s.clamp(p.rows())
	var cmds []tea.Cmd
	if s.more && !s.loading && s.sel >= len(s.hits)-hitsPerGroup*3 {
		s.loading = true
		cmds = append(cmds, p.searchPage(p.ctx, s.seq, len(s.groups)))
	}
	if s.sel != before {
		cmds = append(cmds, p.previewSoon())
	}
	return tea.Batch(cmds...)
}

// selectedHit returns the selected hit and its session.
func (p *Pane) selectedHit() (*store.Hit, *store.Session, bool) {
	s := &p.search
	if s.sel < 0 || s.sel >= len(s.hits) {
		return nil, nil, false
	}
	r := s.hits[s.sel]
	g := &s.groups[r.g]
	h := &g.Hits[r.h]
	sess := g.Session(h.SessionID)
	if sess == nil {
		return nil, nil, false
	}
	return h, sess, true
}

// asYouType is the query as searched while typing: a last word still
// being typed matches as a prefix (kube finds kubernetes). Phrases,
// filters, exclusions and operators are searched as written.
func asYouType(q string) string {
	if q == "" || unicode.IsSpace(rune(q[len(q)-1])) || strings.Count(q, `"`)%2 == 1 {
		return q
	}
	last := q[strings.LastIndexFunc(q, unicode.IsSpace)+1:]
	if utf8.RuneCountInString(last) < minPrefixRunes || last == "AND" || last == "OR" || last == "NOT" {
		return q
	}
	for _, r := range last {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return q
		}
	}
	return q + "*"
}

// errText is an error as the pane says it: without the store's prefix.
func errText(err error) string {
	if errors.Is(err, store.ErrEmptyQuery) {
		return "nothing to search for yet: type a word (filters such as source:cli narrow a search)"
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, "store: "); i >= 0 {
		msg = msg[i+len("store: "):]
		if rest, ok := strings.CutPrefix(msg, "search "); ok {
			// search "query": what went wrong
			if _, after, ok := strings.Cut(rest, `": `); ok {
				msg = after
			}
		}
	}
	return msg
}

// dropWord removes the last word of s (and the spaces after it).
func dropWord(s string) string {
	s = strings.TrimRightFunc(s, unicode.IsSpace)
	return s[:strings.LastIndexFunc(s, unicode.IsSpace)+1]
}
