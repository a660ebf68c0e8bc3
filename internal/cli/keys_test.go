package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// herm keys lists the actions with the keys they answer to after the
// config's overrides, and says which overrides were refused and where.
func TestKeysCommandAppliesOverrides(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERM_HOME", home)
	cfg := "keys:\n  palette: [alt+o]\n  copy_last: []\n  nonsense: alt+z\n"
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, string) {
		root := newRootCmd("test")
		var out, errOut bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&errOut)
		root.SetArgs(append([]string{"keys"}, args...))
		if err := root.Execute(); err != nil {
			t.Fatalf("herm keys %v: %v", args, err)
		}
		return out.String(), errOut.String()
	}
	out, warnings := run()
	lines := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 {
			lines[f[0]] = l
		}
	}
	if l := lines["palette"]; !strings.Contains(l, "alt+o") || strings.Contains(l, "ctrl+o") {
		t.Errorf("palette: %q", l)
	}
	if l := lines["copy_last"]; !strings.Contains(l, "(unbound)") {
		t.Errorf("copy_last: %q", l)
	}
	if l := lines["panels.todo"]; !strings.Contains(l, "alt+t") {
		t.Errorf("a nested action keeps its default: %q", l)
	}
	if !strings.Contains(warnings, "config.yaml:4: keys.nonsense") || !strings.Contains(warnings, "herm keys") {
		t.Errorf("the unknown action is not reported with its line:\n%s", warnings)
	}

	js, _ := run("--json")
	var rows []struct {
		Action string   `json:"action"`
		Keys   []string `json:"keys"`
	}
	if err := json.Unmarshal([]byte(js), &rows); err != nil {
		t.Fatalf("--json: %v\n%s", err, js)
	}
	found := false
	for _, r := range rows {
		if r.Action == "palette" {
			found = len(r.Keys) == 1 && r.Keys[0] == "alt+o"
		}
	}
	if !found || len(rows) < 50 {
		t.Errorf("--json: %d rows, palette overridden %v", len(rows), found)
	}
}
