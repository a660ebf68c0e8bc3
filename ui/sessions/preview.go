package sessions

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/render"
)

// The preview shows the selected session beside the list on wide screens
// (tab shows it instead of the list on narrow ones): its facts, its
// lineage as a tree, and a few messages — around the hit when searching,
// the latest otherwise. One message is the previewed one (shift+↑↓ moves
// it, reading further as it reaches the edge); forking copies the session
// up to it. It loads a moment after the selection settles, so holding a
// key down does not read every session passed.

const (
	previewWait   = 40 * time.Millisecond
	previewBefore = 4
	previewAfter  = 6
	previewLatest = 10
	maxTreeLines  = 8
)

type previewState struct {
	seq    int
	data   *previewData
	cursor int // the previewed message, an index in data.msgs
}

// previewKey is what the preview shows: a session, around a message (0:
// its end).
type previewKey struct {
	session string
	around  int64
}

type previewData struct {
	base    previewKey // the selection it was loaded for
	key     previewKey // the window it holds (moves with shift+↑↓)
	sess    store.Session
	first   string // the start of the first message, for an untitled session
	lineage []store.Session
	msgs    []store.Message
	older   bool // messages before msgs may exist
	newer   bool
	err     error
}

type previewDueMsg struct{ seq int }

type previewMsg struct {
	seq  int
	data *previewData
}

func (previewDueMsg) sessionsMsg() {}
func (previewMsg) sessionsMsg()    {}

// selection returns the selected session and the message it points at
// (the hit; 0 in the list).
func (p *Pane) selection() (*store.Session, int64, bool) {
	if p.searching() {
		h, s, ok := p.selectedHit()
		if !ok {
			return nil, 0, false
		}
		return s, h.MessageID, true
	}
	s, _, ok := p.list.at(p.list.sel)
	return s, 0, ok
}

func (p *Pane) previewVisible() bool { return p.wide() || p.narrowPv }

// previewSoon schedules loading the preview of the selection, unless it
// shows already or is not on screen.
func (p *Pane) previewSoon() tea.Cmd {
	s, around, ok := p.selection()
	if !ok || !p.previewVisible() {
		return nil
	}
	if d := p.pv.data; d != nil && d.base == (previewKey{s.ID, around}) && d.err == nil {
		return nil
	}
	p.pv.seq++
	seq := p.pv.seq
	return tea.Tick(previewWait, func(time.Time) tea.Msg { return previewDueMsg{seq: seq} })
}

// loadPreview reads the selection's preview now.
func (p *Pane) loadPreview() tea.Cmd {
	s, around, ok := p.selection()
	if !ok {
		return nil
	}
	base := previewKey{s.ID, around}
	return p.readPreview(*s, base, base)
}

func (p *Pane) readPreview(sess store.Session, base, key previewKey) tea.Cmd {
	ctx, st, seq := p.ctx, p.st, p.pv.seq
	return func() tea.Msg {
		d := &previewData{base: base, key: key, sess: sess}
		if sess.Title == "" {
			previews, err := st.Previews(ctx, []string{sess.ID}, previewRunes)
			if err != nil {
				d.err = err
				return previewMsg{seq: seq, data: d}
			}
			d.first = previews[sess.ID]
		}
		d.lineage, d.err = st.Lineage(ctx, sess.ID)
		if d.err != nil {
			return previewMsg{seq: seq, data: d}
		}
		var msgs []store.Message
		if key.around > 0 {
			msgs, d.err = st.MessagesAround(ctx, sess.ID, key.around, previewBefore, previewAfter)
			at := indexOf(msgs, key.around)
			d.older = at == previewBefore
			d.newer = len(msgs)-at-1 == previewAfter
		} else {
			msgs, d.err = st.MessagesPage(ctx, sess.ID, 0, previewLatest)
			d.older = len(msgs) == previewLatest
		}
		for _, m := range msgs {
			if m.Role != "system" {
				d.msgs = append(d.msgs, m)
			}
		}
		return previewMsg{seq: seq, data: d}
	}
}

func indexOf(msgs []store.Message, id int64) int {
	for i, m := range msgs {
		if m.ID == id {
			return i
		}
	}
	return -1
}

func (p *Pane) handlePreview(msg previewMsg) tea.Cmd {
	if msg.seq != p.pv.seq {
		return nil
	}
	d := msg.data
	p.pv.data = d
	p.pv.cursor = len(d.msgs) - 1
	if i := indexOf(d.msgs, d.key.around); i >= 0 {
		p.pv.cursor = i
	}
	if d.err != nil {
		return p.say(errText(d.err), true)
	}
	return nil
}

// movePreview moves the previewed message; at the edge of the window it
// reads the messages around the new one.
func (p *Pane) movePreview(d int) tea.Cmd {
	pv := &p.pv
	if pv.data == nil || len(pv.data.msgs) == 0 {
		return nil
	}
	data := pv.data
	pv.cursor = min(max(pv.cursor+d, 0), len(data.msgs)-1)
	atEdge := pv.cursor == 0 && data.older || pv.cursor == len(data.msgs)-1 && data.newer
	if !atEdge {
		return nil
	}
	pv.seq++
	key := previewKey{data.sess.ID, data.msgs[pv.cursor].ID}
	return p.readPreview(data.sess, data.base, key)
}

// previewed returns the previewed message of the selection, if the
// preview shows the selection.
func (p *Pane) previewed() (int64, bool) {
	s, around, ok := p.selection()
	d := p.pv.data
	if !ok || d == nil || d.base != (previewKey{s.ID, around}) || p.pv.cursor < 0 || p.pv.cursor >= len(d.msgs) {
		return 0, false
	}
	return d.msgs[p.pv.cursor].ID, true
}

// previewView draws the preview in width×rows.
func (p *Pane) previewView(width, rows int) []string {
	s, around, ok := p.selection()
	d := p.pv.data
	if !ok {
		return nil
	}
	if d == nil || d.base != (previewKey{s.ID, around}) {
		return []string{render.Paint(p.ink.hint, "loading…")}
	}
	var out []string
	add := func(ink, text string) { out = append(out, render.Paint(ink, render.Truncate(text, width, "…"))) }

	title, ink := d.sess.Title, p.ink.group
	if title == "" {
		title, ink = d.first, p.ink.untitled
	}
	if title == "" {
		title = "(untitled)"
	}
	add(ink, text.OneLine(title))
	add(p.ink.meta, d.sess.ID+" · "+d.sess.Source+" · "+orDash(d.sess.Model))
	loc := p.now().Location()
	facts := text.Plural(d.sess.MessageCount, "message") + " · started " + d.sess.StartedAt.In(loc).Format("Jan 2 15:04") +
		" · active " + ago(p.now(), d.sess.UpdatedAt) + " ago"
	add(p.ink.meta, facts)
	var extra []string
	if d.sess.Cwd != "" {
		extra = append(extra, d.sess.Cwd)
	}
	if u := d.sess.Usage; u.InputTokens+u.OutputTokens > 0 {
		extra = append(extra, "↑"+text.Compact(u.InputTokens)+" ↓"+text.Compact(u.OutputTokens)+" tokens")
	}
	if d.sess.Archived {
		extra = append(extra, "archived")
	}
	if len(extra) > 0 {
		add(p.ink.meta, strings.Join(extra, " · "))
	}
	if len(d.lineage) > 1 {
		out = append(out, "")
		add(p.ink.heading, "Lineage")
		out = append(out, p.treeLines(d, width)...)
	}
	out = append(out, "")
	heading := "Latest messages"
	if around > 0 {
		heading = "Around the hit"
	}
	add(p.ink.heading, heading+" · shift+↑↓ · ctrl+f forks here")
	room := rows - len(out)
	if room > 0 {
		out = append(out, p.messageLines(d, width, room)...)
	}
	if len(out) > rows {
		out = out[:rows]
	}
	return out
}

// treeLines draws the lineage: forks and continuations under their
// parents, the previewed session marked.
func (p *Pane) treeLines(d *previewData, width int) []string {
	var out []string
	byID := make(map[string]*store.Session, len(d.lineage))
	for i := range d.lineage {
		byID[d.lineage[i].ID] = &d.lineage[i]
	}
	var walk func(nodes []*store.LineageNode, indent string)
	walk = func(nodes []*store.LineageNode, indent string) {
		for i, n := range nodes {
			branch, next := "├─ ", "│  "
			if i == len(nodes)-1 {
				branch, next = "└─ ", "   "
			}
			if indent == "" && len(nodes) == 1 {
				branch, next = "", ""
			}
			s := n.Session
			title := s.Title
			if title == "" {
				title = "(untitled)"
			}
			var tags []string
			if parent := byID[s.ParentID]; parent != nil {
				if parent.EndReason == store.EndCompression {
					tags = append(tags, "continued after compression")
				} else {
					tags = append(tags, "fork")
				}
			}
			if s.EndReason == store.EndCompression {
				tags = append(tags, "compressed")
			}
			tag := ""
			if len(tags) > 0 {
				tag = " · " + strings.Join(tags, " · ")
			}
			ink, mark := p.ink.meta, "  "
			if s.ID == d.sess.ID {
				ink, mark = p.ink.title, "▸ "
			}
			if s.ID == p.current {
				mark = "● "
			}
			line := render.Paint(p.ink.tree, indent+branch) + render.Paint(p.ink.mark, mark) + render.Paint(ink, text.OneLine(title)) + render.Paint(p.ink.hint, tag)
			out = append(out, render.Truncate(line, width, "…"))
			walk(n.Children, indent+next)
		}
	}
	walk(store.LineageTree(d.lineage), "")
	if len(out) > maxTreeLines {
		more := len(out) - maxTreeLines + 1
		out = append(out[:maxTreeLines-1], render.Paint(p.ink.hint, "… "+text.Plural(more, "more session")))
	}
	return out
}

// messageLines draws the window of messages, the previewed one taller
// and marked, scrolled so it is in view.
func (p *Pane) messageLines(d *previewData, width, rows int) []string {
	if len(d.msgs) == 0 {
		return []string{render.Paint(p.ink.hint, "no messages")}
	}
	blocks := make([][]string, len(d.msgs))
	for i := range d.msgs {
		blocks[i] = p.messageBlock(&d.msgs[i], width, i == p.pv.cursor)
	}
	// Start a few blocks before the cursor, then fill forward.
	start := p.pv.cursor
	used := len(blocks[start])
	for start > 0 && used+len(blocks[start-1]) <= rows/3+len(blocks[p.pv.cursor]) {
		start--
		used += len(blocks[start])
	}
	var out []string
	if start > 0 || d.older {
		out = append(out, render.Paint(p.ink.hint, "  ⋮"))
	}
	for i := start; i < len(blocks) && len(out) < rows; i++ {
		out = append(out, blocks[i]...)
	}
	if len(out) > rows {
		out = out[:rows]
	}
	return out
}

// messageBlock is one message: who and when, then its first lines (more
// for the previewed one).
func (p *Pane) messageBlock(m *store.Message, width int, cursor bool) []string {
	mark, lines := "  ", 2
	if cursor {
		mark, lines = "▶ ", 6
	}
	label := roleName(m.Role) + " · " + m.CreatedAt.In(p.now().Location()).Format("Jan 2 15:04")
	if m.Role == "tool" && m.ToolName != "" {
		label = "tool " + m.ToolName + " · " + m.CreatedAt.In(p.now().Location()).Format("Jan 2 15:04")
	}
	ink := p.ink.label
	if cursor {
		ink = p.ink.match
	}
	out := []string{render.Paint(p.ink.mark, mark) + render.Paint(ink, render.Truncate(label, width-2, "…"))}
	content := m.Content
	for _, c := range m.ToolCalls {
		content += "\n→ " + c.Name + " " + c.Arguments
	}
	wrapped := render.Wrap(text.OneLine(content), p.ink.snippet, max(width-4, 8))
	if len(wrapped) > lines {
		wrapped = wrapped[:lines]
		wrapped[lines-1] = render.Truncate(wrapped[lines-1], width-5, "") + render.Paint(p.ink.hint, "…")
	}
	for _, l := range wrapped {
		out = append(out, "    "+l)
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
