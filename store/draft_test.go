package store

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

func (d *Draft) writeCount() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.writes
}

// stored reads a message as the database has it now.
func stored(t *testing.T, s *Store, id int64) Message {
	t.Helper()
	rows, err := s.r.Query(`SELECT `+messageColumns+` FROM messages WHERE id = ?`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	if !rows.Next() {
		t.Fatalf("message %d not stored", id)
	}
	m, err := scanMessage(rows)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// waitStored polls until the stored message satisfies ok; the deadline only
// guards against a hang.
func waitStored(t *testing.T, s *Store, id int64, ok func(Message) bool) Message {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		m := stored(t, s, id)
		if ok(m) {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("message %d never reached the expected state; last %+v", id, m)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestDraftCoalescesWrites(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		t.Fatal(err)
	}
	if m := stored(t, s, d.ID()); m.Complete || m.Content != "" {
		t.Fatalf("new draft stored as %+v", m)
	}
	// With an hour between writes the first Append is written at once (no
	// write happened yet) and every later one only waits for the next slot.
	d.SetInterval(time.Hour)
	var want strings.Builder
	for i := range 1000 {
		tok := string(rune('a'+i%26)) + " "
		d.Append(tok, "")
		want.WriteString(tok)
	}
	waitStored(t, s, d.ID(), func(m Message) bool { return m.Content != "" })
	if n := d.writeCount(); n != 1 {
		t.Errorf("%d background writes for 1000 appends within one interval, want 1", n)
	}
	if m := stored(t, s, d.ID()); !strings.HasPrefix(want.String(), m.Content) || m.Complete {
		t.Errorf("stored draft = %q complete=%v", m.Content, m.Complete)
	}

	// Commit writes the final state at once, without waiting for the slot.
	final := &Message{Content: want.String(), FinishReason: "stop", TokenCount: 1000,
		ToolCalls: []ToolCall{{ID: "1", Name: "todo", Arguments: `{}`}}}
	if err := d.Commit(ctx, final); err != nil {
		t.Fatal(err)
	}
	m := stored(t, s, d.ID())
	if m.Content != want.String() || !m.Complete || m.FinishReason != "stop" || m.TokenCount != 1000 ||
		len(m.ToolCalls) != 1 || m.Role != "assistant" {
		t.Errorf("committed = %+v", m)
	}
	if final.ID != d.ID() || final.SessionID != sess.ID || !final.Complete || !final.CreatedAt.Equal(m.CreatedAt) {
		t.Errorf("Commit did not fill the final message: %+v", final)
	}
	if n := d.writeCount(); n != 1 {
		t.Errorf("%d background writes after commit, want still 1 (timer stopped)", n)
	}

	// Finished drafts ignore appends and refuse a second finish.
	d.Append("late", "")
	if err := d.Commit(ctx, nil); !errors.Is(err, ErrDraftDone) {
		t.Errorf("second Commit = %v, want ErrDraftDone", err)
	}
	if err := d.Abandon(ctx, "error"); !errors.Is(err, ErrDraftDone) {
		t.Errorf("Abandon after Commit = %v, want ErrDraftDone", err)
	}
	if got := stored(t, s, d.ID()).Content; got != want.String() {
		t.Errorf("append after commit changed the message: %q", got)
	}
}

func TestDraftWritesInBackgroundUntilCaughtUp(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant", Content: "Hello", Reasoning: "think"})
	if err != nil {
		t.Fatal(err)
	}
	d.SetInterval(time.Millisecond)
	d.Append(",", " more")
	d.Append(" world", "")
	// Without Commit, the text reaches the store: a crash now loses nothing.
	waitStored(t, s, d.ID(), func(m Message) bool {
		return m.Content == "Hello, world" && m.Reasoning == "think more"
	})
	if err := d.Err(); err != nil {
		t.Errorf("Err() = %v", err)
	}
	if err := d.Commit(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if m := stored(t, s, d.ID()); m.Content != "Hello, world" || m.Reasoning != "think more" || !m.Complete {
		t.Errorf("nil commit stored %+v", m)
	}
}

func TestDraftAbandon(t *testing.T) {
	s := openTest(t)
	ctx, cancel := context.WithCancel(context.Background())
	sess := newSession(t, s)
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		t.Fatal(err)
	}
	d.SetInterval(time.Hour)
	d.Append("half an ans", "because")
	d.Append("wer", "")
	cancel() // the stream was interrupted; the draft's writes go on
	if err := d.Abandon(context.Background(), "interrupted"); err != nil {
		t.Fatal(err)
	}
	m := stored(t, s, d.ID())
	if m.Content != "half an answer" || m.Reasoning != "because" || !m.Complete || m.FinishReason != "interrupted" {
		t.Errorf("abandoned draft stored as %+v", m)
	}
	if err := d.Commit(context.Background(), nil); !errors.Is(err, ErrDraftDone) {
		t.Errorf("Commit after Abandon = %v, want ErrDraftDone", err)
	}
	ftsIntegrity(t, s)
}

func TestDraftConcurrentAppends(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		t.Fatal(err)
	}
	d.SetInterval(100 * time.Microsecond) // many background writes racing the appends
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 500 {
				d.Append("x", "y")
			}
		})
	}
	wg.Wait()
	if err := d.Commit(ctx, nil); err != nil {
		t.Fatal(err)
	}
	m := stored(t, s, d.ID())
	if len(m.Content) != 2000 || len(m.Reasoning) != 2000 {
		t.Errorf("stored %d/%d bytes, want 2000/2000", len(m.Content), len(m.Reasoning))
	}
	t.Logf("%d background writes for 2000 appends", d.writeCount())
}

func TestDraftCommitOfDeletedMessage(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeleteMessagesAfter(ctx, sess.ID, 0); err != nil {
		t.Fatal(err)
	}
	if err := d.Commit(ctx, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("Commit of a deleted draft = %v, want ErrNotFound", err)
	}
	// The failed commit left the draft open, so it can still be finished.
	if err := d.Abandon(ctx, "error"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Abandon after a failed Commit = %v, want ErrNotFound (not ErrDraftDone)", err)
	}
}

func TestDraftOnMissingSession(t *testing.T) {
	s := openTest(t)
	if _, err := s.Draft(context.Background(), &Message{SessionID: "ghost", Role: "assistant"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Draft on a missing session = %v, want ErrNotFound", err)
	}
}

func TestDraftReportsBackgroundWriteFailure(t *testing.T) {
	s, err := Open(context.Background(), t.TempDir()+"/state.db")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sess := newSession(t, s)
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	d.Append("lost?", "")
	deadline := time.Now().Add(10 * time.Second)
	for d.Err() == nil {
		if time.Now().After(deadline) {
			t.Fatal("a background write on a closed store reported no error")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(5 * DefaultDraftInterval) // room for retries that must not happen
	if n := d.writeCount(); n != 1 {
		t.Errorf("%d background writes, want 1: a failed write waits for the next Append", n)
	}
	if err := d.Commit(ctx, nil); err == nil {
		t.Error("Commit on a closed store succeeded")
	}
}
