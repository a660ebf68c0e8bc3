package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Event is something that happened around a session's conversation — a
// retry, a provider fallback, a compression, an approval — kept with the
// session so the record of a run is complete.
type Event struct {
	ID        int64
	SessionID string
	Kind      string          // retry, fallback, compression, approval…
	Data      json.RawMessage // a JSON object; its shape depends on Kind
	CreatedAt time.Time
}

// AppendEvent commits e (setting its ID and, if zero, CreatedAt).
func (s *Store) AppendEvent(ctx context.Context, e *Event) error {
	if e.Kind == "" {
		return opError(errors.New("the event has no kind"), "append event to session %s", e.SessionID)
	}
	data := string(e.Data)
	if data == "" {
		data = "{}"
	}
	if !json.Valid([]byte(data)) {
		return opError(errors.New("data is not valid JSON"), "append %s event to session %s", e.Kind, e.SessionID)
	}
	created := e.CreatedAt
	if created.IsZero() {
		created = nowUTC()
	}
	res, err := s.wdb.ExecContext(ctx, `INSERT INTO session_events (session_id, kind, data, created_at)
		VALUES (?, ?, ?, ?)`, e.SessionID, e.Kind, data, toNanos(created))
	if err != nil {
		if isForeignKeyViolation(err) {
			return opError(ErrNotFound, "append %s event: session %s", e.Kind, e.SessionID)
		}
		return opError(err, "append %s event to session %s", e.Kind, e.SessionID)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return opError(err, "append %s event to session %s", e.Kind, e.SessionID)
	}
	e.ID, e.CreatedAt, e.Data = id, fromNanos(toNanos(created)), json.RawMessage(data)
	return nil
}

// Events returns a session's events in order.
func (s *Store) Events(ctx context.Context, sessionID string) ([]Event, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, session_id, kind, data, created_at
		FROM session_events WHERE session_id = ? ORDER BY id`, sessionID)
	if err != nil {
		return nil, opError(err, "events of session %s", sessionID)
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var (
			e       Event
			data    string
			created int64
		)
		if err := rows.Scan(&e.ID, &e.SessionID, &e.Kind, &data, &created); err != nil {
			return nil, opError(err, "events of session %s", sessionID)
		}
		e.Data, e.CreatedAt = json.RawMessage(data), fromNanos(created)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, opError(err, "events of session %s", sessionID)
	}
	return out, nil
}
