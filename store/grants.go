package store

import (
	"context"
	"errors"
	"time"
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
	_, err := s.wdb.ExecContext(ctx, `INSERT INTO approval_grants (finding_id, command, created_at)
		VALUES (?, ?, ?) ON CONFLICT (finding_id, command) DO NOTHING`, findingID, command, toNanos(nowUTC()))
	if err != nil {
		return opError(err, "add approval grant for %s", findingID)
	}
	return nil
}

// Grants lists every persisted grant, oldest first.
func (s *Store) Grants(ctx context.Context) ([]Grant, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, finding_id, command, created_at FROM approval_grants ORDER BY id`)
	if err != nil {
		return nil, opError(err, "list approval grants")
	}
	defer rows.Close()
	var out []Grant
	for rows.Next() {
		var (
			g       Grant
			created int64
		)
		if err := rows.Scan(&g.ID, &g.FindingID, &g.Command, &created); err != nil {
			return nil, opError(err, "list approval grants")
		}
		g.CreatedAt = fromNanos(created)
		out = append(out, g)
	}
	return out, rows.Err()
}

// Granted reports whether findingID is granted for command: by a grant for
// any command, or one for exactly this command.
func (s *Store) Granted(ctx context.Context, findingID, command string) (bool, error) {
	var n int
	err := s.rdb.QueryRowContext(ctx, `SELECT count(*) FROM approval_grants
		WHERE finding_id = ? AND (command = '' OR command = ?)`, findingID, command).Scan(&n)
	if err != nil {
		return false, opError(err, "check approval grant for %s", findingID)
	}
	return n > 0, nil
}

// RevokeGrant deletes the grant with id; an unknown id is ErrNotFound.
func (s *Store) RevokeGrant(ctx context.Context, id int64) error {
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM approval_grants WHERE id = ?`, id)
	if err != nil {
		return opError(err, "revoke approval grant %d", id)
	}
	if n, err := res.RowsAffected(); err != nil {
		return opError(err, "revoke approval grant %d", id)
	} else if n == 0 {
		return opError(ErrNotFound, "revoke approval grant %d", id)
	}
	return nil
}
