package approval

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/render"
)

// tabWidth matches the renderer's: a tab is drawn as this many spaces.
const tabWidth = 4

// visible makes a command safe to draw exactly: control characters,
// bidirectional overrides and invisible characters would let a command
// hide part of itself on the screen, so each is drawn as a visible mark
// (␛ for ESC, ␍ for CR, ⟨U+202E⟩…). Tabs become spaces. pos maps each byte
// offset of command (and len(command)) to its offset in the text drawn.
func visible(command string) (text string, pos []int) {
	var b strings.Builder
	pos = make([]int, len(command)+1)
	for i := 0; i < len(command); {
		r, n := utf8.DecodeRuneInString(command[i:])
		for k := 0; k < n; k++ {
			pos[i+k] = b.Len()
		}
		switch {
		case r == '\n':
			b.WriteByte('\n')
		case r == '\t':
			b.WriteString(strings.Repeat(" ", tabWidth))
		case r == utf8.RuneError && n == 1:
			b.WriteRune('�')
		case r < 0x20:
			b.WriteRune(0x2400 + r) // ␀…␟
		case r == 0x7f:
			b.WriteRune('␡')
		case r >= 0x80 && r < 0xa0, hidden(r):
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		default:
			b.WriteRune(r)
		}
		i += n
	}
	pos[len(command)] = b.Len()
	return b.String(), pos
}

// hidden reports characters that change how text around them is shown
// without showing themselves: bidirectional controls, zero-width ones.
func hidden(r rune) bool {
	switch {
	case r >= 0x200b && r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x2069, r == 0xfeff, r == 0x061c, r == 0x00ad:
		return true
	}
	return false
}

// cmdView is a command drawn for the prompt: highlighted as bash, risky
// spans painted and marked with carets beneath, hard-wrapped to a width.
type cmdView struct {
	rows []string // each row closes its styles; caret rows included
	more int      // command rows left out (beyond maxRows)
}

// drawCommand renders command at width cells (prefix included: "$ " on
// the first row, two spaces on the others), with at most maxRows rows of
// command text. findings' spans index command.
func drawCommand(r *render.Renderer, risk string, command string, findings []guard.Finding, width, maxRows int, prefix string) cmdView {
	text, pos := visible(command)
	inner := max(width-render.Width(prefix), 8)
	// Spans in the drawn text, clamped to it.
	var spans [][2]int
	for _, f := range findings {
		s, e := f.Span[0], f.Span[1]
		if s < 0 || e <= s || s >= len(command) {
			continue
		}
		e = min(e, len(command))
		spans = append(spans, [2]int{pos[s], pos[e]})
	}
	lit := r.Code(text, "bash", 1<<20)
	var v cmdView
	lineStart := 0
	pad := strings.Repeat(" ", render.Width(prefix))
	for li, plain := range strings.Split(text, "\n") {
		hl := plain
		if li < len(lit) {
			hl = lit[li]
		}
		risky := riskyCols(plain, lineStart, spans)
		rs := runs(hl)
		lineStart += len(plain) + 1
		for _, b := range rowBounds(plain, inner) {
			if len(v.rows) >= maxRows {
				v.more++
				continue
			}
			lead := pad
			if len(v.rows) == 0 {
				lead = prefix
			}
			v.rows = append(v.rows, lead+paintRow(rs, b, risky, risk))
			if carets := caretRow(b, risky); carets != "" {
				v.rows = append(v.rows, pad+render.Paint(risk, carets))
			}
		}
	}
	return v
}

// riskyCols returns the cell ranges of line (which starts at byte offset
// start of the drawn text) covered by spans, merged and sorted.
func riskyCols(line string, start int, spans [][2]int) [][2]int {
	var out [][2]int
	end := start + len(line)
	for _, s := range spans {
		a, b := max(s[0], start), min(s[1], end)
		if a >= b {
			continue
		}
		out = append(out, [2]int{ansi.StringWidth(line[:a-start]), ansi.StringWidth(line[:b-start])})
	}
	slices.SortFunc(out, func(x, y [2]int) int { return x[0] - y[0] })
	merged := out[:0]
	for _, c := range out {
		if n := len(merged); n > 0 && c[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], c[1])
			continue
		}
		merged = append(merged, c)
	}
	return merged
}

// rowBounds splits a line into rows of at most width cells, never inside
// a wide character; it returns the [start, end) cells of each row (one
// empty row for an empty line).
func rowBounds(line string, width int) [][2]int {
	var out [][2]int
	start, col := 0, 0
	for _, r := range line {
		w := max(ansi.StringWidth(string(r)), 0)
		if col+w-start > width && col > start {
			out = append(out, [2]int{start, col})
			start = col
		}
		col += w
	}
	return append(out, [2]int{start, col})
}

// run is a stretch of a highlighted line in one style.
type run struct {
	open, text string
}

// runs splits a rendered line (text between SGR sequences, each style
// closed by a reset) into its styled stretches.
func runs(line string) []run {
	var out []run
	open := ""
	for len(line) > 0 {
		if line[0] == '\x1b' && len(line) > 1 && line[1] == '[' {
			end := strings.IndexByte(line, 'm')
			if end < 0 {
				break
			}
			if seq := line[:end+1]; seq == "\x1b[m" || seq == "\x1b[0m" {
				open = ""
			} else {
				open += seq
			}
			line = line[end+1:]
			continue
		}
		next := strings.IndexByte(line, '\x1b')
		if next < 0 {
			next = len(line)
		}
		if n := len(out); n > 0 && out[n-1].open == open {
			out[n-1].text += line[:next]
		} else {
			out = append(out, run{open: open, text: line[:next]})
		}
		line = line[next:]
	}
	return out
}

// paintRow draws the cells b of a line (its styled runs), the risky cells
// in the risk style.
func paintRow(rs []run, b [2]int, risky [][2]int, risk string) string {
	var sb strings.Builder
	col := 0
	for _, r := range rs {
		w := ansi.StringWidth(r.text)
		s, e := max(col, b[0]), min(col+w, b[1])
		for s < e {
			// The part of this run up to the next risk boundary.
			next, isRisk := e, false
			for _, c := range risky {
				if s >= c[0] && s < c[1] {
					next, isRisk = min(e, c[1]), true
					break
				}
				if c[0] > s {
					next = min(e, c[0])
					break
				}
			}
			open := r.open
			if isRisk {
				open = risk
			}
			sb.WriteString(render.Paint(open, ansi.Cut(r.text, s-col, next-col)))
			s = next
		}
		col += w
	}
	return sb.String()
}

// caretRow marks the risky cells of a row with ^ ("" when none).
func caretRow(b [2]int, risky [][2]int) string {
	var sb strings.Builder
	col := b[0]
	for _, c := range risky {
		s, e := max(c[0], b[0]), min(c[1], b[1])
		if s >= e {
			continue
		}
		sb.WriteString(strings.Repeat(" ", s-col))
		sb.WriteString(strings.Repeat("^", e-s))
		col = e
	}
	return sb.String()
}
