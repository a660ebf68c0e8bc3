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
	row := eventRow{SessionID: e.SessionID, Kind: e.Kind, Data: data, CreatedAt: toNanos(created)}
	if err := s.orm(ctx, s.w).Create(&row).Error; err != nil {
		if isForeignKeyViolation(err) {
			return opError(ErrNotFound, "append %s event: session %s", e.Kind, e.SessionID)
		}
		return opError(err, "append %s event to session %s", e.Kind, e.SessionID)
	}
	e.ID, e.CreatedAt, e.Data = row.ID, fromNanos(row.CreatedAt), json.RawMessage(data)
	return nil
}

// Events returns a session's events in order.
func (s *Store) Events(ctx context.Context, sessionID string) ([]Event, error) {
	var rows []eventRow
	if err := s.orm(ctx, s.r).Where("session_id = ?", sessionID).Order("id").Find(&rows).Error; err != nil {
		return nil, opError(err, "events of session %s", sessionID)
	}
	return fromRows(rows, func(r *eventRow) Event {
		return Event{ID: r.ID, SessionID: r.SessionID, Kind: r.Kind, Data: json.RawMessage(r.Data), CreatedAt: fromNanos(r.CreatedAt)}
	}), nil
}
