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
// model asks to run `rm -rf build` in the working directory; esc leaves
// the files and the model is told it was denied; enter runs it; e (after
// tab) edits it in the prompt, ctrl+g in $EDITOR, and the edit is what
// runs; "always" asks again, persists a grant, and a new session runs the
// same command without asking.
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
		x.waitText("the end of the grace period", "▸ Yes, run it once", "↑↓ enter answer")
	}
	idle := func(answer string) {
		t.Helper()
		x.waitFor("the answer", func(s string) bool {
			return strings.Contains(s, answer) && strings.Contains(s, "? help") && !strings.Contains(s, "Run this")
		})
	}

	// esc: nothing runs; the model is told.
	ask("clean up")
	x.keys("Escape")
	idle("Kept the build.")
	if !exists(build) {
		t.Fatal("a denied command ran")
	}
	if got := toolResult(); !strings.Contains(got, "denied") || !strings.Contains(got, "recursive-delete") {
		t.Errorf("the model was told %q", got)
	}

	// enter on the first answer: it runs once.
	ask("clean up now")
	x.keys("Enter")
	idle("Build deleted.")
	if exists(build) {
		t.Fatal("an approved command did not run")
	}

	// e: edited in the prompt, checked again, and what ran is the edit.
	e.makeBuildDir(t)
	os.MkdirAll(cache, 0o755)
	ask("only the cache")
	x.keys("Tab")
	x.waitText("the prompt's letters", "tab reads the chat")
	x.keys("e")
	x.waitText("the editor", "Edit the command")
	x.keys("C-u")
	x.typeText("rm -rf build/cache")
	x.keys("Enter")
	x.waitText("the edit's verdict", "Run the edited command?", "$ rm -rf build/cache", "edited from: rm -rf build")
	x.waitText("the end of the grace period", "↑↓ enter or a letter answer")
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
	x.waitText("the end of the grace period", "↑↓ enter answer")
	x.keys("Enter")
	idle("Cache deleted with the editor.")
	if !exists(build) || exists(cache) {
		t.Fatalf("the $EDITOR edit did not run: build %v cache %v", exists(build), exists(cache))
	}

	// Always, by the arrows: it asks again, then a persisted grant; a new
	// session runs the command unasked.
	ask("delete it for good")
	x.keys("Down", "Down")
	x.waitText("always chosen", "▸ Always allow these findings…")
	x.keys("Enter")
	x.waitText("the second question", "Always allow recursive-delete?", "in every session", "▸ Yes, save the grant and run it")
	x.waitText("the end of its grace period", "↑↓ choose · enter answer · esc back")
	x.keys("Enter")
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

// Typing while a request waits never answers it: a sentence typed as the
// prompt appears (with y, s, a and n in it) lands in the input and the
// command does not run; the arrows and enter answer; "always" asks again,
// and going back from that question saves nothing.
func TestTUIApprovalTypingNeverAnswers(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv, rmBuild(), fakellm.Reply{Text: "Build deleted."})
	e := newEnv(t)
	build := e.makeBuildDir(t)
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }

	x := startTUI(t, e, 100, 32, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	x.typeText("clean up")
	x.keys("Enter")
	x.waitText("the approval prompt", "Run this command?", "$ rm -rf build")
	x.waitText("the end of the grace period", "↑↓ enter answer")
	sentence := "stop, do not do that. are you sure? yes, always say no"
	x.typeText(sentence)
	x.waitText("the sentence in the input", "❯ "+sentence, "tab or esc returns to this prompt", "Run this command?")
	if !exists(build) {
		t.Fatal("typing answered the prompt: the command ran")
	}
	for _, r := range srv.Script.Requests() {
		if msgs := r.Messages; len(msgs) > 0 && msgs[len(msgs)-1].Role == "tool" {
			t.Fatalf("typing answered the prompt: the model was told %q", msgs[len(msgs)-1].Content)
		}
	}

	// Back to the prompt; always, then back out of the second question.
	x.keys("Tab")
	x.waitText("the prompt's keyboard", "tab reads the chat")
	x.keys("Down", "Down", "Enter")
	x.waitText("the second question", "Always allow recursive-delete?", "↑↓ choose · enter answer · esc back")
	x.keys("Escape")
	x.waitText("the menu again", "▸ Always allow these findings…")
	// The arrows and enter: once.
	x.keys("Up", "Up")
	x.waitText("once chosen", "▸ Yes, run it once")
	x.keys("Enter")
	x.waitFor("the answer", func(s string) bool {
		return strings.Contains(s, "Build deleted.") && !strings.Contains(s, "Run this")
	})
	if exists(build) {
		t.Fatal("the arrow-key answer did not run the command")
	}
	// The sentence is still in the input, unsent.
	x.waitText("the draft kept", "❯ "+sentence)
	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again")
	x.keys("C-c")
	x.waitExit()
	if r := e.run("approvals", "list"); strings.Contains(r.stdout, "recursive-delete") {
		t.Errorf("going back from always saved a grant: %s", r)
	}
}
