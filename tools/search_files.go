package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/herm-dev/herm/internal/text"
)

// Limits of search_files.
const (
	searchDefaultLimit = 50
	searchMaxLimit     = 1000
	searchMaxFileSize  = 1 << 20
	searchMaxLineChars = 300
)

// skippedDirs are never searched: version control internals and
// dependency trees, huge and almost never what is meant.
var skippedDirs = []string{".git", ".hg", ".svn", "node_modules"}

type searchFilesTool struct{}

func (searchFilesTool) Spec() Spec {
	return Spec{
		Name: "search_files",
		Description: "Search files under a directory. target=content (default) finds lines matching a regular " +
			"expression (Go RE2 syntax) and returns file:line:text; target=files finds files whose path or name " +
			"matches a glob (** for any depth) or contains the pattern. Skips .gitignored files, .git, " +
			"node_modules, binary files and files over 1 MB.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "pattern": {"type": "string", "description": "Regular expression (content) or glob / name fragment (files)."},
    "target": {"type": "string", "enum": ["content", "files"], "description": "What to match. Default content."},
    "path": {"type": "string", "description": "Directory or file to search. Default: the working directory."},
    "file_glob": {"type": "string", "description": "Only search files matching this glob, e.g. *.go or src/**/*.ts."},
    "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "Maximum results. Default 50."}
  },
  "required": ["pattern"]
}`),
	}
}

func (searchFilesTool) Toolset() string { return "file" }
func (searchFilesTool) ReadOnly() bool  { return true }

type searchArgs struct {
	Pattern  string  `json:"pattern"`
	Target   string  `json:"target"`
	Path     string  `json:"path"`
	FileGlob string  `json:"file_glob"`
	Limit    flexInt `json:"limit"`
}

func (searchFilesTool) Run(ctx context.Context, call *Call) Result {
	var args searchArgs
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	if args.Pattern == "" {
		return missing("pattern", "a regular expression for target=content, a glob or name for target=files")
	}
	limit := searchDefaultLimit
	if args.Limit.Set {
		if args.Limit.Value < 1 {
			return argErrorf("limit must be 1 or more (got %d)", args.Limit.Value)
		}
		limit = min(args.Limit.Value, searchMaxLimit)
	}
	if args.FileGlob != "" && !doublestar.ValidatePattern(args.FileGlob) {
		return argErrorf("file_glob %q is not a valid glob", args.FileGlob)
	}
	s := &searcher{limit: limit, fileGlob: args.FileGlob}
	switch args.Target {
	case "", "content":
		re, err := regexp.Compile(args.Pattern)
		if err != nil {
			return argErrorf("pattern is not a valid regular expression (Go RE2 syntax): %v", err)
		}
		s.re = re
	case "files":
		if !doublestar.ValidatePattern(args.Pattern) {
			return argErrorf("pattern %q is not a valid glob", args.Pattern)
		}
		s.namePattern = args.Pattern
	default:
		return argErrorf(`target must be "content" or "files", not %q`, args.Target)
	}

	env := envOf(call)
	root := env.Cwd()
	if args.Path != "" {
		p, err := resolvePath(env, args.Path)
		if err != nil {
			return argErrorf("%v", err)
		}
		root = p
	}
	fi, err := os.Stat(root)
	if err != nil {
		return Errorf("%s", describeOpenError(displayPath(env, root), err))
	}
	s.env, s.root, s.singleFile = env, root, !fi.IsDir()
	walkErr := s.walk(ctx)

	out := strings.Join(s.results, "\n")
	if len(s.results) == 0 {
		out = "no matches"
		if s.re == nil {
			out = "no matching files"
		}
	}
	switch {
	case errors.Is(walkErr, context.Canceled), errors.Is(walkErr, context.DeadlineExceeded):
		out += "\n[search interrupted; results are partial]"
	case walkErr != nil:
		return Errorf("search failed: %v", walkErr)
	case s.capped:
		out += fmt.Sprintf("\n[showing the first %d results; there are more: narrow the pattern, path or file_glob, or raise limit (max %d)]", limit, searchMaxLimit)
	}
	if s.skippedLarge > 0 {
		out += fmt.Sprintf("\n[%d file(s) over 1 MB not searched]", s.skippedLarge)
	}
	return Result{Output: out, Meta: map[string]string{"path": root}}
}

type searcher struct {
	env         *Env
	root        string
	singleFile  bool
	re          *regexp.Regexp // content search
	namePattern string         // file search
	fileGlob    string
	limit       int

	results      []string
	capped       bool
	skippedLarge int
}

// errLimit stops the walk once there is one result more than the limit
// (which proves there are more).
var errLimit = errors.New("result limit reached")

func (s *searcher) walk(ctx context.Context) error {
	if s.singleFile {
		err := s.file(filepath.Dir(s.root), s.root)
		if errors.Is(err, errLimit) {
			err = nil
		}
		return err
	}
	ig := newIgnorer(s.root)
	err := filepath.WalkDir(s.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			// Unreadable directories are skipped, not fatal.
			if d != nil && d.IsDir() && path != s.root {
				return fs.SkipDir
			}
			if path == s.root {
				return err
			}
			return nil
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if d.IsDir() {
			if path != s.root && (contains(skippedDirs, d.Name()) || ig.ignored(path, true)) {
				return fs.SkipDir
			}
			ig.load(path)
			return nil
		}
		if !d.Type().IsRegular() || ig.ignored(path, false) {
			return nil
		}
		return s.file(s.root, path)
	})
	if errors.Is(err, errLimit) {
		return nil
	}
	return err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// globMatch matches a glob against the path relative to the search root,
// or against the base name when the glob has no slash (*.go anywhere).
func globMatch(glob, rel string) bool {
	if !strings.Contains(glob, "/") {
		ok, _ := doublestar.Match(glob, filepath.Base(rel))
		return ok
	}
	ok, _ := doublestar.Match(glob, rel)
	return ok
}

func (s *searcher) add(result string) error {
	if len(s.results) == s.limit {
		s.capped = true
		return errLimit
	}
	s.results = append(s.results, result)
	return nil
}

func (s *searcher) file(root, path string) error {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return nil
	}
	rel = filepath.ToSlash(rel)
	if s.fileGlob != "" && !globMatch(s.fileGlob, rel) {
		return nil
	}
	display := displayPath(s.env, path)
	if s.re == nil {
		if s.nameMatches(rel) {
			return s.add(display)
		}
		return nil
	}
	return s.grep(path, display)
}

func (s *searcher) nameMatches(rel string) bool {
	if strings.ContainsAny(s.namePattern, "*?[{") {
		return globMatch(s.namePattern, rel)
	}
	// A plain name: a case-insensitive part of the file name.
	return strings.Contains(strings.ToLower(filepath.Base(rel)), strings.ToLower(s.namePattern))
}

func (s *searcher) grep(path, display string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // unreadable files are skipped
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	if fi.Size() > searchMaxFileSize {
		s.skippedLarge++
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(f, searchMaxFileSize+1))
	if err != nil || isBinary(data[:min(len(data), sniffLen)]) {
		return nil
	}
	// One pass over the whole file rules most files out cheaply.
	if !s.re.Match(data) {
		return nil
	}
	lineNo := 0
	for len(data) > 0 {
		lineNo++
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if s.re.Match(line) {
			if err := s.add(fmt.Sprintf("%s:%d:%s", display, lineNo, clip(line))); err != nil {
				return err
			}
		}
	}
	return nil
}

// clip shortens a matching line (minified code can be a whole file).
func clip(line []byte) string {
	if utf8.RuneCount(line) <= searchMaxLineChars {
		return string(line)
	}
	return text.Head(string(line), searchMaxLineChars) + " …"
}
