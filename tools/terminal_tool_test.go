package tools

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/tools/terminal"
)

func newTerminal(t *testing.T, cfg terminal.Config) terminalTool {
	t.Helper()
	b := terminal.New(cfg)
	t.Cleanup(func() { b.Close() })
	return terminalTool{backend: b}
}

func TestTerminalOutputAndExitCode(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	res := runTool(t, tool, env, map[string]any{"command": "echo hi; exit 2"})
	if res.Output != "hi\n[exit code: 2]" || res.ExitCode == nil || *res.ExitCode != 2 || res.IsError {
		t.Errorf("got %q exit %v error %v", res.Output, res.ExitCode, res.IsError)
	}
	// A front end reading the stored text back finds the status and the
	// output without it.
	if code, ok := ExitCode(res.Output); !ok || code != 2 || WithoutExitCode(res.Output) != "hi" {
		t.Errorf("read back: %d %v %q", code, ok, WithoutExitCode(res.Output))
	}
	res = runTool(t, tool, env, map[string]any{"command": "true"})
	if res.Output != "(no output)\n[exit code: 0]" {
		t.Errorf("no output: got %q", res.Output)
	}
	for _, s := range []string{"plain output", "[exit code: x]", "[exit code: 3"} {
		if _, ok := ExitCode(s); ok || WithoutExitCode(s) != s {
			t.Errorf("%q has no exit-status line", s)
		}
	}
}

func TestTerminalSessionState(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	dir := t.TempDir()
	res := runTool(t, tool, env, map[string]any{"command": "cd " + dir + " && export FOO=bar"})
	if env.Cwd() != dir || env.Vars()["FOO"] != "bar" {
		t.Fatalf("cwd %q vars %v after cd and export (output %q)", env.Cwd(), env.Vars(), res.Output)
	}
	if !strings.Contains(res.Output, "[working directory is now "+dir+"]") || res.Meta["cwd"] != dir {
		t.Errorf("the model should be told about the new directory: %q", res.Output)
	}
	res = runTool(t, tool, env, map[string]any{"command": `echo "$FOO"; pwd`})
	if res.Output != "bar\n"+dir+"\n[exit code: 0]" {
		t.Errorf("state did not persist: %q", res.Output)
	}
	// workdir applies to one call only.
	other := t.TempDir()
	res = runTool(t, tool, env, map[string]any{"command": "pwd; cd /", "workdir": other})
	if !strings.HasPrefix(res.Output, other+"\n") || env.Cwd() != dir {
		t.Errorf("workdir: output %q, session cwd now %q (want %q kept)", res.Output, env.Cwd(), dir)
	}
	if res := runTool(t, tool, env, map[string]any{"command": "pwd", "workdir": filepath.Join(other, "missing")}); !res.IsError {
		t.Errorf("missing workdir: %q", res.Output)
	}
}

func TestTerminalBlocksDangerousCommands(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	marker := filepath.Join(env.Cwd(), "ran")
	res := runTool(t, tool, env, map[string]any{"command": "touch " + marker + "; rm -rf /"})
	if !res.IsError || !strings.Contains(res.Output, "command refused") || !strings.Contains(res.Output, "delete-system-dir") {
		t.Errorf("got %q", res.Output)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("a refused command ran")
	}
}

func TestTerminalUsesSessionGuard(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	var mu sync.Mutex
	var seen []string
	env.SetGuards(func(_ context.Context, command, cwd string) error {
		mu.Lock()
		seen = append(seen, command+"@"+cwd)
		mu.Unlock()
		if strings.Contains(command, "forbidden") {
			return errors.New("the user said no")
		}
		return nil
	}, nil)
	if res := runTool(t, tool, env, map[string]any{"command": "echo forbidden"}); !res.IsError || !strings.Contains(res.Output, "the user said no") {
		t.Errorf("refusal: %q", res.Output)
	}
	if res := runTool(t, tool, env, map[string]any{"command": "echo fine"}); res.IsError {
		t.Errorf("allowed: %q", res.Output)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 || seen[1] != "echo fine@"+env.Cwd() {
		t.Errorf("guard saw %v", seen)
	}
}

func TestTerminalTimeout(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{MaxTimeout: 2 * time.Second}), newEnv(t)
	res := runTool(t, tool, env, map[string]any{"command": "echo start; sleep 30", "timeout": 1})
	if !res.IsError || !strings.HasPrefix(res.Output, "start\n") ||
		!strings.Contains(res.Output, "[command timed out after 1s and was killed]") || !strings.HasSuffix(res.Output, "[exit code: 124]") {
		t.Errorf("got %q", res.Output)
	}
	res = runTool(t, tool, env, map[string]any{"command": "echo quick", "timeout": 9999})
	if !strings.Contains(res.Output, "[timeout lowered to the maximum, 2s]") {
		t.Errorf("clamped timeout not reported: %q", res.Output)
	}
	if res := runTool(t, tool, env, map[string]any{"command": "true", "timeout": 0}); !res.IsError {
		t.Errorf("timeout 0: %q", res.Output)
	}
}

func TestTerminalInterrupt(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	raw, _ := json.Marshal(map[string]any{"command": "echo waiting; sleep 100"})
	res := tool.Run(ctx, &Call{Args: raw, Env: env, Progress: func(c string) {
		if strings.Contains(c, "waiting") {
			once.Do(cancel)
		}
	}})
	if !res.IsError || !strings.Contains(res.Output, "waiting\n[interrupted]\n[exit code: 130]") {
		t.Errorf("got %q", res.Output)
	}
}

func TestTerminalBackground(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	res := runTool(t, tool, env, map[string]any{"command": "sleep 100", "background": true})
	id := res.Meta["session_id"]
	if res.IsError || id == "" || !strings.Contains(res.Output, id) {
		t.Fatalf("got %q meta %v", res.Output, res.Meta)
	}
	p, ok := tool.backend.Process(id)
	if !ok || !p.Running() {
		t.Fatalf("process %s not running", id)
	}
	if err := tool.backend.Kill(id); err != nil || p.Running() {
		t.Errorf("kill: %v, running %v", err, p.Running())
	}
	// Background commands are guarded too.
	if res := runTool(t, tool, env, map[string]any{"command": "mkfs.ext4 /dev/sda1", "background": true}); !res.IsError {
		t.Errorf("blocked command started in the background: %q", res.Output)
	}
}

func TestTerminalMissingCommand(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	if res := runTool(t, tool, env, map[string]any{"command": "  "}); !res.IsError || !strings.Contains(res.Output, `"command"`) {
		t.Errorf("got %q", res.Output)
	}
}

func TestBlockListGuardAllowsAsk(t *testing.T) {
	// A parse error is ask-level: allowed until the approval flow exists.
	if err := BlockListGuard(context.Background(), "echo 'unterminated", ""); err != nil {
		t.Errorf("ask-level command refused: %v", err)
	}
	if err := BlockListGuard(context.Background(), ":(){ :|:& };:", ""); err == nil || !strings.Contains(err.Error(), "fork-bomb") {
		t.Errorf("fork bomb: %v", err)
	}
}
