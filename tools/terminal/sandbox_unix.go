//go:build unix

package terminal

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"golang.org/x/sys/unix"
)

// devIno returns the device and inode numbers of a file.
func devIno(fi fs.FileInfo) (dev, ino uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Dev), uint64(st.Ino)
	}
	return 0, 0
}

// osAllows reports whether herm itself, outside the sandbox, may read or
// write path (or create it in the nearest directory that exists): when
// it may not, a refusal was the system's, not the sandbox's.
func osAllows(path string, write bool) bool {
	mode := uint32(unix.R_OK)
	if write {
		mode = unix.W_OK
	}
	for p := path; ; {
		if _, err := os.Lstat(p); err == nil {
			if p != path {
				mode = unix.W_OK | unix.X_OK // creating an entry of p
			}
			return unix.Access(p, mode) == nil
		}
		parent := filepath.Dir(p)
		if parent == p {
			return false
		}
		p = parent
	}
}
