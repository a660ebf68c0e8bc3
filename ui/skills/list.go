package skills

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/text"
	sk "github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/ui/render"
)

// item is one row of the list: a usable skill, or a SKILL.md that does
// not parse (known by its folder's name).
type item struct {
	name     string
	desc     string // the description, or the error of a broken skill
	skill    *sk.Skill
	problem  *sk.Problem
	readOnly bool
	warn     bool // a usable skill with warnings
	path     string
	dir      string
	search   string // lower-case text the search matches
}

func (it item) broken() bool { return it.problem != nil }

type catalogMsg struct {
	items      []item
	root       string
	selectName string // select this skill once listed
}

// loadCatalog lists the skills (a directory scan, cached by the library).
func (p *Pane) loadCatalog(selectName string) tea.Cmd {
	lib := p.lib
	return func() tea.Msg {
		c := lib.Catalog()
		items := make([]item, 0, len(c.Skills)+len(c.Problems))
		for _, s := range c.Skills {
			items = append(items, item{name: s.Name, desc: text.OneLine(s.Description), skill: s, readOnly: s.ReadOnly,
				warn: len(s.Warnings) > 0, path: s.Path, dir: s.Dir})
		}
		for i := range c.Problems {
			pr := &c.Problems[i]
			dir := filepath.Dir(pr.Path)
			items = append(items, item{name: filepath.Base(dir), desc: text.OneLine(relError(pr.Err, lib.Root())), problem: pr,
				readOnly: pr.ReadOnly, path: pr.Path, dir: dir})
		}
		sort.SliceStable(items, func(i, j int) bool { return items[i].name < items[j].name })
		for i := range items {
			items[i].search = strings.ToLower(items[i].name + " " + items[i].desc)
		}
		return Msg{catalogMsg{items: items, root: lib.Root(), selectName: selectName}}
	}
}

// relError shortens the paths in a skill's error to the part under the
// skills folder.
func relError(err error, root string) string {
	s := err.Error()
	return strings.ReplaceAll(s, root+string(filepath.Separator), "")
}

// listState is the list, its search and its selection.
type listState struct {
	items    []item
	shown    []int // indexes into items matching the query
	loaded   bool
	root     string
	query    string
	sel, top int

	searching bool // the search field has the keys
}

func (l *listState) set(items []item, root string) {
	name := ""
	if it, ok := l.selected(); ok {
		name = it.name
	}
	l.items, l.root, l.loaded = items, root, true
	l.refilter()
	if name != "" {
		l.selectName(name)
	}
}

func (l *listState) refilter() {
	q := strings.ToLower(strings.TrimSpace(l.query))
	l.shown = l.shown[:0]
	for i, it := range l.items {
		if q == "" || strings.Contains(it.search, q) {
			l.shown = append(l.shown, i)
		}
	}
	l.sel = min(l.sel, max(len(l.shown)-1, 0))
}

func (l *listState) selected() (item, bool) {
	if l.sel < 0 || l.sel >= len(l.shown) {
		return item{}, false
	}
	return l.items[l.shown[l.sel]], true
}

func (l *listState) selectName(name string) {
	for i, idx := range l.shown {
		if l.items[idx].name == name {
			l.sel = i
			return
		}
	}
}

func (l *listState) move(d int) {
	l.sel = max(min(l.sel+d, len(l.shown)-1), 0)
}

func (p *Pane) listKey(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys.SkillPane
	l := &p.list
	if l.searching {
		switch {
		case msg.Code == tea.KeyEnter:
			l.searching = false
		case msg.Code == tea.KeyUp || msg.Code == tea.KeyDown:
			l.searching = false
			if msg.Code == tea.KeyUp {
				l.move(-1)
			} else {
				l.move(1)
			}
		case key.Matches(msg, k.Back):
			l.searching, l.query = false, ""
			l.refilter()
		case msg.Code == tea.KeyBackspace:
			if r := []rune(l.query); len(r) > 0 {
				l.query = string(r[:len(r)-1])
				l.refilter()
			}
		case msg.Text != "":
			l.query += msg.Text
			l.refilter()
		}
		return nil
	}
	it, ok := l.selected()
	switch {
	case key.Matches(msg, k.Back):
		if l.query != "" {
			l.query = ""
			l.refilter()
			return nil
		}
		p.closed = true
	case key.Matches(msg, k.Prev):
		l.move(-1)
	case key.Matches(msg, k.Next):
		l.move(1)
	case key.Matches(msg, p.keys.ScrollUp):
		l.move(-p.bodyHeight())
	case key.Matches(msg, p.keys.ScrollDn):
		l.move(p.bodyHeight())
	case key.Matches(msg, k.Search):
		l.searching = true
		p.note = ""
	case key.Matches(msg, k.Reload):
		p.setNote("reloaded", false)
		return p.loadCatalog("")
	case key.Matches(msg, k.New):
		p.startName()
	case !ok:
		return nil
	case key.Matches(msg, k.Open):
		return p.open(it)
	case key.Matches(msg, k.Edit):
		return p.startEdit(it)
	case key.Matches(msg, k.Files):
		return p.openFiles(it)
	case key.Matches(msg, k.Delete):
		p.askDelete(it)
	}
	return nil
}

// askDelete asks before deleting a skill's folder.
func (p *Pane) askDelete(it item) {
	if it.readOnly {
		p.setNote(p.readOnlyText(it), true)
		return
	}
	lib, name := p.lib, it.name
	p.ask = &question{
		text: fmt.Sprintf("Delete the skill %s and its folder %s?", name, it.dir),
		yes: func() tea.Cmd {
			p.setNote("deleting "+name+"…", false)
			if p.mode != modeList {
				p.mode, p.view, p.files, p.file = modeList, nil, nil, nil
			}
			return func() tea.Msg { return Msg{deletedMsg{name: name, err: lib.Delete(name)}} }
		},
	}
}

func (p *Pane) readOnlyText(it item) string {
	return (&sk.ReadOnlyError{Name: it.name, Dir: it.dir, Root: p.list.root}).Error()
}

// listView draws the list: a summary, the search field, then the rows
// that fit.
func (p *Pane) listView() []string {
	th := p.th
	ch, c := th.Chat, th.Chrome
	l := &p.list
	w := p.width
	var out []string
	if !l.loaded {
		return []string{render.Paint(render.Open(ch.Muted), "reading the skills…")}
	}
	if l.searching || l.query != "" {
		field := render.Paint(render.Open(c.Prompt), "/ ") + l.query
		if l.searching {
			field += render.Paint(render.Open(c.Hint), "▏")
		}
		field += render.Paint(render.Open(ch.Muted), fmt.Sprintf("   %d of %d", len(l.shown), len(l.items)))
		out = append(out, field)
	}
	if len(l.shown) == 0 {
		msg := "No skills yet — " + helpKey(p.keys.SkillPane.New) + " creates one from the template."
		if l.query != "" {
			msg = "No skill matches “" + l.query + "”."
		}
		return append(out, render.Paint(render.Open(ch.Muted), msg))
	}
	rows := p.bodyHeight() - len(out)
	if l.sel < l.top {
		l.top = l.sel
	}
	if l.sel >= l.top+rows {
		l.top = l.sel - rows + 1
	}
	l.top = max(min(l.top, len(l.shown)-rows), 0)
	nameW := 0
	for _, idx := range l.shown[l.top:min(len(l.shown), l.top+rows)] {
		nameW = max(nameW, render.Width(l.items[idx].name))
	}
	nameW = min(nameW, max(w/3, 12))
	for i := l.top; i < len(l.shown) && i < l.top+rows; i++ {
		out = append(out, p.row(l.items[l.shown[i]], i == l.sel, nameW))
	}
	return out
}

// row is "▌ ✓ name  description" with the skill's markers.
func (p *Pane) row(it item, selected bool, nameW int) string {
	th := p.th
	ch := th.Chat
	mark := render.Paint(render.Open(th.Tool.OK), "✓")
	descInk := render.Open(ch.Muted)
	switch {
	case it.broken():
		mark, descInk = render.Paint(render.Open(ch.Error), "✗"), render.Open(ch.Error)
	case it.warn:
		mark = render.Paint(render.Open(th.Chrome.StatusWarn), "!")
	}
	bar := "  "
	nameInk := render.Open(ch.Text)
	if selected {
		bar = render.Paint(render.Open(ch.Selected), "▌") + " "
		nameInk = render.Open(th.Chrome.MenuSelected)
	}
	name := render.Truncate(it.name, nameW, "…")
	line := bar + mark + " " + render.Paint(nameInk, name) + strings.Repeat(" ", nameW-render.Width(name)+2)
	if it.readOnly {
		line += render.Paint(render.Open(th.Chrome.Hint), "(read-only) ")
	}
	avail := p.width - render.Width(line)
	if avail > 4 {
		line += render.Paint(descInk, render.Truncate(it.desc, avail, "…"))
	}
	return line
}

// counts is "12 skills · 1 broken · 2 read-only".
func (l *listState) counts() string {
	broken, ro := 0, 0
	for _, it := range l.items {
		if it.broken() {
			broken++
		}
		if it.readOnly {
			ro++
		}
	}
	s := fmt.Sprintf("%d skills", len(l.items)-broken)
	if len(l.items)-broken == 1 {
		s = "1 skill"
	}
	if broken > 0 {
		s += fmt.Sprintf(" · %d broken", broken)
	}
	if ro > 0 {
		s += fmt.Sprintf(" · %d read-only", ro)
	}
	return s
}

// helpKey is the first key a binding's help names ("e enter" → "e").
func helpKey(b key.Binding) string {
	first, _, _ := strings.Cut(b.Help().Key, " ")
	return first
}
