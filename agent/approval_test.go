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
	if _, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.AllowOnce}); asked != 1 || !f.exists(".env") {
		t.Fatalf("once: asked=%d exists=%v", asked, f.exists(".env"))
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

	// The user's script, older than the session, is not looked into.
	user := filepath.Join(f.dir, "user.sh")
	os.WriteFile(user, []byte("rm -rf build\n"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(user, old, old)
	s2 := f.session(t)
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "bash user.sh"})}}, fakellm.Reply{Text: "ok"})
	if _, asked := f.run(t, s2, nil); asked != 0 || f.exists("build") {
		t.Fatalf("the user's script: asked=%d build survives=%v", asked, f.exists("build"))
	}
}
