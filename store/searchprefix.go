package store

import (
	"context"
	"fmt"
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
// when there are at most maxPrefixWords, else the most frequent ones.
func (s *Store) prefixWords(ctx context.Context, prefix string) ([]string, error) {
	// The words after prefix and before it with its last byte raised are
	// exactly those starting with it (plain ASCII, binary order).
	upper := prefix[:len(prefix)-1] + string(prefix[len(prefix)-1]+1)
	words, err := s.vocabWords(ctx, `SELECT term FROM messages_fts_vocab WHERE term >= ? AND term < ? LIMIT ?`,
		prefix, upper, maxPrefixWords+1)
	if err != nil || len(words) <= maxPrefixWords {
		return words, err
	}
	return s.vocabWords(ctx, `SELECT term FROM messages_fts_vocab WHERE term >= ? AND term < ?
		ORDER BY doc DESC LIMIT ?`, prefix, upper, maxPrefixWords)
}

func (s *Store) vocabWords(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.rdb.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read the index vocabulary: %w", err)
	}
	defer rows.Close()
	var words []string
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			return nil, err
		}
		words = append(words, w)
	}
	return words, rows.Err()
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
