package tools

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/pmezard/go-difflib/difflib"
)

// sniffLen is how much of a file decides whether it is text.
const sniffLen = 8 << 10

// isBinary reports whether the start of a file looks binary: a NUL byte,
// or bytes that are not UTF-8. A character cut off by the end of head does
// not count.
func isBinary(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	for len(head) > 0 {
		r, size := utf8.DecodeRune(head)
		if r == utf8.RuneError && size <= 1 {
			return !(len(head) < utf8.UTFMax && !utf8.FullRune(head))
		}
		head = head[size:]
	}
	return false
}

// describeOpenError words a failure to open or stat path for the model.
func describeOpenError(display string, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "file not found: " + display
	case errors.Is(err, fs.ErrPermission):
		return "permission denied: " + display
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot open %s: %v", display, pe.Err)
	}
	return fmt.Sprintf("cannot open %s: %v", display, err)
}

// maxEditSize bounds the files write_file and patch read back whole (for
// the diff and the replacement).
const maxEditSize = 16 << 20

// readForEdit reads an existing text file for write_file or patch. It
// returns exists=false when there is no file.
func readForEdit(path, display string) (content []byte, mode fs.FileMode, exists bool, err error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, errors.New(describeOpenError(display, err))
	}
	if fi.IsDir() {
		return nil, 0, true, fmt.Errorf("%s is a directory, not a file", display)
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, true, fmt.Errorf("%s is not a regular file", display)
	}
	if fi.Size() > maxEditSize {
		return nil, 0, true, fmt.Errorf("%s is %d bytes, more than the %d bytes this tool edits; use the terminal (sed, a script) for it", display, fi.Size(), maxEditSize)
	}
	content, err = os.ReadFile(path)
	if err != nil {
		return nil, 0, true, errors.New(describeOpenError(display, err))
	}
	return content, fi.Mode().Perm(), true, nil
}

// atomicWrite replaces path with data: a temporary file in the same
// directory is written, synced and renamed over path, so a reader (or a
// crash) sees the old content or the new, never half of it. The new file
// gets mode perm.
func atomicWrite(path string, data []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".herm-*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(perm); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	// Make the rename itself durable; not all filesystems allow syncing a
	// directory, and the data is already safe, so failure is ignored.
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// maxDiffLines bounds the diff computation, which is quadratic at worst.
const maxDiffLines = 20_000

// unifiedDiff returns a unified diff from oldText to newText with three
// lines of context, git style. A new file is diffed against /dev/null.
func unifiedDiff(name, oldText, newText string, isNew bool) string {
	if oldText == newText {
		return ""
	}
	a, b := diffLines(oldText), diffLines(newText)
	if len(a) > maxDiffLines || len(b) > maxDiffLines {
		return fmt.Sprintf("--- a/%s\n+++ b/%s\n(diff omitted: more than %d lines)\n", name, name, maxDiffLines)
	}
	from := "a/" + name
	if isNew {
		from = "/dev/null"
	}
	d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A: a, B: b, FromFile: from, ToFile: "b/" + name, Context: 3,
	})
	if err != nil {
		return ""
	}
	return d
}

// diffLines splits s into lines that keep their "\n". A last line without
// one carries git's marker, so a change to the final newline shows.
func diffLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if last := lines[len(lines)-1]; last == "" {
		lines = lines[:len(lines)-1]
	} else {
		lines[len(lines)-1] = last + "\n\\ No newline at end of file\n"
	}
	return lines
}

// diffStat counts added and removed lines of a unified diff.
func diffStat(diff string) (added, removed int) {
	inHunk := false
	for _, l := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "@@"):
			inHunk = true
		case !inHunk:
			// --- a/x and +++ b/x headers
		case strings.HasPrefix(l, "+"):
			added++
		case strings.HasPrefix(l, "-"):
			removed++
		}
	}
	return added, removed
}
