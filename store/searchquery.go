package store

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/text"
)

// ErrBadFilter is wrapped by Search when a filter in the query (before:,
// after:, role:…) has a value it cannot understand. The error says which
// values are accepted.
var ErrBadFilter = errors.New("bad search filter")

// queryTerm is one thing to look for: a word or phrase.
type queryTerm struct {
	text    string
	prefix  bool
	negated bool
	// orNext joins this term to the next with OR instead of AND.
	orNext bool
	// words, when set, are the indexed words a prefix term matches,
	// asked for by name instead of as a prefix (see expandPrefixes).
	words []string
}

func (t queryTerm) fts() string {
	if len(t.words) > 0 {
		var b strings.Builder
		b.WriteString("(")
		for i, w := range t.words {
			if i > 0 {
				b.WriteString(" OR ")
			}
			b.WriteString(`"` + strings.ReplaceAll(w, `"`, `""`) + `"`)
		}
		b.WriteString(")")
		return b.String()
	}
	q := `"` + strings.ReplaceAll(t.text, `"`, `""`) + `"`
	if t.prefix {
		q += "*"
	}
	return q
}

// queryFilters are the key:value parts of a query. Values of one key are
// alternatives (source:cli source:tui = either).
type queryFilters struct {
	sources, notSources []string
	models, notModels   []string
	roles, notRoles     []string
	sessions            []string
	before, after       time.Time
}

// parsedQuery is what a person typed, understood: terms to match and
// filters to apply. Operator words with nothing to apply to are kept in ops
// so a query made only of them can be searched literally.
type parsedQuery struct {
	terms   []queryTerm
	ops     []string
	filters queryFilters
}

// filterKeys are the words that start a filter when followed by a colon.
var filterKeys = [...]string{"source", "model", "role", "before", "after", "session"}

func isFilterKey(k string) bool {
	for _, f := range filterKeys {
		if strings.EqualFold(k, f) {
			return true
		}
	}
	return false
}

// parseQuery splits input into terms and filters. now anchors relative
// dates (after:7d). Only a filter with a value it cannot read is an error;
// any other text is searched literally.
func parseQuery(input string, now time.Time) (parsedQuery, error) {
	var q parsedQuery
	// FTS5 reads a NUL as the end of the query, and control characters and
	// broken UTF-8 are never part of a token: make them all separators.
	input = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return ' '
		}
		return r
	}, input)
	var (
		negateNext bool // after NOT or a lone -
		orPending  bool // an OR was seen since the last term
	)
	add := func(t queryTerm) {
		if !searchable(t.text) {
			negateNext = false
			return
		}
		t.negated = t.negated || negateNext
		negateNext = false
		if orPending && !t.negated && len(q.terms) > 0 && !q.terms[len(q.terms)-1].negated {
			q.terms[len(q.terms)-1].orNext = true
		}
		orPending = false
		q.terms = append(q.terms, t)
	}
	rest := input
	for {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		if rest[0] == '"' {
			phrase, after, closed := strings.Cut(rest[1:], `"`)
			rest = after
			t := queryTerm{text: phrase}
			if closed && strings.HasPrefix(rest, "*") {
				t.prefix = true
				rest = strings.TrimLeft(rest, "*")
			}
			add(t)
			continue
		}
		end := strings.IndexFunc(rest, func(r rune) bool { return r == '"' || unicode.IsSpace(r) })
		if end < 0 {
			end = len(rest)
		}
		word := rest[:end]
		rest = rest[end:]
		switch word {
		case "AND":
			q.ops = append(q.ops, word)
			continue
		case "OR":
			q.ops = append(q.ops, word)
			orPending = true
			continue
		case "NOT":
			q.ops = append(q.ops, word)
			negateNext = true
			continue
		}
		if key, value, ok := cutFilter(word); ok {
			if value == "" && strings.HasPrefix(rest, `"`) {
				// key:"quoted value"
				value, rest, _ = strings.Cut(rest[1:], `"`)
			}
			negated := negateNext || strings.HasPrefix(word, "-")
			negateNext = false
			if err := q.filters.add(key, value, negated, now); err != nil {
				return q, err
			}
			continue
		}
		t := queryTerm{}
		if strings.HasPrefix(word, "-") {
			word = strings.TrimLeft(word, "-")
			if word == "" {
				// A lone "-" right before a quote excludes that phrase.
				negateNext = strings.HasPrefix(rest, `"`)
				continue
			}
			t.negated = true
		}
		if strings.HasSuffix(word, "*") {
			word = strings.TrimRight(word, "*")
			t.prefix = true
		}
		t.text = word
		add(t)
	}
	if len(q.terms) == 0 && len(q.ops) > 0 {
		// Only operator words ("AND", "OR"): the person is looking for
		// those words.
		for _, op := range q.ops {
			q.terms = append(q.terms, queryTerm{text: op})
		}
	}
	return q, nil
}

// cutFilter recognises key:value (or -key:value) for a known key.
func cutFilter(word string) (key, value string, ok bool) {
	word = strings.TrimPrefix(word, "-")
	key, value, found := strings.Cut(word, ":")
	if !found || !isFilterKey(key) {
		return "", "", false
	}
	return strings.ToLower(key), value, true
}

func (f *queryFilters) add(key, value string, negated bool, now time.Time) error {
	value = strings.TrimSpace(value)
	if value == "" {
		return fmt.Errorf("%w: %s: needs a value, e.g. %s", ErrBadFilter, key, filterExample(key))
	}
	switch key {
	case "source":
		appendTo(&f.sources, &f.notSources, negated, strings.ToLower(value))
	case "model":
		appendTo(&f.models, &f.notModels, negated, value)
	case "role":
		r := strings.ToLower(value)
		if !validRole(r) {
			return fmt.Errorf("%w: role:%s is not a role; use role:user, role:assistant, role:tool or role:system", ErrBadFilter, value)
		}
		appendTo(&f.roles, &f.notRoles, negated, r)
	case "session":
		if negated {
			return fmt.Errorf("%w: session: cannot be negated", ErrBadFilter)
		}
		f.sessions = append(f.sessions, value)
	case "before", "after":
		if negated {
			return fmt.Errorf("%w: %s: cannot be negated; use the other of before: and after:", ErrBadFilter, key)
		}
		t, err := ParseWhen(value, now)
		if err != nil {
			return fmt.Errorf("%w: %s:%s: %v", ErrBadFilter, key, value, err)
		}
		if key == "before" {
			if f.before.IsZero() || t.Before(f.before) {
				f.before = t
			}
		} else if t.After(f.after) {
			f.after = t
		}
	}
	return nil
}

func appendTo(pos, neg *[]string, negated bool, v string) {
	if negated {
		*neg = append(*neg, v)
	} else {
		*pos = append(*pos, v)
	}
}

func filterExample(key string) string {
	switch key {
	case "before", "after":
		return key + ":2026-01-31 or " + key + ":7d"
	case "role":
		return "role:user"
	case "model":
		return "model:gpt-4o"
	case "session":
		return "session:20260131_120000_a1b2c3"
	}
	return "source:telegram"
}

func validRole(r string) bool {
	switch r {
	case "system", "user", "assistant", "tool":
		return true
	}
	return false
}

// ParseWhen reads a point in time as people write it in a search: an age
// relative to now (30m, 12h, 7d, 2w, 3mo, 1y), today or yesterday, a date
// (2026-01-31, 2026-01), or a date and time (2026-01-31T15:04, RFC 3339).
// Dates without a zone are local time; a date means its first moment.
func ParseWhen(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "today":
		return startOfDay(now), nil
	case "yesterday":
		return startOfDay(now).AddDate(0, 0, -1), nil
	}
	if t, ok := parseAge(strings.ToLower(s), now); ok {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02", "2006-01"} {
		if t, err := time.ParseInLocation(layout, s, now.Location()); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errors.New("not a date or age; use 2026-01-31, 2026-01-31T15:04, or an age like 30m, 12h, 7d, 2w, 3mo, 1y")
}

func startOfDay(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// parseAge reads "7d"-style ages: a count and a unit.
func parseAge(s string, now time.Time) (time.Time, bool) {
	i := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if i <= 0 {
		return time.Time{}, false
	}
	n, err := strconv.Atoi(s[:i])
	if err != nil || n > 100000 {
		return time.Time{}, false
	}
	switch s[i:] {
	case "m", "min":
		return now.Add(-time.Duration(n) * time.Minute), true
	case "h":
		return now.Add(-time.Duration(n) * time.Hour), true
	case "d":
		return now.AddDate(0, 0, -n), true
	case "w":
		return now.AddDate(0, 0, -7*n), true
	case "mo":
		return now.AddDate(0, -n, 0), true
	case "y":
		return now.AddDate(-n, 0, 0), true
	}
	return time.Time{}, false
}

// ftsQuery turns what a person typed into an FTS5 MATCH expression over all
// of its terms (filters are dropped). See buildFTS.
func ftsQuery(input string) (string, error) {
	q, err := parseQuery(input, time.Now())
	if err != nil {
		return "", err
	}
	var pos, neg []queryTerm
	for _, t := range q.terms {
		if t.negated {
			neg = append(neg, t)
		} else {
			pos = append(pos, t)
		}
	}
	if err := checkTerms(pos, neg); err != nil {
		return "", err
	}
	return buildFTS(andGroups(pos), neg), nil
}

func checkTerms(pos, neg []queryTerm) error {
	if len(pos) > 0 {
		return nil
	}
	if len(neg) > 0 {
		return fmt.Errorf("%w: the query only excludes words; add a word to look for", ErrEmptyQuery)
	}
	return fmt.Errorf("%w: the query has no word with letters or digits", ErrEmptyQuery)
}

// andGroups splits positive terms into groups that must all match; the
// terms inside a group are alternatives (joined by OR). OR binds tighter
// than the implicit AND (a b OR c = a AND (b OR c)), as in web search.
func andGroups(pos []queryTerm) [][]queryTerm {
	var groups [][]queryTerm
	for i, t := range pos {
		if i > 0 && pos[i-1].orNext {
			groups[len(groups)-1] = append(groups[len(groups)-1], t)
			continue
		}
		groups = append(groups, []queryTerm{t})
	}
	return groups
}

// buildFTS writes an FTS5 MATCH expression. Every word and phrase is
// emitted as an FTS5 string, so user text can never be read as FTS5 syntax;
// the only operators in the result are the ones built here. Exclusions
// apply to the whole query. Long queries stay shallow: FTS5 flattens AND
// and OR lists but nests each binary NOT, so all exclusions go in one NOT
// of an OR group (FTS5 refuses trees deeper than 256).
func buildFTS(groups [][]queryTerm, neg []queryTerm) string {
	var b strings.Builder
	for i, g := range groups {
		if i > 0 {
			b.WriteString(" AND ")
		}
		b.WriteString("(")
		for j, t := range g {
			if j > 0 {
				b.WriteString(" OR ")
			}
			b.WriteString(t.fts())
		}
		b.WriteString(")")
	}
	for i, t := range neg {
		if i == 0 {
			b.WriteString(" NOT (")
		} else {
			b.WriteString(" OR ")
		}
		b.WriteString(t.fts())
	}
	if len(neg) > 0 {
		b.WriteString(")")
	}
	return b.String()
}

// searchable reports whether the unicode61 tokenizer would find a token in
// s: a letter, a digit or a private-use character (its default categories
// L*, N* and Co).
func searchable(s string) bool {
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		if unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Co, r) {
			return true
		}
	}
	return false
}

// unsegmented reports whether s has characters of a script written without
// spaces between words (Chinese, Japanese, Thai…) or with particles glued
// to words (Korean). The index keeps such a run as one token, so a word
// inside it can only be found by substring.
func unsegmented(s string) bool {
	for _, r := range s {
		if r < 0x0E00 {
			continue // fast path: Latin, Cyrillic, Greek, Arabic, Hebrew…
		}
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
			unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan) {
			return true
		}
	}
	return false
}

// shorten cuts a query for an error message.
func shorten(q string) string {
	const keep = 80
	if utf8.RuneCountInString(q) <= keep {
		return q
	}
	return text.Head(q, keep) + text.Ellipsis
}
