package tools

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/tools/terminal"
)

// harmlessRM copies echo to a directory as "rm": the exec gate judges it
// as rm, and if it ever ran it would only print its arguments.
func harmlessRM(t *testing.T) string {
	t.Helper()
	echo, err := exec.LookPath("echo")
	if err != nil {
		t.Skip("no echo program")
	}
	src, err := os.Open(echo)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	path := filepath.Join(t.TempDir(), "rm")
	dst, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTerminalExecGateStopsWhatTheTextHid runs commands whose danger only
// shows once the shell has expanded them: the static check can only ask,
// the exec-time check blocks.
func TestTerminalExecGateStopsWhatTheTextHid(t *testing.T) {
	tool, env := newTerminal(t, terminal.Config{}), newEnv(t)
	env.SetVars(map[string]string{"RM": harmlessRM(t)})
	env.SetGuards(func(context.Context, string, string) error { return nil }, nil) // as if the user approved
	for _, cmd := range []string{
		`x=rf; "$RM" -$x /; echo after`,
		`d=/; "$RM" -r "$d"; echo after`,
		`eval "\"\$RM\" -rf $(printf '%s' '/etc')"; echo after`,
	} {
		if v := guard.Analyze(cmd); v.Level == guard.Block {
			t.Fatalf("%s: the static check already blocks it; the test needs a command it cannot see through", cmd)
		}
		res := runTool(t, tool, env, map[string]any{"command": cmd})
		if res.Meta["exec_gate"] == "unavailable" {
			t.Skip("ptrace is not allowed here, so the exec gate cannot run")
		}
		if !res.IsError || !strings.Contains(res.Output, "delete-system-dir") || strings.Contains(res.Output, "after") ||
			res.Meta["refused"] == "" {
			t.Errorf("%s: got %q meta %v", cmd, res.Output, res.Meta)
		}
	}
	// Safe programs run as usual under the gate.
	if res := runTool(t, tool, env, map[string]any{"command": `x=hi; echo $x | cat`}); res.IsError || res.Output != "hi\n[exit code: 0]" {
		t.Errorf("safe command: %q", res.Output)
	}
}

func TestExecGateOffForApprovedPrivilege(t *testing.T) {
	opt := guard.Options{Home: "/home/u", Cwd: "/tmp"}
	if execGate("sudo apt-get install -y jq", opt) != nil {
		t.Error("sudo cannot work under ptrace; its approved commands must run without the gate")
	}
	gate := execGate("make", opt)
	if gate == nil {
		t.Fatal("no gate for an ordinary command")
	}
	if err := gate(terminal.Exec{Argv: []string{"rm", "-rf", "/home/u"}, Exe: "/usr/bin/rm", Dir: "/tmp"}); err == nil {
		t.Error("rm -rf of the home directory passed the gate")
	}
	if err := gate(terminal.Exec{Argv: []string{"rm", "-rf", "build"}, Exe: "/usr/bin/rm", Dir: "/tmp"}); err != nil {
		t.Errorf("an ask-level delete is the static check's business, not the gate's: %v", err)
	}
	// The gate looks at the files: a link to / is no disguise.
	dir := t.TempDir()
	if err := os.Symlink("/", filepath.Join(dir, "x")); err != nil {
		t.Fatal(err)
	}
	if err := gate(terminal.Exec{Argv: []string{"rm", "-rf", "x/"}, Exe: "/usr/bin/rm", Dir: dir}); err == nil {
		t.Error("rm -rf of a link to / passed the gate")
	}
}

func TestFileToolsSensitivePaths(t *testing.T) {
	env := newEnv(t)
	home := t.TempDir()
	env.SetVars(map[string]string{"HOME": home})
	rc := filepath.Join(home, ".bashrc")
	if err := os.WriteFile(rc, []byte("# rc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(path string) Result {
		return runTool(t, writeFileTool{}, env, map[string]any{"path": path, "content": "x\n"})
	}

	// Without a PathGuard, sensitive writes are refused, naming the finding.
	for _, p := range []string{rc, "~/.ssh/authorized_keys", ".env", filepath.Join(env.HermHome, "config.yaml"), ".git/hooks/pre-commit"} {
		if res := write(p); !res.IsError || !strings.Contains(res.Output, "sensitive-write") && !strings.Contains(res.Output, "herm-config") {
			t.Errorf("%s: %q", p, res.Output)
		}
	}
	if res := runTool(t, patchTool{}, env, map[string]any{"path": rc, "old_string": "# rc", "new_string": "evil"}); !res.IsError ||
		!strings.Contains(res.Output, "sensitive-write") {
		t.Errorf("patch of .bashrc: %q", res.Output)
	}
	// A symlink in the workspace does not hide where the write lands.
	link := filepath.Join(env.Cwd(), "notes.txt")
	if err := os.Symlink(rc, link); err != nil {
		t.Fatal(err)
	}
	if res := write(link); !res.IsError || !strings.Contains(res.Output, "shell start-up file") {
		t.Errorf("write through a link to .bashrc: %q", res.Output)
	}
	if data, _ := os.ReadFile(rc); string(data) != "# rc\n" {
		t.Fatalf(".bashrc changed: %q", data)
	}

	// The session's PathGuard can allow ask-level writes…
	var asked []string
	var previews []string
	env.SetGuards(nil, func(_ context.Context, tool, path string, v guard.Verdict, preview func() string) error {
		asked = append(asked, tool+" "+filepath.Base(path)+" "+v.Findings[0].ID)
		previews = append(previews, preview())
		if strings.HasSuffix(path, ".env") {
			return errors.New("the user said no")
		}
		return nil
	})
	if res := write(rc); res.IsError {
		t.Errorf("approved write: %q", res.Output)
	}
	if res := write(".env"); !res.IsError || !strings.Contains(res.Output, "the user said no") {
		t.Errorf("denied write: %q", res.Output)
	}
	if len(asked) != 2 || asked[0] != "write_file .bashrc sensitive-write" {
		t.Errorf("the guard was asked %q", asked)
	}
	// …but never block-level ones. (Devices are covered by the guard's
	// tests: a regression here must not write to a disk.)
	for _, p := range []string{filepath.Join(env.HermHome, "state.db"), filepath.Join(env.HermHome, "state.db-wal")} {
		if res := write(p); !res.IsError || !strings.Contains(res.Output, "never") {
			t.Errorf("%s: %q", p, res.Output)
		}
	}
	if len(asked) != 2 {
		t.Errorf("block-level writes reached the guard: %q", asked)
	}
	// Ordinary files need nobody's approval.
	if res := write("src/main.go"); res.IsError || len(asked) != 2 {
		t.Errorf("ordinary write: %q (asked %q)", res.Output, asked)
	}
}

// A PathGuard that asks a person can show what the write changes: the
// diff of a replaced file or a patch, the whole content of a new file,
// nothing for a patch that would fail.
func TestFileToolsPreviewSensitiveWrites(t *testing.T) {
	env := newEnv(t)
	home := t.TempDir()
	env.SetVars(map[string]string{"HOME": home})
	rc := filepath.Join(home, ".bashrc")
	if err := os.WriteFile(rc, []byte("# rc\nexport A=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var previews []string
	env.SetGuards(nil, func(_ context.Context, _, _ string, _ guard.Verdict, preview func() string) error {
		previews = append(previews, preview())
		return errors.New("not now")
	})
	runTool(t, writeFileTool{}, env, map[string]any{"path": rc, "content": "# rc\nexport A=2\n"})
	runTool(t, writeFileTool{}, env, map[string]any{"path": ".env", "content": "TOKEN=x\n"})
	runTool(t, patchTool{}, env, map[string]any{"path": rc, "old_string": "A=1", "new_string": "A=3"})
	runTool(t, patchTool{}, env, map[string]any{"path": rc, "old_string": "not there", "new_string": "x"})
	if len(previews) != 4 {
		t.Fatalf("the guard was asked %d times", len(previews))
	}
	for i, want := range [][]string{
		{"--- a/", ".bashrc", "-export A=1", "+export A=2"},
		{"--- /dev/null", "+++ b/.env", "+TOKEN=x"},
		{"-export A=1", "+export A=3"},
	} {
		for _, w := range want {
			if !strings.Contains(previews[i], w) {
				t.Errorf("preview %d lacks %q:\n%s", i, w, previews[i])
			}
		}
	}
	if previews[3] != "" {
		t.Errorf("a patch that would fail previews %q", previews[3])
	}
	if data, _ := os.ReadFile(rc); string(data) != "# rc\nexport A=1\n" {
		t.Errorf("a denied write changed the file: %q", data)
	}
}
