package tools

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
)

type patchTool struct{}

func (patchTool) Spec() Spec {
	return Spec{
		Name: "patch",
		Description: "Replace exact text in a file: old_string must occur exactly once (include enough " +
			"surrounding lines to make it unique) unless replace_all is true. Returns a unified diff. " +
			"Copy old_string exactly, without the line numbers read_file shows.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "File to change; relative to the working directory, ~ for home."},
    "old_string": {"type": "string", "description": "Exact text to find, whitespace included."},
    "new_string": {"type": "string", "description": "Text to put in its place (empty to delete it)."},
    "replace_all": {"type": "boolean", "description": "Replace every occurrence instead of exactly one. Default false."}
  },
  "required": ["path", "old_string", "new_string"]
}`),
	}
}

func (patchTool) Toolset() string { return "file" }
func (patchTool) ReadOnly() bool  { return false }

func (patchTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Path       string   `json:"path"`
		OldString  *string  `json:"old_string"`
		NewString  *string  `json:"new_string"`
		ReplaceAll flexBool `json:"replace_all"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	switch {
	case args.Path == "":
		return missing("path", "the file to change")
	case args.OldString == nil:
		return missing("old_string", "the exact text to replace")
	case args.NewString == nil:
		return missing("new_string", "the replacement text; an empty string deletes old_string")
	case *args.OldString == "":
		return argErrorf("old_string is empty; to create or overwrite a whole file use write_file")
	case *args.OldString == *args.NewString:
		return argErrorf("old_string and new_string are the same; there is nothing to change")
	}
	env := envOf(call)
	path, err := resolvePath(env, args.Path)
	if err != nil {
		return argErrorf("%v", err)
	}
	display := displayPath(env, path)
	all := args.ReplaceAll.Value
	preview := func() string { return patchPreview(path, display, *args.OldString, *args.NewString, all) }
	if err := checkWrite(ctx, env, "patch", path, display, preview); err != nil {
		return Errorf("%v", err)
	}
	path = canonical(path) // edit a symlink's target, keeping the link
	data, mode, exists, err := readForEdit(path, display)
	if err != nil {
		return Errorf("%v", err)
	}
	if !exists {
		return Errorf("file not found: %s%s\nTo create a file, use write_file.", display, similarFiles(path))
	}
	if isBinary(data[:min(len(data), sniffLen)]) {
		return Errorf("binary file (%d bytes): %s; patch edits text files only", len(data), display)
	}
	content := string(data)
	oldS, newS, count := matchPatch(content, *args.OldString, *args.NewString)
	switch {
	case count == 0:
		return Errorf("old_string was not found in %s.%s", display, noMatchHint(content, *args.OldString))
	case count > 1 && !all:
		return Errorf("old_string occurs %d times in %s (at lines %s); include more surrounding text to make it unique, or set replace_all=true to replace every one",
			count, display, occurrenceLines(content, oldS, 10))
	}
	updated := applyPatch(content, oldS, newS, all)
	if err := ctx.Err(); err != nil {
		return Errorf("not changed: %v", err)
	}
	env.beforeWrite(ctx, path, data, mode, true)
	if err := atomicWrite(path, []byte(updated), mode); err != nil {
		return Errorf("cannot write %s: %v", display, err)
	}
	env.NoteWritten(path)
	diff := unifiedDiff(filepath.ToSlash(display), content, updated, false)
	replaced := 1
	if all {
		replaced = count
	}
	return Result{
		Output: fmt.Sprintf("patched %s: replaced %d occurrence(s)\n%s", display, replaced, diff),
		Diff:   diff,
		Meta:   map[string]string{"path": path},
	}
}

// matchPatch finds oldS in content as the file writes its line endings:
// the model sees CRLF files with plain newlines, so both strings are
// matched (and the file's endings kept) the way the file has them. count
// is how many times the returned oldS occurs.
func matchPatch(content, oldS, newS string) (string, string, int) {
	count := strings.Count(content, oldS)
	if count == 0 && strings.Contains(content, "\r\n") && !strings.Contains(oldS, "\r\n") {
		oldS = strings.ReplaceAll(oldS, "\n", "\r\n")
		newS = strings.ReplaceAll(newS, "\n", "\r\n")
		count = strings.Count(content, oldS)
	}
	return oldS, newS, count
}

// applyPatch replaces oldS by newS in content: once, or every time.
func applyPatch(content, oldS, newS string, all bool) string {
	n := 1
	if all {
		n = -1
	}
	return strings.Replace(content, oldS, newS, n)
}

// patchPreview is the diff patch would make to path (display is its name
// in the diff), or "" when the patch would fail.
func patchPreview(path, display, oldString, newString string, all bool) string {
	data, _, exists, err := readForEdit(canonical(path), display)
	if err != nil || !exists || isBinary(data[:min(len(data), sniffLen)]) {
		return ""
	}
	content := string(data)
	oldS, newS, count := matchPatch(content, oldString, newString)
	if count == 0 || (count > 1 && !all) {
		return ""
	}
	return unifiedDiff(filepath.ToSlash(display), content, applyPatch(content, oldS, newS, all), false)
}

// occurrenceLines lists the line numbers where s starts in content, at
// most max of them.
func occurrenceLines(content, s string, max int) string {
	var lines []string
	line, pos := 1, 0
	for len(lines) < max {
		i := strings.Index(content[pos:], s)
		if i < 0 {
			break
		}
		line += strings.Count(content[pos:pos+i], "\n")
		lines = append(lines, fmt.Sprint(line))
		line += strings.Count(s, "\n")
		pos += i + len(s)
	}
	if strings.Count(content[pos:], s) > 0 {
		lines = append(lines, "…")
	}
	return strings.Join(lines, ", ")
}

// hasLineNumberPrefix reports whether s starts with the "    12\t" read_file
// puts before each line (`^\s*\d+\t`, written out: a package-level regexp
// is compiled at every start of herm).
func hasLineNumberPrefix(s string) bool {
	s = strings.TrimLeft(s, " \t\n\f\r")
	digits := len(s) - len(strings.TrimLeft(s, "0123456789"))
	return digits > 0 && strings.HasPrefix(s[digits:], "\t")
}

// hintMaxLines bounds the work spent on explaining a failed match.
const hintMaxLines = 50_000

// noMatchHint explains why old_string did not match: read_file's line
// numbers copied along, whitespace that differs, or the closest line.
func noMatchHint(content, old string) string {
	oldLines := strings.Split(old, "\n")
	if hasLineNumberPrefix(oldLines[0]) {
		return " It seems to include the line numbers read_file shows (like \"    12\\t\"); leave them out."
	}
	fileLines := strings.Split(content, "\n")
	if len(fileLines) > hintMaxLines {
		return " Read the file again to see its current content."
	}
	if from, to, ok := matchIgnoringSpace(fileLines, oldLines); ok {
		return fmt.Sprintf(" It matches lines %d-%d if whitespace is ignored: the indentation or spacing differs. Copy the text exactly as read_file shows it.", from, to)
	}
	first := ""
	for _, l := range oldLines {
		if strings.TrimSpace(l) != "" {
			first = strings.TrimSpace(l)
			break
		}
	}
	if first == "" {
		return " It holds only whitespace; include the text around the spot to change."
	}
	best, bestScore := -1, 0.0
	similarity := similarTo(first)
	for i, l := range fileLines {
		if s := similarity(strings.TrimSpace(l)); s > bestScore {
			best, bestScore = i, s
		}
	}
	if best >= 0 && bestScore >= 0.5 {
		return fmt.Sprintf(" The closest line to its first line is line %d:\n%s\nRead the file again and copy the text exactly.", best+1, fileLines[best])
	}
	return " Read the file again to see its current content."
}

// matchIgnoringSpace finds old's non-blank lines, in order and adjacent
// (blank lines aside), in the file, comparing with runs of whitespace
// collapsed. It returns the 1-based line range.
func matchIgnoringSpace(fileLines, oldLines []string) (from, to int, ok bool) {
	var want []string
	for _, l := range oldLines {
		if f := strings.Join(strings.Fields(l), " "); f != "" {
			want = append(want, f)
		}
	}
	if len(want) == 0 {
		return 0, 0, false
	}
	type numbered struct {
		text string
		no   int
	}
	var have []numbered
	for i, l := range fileLines {
		if f := strings.Join(strings.Fields(l), " "); f != "" {
			have = append(have, numbered{f, i + 1})
		}
	}
outer:
	for i := 0; i+len(want) <= len(have); i++ {
		for j, w := range want {
			if have[i+j].text != w {
				continue outer
			}
		}
		return have[i].no, have[i+len(want)-1].no, true
	}
	return 0, 0, false
}

// similarTo returns a measure of how similar a string is to a: the Dice
// coefficient of their character bigrams, 1 for equal strings and near 0
// for unrelated ones, and cheap to compute against many lines.
func similarTo(a string) func(b string) float64 {
	ba, na := bigrams(a)
	return func(b string) float64 {
		if a == b {
			return 1
		}
		bb, nb := bigrams(b)
		if na+nb == 0 {
			return 0
		}
		common := 0
		for k, n := range ba {
			common += min(n, bb[k])
		}
		return 2 * float64(common) / float64(na+nb)
	}
}

func bigrams(s string) (map[string]int, int) {
	r := []rune(s)
	m := make(map[string]int, len(r))
	for i := 0; i+1 < len(r); i++ {
		m[string(r[i:i+2])]++
	}
	return m, max(len(r)-1, 0)
}
