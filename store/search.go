package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// ErrEmptyQuery is the Err of the *QueryError Search returns when the query
// holds nothing the index can look for: no word with a letter or digit (only punctuation, emoji or
// operators), or only excluded words.
var ErrEmptyQuery = errors.New("nothing to search for")

// Snippet markers: Hit.Snippet wraps each matched word in these. They were
// chosen over [ ] because brackets are common in code and Markdown.
const (
	SnippetOpen     = "«"
	SnippetClose    = "»"
	SnippetEllipsis = "…"
)

// snippetTokens is how many words an FTS5 snippet shows around the matches.
const snippetTokens = 24

// rankCandidates bounds how many matches are scored with BM25: the newest
// ones. A rare term has fewer matches than this and is ranked exactly; a
// word in a third of a million messages would otherwise cost seconds to
// rank, where the newest few thousand give the same first page in a blink.
const rankCandidates = 2000

// SearchOptions narrows a search. Filters written in the query (source:,
// model:, role:, before:, after:, session:) add to these.
type SearchOptions struct {
	// Limit defaults to 20 when zero or negative, and is at most 500. For
	// SearchSessions it counts sessions (lineages), default 10.
	Limit  int
	Offset int
	// SessionID keeps only hits from that session.
	SessionID string
	// Roles keeps only hits from messages with one of these roles.
	// Without it (or role: in the query) system prompts are not searched:
	// they repeat in every session.
	Roles []string
	// Sources keeps only sessions from these front ends (cli, telegram…).
	Sources []string
	// Models keeps only sessions whose model contains one of these
	// (case-insensitive): "claude" matches claude-sonnet-4.
	Models []string
	// Before and After bound the messages' time (After inclusive).
	Before, After time.Time
	// ExcludeSessions drops hits from these sessions (the current one).
	ExcludeSessions []string
	// IncludeHidden also searches hidden sessions (see HiddenSource). They
	// are also searched when a source: filter or SessionID names them.
	IncludeHidden bool
	// Substring matches every term anywhere inside words, by scanning
	// instead of using the index: slower, newest first, unranked. Terms in
	// scripts without spaces (Chinese, Japanese, Thai…) always match so.
	Substring bool
	// HitsPerGroup caps the hits SearchSessions keeps per lineage
	// (default 3).
	HitsPerGroup int
	// NewestFirst orders hits by time instead of relevance (Rank is 0).
	// It is several times faster for common words, which suits
	// search-as-you-type; rare words cost little either way.
	NewestFirst bool
	// Now anchors relative dates in the query (after:7d); zero means now.
	Now time.Time
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
	// Rank is the BM25 score: lower (more negative) is a better match. It
	// is 0 for substring matches, which are ordered newest first.
	Rank      float64
	CreatedAt time.Time
}

// HiddenSource reports whether sessions from source are hidden from lists
// and searches by default: sessions herm starts for its own work
// (delegated subagents, tools that call a model) rather than conversations
// a person had.
func HiddenSource(source string) bool {
	return source == "subagent" || source == "tool"
}

// hiddenSources lists the sources HiddenSource hides, for SQL.
func hiddenSources() []string { return []string{"subagent", "tool"} }

// Search finds messages matching query, best first (BM25, then newest).
//
// The query language is forgiving, since people type it: words must all
// match (AND is the default), "double quotes" match a phrase, word* matches a
// prefix, OR between two words matches either, and -word or NOT word
// excludes. source:, model:, role:, before:, after: and session: filter
// (-source:cron excludes; dates are 2026-01-31 or ages like 7d). Everything
// else is searched as literal text, so no query makes the index fail with a
// syntax error; punctuation is ignored as it is in the index. A query the
// store cannot run as typed returns a *QueryError, whose text is for the
// person who typed it: ErrEmptyQuery when nothing in it is searchable,
// ErrBadFilter for a filter with a value it cannot read, ErrQueryTooLong.
func (s *Store) Search(ctx context.Context, query string, opts SearchOptions) ([]Hit, error) {
	hits, err := s.searchPage(ctx, query, opts)
	if err != nil {
		return nil, opError(err, "search %q", shorten(query))
	}
	return hits, nil
}

func (s *Store) searchPage(ctx context.Context, query string, opts SearchOptions) ([]Hit, error) {
	r, err := s.prepareSearch(ctx, query, opts)
	if err != nil {
		return nil, err
	}
	hits, err := r.hits(ctx, max(opts.Offset, 0), min(defaultInt(opts.Limit, 20), 500))
	if err != nil {
		return nil, err
	}
	return hits, r.snippets(ctx, hits)
}

func defaultInt(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// plan is a parsed query ready to run.
type plan struct {
	groups  [][]queryTerm // positive terms: all groups must match, any term of a group
	neg     []queryTerm
	filters queryFilters
	opts    SearchOptions
}

// searchRun is a parsed query ready to run a page at a time. Hits are
// ranked first and given snippets after, so only those shown cost one.
type searchRun struct {
	s    *Store
	p    plan
	like bool // no indexed word: scan with LIKE
	// For the index: the MATCH expression, and the groups and exclusions
	// checked as substrings of its candidates.
	match      string
	likeGroups [][]queryTerm
	likeNeg    []queryTerm
}

func (s *Store) prepareSearch(ctx context.Context, query string, opts SearchOptions) (*searchRun, error) {
	now := opts.Now
	if now.IsZero() {
		now = time.Now()
	}
	pq, err := parseQuery(query, now)
	if err != nil {
		return nil, err
	}
	var pos, neg []queryTerm
	for _, t := range pq.terms {
		if t.negated {
			neg = append(neg, t)
		} else {
			pos = append(pos, t)
		}
	}
	if err := checkTerms(pos, neg); err != nil {
		return nil, err
	}
	r := &searchRun{s: s, p: plan{groups: dedupeGroups(andGroups(pos)), neg: dedupeTerms(neg), filters: pq.filters, opts: opts}}
	p := &r.p
	p.mergeOptions()

	// The index answers terms it tokenizes as words; a term that needs a
	// substring match makes its group a LIKE condition. A group mixing
	// both (a OR 東京) cannot be split between MATCH and LIKE, and neither
	// can a query with no indexed group: those scan.
	var ftsGroups [][]queryTerm
	mixed := false
	for _, g := range p.groups {
		n := 0
		for _, t := range g {
			if p.substring(t) {
				n++
			}
		}
		switch n {
		case 0:
			ftsGroups = append(ftsGroups, g)
		case len(g):
			r.likeGroups = append(r.likeGroups, g)
		default:
			mixed = true
		}
	}
	if mixed || len(ftsGroups) == 0 {
		r.like, r.likeGroups, r.likeNeg = true, p.groups, p.neg
	} else {
		var ftsNeg []queryTerm
		for _, t := range p.neg {
			if p.substring(t) {
				r.likeNeg = append(r.likeNeg, t)
			} else {
				ftsNeg = append(ftsNeg, t)
			}
		}
		if err := s.expandPrefixes(ctx, ftsGroups, ftsNeg); err != nil {
			return nil, err
		}
		r.match = buildFTS(ftsGroups, ftsNeg)
	}
	if n := len(termTexts(r.likeGroups)) + len(r.likeNeg); n > maxLikeTerms {
		return nil, queryError(ErrQueryTooLong, "a search takes at most %d different words matched by substring, not %d", maxLikeTerms, n)
	}
	return r, nil
}

// hits returns a page of hits without snippets (substring hits have them).
func (r *searchRun) hits(ctx context.Context, offset, limit int) ([]Hit, error) {
	if r.like {
		return r.s.searchLike(ctx, r.p, r.likeGroups, r.likeNeg, offset, limit)
	}
	return r.s.searchFTS(ctx, r.p, r.match, r.likeGroups, r.likeNeg, offset, limit)
}

// snippets fills the hits' snippets.
func (r *searchRun) snippets(ctx context.Context, hits []Hit) error {
	if r.like {
		return nil
	}
	if err := r.s.ftsSnippets(ctx, r.match, hits); err != nil {
		return err
	}
	if extra := termTexts(r.likeGroups); len(extra) > 0 {
		for i := range hits {
			hits[i].Snippet = markTerms(hits[i].Snippet, extra)
		}
	}
	return nil
}

// maxLikeTerms bounds the words matched by substring: each is a condition
// in the SQL, and SQLite refuses expressions nested 1,000 deep.
const maxLikeTerms = 200

// ErrQueryTooLong is the Err of the *QueryError Search returns when a
// query has more words than it can match by substring.
var ErrQueryTooLong = errors.New("search query too long")

// dedupeGroups drops AND groups that repeat an earlier one (a a = a).
func dedupeGroups(groups [][]queryTerm) [][]queryTerm {
	seen := map[string]bool{}
	out := groups[:0]
	for _, g := range groups {
		var key strings.Builder
		for _, t := range g {
			key.WriteString(t.fts())
			key.WriteByte(0)
		}
		if !seen[key.String()] {
			seen[key.String()] = true
			out = append(out, g)
		}
	}
	return out
}

// dedupeTerms drops repeated terms.
func dedupeTerms(terms []queryTerm) []queryTerm {
	seen := map[string]bool{}
	out := terms[:0]
	for _, t := range terms {
		if k := t.fts(); !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

func (p *plan) substring(t queryTerm) bool { return p.opts.Substring || unsegmented(t.text) }

// mergeOptions adds the options' filters to those written in the query.
func (p *plan) mergeOptions() {
	o, f := p.opts, &p.filters
	if o.SessionID != "" {
		f.sessions = append(f.sessions, o.SessionID)
	}
	f.roles = append(f.roles, o.Roles...)
	for _, src := range o.Sources {
		f.sources = append(f.sources, strings.ToLower(src))
	}
	f.models = append(f.models, o.Models...)
	if !o.Before.IsZero() && (f.before.IsZero() || o.Before.Before(f.before)) {
		f.before = o.Before
	}
	if o.After.After(f.after) {
		f.after = o.After
	}
}

// where returns the SQL conditions (on messages m) for the plan's filters.
func (p *plan) where() (string, []any) {
	var (
		conds []string
		args  []any
	)
	in := func(col string, vals []string, not bool) {
		if len(vals) == 0 {
			return
		}
		op := " IN "
		if not {
			op = " NOT IN "
		}
		conds = append(conds, col+op+placeholders(len(vals)))
		for _, v := range vals {
			args = append(args, v)
		}
	}
	f := p.filters
	in("m.session_id", f.sessions, false)
	in("m.session_id", p.opts.ExcludeSessions, true)
	in("m.role", f.roles, false)
	in("m.role", f.notRoles, true)
	if len(f.roles) == 0 {
		// System prompts repeat in every session (instructions, memory,
		// project files) and would match everywhere; role:system
		// searches them.
		conds = append(conds, "m.role <> 'system'")
	}
	if !f.after.IsZero() {
		conds = append(conds, "m.created_at >= ?")
		args = append(args, toNanos(f.after))
	}
	if !f.before.IsZero() {
		conds = append(conds, "m.created_at < ?")
		args = append(args, toNanos(f.before))
	}
	// Session-level filters as subqueries: SQLite builds each once.
	if len(f.sources) > 0 {
		conds = append(conds, "m.session_id IN (SELECT id FROM sessions WHERE source IN "+placeholders(len(f.sources))+")")
		for _, v := range f.sources {
			args = append(args, v)
		}
	}
	if !p.showHidden() {
		hidden := hiddenSources()
		conds = append(conds, "m.session_id NOT IN (SELECT id FROM sessions WHERE source IN "+placeholders(len(hidden))+")")
		for _, v := range hidden {
			args = append(args, v)
		}
	}
	if len(f.notSources) > 0 {
		conds = append(conds, "m.session_id NOT IN (SELECT id FROM sessions WHERE source IN "+placeholders(len(f.notSources))+")")
		for _, v := range f.notSources {
			args = append(args, v)
		}
	}
	modelMatch := func(models []string) string {
		ors := make([]string, len(models))
		for i, v := range models {
			ors[i] = `model LIKE ? ESCAPE '\'`
			args = append(args, "%"+escapeLike(v)+"%")
		}
		return "(SELECT id FROM sessions WHERE " + strings.Join(ors, " OR ") + ")"
	}
	if len(f.models) > 0 {
		conds = append(conds, "m.session_id IN "+modelMatch(f.models))
	}
	if len(f.notModels) > 0 {
		conds = append(conds, "m.session_id NOT IN "+modelMatch(f.notModels))
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " AND " + strings.Join(conds, " AND "), args
}

// showHidden reports whether hidden sessions are searched: on request, or
// when the filters name them.
func (p *plan) showHidden() bool {
	if p.opts.IncludeHidden || len(p.filters.sessions) > 0 {
		return true
	}
	for _, src := range p.filters.sources {
		if HiddenSource(src) {
			return true
		}
	}
	return false
}

// likeTerm is the condition that t occurs in a message's text.
func likeTerm(t queryTerm) (string, []any) {
	pat := "%" + escapeLike(t.text) + "%"
	return `(m.content LIKE ? ESCAPE '\' OR m.tool_args LIKE ? ESCAPE '\' OR m.tool_name LIKE ? ESCAPE '\')`,
		[]any{pat, pat, pat}
}

// likeConds returns the conditions that every group has a term in the text
// and no excluded term is.
func likeConds(groups [][]queryTerm, neg []queryTerm) (string, []any) {
	var (
		b    strings.Builder
		args []any
	)
	for _, g := range groups {
		b.WriteString(" AND (")
		for i, t := range g {
			if i > 0 {
				b.WriteString(" OR ")
			}
			c, a := likeTerm(t)
			b.WriteString(c)
			args = append(args, a...)
		}
		b.WriteString(")")
	}
	for _, t := range neg {
		c, a := likeTerm(t)
		b.WriteString(" AND NOT " + c)
		args = append(args, a...)
	}
	return b.String(), args
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func placeholders(n int) string {
	return "(?" + strings.Repeat(", ?", n-1) + ")"
}

func termTexts(groups [][]queryTerm) []string {
	var out []string
	for _, g := range groups {
		for _, t := range g {
			out = append(out, t.text)
		}
	}
	return out
}

// searchFTS ranks the newest rankCandidates index matches with BM25.
// likeGroups and likeNeg are terms the index cannot match, checked as
// substrings of the candidates.
func (s *Store) searchFTS(ctx context.Context, p plan, match string, likeGroups [][]queryTerm, likeNeg []queryTerm, offset, limit int) ([]Hit, error) {
	filter, args := p.where()
	like, likeArgs := likeConds(likeGroups, likeNeg)
	// The inner query walks the index newest first (FTS5 delivers rowid
	// order itself) and stops after rankCandidates rows that pass the
	// filters; BM25 is computed for those only. bm25 weights: a tool name
	// match counts double; content and tool arguments count the same.
	q := `SELECT id, session_id, role, created_at, score FROM (
		SELECT m.id, m.session_id, m.role, m.created_at, bm25(messages_fts, 1.0, 2.0, 1.0) AS score
		FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
		WHERE messages_fts MATCH ?` + filter + like + `
		ORDER BY messages_fts.rowid DESC LIMIT ?
	) ORDER BY score, id DESC LIMIT ? OFFSET ?`
	all := append([]any{match}, args...)
	all = append(all, likeArgs...)
	all = append(all, rankCandidates, limit, offset)
	if p.opts.NewestFirst {
		// No BM25: its first call counts every message holding each
		// word (a full read of a common word's postings), which is most
		// of a ranked search's time. Newest first stops at the page.
		q = `SELECT m.id, m.session_id, m.role, m.created_at, 0.0
			FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
			WHERE messages_fts MATCH ?` + filter + like + `
			ORDER BY messages_fts.rowid DESC LIMIT ? OFFSET ?`
		all = append(all[:len(all)-3], limit, offset)
	}
	return allRows(ctx, s.r, q, all, func(rows *sql.Rows) (h Hit, err error) {
		var created int64
		err = rows.Scan(&h.MessageID, &h.SessionID, &h.Role, &created, &h.Rank)
		h.CreatedAt = fromNanos(created)
		return h, err
	})
}

// ftsSnippets fills the hits' snippets, computing snippet() only for the
// page returned, not for every candidate ranked. FTS5 answers "rowid IN
// (…)" by running the whole query once per id (a prefix query costs a
// merge of every matching term's postings each time), so the query walks
// the page's rowid range once instead and cuts snippets for the page's
// rows only.
func (s *Store) ftsSnippets(ctx context.Context, match string, hits []Hit) error {
	if len(hits) == 0 {
		return nil
	}
	lo, hi := hits[0].MessageID, hits[0].MessageID
	args := []any{}
	for _, h := range hits {
		lo, hi = min(lo, h.MessageID), max(hi, h.MessageID)
		args = append(args, h.MessageID)
	}
	args = append(args, SnippetOpen, SnippetClose, SnippetEllipsis, snippetTokens, match, lo, hi)
	byID := make(map[int64]string, len(hits))
	err := eachRow(ctx, s.r, `SELECT rowid, CASE WHEN rowid IN `+placeholders(len(hits))+`
			THEN snippet(messages_fts, -1, ?, ?, ?, ?) END
		FROM messages_fts WHERE messages_fts MATCH ? AND rowid BETWEEN ? AND ?`, args, func(rows *sql.Rows) error {
		var id int64
		var snip *string
		if err := rows.Scan(&id, &snip); err != nil {
			return err
		}
		if snip != nil {
			byID[id] = *snip
		}
		return nil
	})
	if err != nil {
		return err
	}
	for i := range hits {
		hits[i].Snippet = byID[hits[i].MessageID]
	}
	return nil
}

// searchLike finds messages by substring, newest first. It scans messages
// (through the session index when the search is limited to sessions) and
// stops at the page it needs.
func (s *Store) searchLike(ctx context.Context, p plan, groups [][]queryTerm, neg []queryTerm, offset, limit int) ([]Hit, error) {
	filter, args := p.where()
	like, likeArgs := likeConds(groups, neg)
	q := `SELECT m.id, m.session_id, m.role, m.created_at, m.content, m.tool_args, m.tool_name
		FROM messages m WHERE 1` + filter + like + ` ORDER BY m.id DESC LIMIT ? OFFSET ?`
	all := append(args, likeArgs...)
	all = append(all, limit, offset)
	terms := termTexts(groups)
	return allRows(ctx, s.r, q, all, func(rows *sql.Rows) (Hit, error) {
		var (
			h                         Hit
			created                   int64
			content, toolArgs, toolNm string
		)
		if err := rows.Scan(&h.MessageID, &h.SessionID, &h.Role, &created, &content, &toolArgs, &toolNm); err != nil {
			return h, err
		}
		h.CreatedAt = fromNanos(created)
		text := content
		if len(findAll(content, terms)) == 0 {
			switch {
			case len(findAll(toolArgs, terms)) > 0:
				text = toolArgs
			case len(findAll(toolNm, terms)) > 0:
				text = toolNm
			}
		}
		h.Snippet = makeSnippet(text, terms)
		return h, nil
	})
}
