package approval

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Notify rings the terminal's bell and posts a desktop notification
// (OSC 9; terminals that do not know it ignore it), for a request that
// waits while the terminal is not focused.
func Notify(text string) tea.Cmd {
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, text)
	text = ansi.Truncate(text, 120, "…")
	return tea.Raw("\x1b]9;" + text + "\a\a")
}
