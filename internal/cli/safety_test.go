package cli

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools/terminal"
)

// herm runs the command line in HERM_HOME=home and returns its output,
// stderr and error.
func herm(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	root := newRootCmd("test")
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), errOut.String(), err
}

func approvalsMode(t *testing.T) string {
	t.Helper()
	s, err := config.Load(config.Flags{})
	if err != nil {
		t.Fatal(err)
	}
	return s.Approvals.Mode
}

// TestConfigSetFromAgentTerminalRefused: the agent's own terminal runs
// `herm config set approvals.mode yolo`; nothing is written or confirmed.
// The person running it in their shell confirms it.
func TestConfigSetFromAgentTerminalRefused(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERM_HOME", home)
	t.Setenv(terminal.AgentMarker, "1")
	_, _, err := herm(t, "config", "set", "approvals.mode", "yolo")
	if err == nil || !strings.Contains(err.Error(), "your own shell") {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, "config.yaml")); err == nil {
		t.Error("config.yaml was written")
	}
	if _, err := os.Stat(config.Home(home).SafetyFile()); err == nil {
		t.Error("a confirmation was recorded")
	}
	// Raising safety from there is fine: it needs nobody.
	if _, _, err := herm(t, "config", "set", "approvals.mode", "deny"); err != nil {
		t.Errorf("setting a safer value: %v", err)
	}
	if _, _, err := herm(t, "chat", "--yolo", "-q", "hi"); err == nil || !strings.Contains(err.Error(), "--yolo") {
		t.Errorf("chat --yolo from the agent's terminal: %v", err)
	}

	t.Setenv(terminal.AgentMarker, "")
	out, _, err := herm(t, "config", "set", "approvals.mode", "yolo")
	if err != nil || !strings.Contains(out, "confirmed") {
		t.Fatalf("from the person's shell: %q, %v", out, err)
	}
	if got := approvalsMode(t); got != "yolo" {
		t.Errorf("after the person set it: mode %q", got)
	}
}

// TestConfigWriteTurningApprovalsOffIsHeld: the file says yolo but nobody
// confirmed it; every command says why herm runs with ask.
func TestConfigWriteTurningApprovalsOffIsHeld(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERM_HOME", home)
	os.WriteFile(filepath.Join(home, "config.yaml"), []byte("approvals: {mode: yolo}\n"), 0o600)
	if got := approvalsMode(t); got != "ask" {
		t.Fatalf("mode %q", got)
	}
	_, stderr, err := herm(t, "config", "show")
	if err != nil || !strings.Contains(stderr, "herm runs with ask") {
		t.Errorf("config show: %q %v", stderr, err)
	}
}

// TestApprovalsListMarksRefusedGrants: a grant a command inserted into
// state.db is listed as unsigned, and the list says it is not honoured.
func TestApprovalsListMarksRefusedGrants(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERM_HOME", home)
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(home, "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db, err := sql.Open("sqlite", filepath.Join(home, "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO approval_grants (finding_id, command, created_at) VALUES ('recursive-delete', '', 1)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, _, err := herm(t, "approvals", "list")
	if err != nil || !strings.Contains(out, "unsigned: re-approve") || !strings.Contains(out, "1 approval grant unsigned") {
		t.Errorf("list: %q %v", out, err)
	}
	out, _, _ = herm(t, "approvals", "list", "--json")
	if !strings.Contains(out, `"state": "unsigned"`) || !strings.Contains(out, `"honoured": false`) {
		t.Errorf("list --json: %s", out)
	}
}
