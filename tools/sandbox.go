package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/herm-dev/herm/tools/terminal"
)

// The terminal's commands run in the OS sandbox (tools/terminal's
// sandbox.go). When the sandbox refused a command something — a write
// outside the workspace, a secret, a connection — the terminal tool tells
// the model what was refused, and asks the session's EscalationGuard
// whether the command may run again with less confinement: outside the
// sandbox, or in it with the network when terminal.network is ask. Only a
// person can say yes, once or for the session.

// Escalation asks to run a command the sandbox refused again.
type Escalation struct {
	Command, Cwd string
	// Network runs it again in the sandbox with the network; otherwise
	// it runs outside the sandbox.
	Network bool
	// Refused says what the sandbox refused, one entry each, in words.
	Refused []string
}

// EscalationGuard decides an Escalation. It returns nil to run the
// command again, an *EditedCommand to run a person's edit of it instead,
// or another error, which the model sees as the reason it was not.
type EscalationGuard func(ctx context.Context, e Escalation) error

// SetEscalationGuard installs the guard asked before a command the
// sandbox refused runs again. The agent installs a turn's (which asks a
// person) when the turn starts and removes it when it ends; without one
// a refused command is not run again.
func (e *Env) SetEscalationGuard(g EscalationGuard) {
	e.mu.Lock()
	e.escalate = g
	e.mu.Unlock()
}

func (e *Env) escalationGuard() EscalationGuard {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.escalate
}

// sandboxSpec is what the terminal tool's description tells the model of
// the sandbox, so it does not try what cannot work: "" when commands run
// unconfined.
func sandboxSpec(b *terminal.Backend) string {
	if on, _ := b.Sandbox(); !on {
		return ""
	}
	p := b.Config().Sandbox
	where := "only in the project directory and the temporary directories"
	if p.Mode == terminal.SandboxReadOnly {
		where = "nowhere"
	}
	net := "no network"
	switch {
	case p.Network == terminal.NetworkAllow:
		net = "the network"
	case p.Network == terminal.NetworkAsk:
		net = "no network unless the user allows it when a connection is refused"
	}
	return " Commands run in a sandbox: they may write " + where + ", cannot read herm's secrets and have " + net +
		"; when the sandbox refuses something the result says so, and the user may be asked to run the command outside it."
}

// afterSandbox looks at the result of a sandboxed command: when the
// sandbox refused it something, it asks the session's EscalationGuard and
// runs the command again as allowed. It returns the result to report,
// the notes for the model and the metadata to add.
func (t terminalTool) afterSandbox(ctx context.Context, env *Env, req terminal.Request, res terminal.Result) (terminal.Result, []string, map[string]string) {
	if !res.Sandboxed {
		return res, nil, map[string]string{}
	}
	meta := map[string]string{"sandbox": "on"}
	if len(res.Denials) == 0 {
		return res, nil, meta
	}
	refused := terminal.Summary(res.Denials)
	network := t.backend.Config().Sandbox.Network == terminal.NetworkAsk
	for _, d := range res.Denials {
		if d.Kind != terminal.DeniedNetwork {
			network = false
		}
	}
	meta["sandbox"] = "refused"
	meta["sandbox_refused"] = strings.Join(refused, "; ")
	note := "[herm's sandbox refused this command: " + strings.Join(refused, "; ") + "]"
	g := env.escalationGuard()
	if g == nil {
		return res, []string{note}, meta
	}
	err := g(ctx, Escalation{Command: req.Command, Cwd: req.Dir, Network: network, Refused: refused})
	var edit *EditedCommand
	switch {
	case errors.As(err, &edit):
		req.Command = edit.Command
	case err != nil:
		return res, []string{note, "[it was not run again outside the sandbox: " + err.Error() + "]"}, meta
	}
	how := "outside the sandbox"
	if network {
		req.AllowNetwork = true
		how = "in the sandbox with the network"
	} else {
		req.Unconfined = true
	}
	again, err := t.backend.Run(ctx, req)
	if err != nil {
		return res, []string{note, fmt.Sprintf("[the user approved running it again %s, but it could not run: %v]", how, err)}, meta
	}
	meta["sandbox"] = "rerun"
	if network {
		meta["sandbox"] = "rerun-network"
	}
	intro := "[the user approved running it again " + how
	if edit != nil {
		intro += ", edited into: " + req.Command
		meta["edited_command"] = req.Command
	}
	return again, []string{note, intro + "; the output above is the second run's]"}, meta
}
