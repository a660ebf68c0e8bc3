package tools

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"

	ignore "github.com/sabhiram/go-gitignore"
)

// ignoreRule is one pattern line of a .gitignore file. Lines are kept
// apart (rather than one compiled matcher per file) so that the last
// matching line across all files decides, as in git, and a negation in a
// nested .gitignore can re-include what a parent excluded.
type ignoreRule struct {
	m      *ignore.GitIgnore
	negate bool
}

// ignorer answers whether paths are ignored by the .gitignore files of a
// tree and of the directories above it up to the repository root.
type ignorer struct {
	rules map[string][]ignoreRule // by the directory holding the file
	top   string                  // repository root, or the search root outside a repo
}

// newIgnorer prepares for a search under root: it loads the ignore files
// of the directories from the repository root down to root's parent (the
// walk loads the rest as it enters directories).
func newIgnorer(root string) *ignorer {
	ig := &ignorer{rules: map[string][]ignoreRule{}, top: root}
	var chain []string
	for d := root; ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if fi, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			ig.top = d
			if fi.IsDir() {
				ig.loadFile(d, filepath.Join(d, ".git", "info", "exclude"))
			}
			break
		}
		if filepath.Dir(d) == d {
			chain = chain[:1] // not in a repository: root only
			break
		}
	}
	for i := len(chain) - 1; i >= 1; i-- {
		ig.load(chain[i])
	}
	return ig
}

// load reads dir/.gitignore, if any.
func (ig *ignorer) load(dir string) {
	ig.loadFile(dir, filepath.Join(dir, ".gitignore"))
}

func (ig *ignorer) loadFile(dir, file string) {
	f, err := os.Open(file)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		negate := strings.HasPrefix(line, "!")
		if negate {
			line = line[1:]
		}
		ig.rules[dir] = append(ig.rules[dir], ignoreRule{m: ignore.CompileIgnoreLines(line), negate: negate})
	}
}

// ignored reports whether abs (a directory when isDir) is ignored. Rules
// of shallower directories come first; the last match wins.
func (ig *ignorer) ignored(abs string, isDir bool) bool {
	if len(ig.rules) == 0 {
		return false
	}
	var dirs []string
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == ig.top || filepath.Dir(d) == d || !strings.HasPrefix(d, ig.top) {
			break
		}
	}
	result := false
	for i := len(dirs) - 1; i >= 0; i-- {
		rules := ig.rules[dirs[i]]
		if len(rules) == 0 {
			continue
		}
		rel, err := filepath.Rel(dirs[i], abs)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		if isDir {
			rel += "/"
		}
		for _, r := range rules {
			if r.m.MatchesPath(rel) {
				result = !r.negate
			}
		}
	}
	return result
}
