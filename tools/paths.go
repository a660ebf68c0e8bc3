package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// envOf returns the call's environment; a call without one (a test, a
// one-off) works in the process's directory.
func envOf(call *Call) *Env {
	if call != nil && call.Env != nil {
		return call.Env
	}
	cwd, _ := os.Getwd()
	return NewEnv("", cwd, "")
}

// resolvePath turns a path argument into a clean absolute path: ~ is the
// home directory, relative paths are relative to the session's directory.
func resolvePath(env *Env, p string) (string, error) {
	if p == "" {
		return "", fmt.Errorf("the path is empty")
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		home := homeDir(env)
		if home == "" {
			return "", fmt.Errorf("cannot expand ~ in %q: the home directory is unknown", p)
		}
		p = filepath.Join(home, p[1:])
	}
	if !filepath.IsAbs(p) {
		cwd := env.Cwd()
		if cwd == "" {
			cwd, _ = os.Getwd()
		}
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p), nil
}

// homeDir is the home directory the session's commands see.
func homeDir(env *Env) string {
	if h := env.Vars()["HOME"]; h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// displayPath shows abs relative to the session's directory when it is
// inside it (shorter for the model, and valid as an argument), else as is.
func displayPath(env *Env, abs string) string {
	cwd := env.Cwd()
	if cwd == "" {
		return abs
	}
	rel, err := filepath.Rel(cwd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return rel
}

// hermOwnFiles are the files under HERM_HOME that tools must not write:
// herm's configuration, its secrets and its database. Changing them is the
// user's decision (an approval flow will offer it).
var hermOwnFiles = []string{"config.yaml", ".env", "state.db", "state.db-wal", "state.db-shm", "state.db-journal"}

// isHermOwnFile reports whether abs is one of herm's own files, however
// it is reached (symlinks included).
func isHermOwnFile(env *Env, abs string) bool {
	if env.HermHome == "" {
		return false
	}
	home := canonical(env.HermHome)
	target := canonical(abs)
	for _, name := range hermOwnFiles {
		p := filepath.Join(home, name)
		if target == p || filepath.Clean(abs) == filepath.Join(env.HermHome, name) {
			return true
		}
	}
	return false
}

// canonical resolves symlinks in p as far as it exists: a file that does
// not exist yet is resolved through its parent directory, and a dangling
// symlink to where its target would be.
func canonical(p string) string {
	p = followLinks(filepath.Clean(p))
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	if r, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
		return filepath.Join(r, filepath.Base(p))
	}
	return p
}

// followLinks follows p while it is a symlink, even to a target that does
// not exist: writing to a dangling link creates its target.
func followLinks(p string) string {
	for range 40 { // the kernel's own limit on link chains
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return p
		}
		target, err := os.Readlink(p)
		if err != nil {
			return p
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(p), target)
		}
		p = filepath.Clean(target)
	}
	return p
}
