package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, env *Env, name, content string) string {
	t.Helper()
	p := filepath.Join(env.Cwd(), name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func readBack(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func lines(n int, format string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, format+"\n", i)
	}
	return b.String()
}

func TestReadFileNumberedLines(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "a.txt", "first\nsecond\r\nthird")
	res := runTool(t, readFileTool{}, env, map[string]any{"path": "a.txt"})
	want := "     1\tfirst\n     2\tsecond\n     3\tthird\n"
	if res.IsError || res.Output != want {
		t.Errorf("got %q, want %q", res.Output, want)
	}
}

func TestReadFileRanges(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "n.txt", lines(10, "line %d"))
	res := runTool(t, readFileTool{}, env, map[string]any{"path": "n.txt", "offset": 3, "limit": 2})
	want := "     3\tline 3\n     4\tline 4\n\n[showing lines 3-4 of 10; continue with offset=5]"
	if res.Output != want {
		t.Errorf("got %q, want %q", res.Output, want)
	}
	res = runTool(t, readFileTool{}, env, map[string]any{"path": "n.txt", "offset": 9})
	if res.Output != "     9\tline 9\n    10\tline 10\n" {
		t.Errorf("tail: got %q", res.Output)
	}
	res = runTool(t, readFileTool{}, env, map[string]any{"path": "n.txt", "offset": 11})
	if !res.IsError || !strings.Contains(res.Output, "past the end") || !strings.Contains(res.Output, "10 lines") {
		t.Errorf("past the end: got %q", res.Output)
	}
}

func TestReadFileDefaultLimitAndCaps(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "many.txt", lines(2500, "%d"))
	res := runTool(t, readFileTool{}, env, map[string]any{"path": "many.txt"})
	if !strings.Contains(res.Output, "  2000\t2000\n") || strings.Contains(res.Output, "\t2001\n") ||
		!strings.Contains(res.Output, "continue with offset=2001") {
		t.Errorf("default limit of 2000 lines not applied: …%q", res.Output[len(res.Output)-80:])
	}

	writeFile(t, env, "long.txt", strings.Repeat("é", 2500)+"\nshort\n")
	res = runTool(t, readFileTool{}, env, map[string]any{"path": "long.txt"})
	if !strings.Contains(res.Output, strings.Repeat("é", 2000)+" … [line truncated]\n") ||
		strings.Contains(res.Output, strings.Repeat("é", 2001)) || !strings.Contains(res.Output, "     2\tshort") {
		t.Errorf("long line not cut at 2000 characters")
	}

	writeFile(t, env, "big.txt", lines(5000, "%04d"+strings.Repeat("x", 96)))
	res = runTool(t, readFileTool{}, env, map[string]any{"path": "big.txt", "limit": 5000})
	if len(res.Output) > readMaxBytes+1000 || !strings.Contains(res.Output, "output capped at 256 KB") {
		t.Errorf("256 KB cap: output %d bytes, ends %q", len(res.Output), res.Output[len(res.Output)-100:])
	}
}

func TestReadFileRefusals(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "bin.dat", "ELF\x00\x01\x02")
	res := runTool(t, readFileTool{}, env, map[string]any{"path": "bin.dat"})
	if !res.IsError || !strings.Contains(res.Output, "binary file (6 bytes)") {
		t.Errorf("NUL bytes: got %q", res.Output)
	}
	writeFile(t, env, "latin1.txt", "caf\xe9\n")
	if res := runTool(t, readFileTool{}, env, map[string]any{"path": "latin1.txt"}); !res.IsError || !strings.Contains(res.Output, "binary file") {
		t.Errorf("invalid UTF-8: got %q", res.Output)
	}

	writeFile(t, env, "notes.md", "x")
	res = runTool(t, readFileTool{}, env, map[string]any{"path": "notes.txt"})
	if !res.IsError || !strings.Contains(res.Output, "file not found: notes.txt") || !strings.Contains(res.Output, "notes.md") {
		t.Errorf("missing file: got %q", res.Output)
	}

	writeFile(t, env, "dir/inside.go", "x")
	res = runTool(t, readFileTool{}, env, map[string]any{"path": "dir"})
	if !res.IsError || !strings.Contains(res.Output, "is a directory") || !strings.Contains(res.Output, "inside.go") {
		t.Errorf("directory: got %q", res.Output)
	}

	if os.Geteuid() != 0 { // root reads anything
		p := writeFile(t, env, "secret.txt", "x")
		os.Chmod(p, 0)
		if res := runTool(t, readFileTool{}, env, map[string]any{"path": "secret.txt"}); !res.IsError || !strings.Contains(res.Output, "permission denied") {
			t.Errorf("unreadable: got %q", res.Output)
		}
	}

	writeFile(t, env, "empty.txt", "")
	if res := runTool(t, readFileTool{}, env, map[string]any{"path": "empty.txt"}); res.IsError || res.Output != "(empty file)" {
		t.Errorf("empty file: got %q", res.Output)
	}
}

func TestReadFileHomeAndAbsolute(t *testing.T) {
	env := newEnv(t)
	home := t.TempDir()
	env.SetVars(map[string]string{"HOME": home})
	os.WriteFile(filepath.Join(home, "h.txt"), []byte("at home\n"), 0o644)
	if res := runTool(t, readFileTool{}, env, map[string]any{"path": "~/h.txt"}); res.Output != "     1\tat home\n" {
		t.Errorf("~ path: got %q", res.Output)
	}
	if res := runTool(t, readFileTool{}, env, map[string]any{"path": filepath.Join(home, "h.txt")}); res.Output != "     1\tat home\n" {
		t.Errorf("absolute path: got %q", res.Output)
	}
}

func TestWriteFileCreates(t *testing.T) {
	env := newEnv(t)
	res := runTool(t, writeFileTool{}, env, map[string]any{"path": "sub/dir/new.txt", "content": "one\ntwo\n"})
	if res.IsError {
		t.Fatal(res.Output)
	}
	p := filepath.Join(env.Cwd(), "sub/dir/new.txt")
	if got := readBack(t, p); got != "one\ntwo\n" {
		t.Errorf("content %q", got)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	wantDiff := "--- /dev/null\n+++ b/sub/dir/new.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n"
	if res.Diff != wantDiff {
		t.Errorf("diff %q, want %q", res.Diff, wantDiff)
	}
	if !strings.Contains(res.Output, "wrote 8 bytes to sub/dir/new.txt (created, 2 lines)") {
		t.Errorf("output %q", res.Output)
	}
}

func TestWriteFileReplacesAtomically(t *testing.T) {
	env := newEnv(t)
	p := writeFile(t, env, "conf.txt", "a\nb\nc\n")
	os.Chmod(p, 0o600)
	before, _ := os.Stat(p)
	res := runTool(t, writeFileTool{}, env, map[string]any{"path": "conf.txt", "content": "a\nB\nc"})
	if res.IsError {
		t.Fatal(res.Output)
	}
	after, _ := os.Stat(p)
	if after.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old 0600 kept", after.Mode().Perm())
	}
	if os.SameFile(before, after) {
		t.Error("the file was rewritten in place, not replaced by rename")
	}
	wantDiff := "--- a/conf.txt\n+++ b/conf.txt\n@@ -1,3 +1,3 @@\n a\n-b\n-c\n+B\n+c\n\\ No newline at end of file\n"
	if res.Diff != wantDiff {
		t.Errorf("diff %q, want %q", res.Diff, wantDiff)
	}
	entries, _ := os.ReadDir(env.Cwd())
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	// Empty content is a valid write.
	if res := runTool(t, writeFileTool{}, env, map[string]any{"path": "conf.txt", "content": ""}); res.IsError || readBack(t, p) != "" {
		t.Errorf("empty content: %q", res.Output)
	}
}

func TestWriteFileThroughSymlink(t *testing.T) {
	env := newEnv(t)
	target := writeFile(t, env, "real.txt", "old\n")
	link := filepath.Join(env.Cwd(), "link.txt")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if res := runTool(t, writeFileTool{}, env, map[string]any{"path": "link.txt", "content": "new\n"}); res.IsError {
		t.Fatal(res.Output)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced by a file")
	}
	if got := readBack(t, target); got != "new\n" {
		t.Errorf("target content %q", got)
	}
	if res := runTool(t, patchTool{}, env, map[string]any{"path": "link.txt", "old_string": "new", "new_string": "newer"}); res.IsError {
		t.Fatal(res.Output)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 || readBack(t, target) != "newer\n" {
		t.Error("patch through a symlink must edit the target and keep the link")
	}
	// A dangling link: writing creates its target.
	dangling := filepath.Join(env.Cwd(), "dangling.txt")
	os.Symlink("created.txt", dangling)
	if res := runTool(t, writeFileTool{}, env, map[string]any{"path": "dangling.txt", "content": "made\n"}); res.IsError {
		t.Fatal(res.Output)
	}
	if got := readBack(t, filepath.Join(env.Cwd(), "created.txt")); got != "made\n" {
		t.Errorf("dangling link target content %q", got)
	}
}

func TestWriteFileRefusesHermFiles(t *testing.T) {
	env := newEnv(t)
	for _, name := range []string{"config.yaml", ".env", "state.db"} {
		p := filepath.Join(env.HermHome, name)
		res := runTool(t, writeFileTool{}, env, map[string]any{"path": p, "content": "x"})
		if !res.IsError || !strings.Contains(res.Output, "herm's own") {
			t.Errorf("%s: got %q", name, res.Output)
		}
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", name)
		}
	}
	// A symlink does not get around it.
	link := filepath.Join(env.Cwd(), "innocent.yaml")
	os.Symlink(filepath.Join(env.HermHome, "config.yaml"), link)
	if res := runTool(t, writeFileTool{}, env, map[string]any{"path": "innocent.yaml", "content": "x"}); !res.IsError {
		t.Errorf("write through a symlink to config.yaml was allowed: %q", res.Output)
	}
	// Other files in the home are fine (memories, skills).
	if res := runTool(t, writeFileTool{}, env, map[string]any{"path": filepath.Join(env.HermHome, "SOUL.md"), "content": "x"}); res.IsError {
		t.Errorf("SOUL.md: %q", res.Output)
	}
}

func TestWriteFileOntoDirectory(t *testing.T) {
	env := newEnv(t)
	os.Mkdir(filepath.Join(env.Cwd(), "d"), 0o755)
	if res := runTool(t, writeFileTool{}, env, map[string]any{"path": "d", "content": "x"}); !res.IsError || !strings.Contains(res.Output, "is a directory") {
		t.Errorf("got %q", res.Output)
	}
}

func TestPatchSingle(t *testing.T) {
	env := newEnv(t)
	p := writeFile(t, env, "main.go", lines(10, "line %d"))
	os.Chmod(p, 0o755)
	res := runTool(t, patchTool{}, env, map[string]any{"path": "main.go", "old_string": "line 5\n", "new_string": "LINE FIVE\nextra\n"})
	if res.IsError {
		t.Fatal(res.Output)
	}
	want := strings.Replace(lines(10, "line %d"), "line 5\n", "LINE FIVE\nextra\n", 1)
	if got := readBack(t, p); got != want {
		t.Errorf("content %q", got)
	}
	wantDiff := "--- a/main.go\n+++ b/main.go\n@@ -2,7 +2,8 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE FIVE\n+extra\n line 6\n line 7\n line 8\n"
	if res.Diff != wantDiff {
		t.Errorf("diff %q, want %q", res.Diff, wantDiff)
	}
	if !strings.Contains(res.Output, wantDiff) || !strings.Contains(res.Output, "replaced 1 occurrence") {
		t.Errorf("output %q should hold the diff", res.Output)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode %v, want 0755 kept", fi.Mode().Perm())
	}
}

func TestPatchNoMatch(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "f.py", "def f():\n    return 1\n\ndef g():\n    return 2\n")
	tests := []struct{ old, want string }{
		{"def f():\n  return 1", "matches lines 1-2 if whitespace is ignored"},
		{"def h():", "closest line to its first line is line 1"},
		{"     1\tdef f():", "line numbers read_file shows"},
		{"zzzzzzzz", "Read the file again"},
	}
	for _, tt := range tests {
		res := runTool(t, patchTool{}, env, map[string]any{"path": "f.py", "old_string": tt.old, "new_string": "x"})
		if !res.IsError || !strings.Contains(res.Output, "was not found") || !strings.Contains(res.Output, tt.want) {
			t.Errorf("old %q: got %q, want a hint with %q", tt.old, res.Output, tt.want)
		}
	}
}

func TestPatchManyMatches(t *testing.T) {
	env := newEnv(t)
	p := writeFile(t, env, "m.txt", "x = 1\ny\nx = 1\nz\nx = 1\n")
	res := runTool(t, patchTool{}, env, map[string]any{"path": "m.txt", "old_string": "x = 1", "new_string": "x = 2"})
	if !res.IsError || !strings.Contains(res.Output, "occurs 3 times") || !strings.Contains(res.Output, "lines 1, 3, 5") {
		t.Errorf("got %q", res.Output)
	}
	if readBack(t, p) != "x = 1\ny\nx = 1\nz\nx = 1\n" {
		t.Error("file changed despite the ambiguous match")
	}
	res = runTool(t, patchTool{}, env, map[string]any{"path": "m.txt", "old_string": "x = 1", "new_string": "x = 2", "replace_all": true})
	if res.IsError || readBack(t, p) != "x = 2\ny\nx = 2\nz\nx = 2\n" || !strings.Contains(res.Output, "replaced 3 occurrence") {
		t.Errorf("replace_all: got %q, file %q", res.Output, readBack(t, p))
	}
}

func TestPatchCRLF(t *testing.T) {
	env := newEnv(t)
	p := writeFile(t, env, "w.txt", "one\r\ntwo\r\nthree\r\n")
	res := runTool(t, patchTool{}, env, map[string]any{"path": "w.txt", "old_string": "one\ntwo", "new_string": "1\n2"})
	if res.IsError || readBack(t, p) != "1\r\n2\r\nthree\r\n" {
		t.Errorf("got %q, file %q", res.Output, readBack(t, p))
	}
}

func TestPatchRefusals(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "b.bin", "\x00\x01abc")
	tests := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"path": "b.bin", "old_string": "abc", "new_string": "x"}, "binary file"},
		{map[string]any{"path": "nope.txt", "old_string": "a", "new_string": "b"}, "use write_file"},
		{map[string]any{"path": "b.bin", "old_string": "", "new_string": "b"}, "old_string is empty"},
		{map[string]any{"path": "b.bin", "old_string": "a", "new_string": "a"}, "the same"},
		{map[string]any{"path": filepath.Join(env.HermHome, "config.yaml"), "old_string": "a", "new_string": "b"}, "herm's own"},
	}
	for _, tt := range tests {
		if res := runTool(t, patchTool{}, env, tt.args); !res.IsError || !strings.Contains(res.Output, tt.want) {
			t.Errorf("%v: got %q, want %q", tt.args, res.Output, tt.want)
		}
	}
}

func TestDiffLines(t *testing.T) {
	if got := unifiedDiff("f", "a\n", "a", false); !strings.Contains(got, "\\ No newline at end of file") {
		t.Errorf("a change of the final newline must show: %q", got)
	}
	if got := unifiedDiff("f", "same", "same", false); got != "" {
		t.Errorf("no change, diff %q", got)
	}
	added, removed := diffStat("--- a/f\n+++ b/f\n@@ -1 +1 @@\n--- sql comment\n+++ new\n")
	if added != 1 || removed != 1 {
		t.Errorf("diffStat = +%d -%d, want +1 -1", added, removed)
	}
}

func TestIsBinary(t *testing.T) {
	for in, want := range map[string]bool{
		"plain text":              false,
		"utf-8 é €":               false,
		"cut at the end \xe2\x82": false, // € cut by the sniff window
		"nul \x00":                true,
		"latin1 caf\xe9 x":        true,
		"\xff\xfe":                true,
	} {
		if got := isBinary([]byte(in)); got != want {
			t.Errorf("isBinary(%q) = %v, want %v", in, got, want)
		}
	}
}
