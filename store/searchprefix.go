package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// maxPrefixWords bounds how many indexed words one prefix term is asked
// for by name. A prefix matching more (a single letter) stands for its
// maxPrefixWords most frequent words.
const maxPrefixWords = 64

// expandPrefixes gives prefix terms (kub*) the indexed words they match,
// from the index vocabulary: FTS5 answers a prefix by merging the postings
// of all those words before returning anything, which takes a third of a
// second in a million messages, while the same words asked for by name
// come back newest first at once. Only terms that are one plain ASCII word
// are expanded (their index form is just the lower case); others, and
// prefixes matching no word, stay prefix queries.
func (s *Store) expandPrefixes(ctx context.Context, groups [][]queryTerm, neg []queryTerm) error {
	expand := func(t *queryTerm) error {
		if !t.prefix || !plainASCIIWord(t.text) {
			return nil
		}
		words, err := s.prefixWords(ctx, strings.ToLower(t.text))
		t.words = words
		return err
	}
	for _, g := range groups {
		for i := range g {
			if err := expand(&g[i]); err != nil {
				return err
			}
		}
	}
	for i := range neg {
		if err := expand(&neg[i]); err != nil {
			return err
		}
	}
	return nil
}

// prefixWords lists the indexed words starting with prefix: all of them
// when there are at most maxPrefixWords, else the most frequent ones. The
// common words (searchhot.go) come from the sample; the vocabulary counts
// only the words between them.
func (s *Store) prefixWords(ctx context.Context, prefix string) ([]string, error) {
	// The vocabulary counts the words at its range's bounds even when the
	// bounds exclude them (term < x counts x), so every range here is
	// inclusive and bounded by strings that are never words: no indexed
	// word (UTF-8) holds the byte 0xff or a control character.
	last := prefix + "\xff" // above every word starting with prefix
	hot, err := s.hot(ctx)
	if err != nil {
		return nil, err
	}
	known := hotIn(hot, prefix, last)
	found := slices.Clone(known)
	lo := prefix
	for i := 0; i <= len(known); i++ {
		hi := last
		if i < len(known) {
			hi = justBefore(known[i].term)
		}
		if lo <= hi {
			words, err := s.vocabWords(ctx, `SELECT term, doc FROM messages_fts_vocab
				WHERE term >= ? AND term <= ? ORDER BY doc DESC LIMIT ?`, lo, hi, maxPrefixWords)
			if err != nil {
				return nil, err
			}
			found = append(found, words...)
		}
		if i < len(known) {
			lo = known[i].term + "\x01" // just after it
		}
	}
	if len(found) > maxPrefixWords {
		slices.SortFunc(found, func(a, b hotWord) int { return cmp.Compare(b.doc, a.doc) })
		found = found[:maxPrefixWords]
	}
	words := make([]string, len(found))
	for i, w := range found {
		words[i] = w.term
	}
	slices.Sort(words)
	return words, nil
}

// justBefore returns a string above every word below w (a plain ASCII
// word) and below w: w with its last byte lowered and 0xff appended.
func justBefore(w string) string {
	b := []byte(w)
	b[len(b)-1]--
	return string(append(b, 0xff))
}

func (s *Store) vocabWords(ctx context.Context, query string, args ...any) ([]hotWord, error) {
	words, err := allRows(ctx, s.r, query, args, func(rows *sql.Rows) (w hotWord, err error) {
		return w, rows.Scan(&w.term, &w.doc)
	})
	if err != nil {
		return nil, fmt.Errorf("read the index vocabulary: %w", err)
	}
	return words, nil
}

// plainASCIIWord reports whether s is one token of ASCII letters and
// digits, whose index form is its lower case.
func plainASCIIWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
