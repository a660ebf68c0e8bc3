package ui

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/chat"
	"github.com/herm-dev/herm/ui/render"
)

// Find in the transcript (ctrl+f anywhere, / in the chat): a bar in place
// of the line above the input takes the query; the chat (ui/chat/find.go)
// searches what it has loaded at every keystroke, highlights the matches
// and shows the current one. Messages of a long session that are not
// loaded are searched in the store (store.Search limited to the session,
// a moment after typing pauses): their matches count in "3/17", and
// stepping past the last loaded match loads the page around the next one.
//
// While the bar has the keyboard, enter (or ↑) goes to the next match back
// in time and shift+enter (or ↓) forward; tab hands the keyboard to the
// chat with the matches kept, where n and N step; esc closes.
//
// The block picker (y in the chat) labels the blocks on screen; a label
// copies its block's exact text (clipboard.go).

// finder is the root's half of find: the store's matches for the query.
type finder struct {
	back    focusArea // where the keyboard goes when the bar closes
	seq     int       // of the latest store search asked for
	session string    // the session and query ids answer
	query   string
	ids     []int64 // matching messages, ascending
	capped  bool    // the store had more than findStoreLimit
	pending bool    // a store search is on its way
	jumping bool    // a page with a match is being loaded
}

const (
	// findDebounce lets a word be typed before the store is asked.
	findDebounce = 80 * time.Millisecond
	// findStoreLimit bounds the matching messages read from the store.
	findStoreLimit = 500
)

// transcriptMsg is implemented by the messages of find, export and copy.
type transcriptMsg interface{ transcriptMsg() }

type findDebounceMsg struct{ seq int }

// findHitsMsg carries the session's messages that match a query.
type findHitsMsg struct {
	seq            int
	session, query string
	ids            []int64
	capped         bool
}

// findPageMsg carries the window of messages around a match that was not
// loaded.
type findPageMsg struct {
	session            string
	target             int64
	older              bool
	msgs               []store.Message
	approvals          []chat.Approval
	hasOlder, hasNewer bool
	err                error
}

func (findDebounceMsg) transcriptMsg() {}
func (findHitsMsg) transcriptMsg()     {}
func (findPageMsg) transcriptMsg()     {}

func (m *Model) handleTranscriptMsg(msg transcriptMsg) tea.Cmd {
	switch msg := msg.(type) {
	case findDebounceMsg:
		if msg.seq != m.find.seq || !m.chat.Finding() {
			return nil
		}
		return m.searchStore(msg.seq, m.chat.FindQuery())
	case findHitsMsg:
		if msg.seq == m.find.seq {
			m.find.pending = false
			m.find.session, m.find.query, m.find.ids, m.find.capped = msg.session, msg.query, msg.ids, msg.capped
		}
	case findPageMsg:
		return m.handleFindPage(msg)
	case exportedMsg:
		return m.handleExported(msg)
	}
	return nil
}

// transcriptKey handles the keys of find and of the block picker; ok is
// false for every other key.
func (m *Model) transcriptKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	fk := m.keys.Find
	switch {
	case m.chat.Picking():
		return m.pickKey(msg), true
	case m.focus == focusFind:
		return m.findBarKey(msg)
	case key.Matches(msg, fk.Open) && (msg.String() != "/" || m.focus == focusChat):
		return m.openFind(""), true
	case m.focus == focusChat && key.Matches(msg, fk.Pick):
		return m.startPick(), true
	case m.focus == focusChat && m.chat.Finding() && key.Matches(msg, fk.Next):
		return m.findStep(true), true
	case m.focus == focusChat && m.chat.Finding() && key.Matches(msg, fk.Prev):
		return m.findStep(false), true
	case m.chat.Finding() && key.Matches(msg, fk.Close) && m.focus != focusApproval &&
		m.run == nil && !m.input.MenuOpen() && len(m.queued) == 0:
		m.closeFind()
		return nil, true
	}
	return nil, false
}

// openFind gives the find bar the keyboard, with query if it is not
// empty (/find TEXT), or with the query of the find already open.
func (m *Model) openFind(query string) tea.Cmd {
	m.chat.CancelPick()
	if !m.chat.Finding() {
		m.find = finder{back: m.focus}
		m.chat.SetFind("")
	}
	if m.focus != focusFind {
		m.setFocus(focusFind)
	}
	if query != "" {
		return m.setFindQuery(query)
	}
	return nil
}

// closeFind ends find; the keyboard goes back where it was.
func (m *Model) closeFind() {
	m.chat.EndFind()
	back := m.find.back
	m.find = finder{}
	if m.focus == focusFind {
		if back == focusFind || back == focusApproval {
			back = focusInput
		}
		m.setFocus(back)
	}
}

// findBarKey handles a key while the bar has the keyboard. Keys that work
// anywhere (help, the palette, scrolling, the panes) pass through; any
// other key is the bar's.
func (m *Model) findBarKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	fk, k := m.keys.Find, m.keys
	q := m.chat.FindQuery()
	switch {
	case key.Matches(msg, fk.Close):
		m.closeFind()
		return nil, true
	case key.Matches(msg, fk.Chat):
		m.setFocus(focusChat)
		return nil, true
	case key.Matches(msg, fk.BarNext), key.Matches(msg, fk.Open) && msg.String() != "/":
		return m.findStep(true), true
	case key.Matches(msg, fk.BarPrev):
		return m.findStep(false), true
	case msg.String() == "backspace":
		if r := []rune(q); len(r) > 0 {
			return m.setFindQuery(string(r[:len(r)-1])), true
		}
		return nil, true
	case msg.String() == "ctrl+w" || msg.String() == "alt+backspace":
		t := strings.TrimRightFunc(q, unicode.IsSpace)
		i := strings.LastIndexFunc(t, unicode.IsSpace)
		return m.setFindQuery(t[:i+1]), true
	case msg.String() == "ctrl+u":
		return m.setFindQuery(""), true
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		return m.setFindQuery(q + msg.Text), true
	}
	for _, b := range []key.Binding{k.Help, k.Palette, k.ScrollUp, k.ScrollDn, k.Redraw, k.Sessions,
		k.Chat, k.Skills, k.Memory, k.Mode, k.CopyLast} {
		if key.Matches(msg, b) {
			return nil, false
		}
	}
	return nil, true
}

// pasteToFind adds pasted text to the query: its first line, control
// characters dropped.
func (m *Model) pasteToFind(text string) tea.Cmd {
	text, _, _ = strings.Cut(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	text = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, text)
	if text == "" {
		return nil
	}
	return m.setFindQuery(m.chat.FindQuery() + text)
}

// setFindQuery searches for q in what is loaded at once, and in the store
// once typing pauses.
func (m *Model) setFindQuery(q string) tea.Cmd {
	cmd := m.chat.SetFind(q)
	m.find.seq++
	m.find.ids, m.find.query, m.find.capped, m.find.pending = nil, "", false, false
	if !m.storeSearchable(q) {
		return cmd
	}
	m.find.pending = true
	seq := m.find.seq
	return tea.Batch(cmd, tea.Tick(findDebounce, func(time.Time) tea.Msg { return findDebounceMsg{seq: seq} }))
}

// storeSearchable reports whether the store can hold matches for q that
// the chat has not loaded.
func (m *Model) storeSearchable(q string) bool {
	if m.opts.Store == nil || m.info.ID == "" || !(m.chat.HasOlder() || m.chat.HasNewer()) {
		return false
	}
	return strings.IndexFunc(q, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// searchStore finds the session's messages holding q, by substring as the
// chat does (the store's LIKE folds ASCII case only, so with smart case it
// may count a few more).
func (m *Model) searchStore(seq int, q string) tea.Cmd {
	ctx, st, id := m.ctx, m.opts.Store, m.info.ID
	phrase := `"` + strings.ReplaceAll(q, `"`, " ") + `"`
	return func() tea.Msg {
		hits, err := st.Search(ctx, phrase, store.SearchOptions{SessionID: id, Substring: true, Limit: findStoreLimit})
		if err != nil { // nothing the store can look for: the loaded matches stand
			return findHitsMsg{seq: seq, session: id, query: q}
		}
		ids := make([]int64, len(hits))
		for i, h := range hits {
			ids[i] = h.MessageID
		}
		slices.Sort(ids)
		return findHitsMsg{seq: seq, session: id, query: q, ids: ids, capped: len(hits) == findStoreLimit}
	}
}

// outside returns the store's matching messages before and after what the
// chat has loaded.
func (m *Model) findOutside() (older, newer []int64) {
	f := &m.find
	if f.session != m.info.ID || f.query != m.chat.FindQuery() || len(f.ids) == 0 {
		return nil, nil
	}
	oldest, newest := m.chat.LoadedSpan()
	for _, id := range f.ids {
		switch {
		case m.chat.HasOlder() && (oldest == 0 || id < oldest):
			older = append(older, id)
		case m.chat.HasNewer() && id > newest:
			newer = append(newer, id)
		}
	}
	return older, newer
}

// findStep goes to the next match back in time (older) or forward. Past
// the last loaded match it loads the page of the next match in the store;
// past the last match of all it wraps around.
func (m *Model) findStep(older bool) tea.Cmd {
	if m.chat.FindQuery() == "" || m.find.jumping {
		return nil
	}
	if cmd, ok := m.chat.FindStep(older); ok {
		return cmd
	}
	before, after := m.findOutside()
	target := int64(0)
	switch {
	case older && len(before) > 0:
		target = before[len(before)-1]
	case !older && len(after) > 0:
		target = after[0]
	case older && len(after) > 0: // wrap to the newest, not loaded
		target = after[len(after)-1]
	case !older && len(before) > 0: // wrap to the oldest, not loaded
		target = before[0]
	}
	if target > 0 {
		if m.busy() {
			return m.flash("more matches in messages not loaded — they load once the turn ends")
		}
		return m.findJump(target, older)
	}
	cmd, ok := m.chat.FindWrap(older)
	switch {
	case !ok:
		return m.flash("no match for “" + m.chat.FindQuery() + "”")
	case older:
		return tea.Batch(cmd, m.flash("no older match — back to the newest"))
	}
	return tea.Batch(cmd, m.flash("no newer match — back to the oldest"))
}

// findJump loads the window of the session around message id.
func (m *Model) findJump(id int64, older bool) tea.Cmd {
	m.find.jumping = true
	ctx, st, sid := m.ctx, m.opts.Store, m.info.ID
	return func() tea.Msg {
		msgs, o, n, err := loadAround(ctx, st, sid, id)
		return findPageMsg{session: sid, target: id, older: older, msgs: msgs, approvals: approvals(ctx, st, sid), hasOlder: o, hasNewer: n, err: err}
	}
}

func (m *Model) handleFindPage(msg findPageMsg) tea.Cmd {
	m.find.jumping = false
	if msg.session != m.info.ID || !m.chat.Finding() || m.busy() {
		return nil
	}
	if msg.err != nil {
		return m.flash("could not load the match: " + m.opts.Redact(msg.err.Error()))
	}
	m.chat.SetApprovals(msg.approvals)
	more := m.chat.LoadAround(msg.msgs, msg.target, msg.hasOlder, msg.hasNewer)
	land, _ := m.chat.FindLand(msg.target, msg.older)
	return tea.Batch(more, land)
}

// startPick labels the blocks on screen for copying.
func (m *Model) startPick() tea.Cmd {
	if m.chat.StartPick() == 0 {
		return m.flash("nothing on screen to copy")
	}
	return nil
}

// pickKey handles the key after y: a label copies its block, y again the
// selected block; anything else cancels.
func (m *Model) pickKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Find.Pick) {
		m.chat.CancelPick()
		return m.copySelection()
	}
	if s := msg.String(); len(s) == 1 {
		if text, what, ok := m.chat.Pick(s); ok {
			return m.copyText(text, what)
		}
		m.chat.CancelPick()
		return m.flash("no block is labelled " + s)
	}
	m.chat.CancelPick()
	return nil
}

// transcriptBar is the line above the input while find or the block
// picker is on ("" otherwise): it replaces the separator.
func (m *Model) transcriptBar() string {
	c := m.theme.Chrome
	hint, keyInk, warn, rule := render.Open(c.Hint), render.Open(c.Key), render.Open(c.StatusWarn), render.Open(c.Separator)
	var left, status, help, short string
	switch {
	case m.chat.Picking():
		left = render.Paint(keyInk, " copy ")
		status = "press a block's label"
		help, short = "y the selected block · esc cancel", "y selected · esc"
	case m.chat.Finding():
		q := m.chat.FindQuery()
		room := max(m.width/2-8, 8)
		if render.Width(q) > room {
			q = "…" + ansi.TruncateLeft(q, render.Width(q)-room+1, "")
		}
		left = render.Paint(keyInk, " find ") + render.Paint(render.Open(c.Prompt), "❯ ") + q
		if m.focus == focusFind {
			left += render.Paint(hint, "▏")
		}
		status = m.findCount()
		switch m.focus {
		case focusFind:
			help, short = "enter ↑ older · shift+enter ↓ newer · tab chat · esc close", "↑↓ step · tab chat · esc"
		case focusChat:
			help, short = "n older · N newer · / edit · esc close", "n N step · esc"
		default:
			help, short = "ctrl+f edit", "ctrl+f edit"
		}
	default:
		return ""
	}
	st := render.Paint(hint, status)
	if strings.HasPrefix(status, "no match") {
		st = render.Paint(warn, status)
	}
	line := left + "  " + st
	for _, h := range []string{help, short} {
		if render.Width(line)+2+render.Width(h) <= m.width-1 {
			line += "  " + render.Paint(hint, h)
			break
		}
	}
	line = render.Truncate(line, m.width, "…")
	if w := render.Width(line); w < m.width {
		line += " " + render.Paint(rule, strings.Repeat("─", max(m.width-w-1, 0)))
	}
	return line
}

// findCount is the bar's "3/17": matches counted from the newest, those
// the store holds outside what is loaded included.
func (m *Model) findCount() string {
	if m.chat.FindQuery() == "" {
		return "type to search"
	}
	st := m.chat.FindStatus()
	older, newer := m.findOutside()
	total := st.Total + len(older) + len(newer)
	switch {
	case m.find.jumping:
		return "loading the match…"
	case total == 0 && m.find.pending:
		return "searching…"
	case total == 0:
		return "no matches"
	}
	more := ""
	if m.find.capped {
		more = "+"
	}
	if st.Index == 0 {
		return "–/" + strconv.Itoa(total) + more
	}
	return strconv.Itoa(len(newer)+st.Index) + "/" + strconv.Itoa(total) + more
}
