package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Pairing refusals. Test for them with errors.Is.
var (
	// ErrPairingThrottled: this user asked for a code too recently.
	ErrPairingThrottled = errors.New("a pairing code was requested too recently")
	// ErrPairingFull: the platform has the maximum number of pending codes.
	ErrPairingFull = errors.New("too many pairing codes are pending")
	// ErrPairingLocked: too many wrong codes were tried; approvals are
	// locked for a while.
	ErrPairingLocked = errors.New("pairing is locked after too many wrong codes")
	// ErrPairingNoMatch: no pending request has that code.
	ErrPairingNoMatch = errors.New("no pending pairing request has that code (it may have expired)")
)

// PairingLimits are the rules pairing enforces (SPEC "Gateway").
type PairingLimits struct {
	TTL          time.Duration // a code's lifetime
	UserInterval time.Duration // minimum time between two requests of one user
	Lockout      time.Duration // how long approvals stay locked
	MaxPending   int           // pending codes per platform
	MaxFailures  int           // consecutive wrong codes before the lockout
}

// PairingRequest is an unknown user waiting for the owner to approve the
// code herm sent them. The code itself is never stored, only a salted hash.
type PairingRequest struct {
	ID        string
	Platform  string
	UserID    string
	UserName  string
	ChatID    string
	CodeHash  string
	Salt      string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// PairedUser is a user the owner approved.
type PairedUser struct {
	Platform   string
	UserID     string
	UserName   string
	ApprovedAt time.Time
}

// CreatePairingRequest records req (with ID, CodeHash and Salt set) if the
// limits allow it: the platform is not locked, the user has not asked within
// UserInterval, and fewer than MaxPending codes are pending. Expired
// requests are dropped first. The checks and the insert are one transaction.
func (s *Store) CreatePairingRequest(ctx context.Context, req *PairingRequest, lim PairingLimits, now time.Time) error {
	req.CreatedAt, req.ExpiresAt = now.UTC(), now.Add(lim.TTL).UTC()
	err := s.orm(ctx, s.w).Transaction(func(tx *gorm.DB) error {
		if err := dropExpiredPairing(tx, now); err != nil {
			return err
		}
		if locked, err := pairingLocked(tx, req.Platform, now); err != nil || locked {
			if err == nil {
				err = ErrPairingLocked
			}
			return err
		}
		var last []pairingThrottleRow
		err := tx.Where("platform = ? AND user_id = ?", req.Platform, req.UserID).Limit(1).Find(&last).Error
		if err != nil {
			return err
		}
		if len(last) > 0 && now.Sub(fromNanos(last[0].LastRequestAt)) < lim.UserInterval {
			return ErrPairingThrottled
		}
		var pending int64
		if err := tx.Model(&pairingRequestRow{}).Where("platform = ?", req.Platform).Count(&pending).Error; err != nil {
			return err
		}
		if pending >= int64(lim.MaxPending) {
			return ErrPairingFull
		}
		// One pending request per user: a new one replaces the old.
		err = tx.Where("platform = ? AND user_id = ?", req.Platform, req.UserID).Delete(&pairingRequestRow{}).Error
		if err != nil {
			return err
		}
		err = tx.Create(&pairingRequestRow{ID: req.ID, Platform: req.Platform, UserID: req.UserID,
			UserName: req.UserName, ChatID: req.ChatID, CodeHash: req.CodeHash, Salt: req.Salt,
			CreatedAt: toNanos(req.CreatedAt), ExpiresAt: toNanos(req.ExpiresAt)}).Error
		if err != nil {
			return err
		}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "platform"}, {Name: "user_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"last_request_at"}),
		}).Create(&pairingThrottleRow{Platform: req.Platform, UserID: req.UserID, LastRequestAt: toNanos(now)}).Error
	})
	if err != nil {
		return opError(err, "pairing request of %s user %s", req.Platform, req.UserID)
	}
	return nil
}

// PairingRequests lists the unexpired requests of platform ("" = all).
func (s *Store) PairingRequests(ctx context.Context, platform string, now time.Time) ([]PairingRequest, error) {
	q := s.orm(ctx, s.r).Where("expires_at > ?", toNanos(now))
	if platform != "" {
		q = q.Where("platform = ?", platform)
	}
	var rows []pairingRequestRow
	if err := q.Order("created_at").Find(&rows).Error; err != nil {
		return nil, opError(err, "list pairing requests")
	}
	return fromRows(rows, (*pairingRequestRow).request), nil
}

// ApprovePairing approves the pending request of platform for which match
// returns true: the request is removed, its user paired and the failure
// count reset. When none matches, the failure is counted (and after
// MaxFailures in a row, approvals lock for Lockout) and ErrPairingNoMatch
// returned. A locked platform returns ErrPairingLocked without looking.
func (s *Store) ApprovePairing(ctx context.Context, platform string, match func(PairingRequest) bool, lim PairingLimits, now time.Time) (*PairedUser, error) {
	var (
		paired  *PairedUser
		noMatch bool
	)
	err := s.orm(ctx, s.w).Transaction(func(tx *gorm.DB) error {
		if err := dropExpiredPairing(tx, now); err != nil {
			return err
		}
		if locked, err := pairingLocked(tx, platform, now); err != nil || locked {
			if err == nil {
				err = ErrPairingLocked
			}
			return err
		}
		var pending []pairingRequestRow
		if err := tx.Where("platform = ?", platform).Find(&pending).Error; err != nil {
			return err
		}
		var found *PairingRequest
		for i := range pending {
			if r := pending[i].request(); match(r) {
				found = &r
				break
			}
		}
		if found == nil {
			noMatch = true
			err := tx.Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "platform"}},
				DoUpdates: clause.Assignments(map[string]any{"failures": gorm.Expr("failures + 1")}),
			}).Create(&pairingLockoutRow{Platform: platform, Failures: 1}).Error
			if err != nil {
				return err
			}
			return tx.Model(&pairingLockoutRow{}).Where("platform = ? AND failures >= ?", platform, lim.MaxFailures).
				Updates(map[string]any{"locked_until": toNanos(now.Add(lim.Lockout)), "failures": 0}).Error
		}
		if err := tx.Where("id = ?", found.ID).Delete(&pairingRequestRow{}).Error; err != nil {
			return err
		}
		if err := tx.Where("platform = ?", platform).Delete(&pairingLockoutRow{}).Error; err != nil {
			return err
		}
		paired = &PairedUser{Platform: platform, UserID: found.UserID, UserName: found.UserName, ApprovedAt: now.UTC()}
		return tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "platform"}, {Name: "user_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"user_name", "approved_at"}),
		}).Create(&pairedUserRow{Platform: platform, UserID: found.UserID, UserName: found.UserName,
			ApprovedAt: toNanos(now)}).Error
	})
	if err != nil {
		return nil, opError(err, "approve %s pairing", platform)
	}
	if noMatch {
		return nil, opError(ErrPairingNoMatch, "approve %s pairing", platform)
	}
	return paired, nil
}

// PairingLockedUntil returns when a platform's approval lockout ends (zero
// if it is not locked at now).
func (s *Store) PairingLockedUntil(ctx context.Context, platform string, now time.Time) (time.Time, error) {
	var rows []pairingLockoutRow
	if err := s.orm(ctx, s.r).Where("platform = ?", platform).Limit(1).Find(&rows).Error; err != nil {
		return time.Time{}, opError(err, "pairing lockout of %s", platform)
	}
	if len(rows) == 0 || rows[0].LockedUntil <= toNanos(now) {
		return time.Time{}, nil
	}
	return fromNanos(rows[0].LockedUntil), nil
}

// IsPaired reports whether the owner approved this user.
func (s *Store) IsPaired(ctx context.Context, platform, userID string) (bool, error) {
	var n int64
	err := s.orm(ctx, s.r).Model(&pairedUserRow{}).Where("platform = ? AND user_id = ?", platform, userID).Count(&n).Error
	if err != nil {
		return false, opError(err, "is %s user %s paired", platform, userID)
	}
	return n > 0, nil
}

// PairedUsers lists approved users of platform ("" = all).
func (s *Store) PairedUsers(ctx context.Context, platform string) ([]PairedUser, error) {
	q := s.orm(ctx, s.r)
	if platform != "" {
		q = q.Where("platform = ?", platform)
	}
	var rows []pairedUserRow
	if err := q.Order("platform, approved_at").Find(&rows).Error; err != nil {
		return nil, opError(err, "list paired users")
	}
	return fromRows(rows, func(r *pairedUserRow) PairedUser {
		return PairedUser{Platform: r.Platform, UserID: r.UserID, UserName: r.UserName, ApprovedAt: fromNanos(r.ApprovedAt)}
	}), nil
}

// RevokePairedUser removes an approval; an unknown user is ErrNotFound.
func (s *Store) RevokePairedUser(ctx context.Context, platform, userID string) error {
	res := s.orm(ctx, s.w).Where("platform = ? AND user_id = ?", platform, userID).Delete(&pairedUserRow{})
	return changedOne(res, "revoke %s user %s", platform, userID)
}

func (r *pairingRequestRow) request() PairingRequest {
	return PairingRequest{ID: r.ID, Platform: r.Platform, UserID: r.UserID, UserName: r.UserName,
		ChatID: r.ChatID, CodeHash: r.CodeHash, Salt: r.Salt,
		CreatedAt: fromNanos(r.CreatedAt), ExpiresAt: fromNanos(r.ExpiresAt)}
}

func dropExpiredPairing(tx *gorm.DB, now time.Time) error {
	return tx.Where("expires_at <= ?", toNanos(now)).Delete(&pairingRequestRow{}).Error
}

func pairingLocked(tx *gorm.DB, platform string, now time.Time) (bool, error) {
	var n int64
	err := tx.Model(&pairingLockoutRow{}).Where("platform = ? AND locked_until > ?", platform, toNanos(now)).Count(&n).Error
	return n > 0, err
}
