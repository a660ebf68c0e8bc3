package store

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// seedSessions creates n sessions for the session benchmarks.
func seedSessions(b *testing.B, s *Store, n int) []*Session {
	out := make([]*Session, n)
	for i := range out {
		out[i] = newSession(b, s)
	}
	return out
}

// BenchmarkFindSessions lists the newest page of 1,000 sessions: what the
// sessions pane and `herm sessions list` do.
func BenchmarkFindSessions(b *testing.B) {
	s := openTest(b)
	seedSessions(b, s, 1000)
	ctx := context.Background()
	for b.Loop() {
		list, err := s.FindSessions(ctx, SessionFilter{Limit: 50})
		if err != nil || len(list) != 50 {
			b.Fatalf("%d sessions, %v", len(list), err)
		}
	}
}

// BenchmarkSession reads one session by id.
func BenchmarkSession(b *testing.B) {
	s := openTest(b)
	ids := seedSessions(b, s, 1000)
	ctx := context.Background()
	i := 0
	for b.Loop() {
		if _, err := s.Session(ctx, ids[i%len(ids)].ID); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkCreateSession inserts sessions with generated ids.
func BenchmarkCreateSession(b *testing.B) {
	s := openTest(b)
	ctx := context.Background()
	for b.Loop() {
		if err := s.CreateSession(ctx, &Session{Source: "cli", Model: "m"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAddUsage adds a turn's usage to a session (once per model call).
func BenchmarkAddUsage(b *testing.B) {
	s := openTest(b)
	sess := newSession(b, s)
	ctx := context.Background()
	for b.Loop() {
		if err := s.AddUsage(ctx, sess.ID, Usage{InputTokens: 100, OutputTokens: 20}, 0.001); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen opens and closes an existing store: what every herm
// command that reads sessions pays before its first query.
func BenchmarkOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "state.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	seedSessions(b, s, 10)
	s.Close()
	ctx := context.Background()
	for b.Loop() {
		s, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.FindSessions(ctx, SessionFilter{Limit: 5}); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// BenchmarkMessages reads a 5,000-message session whole: resuming it, or
// `herm sessions show`.
func BenchmarkMessages(b *testing.B) {
	s := openTest(b)
	sess := newSession(b, s)
	r := rand.New(rand.NewPCG(5, 6))
	batch := make([]*Message, 5000)
	for i := range batch {
		batch[i] = benchMessage(r, sess.ID, 40)
	}
	ctx := context.Background()
	if err := s.AppendMessages(ctx, batch); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		msgs, err := s.Messages(ctx, sess.ID)
		if err != nil || len(msgs) != len(batch) {
			b.Fatalf("%d messages, %v", len(msgs), err)
		}
	}
}
