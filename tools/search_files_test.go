package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// searchTree builds a small project with ignore files at two levels.
func searchTree(t *testing.T) *Env {
	t.Helper()
	env := newEnv(t)
	for name, content := range map[string]string{
		".gitignore":              "*.log\nbuild/\n/rootonly.txt\n",
		"main.go":                 "package main\n\nfunc main() { println(\"needle\") }\n",
		"pkg/util.go":             "package pkg\n// needle in a comment\nvar x = 1\n",
		"pkg/.gitignore":          "secret.txt\n!keep.log\n",
		"pkg/secret.txt":          "needle\n",
		"pkg/keep.log":            "needle kept by negation\n",
		"pkg/rootonly.txt":        "needle not anchored here\n",
		"rootonly.txt":            "needle\n",
		"debug.log":               "needle\n",
		"build/out.go":            "needle\n",
		"node_modules/lib/x.js":   "needle\n",
		".git/config":             "needle\n",
		"docs/readme.md":          "Needle with a capital\n",
		"bin/tool":                "needle\x00binary",
		"deep/a/b/c/found.go":     "package c // needle\n",
		"deep/a/b/c/.hidden.conf": "needle=1\n",
	} {
		writeFile(t, env, name, content)
	}
	return env
}

func searchOutput(t *testing.T, env *Env, args map[string]any) Result {
	t.Helper()
	res := runTool(t, searchFilesTool{}, env, args)
	if res.IsError {
		t.Fatalf("search %v: %s", args, res.Output)
	}
	return res
}

func TestSearchContentRespectsIgnores(t *testing.T) {
	env := searchTree(t)
	res := searchOutput(t, env, map[string]any{"pattern": "needle"})
	want := []string{
		"deep/a/b/c/.hidden.conf:1:needle=1",
		"deep/a/b/c/found.go:1:package c // needle",
		`main.go:3:func main() { println("needle") }`,
		"pkg/keep.log:1:needle kept by negation",
		"pkg/rootonly.txt:1:needle not anchored here",
		"pkg/util.go:2:// needle in a comment",
	}
	if got := strings.Split(res.Output, "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", res.Output, strings.Join(want, "\n"))
	}
}

func TestSearchContentRegexAndPath(t *testing.T) {
	env := searchTree(t)
	res := searchOutput(t, env, map[string]any{"pattern": "(?i)^needle with", "path": "docs"})
	if res.Output != "docs/readme.md:1:Needle with a capital" {
		t.Errorf("got %q", res.Output)
	}
	res = searchOutput(t, env, map[string]any{"pattern": "needle", "file_glob": "*.go"})
	for _, l := range strings.Split(res.Output, "\n") {
		if !strings.Contains(l, ".go:") {
			t.Errorf("file_glob *.go let through %q", l)
		}
	}
	// A single file as the path.
	res = searchOutput(t, env, map[string]any{"pattern": "var", "path": "pkg/util.go"})
	if res.Output != "pkg/util.go:3:var x = 1" {
		t.Errorf("single file: got %q", res.Output)
	}
	res = searchOutput(t, env, map[string]any{"pattern": "nothing-like-this"})
	if res.Output != "no matches" {
		t.Errorf("no match: got %q", res.Output)
	}
}

func TestSearchInvalidRegex(t *testing.T) {
	env := searchTree(t)
	res := runTool(t, searchFilesTool{}, env, map[string]any{"pattern": "func(("})
	if !res.IsError || !strings.Contains(res.Output, "not a valid regular expression") {
		t.Errorf("got %q", res.Output)
	}
}

func TestSearchFiles(t *testing.T) {
	env := searchTree(t)
	res := searchOutput(t, env, map[string]any{"pattern": "**/*.go", "target": "files"})
	if want := "deep/a/b/c/found.go\nmain.go\npkg/util.go"; res.Output != want {
		t.Errorf("glob: got %q, want %q", res.Output, want)
	}
	res = searchOutput(t, env, map[string]any{"pattern": "UTIL", "target": "files"})
	if res.Output != "pkg/util.go" {
		t.Errorf("name fragment: got %q", res.Output)
	}
	res = searchOutput(t, env, map[string]any{"pattern": "*.go", "target": "files", "path": "deep"})
	if res.Output != "deep/a/b/c/found.go" {
		t.Errorf("basename glob under a path: got %q", res.Output)
	}
	if res := runTool(t, searchFilesTool{}, env, map[string]any{"pattern": "[", "target": "files"}); !res.IsError {
		t.Errorf("invalid glob: got %q", res.Output)
	}
}

func TestSearchParentIgnoreInRepo(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, ".git/HEAD", "ref: refs/heads/main\n")
	writeFile(t, env, ".gitignore", "generated/\n")
	writeFile(t, env, "sub/generated/x.txt", "needle\n")
	writeFile(t, env, "sub/real.txt", "needle\n")
	res := searchOutput(t, env, map[string]any{"pattern": "needle", "path": "sub"})
	if res.Output != "sub/real.txt:1:needle" {
		t.Errorf("the repository's .gitignore above the search root was not applied: %q", res.Output)
	}
}

func TestSearchCapped(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "many.txt", lines(120, "match %d"))
	res := searchOutput(t, env, map[string]any{"pattern": "match"})
	got := strings.Split(res.Output, "\n")
	if len(got) != 51 || !strings.Contains(got[50], "showing the first 50 results") {
		t.Errorf("got %d lines, last %q", len(got), got[len(got)-1])
	}
	res = searchOutput(t, env, map[string]any{"pattern": "match", "limit": 120})
	if strings.Contains(res.Output, "showing the first") || strings.Count(res.Output, "\n") != 119 {
		t.Errorf("exactly the limit must not say capped: %q", res.Output[len(res.Output)-60:])
	}
	writeFile(t, env, "more.txt", lines(1100, "match %d"))
	res = searchOutput(t, env, map[string]any{"pattern": "match", "limit": 5000})
	if n := strings.Count(res.Output, "\n"); n != 1000 {
		t.Errorf("limit above the maximum: %d lines, want 1000 results and a note", n)
	}
}

func TestSearchSkipsLargeFiles(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "huge.txt", "needle\n"+strings.Repeat("x", searchMaxFileSize))
	writeFile(t, env, "small.txt", "needle\n")
	res := searchOutput(t, env, map[string]any{"pattern": "needle"})
	if !strings.HasPrefix(res.Output, "small.txt:1:needle\n") || !strings.Contains(res.Output, "1 file(s) over 1 MB not searched") {
		t.Errorf("got %q", res.Output)
	}
}

func TestSearchRespectsContext(t *testing.T) {
	env := searchTree(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	raw, _ := json.Marshal(map[string]any{"pattern": "needle"})
	res := searchFilesTool{}.Run(ctx, &Call{Args: raw, Env: env})
	if !strings.Contains(res.Output, "search interrupted") {
		t.Errorf("got %q", res.Output)
	}
}

func TestSearchMissingPath(t *testing.T) {
	env := newEnv(t)
	res := runTool(t, searchFilesTool{}, env, map[string]any{"pattern": "x", "path": filepath.Join(env.Cwd(), "nope")})
	if !res.IsError || !strings.Contains(res.Output, "not found") {
		t.Errorf("got %q", res.Output)
	}
	if _, err := os.Stat(filepath.Join(env.Cwd(), "nope")); err == nil {
		t.Error("search created the path")
	}
}
