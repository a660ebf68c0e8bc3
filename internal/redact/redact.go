// Package redact hides the secrets herm holds — provider keys, platform
// tokens, the values of HERM_HOME/.env, its signing key — in text herm
// stores, shows or sends: tool results before the agent commits them,
// errors before a front end prints them.
//
// It matches the secrets' exact values. A secret a command transforms
// (base64, split across lines, cut short) is not recognised; keeping the
// secrets' files unreadable to commands is the sandbox's part.
package redact

import (
	"slices"
	"strings"
)

// Redactor replaces every known secret with its Mask. The zero value and
// a nil *Redactor hide nothing. It is safe for concurrent use.
type Redactor struct {
	secrets []string // longest first, no duplicates
	r       *strings.Replacer
}

// New returns a Redactor for secrets; empty ones are ignored. Where one
// secret contains another, the longer is replaced whole.
func New(secrets ...string) *Redactor {
	var list []string
	for _, s := range secrets {
		if s != "" && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	// strings.Replacer tries its pairs in order at each position: longest
	// first, so a secret that begins with another is not cut in two.
	slices.SortStableFunc(list, func(a, b string) int { return len(b) - len(a) })
	pairs := make([]string, 0, 2*len(list))
	for _, s := range list {
		pairs = append(pairs, s, Mask(s))
	}
	return &Redactor{secrets: list, r: strings.NewReplacer(pairs...)}
}

// Replace returns s with every secret masked.
func (r *Redactor) Replace(s string) string {
	if r == nil || len(r.secrets) == 0 {
		return s
	}
	return r.r.Replace(s)
}

// Mask hides a secret, keeping its last four characters so a person can
// tell which key is meant.
func Mask(secret string) string {
	if secret == "" {
		return ""
	}
	if len(secret) <= 8 {
		return "****"
	}
	return "****" + secret[len(secret)-4:]
}

// Stream redacts text that arrives in pieces (a command's live output),
// where a secret may be split between two pieces: the end of a piece that
// could be the start of a secret is held back until the next piece shows
// whether it is one. Pieces go to emit, redacted, in order; emit is never
// called with "".
//
// A Stream is not safe for concurrent use: Write and Flush are called by
// one writer, one call at a time.
type Stream struct {
	r    *Redactor
	emit func(string)
	held string
}

// Stream returns a Stream that passes redacted pieces to emit.
func (r *Redactor) Stream(emit func(string)) *Stream {
	return &Stream{r: r, emit: emit}
}

// Write takes the next piece.
func (s *Stream) Write(chunk string) {
	text := s.r.Replace(s.held + chunk)
	keep := s.r.partial(text)
	s.held = text[len(text)-keep:]
	if out := text[:len(text)-keep]; out != "" {
		s.emit(out)
	}
}

// Flush emits what was held back: the stream has ended, so it is not the
// start of a secret after all.
func (s *Stream) Flush() {
	if s.held != "" {
		s.emit(s.held)
		s.held = ""
	}
}

// partial returns the length of the longest end of text that is the start
// (but not the whole) of a secret.
func (r *Redactor) partial(text string) int {
	if r == nil {
		return 0
	}
	best := 0
	for _, secret := range r.secrets {
		// Candidates are where text's end could begin secret: the
		// positions in its last len(secret)-1 bytes holding secret's
		// first byte.
		from := max(len(text)-len(secret)+1, 0)
		for i := from; i < len(text) && len(text)-i > best; i++ {
			if text[i] == secret[0] && strings.HasPrefix(secret, text[i:]) {
				best = len(text) - i
				break
			}
		}
	}
	return best
}
