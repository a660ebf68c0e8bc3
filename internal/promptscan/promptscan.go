// Package promptscan finds text that tries to steer the model from inside
// content herm puts into a prompt: project context files, memory entries,
// skill descriptions. It looks for four things:
//
//   - instructions to ignore the previous instructions (or to hide things
//     from the user),
//   - hidden HTML: comments carrying instructions, elements styled invisible,
//   - invisible Unicode: zero-width characters, bidi overrides, tag
//     characters (which can smuggle a whole hidden message),
//   - exfiltration: curl/wget/nc commands carrying a secret ($TOKEN, ?key=$…)
//     or a secrets file.
//
// Matching runs on a folded copy of the text (ASCII lower case, full-width
// letters to ASCII, invisible characters dropped, Unicode spaces to ' '), so
// "ＩＧＮＯＲＥ previous instructions" and "ig\u200bnore previous
// instructions" are caught like the plain spelling. Findings carry byte
// offsets into the original text.
//
// The scanner is a tripwire, not a proof of safety: it catches the common
// shapes of injected instructions so they never reach the system prompt
// verbatim. Callers decide what a hit means: Sanitize replaces it with a
// visible placeholder (prompts), memory writes refuse it.
package promptscan

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Kind is what a finding looks like.
type Kind string

const (
	// Override is text telling the model to ignore its instructions, to
	// take a new identity, or to hide things from the user.
	Override Kind = "instruction-override"
	// HiddenHTML is an HTML comment carrying instructions or an element
	// styled to be invisible when the Markdown is rendered.
	HiddenHTML Kind = "hidden-html"
	// Invisible is a run of invisible Unicode: zero-width characters, bidi
	// controls, tag characters.
	Invisible Kind = "invisible-unicode"
	// Exfiltration is a network command carrying a secret or a secrets file.
	Exfiltration Kind = "exfiltration"
)

// Describe says in words what a kind of finding is.
func (k Kind) Describe() string {
	switch k {
	case Override:
		return "instructions to ignore previous instructions"
	case HiddenHTML:
		return "hidden HTML (a comment or an invisible element)"
	case Invisible:
		return "invisible Unicode characters"
	case Exfiltration:
		return "a command that could send secrets out"
	}
	return string(k)
}

// Finding is one suspicious span of the scanned text.
type Finding struct {
	Kind Kind
	// Start and End are byte offsets of the span in the original text.
	Start, End int
	// Excerpt shows the span for a person: shortened, with invisible
	// characters written as U+XXXX.
	Excerpt string
}

// String describes the finding for an error message or a log.
func (f Finding) String() string {
	if f.Excerpt == "" {
		return f.Kind.Describe()
	}
	return fmt.Sprintf("%s (%q)", f.Kind.Describe(), f.Excerpt)
}

// Scan returns the findings in text, ordered by position.
func Scan(text string) []Finding {
	if text == "" {
		return nil
	}
	v := fold(text)
	var out []Finding
	out = append(out, v.invisible...)
	out = append(out, scanLines(v)...)
	out = append(out, scanHiddenHTML(v)...)
	for i := range out {
		if out[i].Excerpt == "" {
			out[i].Excerpt = excerpt(text[out[i].Start:out[i].End])
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// Clean reports whether text has no findings.
func Clean(text string) bool { return len(Scan(text)) == 0 }

// Sanitize returns text with every finding replaced by a visible
// placeholder naming what was removed, and the findings. Overlapping
// findings are replaced once.
func Sanitize(text string) (string, []Finding) {
	fs := Scan(text)
	if len(fs) == 0 {
		return text, nil
	}
	type region struct {
		start, end int
		kinds      []Kind
	}
	var regions []region
	for _, f := range fs {
		if n := len(regions); n > 0 && f.Start < regions[n-1].end {
			r := &regions[n-1]
			r.end = max(r.end, f.End)
			if !containsKind(r.kinds, f.Kind) {
				r.kinds = append(r.kinds, f.Kind)
			}
			continue
		}
		regions = append(regions, region{start: f.Start, end: f.End, kinds: []Kind{f.Kind}})
	}
	var b strings.Builder
	b.Grow(len(text))
	last := 0
	for _, r := range regions {
		b.WriteString(text[last:r.start])
		b.WriteString(Placeholder(r.kinds...))
		last = r.end
	}
	b.WriteString(text[last:])
	return b.String(), fs
}

// Placeholder is the visible marker that stands where suspicious text was
// removed, so the model (and a person reading the prompt) knows something
// was there.
func Placeholder(kinds ...Kind) string {
	descs := make([]string, len(kinds))
	for i, k := range kinds {
		descs[i] = k.Describe()
	}
	return "[removed by herm: possible prompt injection — " + strings.Join(descs, "; ") + "]"
}

func containsKind(ks []Kind, k Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// excerpt shortens s for display and makes invisible characters visible.
func excerpt(s string) string {
	const maxRunes = 80
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == maxRunes {
			b.WriteString("…")
			break
		}
		switch {
		case invisibleRune(r) || r == zwj:
			fmt.Fprintf(&b, "U+%04X", r)
		case r == '\n' || r == '\t' || r == '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
		n++
	}
	return strings.TrimSpace(b.String())
}

// view is the folded copy of a text the rules match against.
type view struct {
	orig   string
	folded string
	// offs[i] is the offset in orig of folded byte i; offs[len(folded)] is
	// len(orig). Nil when folding kept every offset (ASCII text).
	offs      []int32
	invisible []Finding
}

// span maps a folded byte range to the original text.
func (v *view) span(start, end int) (int, int) {
	if v.offs == nil {
		return start, end
	}
	return int(v.offs[start]), int(v.offs[end])
}

const zwj = '\u200D'

// invisibleRune reports characters that render as nothing (or reorder what
// is shown) and have no business in a prompt. U+200D (zero-width joiner) is
// handled apart: it is legitimate inside emoji sequences.
func invisibleRune(r rune) bool {
	switch {
	case r == '\u200B' || r == '\u200C': // zero-width space, non-joiner
		return true
	case r >= '\u2060' && r <= '\u2064': // word joiner, invisible operators
		return true
	case r == '\uFEFF': // zero-width no-break space (a BOM mid-text)
		return true
	case r >= '\u202A' && r <= '\u202E': // bidi embeddings and overrides
		return true
	case r >= '\u2066' && r <= '\u2069': // bidi isolates
		return true
	case r == '\u180E': // Mongolian vowel separator
		return true
	case r >= 0xE0000 && r <= 0xE007F: // tag characters (ASCII smuggling)
		return true
	case r >= 0xE0100 && r <= 0xE01EF: // variation selectors supplement (byte smuggling)
		return true
	}
	return false
}

// ignorable characters are dropped from the folded text without being
// reported: they are common in ordinary text but could split a keyword.
func ignorable(r rune) bool {
	return r == '\u00AD' || (r >= '\uFE00' && r <= '\uFE0F') || r == '\u200E' || r == '\u200F'
}

func unicodeSpace(r rune) bool {
	return r == '\u00A0' || (r >= '\u2000' && r <= '\u200A') || r == '\u202F' || r == '\u205F' || r == '\u3000'
}

// pictographic reports runes that form emoji sequences joined by U+200D.
func pictographic(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r == 0x2640 || r == 0x2642 || r == 0xFE0F
}

// fold builds the view of text: ASCII letters lower-cased, full-width ASCII
// mapped to ASCII, Unicode spaces to ' ', invisible characters dropped (and
// recorded as findings, one per run).
func fold(text string) *view {
	v := &view{orig: text}
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		// The common case: offsets are the identity.
		v.folded = lowerASCII(text)
		return v
	}
	buf := make([]byte, 0, len(text))
	offs := make([]int32, 0, len(text)+1)
	runStart, runEnd := -1, -1
	flush := func() {
		if runStart >= 0 {
			v.invisible = append(v.invisible, Finding{Kind: Invisible, Start: runStart, End: runEnd})
			runStart = -1
		}
	}
	prev := rune(0)
	// Skip a byte-order mark at the very start: editors write it.
	start := 0
	if strings.HasPrefix(text, "\uFEFF") {
		start = len("\uFEFF")
	}
	for i := start; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			// ASCII: no decoding, no invisible characters.
			flush()
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
			offs = append(offs, int32(i))
			prev = rune(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		bad := invisibleRune(r)
		if r == zwj {
			next, _ := utf8.DecodeRuneInString(text[i+size:])
			bad = !(pictographic(prev) && pictographic(next))
		}
		switch {
		case bad:
			if runStart < 0 {
				runStart = i
			}
			runEnd = i + size
		case ignorable(r) || r == zwj:
			flush()
		case r >= 'A' && r <= 'Z':
			flush()
			buf = append(buf, byte(r)+'a'-'A')
			offs = append(offs, int32(i))
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
			flush()
			c := byte(r - 0xFF01 + '!')
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
			offs = append(offs, int32(i))
		case unicodeSpace(r):
			flush()
			buf = append(buf, ' ')
			offs = append(offs, int32(i))
		default:
			flush()
			for k := 0; k < size; k++ {
				buf = append(buf, text[i+k])
				offs = append(offs, int32(i+k))
			}
		}
		if !bad && !ignorable(r) {
			prev = r
		}
		i += size
	}
	flush()
	offs = append(offs, int32(len(text)))
	v.folded = string(buf)
	v.offs = offs
	return v
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
