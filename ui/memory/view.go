package memory

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	mem "github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// gutterWidth is the selection bar and the mark before each entry.
const gutterWidth = 4

// labelMinWidth is the width from which marks are also spelled out.
const labelMinWidth = 100

// maxTextWidth caps the width entries wrap at, for reading.
const maxTextWidth = 100

// renderCache keeps each entry's wrapped lines for one width and theme.
type renderCache struct {
	width int
	lines map[string][]string
}

func (c *renderCache) get(text, open string, width int) []string {
	if c.width != width || c.lines == nil {
		*c = renderCache{width: width, lines: map[string][]string{}}
	}
	k := open + "\x00" + text
	if l, ok := c.lines[k]; ok {
		return l
	}
	l := render.Wrap(text, open, width)
	c.lines[k] = l
	return l
}

// View draws the viewer at its size: a heading, both files (scrolled to
// keep the selection in sight), and a footer of keys.
func (p *Pane) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	w := p.width
	c := p.th.Chrome
	head := []string{p.title(), p.legend(), ""}
	foot := []string{render.Paint(render.Open(c.Separator), strings.Repeat("─", w)), p.noteLine(), p.footer()}
	bodyH := max(p.height-len(head)-len(foot), 1)
	body, selFrom, selTo := p.body()
	// Keep the selection (or the editor) in sight.
	if selTo > selFrom {
		if selTo-p.scroll > bodyH {
			p.scroll = selTo - bodyH
		}
		if selFrom < p.scroll {
			p.scroll = selFrom
		}
	}
	p.scroll = max(min(p.scroll, len(body)-bodyH), 0)
	shown := body[p.scroll:min(len(body), p.scroll+bodyH)]
	lines := make([]string, 0, p.height)
	lines = append(lines, head...)
	lines = append(lines, shown...)
	for len(lines) < p.height-len(foot) {
		lines = append(lines, "")
	}
	lines = append(lines, foot...)
	for i, l := range lines {
		lines[i] = render.Truncate(l, w, "…")
	}
	return strings.Join(lines[:p.height], "\n")
}

func (p *Pane) title() string {
	c := p.th.Chrome
	t := render.Paint(render.Open(c.DialogTitle), "Memory")
	if p.width >= 60 {
		t += render.Paint(render.Open(c.Hint), " — what the agent remembers across sessions")
	}
	return t
}

func (p *Pane) legend() string {
	ch := p.th.Chat
	if !p.session {
		return render.Paint(render.Open(ch.Muted), "No session yet: the next session's prompt will hold the entries below.")
	}
	return render.Paint(render.Open(p.th.Tool.OK), "●") + render.Paint(render.Open(ch.Muted), " in this session's prompt  ") +
		render.Paint(render.Open(p.th.Diff.Add), "+") + render.Paint(render.Open(ch.Muted), " added since  ") +
		render.Paint(render.Open(p.th.Diff.Del), "−") + render.Paint(render.Open(ch.Muted), " removed since")
}

// body lays out both files and returns the lines with the range the
// selection (or the editor) covers.
func (p *Pane) body() (lines []string, selFrom, selTo int) {
	ch := p.th.Chat
	muted, errInk := render.Open(ch.Muted), render.Open(ch.Error)
	if !p.loaded {
		return []string{render.Paint(muted, "reading the memory files…")}, 0, 0
	}
	textW := p.width - gutterWidth
	labelled := p.width >= labelMinWidth
	if labelled {
		// Keep the spelled-out marks near the text on wide screens.
		textW = min(textW-16, maxTextWidth)
	}
	textW = max(textW, 8)
	for fi := range p.files {
		f := &p.files[fi]
		if fi > 0 {
			lines = append(lines, "")
		}
		lines = append(lines, p.fileHeader(f.file))
		if fi == p.cur && p.sel < 0 && p.edit == nil {
			selFrom, selTo = len(lines)-1, len(lines)
		}
		if f.err != nil {
			for _, l := range render.Wrap(f.err.Error(), errInk, p.width-2) {
				lines = append(lines, "  "+l)
			}
		}
		if len(f.file.Entries) == 0 && f.err == nil && !(p.edit != nil && p.edit.file == fi) {
			hint := "  (no entries"
			if fi == p.cur {
				hint += " — " + helpKey(p.keys.MemoryPane.Add) + " adds one"
			}
			lines = append(lines, render.Paint(muted, hint+")"))
		}
		for i, e := range f.file.Entries {
			if p.edit != nil && p.edit.file == fi && p.edit.index == i {
				selFrom = len(lines)
				lines = append(lines, p.editorLines()...)
				selTo = len(lines)
				continue
			}
			selected := fi == p.cur && i == p.sel && p.edit == nil
			m := markNone
			if i < len(f.marks) {
				m = f.marks[i]
			}
			if selected {
				selFrom = len(lines)
			}
			lines = append(lines, p.entryLines(e, m, selected, textW, labelled)...)
			if selected {
				selTo = len(lines)
			}
		}
		if p.edit != nil && p.edit.file == fi && p.edit.index < 0 {
			selFrom = len(lines)
			lines = append(lines, p.editorLines()...)
			selTo = len(lines)
		}
		for _, r := range f.removed {
			lines = append(lines, p.entryLines(r, markRemoved, false, textW, labelled)...)
		}
	}
	return lines, selFrom, selTo
}

// fileHeader is "MEMORY.md · agent notes  ████░░░░  1,234/2,200 chars · 56%".
func (p *Pane) fileHeader(f mem.File) string {
	c, ch := p.th.Chrome, p.th.Chat
	name := render.Paint(render.Open(c.KeyGroup), f.Target.FileName())
	if p.width >= 80 {
		sub := " · agent notes"
		if f.Target == mem.User {
			sub = " · user profile"
		}
		name += render.Paint(render.Open(ch.Muted), sub)
	}
	barW := 20
	if p.width < 80 {
		barW = 12
	}
	pad := max(28-render.Width(name), 1)
	if p.width < 80 {
		pad = max(11-render.Width(name), 1)
	}
	usage := fmt.Sprintf("%s · %d%%", f.Usage(), f.Percent())
	return name + strings.Repeat(" ", pad) + p.bar(f, barW) + "  " + render.Paint(p.usageInk(f), usage)
}

func (p *Pane) usageInk(f mem.File) string {
	switch pct := f.Percent(); {
	case f.Chars() > f.Limit:
		return render.Open(p.th.Chat.Error)
	case pct >= 80:
		return render.Open(p.th.Chrome.StatusWarn)
	}
	return render.Open(p.th.Chat.Muted)
}

// bar is the usage bar, w cells.
func (p *Pane) bar(f mem.File, w int) string {
	filled := 0
	if f.Limit > 0 {
		filled = min(f.Chars()*w/f.Limit, w)
		if f.Chars() > 0 && filled == 0 {
			filled = 1
		}
	}
	ink := render.Open(p.th.Tool.OK)
	if f.Percent() >= 80 {
		ink = p.usageInk(f)
	}
	return render.Paint(ink, strings.Repeat("█", filled)) + render.Paint(render.Open(p.th.Chat.Muted), strings.Repeat("░", w-filled))
}

// entryLines draws one entry: the selection bar, its mark, its text
// wrapped, and (on wide screens) the mark spelled out.
func (p *Pane) entryLines(text string, m mark, selected bool, textW int, labelled bool) []string {
	th := p.th
	open := render.Open(th.Chat.Text)
	glyph, label := "  ", ""
	switch m {
	case markPrompt:
		glyph = render.Paint(render.Open(th.Tool.OK), "●") + " "
	case markAdded:
		glyph, label = render.Paint(render.Open(th.Diff.Add), "+")+" ", "added since"
	case markRemoved:
		glyph, label = render.Paint(render.Open(th.Diff.Del), "−")+" ", "removed since"
		open = render.Open(th.Markdown.Strike)
	}
	bar := "  "
	if selected {
		bar = render.Paint(render.Open(th.Chat.Selected), "▌") + " "
		if m != markRemoved {
			open = render.Open(th.Chrome.MenuItem)
		}
	}
	wrapped := p.cache.get(text, open, textW)
	out := make([]string, len(wrapped))
	for i, l := range wrapped {
		lead := bar + "  "
		if i == 0 {
			lead = bar + glyph
		}
		line := lead + l
		if i == 0 && labelled && label != "" {
			line += strings.Repeat(" ", max(textW-render.Width(l), 0)+2) + render.Paint(render.Open(th.Chat.Muted), label)
		}
		out[i] = line
	}
	return out
}

// editorLines draws the entry being written, its keys and its refusal.
func (p *Pane) editorLines() []string {
	e := p.edit
	th := p.th
	bar := render.Paint(render.Open(th.Chat.Selected), "▌") + " "
	var out []string
	for _, l := range strings.Split(e.ta.View(), "\n") {
		out = append(out, bar+l)
	}
	// The keys are in the footer.
	hint := ""
	switch {
	case e.saving:
		hint = "saving…"
	case e.index < 0:
		hint = "new entry in " + targets[e.file].FileName()
	}
	if hint != "" {
		out = append(out, bar+render.Paint(render.Open(th.Chrome.Hint), hint))
	}
	if e.err != "" {
		for i, l := range render.Wrap(e.err, render.Open(th.Chat.Error), max(p.width-gutterWidth, 8)) {
			lead := "  "
			if i == 0 {
				lead = render.Paint(render.Open(th.Chat.Error), "✗") + " "
			}
			out = append(out, bar+lead+l)
		}
	}
	return out
}

func (p *Pane) noteLine() string {
	ch := p.th.Chat
	switch {
	case p.deleting:
		e := p.files[p.cur].file.Entries[p.sel]
		q := fmt.Sprintf("Delete this entry from %s? ", targets[p.cur].FileName())
		return render.Paint(render.Open(p.th.Chrome.StatusWarn), q) + render.Paint(render.Open(ch.Muted), text.Clip(text.OneLine(e), 60))
	case p.busy:
		return render.Paint(render.Open(ch.Muted), "saving…")
	case p.note == "":
		return ""
	case p.noteErr:
		return render.Paint(render.Open(ch.Error), "✗ "+p.note)
	}
	return render.Paint(render.Open(ch.Muted), p.note)
}

// item is a key and what it does, for the footer.
type item struct {
	b    key.Binding
	what string
}

// footer lists the viewer's keys, from the key map.
func (p *Pane) footer() string {
	k := p.keys.MemoryPane
	items := []item{{k.Prev, "select"}, {k.Add, "add"}, {k.Edit, "edit"}, {k.Delete, "delete"}, {k.Switch, "file"}, {k.Reload, "reload"}, {k.Back, "close"}}
	switch {
	case p.edit != nil:
		items = []item{{k.Save, "save"}, {p.keys.Newline, "new line"}, {k.Back, "cancel"}}
	case p.deleting:
		items = []item{{p.keys.Confirm.Yes, "delete"}, {p.keys.Confirm.No, "keep it"}}
	}
	return fit(p.th, items, p.width, k.Prev)
}

// fit joins "key what" hints with " · ", as many as fit in width; the last
// hint (how to leave) is always kept. The updown binding is shown as ↑↓.
func fit(th *themes.Theme, items []item, width int, updown key.Binding) string {
	c := th.Chrome
	keyInk, descInk := render.Open(c.Key), render.Open(c.KeyDesc)
	text := func(it item) (string, int) {
		hk := helpKey(it.b)
		if it.b.Help().Key == updown.Help().Key {
			hk = "↑↓"
		}
		return render.Paint(keyInk, hk) + " " + render.Paint(descInk, it.what), render.Width(hk) + 1 + render.Width(it.what)
	}
	last, lastW := text(items[len(items)-1])
	var parts []string
	used := lastW
	for _, it := range items[:len(items)-1] {
		s, w := text(it)
		if used+w+3 > width {
			break
		}
		parts = append(parts, s)
		used += w + 3
	}
	return strings.Join(append(parts, last), render.Paint(descInk, " · "))
}

// helpKey is the first key a binding's help names ("e enter" → "e").
func helpKey(b key.Binding) string {
	h := b.Help().Key
	if h == "shift/alt+enter" {
		return h
	}
	first, _, _ := strings.Cut(h, " ")
	return first
}
