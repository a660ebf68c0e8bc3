package skills

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	sk "github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/ui/render"
)

// maxShownBytes caps what is read of a file to show it (a broken SKILL.md
// can be any size).
const maxShownBytes = 256 << 10

// viewState is a document being shown: a skill rendered, or one of its
// files. It is rendered in a tea.Cmd for the pane's width; until that
// arrives the previous rendering (or a placeholder) is shown.
type viewState struct {
	key   string // what is shown: the skill's name, or name/rel
	title string
	it    item

	// What to render.
	skill *sk.Skill // with Body; nil for a broken skill or a file
	src   string    // a broken skill's raw SKILL.md, or a file's text
	lang  string    // for a file: its name (the highlighter picks by it)
	nFile int       // the skill's supporting files
	note  string    // shown instead of src (binary or unreadable file)

	lines   []string
	width   int // lines are for this width
	pending int // a render for this width is running
	scroll  int
}

type openedMsg struct {
	it     item
	skill  *sk.Skill
	raw    string
	nFiles int
	err    error
}

type renderedMsg struct {
	key   string
	width int
	lines []string
}

type filesMsg struct {
	name  string
	files []sk.FileInfo
}

type fileReadMsg struct {
	name, rel string
	data      []byte
	size      int64
	err       error
}

// open reads a skill (its body, or a broken SKILL.md's text) to view it.
func (p *Pane) open(it item) tea.Cmd {
	lib := p.lib
	return func() tea.Msg {
		out := openedMsg{it: it}
		if it.broken() {
			out.raw, out.err = readCapped(it.path)
		} else {
			out.skill, out.err = lib.Get(it.name)
		}
		if out.err == nil {
			out.nFiles = len(lib.Files(&sk.Skill{Dir: it.dir}))
		}
		return Msg{out}
	}
}

func (p *Pane) handleOpened(m openedMsg) tea.Cmd {
	if m.err != nil {
		p.setNote(m.err.Error(), true)
		return nil
	}
	p.view = &viewState{key: m.it.name, title: m.it.name, it: m.it, skill: m.skill, src: m.raw, nFile: m.nFiles}
	p.mode, p.files, p.file = modeView, nil, nil
	return p.render(p.view)
}

// readCapped reads up to maxShownBytes of a file.
func readCapped(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxShownBytes))
	if err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	return string(data), nil
}

// render lays v out for the pane's width in a tea.Cmd.
func (p *Pane) render(v *viewState) tea.Cmd {
	w := p.width
	if w <= 0 || v.pending == w {
		return nil
	}
	v.pending = w
	r, root := p.r, p.list.root
	doc := *v
	return func() tea.Msg {
		return Msg{renderedMsg{key: doc.key, width: w, lines: doc.layout(r, root, w)}}
	}
}

func (v *viewState) setRendered(m renderedMsg) {
	if m.width != v.pending {
		return // an older width
	}
	v.lines, v.width = m.lines, m.width
}

func (v *viewState) invalidate() { v.width, v.pending = 0, 0 }

// layout renders the document at width: for a skill, its frontmatter as a
// heading, then its body as Markdown; for a broken skill, its error, then
// its text; for a file, its text (Markdown rendered, code highlighted).
func (v viewState) layout(r *render.Renderer, root string, width int) []string {
	th := r.Theme()
	ch := th.Chat
	muted := render.Open(ch.Muted)
	var out []string
	rule := render.Paint(render.Open(th.Markdown.Rule), strings.Repeat("─", width))
	switch {
	case v.skill != nil:
		s := v.skill
		out = append(out, render.Paint(render.Open(th.Markdown.H1), s.Name)+render.Paint(muted, meta(s)))
		out = append(out, render.Wrap(s.Description, render.Open(ch.Text), width)...)
		where := displayPath(s.Path, root)
		if v.nFile > 0 {
			where += fmt.Sprintf(" · %d files (f)", v.nFile)
		}
		out = append(out, render.Paint(muted, render.Truncate(where, width, "…")))
		if s.ReadOnly {
			out = append(out, render.Wrap("read-only: an external skill (skills.external_dirs); herm does not change it", render.Open(th.Chrome.StatusWarn), width)...)
		}
		for _, w := range s.Warnings {
			out = append(out, render.Wrap("! "+w, render.Open(th.Chrome.StatusWarn), width)...)
		}
		out = append(out, rule)
		out = append(out, r.Markdown(s.Body, width).Lines...)
	case v.it.broken() && v.lang == "":
		out = append(out, render.Wrap("✗ This SKILL.md does not parse, so the agent cannot use it:", render.Open(ch.Error), width)...)
		out = append(out, render.Wrap(relError(v.it.problem.Err, root), render.Open(ch.Error), width)...)
		if !v.it.readOnly {
			out = append(out, render.Paint(muted, "e edits it to fix it · d deletes it"))
		}
		out = append(out, rule)
		out = append(out, r.Code(v.src, "SKILL.md", width)...)
	case v.note != "":
		out = append(out, render.Wrap(v.note, muted, width)...)
	case isMarkdown(v.lang):
		out = append(out, r.Markdown(v.src, width).Lines...)
	default:
		out = append(out, r.Code(v.src, v.lang, width)...)
	}
	return out
}

func meta(s *sk.Skill) string {
	var parts []string
	if s.Version != "" {
		parts = append(parts, "v"+s.Version)
	}
	if s.License != "" {
		parts = append(parts, s.License)
	}
	if s.Category != "" {
		parts = append(parts, "category "+s.Category)
	}
	if len(s.Platforms) > 0 {
		parts = append(parts, strings.Join(s.Platforms, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return "  " + strings.Join(parts, " · ")
}

// displayPath shows a skill's path under the skills folder's parent
// (skills/name/SKILL.md), or with ~ for the home directory.
func displayPath(p, root string) string {
	if rel, err := filepath.Rel(filepath.Dir(root), p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return shortPath(p)
}

func shortPath(p string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" && strings.HasPrefix(p, home+"/") {
		return "~" + p[len(home):]
	}
	return p
}

func isMarkdown(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".md", ".markdown":
		return true
	}
	return false
}

// docLines returns the lines of v to show in h rows, for the pane's width.
func (p *Pane) docLines(v *viewState, h int) []string {
	if v.width != p.width && v.pending != p.width {
		// Not asked for this width (the theme changed): lay it out now.
		v.lines, v.width = v.layout(p.r, p.list.root, p.width), p.width
	}
	if v.lines == nil {
		return []string{render.Paint(render.Open(p.th.Chat.Muted), "rendering…")}
	}
	v.scroll = max(min(v.scroll, len(v.lines)-h), 0)
	return v.lines[v.scroll:min(len(v.lines), v.scroll+h)]
}

// scrollKey scrolls a document; it reports whether the key was one.
func (p *Pane) scrollKey(v *viewState, msg tea.KeyPressMsg) bool {
	k := p.keys.SkillPane
	h := p.bodyHeight()
	switch {
	case key.Matches(msg, k.Prev):
		v.scroll--
	case key.Matches(msg, k.Next):
		v.scroll++
	case key.Matches(msg, p.keys.ScrollUp):
		v.scroll -= h - 1
	case key.Matches(msg, p.keys.ScrollDn):
		v.scroll += h - 1
	default:
		return false
	}
	v.scroll = max(min(v.scroll, len(v.lines)-h), 0)
	return true
}

func (p *Pane) viewKey(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys.SkillPane
	v := p.view
	if p.scrollKey(v, msg) {
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		p.back()
	case key.Matches(msg, k.Edit):
		return p.startEdit(v.it)
	case key.Matches(msg, k.Files):
		return p.openFiles(v.it)
	case key.Matches(msg, k.Delete):
		p.askDelete(v.it)
	case key.Matches(msg, k.Reload):
		return p.open(v.it)
	}
	return nil
}

// filesState is a skill's file tree.
type filesState struct {
	name   string
	dir    string
	it     item
	rows   []treeRow
	loaded bool
	sel    int
	top    int
}

// treeRow is a line of the tree: a folder, or a file to open.
type treeRow struct {
	label string // with the tree's branches
	rel   string // "" for a folder
	size  int64
}

func (p *Pane) openFiles(it item) tea.Cmd {
	p.files = &filesState{name: it.name, dir: it.dir, it: it}
	p.mode, p.note = modeFiles, ""
	lib := p.lib
	return func() tea.Msg {
		return Msg{filesMsg{name: it.name, files: lib.Files(&sk.Skill{Dir: it.dir})}}
	}
}

// set builds the tree: SKILL.md, files beside it, then each folder
// (references/, templates/, scripts/, assets/ and any other) with its
// files.
func (f *filesState) set(files []sk.FileInfo) {
	f.loaded = true
	type node struct {
		name  string
		rel   string
		size  int64
		files []sk.FileInfo // a folder's
	}
	nodes := []*node{{name: sk.FileName, rel: sk.FileName, size: -1}}
	var folders []*node
	byDir := map[string]*node{}
	for _, fi := range files {
		dir, rest, nested := strings.Cut(fi.Path, "/")
		if !nested {
			nodes = append(nodes, &node{name: fi.Path, rel: fi.Path, size: fi.Size})
			continue
		}
		n := byDir[dir]
		if n == nil {
			n = &node{name: dir + "/"}
			byDir[dir] = n
			folders = append(folders, n)
		}
		n.files = append(n.files, sk.FileInfo{Path: rest, Size: fi.Size})
	}
	nodes = append(nodes, folders...)
	f.rows = f.rows[:0]
	for i, n := range nodes {
		last := i == len(nodes)-1
		branch, pipe := "├── ", "│   "
		if last {
			branch, pipe = "└── ", "    "
		}
		f.rows = append(f.rows, treeRow{label: branch + n.name, rel: n.rel, size: n.size})
		for j, c := range n.files {
			cb := "├── "
			if j == len(n.files)-1 {
				cb = "└── "
			}
			f.rows = append(f.rows, treeRow{label: pipe + cb + c.Path, rel: strings.TrimSuffix(n.name, "/") + "/" + c.Path, size: c.Size})
		}
	}
	f.sel = 0
}

func (p *Pane) filesKey(msg tea.KeyPressMsg) tea.Cmd {
	k := p.keys.SkillPane
	f := p.files
	switch {
	case key.Matches(msg, k.Back):
		p.back()
	case key.Matches(msg, k.Prev):
		f.sel = max(f.sel-1, 0)
	case key.Matches(msg, k.Next):
		f.sel = min(f.sel+1, max(len(f.rows)-1, 0))
	case key.Matches(msg, k.Edit):
		return p.startEdit(f.it)
	case key.Matches(msg, k.Open):
		if f.sel < len(f.rows) && f.rows[f.sel].rel != "" {
			return p.readFile(f.it, f.rows[f.sel].rel)
		}
	}
	return nil
}

func (p *Pane) readFile(it item, rel string) tea.Cmd {
	full := it.dir + "/" + rel
	return func() tea.Msg {
		out := fileReadMsg{name: it.name, rel: rel}
		st, err := os.Stat(full)
		if err != nil {
			out.err = fmt.Errorf("read %s: %w", rel, err)
			return Msg{out}
		}
		out.size = st.Size()
		s, err := readCapped(full)
		out.data, out.err = []byte(s), err
		return Msg{out}
	}
}

func (p *Pane) handleFileRead(m fileReadMsg) tea.Cmd {
	if p.files == nil || p.files.name != m.name {
		return nil
	}
	if m.err != nil {
		p.setNote(m.err.Error(), true)
		return nil
	}
	v := &viewState{key: m.name + "/" + m.rel, title: m.name + "/" + m.rel, it: p.files.it, lang: m.rel, src: string(m.data)}
	switch {
	case strings.ContainsRune(v.src, 0) || !utf8.ValidString(v.src):
		v.note = fmt.Sprintf("%s is a binary file (%s); herm does not show it.", m.rel, size(m.size))
	case m.size > maxShownBytes:
		v.note = ""
		v.src += fmt.Sprintf("\n… the first %s of %s are shown", size(maxShownBytes), size(m.size))
	}
	p.file = v
	p.mode = modeFile
	return p.render(v)
}

func (p *Pane) fileKey(msg tea.KeyPressMsg) tea.Cmd {
	if p.scrollKey(p.file, msg) {
		return nil
	}
	if key.Matches(msg, p.keys.SkillPane.Back) {
		p.back()
	}
	return nil
}

// filesView draws the tree.
func (p *Pane) filesView(h int) []string {
	f := p.files
	th := p.th
	muted := render.Open(th.Chat.Muted)
	if !f.loaded {
		return []string{render.Paint(muted, "listing the files…")}
	}
	out := []string{render.Paint(render.Open(th.Chrome.KeyGroup), f.name+"/")}
	rows := h - 2
	if f.sel < f.top {
		f.top = f.sel
	}
	if f.sel >= f.top+rows {
		f.top = f.sel - rows + 1
	}
	for i := f.top; i < len(f.rows) && i < f.top+rows; i++ {
		r := f.rows[i]
		bar := "  "
		ink := render.Open(th.Chat.Text)
		if r.rel == "" {
			ink = render.Open(th.Chrome.KeyGroup)
		}
		if i == f.sel {
			bar = render.Paint(render.Open(th.Chat.Selected), "▌") + " "
			if r.rel != "" {
				ink = render.Open(th.Chrome.MenuSelected)
			}
		}
		line := bar + render.Paint(ink, r.label)
		if r.size >= 0 && r.rel != "" {
			sz := size(r.size)
			gap := max(p.width-render.Width(line)-render.Width(sz)-1, 2)
			line += strings.Repeat(" ", gap) + render.Paint(muted, sz)
		}
		out = append(out, line)
	}
	if len(f.rows) == 1 {
		out = append(out, "", render.Paint(muted, "No supporting files. Skills keep long material in references/, templates/, scripts/ and assets/."))
	}
	return out
}

func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	}
	return fmt.Sprintf("%d B", n)
}
