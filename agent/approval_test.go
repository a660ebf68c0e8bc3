package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/tools/terminal"
)

// askOnTouch rates `touch` as ask-level (finding "test-touch") and defers to
// the real guard otherwise, so the flow can be tested independently of the
// rule table.
func askOnTouch(command, _ string) guard.Verdict {
	if strings.HasPrefix(command, "touch ") {
		return guard.Verdict{Level: guard.Ask, Findings: []guard.Finding{{ID: "test-touch", Level: guard.Ask, Reason: "touches a file"}}}
	}
	return guard.Analyze(command)
}

type approvalFixture struct {
	*fixture
	dir string
}

func newApprovalFixture(t *testing.T) *approvalFixture {
	f := newFixture(t)
	term := terminal.New(terminal.Config{})
	t.Cleanup(func() { term.Close() })
	f.agent.Tools = tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term})...)
	f.agent.Approvals = agent.ApprovalPolicy{Analyze: askOnTouch, Timeout: 10 * time.Second}
	return &approvalFixture{fixture: f, dir: t.TempDir()}
}

func (f *approvalFixture) session(t *testing.T) *agent.Session {
	s, err := f.agent.NewSession(context.Background(), agent.NewSessionOptions{Cwd: f.dir, Source: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func touchCall(name string) fakellm.Reply {
	return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "touch " + name})}}
}

// run runs a turn answering every approval request with answer, and returns
// how many requests there were.
func (f *approvalFixture) run(t *testing.T, s *agent.Session, answer *agent.ApprovalAnswer) (agent.TurnDone, int) {
	asked := 0
	done := s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		if ev, ok := e.(agent.ApprovalRequested); ok {
			asked++
			if ev.Request.Command == "" || len(ev.Request.Verdict.Findings) == 0 || ev.Request.Cwd == "" {
				t.Errorf("request lacks detail: %+v", ev.Request)
			}
			if answer != nil {
				go ev.Answer(*answer) // front ends answer from their own goroutine
			}
		}
	})
	return done, asked
}

func (f *approvalFixture) exists(name string) bool {
	_, err := os.Stat(filepath.Join(f.dir, name))
	return err == nil
}

func (f *approvalFixture) lastToolResult(t *testing.T) string {
	reqs := f.srv.Script.Requests()
	msgs := reqs[len(reqs)-1].Messages
	return msgs[len(msgs)-1].Content
}

func TestApprovalOnceAndDeny(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	f.srv.Script.Push(touchCall("a"), fakellm.Reply{Text: "done"})
	if done, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.AllowOnce}); done.Reason != agent.StopDone || asked != 1 || !f.exists("a") {
		t.Fatalf("once: %+v asked=%d", done, asked)
	}
	f.srv.Script.Push(touchCall("b"), fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.Deny}); asked != 1 || f.exists("b") {
		t.Fatalf("deny: asked=%d exists=%v", asked, f.exists("b"))
	}
	if got := f.lastToolResult(t); !strings.Contains(got, "denied") || !strings.Contains(got, "test-touch") {
		t.Errorf("model not told: %q", got)
	}
	evs, _ := f.store.Events(context.Background(), s.ID())
	if len(evs) != 2 || evs[0].Kind != "approval" || !strings.Contains(string(evs[1].Data), `"decision":"deny"`) {
		t.Errorf("approval events: %+v", evs)
	}
}

func TestApprovalSessionAndAlwaysGrants(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	f.srv.Script.Push(touchCall("a"), touchCall("b"), fakellm.Reply{Text: "done"})
	if _, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.AllowSession}); asked != 1 || !f.exists("a") || !f.exists("b") {
		t.Fatalf("session grant: asked=%d", asked)
	}
	other := f.session(t)
	f.srv.Script.Push(touchCall("c"), fakellm.Reply{Text: "done"})
	if _, asked := f.run(t, other, &agent.ApprovalAnswer{Decision: agent.AllowAlways}); asked != 1 || !f.exists("c") {
		t.Fatalf("a session grant leaked into another session (asked=%d)", asked)
	}
	third := f.session(t)
	f.srv.Script.Push(touchCall("d"), fakellm.Reply{Text: "done"})
	if _, asked := f.run(t, third, nil); asked != 0 || !f.exists("d") {
		t.Fatalf("always grant not applied in a new session (asked=%d)", asked)
	}
}

func TestThreeDenialsStopTheTurn(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply { return touchCall("x") })
	done, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.Deny})
	if done.Reason != agent.StopDenied || asked != 3 {
		t.Fatalf("%+v asked=%d", done, asked)
	}
}

// Denials add up within one turn only, and the one that stops the turn
// says so: it is not an interrupt.
func TestDenialsCountWithinOneTurn(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	deny := &agent.ApprovalAnswer{Decision: agent.Deny}
	f.srv.Script.Push(touchCall("a"), touchCall("b"), fakellm.Reply{Text: "I will ask first."})
	if done, asked := f.run(t, s, deny); done.Reason != agent.StopDone || asked != 2 {
		t.Fatalf("two denials: %+v asked=%d", done, asked)
	}
	// A denial in the next turn is its first, not the third of a row.
	f.srv.Script.Push(touchCall("c"), fakellm.Reply{Text: "ok, not touching it"})
	if done, asked := f.run(t, s, deny); done.Reason != agent.StopDone || asked != 1 {
		t.Fatalf("a later turn's first denial stopped it: %+v asked=%d", done, asked)
	}
	// An approval in between starts the count again.
	f.srv.Script.Push(touchCall("d"), touchCall("e"), touchCall("f"), touchCall("g"), fakellm.Reply{Text: "done"})
	answers := []agent.Decision{agent.Deny, agent.Deny, agent.AllowOnce, agent.Deny}
	i := 0
	done := s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		if ev, ok := e.(agent.ApprovalRequested); ok {
			d := answers[i]
			i++
			go ev.Answer(agent.ApprovalAnswer{Decision: d})
		}
	})
	if done.Reason != agent.StopDone || i != 4 || !f.exists("f") {
		t.Fatalf("deny, deny, allow, deny: %+v asked=%d", done, i)
	}
	// Three in a row stop the turn, and the third says why; a call of the
	// same answer that did not run is not said to be interrupted either.
	third := touchCall("j")
	third.ToolCalls = append(third.ToolCalls, fakellm.Call("terminal", map[string]any{"command": "touch k"}))
	f.srv.Script.Push(touchCall("h"), touchCall("i"), third, fakellm.Reply{Text: "never reached"})
	if done, asked := f.run(t, s, deny); done.Reason != agent.StopDenied || asked != 3 || done.Err == nil {
		t.Fatalf("three denials: %+v asked=%d", done, asked)
	}
	msgs, err := f.store.Messages(context.Background(), s.ID())
	if err != nil {
		t.Fatal(err)
	}
	denied, notRun := msgs[len(msgs)-2], msgs[len(msgs)-1]
	if denied.Role != "tool" || !strings.Contains(denied.Content, "the user denied this") ||
		!strings.Contains(denied.Content, "3 denied requests in a row") || strings.Contains(denied.Content, "interrupted") {
		t.Errorf("the third denial told the model %q", denied.Content)
	}
	if notRun.Role != "tool" || !strings.Contains(notRun.Content, "after three denied requests in a row") || agent.Interrupted(notRun.Content) {
		t.Errorf("the call after it was answered %q", notRun.Content)
	}
}

func TestApprovalTimeoutDenies(t *testing.T) {
	f := newApprovalFixture(t)
	f.agent.Approvals.Timeout = 50 * time.Millisecond
	s := f.session(t)
	var resolved agent.ApprovalResolved
	f.srv.Script.Push(touchCall("late"), fakellm.Reply{Text: "ok"})
	s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		if r, ok := e.(agent.ApprovalResolved); ok {
			resolved = r
		}
	})
	if f.exists("late") || !resolved.TimedOut || resolved.Answer.Decision != agent.Deny || resolved.Answer.By.Kind != agent.ApproverTimeout {
		t.Fatalf("timeout: %+v", resolved)
	}
	if got := f.lastToolResult(t); !strings.Contains(got, "in time") {
		t.Errorf("model not told about the timeout: %q", got)
	}
}

func TestYoloRunsAskButNeverBlock(t *testing.T) {
	f := newApprovalFixture(t)
	f.agent.Approvals.Mode = agent.ModeYolo
	s := f.session(t)
	f.srv.Script.Push(touchCall("y"), fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf / --no-preserve-root"})}}, fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s, nil); asked != 0 || !f.exists("y") {
		t.Fatalf("yolo asked=%d", asked)
	}
	if got := f.lastToolResult(t); !strings.Contains(got, "blocked") {
		t.Errorf("block-level command in yolo: %q", got)
	}
}

func TestDenyModeNeverAsks(t *testing.T) {
	f := newApprovalFixture(t)
	f.agent.Approvals.Mode = agent.ModeDeny
	s := f.session(t)
	f.srv.Script.Push(touchCall("n"), fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s, nil); asked != 0 || f.exists("n") {
		t.Fatalf("deny mode asked=%d", asked)
	}
	if evs, _ := f.store.Events(context.Background(), s.ID()); len(evs) != 1 || !strings.Contains(string(evs[0].Data), `"by":"policy"`) {
		t.Errorf("deny mode's refusal is not logged as the policy's: %+v", evs)
	}
	s.SetApprovalMode(agent.ModeYolo)
	f.srv.Script.Push(touchCall("n"), fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s, nil); asked != 0 || !f.exists("n") {
		t.Fatalf("session override to yolo: asked=%d", asked)
	}
}

func TestSensitiveFileWriteAsks(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	write := fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("write_file", map[string]any{"path": ".env", "content": "TOKEN=x\n"})}}
	f.srv.Script.Push(write, fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.Deny}); asked != 1 || f.exists(".env") {
		t.Fatalf("deny: asked=%d exists=%v", asked, f.exists(".env"))
	}
	f.srv.Script.Push(write, fakellm.Reply{Text: "ok"})
	var preview string
	s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		if ev, ok := e.(agent.ApprovalRequested); ok {
			preview = ev.Request.Preview
			go ev.Answer(agent.ApprovalAnswer{Decision: agent.AllowOnce})
		}
	})
	if !f.exists(".env") {
		t.Fatal("once: not written")
	}
	// The person was shown the new file's content.
	if !strings.Contains(preview, "--- /dev/null") || !strings.Contains(preview, "+TOKEN=x") {
		t.Errorf("the request's preview: %q", preview)
	}
}

func TestStaticGuardKnowsHermHome(t *testing.T) {
	f := newApprovalFixture(t)
	f.agent.Approvals.Analyze = nil // the real guard
	f.agent.HermHome = filepath.Join(f.dir, "herm-home")
	os.MkdirAll(f.agent.HermHome, 0o700)
	s := f.session(t)
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo 'approvals: {mode: yolo}' >> herm-home/config.yaml"})}}, fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.Deny}); asked != 1 || f.exists("herm-home/config.yaml") {
		t.Fatalf("writing herm's own config did not ask (asked=%d)", asked)
	}
}

// The event log names answerers as it always has; code compares kinds.
func TestApproverString(t *testing.T) {
	for _, c := range []struct {
		a    agent.Approver
		want string
	}{
		{agent.Approver{Kind: agent.ApproverTUI}, "tui"},
		{agent.Approver{Kind: agent.ApproverCLI}, "cli"},
		{agent.PlatformUser("telegram", "12345"), "telegram:12345"},
		{agent.PolicyApprover(agent.ModeYolo), "yolo"},
		{agent.PolicyApprover(agent.ModeAutoEdits), "auto-edits"},
		{agent.PolicyApprover(agent.ModeDeny), "policy"},
		{agent.Approver{Kind: agent.ApproverTimeout}, "timeout"},
		{agent.Approver{Kind: agent.ApproverInterrupted}, "interrupted"},
		{agent.Approver{}, "unknown"},
	} {
		if got := c.a.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.a, got, c.want)
		}
	}
}

// TestAgentWrittenScriptAsks: a script the model wrote a moment ago is
// judged by what it holds when it is run, with the finding naming it;
// the same script the user wrote before the session is the user's.
func TestAgentWrittenScriptAsks(t *testing.T) {
	f := newApprovalFixture(t)
	f.agent.Approvals.Analyze = nil // the real guard
	os.MkdirAll(filepath.Join(f.dir, "build"), 0o755)
	s := f.session(t)
	write := fakellm.Call("write_file", map[string]any{"path": "tidy.sh", "content": "rm -rf build\n"})
	run := fakellm.Call("terminal", map[string]any{"command": "bash tidy.sh"})
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{write}}, fakellm.Reply{ToolCalls: []fakellm.ToolCall{run}}, fakellm.Reply{Text: "ok"})
	var reason string
	done := s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		if ev, ok := e.(agent.ApprovalRequested); ok {
			for _, fd := range ev.Request.Verdict.Findings {
				reason += fd.Reason
			}
			go ev.Answer(agent.ApprovalAnswer{Decision: agent.Deny})
		}
	})
	if done.Err != nil || !strings.Contains(reason, "tidy.sh") || !f.exists("build") {
		t.Fatalf("err=%v reason=%q build survives=%v", done.Err, reason, f.exists("build"))
	}

	// The user's script, older than the session, is not looked into: it
	// is only a program the guard does not know, which asks where no
	// sandbox confines it and runs without asking where one does.
	user := filepath.Join(f.dir, "user.sh")
	os.WriteFile(user, []byte("rm -rf build\n"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(user, old, old)
	s2 := f.session(t)
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "bash user.sh"})}}, fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s2, &agent.ApprovalAnswer{Decision: agent.Deny}); asked != 1 || !f.exists("build") {
		t.Fatalf("the user's script without a sandbox: asked=%d build survives=%v", asked, f.exists("build"))
	}
	f.agent.Approvals.Sandboxed = true
	s3 := f.session(t)
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "bash user.sh"})}}, fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s3, nil); asked != 0 || f.exists("build") {
		t.Fatalf("the user's script in a sandbox: asked=%d build survives=%v", asked, f.exists("build"))
	}
}
