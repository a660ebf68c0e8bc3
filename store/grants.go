package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm/clause"
)

// Grant is a persisted "always" answer to an approval request: commands
// whose findings are all granted run without asking. Command, when set,
// limits the grant to that exact command text.
type Grant struct {
	ID        int64
	FindingID string
	Command   string
	CreatedAt time.Time
}

// AddGrant persists a grant; adding one that exists is not an error.
func (s *Store) AddGrant(ctx context.Context, findingID, command string) error {
	if findingID == "" {
		return opError(errors.New("no finding id"), "add approval grant")
	}
	err := s.orm(ctx, s.w).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&grantRow{FindingID: findingID, Command: command, CreatedAt: toNanos(nowUTC())}).Error
	if err != nil {
		return opError(err, "add approval grant for %s", findingID)
	}
	return nil
}

// Grants lists every persisted grant, oldest first.
func (s *Store) Grants(ctx context.Context) ([]Grant, error) {
	var rows []grantRow
	if err := s.orm(ctx, s.r).Order("id").Find(&rows).Error; err != nil {
		return nil, opError(err, "list approval grants")
	}
	return fromRows(rows, func(r *grantRow) Grant {
		return Grant{ID: r.ID, FindingID: r.FindingID, Command: r.Command, CreatedAt: fromNanos(r.CreatedAt)}
	}), nil
}

// Granted reports whether findingID is granted for command: by a grant for
// any command, or one for exactly this command.
func (s *Store) Granted(ctx context.Context, findingID, command string) (bool, error) {
	var n int64
	err := s.orm(ctx, s.r).Model(&grantRow{}).
		Where("finding_id = ? AND (command = '' OR command = ?)", findingID, command).Count(&n).Error
	if err != nil {
		return false, opError(err, "check approval grant for %s", findingID)
	}
	return n > 0, nil
}

// RevokeGrant deletes the grant with id; an unknown id is ErrNotFound.
func (s *Store) RevokeGrant(ctx context.Context, id int64) error {
	res := s.orm(ctx, s.w).Where("id = ?", id).Delete(&grantRow{})
	return changedOne(res, "revoke approval grant %d", id)
}
