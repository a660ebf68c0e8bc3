package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Drawing find's matches: where the query occurs on an entry's drawn
// lines, and painting them in place. The search itself (find.go) runs on
// the logical text; a match is drawn where the query shows on screen.

// matchLine is the drawn line of entry i that shows its k-th match, and
// the index of that match among the occurrences found on its lines (-1
// when none is: a match across a soft wrap, or in markdown syntax).
func (p *Pane) matchLine(i, k int) (line, shown int) {
	c := p.find.seenC[i]
	sh := p.shownHits(i)
	n := len(c.offs)
	if len(sh) > 0 && n > 0 {
		j := k
		if len(sh) != n {
			j = min(k*len(sh)/n, len(sh)-1)
		}
		return sh[j].line, j
	}
	lines := len(p.drawn(i).lines)
	if len(c.text) == 0 || lines == 0 {
		return 0, -1
	}
	return min(c.offs[k]*lines/len(c.text), lines-1), -1
}

// shownHits returns where the query occurs on entry i's drawn lines.
func (p *Pane) shownHits(i int) []shownHit {
	f := p.find
	c := f.seenC[i]
	e := p.entries[i]
	w := p.contentWidth()
	if c.shownOK && c.sv == e.version && c.sw == w && c.sg == p.gen && c.sq == f.q {
		return c.shown
	}
	c.shown = c.shown[:0]
	if len(c.offs) > 0 { // no match in the text: none on screen either
		q := []rune(f.q)
		for n, l := range p.drawn(i).lines {
			for _, h := range cellHits(ansi.Strip(l), q, f.fold) {
				c.shown = append(c.shown, shownHit{line: n, from: h[0], to: h[1]})
			}
		}
	}
	c.sv, c.sw, c.sg, c.sq, c.shownOK = e.version, w, p.gen, f.q, true
	return c.shown
}

// highlight paints the matches on line n of entry i (a drawn line).
func (p *Pane) highlight(i, n int, line string) string {
	f := p.find
	if f == nil || f.q == "" || i >= len(f.seenC) || f.seen[i] != p.entries[i] || len(f.seenC[i].offs) == 0 {
		return line
	}
	sh := p.shownHits(i)
	cur := -1
	if f.cur >= 0 && f.cur < len(f.matches) && f.matches[f.cur].i == i {
		_, cur = p.matchLine(i, f.matches[f.cur].k)
	}
	var b strings.Builder
	prev := 0
	for j, h := range sh {
		if h.line != n || h.from < prev {
			continue
		}
		if h.from > prev {
			b.WriteString(ansi.Cut(line, prev, h.from))
		}
		ink := p.ink.match
		if j == cur {
			ink = p.ink.matchCur
		}
		b.WriteString("\x1b[m")
		b.WriteString(ink)
		b.WriteString(ansi.Strip(ansi.Cut(line, h.from, h.to)))
		b.WriteString("\x1b[m")
		prev = h.to
	}
	if prev == 0 {
		return line
	}
	b.WriteString(ansi.TruncateLeft(line, prev, ""))
	return b.String()
}

// cellHits finds q in a plain line and returns the cell ranges it covers.
func cellHits(line string, q []rune, fold bool) [][2]int {
	if len(q) == 0 || len(line) < len(q) {
		return nil
	}
	rs := []rune(line)
	var out [][2]int
	col := make([]int, len(rs)+1)
	for j, r := range rs {
		col[j+1] = col[j] + runeCells(r)
	}
	for s := 0; s+len(q) <= len(rs); s++ {
		ok := true
		for j, r := range q {
			c := rs[s+j]
			if fold {
				c = unicode.ToLower(c)
			}
			if c != r {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, [2]int{col[s], col[s+len(q)]})
			s += len(q) - 1
		}
	}
	return out
}

func runeCells(r rune) int {
	if r < utf8.RuneSelf {
		if r < 0x20 || r == 0x7f {
			return 0
		}
		return 1
	}
	return ansi.StringWidth(string(r))
}
