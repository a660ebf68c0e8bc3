package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// writeLoad appends from several goroutines through each of the given
// stores (single messages, batches and drafts, plus searches), and checks
// afterwards that every acknowledged message is stored exactly once.
func writeLoad(t *testing.T, stores []*Store, goroutines, rounds int) {
	t.Helper()
	ctx := context.Background()
	sess := newSession(t, stores[0])

	type ack struct {
		id      int64
		content string
	}
	var (
		mu   sync.Mutex
		acks []ack
		wg   sync.WaitGroup
	)
	record := func(ms ...*Message) {
		mu.Lock()
		defer mu.Unlock()
		for _, m := range ms {
			acks = append(acks, ack{m.ID, m.Content})
		}
	}
	errs := make(chan error, len(stores)*goroutines)
	for si, s := range stores {
		for g := range goroutines {
			wg.Go(func() {
				errs <- func() error {
					for i := range rounds {
						tag := fmt.Sprintf("s%d-g%d-r%d", si, g, i)
						switch i % 4 {
						case 0, 1:
							m := &Message{SessionID: sess.ID, Role: "user", Content: tag, Complete: true}
							if err := s.AppendMessage(ctx, m); err != nil {
								return err
							}
							record(m)
						case 2:
							batch := []*Message{
								{SessionID: sess.ID, Role: "assistant", Content: tag + "-a", Complete: true},
								{SessionID: sess.ID, Role: "tool", Content: tag + "-b", Complete: true},
							}
							if err := s.AppendMessages(ctx, batch); err != nil {
								return err
							}
							record(batch...)
						case 3:
							d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
							if err != nil {
								return err
							}
							d.Append(tag, "")
							final := &Message{Content: tag + "-final"}
							if err := d.Commit(ctx, final); err != nil {
								return err
							}
							record(final)
							if _, err := s.Search(ctx, "final", SearchOptions{Limit: 5}); err != nil {
								return err
							}
						}
					}
					return nil
				}()
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}

	msgs, err := stores[0].Messages(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]Message{}
	for _, m := range msgs {
		byID[m.ID] = m
	}
	if len(msgs) != len(acks) {
		t.Errorf("%d messages stored, %d acknowledged", len(msgs), len(acks))
	}
	for _, a := range acks {
		m, ok := byID[a.id]
		if !ok || m.Content != a.content || !m.Complete {
			t.Errorf("acknowledged message %d %q stored as %+v (found %v)", a.id, a.content, m, ok)
		}
	}
	got, err := stores[0].Session(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageCount != len(msgs) {
		t.Errorf("message_count = %d, %d messages stored", got.MessageCount, len(msgs))
	}
	if v := pragma(t, stores[0].w, "integrity_check"); v != "ok" {
		t.Errorf("integrity_check = %s", v)
	}
	ftsIntegrity(t, stores[0])
}

func TestConcurrentAppendsOneStore(t *testing.T) {
	s := openTest(t)
	writeLoad(t, []*Store{s}, 8, 40)
}

// TestTwoStoresShareOneFile stands in for two herm processes (TUI and
// gateway) on one state.db: each Store has its own connections, so they
// contend through SQLite's file locks and busy_timeout exactly as separate
// processes do. No write may be lost and none may fail with "database is
// locked".
func TestTwoStoresShareOneFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	a := openAt(t, path)
	b := openAt(t, path)
	writeLoad(t, []*Store{a, b}, 4, 40)
}
