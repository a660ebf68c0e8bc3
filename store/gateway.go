package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Route ties a chat on a messaging platform to the herm session it talks
// to. Key is the gateway's session key (platform, chat type, chat id, user
// in groups, thread).
type Route struct {
	Key       string
	SessionID string
	Platform  string
	ChatID    string
	ChatType  string
	UserID    string
	ThreadID  string
	UpdatedAt time.Time
}

// Route returns the route with that key; a missing one is ErrNotFound.
func (s *Store) Route(ctx context.Context, key string) (*Route, error) {
	row := s.rdb.QueryRowContext(ctx, `SELECT route_key, session_id, platform, chat_id, chat_type, user_id,
		thread_id, updated_at FROM gateway_routes WHERE route_key = ?`, key)
	r, err := scanRoute(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, opError(ErrNotFound, "route %s", key)
	}
	if err != nil {
		return nil, opError(err, "read route %s", key)
	}
	return r, nil
}

// RouteBySession returns the most recent route to a session; a session no
// chat talks to is ErrNotFound.
func (s *Store) RouteBySession(ctx context.Context, sessionID string) (*Route, error) {
	row := s.rdb.QueryRowContext(ctx, `SELECT route_key, session_id, platform, chat_id, chat_type, user_id,
		thread_id, updated_at FROM gateway_routes WHERE session_id = ? ORDER BY updated_at DESC LIMIT 1`, sessionID)
	r, err := scanRoute(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, opError(ErrNotFound, "route to session %s", sessionID)
	}
	if err != nil {
		return nil, opError(err, "read route to session %s", sessionID)
	}
	return r, nil
}

// SetRoute creates or replaces the route with r.Key.
func (s *Store) SetRoute(ctx context.Context, r *Route) error {
	r.UpdatedAt = nowUTC()
	_, err := s.wdb.ExecContext(ctx, `INSERT INTO gateway_routes (route_key, session_id, platform, chat_id,
		chat_type, user_id, thread_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (route_key) DO UPDATE SET session_id = excluded.session_id, platform = excluded.platform,
		chat_id = excluded.chat_id, chat_type = excluded.chat_type, user_id = excluded.user_id,
		thread_id = excluded.thread_id, updated_at = excluded.updated_at`,
		r.Key, r.SessionID, r.Platform, r.ChatID, r.ChatType, r.UserID, r.ThreadID, toNanos(r.UpdatedAt))
	if err != nil {
		return opError(err, "set route %s", r.Key)
	}
	return nil
}

// CountRoutes returns how many chats have a session.
func (s *Store) CountRoutes(ctx context.Context) (int, error) {
	var n int
	if err := s.rdb.QueryRowContext(ctx, `SELECT count(*) FROM gateway_routes`).Scan(&n); err != nil {
		return 0, opError(err, "count routes")
	}
	return n, nil
}

func scanRoute(row rowScanner) (*Route, error) {
	var (
		r  Route
		at int64
	)
	if err := row.Scan(&r.Key, &r.SessionID, &r.Platform, &r.ChatID, &r.ChatType, &r.UserID, &r.ThreadID, &at); err != nil {
		return nil, err
	}
	r.UpdatedAt = fromNanos(at)
	return &r, nil
}

// Inbox states.
const (
	InboxPending = "pending" // accepted, not started
	InboxRunning = "running" // its turn is running
	InboxDone    = "done"    // answered (or deliberately dropped)
)

// InboxItem is an inbound chat message the gateway accepted.
type InboxItem struct {
	ID         int64
	Platform   string
	EventID    string // the platform's id for the message (update id…)
	RouteKey   string
	Payload    []byte // the message as JSON
	State      string
	ReceivedAt time.Time
}

// AddInbox records it as pending unless (Platform, EventID) was recorded
// before: added is false for a duplicate, which the caller drops.
func (s *Store) AddInbox(ctx context.Context, it *InboxItem) (added bool, err error) {
	added2, err := s.AddInboxBatch(ctx, []*InboxItem{it})
	if err != nil {
		return false, err
	}
	return added2[0], nil
}

// AddInboxBatch records items as pending in one transaction (a platform's
// batch of updates costs one commit). added[i] is false for an item seen
// before, which the caller drops; new items get their ID.
func (s *Store) AddInboxBatch(ctx context.Context, items []*InboxItem) (added []bool, err error) {
	added = make([]bool, len(items))
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO gateway_inbox (platform, event_id, route_key, payload, state,
			received_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, event_id) DO NOTHING`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i, it := range items {
			if it.ReceivedAt.IsZero() {
				it.ReceivedAt = nowUTC()
			}
			it.State = InboxPending
			res, err := stmt.ExecContext(ctx, it.Platform, it.EventID, it.RouteKey, string(it.Payload), it.State,
				toNanos(it.ReceivedAt), toNanos(it.ReceivedAt))
			if err != nil {
				return fmt.Errorf("%s message %s: %w", it.Platform, it.EventID, err)
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				continue
			}
			if it.ID, err = res.LastInsertId(); err != nil {
				return err
			}
			added[i] = true
		}
		return nil
	})
	if err != nil {
		return nil, opError(err, "record inbound messages")
	}
	return added, nil
}

// InboxState is a state change of an inbox item.
type InboxState struct {
	ID    int64
	State string
}

// SetInboxState moves an inbox item to state.
func (s *Store) SetInboxState(ctx context.Context, id int64, state string) error {
	res, err := s.wdb.ExecContext(ctx, `UPDATE gateway_inbox SET state = ?, updated_at = ? WHERE id = ?`,
		state, toNanos(nowUTC()), id)
	return affectedOne(res, err, fmt.Sprintf("set inbox item %d %s", id, state))
}

// SetInboxStates applies state changes in order, in one transaction.
func (s *Store) SetInboxStates(ctx context.Context, changes []InboxState) error {
	now := toNanos(nowUTC())
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		for _, c := range changes {
			if _, err := tx.ExecContext(ctx, `UPDATE gateway_inbox SET state = ?, updated_at = ? WHERE id = ?`, c.State, now, c.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return opError(err, "update %d inbox items", len(changes))
	}
	return nil
}

// OpenInbox returns the items not done, oldest first: after a restart,
// pending ones still need their turn and running ones were cut short.
func (s *Store) OpenInbox(ctx context.Context) ([]InboxItem, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, platform, event_id, route_key, payload, state, received_at
		FROM gateway_inbox WHERE state <> 'done' ORDER BY id`)
	if err != nil {
		return nil, opError(err, "open inbox items")
	}
	defer rows.Close()
	var out []InboxItem
	for rows.Next() {
		var (
			it      InboxItem
			payload string
			at      int64
		)
		if err := rows.Scan(&it.ID, &it.Platform, &it.EventID, &it.RouteKey, &payload, &it.State, &at); err != nil {
			return nil, opError(err, "open inbox items")
		}
		it.Payload, it.ReceivedAt = []byte(payload), fromNanos(at)
		out = append(out, it)
	}
	return out, rows.Err()
}

// PruneInbox deletes done items last touched before cutoff, keeping the
// table (and its dedupe memory) bounded. It returns how many went.
func (s *Store) PruneInbox(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM gateway_inbox WHERE state = 'done' AND updated_at < ?`, toNanos(cutoff))
	if err != nil {
		return 0, opError(err, "prune inbox")
	}
	return res.RowsAffected()
}

// KnownChat reports whether herm has talked with chatID on platform: a chat
// with a session, or a paired user's direct chat.
func (s *Store) KnownChat(ctx context.Context, platform, chatID string) (bool, error) {
	var known bool
	err := s.rdb.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM gateway_routes WHERE platform = ? AND chat_id = ?)
		OR EXISTS (SELECT 1 FROM pairing_users WHERE platform = ? AND user_id = ?)`,
		platform, chatID, platform, chatID).Scan(&known)
	if err != nil {
		return false, opError(err, "is %s chat %s known", platform, chatID)
	}
	return known, nil
}
