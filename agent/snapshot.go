package agent

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/store"
)

// Before the agent first writes a file (write_file, patch) after a user
// message, what the file held is kept in the store, keyed by that message,
// so /rewind to the message can put it back (rewind.go). Commands run in
// the terminal are not tracked: a rewind says it cannot undo them.

// snapState tracks which files were snapshotted since the last user
// message.
type snapState struct {
	mu sync.Mutex
	// session and anchor are the session and id of the last user message
	// committed; 0 before any.
	session string
	anchor  int64
	done    map[string]bool // paths snapshotted after anchor
}

// setAnchor makes the user message id (in session) the one later writes
// are recorded against.
func (s *Session) setAnchor(session string, id int64) {
	s.snap.mu.Lock()
	defer s.snap.mu.Unlock()
	s.snap.session, s.snap.anchor = session, id
	clear(s.snap.done)
}

// beforeWrite is the session's tools.WriteHook: it keeps a file's content
// before its first change after the current user message.
func (s *Session) beforeWrite(ctx context.Context, path string, old []byte, mode fs.FileMode, existed bool) {
	s.snap.mu.Lock()
	session, anchor := s.snap.session, s.snap.anchor
	if anchor == 0 || s.snap.done[path] {
		s.snap.mu.Unlock()
		return
	}
	if s.snap.done == nil {
		s.snap.done = map[string]bool{}
	}
	s.snap.done[path] = true
	s.snap.mu.Unlock()
	if len(old) > store.MaxSnapshotBytes {
		s.agent.logger().Warn("file too large to snapshot for /rewind", "bytes", len(old))
		return
	}
	// The write goes ahead whatever happens here: a snapshot is a way
	// back, not a condition of the change.
	_, err := s.agent.Store.SaveSnapshot(context.WithoutCancel(ctx), &store.Snapshot{
		SessionID: session, MessageID: anchor, Path: path, Existed: existed, Mode: mode, Data: old,
	})
	if err != nil {
		s.agent.logger().Warn("could not snapshot a file for /rewind", "session", session, "err", err)
		s.snap.mu.Lock()
		delete(s.snap.done, path)
		s.snap.mu.Unlock()
	}
}

// restoreSnapshots puts files back as their snapshots recorded them: a
// file that existed gets its content and mode again, one that did not is
// removed. It returns the paths restored and removed, and those it could
// not restore with the reason.
func restoreSnapshots(snaps []store.Snapshot) (restored, removed, failed []string) {
	for _, snap := range snaps {
		if !snap.Existed {
			err := os.Remove(snap.Path)
			switch {
			case err == nil:
				removed = append(removed, snap.Path)
			case errors.Is(err, fs.ErrNotExist):
			default:
				failed = append(failed, fmt.Sprintf("%s: %v", snap.Path, err))
			}
			continue
		}
		if err := restoreFile(snap); err != nil {
			failed = append(failed, fmt.Sprintf("%s: %v", snap.Path, err))
			continue
		}
		restored = append(restored, snap.Path)
	}
	return restored, removed, failed
}

// restoreFile writes a snapshot's content back atomically, with its mode,
// creating the directory if it was removed since.
func restoreFile(snap store.Snapshot) error {
	if st, err := os.Lstat(snap.Path); err == nil && st.IsDir() {
		return fmt.Errorf("a directory is there now")
	}
	if err := os.MkdirAll(filepath.Dir(snap.Path), 0o755); err != nil {
		return err
	}
	if err := atomicfile.Write(snap.Path, snap.Data, snap.Mode.Perm()); err != nil {
		return err
	}
	return os.Chmod(snap.Path, snap.Mode.Perm())
}
