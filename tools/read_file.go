package tools

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/text"
)

// Limits of read_file. Lines are counted to the end only in files up to
// countLinesMax, so a huge log does not cost a full scan per page.
const (
	readDefaultLimit = 2000
	readMaxLineChars = 2000
	readMaxBytes     = 256 << 10
	countLinesMax    = 16 << 20
)

type readFileTool struct{}

func (readFileTool) Spec() Spec {
	return Spec{
		Name: "read_file",
		Description: "Read a text file, with line numbers (like cat -n). Reads up to 2000 lines from offset; " +
			"page through long files with offset and limit. Refuses binary files.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "path": {"type": "string", "description": "File to read; relative to the working directory, ~ for home."},
    "offset": {"type": "integer", "minimum": 1, "description": "First line to read, 1-based. Default 1."},
    "limit": {"type": "integer", "minimum": 1, "description": "Number of lines to read. Default 2000."}
  },
  "required": ["path"]
}`),
	}
}

func (readFileTool) Toolset() string { return "file" }
func (readFileTool) ReadOnly() bool  { return true }

func (readFileTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Path   string  `json:"path"`
		Offset flexInt `json:"offset"`
		Limit  flexInt `json:"limit"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	if args.Path == "" {
		return missing("path", "the file to read")
	}
	offset, limit := 1, readDefaultLimit
	if args.Offset.Set {
		if args.Offset.Value < 0 {
			return argErrorf("offset must be a line number, 1 or more (got %d)", args.Offset.Value)
		}
		offset = max(args.Offset.Value, 1)
	}
	if args.Limit.Set {
		if args.Limit.Value < 1 {
			return argErrorf("limit must be a number of lines, 1 or more (got %d)", args.Limit.Value)
		}
		limit = args.Limit.Value
	}

	env := envOf(call)
	path, err := resolvePath(env, args.Path)
	if err != nil {
		return argErrorf("%v", err)
	}
	display := displayPath(env, path)
	fi, err := os.Stat(path)
	if err != nil {
		msg := describeOpenError(display, err)
		if errors.Is(err, fs.ErrNotExist) {
			msg += similarFiles(path)
		}
		return Errorf("%s", msg)
	}
	if fi.IsDir() {
		return Errorf("%s is a directory, not a file.%s\nUse search_files with target=files to find files in it.", display, listDir(path))
	}
	f, err := os.Open(path)
	if err != nil {
		return Errorf("%s", describeOpenError(display, err))
	}
	defer f.Close()

	head := make([]byte, sniffLen)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return Errorf("cannot read %s: %v", display, err)
	}
	if isBinary(head[:n]) {
		return Errorf("binary file (%d bytes): %s; read_file shows text files only", fi.Size(), display)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return Errorf("cannot read %s: %v", display, err)
	}
	if fi.Size() == 0 {
		return Result{Output: "(empty file)", Meta: map[string]string{"path": path}}
	}

	out, err := readLines(ctx, f, offset, limit, fi.Size() <= countLinesMax)
	if err != nil {
		return Errorf("cannot read %s: %v", display, err)
	}
	if out.shown == 0 {
		return Errorf("offset %d is past the end of %s (%d lines)", offset, display, out.total)
	}
	return Result{Output: out.text.String() + out.note(offset, limit), Meta: map[string]string{"path": path}}
}

type readOutput struct {
	text        strings.Builder
	shown       int  // lines shown
	total       int  // lines in the file (when counted)
	counted     bool // total is the whole file
	capped      bool // stopped at readMaxBytes
	more        bool // lines follow the ones shown
	longerLines int  // lines cut at readMaxLineChars
}

func readLines(ctx context.Context, r io.Reader, offset, limit int, countAll bool) (*readOutput, error) {
	out := &readOutput{counted: true}
	br := bufio.NewReaderSize(r, 64<<10)
	var line []byte
	for lineNo := 1; ; lineNo++ {
		if lineNo%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		line = line[:0]
		var err error
		for {
			// ReadSlice bounds memory per read; a very long line is
			// kept only up to what will be shown.
			chunk, rerr := br.ReadSlice('\n')
			if len(line) < readMaxLineChars*utf8.UTFMax+1 {
				line = append(line, chunk...)
			}
			if rerr != bufio.ErrBufferFull {
				err = rerr
				break
			}
		}
		if len(line) == 0 && err != nil {
			break
		}
		out.total = lineNo
		inRange := lineNo >= offset && lineNo < offset+limit && !out.capped
		switch {
		case inRange:
			shown := strings.TrimRight(string(line), "\r\n")
			if utf8.RuneCountInString(shown) > readMaxLineChars {
				shown = text.Head(shown, readMaxLineChars) + " … [line truncated]"
				out.longerLines++
			}
			fmt.Fprintf(&out.text, "%6d\t%s\n", lineNo, shown)
			out.shown++
			if out.text.Len() >= readMaxBytes {
				out.capped = true
			}
		case lineNo >= offset:
			out.more = true
			if !countAll {
				out.counted = false
				return out, nil
			}
		}
		if err != nil {
			break
		}
	}
	return out, nil
}

// note tells the model what it is not seeing and how to page to it.
func (o *readOutput) note(offset, limit int) string {
	var notes []string
	last := offset + o.shown - 1
	if o.more {
		of := ""
		if o.counted {
			of = fmt.Sprintf(" of %d", o.total)
		}
		why := ""
		if o.capped {
			why = fmt.Sprintf(" (output capped at %d KB)", readMaxBytes>>10)
		}
		notes = append(notes, fmt.Sprintf("[showing lines %d-%d%s%s; continue with offset=%d]", offset, last, of, why, last+1))
	}
	if o.longerLines > 0 {
		notes = append(notes, fmt.Sprintf("[%d line(s) longer than %d characters were cut]", o.longerLines, readMaxLineChars))
	}
	if len(notes) == 0 {
		return ""
	}
	return "\n" + strings.Join(notes, "\n")
}

// similarFiles suggests files in the same directory whose names resemble
// the missing one (a wrong extension, a case mistake).
func similarFiles(path string) string {
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return ""
	}
	want := strings.ToLower(filepath.Base(path))
	stem := strings.TrimSuffix(want, filepath.Ext(want))
	var hits []string
	for _, e := range entries {
		name := strings.ToLower(e.Name())
		if name == want || stem != "" && (strings.HasPrefix(name, stem) || strings.HasPrefix(stem, strings.TrimSuffix(name, filepath.Ext(name)))) {
			hits = append(hits, e.Name())
		}
		if len(hits) == 5 {
			break
		}
	}
	if len(hits) == 0 {
		return ""
	}
	return "\nSimilar names in that directory: " + strings.Join(hits, ", ")
}

// listDir names a directory's first entries, for the model that asked to
// read a directory as a file.
func listDir(path string) string {
	entries, err := os.ReadDir(path)
	if err != nil {
		return ""
	}
	names := make([]string, 0, min(len(entries), 30))
	for _, e := range entries {
		if len(names) == 30 {
			break
		}
		n := e.Name()
		if e.IsDir() {
			n += "/"
		}
		names = append(names, n)
	}
	sort.Strings(names)
	more := ""
	if len(entries) > len(names) {
		more = fmt.Sprintf(", … (%d entries in all)", len(entries))
	}
	if len(names) == 0 {
		return " It is empty."
	}
	return " It contains: " + strings.Join(names, ", ") + more
}
