package tools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// newFileMode is the mode of files write_file creates: the usual 0666
// less the usual umask 022. (Reading the real umask means changing it,
// which is process-wide and racy.)
const newFileMode = 0o644

type writeFileTool struct{}

func (writeFileTool) Spec() Spec {
	return Spec{
		Name: "write_file",
		Description: "Write content to a file, replacing it entirely (creating it and its parent directories " +
			"if needed). The write is atomic. For small changes to an existing file, prefer patch.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "File to write; relative to the working directory, ~ for home."},
    "content": {"type": "string", "description": "The complete new content of the file."}
  },
  "required": ["path", "content"]
}`),
	}
}

func (writeFileTool) Toolset() string { return "file" }
func (writeFileTool) ReadOnly() bool  { return false }

func (writeFileTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Path    string  `json:"path"`
		Content *string `json:"content"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	if args.Path == "" {
		return missing("path", "the file to write")
	}
	if args.Content == nil {
		return missing("content", "the complete new content of the file; use an empty string for an empty file")
	}
	env := envOf(call)
	path, err := resolvePath(env, args.Path)
	if err != nil {
		return argErrorf("%v", err)
	}
	display := displayPath(env, path)
	preview := func() string { return writePreview(path, display, *args.Content) }
	if err := checkWrite(ctx, env, "write_file", path, display, preview); err != nil {
		return Errorf("%v", err)
	}
	// Write through a symlink to its target, rather than replacing the
	// link with a regular file.
	path = canonical(path)
	old, mode, exists, err := readForEdit(path, display)
	if err != nil {
		return Errorf("%v", err)
	}
	if !exists {
		mode = newFileMode
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return Errorf("cannot create the directory for %s: %v", display, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return Errorf("not written: %v", err)
	}
	data := []byte(*args.Content)
	env.beforeWrite(ctx, path, old, mode, exists)
	if err := atomicWrite(path, data, mode); err != nil {
		return Errorf("cannot write %s: %v", display, err)
	}
	env.NoteWritten(path)

	var diff string
	wasBinary := exists && isBinary(old[:min(len(old), sniffLen)])
	if !wasBinary {
		diff = unifiedDiff(filepath.ToSlash(display), string(old), *args.Content, !exists)
	}
	added, removed := diffStat(diff)
	var what string
	switch {
	case wasBinary:
		what = fmt.Sprintf("replaced a binary file of %d bytes", len(old))
	case !exists:
		what = fmt.Sprintf("created, %d lines", added)
	case diff == "":
		what = "unchanged"
	default:
		what = fmt.Sprintf("replaced %d bytes; +%d -%d lines", len(old), added, removed)
	}
	return Result{
		Output: fmt.Sprintf("wrote %d bytes to %s (%s)", len(data), display, what),
		Diff:   diff,
		Meta:   map[string]string{"path": path},
	}
}

// writePreview is the diff write_file would make to path (display is its
// name in the diff): against /dev/null for a new file, "" for a binary one
// or one it cannot read.
func writePreview(path, display, content string) string {
	old, _, exists, err := readForEdit(canonical(path), display)
	if err != nil || (exists && isBinary(old[:min(len(old), sniffLen)])) {
		return ""
	}
	return unifiedDiff(filepath.ToSlash(display), string(old), content, !exists)
}
