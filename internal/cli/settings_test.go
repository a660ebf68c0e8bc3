package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCommandReportsConfigWarnings: every command reads its settings
// the same way, so each reports an unknown key of config.yaml on stderr
// with the file and line (before, the store-only commands said nothing).
func TestEveryCommandReportsConfigWarnings(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERM_HOME", home)
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte("model:\n  name: m\nmodle: typo\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"config", "show"},
		{"keys"},
		{"sessions", "list"},
		{"approvals", "list"},
		{"cron", "list"},
		{"pairing", "list"},
		{"memory", "show"},
		{"skills", "list"},
		{"prompt", "show"},
		{"gateway", "status"},
	} {
		root := newRootCmd("test")
		var out, errOut bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&errOut)
		root.SetArgs(args)
		err := root.Execute()
		if err != nil {
			t.Errorf("herm %s: %v", strings.Join(args, " "), err)
		}
		want := "herm: warning: " + filepath.Join(home, "config.yaml") + ":3: modle:"
		if got := errOut.String(); strings.Count(got, want) != 1 {
			t.Errorf("herm %s: stderr should hold the warning once (%q):\n%s", strings.Join(args, " "), want, got)
		}
	}
}

// TestMalformedConfigSaysWhere: a config.yaml that cannot be read stops
// the commands that need settings with its file and line; config path
// still says where the file is, so the person can fix it.
func TestMalformedConfigSaysWhere(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERM_HOME", home)
	cfg := filepath.Join(home, "config.yaml")
	if err := os.WriteFile(cfg, []byte("model:\n  name: [unclosed\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) error {
		root := newRootCmd("test")
		var b bytes.Buffer
		root.SetOut(&b)
		root.SetErr(&b)
		root.SetArgs(args)
		return root.Execute()
	}
	if err := run("sessions", "list"); err == nil || !strings.Contains(err.Error(), cfg) {
		t.Errorf("sessions list with a malformed config: %v", err)
	}
	if err := run("config", "path"); err != nil {
		t.Errorf("config path: %v", err)
	}
}
