package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Listing the indexed words with a prefix (searchprefix.go) goes through
// the index vocabulary, which counts every word's postings as it lists
// it: ~40 ns per message containing the word, so a word in 600,000 of a
// million messages ("test" for "tes*") costs 25 ms alone, most of a
// keystroke's budget. The words that expensive are few and common, and a
// sample of recent messages finds them: prefixWords takes those words from
// the sample instead of counting them, and counts only the rest (rare
// words, cheap to count).
//
// The sample is a hint for speed, never a source of results: a common word
// the sample misses is counted as before (slower, same answer); a sampled
// word no longer in the index is asked for by name and matches nothing.

const (
	// hotSampleMessages is how many messages are sampled, in
	// hotSampleRuns runs.
	hotSampleMessages = 500
	hotSampleRuns     = 20
	// hotSampleChars bounds the text read per message (tool output can
	// be long; the words common everywhere show in any part of it).
	hotSampleChars = 1000
	// hotMinShare: a word in at least this share of the sample (1/50) is
	// hot; in a big store it stands for tens of thousands of messages.
	hotMinShare = 50
	// hotMinStore: below this many messages counting is cheap for every
	// word and there is nothing to sample.
	hotMinStore = 20000
)

// hotWord is a common word and about how many messages hold it.
type hotWord struct {
	term string
	doc  int64
}

// hotWords is the Store's sample, taken on the first prefix search that
// completes it (a cancelled search leaves it for the next).
type hotWords struct {
	mu    sync.Mutex
	taken bool
	words []hotWord // sorted by term
	// minStore overrides hotMinStore (tests).
	minStore int64
}

// WarmSearch prepares prefix search (samples the common words, ~10–20 ms
// in a million messages) so the first prefix typed does not wait for it.
// The sessions pane calls it when it opens; it is safe to call often
// (only the first successful call works) and concurrently with searches.
func (s *Store) WarmSearch(ctx context.Context) error {
	if _, err := s.hot(ctx); err != nil {
		return opError(err, "prepare search")
	}
	return nil
}

// hot returns the common words, sampling them on first use.
func (s *Store) hot(ctx context.Context) ([]hotWord, error) {
	h := &s.hotWords
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.taken {
		words, err := s.sampleHotWords(ctx, cmp.Or(h.minStore, hotMinStore))
		if err != nil {
			return nil, err
		}
		h.words, h.taken = words, true
	}
	return h.words, nil
}

// sampleHotWords reads the indexed text of hotSampleMessages messages
// spread evenly over the store's history (the newest alone could be one
// repetitive session) and returns the words in at least 1/hotMinShare of
// them, with their share scaled to the store's size.
func (s *Store) sampleHotWords(ctx context.Context, minStore int64) ([]hotWord, error) {
	// min and max in separate subqueries: together in one they scan
	// the table.
	var first, last int64
	if err := s.r.QueryRowContext(ctx, `SELECT coalesce((SELECT min(id) FROM messages), 0),
		coalesce((SELECT max(id) FROM messages), 0)`).Scan(&first, &last); err != nil {
		return nil, fmt.Errorf("sample common words: %w", err)
	}
	if last-first+1 < minStore {
		return nil, nil
	}
	// hotSampleRuns runs of consecutive messages, evenly spread: rows
	// next to each other are cheap to read, rows picked one by one each
	// cost a B-tree descent and scattered page reads.
	per := int64(hotSampleMessages / hotSampleRuns)
	docs := map[string]int{}
	seen := map[string]bool{}
	n := 0
	runs := int64(hotSampleRuns)
	if last-first+1 <= hotSampleMessages {
		runs, per = 1, last-first+1 // all of it
	}
	for i := range runs {
		start := first + (last-first+1-per)*i/max(runs-1, 1)
		err := s.sampleRun(ctx, start, start+per-1, func(texts ...string) {
			n++
			clear(seen)
			for _, text := range texts {
				asciiWords(text, func(w string) {
					if !seen[w] {
						seen[w] = true
						docs[w]++
					}
				})
			}
		})
		if err != nil {
			return nil, fmt.Errorf("sample common words: %w", err)
		}
	}
	if n == 0 {
		return nil, nil
	}
	minDocs := max(n/hotMinShare, 2)
	var hot []hotWord
	for w, d := range docs {
		if d >= minDocs {
			hot = append(hot, hotWord{w, int64(d) * (last - first + 1) / int64(n)})
		}
	}
	slices.SortFunc(hot, func(a, b hotWord) int { return strings.Compare(a.term, b.term) })
	return hot, nil
}

// sampleRun calls f with the indexed text of the messages with ids in
// [from, to].
func (s *Store) sampleRun(ctx context.Context, from, to int64, f func(texts ...string)) error {
	return eachRow(ctx, s.r, `SELECT substr(content, 1, ?), tool_name, substr(tool_args, 1, ?)
		FROM messages WHERE id BETWEEN ? AND ?`, []any{hotSampleChars, hotSampleChars, from, to}, func(rows *sql.Rows) error {
		var content, name, args string
		if err := rows.Scan(&content, &name, &args); err != nil {
			return err
		}
		f(content, name, args)
		return nil
	})
}

// asciiWords calls f with the lower-cased words of text made only of ASCII
// letters and digits, the index form of such words; a word touching other
// characters is skipped (the index may spell it differently).
func asciiWords(text string, f func(string)) {
	start, plain := -1, true
	var buf []byte
	emit := func(end int) {
		if start >= 0 && plain {
			w := text[start:end]
			if hasUpper(w) {
				buf = append(buf[:0], w...)
				for i, c := range buf {
					if c >= 'A' && c <= 'Z' {
						buf[i] = c + 'a' - 'A'
					}
				}
				w = string(buf)
			}
			f(w)
		}
		start, plain = -1, true
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			if start < 0 {
				start = i
			}
		case c >= 0x80:
			// Part of a non-ASCII letter (a word character to the index)
			// or of a separator: either way not a plain ASCII word.
			if start < 0 {
				start = i
			}
			plain = false
		default:
			emit(i)
		}
	}
	emit(len(text))
}

func hasUpper(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' {
			return true
		}
	}
	return false
}

// hotIn returns the hot words in [lo, hi).
func hotIn(hot []hotWord, lo, hi string) []hotWord {
	i, _ := slices.BinarySearchFunc(hot, lo, func(h hotWord, t string) int { return strings.Compare(h.term, t) })
	j, _ := slices.BinarySearchFunc(hot, hi, func(h hotWord, t string) int { return strings.Compare(h.term, t) })
	return hot[i:j]
}
