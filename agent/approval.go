package agent

import (
	"sync"
	"time"

	"github.com/herm-dev/herm/tools/guard"
)

// ApprovalRequest is a command the guard rated ask-level, waiting for a
// person's answer. The agent blocks the tool call until the request is
// answered, the turn is cancelled, or Deadline passes (which denies).
type ApprovalRequest struct {
	ID        string
	SessionID string
	// Kind says what waits: a shell command (which a person may edit
	// before approving it) or a file tool's write to a sensitive path.
	Kind ApprovalKind
	// Command is the shell command, or "TOOL PATH" for a write. The
	// findings' spans index into it.
	Command string
	Cwd     string
	Backend string // where it would run: "local"…
	Verdict guard.Verdict
	// Preview is what a write would change, as a unified diff (a new
	// file's whole content against /dev/null); "" for commands and when
	// the tool could not tell.
	Preview  string
	Deadline time.Time
}

// Decision is a person's answer to an approval request.
type Decision int

const (
	Deny         Decision = iota
	AllowOnce             // run this command this once
	AllowSession          // allow these findings for the rest of the session
	AllowAlways           // persist a grant for these findings (or this exact command)
)

func (d Decision) String() string {
	switch d {
	case AllowOnce:
		return "once"
	case AllowSession:
		return "session"
	case AllowAlways:
		return "always"
	}
	return "deny"
}

// ApprovalAnswer is what a front end sends back.
type ApprovalAnswer struct {
	Decision Decision
	// ExactCommand limits an AllowAlways grant to this exact command text
	// rather than every command with the same findings.
	ExactCommand bool
	// By says who answered. Front ends set it; the agent sets it when a
	// policy, the deadline or the turn's end decided.
	By Approver
	// Command, when set on an approval of a command request, is the
	// command as the person edited it: it is analysed again and runs
	// instead of the requested one (a block-level edit never runs), and
	// the model is told what ran. Ignored for writes.
	Command string
}

// Approver is who, or what, answered an approval request. Code compares
// Kind; String is only for logs and messages.
type Approver struct {
	Kind ApproverKind
	// ID tells answerers of one kind apart: "platform:user" for
	// ApproverPlatform ("telegram:12345"), the approval mode that decided
	// for ApproverPolicy. Empty for the other kinds.
	ID string
}

// ApproverKind says what sort of answerer an Approver is.
type ApproverKind int

const (
	// ApproverUnknown is an answer that did not say who gave it.
	ApproverUnknown ApproverKind = iota
	// ApproverTUI is the person at the full-screen TUI.
	ApproverTUI
	// ApproverCLI is the person at the terminal of a one-shot `herm chat`.
	ApproverCLI
	// ApproverPlatform is a user of a gateway platform (a chat, or a
	// client of the API server); ID is "platform:user".
	ApproverPlatform
	// ApproverPolicy is the session's approval mode deciding without
	// asking (yolo, auto-edits, deny); ID is the mode.
	ApproverPolicy
	// ApproverTimeout is the deadline passing with no answer: denied.
	ApproverTimeout
	// ApproverInterrupted is the turn ending while the request waited:
	// denied.
	ApproverInterrupted
)

// PlatformUser is the Approver for user on a gateway platform.
func PlatformUser(platform, user string) Approver {
	return Approver{Kind: ApproverPlatform, ID: platform + ":" + user}
}

// PolicyApprover is the Approver for a decision the approval mode made
// without asking anyone.
func PolicyApprover(mode ApprovalMode) Approver {
	return Approver{Kind: ApproverPolicy, ID: string(mode)}
}

// String names the answerer as the session's event log records it: "tui",
// "cli", "telegram:12345", "yolo", "auto-edits", "policy" (deny mode),
// "timeout", "interrupted".
func (a Approver) String() string {
	switch a.Kind {
	case ApproverTUI:
		return "tui"
	case ApproverCLI:
		return "cli"
	case ApproverPlatform:
		return a.ID
	case ApproverPolicy:
		if a.ID == "" || ApprovalMode(a.ID) == ModeDeny {
			return "policy"
		}
		return a.ID
	case ApproverTimeout:
		return "timeout"
	case ApproverInterrupted:
		return "interrupted"
	}
	return "unknown"
}

// ApprovalRequested asks the front end for an answer. Answer may be called
// from any goroutine; the first answer wins (several front ends may show the
// same request) and later ones return false.
type ApprovalRequested struct {
	Request ApprovalRequest
	pending *pendingApproval
}

func (ApprovalRequested) event() {}

// Answer resolves the request. It reports whether this answer was the one
// taken.
func (e ApprovalRequested) Answer(a ApprovalAnswer) bool {
	if e.pending == nil {
		return false
	}
	return e.pending.resolve(a)
}

// ApprovalResolved reports how a request ended (answered, timed out,
// cancelled), so every front end showing it can close its prompt.
type ApprovalResolved struct {
	RequestID string
	Answer    ApprovalAnswer
	// TimedOut is set when nobody answered before the deadline.
	TimedOut bool
}

func (ApprovalResolved) event() {}

// pendingApproval is the rendezvous between the waiting tool call and the
// front ends: a one-shot answer.
type pendingApproval struct {
	once sync.Once
	ch   chan ApprovalAnswer // buffered, 1
}

func newPendingApproval() *pendingApproval {
	return &pendingApproval{ch: make(chan ApprovalAnswer, 1)}
}

func (p *pendingApproval) resolve(a ApprovalAnswer) bool {
	taken := false
	p.once.Do(func() {
		p.ch <- a
		taken = true
	})
	return taken
}
