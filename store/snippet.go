package store

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Substring matches (scripts without spaces, --substring searches) are not
// found through the full-text index, so their snippets are cut here, in the
// same shape as FTS5's snippet(): the best-matching part of the text, the
// matches between SnippetOpen and SnippetClose, cuts marked by
// SnippetEllipsis.

// snippetRunes is about how long a substring snippet is, in characters.
const snippetRunes = 160

// makeSnippet returns the part of text around the first occurrence of any
// term, with every occurrence marked. Whitespace runs become one space.
// With no occurrence it returns the start of the text.
func makeSnippet(text string, terms []string) string {
	text = strings.Join(strings.Fields(text), " ")
	spans := findAll(text, terms)
	start, end := 0, len(text)
	if len(spans) > 0 {
		// About a third of the window before the first match, the rest
		// after it.
		start = backRunes(text, spans[0][0], snippetRunes/3)
	}
	end = forwardRunes(text, start, snippetRunes)
	start, end = wordEdges(text, start, end)

	var b strings.Builder
	if start > 0 {
		b.WriteString(SnippetEllipsis)
	}
	pos := start
	for _, sp := range spans {
		if sp[1] <= start || sp[0] >= end {
			continue
		}
		s, e := max(sp[0], start), min(sp[1], end)
		b.WriteString(text[pos:s])
		b.WriteString(SnippetOpen)
		b.WriteString(text[s:e])
		b.WriteString(SnippetClose)
		pos = e
	}
	b.WriteString(text[pos:end])
	if end < len(text) {
		b.WriteString(SnippetEllipsis)
	}
	return b.String()
}

// markTerms wraps every occurrence of terms in text with the snippet
// markers, leaving text already between markers alone.
func markTerms(text string, terms []string) string {
	if len(terms) == 0 {
		return text
	}
	var b strings.Builder
	rest := text
	for rest != "" {
		open := strings.Index(rest, SnippetOpen)
		plain := rest
		if open >= 0 {
			plain = rest[:open]
		}
		pos := 0
		for _, sp := range findAll(plain, terms) {
			b.WriteString(plain[pos:sp[0]])
			b.WriteString(SnippetOpen + plain[sp[0]:sp[1]] + SnippetClose)
			pos = sp[1]
		}
		b.WriteString(plain[pos:])
		if open < 0 {
			break
		}
		rest = rest[open:]
		closeAt := strings.Index(rest, SnippetClose)
		if closeAt < 0 {
			b.WriteString(rest)
			break
		}
		closeAt += len(SnippetClose)
		b.WriteString(rest[:closeAt])
		rest = rest[closeAt:]
	}
	return b.String()
}

// findAll returns the byte spans of every case-insensitive occurrence of
// any term in text, sorted and merged where they overlap.
func findAll(text string, terms []string) [][2]int {
	var spans [][2]int
	for _, t := range terms {
		if t == "" {
			continue
		}
		for from := 0; from < len(text); {
			i := indexFold(text[from:], t)
			if i < 0 {
				break
			}
			s := from + i
			e := s + len(t)
			spans = append(spans, [2]int{s, e})
			from = e
		}
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	merged := spans[:0]
	for _, sp := range spans {
		if n := len(merged); n > 0 && sp[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], sp[1])
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// indexFold is strings.Index ignoring case (simple folding; a match must
// have the same length in bytes as sub, which holds for ASCII and nearly
// all of Unicode).
func indexFold(s, sub string) int {
	if sub == "" {
		return 0
	}
	first, _ := utf8.DecodeRuneInString(sub)
	for i := 0; i+len(sub) <= len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == first || unicode.SimpleFold(r) == first || unicode.ToLower(r) == unicode.ToLower(first)) &&
			strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
		i += n
	}
	return -1
}

// backRunes moves back up to n runes from byte offset i.
func backRunes(s string, i, n int) int {
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return i
}

// forwardRunes moves forward up to n runes from byte offset i.
func forwardRunes(s string, i, n int) int {
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// wordEdges widens or narrows a cut so it does not split a word, when a
// space is near; text without spaces (Chinese) is cut anywhere.
func wordEdges(s string, start, end int) (int, int) {
	const near = 16
	if start > 0 {
		if sp := strings.IndexByte(s[start:min(start+near, end)], ' '); sp >= 0 {
			start += sp + 1
		}
	}
	if end < len(s) {
		if sp := strings.LastIndexByte(s[max(end-near, start):end], ' '); sp >= 0 {
			end = max(end-near, start) + sp
		}
	}
	return start, end
}
