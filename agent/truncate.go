package agent

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// truncateMiddle keeps the head and tail of s within limit characters,
// replacing the middle with a marker that says how much was cut. Errors and
// summaries tend to sit at the end of tool output, the command echo and
// headers at the start, so both ends are worth more than the middle.
//
// It walks only the kept ends (and counts the rest without copying), so
// cutting a large output costs little more than its kept part.
func truncateMiddle(s string, limit int) string {
	if limit <= 0 || len(s) <= limit {
		return s // no more bytes than the limit: no more characters either
	}
	total := utf8.RuneCountInString(s)
	if total <= limit {
		return s
	}
	head := limit * 2 / 5
	tail := limit - head
	// headEnd: byte offset after head runes; tailStart: before tail runes.
	headEnd := 0
	for i := 0; i < head; i++ {
		_, size := utf8.DecodeRuneInString(s[headEnd:])
		headEnd += size
	}
	tailStart := len(s)
	for i := 0; i < tail; i++ {
		_, size := utf8.DecodeLastRuneInString(s[:tailStart])
		tailStart -= size
	}
	var b strings.Builder
	b.Grow(headEnd + len(s) - tailStart + 64)
	b.WriteString(s[:headEnd])
	b.WriteString("\n\n[… ")
	b.WriteString(strconv.Itoa(total - head - tail))
	b.WriteString(" characters cut from the middle of this output …]\n\n")
	b.WriteString(s[tailStart:])
	return b.String()
}
