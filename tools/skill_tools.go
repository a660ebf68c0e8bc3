package tools

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/promptscan"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/skills"
)

// The skill tools: skills_list and skill_view are the second and third
// tiers of progressive disclosure (the prompt holds only the index);
// skill_manage lets the agent turn a worked-out procedure into a skill.

type skillsListTool struct{ lib *skills.Library }

func (skillsListTool) Spec() Spec {
	return Spec{
		Name:        "skills_list",
		Description: "List the installed skills (saved procedures) by name and description, optionally only one category. Load one with skill_view.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "category": {"type": "string", "description": "Only skills in this category (the folder they are grouped in)."}
  }
}`),
	}
}

func (skillsListTool) Toolset() string { return "skills" }
func (skillsListTool) ReadOnly() bool  { return true }

func (t skillsListTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Category string `json:"category"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	c := t.lib.Catalog()
	want := strings.ToLower(strings.Trim(strings.TrimSpace(args.Category), "/"))
	var list []*skills.Skill
	for _, s := range c.Skills {
		if s.Supported() && (want == "" || strings.ToLower(s.Category) == want) {
			list = append(list, s)
		}
	}
	var b strings.Builder
	switch {
	case len(list) == 0 && want != "":
		fmt.Fprintf(&b, "No skills in category %q.", args.Category)
		if cats := c.Categories(); len(cats) > 0 {
			fmt.Fprintf(&b, " Categories: %s.", strings.Join(cats, ", "))
		}
	case len(list) == 0:
		b.WriteString("No skills are installed. Create one with skill_manage(action=\"create\").")
	default:
		fmt.Fprintf(&b, "%d %s. Load one with skill_view(name).\n", len(list), text.Noun(len(list), "skill", "skills"))
		for _, s := range list {
			line := "- " + s.Name
			if s.Category != "" {
				line += " [" + s.Category + "]"
			}
			if s.ReadOnly {
				line += " (read-only)"
			}
			b.WriteString("\n" + line + ": " + text.OneLine(s.Description))
		}
	}
	if n := len(c.Problems); n > 0 {
		fmt.Fprintf(&b, "\n\n%d SKILL.md %s could not be read (the user can run `herm skills validate` to see why).", n, text.Noun(n, "file", "files"))
	}
	out, _ := promptscan.Sanitize(b.String())
	return Result{Output: out}
}

type skillViewTool struct{ lib *skills.Library }

func (skillViewTool) Spec() Spec {
	return Spec{
		Name: "skill_view",
		Description: "Load a skill: without file_path, its SKILL.md (the instructions) and the list of its other files; " +
			"with file_path, one of those files (for example references/api.md).",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "name": {"type": "string", "description": "The skill's name, as skills_list or the prompt's index shows it."},
    "file_path": {"type": "string", "description": "A file inside the skill's folder, relative to it (references/…, templates/…, scripts/…, assets/…)."}
  },
  "required": ["name"]
}`),
	}
}

func (skillViewTool) Toolset() string { return "skills" }
func (skillViewTool) ReadOnly() bool  { return true }

func (t skillViewTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Name     string `json:"name"`
		FilePath string `json:"file_path"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	name := strings.TrimSpace(args.Name)
	if name == "" {
		return missing("name", "the skill to load")
	}
	path := strings.TrimSpace(args.FilePath)
	if path != "" && path != skills.FileName {
		data, err := t.lib.ReadFile(name, path)
		if err != nil {
			return Errorf("%v", err)
		}
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
			return Errorf("%s is a binary file (%d bytes); it cannot be shown as text. Use it by path from a command if needed", path, len(data))
		}
		return Result{Output: string(data), Meta: map[string]string{"skill": name, "path": path}}
	}
	s, err := t.lib.Get(name)
	if err != nil {
		return Errorf("%v", err)
	}
	data, err := t.lib.ReadFile(name, skills.FileName)
	if err != nil {
		return Errorf("%v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Skill %s (%s)\n\n%s", s.Name, s.Dir, strings.TrimRight(string(data), "\n"))
	if files := t.lib.Files(s); len(files) > 0 {
		b.WriteString("\n\n---\nOther files in this skill (load with skill_view(name, file_path)):")
		for _, f := range files {
			fmt.Fprintf(&b, "\n- %s (%s)", f.Path, byteSize(f.Size))
		}
	}
	return Result{Output: b.String(), Meta: map[string]string{"skill": name, "path": s.Path}}
}

type skillManageTool struct{ lib *skills.Library }

func (skillManageTool) Spec() Spec {
	return Spec{
		Name: "skill_manage",
		Description: "Create and maintain skills: reusable procedures saved as SKILL.md (YAML frontmatter with name and description, then " +
			"Markdown instructions) plus optional files under references/, templates/, scripts/, assets/. Save a skill after working out " +
			"a multi-step task that will come up again, and fix a skill as soon as it proves wrong. Actions: create (name, content = the " +
			"whole SKILL.md, optional category), edit (name, content), patch (name, old_string, new_string, optional file_path; old_string " +
			"must occur once), delete (name), write_file (name, file_path, file_content), remove_file (name, file_path). The description " +
			"says what the skill does and when to use it: it is all the prompt shows of the skill.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["create", "edit", "patch", "delete", "write_file", "remove_file"]},
    "name": {"type": "string", "description": "The skill's name: lower-case letters, digits, '.', '_' and '-' (like git-workflow)."},
    "content": {"type": "string", "description": "The whole SKILL.md, frontmatter included (create, edit)."},
    "old_string": {"type": "string", "description": "Exact text to replace (patch)."},
    "new_string": {"type": "string", "description": "Replacement text (patch)."},
    "file_path": {"type": "string", "description": "A file relative to the skill's folder, under references/, templates/, scripts/ or assets/ (write_file, remove_file; patch of a file other than SKILL.md)."},
    "file_content": {"type": "string", "description": "The file's complete content (write_file)."},
    "category": {"type": "string", "description": "Optional folder to group a new skill in (create)."}
  },
  "required": ["action", "name"]
}`),
	}
}

func (skillManageTool) Toolset() string { return "skills" }
func (skillManageTool) ReadOnly() bool  { return false }

func (t skillManageTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Action      string  `json:"action"`
		Name        string  `json:"name"`
		Content     *string `json:"content"`
		OldString   *string `json:"old_string"`
		NewString   *string `json:"new_string"`
		FilePath    string  `json:"file_path"`
		FileContent *string `json:"file_content"`
		Category    string  `json:"category"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	name := strings.TrimSpace(args.Name)
	if name == "" {
		return missing("name", "the skill's name")
	}
	if err := skills.ValidName(name); err != nil {
		return argErrorf("%v", err)
	}
	action := strings.ToLower(strings.TrimSpace(args.Action))
	switch action {
	case "create", "edit":
		if args.Content == nil || strings.TrimSpace(*args.Content) == "" {
			return missing("content", "the whole SKILL.md: frontmatter (name, description) and instructions")
		}
		if r, bad := refuseInjection("the skill", *args.Content); bad {
			return r
		}
		var s *skills.Skill
		var err error
		if action == "create" {
			s, err = t.lib.Create(name, args.Category, *args.Content)
		} else {
			s, err = t.lib.Edit(name, *args.Content)
		}
		if err != nil {
			return Errorf("%v", err)
		}
		verb := "Created"
		if action == "edit" {
			verb = "Updated"
		}
		return Result{Output: fmt.Sprintf("%s skill %s (%s). New sessions list it in their prompt; load it now with skill_view(%q).%s",
			verb, s.Name, s.Path, s.Name, warnings(s)), Meta: map[string]string{"skill": s.Name, "path": s.Path}}
	case "patch":
		if args.OldString == nil || *args.OldString == "" {
			return missing("old_string", "the exact text to replace")
		}
		if args.NewString == nil {
			return missing("new_string", "the replacement text (an empty string deletes old_string)")
		}
		if r, bad := refuseInjection("the new text", *args.NewString); bad {
			return r
		}
		if err := t.lib.Patch(name, args.FilePath, *args.OldString, *args.NewString); err != nil {
			return Errorf("%v", err)
		}
		file := skills.FileName
		if p := strings.TrimSpace(args.FilePath); p != "" {
			file = p
		}
		return Result{Output: fmt.Sprintf("Patched %s of skill %s.", file, name), Meta: map[string]string{"skill": name}}
	case "delete":
		if err := t.lib.Delete(name); err != nil {
			return Errorf("%v", err)
		}
		return Result{Output: fmt.Sprintf("Deleted skill %s.", name), Meta: map[string]string{"skill": name}}
	case "write_file":
		if strings.TrimSpace(args.FilePath) == "" {
			return missing("file_path", "where in the skill, like references/notes.md")
		}
		if args.FileContent == nil {
			return missing("file_content", "the file's complete content")
		}
		if r, bad := refuseInjection(args.FilePath, *args.FileContent); bad {
			return r
		}
		if err := t.lib.WriteFile(name, args.FilePath, []byte(*args.FileContent)); err != nil {
			return Errorf("%v", err)
		}
		return Result{Output: fmt.Sprintf("Wrote %s in skill %s (%s). Mention it in SKILL.md so it is found.", args.FilePath, name, byteSize(int64(len(*args.FileContent)))),
			Meta: map[string]string{"skill": name, "path": args.FilePath}}
	case "remove_file":
		if strings.TrimSpace(args.FilePath) == "" {
			return missing("file_path", "the file to remove, like references/old.md")
		}
		if err := t.lib.RemoveFile(name, args.FilePath); err != nil {
			return Errorf("%v", err)
		}
		return Result{Output: fmt.Sprintf("Removed %s from skill %s.", args.FilePath, name), Meta: map[string]string{"skill": name}}
	case "":
		return missing("action", "create, edit, patch, delete, write_file or remove_file")
	}
	return argErrorf("unknown action %q: use create, edit, patch, delete, write_file or remove_file", args.Action)
}

// refuseInjection refuses skill text with instructions to ignore other
// instructions, hidden HTML or invisible characters: skills are loaded into
// later sessions, so a manipulated model must not plant those there.
// Network commands with secrets are allowed: real procedures use them
// (curl -H "Authorization: Bearer $TOKEN"), and running them still goes
// through the command guard.
func refuseInjection(what, text string) (Result, bool) {
	for _, f := range promptscan.Scan(text) {
		if f.Kind == promptscan.Exfiltration {
			continue
		}
		return Errorf("refused: %s contains %s. Skills are read by future sessions, so they must not hold instructions to "+
			"ignore other instructions, hidden HTML or invisible characters; write the procedure in plain words", what, f), true
	}
	return Result{}, false
}

func warnings(s *skills.Skill) string {
	if len(s.Warnings) == 0 {
		return ""
	}
	return " Note: " + strings.Join(s.Warnings, "; ") + "."
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	}
	return fmt.Sprintf("%d bytes", n)
}
