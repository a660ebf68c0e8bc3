package filelock

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// allBytes is the length locked: the whole file, however long it grows.
const allBytes = ^uint32(0)

// TryLockFile takes the exclusive lock on the open file f without
// waiting. It reports false when another open file holds the lock, in
// this process or another.
func TryLockFile(f *os.File) (bool, error) {
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY,
		0, allBytes, allBytes, new(windows.Overlapped))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	}
	return false, err
}

// UnlockFile releases the lock f holds. Closing f releases it too.
func UnlockFile(f *os.File) error {
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, allBytes, allBytes, new(windows.Overlapped))
}
