package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// ErrEmptyQuery is wrapped by Search when the query holds nothing the index
// can look for: no word with a letter or digit (only punctuation, emoji or
// operators), or only excluded words.
var ErrEmptyQuery = errors.New("nothing to search for")

// Snippet markers: Hit.Snippet wraps each matched word in these. They were
// chosen over [ ] because brackets are common in code and Markdown.
const (
	SnippetOpen     = "«"
	SnippetClose    = "»"
	SnippetEllipsis = "…"
)

// snippetTokens is how many words a snippet shows around the matches.
const snippetTokens = 24

// SearchOptions narrows a search.
type SearchOptions struct {
	// Limit defaults to 20 when zero or negative, and is at most 500.
	Limit int
	// SessionID keeps only hits from that session.
	SessionID string
	// Roles keeps only hits from messages with one of these roles.
	Roles []string
}

// Hit is one message matching a search.
type Hit struct {
	MessageID int64
	SessionID string
	Role      string
	// Snippet is the best-matching part of the message with matched words
	// between SnippetOpen and SnippetClose and cuts marked by
	// SnippetEllipsis.
	Snippet string
	// Rank is the BM25 score: lower (more negative) is a better match.
	Rank      float64
	CreatedAt time.Time
}

// Search finds messages matching query, best first (BM25, then newest).
//
// The query language is forgiving, since people type it: words must all
// match (AND is the default), "double quotes" match a phrase, word* matches a
// prefix, OR between two words matches either, and -word or NOT word
// excludes. Everything else is searched as literal text, so no query makes
// the index fail with a syntax error; punctuation is ignored as it is in the
// index. A query with nothing searchable returns ErrEmptyQuery.
func (s *Store) Search(ctx context.Context, query string, opts SearchOptions) ([]Hit, error) {
	match, err := ftsQuery(query)
	if err != nil {
		return nil, fmt.Errorf("store: search %q: %w", shorten(query), err)
	}
	limit := opts.Limit
	if limit <= 0 {
		limit = 20
	}
	limit = min(limit, 500)

	var b strings.Builder
	// bm25 weights: a tool name match counts double; content and tool
	// arguments count the same.
	b.WriteString(`SELECT m.id, m.session_id, m.role,
		snippet(messages_fts, -1, ?, ?, ?, ?),
		bm25(messages_fts, 1.0, 2.0, 1.0) AS score, m.created_at
		FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
		WHERE messages_fts MATCH ?`)
	args := []any{SnippetOpen, SnippetClose, SnippetEllipsis, snippetTokens, match}
	if opts.SessionID != "" {
		b.WriteString(` AND m.session_id = ?`)
		args = append(args, opts.SessionID)
	}
	if len(opts.Roles) > 0 {
		b.WriteString(` AND m.role IN (?` + strings.Repeat(`, ?`, len(opts.Roles)-1) + `)`)
		for _, r := range opts.Roles {
			args = append(args, r)
		}
	}
	b.WriteString(` ORDER BY score, m.id DESC LIMIT ?`)
	args = append(args, limit)

	rows, err := s.rdb.QueryContext(ctx, b.String(), args...)
	if err != nil {
		return nil, fmt.Errorf("store: search %q: %w", shorten(query), err)
	}
	defer rows.Close()
	var hits []Hit
	for rows.Next() {
		var h Hit
		var created int64
		if err := rows.Scan(&h.MessageID, &h.SessionID, &h.Role, &h.Snippet, &h.Rank, &created); err != nil {
			return nil, fmt.Errorf("store: search %q: %w", shorten(query), err)
		}
		h.CreatedAt = fromNanos(created)
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: search %q: %w", shorten(query), err)
	}
	return hits, nil
}

// queryTerm is one thing to look for: a word or phrase, quoted for FTS5.
type queryTerm struct {
	text    string
	prefix  bool
	negated bool
	// orNext joins this term to the next with OR instead of AND.
	orNext bool
}

func (t queryTerm) fts() string {
	q := `"` + strings.ReplaceAll(t.text, `"`, `""`) + `"`
	if t.prefix {
		q += "*"
	}
	return q
}

// ftsQuery turns what a person typed into an FTS5 MATCH expression. Every
// word and phrase is emitted as an FTS5 string, so user text can never be
// read as FTS5 syntax; the only operators in the result are the ones built
// here. OR binds tighter than the implicit AND (a b OR c = a AND (b OR c)),
// as in web search, and exclusions apply to the whole query. Long queries
// stay shallow: FTS5 flattens AND and OR lists.
func ftsQuery(input string) (string, error) {
	terms, ops := lexQuery(input)
	if len(terms) == 0 && len(ops) > 0 {
		// Only operator words ("AND", "OR"): the person is looking for
		// those words.
		for _, op := range ops {
			terms = append(terms, queryTerm{text: op})
		}
	}
	var pos, neg []queryTerm
	for _, t := range terms {
		if t.negated {
			neg = append(neg, t)
		} else {
			pos = append(pos, t)
		}
	}
	if len(pos) == 0 {
		if len(neg) > 0 {
			return "", fmt.Errorf("%w: the query only excludes words; add a word to look for", ErrEmptyQuery)
		}
		return "", fmt.Errorf("%w: the query has no word with letters or digits", ErrEmptyQuery)
	}

	var b strings.Builder
	b.WriteString("(")
	for i, t := range pos {
		if i > 0 {
			if pos[i-1].orNext {
				b.WriteString(" OR ")
			} else {
				b.WriteString(") AND (")
			}
		}
		b.WriteString(t.fts())
	}
	b.WriteString(")")
	// One NOT of an OR group: FTS5 flattens OR lists but nests each binary
	// NOT, and refuses trees deeper than 256.
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
	return b.String(), nil
}

// lexQuery splits input into searchable terms. Operator words that have
// nothing to apply to are dropped and returned in ops (so a query made only
// of them can be searched literally). Terms the index could not match
// (no letter or digit) are dropped.
func lexQuery(input string) (terms []queryTerm, ops []string) {
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
		if orPending && !t.negated && len(terms) > 0 && !terms[len(terms)-1].negated {
			terms[len(terms)-1].orNext = true
		}
		orPending = false
		terms = append(terms, t)
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
			ops = append(ops, word)
			continue
		case "OR":
			ops = append(ops, word)
			orPending = true
			continue
		case "NOT":
			ops = append(ops, word)
			negateNext = true
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
	return terms, ops
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

// shorten cuts a query for an error message.
func shorten(q string) string {
	const keep = 80
	if utf8.RuneCountInString(q) <= keep {
		return q
	}
	return string([]rune(q)[:keep]) + "…"
}
