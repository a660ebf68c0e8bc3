package tools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/herm-dev/herm/tools/guard"
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

// checkWrite vets a write (or replacement) of abs by a file tool against
// the guard's sensitive paths, however the path is reached: as given and,
// through symlinks, where it leads. Devices and herm's database are never
// written; ~/.ssh, shell start-up files, /etc, .env files and herm's
// configuration need the session's PathGuard to allow it.
//
// preview (see PathGuard) is what the write would change.
func checkWrite(ctx context.Context, env *Env, tool, abs, display string, preview func() string) error {
	home := homeDir(env)
	v := guard.CheckPath(abs, guard.Options{Home: home, HermHome: env.HermHome})
	if real := canonical(abs); real != abs {
		hermHome := env.HermHome
		if hermHome != "" {
			hermHome = canonical(hermHome)
		}
		if w := guard.CheckPath(real, guard.Options{Home: canonical(home), HermHome: hermHome}); w.Level > v.Level {
			v = w
		}
	}
	switch v.Level {
	case guard.Safe:
		return nil
	case guard.Block:
		return fmt.Errorf("refusing to write %s: %s; herm never does this, whatever the approval mode", display, describeVerdict(v))
	}
	_, ask := env.guards()
	if ask == nil {
		return fmt.Errorf("refusing to write %s: %s. Writing it needs the user's approval, which cannot be asked here; tell the user what you want to change", display, describeVerdict(v))
	}
	if err := ask(ctx, tool, abs, v, preview); err != nil {
		return fmt.Errorf("not writing %s: %w", display, err)
	}
	return nil
}

// describeVerdict words a verdict's findings for the model.
func describeVerdict(v guard.Verdict) string {
	parts := make([]string, 0, len(v.Findings))
	for _, f := range v.Findings {
		parts = append(parts, f.Reason+" ["+f.ID+"]")
	}
	return strings.Join(parts, "; ")
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
