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
	for len(lines) < p.height-3 {
		lines = append(lines, "")
	}
	lines = append(lines, render.Paint(render.Open(p.th.Chrome.Separator), strings.Repeat("─", p.width)), p.noteLine(), p.footer())
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
		return s + render.Paint(render.Open(ch.Muted), "  "+shortPath(e.it.path))
	}
	if !p.list.loaded {
		return title
	}
	return title + render.Paint(render.Open(ch.Muted), " — "+p.list.counts())
}

func (p *Pane) noteLine() string {
	th := p.th
	switch {
	case p.ask != nil:
		k := p.keys.Confirm
		return render.Paint(render.Open(th.Chrome.StatusWarn), p.ask.text+" ") +
			render.Paint(render.Open(th.Chrome.Key), helpKey(k.Yes)+" yes · "+helpKey(k.No)+" no")
	case p.mode == modeEdit && p.edit.saving:
		return render.Paint(render.Open(th.Chat.Muted), "checking and saving…")
	case p.note == "":
		return ""
	case p.noteErr:
		return render.Paint(render.Open(th.Chat.Error), "✗ "+p.note)
	}
	return render.Paint(render.Open(th.Chat.Muted), p.note)
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
		return ""
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
	c := p.th.Chrome
	keyInk, descInk := render.Open(c.Key), render.Open(c.KeyDesc)
	sep := render.Paint(descInk, " · ")
	out, w := "", 0
	for _, it := range items {
		hk := helpKey(it.b)
		if it.b.Help().Key == k.Prev.Help().Key {
			hk = "↑↓"
		}
		part := render.Paint(keyInk, hk) + " " + render.Paint(descInk, it.what)
		pw := render.Width(hk) + 1 + render.Width(it.what)
		if out != "" {
			pw += 3
		}
		if w+pw > p.width {
			break
		}
		if out != "" {
			out += sep
		}
		out += part
		w += pw
	}
	return out
}
