package store

import (
	"context"
	"errors"
	"testing"
)

// The first snapshot of a path after a message wins; SnapshotsFrom gives
// the earliest state of each path at or after a message; snapshots go with
// their message.
func TestSnapshots(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	sess := newSession(t, s)
	var ids []int64
	for _, role := range []string{"user", "assistant", "user", "assistant", "user"} {
		m := &Message{SessionID: sess.ID, Role: role, Content: role, Complete: true}
		if err := s.AppendMessage(ctx, m); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	u1, u2, u3 := ids[0], ids[2], ids[4]
	save := func(msg int64, path, data string, existed bool) bool {
		t.Helper()
		ok, err := s.SaveSnapshot(ctx, &Snapshot{SessionID: sess.ID, MessageID: msg, Path: path, Existed: existed, Mode: 0o600, Data: []byte(data)})
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !save(u1, "/p/a.go", "a v1", true) || save(u1, "/p/a.go", "a v2", true) {
		t.Fatal("the second snapshot of a path after one message should be ignored")
	}
	save(u2, "/p/a.go", "a v3", true)
	save(u2, "/p/new.txt", "", false)
	save(u3, "/p/b.go", "b v1", true)

	got, err := s.SnapshotsFrom(ctx, sess.ID, u2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Path != "/p/a.go" || string(got[0].Data) != "a v3" || got[1].Path != "/p/new.txt" || got[1].Existed || got[2].Path != "/p/b.go" {
		t.Fatalf("SnapshotsFrom(u2) = %+v", got)
	}
	if got[0].Mode != 0o600 || got[0].MessageID != u2 {
		t.Fatalf("mode %v message %d", got[0].Mode, got[0].MessageID)
	}
	all, _ := s.SnapshotsFrom(ctx, sess.ID, u1)
	if len(all) != 3 || string(all[0].Data) != "a v1" {
		t.Fatalf("SnapshotsFrom(u1) = %+v", all)
	}
	paths, err := s.SnapshotPaths(ctx, sess.ID)
	if err != nil || len(paths[u1]) != 1 || len(paths[u2]) != 2 || len(paths[u3]) != 1 {
		t.Fatalf("SnapshotPaths = %v, %v", paths, err)
	}

	if _, err := s.DeleteMessagesAfter(ctx, sess.ID, u2-1); err != nil {
		t.Fatal(err)
	}
	left, _ := s.SnapshotsFrom(ctx, sess.ID, 0)
	if len(left) != 1 || string(left[0].Data) != "a v1" {
		t.Fatalf("after deleting from u2 on: %+v", left)
	}
	if _, err := s.SaveSnapshot(ctx, &Snapshot{SessionID: sess.ID, MessageID: u3, Path: "/p/x"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("snapshot of a deleted message: %v", err)
	}
}
