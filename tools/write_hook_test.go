package tools

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"
)

// write_file and patch tell the Env's write hook what a file held just before
// they change it; a refused or failed edit tells it nothing.
func TestBeforeWriteSeesTheOldContent(t *testing.T) {
	env := newEnv(t)
	type seen struct {
		path, old string
		mode      fs.FileMode
		existed   bool
	}
	var got []seen
	env.SetBeforeWrite(func(_ context.Context, path string, old []byte, mode fs.FileMode, existed bool) {
		got = append(got, seen{path, string(old), mode, existed})
	})
	p := writeFile(t, env, "a.txt", "one\n")
	runTool(t, writeFileTool{}, env, map[string]any{"path": "a.txt", "content": "two\n"})
	runTool(t, patchTool{}, env, map[string]any{"path": "a.txt", "old_string": "two", "new_string": "three"})
	runTool(t, writeFileTool{}, env, map[string]any{"path": "sub/new.txt", "content": "fresh"})
	if res := runTool(t, patchTool{}, env, map[string]any{"path": "a.txt", "old_string": "absent", "new_string": "x"}); !res.IsError {
		t.Fatal("the patch of absent text should fail")
	}
	want := []seen{
		{p, "one\n", 0o644, true},
		{p, "two\n", 0o644, true},
		{filepath.Join(env.Cwd(), "sub", "new.txt"), "", newFileMode, false},
	}
	if len(got) != len(want) {
		t.Fatalf("BeforeWrite calls: %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("call %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if readBack(t, p) != "three\n" {
		t.Errorf("file = %q", readBack(t, p))
	}
}
