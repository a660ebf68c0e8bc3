// Package text holds the small string helpers every part of herm uses to
// put text on one line of a screen, a log or a prompt: white space
// collapsed, long text clipped with an ellipsis, counted nouns.
//
// It measures in runes (characters) or bytes, never in terminal cells: text
// drawn on the screen is cut to a width by the UI's render.Truncate, which
// knows wide characters and escape sequences. It never styles, wraps or
// escapes anything.
package text

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ellipsis marks where text was cut.
const Ellipsis = "…"

// OneLine collapses every run of white space, line breaks included, into
// one space and trims both ends: a multi-line description, an argument or
// a message becomes a line that fits a header or a log.
//
// Text that is one line already is returned as it is, without allocating.
func OneLine(s string) string {
	space := true // a leading space must go too
	for _, r := range s {
		if !unicode.IsSpace(r) {
			space = false
			continue
		}
		if space || r != ' ' {
			return strings.Join(strings.Fields(s), " ")
		}
		space = true
	}
	if space && s != "" { // a trailing space
		return strings.Join(strings.Fields(s), " ")
	}
	return s
}

// Clip cuts s to at most n runes. When it cuts, the last of the n is the
// Ellipsis, so the result is never longer than n. A limit below 1 leaves
// nothing.
func Clip(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if len(s) <= n { // no more bytes than n: no more runes either
		return s
	}
	count, cut := 0, 0
	for i := range s {
		if count == n-1 {
			cut = i
		}
		if count == n {
			return s[:cut] + Ellipsis
		}
		count++
	}
	return s
}

// Head is the first n runes of s, or all of s when it is shorter, without
// a mark: for callers that say in their own words that text was cut.
func Head(s string, n int) string {
	if n <= 0 {
		return ""
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}

// ClipBytes cuts s to at most n bytes, backing up to a rune boundary so
// UTF-8 stays whole, and appends the Ellipsis when it cuts: for text whose
// size, not its length on a screen, must stay bounded (an error body a
// server sent).
func ClipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(n, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + Ellipsis
}

// FirstLine is s up to its first line break, followed by " …" when more
// lines follow: a multi-line command or message named in one line.
func FirstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " " + Ellipsis
	}
	return s
}

// Plural counts a noun that takes an s in the plural: "1 file", "0 files",
// "3 files".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Noun is the form of a noun for n things, one or many: for nouns with
// their own plural ("entry", "entries") and sentences that put the count
// elsewhere.
func Noun(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Compact writes a count briefly: 950, 12.3k, 1.2M (token counts in a
// status bar or a list).
func Compact(n int) string {
	switch {
	case n < 1000:
		return strconv.Itoa(n)
	case n < 1_000_000:
		return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + "k"
	}
	return strconv.FormatFloat(float64(n)/1_000_000, 'f', 1, 64) + "M"
}

// Error is err's message, or "" for a nil error: for a field or a line that
// shows an error when there is one.
func Error(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
