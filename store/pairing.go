package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
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
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		if err := dropExpiredPairing(ctx, tx, now); err != nil {
			return err
		}
		if locked, err := pairingLocked(ctx, tx, req.Platform, now); err != nil || locked {
			if err == nil {
				err = ErrPairingLocked
			}
			return err
		}
		var last int64
		err := tx.QueryRowContext(ctx, `SELECT last_request_at FROM pairing_throttle
			WHERE platform = ? AND user_id = ?`, req.Platform, req.UserID).Scan(&last)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err == nil && now.Sub(fromNanos(last)) < lim.UserInterval {
			return ErrPairingThrottled
		}
		var pending int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pairing_requests WHERE platform = ?`,
			req.Platform).Scan(&pending); err != nil {
			return err
		}
		if pending >= lim.MaxPending {
			return ErrPairingFull
		}
		// One pending request per user: a new one replaces the old.
		if _, err := tx.ExecContext(ctx, `DELETE FROM pairing_requests WHERE platform = ? AND user_id = ?`,
			req.Platform, req.UserID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO pairing_requests (id, platform, user_id, user_name,
			chat_id, code_hash, salt, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			req.ID, req.Platform, req.UserID, req.UserName, req.ChatID, req.CodeHash, req.Salt,
			toNanos(req.CreatedAt), toNanos(req.ExpiresAt)); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO pairing_throttle (platform, user_id, last_request_at)
			VALUES (?, ?, ?) ON CONFLICT (platform, user_id) DO UPDATE SET last_request_at = excluded.last_request_at`,
			req.Platform, req.UserID, toNanos(now))
		return err
	})
	if err != nil {
		return opError(err, "pairing request of %s user %s", req.Platform, req.UserID)
	}
	return nil
}

// PairingRequests lists the unexpired requests of platform ("" = all).
func (s *Store) PairingRequests(ctx context.Context, platform string, now time.Time) ([]PairingRequest, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, platform, user_id, user_name, chat_id, code_hash, salt,
		created_at, expires_at FROM pairing_requests WHERE (? = '' OR platform = ?) AND expires_at > ?
		ORDER BY created_at`, platform, platform, toNanos(now))
	if err != nil {
		return nil, opError(err, "list pairing requests")
	}
	defer rows.Close()
	var out []PairingRequest
	for rows.Next() {
		var (
			r                PairingRequest
			created, expires int64
		)
		if err := rows.Scan(&r.ID, &r.Platform, &r.UserID, &r.UserName, &r.ChatID, &r.CodeHash, &r.Salt,
			&created, &expires); err != nil {
			return nil, opError(err, "list pairing requests")
		}
		r.CreatedAt, r.ExpiresAt = fromNanos(created), fromNanos(expires)
		out = append(out, r)
	}
	return out, rows.Err()
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
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		if err := dropExpiredPairing(ctx, tx, now); err != nil {
			return err
		}
		if locked, err := pairingLocked(ctx, tx, platform, now); err != nil || locked {
			if err == nil {
				err = ErrPairingLocked
			}
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT id, platform, user_id, user_name, chat_id, code_hash, salt
			FROM pairing_requests WHERE platform = ?`, platform)
		if err != nil {
			return err
		}
		var found *PairingRequest
		for rows.Next() {
			var r PairingRequest
			if err := rows.Scan(&r.ID, &r.Platform, &r.UserID, &r.UserName, &r.ChatID, &r.CodeHash, &r.Salt); err != nil {
				rows.Close()
				return err
			}
			if found == nil && match(r) {
				found = &r
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if found == nil {
			noMatch = true
			_, err := tx.ExecContext(ctx, `INSERT INTO pairing_lockout (platform, failures, locked_until)
				VALUES (?, 1, 0) ON CONFLICT (platform) DO UPDATE SET failures = failures + 1`, platform)
			if err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `UPDATE pairing_lockout SET locked_until = ?, failures = 0
				WHERE platform = ? AND failures >= ?`, toNanos(now.Add(lim.Lockout)), platform, lim.MaxFailures)
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM pairing_requests WHERE id = ?`, found.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM pairing_lockout WHERE platform = ?`, platform); err != nil {
			return err
		}
		paired = &PairedUser{Platform: platform, UserID: found.UserID, UserName: found.UserName, ApprovedAt: now.UTC()}
		_, err = tx.ExecContext(ctx, `INSERT INTO pairing_users (platform, user_id, user_name, approved_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (platform, user_id) DO UPDATE SET user_name = excluded.user_name,
			approved_at = excluded.approved_at`, platform, found.UserID, found.UserName, toNanos(now))
		return err
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
	var until int64
	err := s.rdb.QueryRowContext(ctx, `SELECT locked_until FROM pairing_lockout WHERE platform = ?`, platform).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && until <= toNanos(now)) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, opError(err, "pairing lockout of %s", platform)
	}
	return fromNanos(until), nil
}

// IsPaired reports whether the owner approved this user.
func (s *Store) IsPaired(ctx context.Context, platform, userID string) (bool, error) {
	var n int
	err := s.rdb.QueryRowContext(ctx, `SELECT count(*) FROM pairing_users WHERE platform = ? AND user_id = ?`,
		platform, userID).Scan(&n)
	if err != nil {
		return false, opError(err, "is %s user %s paired", platform, userID)
	}
	return n > 0, nil
}

// PairedUsers lists approved users of platform ("" = all).
func (s *Store) PairedUsers(ctx context.Context, platform string) ([]PairedUser, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT platform, user_id, user_name, approved_at FROM pairing_users
		WHERE (? = '' OR platform = ?) ORDER BY platform, approved_at`, platform, platform)
	if err != nil {
		return nil, opError(err, "list paired users")
	}
	defer rows.Close()
	var out []PairedUser
	for rows.Next() {
		var (
			u  PairedUser
			at int64
		)
		if err := rows.Scan(&u.Platform, &u.UserID, &u.UserName, &at); err != nil {
			return nil, opError(err, "list paired users")
		}
		u.ApprovedAt = fromNanos(at)
		out = append(out, u)
	}
	return out, rows.Err()
}

// RevokePairedUser removes an approval; an unknown user is ErrNotFound.
func (s *Store) RevokePairedUser(ctx context.Context, platform, userID string) error {
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM pairing_users WHERE platform = ? AND user_id = ?`, platform, userID)
	return affectedOne(res, err, fmt.Sprintf("revoke %s user %s", platform, userID))
}

func dropExpiredPairing(ctx context.Context, tx *sql.Tx, now time.Time) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM pairing_requests WHERE expires_at <= ?`, toNanos(now))
	return err
}

func pairingLocked(ctx context.Context, tx *sql.Tx, platform string, now time.Time) (bool, error) {
	var until int64
	err := tx.QueryRowContext(ctx, `SELECT locked_until FROM pairing_lockout WHERE platform = ?`, platform).Scan(&until)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil && until > toNanos(now), err
}
