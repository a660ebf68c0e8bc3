package store

import (
	"context"
	"fmt"
	"io/fs"
	"time"
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
	res, err := s.wdb.ExecContext(ctx, `INSERT INTO file_snapshots (session_id, message_id, path, existed, mode, data, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id, path) DO NOTHING`,
		snap.SessionID, snap.MessageID, snap.Path, snap.Existed, int64(snap.Mode), data, toNanos(snap.CreatedAt))
	if err != nil {
		if isForeignKeyViolation(err) {
			err = fmt.Errorf("message %d: %w", snap.MessageID, ErrNotFound)
		}
		return false, opError(err, "snapshot of %s", snap.Path)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, opError(err, "snapshot of %s", snap.Path)
	}
	return n > 0, nil
}

// SnapshotsFrom returns, for each file the agent wrote in session
// sessionID at or after message fromID, its earliest snapshot there: what
// the file was before that message. Paths are in the order they were
// first written.
func (s *Store) SnapshotsFrom(ctx context.Context, sessionID string, fromID int64) ([]Snapshot, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT message_id, path, existed, mode, data, created_at FROM file_snapshots
		WHERE session_id = ? AND message_id >= ? ORDER BY message_id, id`, sessionID, fromID)
	if err != nil {
		return nil, opError(err, "read the file snapshots of session %s", sessionID)
	}
	defer rows.Close()
	var out []Snapshot
	seen := map[string]bool{}
	for rows.Next() {
		var (
			snap    Snapshot
			mode    int64
			created int64
		)
		if err := rows.Scan(&snap.MessageID, &snap.Path, &snap.Existed, &mode, &snap.Data, &created); err != nil {
			return nil, opError(err, "read the file snapshots of session %s", sessionID)
		}
		if seen[snap.Path] {
			continue
		}
		seen[snap.Path] = true
		snap.SessionID, snap.Mode, snap.CreatedAt = sessionID, fs.FileMode(mode), fromNanos(created)
		out = append(out, snap)
	}
	if err := rows.Err(); err != nil {
		return nil, opError(err, "read the file snapshots of session %s", sessionID)
	}
	return out, nil
}

// SnapshotPaths returns, per user message of a session, the paths the
// agent wrote after it (without their content), for showing what a rewind
// would restore.
func (s *Store) SnapshotPaths(ctx context.Context, sessionID string) (map[int64][]string, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT message_id, path FROM file_snapshots
		WHERE session_id = ? ORDER BY message_id, id`, sessionID)
	if err != nil {
		return nil, opError(err, "read the file snapshots of session %s", sessionID)
	}
	defer rows.Close()
	out := map[int64][]string{}
	for rows.Next() {
		var (
			id   int64
			path string
		)
		if err := rows.Scan(&id, &path); err != nil {
			return nil, opError(err, "read the file snapshots of session %s", sessionID)
		}
		out[id] = append(out[id], path)
	}
	return out, rows.Err()
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
