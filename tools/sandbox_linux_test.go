package tools

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/herm-dev/herm/tools/terminal"
)

// sandboxedTerminal is the terminal tool with a real sandbox whose only
// writable root is ws (no temporary directory), and a directory outside.
func sandboxedTerminal(t *testing.T, network terminal.NetworkMode) (tool terminalTool, env *Env, outside string) {
	t.Helper()
	if ok, why := terminal.SandboxSupport(); !ok {
		t.Skip("no sandbox here: " + why)
	}
	ws, outside := t.TempDir(), t.TempDir()
	tool = newTerminal(t, terminal.Config{Sandbox: terminal.Policy{Mode: terminal.SandboxWorkspaceWrite,
		Network: network, TempDirs: []string{}}})
	return tool, NewEnv("s1", ws, t.TempDir()), outside
}

func TestTerminalReportsSandboxRefusal(t *testing.T) {
	tool, env, outside := sandboxedTerminal(t, terminal.NetworkOff)
	target := filepath.Join(outside, "x")
	res := runTool(t, tool, env, map[string]any{"command": "echo x > " + target})
	if !res.IsError || !strings.Contains(res.Output, "herm's sandbox refused this command: writing "+target) {
		t.Errorf("refusal not reported: error %v output %q", res.IsError, res.Output)
	}
	if res.Meta["sandbox"] != "refused" || !strings.Contains(res.Meta["sandbox_refused"], target) {
		t.Errorf("meta %v", res.Meta)
	}
	res = runTool(t, tool, env, map[string]any{"command": "echo ok > inside"})
	if res.IsError || res.Meta["sandbox"] != "on" {
		t.Errorf("a write in the workspace: error %v meta %v output %q", res.IsError, res.Meta, res.Output)
	}
}

func TestTerminalSandboxRerun(t *testing.T) {
	tool, env, outside := sandboxedTerminal(t, terminal.NetworkOff)
	target := filepath.Join(outside, "x")
	var asked []Escalation
	answer := error(errors.New("the user denied this"))
	env.SetEscalationGuard(func(_ context.Context, e Escalation) error {
		asked = append(asked, e)
		return answer
	})
	res := runTool(t, tool, env, map[string]any{"command": "echo x > " + target})
	if len(asked) != 1 || asked[0].Network || asked[0].Command != "echo x > "+target || len(asked[0].Refused) != 1 {
		t.Fatalf("asked %+v", asked)
	}
	if _, err := os.Stat(target); err == nil || !strings.Contains(res.Output, "not run again outside the sandbox: the user denied this") {
		t.Errorf("denied re-run: output %q", res.Output)
	}
	answer = nil
	res = runTool(t, tool, env, map[string]any{"command": "echo x > " + target + " && echo done"})
	if _, err := os.Stat(target); err != nil || res.IsError || res.Meta["sandbox"] != "rerun" {
		t.Fatalf("approved re-run: error %v meta %v output %q", res.IsError, res.Meta, res.Output)
	}
	if !strings.Contains(res.Output, "done\n") || !strings.Contains(res.Output, "approved running it again outside the sandbox") {
		t.Errorf("approved re-run: output %q", res.Output)
	}
	// An edit runs instead.
	edited := filepath.Join(outside, "edited")
	answer = &EditedCommand{Command: "touch " + edited}
	res = runTool(t, tool, env, map[string]any{"command": "echo y > " + filepath.Join(outside, "y")})
	if _, err := os.Stat(edited); err != nil || res.Meta["edited_command"] != "touch "+edited {
		t.Errorf("edited re-run: meta %v output %q", res.Meta, res.Output)
	}
}

func TestTerminalSandboxNetworkAsk(t *testing.T) {
	tool, env, _ := sandboxedTerminal(t, terminal.NetworkAsk)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	var asked []Escalation
	env.SetEscalationGuard(func(_ context.Context, e Escalation) error {
		asked = append(asked, e)
		return nil
	})
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	res := runTool(t, tool, env, map[string]any{"command": "exec 3<>/dev/tcp/127.0.0.1/" + port + " && echo connected"})
	if len(asked) != 1 || !asked[0].Network {
		t.Fatalf("asked %+v, want one re-run with the network", asked)
	}
	if !strings.Contains(res.Output, "connected") || res.Meta["sandbox"] != "rerun-network" {
		t.Errorf("re-run with the network: meta %v output %q", res.Meta, res.Output)
	}
}

func TestTerminalSpecTellsOfTheSandbox(t *testing.T) {
	tool, _, _ := sandboxedTerminal(t, terminal.NetworkOff)
	if d := tool.Spec().Description; !strings.Contains(d, "Commands run in a sandbox: they may write only in the project directory") || !strings.Contains(d, "no network;") {
		t.Errorf("description %q", d)
	}
	if d := newTerminal(t, terminal.Config{}).Spec().Description; strings.Contains(d, "sandbox") {
		t.Errorf("unsandboxed description mentions a sandbox: %q", d)
	}
}
