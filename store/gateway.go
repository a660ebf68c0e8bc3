package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
	var row routeRow
	err := s.orm(ctx, s.r).Where("route_key = ?", key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, opError(ErrNotFound, "route %s", key)
	}
	if err != nil {
		return nil, opError(err, "read route %s", key)
	}
	return row.route(), nil
}

// RouteBySession returns the most recent route to a session; a session no
// chat talks to is ErrNotFound.
func (s *Store) RouteBySession(ctx context.Context, sessionID string) (*Route, error) {
	var row routeRow
	err := s.orm(ctx, s.r).Where("session_id = ?", sessionID).Order("updated_at DESC").Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, opError(ErrNotFound, "route to session %s", sessionID)
	}
	if err != nil {
		return nil, opError(err, "read route to session %s", sessionID)
	}
	return row.route(), nil
}

// SetRoute creates or replaces the route with r.Key.
func (s *Store) SetRoute(ctx context.Context, r *Route) error {
	r.UpdatedAt = nowUTC()
	row := routeRow{Key: r.Key, SessionID: r.SessionID, Platform: r.Platform, ChatID: r.ChatID,
		ChatType: r.ChatType, UserID: r.UserID, ThreadID: r.ThreadID, UpdatedAt: toNanos(r.UpdatedAt)}
	err := s.orm(ctx, s.w).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "route_key"}},
		DoUpdates: clause.AssignmentColumns([]string{"session_id", "platform", "chat_id", "chat_type",
			"user_id", "thread_id", "updated_at"}),
	}).Create(&row).Error
	if err != nil {
		return opError(err, "set route %s", r.Key)
	}
	return nil
}

// CountRoutes returns how many chats have a session.
func (s *Store) CountRoutes(ctx context.Context) (int, error) {
	var n int64
	if err := s.orm(ctx, s.r).Model(&routeRow{}).Count(&n).Error; err != nil {
		return 0, opError(err, "count routes")
	}
	return int(n), nil
}

func (r *routeRow) route() *Route {
	return &Route{Key: r.Key, SessionID: r.SessionID, Platform: r.Platform, ChatID: r.ChatID,
		ChatType: r.ChatType, UserID: r.UserID, ThreadID: r.ThreadID, UpdatedAt: fromNanos(r.UpdatedAt)}
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
	err = s.orm(ctx, s.w).Transaction(func(tx *gorm.DB) error {
		for i, it := range items {
			if it.ReceivedAt.IsZero() {
				it.ReceivedAt = nowUTC()
			}
			it.State = InboxPending
			at := toNanos(it.ReceivedAt)
			row := inboxRow{Platform: it.Platform, EventID: it.EventID, RouteKey: it.RouteKey,
				Payload: string(it.Payload), State: it.State, ReceivedAt: at, UpdatedAt: at}
			res := tx.Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "platform"}, {Name: "event_id"}},
				DoNothing: true,
			}).Create(&row)
			if res.Error != nil {
				return fmt.Errorf("%s message %s: %w", it.Platform, it.EventID, res.Error)
			}
			if res.RowsAffected > 0 {
				it.ID, added[i] = row.ID, true
			}
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
	res := s.orm(ctx, s.w).Model(&inboxRow{}).Where("id = ?", id).
		Updates(map[string]any{"state": state, "updated_at": toNanos(nowUTC())})
	return changedOne(res, "set inbox item %d %s", id, state)
}

// SetInboxStates applies state changes in order, in one transaction.
func (s *Store) SetInboxStates(ctx context.Context, changes []InboxState) error {
	now := toNanos(nowUTC())
	err := s.orm(ctx, s.w).Transaction(func(tx *gorm.DB) error {
		for _, c := range changes {
			err := tx.Model(&inboxRow{}).Where("id = ?", c.ID).
				Updates(map[string]any{"state": c.State, "updated_at": now}).Error
			if err != nil {
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
	var rows []inboxRow
	if err := s.orm(ctx, s.r).Where("state <> 'done'").Order("id").Find(&rows).Error; err != nil {
		return nil, opError(err, "open inbox items")
	}
	return fromRows(rows, func(r *inboxRow) InboxItem {
		return InboxItem{ID: r.ID, Platform: r.Platform, EventID: r.EventID, RouteKey: r.RouteKey,
			Payload: []byte(r.Payload), State: r.State, ReceivedAt: fromNanos(r.ReceivedAt)}
	}), nil
}

// PruneInbox deletes done items last touched before cutoff, keeping the
// table (and its dedupe memory) bounded. It returns how many went.
func (s *Store) PruneInbox(ctx context.Context, cutoff time.Time) (int64, error) {
	res := s.orm(ctx, s.w).Where("state = 'done' AND updated_at < ?", toNanos(cutoff)).Delete(&inboxRow{})
	if res.Error != nil {
		return 0, opError(res.Error, "prune inbox")
	}
	return res.RowsAffected, nil
}

// KnownChat reports whether herm has talked with chatID on platform: a chat
// with a session, or a paired user's direct chat.
func (s *Store) KnownChat(ctx context.Context, platform, chatID string) (bool, error) {
	var known bool
	err := s.orm(ctx, s.r).Raw(`SELECT EXISTS (SELECT 1 FROM gateway_routes WHERE platform = ? AND chat_id = ?)
		OR EXISTS (SELECT 1 FROM pairing_users WHERE platform = ? AND user_id = ?)`,
		platform, chatID, platform, chatID).Row().Scan(&known)
	if err != nil {
		return false, opError(err, "is %s chat %s known", platform, chatID)
	}
	return known, nil
}
