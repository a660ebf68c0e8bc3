package skills

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	src := "---\nname: pdf-tools\ndescription: >\n  Fill and merge PDF forms.\n  Use for any PDF task.\nversion: 1.2\nlicense: MIT\nplatforms: [linux, macos]\nmetadata:\n  hermes:\n    tags: [pdf]\nallowed-tools: Bash\n---\n# PDF tools\n\nSteps.\n"
	s, err := Parse("x/SKILL.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "pdf-tools" || s.Description != "Fill and merge PDF forms. Use for any PDF task." || s.Version != "1.2" || s.License != "MIT" {
		t.Errorf("fields: %+v", s)
	}
	if len(s.Platforms) != 2 || s.Metadata["hermes"] == nil || !strings.HasPrefix(s.Body, "# PDF tools") {
		t.Errorf("platforms/metadata/body: %+v", s)
	}
	// CRLF and a byte-order mark, as Windows editors write.
	if _, err := Parse("x", []byte("\uFEFF---\r\nname: a\r\ndescription: b\r\n---\r\nbody\r\n")); err != nil {
		t.Errorf("CRLF+BOM: %v", err)
	}
}

func TestParseErrorsNameFileLineAndField(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		field     string
		msg       string
	}{
		{"no frontmatter", "# Title\n", 1, "", "must start with YAML frontmatter"},
		{"unclosed", "---\nname: a\ndescription: b\n", 1, "", "never closed"},
		{"yaml syntax", "---\nname: a\ndescription: [unclosed\nversion: 1\n---\nbody", 3, "", "invalid YAML"},
		{"yaml block", "---\nname: a\ndescription: d\n- item\n---\nbody", 4, "", "invalid YAML"},
		{"bad indentation", "---\nname: a\n  description: b\n---\nbody", 3, "", "invalid YAML"},
		{"missing name", "---\ndescription: does things\n---\nbody", 1, "name", "required field is missing"},
		{"empty name", "---\nname: \"\"\ndescription: d\n---\nbody", 2, "name", "is empty"},
		{"name traversal", "---\nname: ../evil\ndescription: d\n---\nbody", 2, "name", "not valid"},
		{"name upper case", "---\nname: My Skill\ndescription: d\n---\nbody", 2, "name", "not valid"},
		{"name too long", "---\nname: " + strings.Repeat("a", 65) + "\ndescription: d\n---\nbody", 2, "name", "limit is 64"},
		{"name is a list", "---\nname: [a]\ndescription: d\n---\nbody", 2, "name", "must be a string"},
		{"missing description", "---\nname: a\n---\nbody", 1, "description", "required"},
		{"description too long", "---\nname: a\ndescription: " + strings.Repeat("d", 1025) + "\n---\nbody", 3, "description", "1025 characters"},
		{"metadata scalar", "---\nname: a\ndescription: d\nmetadata: 5\n---\nbody", 4, "metadata", "mapping"},
		{"platforms mapping", "---\nname: a\ndescription: d\nplatforms: {a: b}\n---\nbody", 4, "platforms", "list"},
		{"not a mapping", "---\n- a\n- b\n---\nbody", 2, "", "not a list"},
		{"duplicate key", "---\nname: a\nname: b\ndescription: d\n---\nbody", 3, "name", "given twice (first on line 2)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("skills/a/SKILL.md", []byte(c.src))
			var se *Error
			if !errors.As(err, &se) {
				t.Fatalf("want *Error, got %v", err)
			}
			if se.File != "skills/a/SKILL.md" || (c.line != 0 && se.Line != c.line) || se.Field != c.field || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("got %q (line %d, field %q); want line %d, field %q, %q", err, se.Line, se.Field, c.line, c.field, c.msg)
			}
			if c.line != 0 && !strings.HasPrefix(err.Error(), "skills/a/SKILL.md:") {
				t.Errorf("message does not start with file:line: %q", err)
			}
		})
	}
}

func TestParseRefusesHugeFile(t *testing.T) {
	huge := "---\nname: a\ndescription: d\n---\n" + strings.Repeat("x", 5<<20)
	_, err := Parse("a/SKILL.md", []byte(huge))
	if err == nil || !strings.Contains(err.Error(), "5.0 MB") || !strings.Contains(err.Error(), "limit is 100 KB") || !strings.Contains(err.Error(), "references/") {
		t.Errorf("got %v", err)
	}
}

func TestValidName(t *testing.T) {
	for _, ok := range []string{"a", "git-workflow", "v1.2", "x_y", "0day"} {
		if err := ValidName(ok); err != nil {
			t.Errorf("ValidName(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "-a", ".a", "_a", "../x", "a/b", "A", "a b", "é", strings.Repeat("a", 65), "a\x00"} {
		if ValidName(bad) == nil {
			t.Errorf("ValidName(%q) accepted", bad)
		}
	}
}

func TestTemplateParses(t *testing.T) {
	for _, desc := range []string{"", "Does X: with a colon and \"quotes\"", "two\nlines"} {
		s, err := CheckContent("t", "my-skill", Template("my-skill", desc))
		if err != nil {
			t.Fatalf("template with %q: %v", desc, err)
		}
		if desc != "" && s.Description != strings.TrimSpace(desc) {
			t.Errorf("description %q, want %q", s.Description, desc)
		}
	}
}

func TestInvocation(t *testing.T) {
	s, err := Parse("x/SKILL.md", []byte("---\nname: deploy\ndescription: d\n---\n\n# Deploy\n1. make ship\n"))
	if err != nil {
		t.Fatal(err)
	}
	got := Invocation(s, "  to staging ")
	if !strings.HasPrefix(got, `[The user ran the skill "deploy".`) || !strings.Contains(got, "# Deploy\n1. make ship\n\n[Request]\nto staging") {
		t.Errorf("got %q", got)
	}
	if strings.Contains(Invocation(s, ""), "[Request]") {
		t.Error("empty request section")
	}
}
