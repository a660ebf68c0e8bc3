package ui

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// clock is the fixed time model tests run at.
var clock = time.Date(2026, 12, 1, 15, 30, 0, 0, time.UTC)

func fixedNow() time.Time { return clock }

// newModel returns a model of the given size with a stand-in agent (model
// tests feed it events directly; no turn runs).
func newModel(t testing.TB, width, height int) *Model {
	t.Helper()
	m := New(context.Background(), Options{
		Agent:    &agent.Agent{Model: "fake-model"},
		Now:      fixedNow,
		Cwd:      "/work",
		Redact:   strings.NewReplacer("sk-secret-123", "sk-…123").Replace,
		Provider: "fake",
	})
	m.Update(tea.WindowSizeMsg{Width: width, Height: height})
	return m
}

// fakeRun makes the model believe a turn is running and returns its id,
// for feeding it that turn's events.
func fakeRun(m *Model) int {
	m.nextRun++
	done := make(chan struct{})
	close(done)
	m.run = &runState{id: m.nextRun, cancel: func() {}, started: clock.Add(-3 * time.Second), done: done}
	return m.run.id
}

func feed(m *Model, run int, events ...agent.Event) {
	m.Update(eventsMsg{run: run, events: events})
}

// screen is the model's view as a person reads it.
func screen(m *Model) string { return uitest.Plain(m.View().Content) }

var nextMsgID int64

func saved(role, content string, calls ...llm.ToolCall) agent.MessageSaved {
	return savedR(role, content, "", calls...)
}

// savedR is saved with reasoning.
func savedR(role, content, reasoning string, calls ...llm.ToolCall) agent.MessageSaved {
	nextMsgID++
	m := store.Message{ID: nextMsgID, Role: role, Content: content, Reasoning: reasoning, Complete: true}
	for _, c := range calls {
		m.ToolCalls = append(m.ToolCalls, store.ToolCall{ID: c.ID, Name: c.Name, Arguments: c.Arguments})
	}
	if role == "assistant" {
		m.Usage = store.Usage{InputTokens: 1200, OutputTokens: 80}
	}
	return agent.MessageSaved{Message: m}
}

func toolSaved(call llm.ToolCall, content string) agent.MessageSaved {
	nextMsgID++
	return agent.MessageSaved{Message: store.Message{ID: nextMsgID, Role: "tool", ToolCallID: call.ID, ToolName: call.Name, Content: content, Complete: true}}
}

// deltas splits text into small pieces as a stream would.
func deltas(text string, n int) []agent.Event {
	var out []agent.Event
	for len(text) > 0 {
		k := min(n, len(text))
		out = append(out, agent.TextDelta{Text: text[:k]})
		text = text[k:]
	}
	return out
}

func exit(n int) *int { return &n }

// userTurn plays the start of a turn: the person's message shown and saved.
func userTurn(m *Model, text string) int {
	m.chat.AddUser(text)
	run := fakeRun(m)
	feed(m, run, agent.TurnStarted{SessionID: "s1", Model: "fake-model"}, saved("user", text))
	return run
}

const markdownAnswer = "# Plan\n\nHere is **what** I found in `main.go` — see [the docs](https://go.dev/doc).\n\n" +
	"1. Read the file\n2. Fix the *bug*\n   - nested point\n\n" +
	"```go\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n```\n\n" +
	"| file | lines |\n|------|------:|\n| main.go | 42 |\n| util.go | 7 |\n\n> Note: tests pass.\n"

func playMarkdownTurn(m *Model) {
	run := userTurn(m, "what does main.go do?")
	feed(m, run, deltas(markdownAnswer, 7)...)
	feed(m, run, saved("assistant", markdownAnswer), agent.TurnDone{Reason: agent.StopDone})
	m.Update(runExitedMsg{id: run})
}

func playToolTurn(m *Model) {
	run := userTurn(m, "fix the failing test")
	call1 := llm.ToolCall{ID: "c1", Name: "terminal", Arguments: `{"command":"go test ./..."}`}
	call2 := llm.ToolCall{ID: "c2", Name: "patch", Arguments: `{"path":"calc.go","old_string":"a-b","new_string":"a+b"}`}
	call3 := llm.ToolCall{ID: "c3", Name: "read_file", Arguments: `{"path":"missing.go"}`}
	reasoning := "The test fails on Add.\nI should look at calc.go."
	feed(m, run, agent.ReasoningDelta{Text: reasoning})
	feed(m, run, deltas("Let me run the tests first.", 5)...)
	feed(m, run, agent.ToolCallStreaming{Index: 0, Name: "terminal"})
	feed(m, run, savedR("assistant", "Let me run the tests first.", reasoning, call1))
	feed(m, run, agent.ToolStarted{Call: call1}, agent.ToolOutput{CallID: "c1", Chunk: "--- FAIL: TestAdd\n"})
	feed(m, run, agent.ToolFinished{Call: call1, Result: tools.Result{Output: "--- FAIL: TestAdd (0.00s)\n    calc_test.go:9: Add(2, 3) = -1, want 5\nFAIL\n[exit code: 1]", ExitCode: exit(1)}, Duration: 1840 * time.Millisecond})
	feed(m, run, toolSaved(call1, "--- FAIL: TestAdd\n[exit code: 1]"))
	feed(m, run, saved("assistant", "", call2, call3))
	diff := "--- a/calc.go\n+++ b/calc.go\n@@ -3,3 +3,3 @@\n func Add(a, b int) int {\n-\treturn a-b\n+\treturn a+b\n }\n"
	feed(m, run, agent.ToolStarted{Call: call2}, agent.ToolFinished{Call: call2, Result: tools.Result{Output: "patched calc.go: replaced 1 occurrence(s)\n" + diff, Diff: diff}, Duration: 3 * time.Millisecond})
	feed(m, run, toolSaved(call2, "patched calc.go: replaced 1 occurrence(s)\n"+diff))
	feed(m, run, agent.ToolStarted{Call: call3}, agent.ToolFinished{Call: call3, Result: tools.Result{Output: "missing.go does not exist (no such file)", IsError: true}, Duration: time.Millisecond})
	feed(m, run, toolSaved(call3, "missing.go does not exist (no such file)"))
	call4 := llm.ToolCall{ID: "c4", Name: "terminal", Arguments: `{"command":"go test ./... -run TestAdd -count=1"}`}
	feed(m, run, saved("assistant", "", call4))
	feed(m, run, agent.ToolStarted{Call: call4}, agent.ToolOutput{CallID: "c4", Chunk: "=== RUN   TestAdd\n--- PASS: TestAdd (0.00s)\n"})
}

var errBoom = errors.New("openai: 401 invalid api key sk-secret-123")

func writeFile(path, content string) error { return os.WriteFile(path, []byte(content), 0o644) }
