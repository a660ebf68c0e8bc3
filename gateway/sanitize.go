package gateway

import (
	"strings"
	"unicode/utf8"
)

// CleanText makes inbound text safe to store and show: invalid UTF-8
// becomes U+FFFD, CRLF becomes LF, and characters that are invisible or
// reorder text are dropped — C0/C1 controls other than tab and newline,
// bidirectional overrides and isolates (the "Trojan Source" trick),
// zero-width spaces, the BOM and Unicode tag characters (used to smuggle
// invisible instructions to models). Joiners (ZWJ, ZWNJ) stay: scripts and
// emoji need them.
func CleanText(s string) string {
	if cleanAlready(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if dropRune(r) {
			continue
		}
		if r == '\r' {
			r = '\n'
		}
		b.WriteRune(r)
	}
	return b.String()
}

func cleanAlready(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

func dropRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t' || r == '\r':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f): // C0, DEL, C1
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // embeddings, overrides, isolates
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c: // LRM, RLM, ALM
		return true
	case r == 0x200b || r == 0x2060 || r == 0xfeff: // zero-width space, word joiner, BOM
		return true
	case r >= 0xe0000 && r <= 0xe007f: // tag characters
		return true
	}
	return false
}

// cleanOutbound keeps what herm sends from carrying control characters
// (models occasionally emit them); layout characters stay.
func cleanOutbound(s string) string {
	if cleanAlready(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	return strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f)) {
			return -1
		}
		return r
	}, s)
}
