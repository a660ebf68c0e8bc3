package store

import (
	"context"
	"database/sql"
	"os"
	"time"
)

// Stats summarises what the store holds.
type Stats struct {
	Sessions, Messages int
	// Archived and Hidden count sessions (hidden = see HiddenSource).
	Archived, Hidden int
	// BySource and ByModel count sessions and their messages.
	BySource, ByModel []Count
	Usage             Usage
	CostUSD           float64
	// Oldest and Newest are the first start and the last activity (zero
	// for an empty store).
	Oldest, Newest time.Time
	// FileBytes is the database file, WALBytes its write-ahead log;
	// FreeBytes is space inside the file left by deletions (Vacuum
	// returns it).
	FileBytes, WALBytes, FreeBytes int64
	SchemaVersion                  int
}

// Count is the number of sessions and messages under one name.
type Count struct {
	Name               string
	Sessions, Messages int
}

// Stats reads the store's summary. It reads only the sessions table and
// SQLite's page counts, so it stays fast on a big store.
func (s *Store) Stats(ctx context.Context) (*Stats, error) {
	st := &Stats{}
	var oldest, newest *int64
	hidden := hiddenSources()
	args := make([]any, len(hidden))
	for i, h := range hidden {
		args[i] = h
	}
	err := s.r.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(message_count), 0),
		coalesce(sum(archived), 0), coalesce(sum(source IN `+placeholders(len(hidden))+`), 0),
		coalesce(sum(input_tokens), 0), coalesce(sum(output_tokens), 0),
		coalesce(sum(cache_read_tokens), 0), coalesce(sum(cache_write_tokens), 0),
		coalesce(sum(reasoning_tokens), 0), coalesce(sum(cost_usd), 0),
		min(started_at), max(updated_at)
		FROM sessions`, args...).Scan(&st.Sessions, &st.Messages, &st.Archived, &st.Hidden,
		&st.Usage.InputTokens, &st.Usage.OutputTokens, &st.Usage.CacheReadTokens,
		&st.Usage.CacheWriteTokens, &st.Usage.ReasoningTokens, &st.CostUSD, &oldest, &newest)
	if err != nil {
		return nil, opError(err, "stats")
	}
	if oldest != nil {
		st.Oldest = fromNanos(*oldest)
	}
	if newest != nil {
		st.Newest = fromNanos(*newest)
	}
	if st.BySource, err = s.countBy(ctx, "source"); err != nil {
		return nil, err
	}
	if st.ByModel, err = s.countBy(ctx, "model"); err != nil {
		return nil, err
	}
	var pageSize, pages, free int64
	for pragma, dst := range map[string]*int64{"page_size": &pageSize, "page_count": &pages, "freelist_count": &free} {
		if err := s.r.QueryRowContext(ctx, `PRAGMA `+pragma).Scan(dst); err != nil {
			return nil, opError(err, "stats: %s", pragma)
		}
	}
	st.FreeBytes = free * pageSize
	if fi, err := os.Stat(s.path); err == nil {
		st.FileBytes = fi.Size()
	}
	if fi, err := os.Stat(s.path + "-wal"); err == nil {
		st.WALBytes = fi.Size()
	}
	if err := s.r.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&st.SchemaVersion); err != nil {
		return nil, opError(err, "stats: schema version")
	}
	return st, nil
}

// countBy counts sessions and messages per value of a sessions column
// (source or model), biggest first.
func (s *Store) countBy(ctx context.Context, col string) ([]Count, error) {
	out, err := allRows(ctx, s.r, `SELECT `+col+`, count(*), coalesce(sum(message_count), 0)
		FROM sessions GROUP BY `+col+` ORDER BY count(*) DESC, `+col+` LIMIT 50`, nil,
		func(rows *sql.Rows) (c Count, err error) { return c, rows.Scan(&c.Name, &c.Sessions, &c.Messages) })
	if err != nil {
		return nil, opError(err, "stats by %s", col)
	}
	return out, nil
}
