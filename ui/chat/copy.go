package chat

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Copying takes a block's logical text: what the model wrote or the tool
// printed, not how it is drawn. Answers are copied as their markdown, code
// blocks as the code between the fences, tool output as the text that
// remains on a terminal — escape sequences dropped, carriage-return
// overwrites (progress bars) resolved — with tabs kept as tabs, where the
// screen shows them as spaces.

// exactOutput is tool output as it is copied.
func exactOutput(s string) string {
	if s == "" {
		return s
	}
	s = ansi.Strip(s)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if !strings.ContainsAny(s, "\r\b\x00\x07") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if j := strings.LastIndexByte(strings.TrimRight(l, "\r"), '\r'); j >= 0 {
			l = l[j+1:]
		}
		lines[i] = strings.Map(func(r rune) rune {
			switch r {
			case '\r', '\b', 0, 7:
				return -1
			}
			return r
		}, l)
	}
	return strings.Join(lines, "\n")
}
