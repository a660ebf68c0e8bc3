//go:build linux

package skills

import (
	"errors"

	"golang.org/x/sys/unix"
)

// watcher tells a long-lived library (the TUI, the gateway) that nothing
// under the skill folders changed since its last scan, so building a new
// session's prompt does not stat every SKILL.md again. It watches the
// roots, the category folders and every skill folder: a directory watch
// reports changes to the files directly inside it, edits in place
// included.
type watcher struct{ fd int }

const watchMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE |
	unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_ONLYDIR

func newWatcher() (*watcher, error) {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, err
	}
	return &watcher{fd: fd}, nil
}

// add watches dir and returns the watch descriptor (the same one again
// for a folder already watched). A folder gone meanwhile is not an error
// (-1); running out of watches is.
func (w *watcher) add(dir string) (int, error) {
	wd, err := unix.InotifyAddWatch(w.fd, dir, watchMask)
	if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) {
		return -1, nil
	}
	return wd, err
}

// changed drains pending events and reports whether there were any (or
// whether the kernel dropped some, or the watcher broke).
func (w *watcher) changed() bool {
	var buf [4096]byte
	changed := false
	for {
		n, err := unix.Read(w.fd, buf[:])
		if n > 0 {
			changed = true
			continue
		}
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil && !errors.Is(err, unix.EAGAIN) {
			return true
		}
		return changed
	}
}

func (w *watcher) close() { unix.Close(w.fd) }
