package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/guard"
)

// ApprovalMode says what happens to ask-level commands.
type ApprovalMode string

const (
	// ModeAsk asks a person (the default).
	ModeAsk ApprovalMode = "ask"
	// ModeYolo runs ask-level commands without asking. Block-level
	// commands still never run.
	ModeYolo ApprovalMode = "yolo"
	// ModeDeny refuses ask-level commands without asking: for runs nobody
	// watches (cron) and non-interactive one-shot runs.
	ModeDeny ApprovalMode = "deny"
	// ModeAutoEdits approves file tools' writes to sensitive paths without
	// asking and asks for commands as ModeAsk does. It is a session mode a
	// person picks in the TUI, not a configuration value.
	ModeAutoEdits ApprovalMode = "auto-edits"
)

// DefaultApprovalTimeout is how long a request waits before it is denied.
const DefaultApprovalTimeout = 60 * time.Second

// maxDenialsInARow ends a turn whose model keeps asking for commands the
// person keeps refusing: that many denials in a row within one turn.
const maxDenialsInARow = 3

// errTooManyDenials is the cancellation cause of a turn stopped by denials.
var errTooManyDenials = errors.New("stopped after three denied requests in a row")

// notRunAfterDenials answers the calls a turn stopped by denials did not
// get to: they were not interrupted by anyone.
const notRunAfterDenials = "not run: herm stopped the turn after three denied requests in a row"

// stoppedByDenials reports whether the turn was stopped by denials in a
// row rather than interrupted.
func (t *turn) stoppedByDenials() bool {
	return errors.Is(context.Cause(t.ctx), errTooManyDenials)
}

// ApprovalPolicy is how an agent's sessions treat ask-level commands. It is
// set by the front end from the user's configuration and flags; nothing the
// model, a tool or a skill does can change it.
type ApprovalPolicy struct {
	Mode    ApprovalMode
	Timeout time.Duration
	// Analyze rates a command; nil uses guard.Analyze.
	Analyze func(command, cwd string) guard.Verdict
	// Sandboxed says the terminal's commands run in the OS sandbox: what
	// the guard does not know then runs there without asking. Without
	// it such a command asks (Unsandboxed).
	Sandboxed bool
}

// approvalState is a session's memory of its approvals: findings allowed
// for the rest of the session, a session-only mode override (/yolo), the
// count of denials in a row, and the stored grants it refused.
type approvalState struct {
	mu        sync.Mutex
	granted   map[string]bool
	refused   map[int64]bool // stored grants not honoured, already logged
	mode      ApprovalMode   // "" = the agent's policy
	requestID int
	// denials counts the denials in a row of the turn denyTurn; a turn
	// starts from none (denials in an earlier turn never stop this one).
	denials  int
	denyTurn *turn
}

// SetApprovalMode overrides the agent's approval mode for this session
// (the TUI's /yolo). Only front ends call it, on a person's request.
func (s *Session) SetApprovalMode(m ApprovalMode) {
	s.approvals.mu.Lock()
	s.approvals.mode = m
	s.approvals.mu.Unlock()
}

// ApprovalMode returns the mode in force for this session.
func (s *Session) ApprovalMode() ApprovalMode {
	s.approvals.mu.Lock()
	m := s.approvals.mode
	s.approvals.mu.Unlock()
	if m != "" {
		return m
	}
	if m = s.agent.Approvals.Mode; m != "" {
		return m
	}
	return ModeAsk
}

// analyze rates a command with the agent's policy: by default the full
// guard, knowing the user's home and herm's own files — and, given the
// session's tool environment, the scripts its agent wrote (env may be
// nil). Without a sandbox, what the guard does not know needs a person
// too (Unsandboxed).
func (a *Agent) analyze(command, cwd string, env *tools.Env) guard.Verdict {
	var v guard.Verdict
	if a.Approvals.Analyze != nil {
		v = a.Approvals.Analyze(command, cwd)
	} else {
		home, _ := os.UserHomeDir()
		opt := guard.Options{Home: home, HermHome: a.HermHome, Cwd: cwd}
		if env != nil {
			opt.Script = env.Script
		}
		v = guard.AnalyzeWith(command, opt)
	}
	if !a.Approvals.Sandboxed {
		v = Unsandboxed(command, v)
	}
	return v
}

// guardCommand is the session's CommandGuard during a turn: block-level
// commands never run; ask-level ones run when granted, in yolo mode, or when
// a person approves them.
func (t *turn) guardCommand(ctx context.Context, command, cwd string) error {
	v := t.s.agent.analyze(command, cwd, t.s.Env)
	switch v.Level {
	case guard.Safe:
		return nil
	case guard.Block:
		return fmt.Errorf("blocked: herm never runs this command, whatever the approval mode: %s", describeFindings(v))
	}
	ran, err := t.approve(ctx, KindCommand, command, cwd, v, nil)
	if err != nil {
		return err
	}
	if ran != command {
		return &tools.EditedCommand{Command: ran}
	}
	return nil
}

// guardPath is the session's PathGuard during a turn: a file tool's write
// to a sensitive path goes through the same approval as a command, and a
// person asked about it sees the write's diff.
func (t *turn) guardPath(ctx context.Context, tool, path string, v guard.Verdict, preview func() string) error {
	if v.Level == guard.Block {
		return fmt.Errorf("blocked: herm never writes %s: %s", path, describeFindings(v))
	}
	_, err := t.approve(ctx, KindWrite, tool+" "+path, t.s.Env.Cwd(), shiftSpans(v, len(tool)+1), preview)
	return err
}

// approve decides an ask-level action (a command, or "write_file PATH"):
// granted, yolo, denied by policy, or asked. It returns the command to run:
// the requested one, or the one the person edited it into (commands only).
// preview, for a write, is what it would change (nil for commands); it is
// called only when a person is asked.
func (t *turn) approve(ctx context.Context, kind ApprovalKind, command, cwd string, v guard.Verdict, preview func() string) (string, error) {
	return t.decide(ctx, kind, command, cwd, v, preview, false)
}

// decide is approve; escape says the question is whether a command may
// leave the sandbox (sandbox.go): then only a person or a grant for this
// session says yes — not yolo, not a persisted grant, and "always" counts
// as "for the session".
func (t *turn) decide(ctx context.Context, kind ApprovalKind, command, cwd string, v guard.Verdict, preview func() string, escape bool) (string, error) {
	s, a := t.s, t.s.agent
	if escape && s.sessionGranted(v) || !escape && s.allGranted(ctx, v, command) {
		return command, nil
	}
	switch mode := s.ApprovalMode(); {
	case !escape && (mode == ModeYolo || mode == ModeAutoEdits && kind == KindWrite):
		t.recordApproval(command, v, ApprovalAnswer{Decision: AllowOnce, By: PolicyApprover(mode)}, false)
		return command, nil
	case mode == ModeDeny:
		t.recordApproval(command, v, ApprovalAnswer{Decision: Deny, By: PolicyApprover(ModeDeny)}, false)
		return "", fmt.Errorf("denied: this needs a person's approval and none can be asked here (%s)", describeFindings(v))
	}
	answer, timedOut := t.ask(ctx, kind, command, cwd, v, preview)
	if kind != KindCommand || answer.Decision == Deny {
		answer.Command = ""
	}
	edited, ev, refused := t.checkEdit(command, cwd, answer)
	if refused != nil {
		answer.Decision = Deny
	}
	if escape && answer.Decision == AllowAlways {
		answer.Decision = AllowSession
	}
	t.recordApproval(command, v, answer, timedOut)
	if refused != nil {
		return "", refused
	}
	if edited != "" {
		command = edited
		if !escape {
			v = ev
		}
	}
	if answer.Decision == Deny {
		// The reason is decided before the turn is stopped: stopping it
		// cancels ctx, and this denial must not read as an interrupt.
		interrupted := ctx.Err() != nil && !timedOut
		why := "the user denied this"
		switch {
		case timedOut:
			why = "nobody answered the approval request in time, so it was denied"
		case interrupted:
			why = "the turn was interrupted while this command waited for approval"
		}
		if !interrupted && t.countDenial() {
			if t.cancel != nil {
				t.cancel(errTooManyDenials)
			}
			return "", fmt.Errorf("%s (%s); that is %d denied requests in a row, so herm stopped this turn — ask the user what they want before trying again",
				why, describeFindings(v), maxDenialsInARow)
		}
		return "", fmt.Errorf("%s (%s); do not retry it — ask the user or take another way", why, describeFindings(v))
	}
	s.approvals.mu.Lock()
	s.approvals.denials = 0
	if answer.Decision == AllowSession {
		if s.approvals.granted == nil {
			s.approvals.granted = map[string]bool{}
		}
		for _, f := range v.Findings {
			s.approvals.granted[f.ID] = true
		}
	}
	s.approvals.mu.Unlock()
	if answer.Decision == AllowAlways {
		exact := ""
		if answer.ExactCommand {
			exact = command
		}
		for _, f := range v.Findings {
			if f.Level != guard.Ask {
				continue
			}
			if err := a.Store.AddGrant(t.persist, a.Key, f.ID, exact); err != nil {
				a.logger().Error("persist approval grant", "finding", f.ID, "err", err)
			}
		}
	}
	return command, nil
}

// countDenial counts a denial in this turn and reports whether it is the
// one that reaches maxDenialsInARow. Only denials in a row of the same
// turn add up: an approval resets the count, and so does a new turn.
func (t *turn) countDenial() bool {
	a := &t.s.approvals
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.denyTurn != t {
		a.denyTurn, a.denials = t, 0
	}
	a.denials++
	return a.denials == maxDenialsInARow
}

// allGranted reports whether every ask-level finding is allowed by the
// session's grants or a persisted one signed with the agent's key. A
// stored grant that would have applied but is unsigned or tampered is
// ignored, and logged once per session.
func (s *Session) allGranted(ctx context.Context, v guard.Verdict, command string) bool {
	s.approvals.mu.Lock()
	defer s.approvals.mu.Unlock()
	for _, f := range v.Findings {
		if f.Level != guard.Ask || s.approvals.granted[f.ID] {
			continue
		}
		ok, refused, err := s.agent.Store.Granted(ctx, s.agent.Key, f.ID, command)
		for _, g := range refused {
			if !s.approvals.refused[g.ID] {
				if s.approvals.refused == nil {
					s.approvals.refused = map[int64]bool{}
				}
				s.approvals.refused[g.ID] = true
				s.agent.logger().Warn("approval grant not honoured", "grant", g.ID, "finding", g.FindingID, "state", g.State.String())
			}
		}
		if err != nil || !ok {
			return false
		}
	}
	return true
}

// ask emits an ApprovalRequested event and waits for the first answer, the
// deadline (deny) or the turn's end (deny).
func (t *turn) ask(ctx context.Context, kind ApprovalKind, command, cwd string, v guard.Verdict, preview func() string) (ApprovalAnswer, bool) {
	s := t.s
	timeout := s.agent.Approvals.Timeout
	if timeout <= 0 {
		timeout = DefaultApprovalTimeout
	}
	sessionID := s.ID()
	s.approvals.mu.Lock()
	s.approvals.requestID++
	id := fmt.Sprintf("%s-%d", sessionID, s.approvals.requestID)
	s.approvals.mu.Unlock()
	req := ApprovalRequest{ID: id, SessionID: sessionID, Kind: kind, Command: command, Cwd: cwd, Backend: "local",
		Verdict: v}
	if preview != nil {
		req.Preview = preview()
	}
	req.Deadline = time.Now().Add(timeout) // after the preview: reading the file is not the person's time
	p := newPendingApproval()
	t.emit(ApprovalRequested{Request: req, pending: p})
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	var (
		answer   ApprovalAnswer
		timedOut bool
	)
	select {
	case answer = <-p.ch:
	case <-timer.C:
		timedOut = p.resolve(ApprovalAnswer{Decision: Deny, By: Approver{Kind: ApproverTimeout}})
		answer = <-p.ch
	case <-ctx.Done():
		p.resolve(ApprovalAnswer{Decision: Deny, By: Approver{Kind: ApproverInterrupted}})
		answer = <-p.ch
	}
	t.emit(ApprovalResolved{RequestID: id, Answer: answer, TimedOut: timedOut})
	return answer, timedOut
}

// recordApproval keeps the decision in the session's event log.
func (t *turn) recordApproval(command string, v guard.Verdict, a ApprovalAnswer, timedOut bool) {
	ids := make([]string, 0, len(v.Findings))
	for _, f := range v.Findings {
		ids = append(ids, f.ID)
	}
	rec := map[string]any{
		"command": command, "findings": ids, "decision": a.Decision.String(),
		"exact": a.ExactCommand, "by": a.By.String(), "timed_out": timedOut,
	}
	if a.Command != "" && a.Command != command {
		rec["edited"] = a.Command
	}
	data, _ := json.Marshal(rec)
	if err := t.s.agent.Store.AppendEvent(t.persist, &store.Event{SessionID: t.s.ID(), Kind: "approval", Data: data}); err != nil {
		t.s.agent.logger().Error("record approval", "err", err)
	}
}

// describeFindings words a verdict's findings for the model and the log.
func describeFindings(v guard.Verdict) string {
	parts := make([]string, 0, len(v.Findings))
	for _, f := range v.Findings {
		parts = append(parts, fmt.Sprintf("[%s] %s", f.ID, f.Reason))
	}
	return strings.Join(parts, "; ")
}

// denyAsk is the guard outside turns: nobody can be asked, so only safe
// commands run.
func denyAsk(a *Agent, env *tools.Env) func(ctx context.Context, command, cwd string) error {
	return func(ctx context.Context, command, cwd string) error {
		v := a.analyze(command, cwd, env)
		if v.Level == guard.Safe {
			return nil
		}
		return fmt.Errorf("refused outside a turn: %s", describeFindings(v))
	}
}
