package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// The approval prompt in the full-screen UI, against the fake LLM: the
// model asks to run `rm -rf build` in the working directory; n leaves the
// files and the model is told it was denied; y runs it; e edits it (in the
// prompt, then in $EDITOR) and the edit is what runs; a persists a grant
// and a new session runs the same command without asking.
func TestTUIApprovalPrompt(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv,
		rmBuild(), fakellm.Reply{Text: "Kept the build."},
		rmBuild(), fakellm.Reply{Text: "Build deleted."},
		rmBuild(), fakellm.Reply{Text: "Cache deleted."},
		rmBuild(), fakellm.Reply{Text: "Cache deleted with the editor."},
		rmBuild(), fakellm.Reply{Text: "Deleted for good."},
		rmBuild(), fakellm.Reply{Text: "Deleted without asking."},
	)
	e := newEnv(t)
	editor := filepath.Join(e.home, "..", "edit.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\nprintf 'rm -rf build/cache\\n' > \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.vars = append(e.vars, "EDITOR="+editor)
	build := e.makeBuildDir(t)
	cache := filepath.Join(build, "cache")
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	toolResult := func() string {
		reqs := srv.Script.Requests()
		for i := len(reqs) - 1; i >= 0; i-- {
			if msgs := reqs[i].Messages; len(msgs) > 0 && msgs[len(msgs)-1].Role == "tool" {
				return msgs[len(msgs)-1].Content
			}
		}
		return ""
	}

	x := startTUI(t, e, 100, 32, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	ask := func(prompt string) {
		t.Helper()
		x.typeText(prompt)
		x.keys("Enter")
		x.waitText("the approval prompt", "Run this command?", "$ rm -rf build", "recursive-delete", "in "+e.work)
		x.waitText("the end of the grace period", "y once", "n esc deny")
	}
	idle := func(answer string) {
		t.Helper()
		x.waitFor("the answer", func(s string) bool {
			return strings.Contains(s, answer) && strings.Contains(s, "? help") && !strings.Contains(s, "Run this")
		})
	}

	// n: nothing runs; the model is told.
	ask("clean up")
	x.keys("n")
	idle("Kept the build.")
	if !exists(build) {
		t.Fatal("a denied command ran")
	}
	if got := toolResult(); !strings.Contains(got, "denied") || !strings.Contains(got, "recursive-delete") {
		t.Errorf("the model was told %q", got)
	}

	// y: it runs.
	ask("clean up now")
	x.keys("y")
	idle("Build deleted.")
	if exists(build) {
		t.Fatal("an approved command did not run")
	}

	// e: edited in the prompt, checked again, and what ran is the edit.
	e.makeBuildDir(t)
	os.MkdirAll(cache, 0o755)
	ask("only the cache")
	x.keys("e")
	x.waitText("the editor", "Edit the command")
	x.keys("C-u")
	x.typeText("rm -rf build/cache")
	x.keys("Enter")
	x.waitText("the edit's verdict", "Run the edited command?", "$ rm -rf build/cache", "edited from: rm -rf build")
	x.waitText("the end of the grace period", "y once")
	x.keys("y")
	idle("Cache deleted.")
	if !exists(build) || exists(cache) {
		t.Fatalf("the edit did not run: build %v cache %v", exists(build), exists(cache))
	}
	if got := toolResult(); !strings.Contains(got, "the user edited this command") || !strings.Contains(got, "rm -rf build/cache") {
		t.Errorf("the model was not told what ran: %q", got)
	}

	// ctrl+g: edited in $EDITOR.
	os.MkdirAll(cache, 0o755)
	ask("the cache again")
	x.keys("C-g")
	x.waitText("the editor's edit", "Run the edited command?", "$ rm -rf build/cache")
	x.waitText("the end of the grace period", "y once")
	x.keys("y")
	idle("Cache deleted with the editor.")
	if !exists(build) || exists(cache) {
		t.Fatalf("the $EDITOR edit did not run: build %v cache %v", exists(build), exists(cache))
	}

	// a: a persisted grant; a new session runs the command unasked.
	ask("delete it for good")
	x.keys("a")
	idle("Deleted for good.")
	if exists(build) {
		t.Fatal("always did not run the command")
	}
	e.makeBuildDir(t)
	x.typeText("/new")
	x.keys("Enter")
	x.typeText("and again")
	x.keys("Enter")
	idle("Deleted without asking.")
	if exists(build) {
		t.Fatal("the grant did not apply in a new session")
	}
	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again")
	x.keys("C-c")
	x.waitExit()

	if r := e.run("approvals", "list"); !strings.Contains(r.stdout, "recursive-delete") {
		t.Errorf("approvals list: %s", r)
	}
}
