package agent_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/internal/seal"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// echoTool answers with its "text" argument; it counts its runs.
type echoTool struct {
	name     string
	readOnly bool
	runs     atomic.Int32
	block    chan struct{} // when non-nil, Run waits for it or the context
}

func (e *echoTool) Spec() tools.Spec {
	return tools.Spec{Name: e.name, Description: "echo", Parameters: json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}}}`)}
}
func (e *echoTool) Toolset() string { return "test" }
func (e *echoTool) ReadOnly() bool  { return e.readOnly }
func (e *echoTool) Run(ctx context.Context, c *tools.Call) tools.Result {
	e.runs.Add(1)
	if e.block != nil {
		select {
		case <-e.block:
		case <-ctx.Done():
			return tools.Result{Output: "partial", IsError: true}
		}
	}
	var args struct{ Text string }
	json.Unmarshal(c.Args, &args)
	return tools.Result{Output: "echo: " + args.Text}
}

type fixture struct {
	srv   *fakeopenai.Server
	store *store.Store
	agent *agent.Agent
	echo  *echoTool
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	srv := fakeopenai.New()
	t.Cleanup(srv.Close)
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	echo := &echoTool{name: "echo", readOnly: true}
	key, err := seal.Generate()
	if err != nil {
		t.Fatal(err)
	}
	a := &agent.Agent{
		Provider: openai.New(openai.Config{BaseURL: srv.URL, APIKey: "k"}),
		Model:    "fake",
		Store:    st,
		Tools:    tools.NewRegistry(echo),
		Key:      key,
	}
	return &fixture{srv: srv, store: st, agent: a, echo: echo}
}

func (f *fixture) session(t testing.TB) *agent.Session {
	t.Helper()
	s, err := f.agent.NewSession(context.Background(), agent.NewSessionOptions{Cwd: t.TempDir(), Source: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) roles(t *testing.T, id string) string {
	t.Helper()
	msgs, err := f.store.Messages(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range msgs {
		out = append(out, m.Role)
	}
	return strings.Join(out, " ")
}

func TestEventsInOrder(t *testing.T) {
	f := newFixture(t)
	f.srv.Script.Push(
		fakellm.Reply{Reasoning: "think", Text: "calling", ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]string{"text": "hi"})}},
		fakellm.Reply{Text: "done"},
	)
	s := f.session(t)
	var kinds []string
	done := s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		switch e := e.(type) {
		case agent.TurnStarted:
			kinds = append(kinds, "start")
		case agent.ToolStarted:
			kinds = append(kinds, "tool:"+e.Call.Name)
		case agent.ToolFinished:
			kinds = append(kinds, "result:"+e.Result.Output)
		case agent.MessageSaved:
			kinds = append(kinds, "saved:"+e.Message.Role)
		case agent.TurnDone:
			kinds = append(kinds, "done:"+string(e.Reason))
		}
	})
	if done.Reason != agent.StopDone || done.Answer != "done" || done.Iterations != 2 {
		t.Fatalf("%+v", done)
	}
	want := "start saved:user saved:assistant tool:echo result:echo: hi saved:tool saved:assistant done:done"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("events:\n got %s\nwant %s", got, want)
	}
}

func TestLengthContinuation(t *testing.T) {
	f := newFixture(t)
	f.srv.Script.Push(
		fakellm.Reply{Text: "part one ", Finish: "length"},
		fakellm.Reply{Text: "part two ", Finish: "length"},
		fakellm.Reply{Text: "part three", Finish: "stop"},
	)
	s := f.session(t)
	done := s.Run(context.Background(), agent.Input{Text: "long"}, nil)
	if done.Reason != agent.StopDone || done.Iterations != 3 {
		t.Fatalf("%+v", done)
	}
	reqs := f.srv.Script.Requests()
	if last := reqs[2].Messages[len(reqs[2].Messages)-1]; last.Content != agent.ContinuePrompt {
		t.Errorf("continuation prompt not sent: %+v", last)
	}
	// At most three continuations.
	f.srv.Script.Push(
		fakellm.Reply{Text: "a", Finish: "length"}, fakellm.Reply{Text: "b", Finish: "length"},
		fakellm.Reply{Text: "c", Finish: "length"}, fakellm.Reply{Text: "d", Finish: "length"},
		fakellm.Reply{Text: "never"},
	)
	done = s.Run(context.Background(), agent.Input{Text: "again"}, nil)
	if done.Iterations != 4 || f.srv.Script.Pending() != 1 {
		t.Errorf("continued %d times (pending %d)", done.Iterations-1, f.srv.Script.Pending())
	}
}

func TestMaxTurns(t *testing.T) {
	f := newFixture(t)
	f.agent.MaxTurns = 3
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply {
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]string{"text": "again"})}}
	})
	s := f.session(t)
	done := s.Run(context.Background(), agent.Input{Text: "loop"}, nil)
	if done.Reason != agent.StopMaxTurns || f.echo.runs.Load() != 3 {
		t.Fatalf("%+v runs=%d", done, f.echo.runs.Load())
	}
	if got := f.roles(t, s.ID()); got != "system user assistant tool assistant tool assistant tool" {
		t.Errorf("roles %q", got)
	}
}

func TestBadToolCallsBecomeResults(t *testing.T) {
	f := newFixture(t)
	f.srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{
			{Name: "nope", Arguments: `{}`},
			{Name: "echo", Arguments: `{"text": "cut off`},
		}},
		fakellm.Reply{Text: "sorry"},
	)
	s := f.session(t)
	if done := s.Run(context.Background(), agent.Input{Text: "x"}, nil); done.Reason != agent.StopDone {
		t.Fatalf("%+v", done)
	}
	msgs := f.srv.Script.Requests()[1].Messages
	n := len(msgs)
	if !strings.Contains(msgs[n-2].Content, `unknown tool "nope"`) || !strings.Contains(msgs[n-2].Content, "echo") {
		t.Errorf("unknown tool: %q", msgs[n-2].Content)
	}
	if !strings.Contains(msgs[n-1].Content, "not valid JSON") {
		t.Errorf("bad args: %q", msgs[n-1].Content)
	}
	if f.echo.runs.Load() != 0 {
		t.Error("tool ran with invalid arguments")
	}
}

func TestToolOutputTruncated(t *testing.T) {
	f := newFixture(t)
	f.agent.ToolOutputLimit = 100
	long := strings.Repeat("x", 5000) + "THE-END"
	f.srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]string{"text": long})}},
		fakellm.Reply{Text: "ok"},
	)
	s := f.session(t)
	s.Run(context.Background(), agent.Input{Text: "x"}, nil)
	msgs := f.srv.Script.Requests()[1].Messages
	got := msgs[len(msgs)-1].Content
	if len(got) > 300 || !strings.HasSuffix(got, "THE-END") || !strings.Contains(got, "characters cut") {
		t.Errorf("truncated output (%d chars): %q", len(got), got)
	}
}

func TestInterruptAnswersEveryCall(t *testing.T) {
	f := newFixture(t)
	f.echo.readOnly = false
	f.echo.block = make(chan struct{})
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{
		fakellm.Call("echo", map[string]string{"text": "1"}),
		fakellm.Call("echo", map[string]string{"text": "2"}),
	}})
	s := f.session(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := s.Run(ctx, agent.Input{Text: "x"}, func(e agent.Event) {
		if _, ok := e.(agent.ToolStarted); ok {
			cancel()
		}
	})
	if done.Reason != agent.StopInterrupted {
		t.Fatalf("%+v", done)
	}
	if f.echo.runs.Load() != 1 {
		t.Errorf("second call ran after the interrupt")
	}
	msgs, _ := f.store.Messages(context.Background(), s.ID())
	if len(msgs) != 5 || !strings.Contains(msgs[3].Content, "interrupted") || !strings.Contains(msgs[4].Content, "before this tool call ran") {
		t.Fatalf("messages: %+v", msgs)
	}
	// Front ends rebuilding the tool blocks from the store tell both apart
	// from a finished call.
	for _, m := range msgs[3:] {
		if !agent.Interrupted(m.Content) {
			t.Errorf("agent.Interrupted(%q) = false", m.Content)
		}
	}
	for _, s := range []string{"done", "the word interrupted in output", "[exit code: 0]"} {
		if agent.Interrupted(s) {
			t.Errorf("agent.Interrupted(%q) = true for a finished call", s)
		}
	}
}

func TestOpenSessionRepairsOpenToolCalls(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	// What a crash mid-tool leaves behind: an assistant message with calls
	// and only some answers.
	f.store.AppendMessages(ctx, []*store.Message{
		{SessionID: s.ID(), Role: "user", Content: "do two things", Complete: true},
		{SessionID: s.ID(), Role: "assistant", Complete: true, ToolCalls: []store.ToolCall{{ID: "c1", Name: "echo", Arguments: "{}"}, {ID: "c2", Name: "echo", Arguments: "{}"}}},
		{SessionID: s.ID(), Role: "tool", ToolCallID: "c1", ToolName: "echo", Content: "done 1", Complete: true},
	})
	re, err := f.agent.OpenSession(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	h := re.History()
	if len(h) != 4 || h[3].ToolCallID != "c2" || !agent.Interrupted(h[3].Content) {
		t.Fatalf("history after repair: %+v", h)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant tool tool" {
		t.Errorf("repair not stored: %s", got)
	}
	if re.SystemPrompt() == "" || !strings.Contains(re.SystemPrompt(), "herm") {
		t.Errorf("system prompt not restored")
	}
}

func TestStreamErrorKeepsPartialText(t *testing.T) {
	f := newFixture(t)
	f.agent.Retry.MaxRetries = -1 // the error is final: what arrived is kept
	f.srv.Script.Push(fakellm.Reply{Text: "partial text that will be cut", ChunkSize: 4, CutAfter: 4})
	s := f.session(t)
	done := s.Run(context.Background(), agent.Input{Text: "x"}, nil)
	if done.Reason != agent.StopError || done.Err == nil {
		t.Fatalf("%+v", done)
	}
	h := s.History()
	if last := h[len(h)-1]; last.Role != "assistant" || last.Content == "" || !strings.HasPrefix("partial text that will be cut", last.Content) {
		t.Fatalf("partial answer: %+v", last)
	}
}

func TestEmptyInputRefused(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	if done := s.Run(context.Background(), agent.Input{Text: "  "}, nil); done.Reason != agent.StopError {
		t.Fatalf("%+v", done)
	}
	if len(f.srv.Script.Requests()) != 0 {
		t.Error("an empty message reached the model")
	}
}
