package tools

import (
	"errors"
	"io"
	"os"

	"github.com/herm-dev/herm/tools/guard"
)

// maxWritten bounds the paths an Env remembers writing; past it a file is
// still known as the agent's by having changed since the session started.
const maxWritten = 4096

// NoteWritten records that a file tool (write_file, patch) wrote path,
// absolute, in this session: a command running the file later is judged
// by what it holds (Script).
func (e *Env) NoteWritten(path string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.written == nil {
		e.written = map[string]bool{}
	}
	if len(e.written) < maxWritten {
		e.written[path] = true
	}
}

// Wrote reports whether the agent wrote path (absolute) in this session:
// with a file tool, or by any means — a terminal heredoc, a generated
// file — that changed it since the session started. A file the user
// changes while the session runs counts too, which errs on the side of
// looking into it.
func (e *Env) Wrote(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && e.wrote(path, fi)
}

// wrote is Wrote for a file already looked at.
func (e *Env) wrote(path string, fi os.FileInfo) bool {
	e.mu.Lock()
	noted := e.written[path] || e.written[canonical(path)]
	started := e.started
	e.mu.Unlock()
	return noted || !fi.ModTime().Before(started)
}

// Script is guard.Options.Script for this session's commands: the content
// of a file a command runs as code, read only when the agent wrote it (the
// guard looks into nothing else), and whether it did. A missing file, or
// one that is not a regular file, is an error: nothing to look into.
func (e *Env) Script(path string) ([]byte, bool, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, false, errors.New(path + " is not a regular file")
	}
	if !e.wrote(path, fi) {
		return nil, false, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, true, err
	}
	defer f.Close()
	// One byte past the guard's limit says the file is over it.
	data, err := io.ReadAll(io.LimitReader(f, guard.MaxScript+1))
	return data, true, err
}

// guardOptions are the options the terminal's checks judge a command in
// dir with: the homes, the directory, and the scripts the agent wrote.
func (e *Env) guardOptions(dir string) guard.Options {
	return guard.Options{Home: homeDir(e), HermHome: e.HermHome, Cwd: dir, Script: e.Script}
}
