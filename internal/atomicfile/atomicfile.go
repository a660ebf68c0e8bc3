// Package atomicfile writes files so that readers and crashes see either the
// old content or the new, never a torn mix: temp file in the same directory,
// fsync, rename, fsync of the directory.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write replaces path with data. perm applies when the file is new; an
// existing file keeps its mode.
func Write(path string, data []byte, perm os.FileMode) error {
	if st, err := os.Stat(path); err == nil {
		perm = st.Mode().Perm()
	}
	return WriteFrom(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteFrom replaces path with what fill writes, with mode perm whether
// or not the file existed (a private file stays private). The directory
// must exist. If fill fails, path is left as it was.
func WriteFrom(path string, perm os.FileMode, fill func(io.Writer) error) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmpName := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmpName)
		}
	}()
	if err := fill(tmp); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fmt.Errorf("write %s: set mode: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: flush to disk: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	ok = true
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: makes the rename itself durable
		d.Close()
	}
	return nil
}
