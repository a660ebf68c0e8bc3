// Package skills reads, finds and changes skills in the Agent Skills format
// (the SKILL.md files Claude Code and Hermes use): a folder holding SKILL.md
// — YAML frontmatter with a name and a description, then Markdown
// instructions — and optional references/, templates/, scripts/ and
// assets/ folders.
//
// Skills live in HERM_HOME/skills (writable; bundled skills are copied
// there on first run) and in skills.external_dirs (read-only). The prompt
// lists only names and descriptions; the model loads a skill's body, and
// its files, when a task calls for it (progressive disclosure).
//
// skills owns the files and their validation (frontmatter, names, paths,
// the prompt-injection scan); it never runs a skill's scripts and never
// decides when a skill is used (the model does, through tools).
package skills

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Limits of the format and of herm.
const (
	MaxNameLen        = 64
	MaxDescriptionLen = 1024
	// MaxSkillBytes caps SKILL.md: it is meant to be read whole by the
	// model; long material belongs in references/.
	MaxSkillBytes = 100_000
	// MaxFileBytes caps a supporting file.
	MaxFileBytes = 1 << 20
)

// Subdirs are the folders a skill's supporting files live in.
var Subdirs = []string{"references", "templates", "scripts", "assets"}

// FileName is the name of a skill's main file.
const FileName = "SKILL.md"

// Skill is one parsed skill.
type Skill struct {
	Name        string
	Description string
	Version     string
	License     string
	// Platforms restricts the skill to some operating systems (macos,
	// linux, windows); empty means all.
	Platforms []string
	Metadata  map[string]any
	// Category is the folder between the skills root and the skill's own
	// folder ("" for skills/<name>/SKILL.md).
	Category string
	// Dir is the skill's folder, Path its SKILL.md.
	Dir, Path string
	// ReadOnly is set for skills found in skills.external_dirs.
	ReadOnly bool
	// Body is the Markdown after the frontmatter. Catalog entries leave it
	// (and Metadata) empty; Library.Get fills them.
	Body string
	// Warnings are problems that do not stop the skill from working.
	Warnings []string
}

// Supported reports whether the skill is meant for this operating system.
func (s *Skill) Supported() bool {
	if len(s.Platforms) == 0 {
		return true
	}
	goos := runtime.GOOS
	for _, p := range s.Platforms {
		switch strings.ToLower(strings.TrimSpace(p)) {
		case goos, "all", "any":
			return true
		case "macos", "mac", "osx":
			if goos == "darwin" {
				return true
			}
		}
	}
	return false
}

// Error is a problem in a SKILL.md, located by file, line and field.
type Error struct {
	File  string
	Line  int    // 0 when the problem is the file as a whole
	Field string // frontmatter field, "" when not about one
	Msg   string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ValidName checks a skill name: 1–64 characters, lower-case letters,
// digits, '.', '_' and '-', starting with a letter or digit. Such a name is
// always one safe path element.
func ValidName(name string) error {
	if name == "" {
		return fmt.Errorf("the skill name is empty")
	}
	if len(name) > MaxNameLen {
		return fmt.Errorf("the skill name %q is %d characters; the limit is %d", short(name), len(name), MaxNameLen)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		alnum := c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
		if i == 0 && !alnum || !alnum && c != '.' && c != '_' && c != '-' {
			return fmt.Errorf("the skill name %q is not valid: use lower-case letters, digits, '.', '_' and '-', starting with a letter or digit (like git-workflow)", short(name))
		}
	}
	return nil
}

func short(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// Parse reads a SKILL.md. path names the file in errors. Unknown
// frontmatter fields (allowed-tools, prerequisites, tags…) are accepted:
// other agents define them.
func Parse(path string, data []byte) (*Skill, error) {
	fail := func(line int, field, format string, args ...any) (*Skill, error) {
		return nil, &Error{File: path, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) > MaxSkillBytes {
		return fail(0, "", "SKILL.md is %s; the limit is %s. Keep SKILL.md to the instructions and move long material into references/ files",
			sizeString(len(data)), sizeString(MaxSkillBytes))
	}
	if !utf8.Valid(data) {
		return fail(0, "", "SKILL.md is not UTF-8 text")
	}
	text := string(bytes.TrimPrefix(data, []byte("\uFEFF")))
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.SplitAfter(text, "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return fail(1, "", "SKILL.md must start with YAML frontmatter: a line ---, the fields (name: and description:), and a closing line ---")
	}
	closeLine := -1
	for i := 1; i < len(lines); i++ {
		if l := strings.TrimRight(lines[i], " \t\n"); l == "---" || l == "..." {
			closeLine = i
			break
		}
	}
	if closeLine < 0 {
		return fail(1, "", "the frontmatter opened on line 1 is never closed with a --- line")
	}
	front := strings.Join(lines[1:closeLine], "")
	s := &Skill{Path: path, Body: strings.Join(lines[closeLine+1:], "")}

	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(front), &doc); err != nil {
		line, msg := yamlErrorLine(err)
		if line > 0 {
			line++ // the frontmatter starts on the file's line 2
		}
		return fail(line, "", "invalid YAML in the frontmatter: %s", msg)
	}
	var root *yaml.Node
	if len(doc.Content) > 0 {
		root = doc.Content[0]
	}
	if root != nil && root.Kind != yaml.MappingNode {
		return fail(root.Line+1, "", "the frontmatter must be fields (name: …, description: …), not a %s", kindName(root))
	}
	var nameLine, descLine int
	haveName, haveDesc := false, false
	if root != nil {
		seen := map[string]int{}
		for i := 0; i+1 < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			line := v.Line + 1
			if first, dup := seen[k.Value]; dup {
				return fail(k.Line+1, k.Value, "is given twice (first on line %d)", first)
			}
			seen[k.Value] = k.Line + 1
			switch k.Value {
			case "name":
				if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
					return fail(line, "name", "must be a string, not a %s", kindName(v))
				}
				s.Name, nameLine, haveName = strings.TrimSpace(v.Value), line, true
			case "description":
				if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
					return fail(line, "description", "must be a string, not a %s", kindName(v))
				}
				s.Description, descLine, haveDesc = strings.TrimSpace(v.Value), line, true
			case "version", "license":
				if v.Kind != yaml.ScalarNode {
					return fail(line, k.Value, "must be a string, not a %s", kindName(v))
				}
				if k.Value == "version" {
					s.Version = v.Value
				} else {
					s.License = v.Value
				}
			case "platforms":
				switch v.Kind {
				case yaml.ScalarNode:
					if v.Value != "" {
						s.Platforms = []string{v.Value}
					}
				case yaml.SequenceNode:
					for _, item := range v.Content {
						if item.Kind != yaml.ScalarNode {
							return fail(item.Line+1, "platforms", "must be a list of names (macos, linux, windows)")
						}
						s.Platforms = append(s.Platforms, item.Value)
					}
				default:
					return fail(line, "platforms", "must be a list of names (macos, linux, windows), not a %s", kindName(v))
				}
			case "metadata":
				if v.Kind != yaml.MappingNode {
					return fail(line, "metadata", "must be a mapping of keys to values, not a %s", kindName(v))
				}
				if err := v.Decode(&s.Metadata); err != nil {
					_, msg := yamlErrorLine(err)
					return fail(line, "metadata", "%s", msg)
				}
			}
		}
	}
	switch {
	case !haveName:
		return fail(1, "name", "required field is missing (add name: followed by the skill's name, like the folder's)")
	case s.Name == "":
		return fail(nameLine, "name", "is empty")
	}
	if err := ValidName(s.Name); err != nil {
		return fail(nameLine, "name", "%v", err)
	}
	switch {
	case !haveDesc:
		return fail(1, "description", "required field is missing (say what the skill does and when to use it)")
	case s.Description == "":
		return fail(descLine, "description", "is empty (say what the skill does and when to use it)")
	}
	if n := utf8.RuneCountInString(s.Description); n > MaxDescriptionLen {
		return fail(descLine, "description", "is %d characters; the limit is %d (it is listed in every prompt: keep it to what the skill does and when to use it)", n, MaxDescriptionLen)
	}
	if strings.TrimSpace(s.Body) == "" {
		s.Warnings = append(s.Warnings, "SKILL.md has no instructions after the frontmatter")
	}
	return s, nil
}

// yamlErrorLine splits "yaml: line 3: did not find expected key" into 3
// and the message.
func yamlErrorLine(err error) (int, string) {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		num, tail, found := strings.Cut(rest, ":")
		if n, err := strconv.Atoi(num); err == nil && found {
			tail = strings.TrimSpace(tail)
			// yaml.v3 reports parser errors ("did not find expected …")
			// at the 0-based line of the construct being parsed, scanner
			// errors at the 1-based line of the problem.
			if strings.HasPrefix(tail, "did not find expected") {
				n++
			}
			return n, tail
		}
	}
	return 0, msg
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "null value"
		}
		return "plain value"
	case yaml.AliasNode:
		return "alias"
	}
	return "document"
}

func sizeString(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1000:
		return fmt.Sprintf("%d KB", n/1000)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Template is the SKILL.md of a new skill, for people and for
// `herm skills new`.
func Template(name, description string) string {
	if description == "" {
		description = "What this skill does, and when to use it (the model reads this to decide)."
	}
	return fmt.Sprintf(`---
name: %s
description: %s
version: 1.0.0
---

# %s

## When to use

Describe the tasks this skill is for.

## Steps

1. First step.
2. Second step.

## Checks

- How to tell the task is done right.
`, name, yamlString(description), title(name))
}

// yamlString renders s as a YAML scalar that reads back as s.
func yamlString(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil {
		return strconv.Quote(s)
	}
	return strings.TrimSuffix(string(out), "\n")
}

func title(name string) string {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
