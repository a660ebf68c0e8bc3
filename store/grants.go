package store

import (
	"context"
	"errors"
	"strconv"
	"time"

	"gorm.io/gorm/clause"

	"github.com/herm-dev/herm/internal/seal"
)

// Grant is a persisted "always" answer to an approval request: commands
// whose findings are all granted run without asking. Command, when set,
// limits the grant to that exact command text.
//
// state.db is a file the model's commands could write, so a grant carries
// a MAC over its content made with the home's signing key (internal/seal):
// only a grant whose MAC verifies is honoured.
type Grant struct {
	ID        int64
	FindingID string
	Command   string
	CreatedAt time.Time
	// State says whether the grant counts; only GrantSigned ones do.
	State GrantState
}

// GrantState says whether a stored grant is honoured.
type GrantState int

const (
	// GrantSigned is a grant herm saved and signed: it is honoured.
	GrantSigned GrantState = iota
	// GrantUnsigned has no MAC: saved by a herm from before grants were
	// signed, when the model's commands could write them, or inserted by
	// a command. It is not honoured; the person approves again.
	GrantUnsigned
	// GrantTampered has a MAC that does not verify: written or changed by
	// something other than herm, or signed with a key this home no longer
	// has. It is not honoured.
	GrantTampered
)

func (g GrantState) String() string {
	switch g {
	case GrantSigned:
		return "signed"
	case GrantUnsigned:
		return "unsigned: re-approve"
	}
	return "tampered: not honoured"
}

// grantPurpose names grants among the records the key signs.
const grantPurpose = "herm approval grant v1"

// grantFields are what a grant's MAC covers: the finding, the command it
// is limited to ("" for any), and when it was made.
func grantFields(findingID, command string, createdAt int64) []string {
	return []string{findingID, command, strconv.FormatInt(createdAt, 10)}
}

func (r *grantRow) grant(key *seal.Key) Grant {
	g := Grant{ID: r.ID, FindingID: r.FindingID, Command: r.Command, CreatedAt: fromNanos(r.CreatedAt)}
	switch {
	case r.MAC == "":
		g.State = GrantUnsigned
	case !key.Verify(r.MAC, grantPurpose, grantFields(r.FindingID, r.Command, r.CreatedAt)...):
		g.State = GrantTampered
	}
	return g
}

// AddGrant persists a grant signed with key. Adding one that exists is
// not an error: it is signed again, which is how an unsigned or tampered
// grant is replaced by one the person just gave.
func (s *Store) AddGrant(ctx context.Context, key *seal.Key, findingID, command string) error {
	if findingID == "" {
		return opError(errors.New("no finding id"), "add approval grant")
	}
	if key == nil {
		return opError(errors.New("no signing key to sign it with"), "add approval grant for %s", findingID)
	}
	row := grantRow{FindingID: findingID, Command: command, CreatedAt: toNanos(nowUTC())}
	row.MAC = key.Sum(grantPurpose, grantFields(row.FindingID, row.Command, row.CreatedAt)...)
	err := s.orm(ctx, s.w).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "finding_id"}, {Name: "command"}},
		DoUpdates: clause.AssignmentColumns([]string{"created_at", "mac"}),
	}).Create(&row).Error
	if err != nil {
		return opError(err, "add approval grant for %s", findingID)
	}
	return nil
}

// Grants lists every persisted grant, oldest first, each with its State
// as checked against key (nil: none verifies).
func (s *Store) Grants(ctx context.Context, key *seal.Key) ([]Grant, error) {
	var rows []grantRow
	if err := s.orm(ctx, s.r).Order("id").Find(&rows).Error; err != nil {
		return nil, opError(err, "list approval grants")
	}
	return fromRows(rows, func(r *grantRow) Grant { return r.grant(key) }), nil
}

// Granted reports whether findingID is granted for command: by a signed
// grant for any command, or one for exactly this command. The grants
// that would have covered it but do not count (unsigned, tampered) are
// returned in refused, for the caller to report.
func (s *Store) Granted(ctx context.Context, key *seal.Key, findingID, command string) (ok bool, refused []Grant, err error) {
	var rows []grantRow
	err = s.orm(ctx, s.r).Where("finding_id = ? AND (command = '' OR command = ?)", findingID, command).Find(&rows).Error
	if err != nil {
		return false, nil, opError(err, "check approval grant for %s", findingID)
	}
	for i := range rows {
		g := rows[i].grant(key)
		if g.State == GrantSigned {
			ok = true
			continue
		}
		refused = append(refused, g)
	}
	return ok, refused, nil
}

// RevokeGrant deletes the grant with id; an unknown id is ErrNotFound.
func (s *Store) RevokeGrant(ctx context.Context, id int64) error {
	res := s.orm(ctx, s.w).Where("id = ?", id).Delete(&grantRow{})
	return changedOne(res, "revoke approval grant %d", id)
}
