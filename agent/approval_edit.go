package agent

import (
	"fmt"
	"strings"

	"github.com/herm-dev/herm/tools/guard"
)

// ApprovalKind says what an approval request is about.
type ApprovalKind string

const (
	// KindCommand is a shell command. A person may edit it before
	// approving (ApprovalAnswer.Command); the edit is analysed again.
	KindCommand ApprovalKind = "command"
	// KindWrite is a file tool's write to a sensitive path; Command is
	// "TOOL PATH". ModeAutoEdits approves these without asking.
	KindWrite ApprovalKind = "write"
)

// AnalyzeCommand rates command as the approval flow does before running it
// in cwd — the same guard, knowing the same home and herm files — so a
// front end can show the verdict of a command a person edited before it is
// sent back as the answer.
func (a *Agent) AnalyzeCommand(command, cwd string) guard.Verdict {
	return a.analyze(command, cwd, nil)
}

// checkEdit vets the command a person edited a request into. It returns
// the edited command and its verdict ("" when the answer carries no edit),
// or an error for the model when the edit is one herm never runs: an edit
// can make a command safer or different, never block-level.
func (t *turn) checkEdit(command, cwd string, answer ApprovalAnswer) (string, guard.Verdict, error) {
	edited := strings.TrimSpace(answer.Command)
	if answer.Decision == Deny || edited == "" || edited == command {
		return "", guard.Verdict{}, nil
	}
	v := t.s.agent.analyze(edited, cwd, t.s.Env)
	if v.Level == guard.Block {
		return "", v, fmt.Errorf("the user edited the command into %q, which herm never runs (%s); nothing ran", edited, describeFindings(v))
	}
	return edited, v, nil
}

// shiftSpans moves a verdict's spans by n bytes: a path's findings
// point into "TOOL PATH" once the tool's name is put before it.
func shiftSpans(v guard.Verdict, n int) guard.Verdict {
	out := guard.Verdict{Level: v.Level, Findings: make([]guard.Finding, len(v.Findings))}
	for i, f := range v.Findings {
		f.Span = [2]int{f.Span[0] + n, f.Span[1] + n}
		out.Findings[i] = f
	}
	return out
}
