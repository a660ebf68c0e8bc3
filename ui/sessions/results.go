package sessions

import (
	"strconv"
	"strings"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/render"
)

// Results are drawn as lines: a header per conversation (lineage), then
// its hits, each a label (role and age) and up to two lines of snippet
// with the matched words highlighted. The layout (which line is what) is
// rebuilt when the results or the width change; only visible lines are
// drawn.

// lineRef says what a line of the results shows: a group's header (hit
// -1) or part of a hit's snippet.
type lineRef struct {
	g, hit, part int
}

const (
	hitIndent   = 4
	labelWidth  = 13 // "herm · 12mo" and a space
	snippetRows = 2
)

func (p *Pane) layoutResults() {
	s := &p.search
	w := p.listWidth()
	if s.layoutW == w {
		return
	}
	s.layoutW = w
	s.lines = s.lines[:0]
	s.starts = s.starts[:0]
	hi := 0
	for gi, g := range s.groups {
		s.lines = append(s.lines, lineRef{g: gi, hit: -1})
		for range g.Hits {
			s.starts = append(s.starts, len(s.lines))
			h := s.hits[hi]
			n := len(wrapMarked(s.groups[h.g].Hits[h.h].Snippet, p.snippetWidth(), snippetRows))
			for part := range max(n, 1) {
				s.lines = append(s.lines, lineRef{g: gi, hit: hi, part: part})
			}
			hi++
		}
	}
}

func (p *Pane) snippetWidth() int { return max(p.listWidth()-hitIndent-labelWidth, 8) }

// clamp keeps the selected hit (and its group's header, for a first hit)
// on screen.
func (s *searchState) clamp(rows int) {
	if s.sel < 0 || s.sel >= len(s.starts) {
		s.top = 0
		return
	}
	start := s.starts[s.sel]
	end := len(s.lines)
	if s.sel+1 < len(s.starts) {
		end = s.starts[s.sel+1]
	}
	if start > 0 && s.lines[start-1].hit < 0 {
		start-- // the header
	}
	if s.sel+1 < len(s.starts) && s.lines[end-1].hit < 0 {
		end-- // the next group's header is not part of this hit
	}
	if start < s.top {
		s.top = start
	}
	if end > s.top+rows {
		s.top = end - rows
	}
	s.top = max(min(s.top, len(s.lines)-rows), 0)
}

// resultsView draws rows lines of search results.
func (p *Pane) resultsView(width, rows int) []string {
	s := &p.search
	p.layoutResults()
	s.clamp(rows)
	var out []string
	switch {
	case s.err != "":
		return append(out, render.Paint(p.ink.err, "  "+render.Truncate(s.err, width-2, "…")))
	case len(s.groups) == 0 && s.loading:
		return append(out, render.Paint(p.ink.hint, "  searching…"))
	case len(s.groups) == 0:
		return append(out, render.Paint(p.ink.hint, "  no conversation matches "+render.Truncate(strconv.Quote(p.query), width-30, "…")))
	}
	for i := s.top; i < len(s.lines) && len(out) < rows; i++ {
		ln := s.lines[i]
		if ln.hit < 0 {
			out = append(out, p.groupHeader(&s.groups[ln.g], width, s.sel < len(s.hits) && s.hits[s.sel].g == ln.g))
			continue
		}
		out = append(out, p.hitLine(ln, width, ln.hit == s.sel))
	}
	return out
}

// groupHeader is a conversation's line: its title and facts, and how many
// of its sessions (forks, continuations) and messages matched.
func (p *Pane) groupHeader(g *store.SessionGroup, width int, current bool) string {
	root := &g.Root
	title := root.Title
	if title == "" {
		title = p.search.previews[root.ID]
	}
	if title == "" {
		title = "(untitled)"
	}
	matches := strconv.Itoa(g.Matches) + " matches"
	if g.Matches == 1 {
		matches = "1 match"
	}
	age := ago(p.now(), root.UpdatedAt)
	meta := age + " · " + matches
	if width >= 80 {
		meta = root.Source + " · " + matches + " · " + age
		if n := len(g.Sessions); n > 1 || n == 1 && g.Sessions[0].ID != root.ID {
			meta = root.Source + " · " + matches + " in " + text.Plural(n, "session") + " · " + age
		}
	}
	if root.Archived {
		meta = "archived · " + meta
	}
	lead := "  "
	if current {
		lead = "▸ "
	}
	room := width - 2 - render.Width(meta) - 2
	title = render.Truncate(text.OneLine(title), max(room, 4), "…")
	gap := max(width-2-render.Width(title)-render.Width(meta), 1)
	return render.Paint(p.ink.mark, lead) + render.Paint(p.ink.group, title) + spaces(gap) + render.Paint(p.ink.meta, meta)
}

// hitLine draws part of a hit: the label on its first line, the snippet
// wrapped after it.
func (p *Pane) hitLine(ln lineRef, width int, selected bool) string {
	s := &p.search
	ref := s.hits[ln.hit]
	g := &s.groups[ref.g]
	h := &g.Hits[ref.h]
	parts := wrapMarked(h.Snippet, p.snippetWidth(), snippetRows)
	label := ""
	if ln.part == 0 {
		label = roleName(h.Role) + " · " + ago(p.now(), h.CreatedAt)
		if h.SessionID != g.Root.ID {
			label = "↳ " + label
		}
	}
	label = render.Truncate(label, labelWidth-1, "")
	label += spaces(labelWidth - render.Width(label))
	text, match, base := p.ink.snippet, p.ink.match, ""
	lead := spaces(hitIndent)
	if selected {
		base = p.ink.selected
		text, match = base, base+p.ink.match
		lead = "  ▌ "
	}
	var b strings.Builder
	b.WriteString(render.Paint(base, lead))
	b.WriteString(render.Paint(orInk(base, p.ink.label), label))
	used := hitIndent + labelWidth
	if ln.part < len(parts) {
		for _, run := range parts[ln.part] {
			ink := text
			if run.marked {
				ink = match
			}
			b.WriteString(render.Paint(ink, run.text))
			used += render.Width(run.text)
		}
	}
	if selected && used < width {
		b.WriteString(render.Paint(base, spaces(width-used)))
	}
	return render.Truncate(b.String(), width, "…")
}

func orInk(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// roleName is how a message's author is named.
func roleName(role string) string {
	switch role {
	case "user":
		return "you"
	case "assistant":
		return "herm"
	}
	return role
}

// markedRun is a run of snippet text, highlighted or not.
type markedRun struct {
	text   string
	marked bool
}

// wrapMarked lays out a snippet («matched» words marked) in lines of at
// most width cells, breaking at spaces, keeping at most rows lines (the
// last one cut with an ellipsis).
func wrapMarked(snippet string, width, rows int) [][]markedRun {
	type cell struct {
		r      rune
		marked bool
	}
	var cells []cell
	marked := false
	for _, r := range text.OneLine(snippet) {
		switch string(r) {
		case store.SnippetOpen:
			marked = true
			continue
		case store.SnippetClose:
			marked = false
			continue
		}
		cells = append(cells, cell{r, marked})
	}
	var lines [][]cell
	for len(cells) > 0 && len(lines) < rows {
		used, cut, lastSpace := 0, len(cells), -1
		for i, c := range cells {
			w := render.Width(string(c.r))
			if used+w > width {
				cut = i
				break
			}
			if c.r == ' ' {
				lastSpace = i
			}
			used += w
		}
		if cut < len(cells) && lastSpace > cut/2 {
			cut = lastSpace
		}
		line := cells[:cut]
		cells = cells[cut:]
		for len(cells) > 0 && cells[0].r == ' ' {
			cells = cells[1:]
		}
		if len(lines) == rows-1 && len(cells) > 0 {
			lw := 0
			for _, c := range line {
				lw += render.Width(string(c.r))
			}
			for len(line) > 0 && lw > width-1 {
				lw -= render.Width(string(line[len(line)-1].r))
				line = line[:len(line)-1]
			}
			line = append(line[:len(line):len(line)], cell{'…', false})
		}
		lines = append(lines, line)
	}
	out := make([][]markedRun, len(lines))
	for i, line := range lines {
		var runs []markedRun
		var b strings.Builder
		cur := false
		for j, c := range line {
			if j > 0 && c.marked != cur {
				runs = append(runs, markedRun{b.String(), cur})
				b.Reset()
			}
			cur = c.marked
			b.WriteRune(c.r)
		}
		if b.Len() > 0 {
			runs = append(runs, markedRun{b.String(), cur})
		}
		out[i] = runs
	}
	return out
}
