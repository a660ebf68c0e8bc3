package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// longSession stores a session of n messages (user, assistant with a tool
// call, tool, assistant answer with markdown, repeating) and returns its id.
func longSession(t testing.TB, st *store.Store, n int) string {
	t.Helper()
	ctx := context.Background()
	rec := &store.Session{Source: "tui", Model: "fake-model"}
	if err := st.CreateSession(ctx, rec); err != nil {
		t.Fatal(err)
	}
	msgs := []*store.Message{{SessionID: rec.ID, Role: "system", Content: "system prompt", Complete: true}}
	for i := 0; len(msgs) < n; i++ {
		call := fmt.Sprintf("call-%d", i)
		msgs = append(msgs,
			&store.Message{SessionID: rec.ID, Role: "user", Content: fmt.Sprintf("question number %d: what is in dir%d?", i, i), Complete: true},
			&store.Message{SessionID: rec.ID, Role: "assistant", Content: "Let me look.", Complete: true,
				ToolCalls: []store.ToolCall{{ID: call, Name: "terminal", Arguments: fmt.Sprintf(`{"command":"ls dir%d"}`, i)}}},
			&store.Message{SessionID: rec.ID, Role: "tool", ToolCallID: call, ToolName: "terminal", Content: "a.go\nb.go\n[exit code: 0]", Complete: true},
			&store.Message{SessionID: rec.ID, Role: "assistant", Complete: true, Usage: store.Usage{InputTokens: 900, OutputTokens: 60},
				Content: fmt.Sprintf("Directory **dir%d** holds two files:\n\n- `a.go`\n- `b.go`\n\n```go\npackage dir%d\n```\n", i, i)},
		)
	}
	msgs = msgs[:n]
	if err := st.AppendMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	return rec.ID
}

func openStore(t testing.TB) *store.Store {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// openLong opens a stored session in a model up to its first frame: the
// page read, shown and drawn (the agent opens the whole session after).
func openLong(t testing.TB, st *store.Store, id string) *Model {
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model", Store: st}, Store: st, Resume: id, Now: fixedNow, Cwd: "/work"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	msg := m.loadSession(id)()
	m.handleSessionLoaded(msg.(sessionLoadedMsg))
	m.View()
	return m
}

// (The 10,000-message numbers are BenchmarkOpenLongSession; 800 keep the
// test quick under the race detector.)
func TestLongSessionOpensOnItsLastPage(t *testing.T) {
	st := openStore(t)
	id := longSession(t, st, 800)
	m := openLong(t, st, id)
	got := screen(m)
	if !strings.Contains(got, "question number 199") || !strings.Contains(got, "terminal ls dir199") {
		t.Fatalf("the end of the session is not shown:\n%s", got)
	}
	if n := m.chat.Len(); n > 3*chatPage {
		t.Fatalf("%d entries loaded to show one screen", n)
	}
	// Scrolling to the top loads older pages, one at a time.
	m.setFocus(focusChat)
	cmd := m.chat.Top()
	if cmd == nil {
		t.Fatal("no load at the top")
	}
	before := m.chat.Len()
	m.Update(cmd())
	if m.chat.Len() <= before {
		t.Fatalf("older page not added (%d → %d)", before, m.chat.Len())
	}
}

const chatPage = 120 // chat.PageSize, in entries at most one per message

// plainAnswer is markdown without code: highlighting is exercised
// elsewhere and is slow under the race detector.
const plainAnswer = "## Result\n\nThe tests **pass** now; `calc.go` had the sign wrong.\n\n- fixed `Add`\n- added a case\n\n| test | result |\n|---|---|\n| TestAdd | ok |\n"

func TestThousandTurnsKeepMemoryBounded(t *testing.T) {
	m := newModel(t, 120, 40)
	turn := func(i int) {
		run := userTurn(m, fmt.Sprintf("request %d", i))
		call := llm.ToolCall{ID: fmt.Sprintf("c%d", i), Name: "terminal", Arguments: `{"command":"make test"}`}
		feed(m, run, agent.TextDelta{Text: "Running the tests now."})
		feed(m, run, saved("assistant", "Running the tests now.", call))
		feed(m, run, agent.ToolStarted{Call: call}, agent.ToolOutput{CallID: call.ID, Chunk: strings.Repeat("ok  \tpkg/x\t0.1s\n", 10)})
		feed(m, run, agent.ToolFinished{Call: call, Result: tools.Result{Output: strings.Repeat("ok  \tpkg/x\t0.1s\n", 10) + "[exit code: 0]", ExitCode: exit(0)}})
		feed(m, run, toolSaved(call, "ok"))
		feed(m, run, deltas(plainAnswer, 120)...)
		feed(m, run, saved("assistant", plainAnswer), agent.TurnDone{Reason: agent.StopDone})
		m.Update(runExitedMsg{id: run})
		m.View()
	}
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	for i := 0; i < 200; i++ {
		turn(i)
	}
	warm := heap()
	for i := 200; i < 1000; i++ {
		turn(i)
	}
	end := heap()
	t.Logf("heap after 200 turns %.1f MB, after 1000 turns %.1f MB; %d entries in memory", float64(warm)/1e6, float64(end)/1e6, m.chat.Len())
	if end > warm+4<<20 {
		t.Fatalf("the heap grew by %.1f MB over 800 turns", float64(end-warm)/1e6)
	}
}

// BenchmarkOpenLongSession is opening a 10,000-message session to its
// first frame inside the UI: the last page read from SQLite, turned into
// entries, the visible ones rendered.
func BenchmarkOpenLongSession(b *testing.B) {
	st := openStore(b)
	id := longSession(b, st, 10_000)
	for b.Loop() {
		openLong(b, st, id)
	}
}

// BenchmarkKeypressInLongSession is one key typed in the input of an open
// 10,000-message session: Update and View.
func BenchmarkKeypressInLongSession(b *testing.B) {
	st := openStore(b)
	m := openLong(b, st, longSession(b, st, 10_000))
	b.ReportAllocs()
	for b.Loop() {
		m.Update(press("a"))
		m.View()
	}
}

// BenchmarkScrollInLongSession is one page up in the chat of an open
// 10,000-message session (older pages load in the background, not here).
func BenchmarkScrollInLongSession(b *testing.B) {
	st := openStore(b)
	m := openLong(b, st, longSession(b, st, 10_000))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%20 == 0 {
			m.chat.Bottom()
		}
		m.Update(press("pgup"))
		m.View()
	}
}

// Walking a session page by page from its end covers every message once,
// and every page starts at a user message (so tool results meet their
// calls).
func TestPagesCoverTheSessionAndStartAtUserMessages(t *testing.T) {
	st := openStore(t)
	id := longSession(t, st, 601)
	seen := map[int64]bool{}
	before, pages := int64(0), 0
	for {
		msgs, hasOlder, err := loadPage(context.Background(), st, id, before)
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) == 0 {
			break
		}
		pages++
		if r := msgs[0].Role; r != "user" && r != "system" {
			t.Fatalf("page %d starts with a %s message", pages, r)
		}
		for _, m := range msgs {
			if seen[m.ID] {
				t.Fatalf("message %d on two pages", m.ID)
			}
			seen[m.ID] = true
		}
		if !hasOlder {
			break
		}
		before = msgs[0].ID
	}
	if len(seen) != 601 {
		t.Fatalf("pages covered %d of 601 messages", len(seen))
	}
	if pages < 601/chatPage {
		t.Fatalf("%d pages", pages)
	}
}
