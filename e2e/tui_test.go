package e2e

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
)

// The full-screen UI against the fake OpenAI server, in tmux: a prompt, a
// streamed answer with a tool block, the block expanded, a long tool
// interrupted with Esc, a resize, quitting — then the transcript in
// state.db against what the screen showed, and reopened.
func TestTUIEndToEnd(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv,
		fakellm.Reply{Text: "I'll check the tool.", ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo tui-tool-output"})}},
		fakellm.Reply{Text: "The tool printed **tui-tool-output**.\n\n- it ran once\n- it exited 0\n\nDone.", EventDelay: 3 * time.Millisecond},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "sleep 30"})}},
	)
	e := newEnv(t)
	x := startTUI(t, e, 100, 30, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")

	// A prompt, a streamed answer and a tool block.
	x.typeText("run the tool")
	x.keys("Enter")
	x.waitText("the answer", "┃ run the tool", "✓ terminal echo tui-tool-output", "exit 0", "Done.")
	x.waitText("the session's title", "Tool check")

	// Expand the tool block: tab to the chat, up to the block, enter.
	x.keys("Tab")
	x.waitText("chat focus", "chat · ↑↓ select")
	x.keys("Up")
	x.waitFor("the tool block selected", func(s string) bool { return strings.Contains(s, "▌ ✓ terminal echo tui-tool-output") })
	x.keys("Enter")
	x.waitFor("the output expanded", func(s string) bool { return regexp.MustCompile(`(?m)^▌ │ tui-tool-output$`).MatchString(s) })
	x.keys("Tab")
	x.waitFor("input focus", func(s string) bool { return !strings.Contains(s, "chat · ↑↓ select") })

	// A long tool, interrupted with Esc.
	x.typeText("now wait")
	x.keys("Enter")
	x.waitText("the long tool", "terminal sleep 30", "esc to interrupt")
	start := time.Now()
	x.keys("Escape")
	x.waitText("the interruption", "✗ terminal sleep 30", "· interrupted", "? help")
	if d := time.Since(start); d > 15*time.Second {
		t.Fatalf("esc took %s to stop the tool", d)
	}

	// A resize reflows everything to the new width.
	x.resize(60, 20)
	narrow := x.waitFor("the narrow layout", func(s string) bool {
		lines := strings.Split(s, "\n")
		return len(lines) == 20 && strings.Contains(s, "✗ terminal sleep 30") && strings.HasPrefix(lines[len(lines)-3], strings.Repeat("─", 60))
	})
	for i, l := range strings.Split(narrow, "\n") {
		if utf8.RuneCountInString(l) > 60 {
			t.Errorf("line %d is wider than the window: %q", i, l)
		}
	}
	x.resize(100, 30)
	live := x.waitText("the wide layout again", "┃ run the tool", "┃ now wait", "· interrupted")

	// Quit with ctrl+c twice.
	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again to quit")
	x.keys("C-c")
	x.waitExit()

	// The store holds what the screen showed, in order.
	st := e.openStore()
	ctx := context.Background()
	sessions, err := st.ListSessions(ctx, store.ListOptions{})
	if err != nil || len(sessions) != 1 {
		t.Fatalf("sessions: %v %v", sessions, err)
	}
	msgs, err := st.Messages(ctx, sessions[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := roles(msgs), "system user assistant+1 tool assistant user assistant+1 tool"; got != want {
		t.Fatalf("stored roles = %q, want %q", got, want)
	}
	for _, m := range msgs[1:] {
		var shown string
		switch m.Role {
		case "user":
			shown = "┃ " + m.Content
		case "assistant":
			shown = firstLine(m.Content)
			if len(m.ToolCalls) > 0 && shown == "" {
				shown = "terminal sleep 30"
			}
		case "tool":
			if !strings.Contains(m.Content, "tui-tool-output") && !strings.Contains(m.Content, "interrupted") {
				t.Errorf("tool result %q", m.Content)
			}
			continue
		}
		shown = strings.ReplaceAll(shown, "**", "")
		if !strings.Contains(live, shown) {
			t.Errorf("stored %s message %q is not on the screen:\n%s", m.Role, shown, live)
		}
	}
	if last := msgs[len(msgs)-1]; !strings.Contains(last.Content, "interrupted") {
		t.Errorf("the interrupted tool's result: %q", last.Content)
	}

	// Reopening the session shows the same transcript.
	y := startTUI(t, e, 100, 30, append([]string{"--continue"}, openaiArgs(srv.URL)...)...)
	reopened := y.waitText("the reopened session", "┃ run the tool", "┃ now wait", "✗ terminal sleep 30")
	if a, b := transcript(live), transcript(reopened); a != b {
		t.Errorf("the reopened transcript differs:\n--- live\n%s\n--- reopened\n%s", a, b)
	}
	y.keys("C-c")
	y.waitText("the quit hint", "press ctrl+c again")
	y.keys("C-c")
	y.waitExit()
}

// scriptTurns answers the conversation's requests with rs in order. The
// call that names the session after its first exchange runs beside the
// next turn, so it is answered on its own instead of taking a reply.
func scriptTurns(srv *fakeopenai.Server, rs ...fakellm.Reply) {
	var mu sync.Mutex
	srv.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if strings.HasPrefix(r.System, "You name conversations") {
			return fakellm.Reply{Text: "Tool check"}
		}
		mu.Lock()
		defer mu.Unlock()
		if len(rs) == 0 {
			return fakellm.Reply{Text: "ok"}
		}
		next := rs[0]
		rs = rs[1:]
		return next
	})
}

// The UI opens without a model configured and says how to set one up.
func TestTUIOnboarding(t *testing.T) {
	e := newEnv(t)
	x := startTUI(t, e, 90, 24)
	got := x.waitText("the onboarding screen", "Welcome to herm", "OPENAI_API_KEY", "herm config set", "no model configured")
	if strings.Contains(got, "panic") {
		t.Fatalf("screen:\n%s", got)
	}
	x.typeText("/quit")
	x.keys("Enter")
	x.waitExit()
}

var durationRe = regexp.MustCompile(`\s*·?\s*\d+(\.\d+)?m?s$`)

// transcript is a screen's conversation: status, input and separators
// left out, durations (not stored) removed, spaces collapsed.
func transcript(screen string) string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		l = strings.TrimPrefix(strings.TrimPrefix(l, "▌"), " ")
		// Notices (· interrupted) are events, not stored messages.
		if strings.TrimSpace(l) == "" || strings.Contains(l, "────") || strings.HasPrefix(l, "❯") || strings.HasPrefix(strings.TrimSpace(l), "· ") ||
			strings.Contains(l, "fake-model") || strings.HasPrefix(strings.TrimSpace(l), "│ tui-tool-output") {
			continue
		}
		l = durationRe.ReplaceAllString(strings.TrimRight(l, " "), "")
		out = append(out, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(out, "\n")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
