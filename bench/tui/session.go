package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/herm-dev/herm/store"
)

// longSession writes a session of n messages (a user question, a tool call
// and its result, a markdown answer, repeating) and returns its id and the
// text of its last user message.
func longSession(home string, n int) (id, last string) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(home, "state.db"))
	check(err)
	defer st.Close()
	rec := &store.Session{Source: "tui", Model: "fake-model", Title: "a long session"}
	check(st.CreateSession(ctx, rec))
	msgs := []*store.Message{{SessionID: rec.ID, Role: "system", Content: "You are herm.", Complete: true}}
	for i := 0; len(msgs) < n; i++ {
		call := fmt.Sprintf("call_%d", i)
		last = fmt.Sprintf("question %d: what changed in module%d?", i, i)
		msgs = append(msgs,
			&store.Message{SessionID: rec.ID, Role: "user", Content: last, Complete: true},
			&store.Message{SessionID: rec.ID, Role: "assistant", Content: "Let me check the log.", Complete: true,
				ToolCalls: []store.ToolCall{{ID: call, Name: "terminal", Arguments: fmt.Sprintf(`{"command":"git log --oneline module%d | head"}`, i)}}},
			&store.Message{SessionID: rec.ID, Role: "tool", ToolCallID: call, ToolName: "terminal", Complete: true,
				Content: "a1b2c3d fix the parser\ne4f5a6b add tests\n[exit code: 0]"},
			&store.Message{SessionID: rec.ID, Role: "assistant", Complete: true, Usage: store.Usage{InputTokens: 1500, OutputTokens: 90},
				Content: fmt.Sprintf("Two commits changed **module%d**:\n\n1. a parser fix\n2. new tests\n\n```go\nfunc Parse(s string) error { return nil }\n```\n", i)},
		)
	}
	if len(msgs) > n {
		msgs = msgs[:n]
	}
	check(st.AppendMessages(ctx, msgs))
	return rec.ID, last
}

// longSession: `herm --resume ID` on a 10,000-message session, to the frame
// that shows its end; then keys typed into its input, each to its echo.
func (b *bench) longSession(runs int) {
	home, work := b.home("long")
	id, last := longSession(home, 10_000)
	t := newTmux("long", b.poll)
	defer t.close()
	var opens []time.Duration
	args := append([]string{"--resume", id}, b.args()...)
	for i := 0; i < runs; i++ {
		start := time.Now()
		t.start(b.bin, home, work, 120, 40, args...)
		at, ok := t.waitFor(10*time.Second, last, "❯")
		if !ok {
			fmt.Println("  long session: herm did not show the session's end")
			t.stop()
			return
		}
		opens = append(opens, at.Sub(start))
		if i < runs-1 {
			t.stop()
		}
	}
	fmt.Printf("open a 10,000-message session → first frame: median %s, p90 %s\n", ms(median(opens)), ms(pct(opens, 0.9)))

	// Keys into the open session's input: each letter until it shows,
	// 100 ms apart as a fast typist's are. (Keys closer together than a
	// frame, 16.7 ms, are drawn together on the next frame: the renderer
	// draws at most 60 frames a second, so typing them back to back would
	// measure the frame rate, not the keypress.)
	time.Sleep(500 * time.Millisecond) // the agent opens the whole session in the background
	var keys, floor []time.Duration
	typed := ""
	for i := 0; i < runs; i++ {
		time.Sleep(100 * time.Millisecond)
		c := string(rune('a' + i%26))
		typed += c
		start := time.Now()
		t.sendKeys(c)
		at, ok := t.waitFor(5*time.Second, "❯ "+typed)
		if !ok {
			fmt.Println("  keypress: the key did not show")
			break
		}
		keys = append(keys, at.Sub(start))
		// The floor: one send-keys and one capture-pane.
		s := time.Now()
		t.do("send-keys -t " + pane + " ''")
		t.capture()
		floor = append(floor, time.Since(s))
	}
	if len(keys) > 0 {
		fmt.Printf("keypress → frame in that session: median %s, p90 %s (tmux send-keys + capture-pane alone: %s; Update+View is BenchmarkKeypressInLongSession in ui/)\n",
			ms(median(keys)), ms(pct(keys, 0.9)), ms(median(floor)))
	}
	t.stop()
}
