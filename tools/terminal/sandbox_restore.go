package terminal

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
)

// The workspace repository's .git/config and .git/hooks decide what git
// runs — aliases, core.pager, core.fsmonitor, hooks — the next time a
// person runs git, outside the sandbox. The kernel cannot keep them from
// a command that may commit (sandbox.go), so herm keeps a copy of them
// from before each sandboxed command and puts them back when the command
// changed them; the change is reported as a denial.

// Limits on what is kept: a hooks directory bigger than this is not
// guarded (git's samples are about 25 KB).
const (
	maxGuardedBytes   = 4 << 20
	maxGuardedEntries = 1000
)

// saved is a guarded path as it was: missing, a file, a symbolic link or
// a directory.
type saved struct {
	mode fs.FileMode // 0: it did not exist
	data []byte      // a file's content, a link's target
	dir  map[string]*saved
}

// guardSnapshot is the guarded paths of one command, and the identity of
// the git directory entry they sit in.
type guardSnapshot struct {
	paths map[string]*saved
	// gitEntry is the workspace's .git as it was: if the command replaced
	// it, what git reads next is no longer what was kept.
	gitEntry string
	gitState fileID
}

type fileID struct {
	ok       bool
	mode     fs.FileMode
	dev, ino uint64
	content  string // a .git file's text
}

// snapshotRestored saves r's guarded paths; nil when there are none.
func (r *Rules) snapshotRestored() *guardSnapshot {
	if r == nil || len(r.Restored) == 0 {
		return nil
	}
	g := &guardSnapshot{paths: map[string]*saved{}}
	if r.Workspace != "" {
		g.gitEntry = filepath.Join(r.Workspace, ".git")
		g.gitState = identify(g.gitEntry)
	}
	budget := maxGuardedBytes
	entries := maxGuardedEntries
	for _, p := range r.Restored {
		if s, ok := save(p, &budget, &entries); ok {
			g.paths[p] = s
		}
	}
	return g
}

func identify(path string) fileID {
	fi, err := os.Lstat(path)
	if err != nil {
		return fileID{}
	}
	id := fileID{ok: true, mode: fi.Mode().Type()}
	id.dev, id.ino = devIno(fi)
	if fi.Mode().IsRegular() {
		data, _ := os.ReadFile(path)
		id.content = string(data)
	}
	return id
}

// save reads path as it is; false when it is too big to keep.
func save(path string, budget, entries *int) (*saved, bool) {
	*entries--
	if *entries < 0 {
		return nil, false
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return &saved{}, true
	}
	s := &saved{mode: fi.Mode()}
	switch {
	case fi.Mode().IsRegular():
		if *budget -= int(fi.Size()); *budget < 0 {
			return nil, false
		}
		if s.data, err = os.ReadFile(path); err != nil {
			return nil, false
		}
	case fi.Mode()&fs.ModeSymlink != 0:
		link, err := os.Readlink(path)
		if err != nil {
			return nil, false
		}
		s.data = []byte(link)
	case fi.IsDir():
		des, err := os.ReadDir(path)
		if err != nil {
			return nil, false
		}
		s.dir = make(map[string]*saved, len(des))
		for _, de := range des {
			c, ok := save(filepath.Join(path, de.Name()), budget, entries)
			if !ok {
				return nil, false
			}
			s.dir[de.Name()] = c
		}
	default:
		return nil, false // a device or a socket: nothing git reads
	}
	return s, true
}

// restore puts back every guarded path the command changed and returns a
// denial for each. When the command replaced the .git entry itself, the
// paths are not touched (they may now lead anywhere): that is reported.
func (g *guardSnapshot) restore() []Denial {
	if g == nil {
		return nil
	}
	if g.gitEntry != "" && identify(g.gitEntry) != g.gitState {
		return []Denial{{Kind: DeniedGitReplaced, Path: g.gitEntry}}
	}
	var out []Denial
	for path, s := range g.paths {
		if !s.matches(path) {
			s.put(path)
			out = append(out, Denial{Kind: DeniedRestored, Path: path})
		}
	}
	sortDenials(out)
	return out
}

// matches reports whether path is still as saved.
func (s *saved) matches(path string) bool {
	fi, err := os.Lstat(path)
	if err != nil {
		return s.mode == 0
	}
	if s.mode == 0 || fi.Mode() != s.mode {
		return false
	}
	switch {
	case fi.Mode().IsRegular():
		data, err := os.ReadFile(path)
		return err == nil && bytes.Equal(data, s.data)
	case fi.Mode()&fs.ModeSymlink != 0:
		link, err := os.Readlink(path)
		return err == nil && link == string(s.data)
	case fi.IsDir():
		des, err := os.ReadDir(path)
		if err != nil || len(des) != len(s.dir) {
			return false
		}
		for _, de := range des {
			c, ok := s.dir[de.Name()]
			if !ok || !c.matches(filepath.Join(path, de.Name())) {
				return false
			}
		}
	}
	return true
}

// put makes path as saved. It runs as herm, outside the sandbox: it
// never follows a link the command may have put in the way (RemoveAll
// removes a link, not what it points to, and the parent directories are
// the ones checked by restore).
func (s *saved) put(path string) {
	if s.matches(path) {
		return
	}
	fi, err := os.Lstat(path)
	exists := err == nil
	if exists && (s.mode == 0 || fi.Mode().Type() != s.mode.Type() || !fi.IsDir()) {
		_ = os.RemoveAll(path)
		exists = false
	}
	switch {
	case s.mode == 0:
	case s.mode.IsRegular():
		tmp := path + ".herm-restore"
		_ = os.Remove(tmp)
		if os.WriteFile(tmp, s.data, s.mode.Perm()) == nil && os.Chmod(tmp, s.mode.Perm()) == nil {
			_ = os.Rename(tmp, path)
		}
		_ = os.Remove(tmp)
	case s.mode&fs.ModeSymlink != 0:
		_ = os.Symlink(string(s.data), path)
	case s.mode.IsDir():
		if !exists {
			_ = os.Mkdir(path, s.mode.Perm())
		}
		_ = os.Chmod(path, s.mode.Perm())
		if des, err := os.ReadDir(path); err == nil {
			for _, de := range des {
				if _, keep := s.dir[de.Name()]; !keep {
					_ = os.RemoveAll(filepath.Join(path, de.Name()))
				}
			}
		}
		for name, c := range s.dir {
			c.put(filepath.Join(path, name))
		}
	}
}
