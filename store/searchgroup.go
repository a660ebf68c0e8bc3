package store

import (
	"context"
)

// SessionGroup is one conversation's share of a search: a lineage (a
// session with its forks and continuations after compression) and its best
// hits across all of them.
type SessionGroup struct {
	// Root is the lineage's first session (the oldest ancestor still
	// stored).
	Root Session
	// Sessions are the lineage's sessions that have hits, in the order of
	// their best hit.
	Sessions []Session
	// Hits are the group's best hits, best first, at most HitsPerGroup.
	Hits []Hit
	// Matches counts the group's hits among those the search looked at
	// (at least len(Hits)).
	Matches int
}

// Session returns the session of h among the group's sessions.
func (g *SessionGroup) Session(id string) *Session {
	for i := range g.Sessions {
		if g.Sessions[i].ID == id {
			return &g.Sessions[i]
		}
	}
	if g.Root.ID == id {
		return &g.Root
	}
	return nil
}

// SearchSessions runs Search and groups the hits by lineage, best group
// first: a conversation continued across compressions or forked shows up
// once. opts.Limit counts groups (default 10).
func (s *Store) SearchSessions(ctx context.Context, query string, opts SearchOptions) ([]SessionGroup, error) {
	groups, err := s.searchSessions(ctx, query, opts)
	if err != nil {
		return nil, opError(err, "search %q", shorten(query))
	}
	return groups, nil
}

func (s *Store) searchSessions(ctx context.Context, query string, opts SearchOptions) ([]SessionGroup, error) {
	limit := min(defaultInt(opts.Limit, 10), 100)
	perGroup := defaultInt(opts.HitsPerGroup, 3)
	offset := max(opts.Offset, 0)
	// Take hits without snippets until they cover enough sessions (one
	// long session full of matches must not crowd the others out of the
	// page); snippets are cut for the hits kept. Ranked hits come in one
	// go: every page would rank all the candidates again.
	page, maxPages := rankCandidates, 1
	if opts.NewestFirst {
		page, maxPages = 500, 4
	}
	r, err := s.prepareSearch(ctx, query, opts)
	if err != nil {
		return nil, err
	}
	var (
		hits []Hit
		ids  []string
		seen = map[string]bool{}
	)
	for n := range maxPages {
		more, err := r.hits(ctx, n*page, page)
		if err != nil {
			return nil, err
		}
		hits = append(hits, more...)
		for _, h := range more {
			if !seen[h.SessionID] {
				seen[h.SessionID] = true
				ids = append(ids, h.SessionID)
			}
		}
		if len(more) < page || len(ids) >= limit+offset {
			break
		}
	}
	// Sessions first hit far down the ranking cannot make the page; the
	// groups are built from the best few times as many as it shows.
	ids = ids[:min(len(ids), 3*(limit+offset))]
	known, err := s.withAncestors(ctx, ids)
	if err != nil {
		return nil, err
	}
	var (
		order  []string
		byRoot = map[string]*SessionGroup{}
		listed = map[string]bool{} // sessions already in their group
	)
	for _, h := range hits {
		sess, ok := known[h.SessionID]
		if !ok {
			continue // beyond the sessions considered, or deleted since
		}
		root := lineageRoot(known, h.SessionID)
		g := byRoot[root]
		if g == nil {
			g = &SessionGroup{Root: known[root]}
			byRoot[root] = g
			order = append(order, root)
		}
		g.Matches++
		if len(g.Hits) < perGroup {
			g.Hits = append(g.Hits, h)
		}
		if !listed[sess.ID] {
			listed[sess.ID] = true
			g.Sessions = append(g.Sessions, sess)
		}
	}
	if offset >= len(order) {
		return nil, nil
	}
	order = order[offset:]
	order = order[:min(limit, len(order))]
	var kept []Hit
	for _, root := range order {
		kept = append(kept, byRoot[root].Hits...)
	}
	if err := r.snippets(ctx, kept); err != nil {
		return nil, err
	}
	out := make([]SessionGroup, 0, len(order))
	for _, root := range order {
		g := byRoot[root]
		g.Hits, kept = kept[:len(g.Hits)], kept[len(g.Hits):]
		out = append(out, *g)
	}
	return out, nil
}
