package input

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/ui/render"
)

// Completion of /commands (when the text is a lone /word) and @paths (the
// word at the cursor starts with @). Directory listings are read by a
// command, never in Update, and cached.

const (
	menuRows      = 8
	maxDirEntries = 5000
)

type menuKind int

const (
	menuNone menuKind = iota
	menuSlash
	menuFile
)

type suggestion struct {
	text string // what replaces the word
	desc string
	dir  bool // a directory: completing it keeps the menu open
	// run: a command without arguments, sent by Enter.
	run bool
}

type menu struct {
	kind  menuKind
	items []suggestion
	sel   int
	word  string // the word being completed, as typed
}

func (m *menu) open() bool { return m.kind != menuNone && len(m.items) > 0 }
func (m *menu) close()     { *m = menu{} }
func (m *menu) move(d int) {
	if len(m.items) > 0 {
		m.sel = (m.sel + d + len(m.items)) % len(m.items)
	}
}

type fileEntry struct {
	name string
	dir  bool
}

// filesListedMsg carries a directory listing for @ completion.
type filesListedMsg struct {
	dir     string
	entries []fileEntry
}

// refreshMenu recomputes the suggestions after the text changed.
func (m *Model) refreshMenu() tea.Cmd {
	val := m.ta.Value()
	if strings.HasPrefix(val, "/") && !strings.ContainsAny(val, " \n") {
		m.menu.kind, m.menu.word = menuSlash, val
		m.menu.items = m.menu.items[:0]
		for _, c := range commands.Complete(commands.TUI, val) {
			m.menu.items = append(m.menu.items, suggestion{text: "/" + c.Name, desc: c.Args + "  " + c.Description, run: c.Args == "" || strings.HasPrefix(c.Args, "[")})
		}
		prefix := strings.ToLower(val[1:])
		for _, c := range m.extra {
			if strings.HasPrefix(c.Name, prefix) {
				m.menu.items = append(m.menu.items, suggestion{text: "/" + c.Name, desc: c.Args + "  " + c.Description, run: c.Args == "" || strings.HasPrefix(c.Args, "[")})
			}
		}
		m.menu.sel = min(m.menu.sel, max(len(m.menu.items)-1, 0))
		return nil
	}
	word := m.wordAtCursor()
	if !strings.HasPrefix(word, "@") {
		m.menu.close()
		return nil
	}
	typed := word[1:]
	dir, base := filepath.Split(typed)
	entries, ok := m.files[dir]
	if !ok {
		m.menu.close()
		return listDir(m.Cwd, dir)
	}
	var items []suggestion
	for _, e := range entries {
		if !strings.HasPrefix(strings.ToLower(e.name), strings.ToLower(base)) {
			continue
		}
		if strings.HasPrefix(e.name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		s := suggestion{text: "@" + dir + e.name, dir: e.dir}
		if e.dir {
			s.text += "/"
		}
		items = append(items, s)
	}
	m.menu = menu{kind: menuFile, items: items, word: word, sel: min(m.menu.sel, max(len(items)-1, 0))}
	if len(items) == 0 {
		m.menu.close()
	}
	return nil
}

// SetExtraCommands sets more /commands to complete after the built-in ones
// (the installed skills, each run as /skill-name). Names the built-in
// table has are the caller's to leave out.
func (m *Model) SetExtraCommands(cs []commands.Command) {
	m.extra = cs
	if m.menu.kind == menuSlash {
		m.refreshMenu()
	}
}

// ExtraCommand returns the extra command called name.
func (m *Model) ExtraCommand(name string) (commands.Command, bool) {
	for _, c := range m.extra {
		if c.Name == name {
			return c, true
		}
	}
	return commands.Command{}, false
}

// wordAtCursor returns the text from the last space before the cursor to
// the cursor, on the cursor's line.
func (m *Model) wordAtCursor() string {
	lines := strings.Split(m.ta.Value(), "\n")
	row := m.ta.Line()
	if row >= len(lines) {
		return ""
	}
	line := []rune(lines[row])
	col := min(m.ta.Column(), len(line))
	start := col
	for start > 0 && line[start-1] != ' ' && line[start-1] != '\t' {
		start--
	}
	return string(line[start:col])
}

// accept replaces the word being completed with the selected suggestion.
func (m *Model) accept(enter bool) tea.Cmd {
	if !m.menu.open() {
		return nil
	}
	s := m.menu.items[m.menu.sel]
	switch m.menu.kind {
	case menuSlash:
		text := s.text
		if !s.run || !enter {
			text += " "
		}
		m.ta.SetValue(text)
		m.menu.close()
		return nil
	case menuFile:
		for range []rune(m.menu.word) {
			m.ta, _ = m.ta.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
		}
		text := s.text
		if !s.dir {
			text += " "
		}
		m.ta.InsertString(text)
		m.menu.close()
		if s.dir {
			return m.refreshMenu()
		}
	}
	return nil
}

// acceptEnter handles Enter while the menu is open: a complete command that
// needs no argument is sent at once; otherwise Enter completes.
func (m *Model) acceptEnter() (*Submitted, tea.Cmd, bool) {
	s := m.menu.items[m.menu.sel]
	if m.menu.kind == menuSlash && s.run {
		m.ta.SetValue(s.text)
		m.menu.close()
		return m.submit(), nil, true
	}
	return nil, m.accept(true), true
}

// listDir reads a directory for @ completion (relative to cwd).
func listDir(cwd, dir string) tea.Cmd {
	return func() tea.Msg {
		des, _ := os.ReadDir(ResolvePath(cwd, dir))
		if len(des) > maxDirEntries {
			des = des[:maxDirEntries]
		}
		entries := make([]fileEntry, 0, len(des))
		for _, d := range des {
			entries = append(entries, fileEntry{name: d.Name(), dir: d.IsDir()})
		}
		sort.Slice(entries, func(i, j int) bool {
			if entries[i].dir != entries[j].dir {
				return entries[i].dir
			}
			return entries[i].name < entries[j].name
		})
		return filesListedMsg{dir: dir, entries: entries}
	}
}

// atPaths returns the @paths a message names (an @ at the start of a word,
// followed by something path-like).
func atPaths(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range strings.Fields(text) {
		if len(f) < 2 || f[0] != '@' {
			continue
		}
		p := strings.TrimRight(f[1:], ",.;:!?)")
		if p == "" || seen[p] || strings.ContainsAny(p, "@<>") {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

// MenuView draws the completion menu at width, or "" when it is closed. It
// is drawn above the editor.
func (m *Model) MenuView(width int) string {
	if !m.menu.open() {
		return ""
	}
	c := m.th.Chrome
	item, selected, desc := render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.MenuDesc)
	first := 0
	if m.menu.sel >= menuRows {
		first = m.menu.sel - menuRows + 1
	}
	last := min(first+menuRows, len(m.menu.items))
	nameW := 0
	for _, s := range m.menu.items[first:last] {
		nameW = max(nameW, render.Width(s.text))
	}
	var lines []string
	for i := first; i < last; i++ {
		s := m.menu.items[i]
		name := s.text + strings.Repeat(" ", nameW-render.Width(s.text))
		line := "  " + name
		if s.desc != "" {
			line += "  " + render.Paint(desc, strings.TrimSpace(s.desc))
		}
		open := item
		if i == m.menu.sel {
			open = selected
			line = "▸ " + name + "  " + strings.TrimSpace(s.desc)
		}
		line = render.Truncate(line, width, "…")
		if i == m.menu.sel {
			line += strings.Repeat(" ", max(width-render.Width(line), 0))
		}
		lines = append(lines, render.Paint(open, line))
	}
	if n := len(m.menu.items); n > menuRows {
		lines = append(lines, render.Paint(desc, "  "+itoa(m.menu.sel+1)+"/"+itoa(n)))
	}
	return strings.Join(lines, "\n")
}

func itoa(n int) string { return strconv.Itoa(n) }
