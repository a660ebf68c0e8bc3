package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/tools/guard"
)

// TestWroteByFileTools: write_file and patch record what they write, so a
// command running the file is judged by its content.
func TestWroteByFileTools(t *testing.T) {
	env := newEnv(t)
	res := runTool(t, writeFileTool{}, env, map[string]any{"path": "tidy.sh", "content": "rm -rf ~/\n"})
	if res.IsError {
		t.Fatal(res.Output)
	}
	p := filepath.Join(env.Cwd(), "tidy.sh")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil { // as if before the session: the record still counts
		t.Fatal(err)
	}
	if !env.Wrote(p) {
		t.Fatal("write_file's file is not known as written")
	}
	data, agent, err := env.Script(p)
	if err != nil || !agent || string(data) != "rm -rf ~/\n" {
		t.Fatalf("Script = %q, %v, %v", data, agent, err)
	}
	v := guard.AnalyzeWith("bash tidy.sh", env.guardOptions(env.Cwd()))
	if v.Level != guard.Block || !strings.Contains(v.Findings[0].Reason, "tidy.sh") {
		t.Fatalf("bash tidy.sh: %v %+v", v.Level, v.Findings)
	}

	writeFile(t, env, "p.sh", "echo one\n")
	q := filepath.Join(env.Cwd(), "p.sh")
	os.Chtimes(q, old, old)
	if env.Wrote(q) {
		t.Fatal("a file older than the session counts as written")
	}
	if res := runTool(t, patchTool{}, env, map[string]any{"path": "p.sh", "old_string": "echo one", "new_string": "git push --force"}); res.IsError {
		t.Fatal(res.Output)
	}
	os.Chtimes(q, old, old)
	if !env.Wrote(q) {
		t.Fatal("patch's file is not known as written")
	}
}

// TestWroteSinceStart: a file changed since the session started — by a
// terminal heredoc, say — counts as the agent's; an older one does not,
// and is not read.
func TestWroteSinceStart(t *testing.T) {
	env := newEnv(t)
	fresh := writeFile(t, env, "fresh.sh", "ls\n")
	if !env.Wrote(fresh) {
		t.Error("a file written now is not known as written")
	}
	stale := writeFile(t, env, "stale.sh", "rm -rf ~/\n")
	old := time.Now().Add(-24 * time.Hour)
	if err := os.Chtimes(stale, old, old); err != nil {
		t.Fatal(err)
	}
	data, agent, err := env.Script(stale)
	if err != nil || agent || data != nil {
		t.Errorf("Script(stale) = %q, %v, %v; want nothing, not the agent's", data, agent, err)
	}
	if v := guard.AnalyzeWith("bash stale.sh", env.guardOptions(env.Cwd())); v.Level != guard.Safe || len(v.Unknown) == 0 {
		t.Errorf("bash stale.sh: %v %+v %q", v.Level, v.Findings, v.Unknown)
	}
	if _, _, err := env.Script(filepath.Join(env.Cwd(), "missing.sh")); err == nil {
		t.Error("Script of a missing file: no error")
	}
	if _, _, err := env.Script(env.Cwd()); err == nil {
		t.Error("Script of a directory: no error")
	}
}

// TestScriptReadsLimit: Script reads one byte past the guard's limit, no
// more, so a huge file costs little and still asks.
func TestScriptReadsLimit(t *testing.T) {
	env := newEnv(t)
	big := writeFile(t, env, "big.sh", strings.Repeat("echo hello world\n", guard.MaxScript/8))
	data, agent, err := env.Script(big)
	if err != nil || !agent || len(data) != guard.MaxScript+1 {
		t.Fatalf("Script(big) = %d bytes, %v, %v", len(data), agent, err)
	}
	if v := guard.AnalyzeWith("bash big.sh", env.guardOptions(env.Cwd())); v.Level != guard.Ask {
		t.Errorf("bash big.sh: %v %+v", v.Level, v.Findings)
	}
}
