package skills

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/uitest"
	sk "github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// runner drives the pane, feeding its own messages back into it.
func runner(p *Pane) uitest.Runner[Msg] { return uitest.Runner[Msg]{Update: p.Update} }

func drive(p *Pane, cmd tea.Cmd)    { runner(p).Run(cmd) }
func press(p *Pane, keys ...string) { runner(p).Press(keys...) }
func typeText(p *Pane, s string)    { runner(p).Type(s) }

// replaceText replaces the editor's text as a person would: the old text
// deleted, the new one pasted.
func replaceText(p *Pane, s string) {
	p.edit.ed.setValue("")
	drive(p, p.Update(tea.PasteMsg{Content: s}))
	p.edit.ed.gotoLine(1)
}

func screen(p *Pane) string { return uitest.Plain(p.View()) }

const releaseNotes = `---
name: release-notes
description: Write release notes from git history. Use when asked for a changelog or release notes.
version: 1.2.0
license: MIT
---

# Release notes

1. Find the previous tag: ` + "`git describe --tags --abbrev=0`" + `
2. List the changes: ` + "`git log --oneline PREV..HEAD`" + `
3. Group them by **feature**, **fix** and **chore**.

` + "```sh\ngit log --oneline v1.1.0..HEAD\n```" + `

Keep each line short.
`

// library is a skills folder with two skills (one with files), a broken
// SKILL.md and an external, read-only skill.
func library(t *testing.T) *sk.Library {
	t.Helper()
	base := t.TempDir()
	root, ext := filepath.Join(base, "skills"), filepath.Join(base, "external")
	lib := sk.NewLibrary(root, []string{ext})
	if _, err := lib.Create("release-notes", "", releaseNotes); err != nil {
		t.Fatal(err)
	}
	if err := lib.WriteFile("release-notes", "templates/NOTES.md", []byte("## Features\n\n## Fixes\n")); err != nil {
		t.Fatal(err)
	}
	if err := lib.WriteFile("release-notes", "references/style.md", []byte("# Style\n\nUse the *imperative* mood.\n")); err != nil {
		t.Fatal(err)
	}
	if err := lib.WriteFile("release-notes", "scripts/prev-tag.sh", []byte("#!/bin/sh\ngit describe --tags --abbrev=0\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := lib.Create("code-review", "", sk.Template("code-review", "Review a change for bugs, tests and style before it is merged.")); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(root, "broken")
	os.MkdirAll(bad, 0o755)
	os.WriteFile(filepath.Join(bad, "SKILL.md"), []byte("---\nname: broken\ndescription: [never closed\n---\nbody\n"), 0o644)
	pdf := filepath.Join(ext, "pdf-tools")
	os.MkdirAll(pdf, 0o755)
	os.WriteFile(filepath.Join(pdf, "SKILL.md"), []byte("---\nname: pdf-tools\ndescription: Extract text and tables from PDF files.\n---\nUse pdftotext.\n"), 0o644)
	return lib
}

func open(t *testing.T, lib *sk.Library, w, h int) *Pane {
	t.Helper()
	p := New(context.Background(), lib, render.New(themes.Dark()), keys.Default())
	drive(p, p.SetSize(w, h))
	drive(p, p.Init())
	return p
}

func TestGoldenSkillList(t *testing.T) {
	lib := library(t)
	for _, size := range []struct{ w, h int }{{60, 16}, {200, 14}} {
		p := open(t, lib, size.w, size.h)
		got := screen(p)
		uitest.Golden(t, "list_"+strconv.Itoa(size.w), got)
		uitest.CheckWidth(t, got, size.w)
	}
}

func TestGoldenSkillView(t *testing.T) {
	lib := library(t)
	for _, size := range []struct{ w, h int }{{60, 30}, {200, 24}} {
		p := open(t, lib, size.w, size.h)
		press(p, "down", "down", "down", "enter") // release-notes
		got := screen(p)
		uitest.Golden(t, "view_"+strconv.Itoa(size.w), got)
		uitest.CheckWidth(t, got, size.w)
	}
}

func TestListMarksAndSearch(t *testing.T) {
	p := open(t, library(t), 100, 20)
	s := screen(p)
	for _, want := range []string{"3 skills · 1 broken · 1 read-only", "✗ broken", "invalid YAML in the frontmatter", "✓ pdf-tools", "read-only", "✓ release-notes"} {
		if !strings.Contains(s, want) {
			t.Errorf("list lacks %q:\n%s", want, s)
		}
	}
	press(p, "/")
	typeText(p, "changelog")
	if s := screen(p); !strings.Contains(s, "release-notes") || strings.Contains(s, "code-review") || !strings.Contains(s, "1 of 4") {
		t.Errorf("search:\n%s", s)
	}
	press(p, "enter", "enter")
	if p.mode != modeView || p.view.title != "release-notes" {
		t.Fatalf("enter did not open the match: mode %d", p.mode)
	}
	press(p, "esc", "esc")
	if len(p.list.shown) != 4 || p.closed {
		t.Errorf("esc cleared the search? shown %d closed %v", len(p.list.shown), p.closed)
	}
	press(p, "esc")
	if !p.closed {
		t.Error("esc on the list did not close the pane")
	}
}

func TestCreateFromTheTemplate(t *testing.T) {
	lib := library(t)
	p := open(t, lib, 80, 30)
	press(p, "n")
	typeText(p, "Deploy")
	press(p, "enter")
	if s := screen(p); p.mode != modeName || !strings.Contains(s, "not valid") {
		t.Fatalf("an upper-case name was taken:\n%s", s)
	}
	for range 6 {
		press(p, "backspace")
	}
	typeText(p, "deploy-staging")
	press(p, "enter")
	if p.mode != modeEdit || !strings.Contains(p.edit.ed.value(), "name: deploy-staging") {
		t.Fatalf("the editor did not open on the template:\n%s", screen(p))
	}
	if s := screen(p); !strings.Contains(s, "new — not saved yet") {
		t.Errorf("editor heading:\n%s", s)
	}
	press(p, "ctrl+s")
	got := lib.Catalog().Find("deploy-staging")
	if got == nil {
		t.Fatalf("not created; screen:\n%s", screen(p))
	}
	if p.mode != modeView || !strings.Contains(screen(p), "created deploy-staging") {
		t.Errorf("after saving:\n%s", screen(p))
	}
}

// A save the frontmatter check refuses shows the error (file, line,
// field) and keeps the text; nothing is written.
func TestRefusedSaveKeepsTheText(t *testing.T) {
	lib := library(t)
	path := filepath.Join(lib.Root(), "code-review", "SKILL.md")
	before, _ := os.ReadFile(path)
	p := open(t, lib, 80, 30)
	press(p, "down", "e") // code-review
	if p.mode != modeEdit {
		t.Fatalf("not editing:\n%s", screen(p))
	}
	// Break the description: line 3 becomes "description: [oops".
	replaceText(p, strings.Replace(string(before), "description: Review", "description: [oops Review", 1))
	edited := p.edit.ed.value()
	press(p, "ctrl+s")
	s := screen(p)
	if p.mode != modeEdit || p.edit.ed.value() != edited {
		t.Fatalf("the edits were not kept:\n%s", s)
	}
	if !strings.Contains(s, "save refused: code-review/SKILL.md:3") || !strings.Contains(s, "invalid YAML") {
		t.Errorf("no error with file and line:\n%s", s)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused save changed the file")
	}
	uitest.Golden(t, "refused_60", func() string { drive(p, p.SetSize(60, 20)); return screen(p) }())

	// A missing field is named.
	replaceText(p, strings.Replace(string(before), "description:", "summary:", 1))
	press(p, "ctrl+s")
	if s := strings.Join(strings.Fields(screen(p)), " "); !strings.Contains(s, "SKILL.md:1: description: required field is missing") {
		t.Errorf("missing field:\n%s", s)
	}
	// Esc asks before throwing the edits away.
	press(p, "esc")
	if p.ask == nil || p.mode != modeEdit {
		t.Fatal("esc discarded the edits without asking")
	}
	press(p, "n")
	if p.mode != modeEdit {
		t.Fatal("n left the editor")
	}
	press(p, "esc", "y")
	if p.mode != modeList {
		t.Errorf("mode %d after discarding", p.mode)
	}
}

func TestEditAndSave(t *testing.T) {
	lib := library(t)
	p := open(t, lib, 100, 30)
	press(p, "down", "down", "down", "e")
	replaceText(p, strings.Replace(releaseNotes, "Keep each line short.", "Keep each line under 72 characters.", 1))
	press(p, "ctrl+s")
	s, err := lib.Get("release-notes")
	if err != nil || !strings.Contains(s.Body, "under 72 characters") {
		t.Fatalf("not saved: %v %v\n%s", s, err, screen(p))
	}
	if got := screen(p); !strings.Contains(got, "saved release-notes") || !strings.Contains(got, "under 72 characters") {
		t.Errorf("after saving:\n%s", got)
	}
}

func TestReadOnlyAndBroken(t *testing.T) {
	lib := library(t)
	p := open(t, lib, 100, 30)
	press(p, "down", "down", "e") // pdf-tools, external
	if p.mode != modeList || !strings.Contains(screen(p), "(skills.external_dirs)") {
		t.Errorf("an external skill opened for editing:\n%s", screen(p))
	}
	press(p, "d")
	if p.ask != nil {
		t.Error("delete asked for an external skill")
	}
	press(p, "up", "up", "enter") // broken
	s := screen(p)
	if p.mode != modeView || !strings.Contains(s, "does not parse") || !strings.Contains(s, "broken/SKILL.md:3") || !strings.Contains(s, "description: [never closed") {
		t.Errorf("broken skill view:\n%s", s)
	}
	// A broken skill can be fixed in the editor.
	press(p, "e")
	if p.mode != modeEdit {
		t.Fatalf("broken skill not editable:\n%s", screen(p))
	}
	replaceText(p, "---\nname: broken\ndescription: Fixed now.\n---\nbody\n")
	press(p, "ctrl+s")
	if lib.Catalog().Find("broken") == nil {
		t.Errorf("the fix was not saved:\n%s", screen(p))
	}
}

func TestDeleteAsksFirst(t *testing.T) {
	lib := library(t)
	p := open(t, lib, 100, 30)
	press(p, "down", "d") // code-review
	if p.ask == nil || !strings.Contains(screen(p), "Delete the skill code-review") {
		t.Fatalf("no question:\n%s", screen(p))
	}
	press(p, "n")
	if lib.Catalog().Find("code-review") == nil {
		t.Fatal("n deleted it")
	}
	press(p, "d", "y")
	if lib.Catalog().Find("code-review") != nil {
		t.Fatal("not deleted")
	}
	if s := screen(p); strings.Contains(s, "✓ code-review") || !strings.Contains(s, "deleted code-review") {
		t.Errorf("after deleting:\n%s", s)
	}
}

func TestFileTree(t *testing.T) {
	lib := library(t)
	p := open(t, lib, 60, 20)
	press(p, "down", "down", "down", "f")
	got := screen(p)
	uitest.Golden(t, "files_60", got)
	for _, want := range []string{"├── SKILL.md", "├── references/", "│   └── style.md", "└── templates/", "    └── NOTES.md"} {
		if !strings.Contains(got, want) {
			t.Errorf("tree lacks %q:\n%s", want, got)
		}
	}
	press(p, "down", "down", "enter") // references/style.md
	if s := screen(p); p.mode != modeFile || !strings.Contains(s, "Use the imperative mood.") {
		t.Fatalf("file view:\n%s", s)
	}
	press(p, "esc", "esc")
	if p.mode != modeList {
		t.Errorf("mode %d", p.mode)
	}
}

// A SKILL.md far over the format's limit is listed as broken and is not
// opened in the editor.
func TestHugeSkillIsNotOpened(t *testing.T) {
	lib := library(t)
	dir := filepath.Join(lib.Root(), "huge")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte("---\nname: huge\ndescription: big\n---\n"+strings.Repeat("x", 5<<20)), 0o644)
	p := open(t, lib, 100, 30)
	p.list.selectName("huge")
	press(p, "e")
	if p.mode == modeEdit || !strings.Contains(screen(p), "too large to edit here") {
		t.Errorf("screen:\n%s", screen(p))
	}
}
