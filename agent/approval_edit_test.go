package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
)

// runCollect runs a turn, answering each request with answer (nil: none)
// and collecting the requests.
func (f *approvalFixture) runCollect(t *testing.T, s *agent.Session, answer *agent.ApprovalAnswer) []agent.ApprovalRequest {
	var reqs []agent.ApprovalRequest
	s.Run(context.Background(), agent.Input{Text: "go"}, func(e agent.Event) {
		if ev, ok := e.(agent.ApprovalRequested); ok {
			reqs = append(reqs, ev.Request)
			if answer != nil {
				go ev.Answer(*answer)
			}
		}
	})
	return reqs
}

// A person edits the requested command: the edit is what runs, and the
// model is told so.
func TestEditedCommandRunsInstead(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	f.srv.Script.Push(touchCall("asked"), fakellm.Reply{Text: "done"})
	reqs := f.runCollect(t, s, &agent.ApprovalAnswer{Decision: agent.AllowOnce, Command: "touch edited", By: agent.Approver{Kind: agent.ApproverCLI}})
	if len(reqs) != 1 || reqs[0].Kind != agent.KindCommand {
		t.Fatalf("requests %+v", reqs)
	}
	if f.exists("asked") || !f.exists("edited") {
		t.Fatalf("ran the wrong command: asked=%v edited=%v", f.exists("asked"), f.exists("edited"))
	}
	got := f.lastToolResult(t)
	if !strings.Contains(got, "edited") || !strings.Contains(got, "touch edited") {
		t.Errorf("the model is not told what ran: %q", got)
	}
	evs, _ := f.store.Events(context.Background(), s.ID())
	if len(evs) != 1 || !strings.Contains(string(evs[0].Data), `"edited":"touch edited"`) {
		t.Errorf("approval event: %+v", evs)
	}
}

// An edit can never turn a request into a block-level command, and an
// edit that changes nothing runs the request as it was.
func TestEditedCommandIsAnalysedAgain(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	f.srv.Script.Push(touchCall("a"), fakellm.Reply{Text: "ok"})
	f.runCollect(t, s, &agent.ApprovalAnswer{Decision: agent.AllowOnce, Command: "rm -rf / --no-preserve-root"})
	if f.exists("a") {
		t.Fatal("the request ran although its edit was refused")
	}
	if got := f.lastToolResult(t); !strings.Contains(got, "never runs") || !strings.Contains(got, "nothing ran") {
		t.Errorf("model told %q", got)
	}
	evs, _ := f.store.Events(context.Background(), s.ID())
	if len(evs) != 1 || !strings.Contains(string(evs[0].Data), `"decision":"deny"`) {
		t.Errorf("a refused edit is recorded as a denial: %+v", evs)
	}

	f.srv.Script.Push(touchCall("same"), fakellm.Reply{Text: "ok"})
	f.runCollect(t, s, &agent.ApprovalAnswer{Decision: agent.AllowOnce, Command: "touch same\n"})
	if !f.exists("same") || strings.Contains(f.lastToolResult(t), "edited") {
		t.Errorf("an unchanged edit: exists=%v result %q", f.exists("same"), f.lastToolResult(t))
	}
}

// "Always, this exact command" on an edit grants the edited command, and
// grants are by what ran, not by what was asked.
func TestAlwaysExactGrantsTheEditedCommand(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	f.srv.Script.Push(touchCall("asked"), fakellm.Reply{Text: "ok"})
	f.runCollect(t, s, &agent.ApprovalAnswer{Decision: agent.AllowAlways, ExactCommand: true, Command: "touch mine"})
	if !f.exists("mine") {
		t.Fatal("the edit did not run")
	}
	next := f.session(t)
	f.srv.Script.Push(touchCall("mine"), touchCall("asked"), fakellm.Reply{Text: "ok"})
	reqs := f.runCollect(t, next, &agent.ApprovalAnswer{Decision: agent.Deny})
	if len(reqs) != 1 || reqs[0].Command != "touch asked" {
		t.Fatalf("want one request, for the command that was not granted: %+v", reqs)
	}
}

// Writes cannot be edited: an edit sent with a write's approval is ignored.
// Their spans index the request's command, like a command's do.
func TestWriteRequestsIgnoreEdits(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	write := fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("write_file", map[string]any{"path": ".env", "content": "TOKEN=x\n"})}}
	f.srv.Script.Push(write, fakellm.Reply{Text: "ok"})
	reqs := f.runCollect(t, s, &agent.ApprovalAnswer{Decision: agent.AllowOnce, Command: "touch sneaky"})
	if len(reqs) != 1 || reqs[0].Kind != agent.KindWrite || !f.exists(".env") || f.exists("sneaky") {
		t.Fatalf("requests %+v env=%v sneaky=%v", reqs, f.exists(".env"), f.exists("sneaky"))
	}
	r := reqs[0]
	for _, fd := range r.Verdict.Findings {
		if fd.Span[1] > len(r.Command) || !strings.HasSuffix(r.Command[fd.Span[0]:fd.Span[1]], ".env") {
			t.Errorf("span %v of %q", fd.Span, r.Command)
		}
	}
}

// Auto-approve edits: sensitive writes run without asking; commands still
// ask; block-level writes still never happen.
func TestAutoEditsMode(t *testing.T) {
	f := newApprovalFixture(t)
	s := f.session(t)
	s.SetApprovalMode(agent.ModeAutoEdits)
	if s.ApprovalMode() != agent.ModeAutoEdits {
		t.Fatalf("mode %q", s.ApprovalMode())
	}
	write := fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("write_file", map[string]any{"path": ".env", "content": "TOKEN=x\n"})}}
	f.srv.Script.Push(write, touchCall("t"), fakellm.Reply{Text: "ok"})
	reqs := f.runCollect(t, s, &agent.ApprovalAnswer{Decision: agent.Deny})
	if !f.exists(".env") || f.exists("t") || len(reqs) != 1 || reqs[0].Kind != agent.KindCommand {
		t.Fatalf("env=%v t=%v requests=%+v", f.exists(".env"), f.exists("t"), reqs)
	}
	evs, _ := f.store.Events(context.Background(), s.ID())
	if len(evs) != 2 || !strings.Contains(string(evs[0].Data), `"by":"auto-edits"`) {
		t.Errorf("events %+v", evs)
	}
}

// The front end's analysis of an edit is the flow's.
func TestAnalyzeCommandIsTheFlowsGuard(t *testing.T) {
	f := newApprovalFixture(t)
	if v := f.agent.AnalyzeCommand("touch x", f.dir); len(v.Findings) != 1 || v.Findings[0].ID != "test-touch" {
		t.Errorf("verdict %+v", v)
	}
}
