package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// /rewind in the real binary: the agent overwrites a file; rewinding to
// the message that asked for it puts the file back, says so, and returns
// the message to the input.
func TestTUIRewindRestoresAFile(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv,
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("write_file", map[string]any{"path": "notes.txt", "content": "overwritten by the agent\n"})}},
		fakellm.Reply{Text: "Notes replaced."},
	)
	e := newEnv(t)
	notes := filepath.Join(e.work, "notes.txt")
	if err := os.WriteFile(notes, []byte("my precious notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x := startTUI(t, e, 100, 30, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	x.typeText("replace my notes")
	x.keys("Enter")
	// "? help" is back in the status line once the turn has ended: /rewind
	// while it runs only says "a turn is running".
	x.waitText("the answer", "✓ write_file notes.txt", "Notes replaced.", "? help")
	if b, _ := os.ReadFile(notes); string(b) != "overwritten by the agent\n" {
		t.Fatalf("notes.txt = %q", b)
	}

	x.typeText("/rewind")
	x.keys("Enter")
	x.waitText("the picker", "Rewind to a message of yours", "1. replace my notes", "restores notes.txt")
	x.keys("Enter")
	x.waitText("the rewind", "rewound · restored notes.txt", "❯ replace my notes")
	if b, _ := os.ReadFile(notes); string(b) != "my precious notes\n" {
		t.Fatalf("notes.txt after /rewind = %q", b)
	}
	if s := x.screen(); strings.Contains(s, "Notes replaced.") {
		t.Fatalf("the rewound answer is still shown:\n%s", s)
	}
	x.keys("C-c")
	x.keys("C-c")
	x.waitExit()
}

// ctrl+r in the real binary: messages sent in an earlier run are found by
// the reverse search of a new one; the history file never holds the API
// key.
func TestTUIHistorySearchAcrossRuns(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv)
	e := newEnv(t)
	x := startTUI(t, e, 90, 24, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	for i, msg := range []string{"deploy the api to staging", "run the tests", "my key is sk-test-secret-key-0001"} {
		x.typeText(msg)
		x.keys("Enter")
		x.waitFor("answer "+string(rune('1'+i)), func(s string) bool { return strings.Count(s, "ok") >= i+1 && strings.Contains(s, "? help") })
	}
	x.keys("C-c")
	x.keys("C-c")
	x.waitExit()
	hist, err := os.ReadFile(filepath.Join(e.home, "input_history.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(hist), "deploy the api to staging") || strings.Contains(string(hist), "sk-test-secret-key-0001") {
		t.Fatalf("history file:\n%s", hist)
	}

	y := startTUI(t, e, 90, 24, openaiArgs(srv.URL)...)
	y.waitText("the input", "❯", "fake-model")
	y.typeText("half-typed")
	y.keys("C-r")
	y.typeText("depl")
	y.waitText("the match", "search sent messages: depl", "❯ deploy the api to staging")
	y.keys("Escape")
	y.waitText("the draft back", "❯ half-typed")
	y.keys("C-u") // clear the line
	y.keys("C-r")
	y.typeText("tests")
	y.waitText("the match", "❯ run the tests")
	y.keys("Enter") // keeps the match in the input
	y.waitFor("the search closed", func(s string) bool { return !strings.Contains(s, "search sent messages") })
	y.keys("Enter")
	y.waitText("the message sent again", "┃ run the tests", "ok")
	y.keys("C-c")
	y.keys("C-c")
	y.waitExit()
}

// display.busy: queue in the real binary: a message sent while a tool
// runs waits above the input, can be edited there, and runs when the turn
// ends.
func TestTUIQueueWhileBusy(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv,
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "while [ ! -e release.flag ]; do sleep 0.05; done; echo released"})}},
		fakellm.Reply{Text: "First done."},
		fakellm.Reply{Text: "Second done."},
	)
	e := newEnv(t)
	e.writeConfig("display:\n  busy: queue\n")
	x := startTUI(t, e, 100, 30, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	x.typeText("first")
	x.keys("Enter")
	x.waitText("the tool running", "terminal while", "enter queues your message")
	x.typeText("second")
	x.keys("Enter")
	x.waitText("the queue", "⏳ 1. second · queued · alt+q edit")
	x.keys("M-q", "Enter") // edit it: back in the input
	x.waitText("editing", "❯ second", "editing a queued message")
	x.typeText(" message")
	x.keys("Enter")
	x.waitText("the queue again", "⏳ 1. second message")
	if err := os.WriteFile(filepath.Join(e.work, "release.flag"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s := x.waitText("both turns", "First done.", "┃ second message", "Second done.")
	if strings.Contains(s, "⏳") || strings.Index(s, "First done.") > strings.Index(s, "┃ second message") {
		t.Fatalf("screen:\n%s", s)
	}
	x.keys("C-c")
	x.keys("C-c")
	x.waitExit()
}
