package skills

import (
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/herm-dev/herm/ui/render"
)

// View draws the pane at its size: a heading, the body of the current
// mode, a question or note, and the keys of the mode.
func (p *Pane) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	h := p.bodyHeight()
	var body []string
	switch p.mode {
	case modeList:
		body = p.listView()
	case modeView:
		body = p.docLines(p.view, h)
		if p.view.width != p.width && p.view.lines != nil {
			body = truncateAll(body, p.width)
		}
	case modeFiles:
		body = p.filesView(h)
	case modeFile:
		body = p.docLines(p.file, h)
	case modeEdit:
		body = p.editView(h)
	case modeName:
		body = p.nameView()
	}
	if len(body) > h {
		body = body[:h]
	}
	lines := make([]string, 0, p.height)
	lines = append(lines, p.heading(), "")
	lines = append(lines, body...)
	for len(lines) < p.height-2-len(p.noteLines()) {
		lines = append(lines, "")
	}
	lines = append(lines, render.Paint(render.Open(p.th.Chrome.Separator), strings.Repeat("─", p.width)))
	lines = append(lines, p.noteLines()...)
	lines = append(lines, p.footer())
	for i, l := range lines {
		lines[i] = render.Truncate(l, p.width, "…")
	}
	return strings.Join(lines[:min(len(lines), p.height)], "\n")
}

func truncateAll(lines []string, w int) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = render.Truncate(l, w, "…")
	}
	return out
}

func (p *Pane) heading() string {
	c, ch := p.th.Chrome, p.th.Chat
	title := render.Paint(render.Open(c.DialogTitle), "Skills")
	crumb := func(parts ...string) string {
		return title + render.Paint(render.Open(ch.Muted), " › "+strings.Join(parts, " › "))
	}
	switch p.mode {
	case modeView:
		return crumb(p.view.title)
	case modeFiles:
		return crumb(p.files.name, "files")
	case modeFile:
		return crumb(p.file.title)
	case modeName:
		return crumb("new skill")
	case modeEdit:
		e := p.edit
		s := crumb(e.name, "SKILL.md")
		if e.creating {
			s += render.Paint(render.Open(c.StatusWarn), "  new — not saved yet")
		} else if e.modified() {
			s += render.Paint(render.Open(c.StatusWarn), "  ● modified")
		}
		return s + render.Paint(render.Open(ch.Muted), "  "+displayPath(e.it.path, p.list.root))
	}
	if !p.list.loaded {
		return title
	}
	return title + render.Paint(render.Open(ch.Muted), " — "+p.list.counts())
}

// maxNoteLines is how many lines a note or question may take.
const maxNoteLines = 3

// noteLines is the question waiting for an answer, or the last note,
// wrapped (one line at least, so the layout does not jump).
func (p *Pane) noteLines() []string {
	th := p.th
	var out []string
	switch {
	case p.ask != nil:
		out = render.Wrap(p.ask.text, render.Open(th.Chrome.StatusWarn), p.width)
	case p.mode == modeEdit && p.edit.saving:
		out = []string{render.Paint(render.Open(th.Chat.Muted), "checking and saving…")}
	case p.note == "":
		out = []string{""}
	case p.noteErr:
		out = render.Wrap("✗ "+p.note, render.Open(th.Chat.Error), p.width)
	default:
		out = render.Wrap(p.note, render.Open(th.Chat.Muted), p.width)
	}
	if len(out) > maxNoteLines {
		out = out[:maxNoteLines]
	}
	return out
}

type hint struct {
	b    key.Binding
	what string
}

// footer lists the mode's keys (from the key map), as many as fit.
func (p *Pane) footer() string {
	k := p.keys.SkillPane
	var items []hint
	switch {
	case p.ask != nil:
		return p.fit([]hint{{p.keys.Confirm.Yes, "yes"}, {p.keys.Confirm.No, "no"}})
	case p.mode == modeList && p.list.searching:
		items = []hint{{k.Open, "done"}, {k.Back, "clear"}}
	case p.mode == modeList:
		items = []hint{{k.Prev, "select"}, {k.Open, "view"}, {k.Search, "search"}, {k.Edit, "edit"}, {k.New, "new"},
			{k.Delete, "delete"}, {k.Files, "files"}, {k.Reload, "reload"}, {k.Back, "close"}}
	case p.mode == modeView:
		items = []hint{{k.Prev, "scroll"}, {k.Edit, "edit"}, {k.Files, "files"}, {k.Delete, "delete"}, {k.Back, "back"}}
	case p.mode == modeFiles:
		items = []hint{{k.Prev, "select"}, {k.Open, "open"}, {k.Edit, "edit SKILL.md"}, {k.Back, "back"}}
	case p.mode == modeFile:
		items = []hint{{k.Prev, "scroll"}, {k.Back, "back"}}
	case p.mode == modeEdit:
		items = []hint{{k.Save, "save"}, {k.Back, "back"}}
	case p.mode == modeName:
		items = []hint{{k.Open, "create"}, {k.Back, "cancel"}}
	}
	return p.fit(items)
}

// fit joins "key what" hints with " · ", as many as fit in the width; the
// last hint (how to leave) is always kept.
func (p *Pane) fit(items []hint) string {
	c := p.th.Chrome
	keyInk, descInk := render.Open(c.Key), render.Open(c.KeyDesc)
	text := func(it hint) (string, int) {
		hk := helpKey(it.b)
		if it.b.Help().Key == p.keys.SkillPane.Prev.Help().Key {
			hk = "↑↓"
		}
		return render.Paint(keyInk, hk) + " " + render.Paint(descInk, it.what), render.Width(hk) + 1 + render.Width(it.what)
	}
	if len(items) == 0 {
		return ""
	}
	last, used := text(items[len(items)-1])
	var parts []string
	for _, it := range items[:len(items)-1] {
		s, w := text(it)
		if used+w+3 > p.width {
			break
		}
		parts = append(parts, s)
		used += w + 3
	}
	return strings.Join(append(parts, last), render.Paint(descInk, " · "))
}
