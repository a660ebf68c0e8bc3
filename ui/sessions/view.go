package sessions

import (
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// View draws the pane: the search line (or a question), a rule, the list
// or the results with the preview beside them on wide screens, and a line
// of keys (or what the last action did).
func (p *Pane) View() string {
	rows := p.rows()
	lines := make([]string, 0, p.height)
	lines = append(lines, p.topLine())
	lines = append(lines, render.Paint(p.ink.rule, strings.Repeat("─", p.width)))

	var body []string
	switch {
	case p.narrowPv && !p.wide():
		body = p.previewView(p.width, rows)
	case p.searching():
		body = p.resultsView(p.listWidth(), rows)
	default:
		body = p.listView(p.listWidth(), rows)
	}
	var side []string
	if p.wide() {
		side = p.previewView(p.previewWidth(), rows)
	}
	lw := p.listWidth()
	for i := range rows {
		l := ""
		if i < len(body) {
			l = body[i]
		}
		if p.wide() {
			l += spaces(lw - render.Width(l))
			l += render.Paint(p.ink.rule, " │ ")
			if i < len(side) {
				l += side[i]
			}
		}
		lines = append(lines, l)
	}
	lines = append(lines, p.footer())
	if len(lines) > p.height { // a tiny window: the search line first
		lines = lines[:p.height]
	}
	for i, l := range lines {
		lines[i] = render.Truncate(l, p.width, "")
	}
	return strings.Join(lines, "\n")
}

func (p *Pane) previewWidth() int { return max(p.width*2/5, 48) }

// listWidth is the width of the list or results column.
func (p *Pane) listWidth() int {
	if !p.wide() {
		return p.width
	}
	return p.width - p.previewWidth() - 3
}

// topLine is the search field with what it found, or the open question.
func (p *Pane) topLine() string {
	ink := p.ink
	caret := render.Paint(ink.caret, "▏")
	if q := p.ask; q != nil {
		var left, right string
		switch q.kind {
		case askRename:
			left = render.Paint(ink.prompt, "Rename ❯ ") + q.text + caret
			right = "enter save · esc cancel"
		case askDelete:
			left = render.Paint(ink.err, "Delete “"+text.OneLine(titleOf(&q.sess))+"” and its "+text.Plural(q.sess.MessageCount, "message")+"? It cannot be undone.")
			right = p.yes.Yes.Help().Key + " delete · " + p.yes.No.Help().Key + " keep"
		case askExport:
			left = render.Paint(ink.prompt, "Export “"+text.OneLine(titleOf(&q.sess))+"” to "+p.home+"/exports as")
			right = "m Markdown · j JSONL · esc cancel"
		}
		right = render.Paint(ink.hint, right)
		if render.Width(left)+render.Width(right)+2 > p.width {
			return render.Truncate(left, p.width, "…") // the question matters more than its keys
		}
		return spread(left, right, p.width)
	}
	field := render.Paint(ink.prompt, "❯ ") + p.query + caret
	if p.query == "" {
		field = render.Paint(ink.prompt, "❯ ") + caret + render.Paint(ink.placeholder, "search every message: words, \"phrases\", prefix*, -not, source:cli…")
	}
	return spread(field, render.Paint(ink.hint, p.status()), p.width)
}

// status says what the pane shows: how many sessions, or what the search
// found and how long it took.
func (p *Pane) status() string {
	if p.searching() {
		s := &p.search
		switch {
		case s.loading && len(s.groups) == 0:
			return "searching…"
		case s.err != "":
			return ""
		}
		n := text.Plural(len(s.groups), "conversation")
		if s.more {
			n += "+"
		}
		return n + " · " + strconv.FormatInt(s.took.Milliseconds(), 10) + " ms"
	}
	if p.list.total < 0 {
		return "loading…"
	}
	out := thousands(p.list.total) + " sessions"
	if p.list.total == 1 {
		out = "1 session"
	}
	if p.archived {
		out += " · archived shown"
	}
	return out
}

// footer is the last action's outcome, or the keys.
func (p *Pane) footer() string {
	if p.notice != "" {
		ink := p.ink.hint
		if p.noticeErr {
			ink = p.ink.err
		}
		return render.Paint(ink, render.Truncate(p.notice, p.width, "…"))
	}
	k := p.keys
	type hint struct {
		b    key.Binding
		what string
	}
	hints := []hint{{k.Open, "open"}, {k.Resume, "resume"}, {k.Fork, "fork"}, {k.Rename, "rename"}, {k.Archive, "archive"},
		{k.Delete, "delete"}, {k.Export, "export"}, {k.Archived, "archived"}}
	if !p.wide() {
		hints = append(hints, hint{k.Preview, "preview"})
	}
	hints = append(hints, hint{k.Back, "close"})
	var parts []string
	for _, h := range hints {
		parts = append(parts, render.Paint(p.ink.key, h.b.Help().Key)+" "+render.Paint(p.ink.hint, h.what))
	}
	line := strings.Join(parts, render.Paint(p.ink.hint, " · "))
	return render.Truncate(line, p.width, "…")
}

// spread puts left at the start and right at the end of a line of width
// cells; left is cut to make room, and right is dropped when that would
// leave left too little.
func spread(left, right string, width int) string {
	lw, rw := render.Width(left), render.Width(right)
	if lw+rw+2 > width {
		if width-rw-2 < 24 {
			return render.Truncate(left, width, "…")
		}
		left = render.Truncate(left, width-rw-2, "…")
		lw = render.Width(left)
	}
	return left + spaces(width-lw-rw) + right
}

func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat(" ", n)
}

// ago writes how long ago t was, briefly: now, 5m, 3h, 2d, 3w, 4mo, 2y.
func ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m"
	case d < 24*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h"
	case d < 14*24*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	case d < 60*24*time.Hour:
		return strconv.Itoa(int(d/(7*24*time.Hour))) + "w"
	case d < 365*24*time.Hour:
		return strconv.Itoa(int(d/(30*24*time.Hour))) + "mo"
	}
	return strconv.Itoa(int(d/(365*24*time.Hour))) + "y"
}

// thousands writes n with thousands separators: 100,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// inks are the open sequences of the theme styles the pane draws with.
type inks struct {
	prompt, caret, placeholder, rule, hint, key, err string
	title, untitled, group, meta, mark, selected     string
	label, snippet, match, heading, tree             string
}

func newInks(th *themes.Theme) inks {
	if th == nil {
		return inks{}
	}
	o, c := render.Open, th.Chrome
	return inks{
		prompt: o(c.Prompt), caret: o(c.Hint), placeholder: o(c.Placeholder), rule: o(c.Separator),
		hint: o(c.Hint), key: o(c.Key), err: o(th.Chat.Error),
		title: o(c.MenuItem), untitled: o(th.Chat.Muted), group: o(c.KeyGroup), meta: o(c.MenuDesc),
		mark: o(c.MenuMatch), selected: o(c.MenuSelected),
		label: o(c.KeyDesc), snippet: o(th.Chat.Muted), match: o(c.MenuMatch), heading: o(c.DialogTitle), tree: o(c.Separator),
	}
}
