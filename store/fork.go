package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ForkOptions describe the session Fork creates.
type ForkOptions struct {
	// Source defaults to the parent's.
	Source string
	// Title defaults to the parent's title followed by " (fork)".
	Title string
}

// Fork copies a session's conversation up to and including message
// throughID (all of it when throughID <= 0) into a new child session whose
// ParentID is sessionID, and returns the child. If the cut falls on an
// assistant message that called tools, or among the answers, the tool
// answers right after it are copied too, so the child's history is valid to
// continue. Copies keep their text, tool calls and times; usage counters
// stay with the parent (the child has spent nothing yet). A session or
// message that does not exist is ErrNotFound.
func (s *Store) Fork(ctx context.Context, sessionID string, throughID int64, opts ForkOptions) (*Session, error) {
	child, err := s.fork(ctx, sessionID, throughID, opts)
	if err != nil {
		return nil, opError(err, "fork session %s at message %d", sessionID, throughID)
	}
	return child, nil
}

func (s *Store) fork(ctx context.Context, sessionID string, throughID int64, opts ForkOptions) (*Session, error) {
	parent, err := s.Session(ctx, sessionID)
	if err != nil {
		return nil, err
	}
	child := &Session{
		Source: opts.Source, Title: opts.Title, Model: parent.Model, Provider: parent.Provider,
		ParentID: parent.ID, Cwd: parent.Cwd,
	}
	if child.Source == "" {
		child.Source = parent.Source
	}
	if child.Title == "" && parent.Title != "" {
		child.Title = parent.Title + " (fork)"
	}
	now := nowUTC()
	child.StartedAt, child.UpdatedAt = now, now

	err = s.withTx(ctx, func(tx *sql.Tx) error {
		cut, err := forkCut(ctx, tx, sessionID, throughID)
		if err != nil {
			return err
		}
		for attempt := 0; ; attempt++ {
			child.ID = s.newID(now)
			_, err = tx.ExecContext(ctx, `INSERT INTO sessions
				(id, source, title, model, provider, parent_session_id, started_at, cwd, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				child.ID, child.Source, child.Title, child.Model, child.Provider, child.ParentID,
				toNanos(now), child.Cwd, toNanos(now))
			if err == nil {
				break
			}
			if attempt >= 3 || !isUniqueViolation(err) {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO messages
			(session_id, role, content, tool_calls, tool_call_id, tool_name, tool_args,
			 reasoning, reasoning_signature, finish_reason, token_count, complete, created_at)
			SELECT ?, role, content, tool_calls, tool_call_id, tool_name, tool_args,
			 reasoning, reasoning_signature, finish_reason, token_count, complete, created_at
			FROM messages WHERE session_id = ? AND id <= ? ORDER BY id`, child.ID, sessionID, cut)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		child.MessageCount = int(n)
		if _, err := tx.ExecContext(ctx, `INSERT INTO messages_fts (rowid, content, tool_name, tool_args)
			SELECT id, content, tool_name, tool_args FROM messages WHERE session_id = ?`, child.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sessions SET message_count = ? WHERE id = ?`, n, child.ID); err != nil {
			return err
		}
		return copyImages(ctx, tx, sessionID, child.ID, cut)
	})
	if err != nil {
		return nil, err
	}
	return child, nil
}

// forkCut returns the id of the last message a fork through throughID
// copies: throughID itself, or the last of the tool answers that follow it.
func forkCut(ctx context.Context, tx *sql.Tx, sessionID string, throughID int64) (int64, error) {
	if throughID <= 0 {
		var last sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT max(id) FROM messages WHERE session_id = ?`, sessionID).Scan(&last)
		return last.Int64, err
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM messages WHERE id = ? AND session_id = ?`, throughID, sessionID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("message %d is not in session %s: %w", throughID, sessionID, ErrNotFound)
	}
	if err != nil {
		return 0, err
	}
	// Tool answers follow their assistant message directly (the agent
	// commits them in order), so the run of tool messages after the cut
	// is exactly what answers the calls at or before it.
	type idRole struct {
		id   int64
		role string
	}
	next, err := allRows(ctx, tx, `SELECT id, role FROM messages
		WHERE session_id = ? AND id > ? ORDER BY id LIMIT 256`, []any{sessionID, throughID},
		func(rows *sql.Rows) (m idRole, err error) { return m, rows.Scan(&m.id, &m.role) })
	if err != nil {
		return 0, err
	}
	cut := throughID
	for _, m := range next {
		if m.role != "tool" {
			break
		}
		cut = m.id
	}
	return cut, nil
}

// DeleteSession deletes a session with its messages and events; the
// full-text index follows. Its children keep naming it as their parent
// (and become roots of their own lineage). A missing session is
// ErrNotFound.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	n, err := changed(s.w.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, id))
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	if err != nil {
		return opError(err, "delete session %s", id)
	}
	return nil
}

// PruneOptions select the sessions Prune deletes: all conditions hold.
type PruneOptions struct {
	// Before is required: sessions whose last activity is older go.
	Before time.Time
	// Sources limits pruning to these front ends; empty means all.
	Sources []string
	// ArchivedOnly keeps sessions that are not archived.
	ArchivedOnly bool
	// DryRun counts what would go without deleting anything.
	DryRun bool
}

// PruneResult says what Prune deleted (or would delete, in a dry run).
type PruneResult struct {
	Sessions, Messages int
}

// pruneBatch is how many sessions one prune transaction deletes, so the
// write lock is never held for long while the TUI or gateway writes.
const pruneBatch = 200

// Prune deletes old sessions in batches and reports how many sessions and
// messages went. The file does not shrink by itself; Vacuum returns the
// space to the system.
func (s *Store) Prune(ctx context.Context, opts PruneOptions) (PruneResult, error) {
	var res PruneResult
	if opts.Before.IsZero() {
		return res, opError(errors.New("no age given; say how old sessions must be"), "prune")
	}
	where := ` WHERE updated_at < ?`
	args := []any{toNanos(opts.Before)}
	if len(opts.Sources) > 0 {
		where += ` AND source IN ` + placeholders(len(opts.Sources))
		for _, src := range opts.Sources {
			args = append(args, src)
		}
	}
	if opts.ArchivedOnly {
		where += ` AND archived = 1`
	}
	if opts.DryRun {
		err := s.r.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(message_count), 0) FROM sessions`+where, args...).
			Scan(&res.Sessions, &res.Messages)
		if err != nil {
			return res, opError(err, "prune")
		}
		return res, nil
	}
	for {
		var batch int
		err := s.withTx(ctx, func(tx *sql.Tx) error {
			var ids []any
			msgs := 0
			err := eachRow(ctx, tx, `SELECT id, message_count FROM sessions`+where+` LIMIT ?`, append(args, pruneBatch),
				func(rows *sql.Rows) error {
					var id string
					var n int
					if err := rows.Scan(&id, &n); err != nil {
						return err
					}
					ids = append(ids, id)
					msgs += n
					return nil
				})
			if err != nil {
				return err
			}
			if len(ids) == 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id IN `+placeholders(len(ids)), ids...); err != nil {
				return err
			}
			batch = len(ids)
			res.Sessions += len(ids)
			res.Messages += msgs
			return nil
		})
		if err != nil {
			return res, opError(err, "prune (after deleting %d sessions)", res.Sessions)
		}
		if batch < pruneBatch {
			return res, nil
		}
	}
}

// Vacuum rewrites the database file without its free pages, returning the
// space deleted sessions used. It needs a moment alone with the file:
// other herm processes wait (or time out) while it runs.
func (s *Store) Vacuum(ctx context.Context) error {
	if _, err := s.w.ExecContext(ctx, `VACUUM`); err != nil {
		return opError(err, "vacuum %s", s.path)
	}
	return nil
}
