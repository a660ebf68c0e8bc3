package input

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/ui/render"
)

// Reverse search of the history, as in a shell: ctrl+r opens it, typing
// narrows it as you go (the newest match shows in the editor), ctrl+r or ↑
// steps to older matches and ↓ back, enter keeps the match in the editor to
// edit or send, esc puts the draft back. Any other key keeps the match and
// does what it does in the editor.

type search struct {
	query string
	at    int    // index in history of the match shown; -1: none
	draft string // the editor's text when the search opened
	// lower is the history in lower case, made once per search; n and
	// pos count the matches of query and the place of the one shown
	// (1 = newest), for the search line.
	lower  []string
	n, pos int
}

// OpenSearch starts a reverse search of the history.
func (m *Model) OpenSearch() {
	m.menu.close()
	lower := make([]string, len(m.history))
	for i, h := range m.history {
		lower[i] = strings.ToLower(h)
	}
	m.search = &search{at: -1, draft: m.ta.Value(), lower: lower}
	m.find(len(m.history)-1, -1)
}

// Searching reports whether the history search is open.
func (m *Model) Searching() bool { return m.search != nil }

// find shows the first match at or before (dir -1) or after (dir 1)
// index from; with none, the current match stays and the search fails.
func (m *Model) find(from, dir int) bool {
	s := m.search
	defer s.count()
	q := strings.ToLower(s.query)
	for i := from; i >= 0 && i < len(s.lower); i += dir {
		if strings.Contains(s.lower[i], q) {
			s.at = i
			m.ta.SetValue(m.history[i])
			return true
		}
	}
	if s.at < 0 || !strings.Contains(s.lower[s.at], q) {
		s.at = -1
		m.ta.SetValue(s.draft)
	}
	return false
}

// count counts the matches of the query and places the one shown.
func (s *search) count() {
	q := strings.ToLower(s.query)
	s.n, s.pos = 0, 0
	for i, h := range s.lower {
		if strings.Contains(h, q) {
			s.n++
			if i >= s.at {
				s.pos++
			}
		}
	}
}

// searchKey handles a key while the search is open; done false passes
// the key on to the editor (after closing the search on the match).
func (m *Model) searchKey(msg tea.KeyPressMsg) (done bool, cmd tea.Cmd) {
	k := m.keys.Draft
	s := m.search
	switch {
	case key.Matches(msg, k.SearchOlder):
		if s.at >= 0 {
			m.find(s.at-1, -1)
		}
		return true, nil
	case key.Matches(msg, k.SearchNewer):
		if s.at >= 0 {
			m.find(s.at+1, 1)
		}
		return true, nil
	case key.Matches(msg, k.SearchCancel):
		m.ta.SetValue(s.draft)
		m.search = nil
		return true, nil
	case key.Matches(msg, k.SearchAccept):
		m.search = nil
		m.histPos = len(m.history)
		return true, nil
	case msg.String() == "backspace":
		if r := []rune(s.query); len(r) > 0 {
			s.query = string(r[:len(r)-1])
			s.at = -1
			m.find(len(m.history)-1, -1)
		}
		return true, nil
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		s.query += msg.Text
		from := s.at
		if from < 0 {
			from = len(m.history) - 1
		}
		m.find(from, -1)
		return true, nil
	}
	m.search = nil
	m.histPos = len(m.history)
	return false, nil
}

// searchView is the line above the editor while searching.
func (m *Model) searchView() string {
	c := m.th.Chrome
	s := m.search
	label := "search sent messages: "
	status := ""
	switch {
	case s.at >= 0:
		status = " " + itoa(s.pos) + "/" + itoa(s.n)
	case len(m.history) == 0:
		status = " no messages sent yet"
	default:
		status = " no match"
	}
	hint := " · ctrl+r older · enter use · esc cancel"
	if m.width < 70 {
		hint = " · ctrl+r · esc"
	}
	line := render.Paint(render.Open(c.Prompt), label) + s.query + render.Paint(render.Open(c.Hint), status+hint)
	return render.Truncate(line, max(m.width, 10), "…")
}

// searchCursor puts the terminal cursor after the query.
func (m *Model) searchCursor() *tea.Cursor {
	c := m.ta.Cursor()
	if c == nil {
		return nil
	}
	c.Y = 0
	c.X = min(render.Width("search sent messages: "+m.search.query), max(m.width-1, 0))
	return c
}
