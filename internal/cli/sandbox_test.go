package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/tools/terminal"
)

type guardSandboxOut struct {
	Verdict   string `json:"verdict"`
	Sandboxed bool   `json:"sandboxed"`
	Sandbox   struct {
		Mode, Network, Why, Workspace  string
		Writable, Unreadable, Restored []string
		ReadOnly                       []string `json:"read_only"`
	} `json:"sandbox"`
}

func TestGuardReportsTheSandbox(t *testing.T) {
	dir := t.TempDir()
	out, _ := runGuardHome(t, dir, "--json", "--", "ls")
	var got guardSandboxOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	home, _ := filepath.EvalSymlinks(dir)
	if ok, _ := terminal.SandboxSupport(); ok != got.Sandboxed {
		t.Fatalf("sandboxed %v, this machine has one: %v (%s)", got.Sandboxed, ok, out)
	}
	if got.Sandboxed {
		if got.Sandbox.Mode != "workspace-write" || got.Sandbox.Network != "off" || len(got.Sandbox.Writable) == 0 ||
			!slices.Contains(got.Sandbox.ReadOnly, home) || !slices.Contains(got.Sandbox.Unreadable, filepath.Join(home, ".env")) {
			t.Errorf("sandbox %+v", got.Sandbox)
		}
	}

	// Turned off in the config, and confirmed by the person (until then
	// herm keeps the sandbox: safety.go): not sandboxed, and why.
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte("terminal:\n  sandbox: off\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if held, _ := runGuardHome(t, dir, "--json", "--", "ls"); strings.Contains(held, `"mode":"off"`) || !strings.Contains(held, "terminal.sandbox is off in config.yaml") {
		t.Errorf("an unconfirmed sandbox: off was not held:\n%s", held)
	}
	if err := config.Home(home).ConfirmSafety(context.Background(), "terminal.sandbox", "off", "shell"); err != nil {
		t.Fatal(err)
	}
	out, _ = runGuardHome(t, dir, "--json", "--", "ls")
	got = guardSandboxOut{}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.Sandboxed || got.Sandbox.Mode != "off" || !strings.Contains(got.Sandbox.Why, "terminal.sandbox: off") {
		t.Errorf("sandbox off: %s", out)
	}
	text, _ := runGuardHome(t, dir, "--", "ls")
	if !strings.Contains(text, "no sandbox: the sandbox is off") {
		t.Errorf("text: %q", text)
	}
}

func TestSandboxPolicyFromSettings(t *testing.T) {
	root := config.Home(t.TempDir())
	t.Setenv("HERM_HOME", root.Dir())
	if err := os.MkdirAll(filepath.Join(root.Dir(), "profiles", "work"), 0o700); err != nil {
		t.Fatal(err)
	}
	var warned []string
	term := config.Terminal{Sandbox: "workspace-write", Network: "ask", Writable: []string{"~/.cache/go-build", "/opt/x", "rel/dir"}}
	p := sandboxPolicy(term, config.Home(filepath.Join(root.Dir(), "profiles", "work")), func(m string) { warned = append(warned, m) })
	userHome, _ := os.UserHomeDir()
	if p.Mode != terminal.SandboxWorkspaceWrite || p.Network != terminal.NetworkAsk {
		t.Errorf("mode %q network %q", p.Mode, p.Network)
	}
	if want := []string{filepath.Join(userHome, ".cache/go-build"), "/opt/x"}; !slices.Equal(p.Writable, want) {
		t.Errorf("writable %v, want %v", p.Writable, want)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "rel/dir") {
		t.Errorf("warnings %v", warned)
	}
	if !slices.Contains(p.Protected, root.Dir()) {
		t.Errorf("protected %v lacks the root home", p.Protected)
	}
	for _, secret := range []string{root.EnvFile(), root.KeyFile(), filepath.Join(root.Dir(), "profiles", "work", ".env")} {
		if !slices.Contains(p.Secrets, secret) {
			t.Errorf("secrets %v lack %s", p.Secrets, secret)
		}
	}
}
