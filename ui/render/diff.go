package render

import (
	"strings"
)

// Diff renders a unified diff: additions and deletions coloured across the
// full width, hunk headers and file headers set apart, long lines wrapped.
func (r *Renderer) Diff(diff string, width int) []string {
	ink := &r.ink
	diff = strings.ReplaceAll(strings.TrimRight(diff, "\n"), "\t", strings.Repeat(" ", tabWidth))
	var out []string
	for _, line := range strings.Split(diff, "\n") {
		open, fill := ink.diffContext, false
		switch {
		case strings.HasPrefix(line, "+++"), strings.HasPrefix(line, "---"),
			strings.HasPrefix(line, "diff "), strings.HasPrefix(line, "index "):
			open = ink.diffHeader
		case strings.HasPrefix(line, "@@"):
			open = ink.diffHunk
		case strings.HasPrefix(line, "+"):
			open, fill = ink.diffAdd, true
		case strings.HasPrefix(line, "-"):
			open, fill = ink.diffDel, true
		}
		for _, l := range hardWrap([]span{{text: line}}, width) {
			if fill {
				l += strings.Repeat(" ", max(width-Width(l), 0))
			}
			out = append(out, Paint(open, l))
		}
	}
	return out
}

// DiffStat counts added and removed lines of a unified diff.
func DiffStat(diff string) (added, removed int) {
	for _, line := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(line, "+++"), strings.HasPrefix(line, "---"):
		case strings.HasPrefix(line, "+"):
			added++
		case strings.HasPrefix(line, "-"):
			removed++
		}
	}
	return added, removed
}
