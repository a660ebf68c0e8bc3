package store

import (
	"context"
	"fmt"
	"io/fs"
	"time"

	"gorm.io/gorm/clause"
)

// MaxSnapshotBytes is the largest file content a snapshot keeps (the file
// tools edit nothing bigger).
const MaxSnapshotBytes = 16 << 20

// Snapshot is what a file was before the agent first wrote it (with
// write_file or patch) after a user message: rewinding the conversation to
// before that message puts it back.
type Snapshot struct {
	SessionID string
	// MessageID is the user message the write followed.
	MessageID int64
	// Path is absolute.
	Path string
	// Existed is false when the write created the file: rewinding removes
	// it.
	Existed bool
	Mode    fs.FileMode
	Data    []byte
	// CreatedAt is when the snapshot was taken.
	CreatedAt time.Time
}

// SaveSnapshot records snap, unless its message has a snapshot of that
// path already (the first write after a message is the one to undo); it
// reports whether snap was stored. The message must exist.
func (s *Store) SaveSnapshot(ctx context.Context, snap *Snapshot) (bool, error) {
	if len(snap.Data) > MaxSnapshotBytes {
		return false, opError(fmt.Errorf("%d bytes is more than the %d kept", len(snap.Data), MaxSnapshotBytes), "snapshot of %s", snap.Path)
	}
	if snap.CreatedAt.IsZero() {
		snap.CreatedAt = nowUTC()
	}
	data := snap.Data
	if data == nil {
		data = []byte{}
	}
	res := s.orm(ctx, s.w).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "message_id"}, {Name: "path"}},
		DoNothing: true,
	}).Create(&snapshotRow{SessionID: snap.SessionID, MessageID: snap.MessageID, Path: snap.Path,
		Existed: snap.Existed, Mode: int64(snap.Mode), Data: data, CreatedAt: toNanos(snap.CreatedAt)})
	if err := res.Error; err != nil {
		if isForeignKeyViolation(err) {
			err = fmt.Errorf("message %d: %w", snap.MessageID, ErrNotFound)
		}
		return false, opError(err, "snapshot of %s", snap.Path)
	}
	return res.RowsAffected > 0, nil
}

// SnapshotsFrom returns, for each file the agent wrote in session
// sessionID at or after message fromID, its earliest snapshot there: what
// the file was before that message. Paths are in the order they were
// first written.
func (s *Store) SnapshotsFrom(ctx context.Context, sessionID string, fromID int64) ([]Snapshot, error) {
	var rows []snapshotRow
	err := s.orm(ctx, s.r).Where("session_id = ? AND message_id >= ?", sessionID, fromID).
		Order("message_id, id").Find(&rows).Error
	if err != nil {
		return nil, opError(err, "read the file snapshots of session %s", sessionID)
	}
	var out []Snapshot
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r.Path] {
			continue
		}
		seen[r.Path] = true
		out = append(out, Snapshot{SessionID: sessionID, MessageID: r.MessageID, Path: r.Path, Existed: r.Existed,
			Mode: fs.FileMode(r.Mode), Data: r.Data, CreatedAt: fromNanos(r.CreatedAt)})
	}
	return out, nil
}

// SnapshotPaths returns, per user message of a session, the paths the
// agent wrote after it (without their content), for showing what a rewind
// would restore.
func (s *Store) SnapshotPaths(ctx context.Context, sessionID string) (map[int64][]string, error) {
	var rows []snapshotRow
	err := s.orm(ctx, s.r).Select("message_id", "path").Where("session_id = ?", sessionID).
		Order("message_id, id").Find(&rows).Error
	if err != nil {
		return nil, opError(err, "read the file snapshots of session %s", sessionID)
	}
	out := map[int64][]string{}
	for _, r := range rows {
		out[r.MessageID] = append(out[r.MessageID], r.Path)
	}
	return out, nil
}

// UserMessages returns the messages the person wrote in a session, oldest
// first (without images): the points a conversation can be rewound to.
func (s *Store) UserMessages(ctx context.Context, sessionID string) ([]Message, error) {
	msgs, err := s.queryMessages(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE session_id = ? AND role = 'user' ORDER BY id`, sessionID)
	if err != nil {
		return nil, opError(err, "read your messages in session %s", sessionID)
	}
	return msgs, nil
}
