package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/tools/terminal"
)

// unknownProgram is what the guard says of a program it does not know:
// safe level, named in Unknown.
func unknownProgram(command, _ string) guard.Verdict {
	if strings.HasPrefix(command, "frobnicate") {
		return guard.Verdict{Unknown: []string{"frobnicate"}}
	}
	return guard.Verdict{}
}

func TestUnknownAsksOnlyWithoutSandbox(t *testing.T) {
	for _, sandboxed := range []bool{false, true} {
		f := newApprovalFixture(t)
		f.agent.Approvals.Analyze, f.agent.Approvals.Sandboxed = unknownProgram, sandboxed
		s := f.session(t)
		var findings []guard.Finding
		f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "frobnicate --all"})}},
			fakellm.Reply{Text: "done"})
		s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
			if ev, ok := e.(agent.ApprovalRequested); ok {
				findings = ev.Request.Verdict.Findings
				go ev.Answer(agent.ApprovalAnswer{Decision: agent.Deny})
			}
		})
		switch {
		case sandboxed && findings != nil:
			t.Errorf("sandboxed: asked %+v, want no question", findings)
		case !sandboxed && (len(findings) != 1 || findings[0].ID != agent.FindingUnknown || !strings.Contains(findings[0].Reason, "frobnicate")):
			t.Errorf("no sandbox: findings %+v, want one %q naming frobnicate", findings, agent.FindingUnknown)
		}
	}
	v := agent.Unsandboxed("ls", guard.Verdict{Level: guard.Block, Unknown: []string{"x"}})
	if v.Level != guard.Block {
		t.Errorf("Unsandboxed lowered a block: %v", v.Level)
	}
}

// sandboxFixture runs the agent's terminal in a real sandbox whose only
// writable root is the session's directory.
func sandboxFixture(t *testing.T) (*approvalFixture, string) {
	if ok, why := terminal.SandboxSupport(); !ok {
		t.Skip("no sandbox here: " + why)
	}
	f := newApprovalFixture(t)
	term := terminal.New(terminal.Config{Sandbox: terminal.Policy{Mode: terminal.SandboxWorkspaceWrite, TempDirs: []string{}}})
	t.Cleanup(func() { term.Close() })
	f.agent.Tools = tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term})...)
	f.agent.Approvals.Analyze = func(string, string) guard.Verdict { return guard.Verdict{} }
	f.agent.Approvals.Sandboxed = true
	return f, t.TempDir()
}

func writeCall(path string) fakellm.Reply {
	return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo x > " + path})}}
}

func TestSandboxRerunNeedsAPerson(t *testing.T) {
	f, outside := sandboxFixture(t)
	a, b := filepath.Join(outside, "a"), filepath.Join(outside, "b")
	var requests []agent.ApprovalRequest
	run := func(s *agent.Session, answer agent.Decision, replies ...fakellm.Reply) {
		t.Helper()
		f.srv.Script.Push(append(replies, fakellm.Reply{Text: "done"})...)
		s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
			if ev, ok := e.(agent.ApprovalRequested); ok {
				requests = append(requests, ev.Request)
				go ev.Answer(agent.ApprovalAnswer{Decision: answer, By: agent.Approver{Kind: agent.ApproverTUI}})
			}
		})
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }

	// Denied: the command stays refused, and the model is told.
	s := f.session(t)
	run(s, agent.Deny, writeCall(a))
	if len(requests) != 1 || requests[0].Verdict.Findings[0].ID != agent.FindingSandboxRerun || exists(a) {
		t.Fatalf("denied re-run: requests %+v, file there %v", requests, exists(a))
	}
	if got := f.lastToolResult(t); !strings.Contains(got, "sandbox refused") || !strings.Contains(got, "not run again") {
		t.Errorf("the model was not told: %q", got)
	}
	// For the session: this time and the next without asking.
	requests = nil
	run(s, agent.AllowSession, writeCall(a), writeCall(b))
	if len(requests) != 1 || !exists(a) || !exists(b) {
		t.Fatalf("session grant: %d requests, a %v b %v", len(requests), exists(a), exists(b))
	}

	// Yolo does not let a command out of the sandbox; "always" holds for
	// the session only.
	os.Remove(a)
	yolo := f.session(t)
	yolo.SetApprovalMode(agent.ModeYolo)
	requests = nil
	run(yolo, agent.AllowAlways, writeCall(a))
	if len(requests) != 1 || !exists(a) {
		t.Fatalf("yolo: %d requests, a %v", len(requests), exists(a))
	}
	if ok, _, _ := f.store.Granted(context.Background(), f.agent.Key, agent.FindingSandboxRerun, "echo x > "+a); ok {
		t.Error("an always answer to a sandbox re-run was persisted")
	}
	os.Remove(a)
	requests = nil
	run(f.session(t), agent.Deny, writeCall(a))
	if len(requests) != 1 || exists(a) {
		t.Errorf("a new session did not ask again: %d requests", len(requests))
	}
}
