package agent

import (
	"fmt"
	"unicode/utf8"
)

// truncateMiddle keeps the head and tail of s within limit characters,
// replacing the middle with a marker that says how much was cut. Errors and
// summaries tend to sit at the end of tool output, the command echo and
// headers at the start, so both ends are worth more than the middle.
func truncateMiddle(s string, limit int) string {
	if limit <= 0 || utf8.RuneCountInString(s) <= limit {
		return s
	}
	runes := []rune(s)
	head := limit * 2 / 5
	tail := limit - head
	cut := len(runes) - head - tail
	return fmt.Sprintf("%s\n\n[… %d characters cut from the middle of this output …]\n\n%s",
		string(runes[:head]), cut, string(runes[len(runes)-tail:]))
}
