package ui

import (
	"context"
	"os"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/sessions"
)

// BenchmarkOpenAtHit is the browser's Enter on a hit in the middle of a
// 10,000-message session, to the chat's first frame: the session and the
// window around the hit read, turned into entries, the visible ones drawn
// (the agent reads the whole session for the next turn afterwards, off the
// way to the frame). With HERM_BENCH_STORE (a store seeded by go run
// ./bench/sessions -keep) it opens that store's 10,000-message session;
// otherwise a generated one.
func BenchmarkOpenAtHit(b *testing.B) {
	ctx := context.Background()
	var (
		st *store.Store
		id string
	)
	if path := os.Getenv("HERM_BENCH_STORE"); path != "" {
		var err error
		st, err = store.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		n, err := st.CountSessions(ctx, store.SessionFilter{})
		if err != nil {
			b.Fatal(err)
		}
		oldest, err := st.FindSessions(ctx, store.SessionFilter{Offset: n - 1, Limit: 1})
		if err != nil || len(oldest) != 1 {
			b.Fatal(err)
		}
		id = oldest[0].ID
	} else {
		st = openStore(b)
		id = longSession(b, st, 10_000)
	}
	rec, err := st.Session(ctx, id)
	if err != nil || rec.MessageCount < 10_000 {
		b.Fatalf("session %s: %v messages, %v", id, rec.MessageCount, err)
	}
	page, err := st.MessagesPage(ctx, id, 0, rec.MessageCount/2)
	if err != nil {
		b.Fatal(err)
	}
	target := page[0].ID // the middle of the session
	a := &agent.Agent{Model: "fake-model", Store: st}
	for b.Loop() {
		m := New(ctx, Options{Agent: a, Store: st, Now: fixedNow, Cwd: "/work"})
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		m.handleOpenSession(sessions.OpenMsg{SessionID: id, MessageID: target})
		m.Update(m.loadSessionAt(id, target)())
		m.View()
		if m.chat.Marked() != target {
			b.Fatal("not opened at the hit")
		}
	}
}
