package tools

import (
	"context"
	"strings"
	"testing"

	"github.com/herm-dev/herm/tools/terminal"
)

// A guard answering *EditedCommand makes the terminal run the edit, check
// the edit at exec time, and tell the model what ran.
func TestTerminalRunsTheEditedCommand(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	var asked string
	env.SetGuards(func(_ context.Context, command, _ string) error {
		asked = command
		return &EditedCommand{Command: "echo what-ran"}
	}, nil)
	res := runTool(t, tool, env, map[string]any{"command": "echo what-was-asked"})
	if asked != "echo what-was-asked" {
		t.Errorf("the guard saw %q", asked)
	}
	if !strings.HasPrefix(res.Output, "[the user edited this command before approving it; what ran instead: echo what-ran]\n") ||
		!strings.Contains(res.Output, "\nwhat-ran\n") {
		t.Errorf("output %q", res.Output)
	}
	if res.Meta["edited_command"] != "echo what-ran" || res.IsError {
		t.Errorf("meta %v error %v", res.Meta, res.IsError)
	}

	// The exec-time gate judges the edit, not the request.
	env.SetGuards(func(context.Context, string, string) error {
		return &EditedCommand{Command: "x=rf; rm -$x /"}
	}, nil)
	res = runTool(t, tool, env, map[string]any{"command": "true"})
	if !strings.Contains(res.Output, "blocked") || !res.IsError {
		t.Errorf("the exec gate let the edit through: %q", res.Output)
	}
}
