package agent

import (
	"context"
	"strings"

	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/guard"
)

// The OS sandbox (tools/terminal) and the approval gate share the work:
// the gate decides what needs a person, the sandbox limits what any
// command can do. So a program the guard does not know runs in the
// sandbox without asking, and asks where there is none; and a command
// the sandbox refused something runs again outside it only when a person
// says so, for this once or for the session — never because of yolo or
// a persisted grant.

// Finding ids of the sandbox's questions.
const (
	// FindingUnknown asks for a command the guard does not know to be
	// harmless, when no sandbox confines it.
	FindingUnknown = "unknown"
	// FindingSandboxRerun asks to run a command the sandbox refused
	// again outside it.
	FindingSandboxRerun = "sandbox-rerun"
	// FindingSandboxNetwork asks to run a command refused a connection
	// again in the sandbox with the network (terminal.network: ask).
	FindingSandboxNetwork = "sandbox-network"
)

// Unsandboxed returns the verdict on command for when it runs without a
// sandbox: what the guard does not know to be harmless (Verdict.Unknown)
// becomes an ask-level finding that lists it, as nothing then limits
// what it may do.
func Unsandboxed(command string, v guard.Verdict) guard.Verdict {
	if len(v.Unknown) == 0 {
		return v
	}
	out := v
	out.Findings = append(append([]guard.Finding(nil), v.Findings...), guard.Finding{
		ID: FindingUnknown, Level: guard.Ask, Span: [2]int{0, len(command)},
		Reason: "no sandbox confines commands here, and herm does not know what this runs: " + strings.Join(v.Unknown, ", "),
	})
	out.Level = max(out.Level, guard.Ask)
	return out
}

// guardEscalation is the session's EscalationGuard during a turn: a
// person decides whether a command the sandbox refused runs again, once
// or for the rest of the session.
func (t *turn) guardEscalation(ctx context.Context, e tools.Escalation) error {
	id, what := FindingSandboxRerun, "run it again outside the sandbox"
	if e.Network {
		id, what = FindingSandboxNetwork, "run it again in the sandbox, with the network"
	}
	v := guard.Verdict{Level: guard.Ask, Findings: []guard.Finding{{
		ID: id, Level: guard.Ask, Span: [2]int{0, len(e.Command)},
		Reason: what + ": herm's sandbox refused " + strings.Join(e.Refused, "; "),
	}}}
	ran, err := t.decide(ctx, KindCommand, e.Command, e.Cwd, v, nil, true)
	if err != nil {
		return err
	}
	if ran != e.Command {
		return &tools.EditedCommand{Command: ran}
	}
	return nil
}

// sessionGranted reports whether this session allowed every ask-level
// finding of v; persisted grants do not count.
func (s *Session) sessionGranted(v guard.Verdict) bool {
	s.approvals.mu.Lock()
	defer s.approvals.mu.Unlock()
	for _, f := range v.Findings {
		if f.Level == guard.Ask && !s.approvals.granted[f.ID] {
			return false
		}
	}
	return true
}
