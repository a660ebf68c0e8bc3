// Package filelock takes exclusive advisory locks on side files, so
// read-modify-write cycles on herm's files are serialised across processes
// as well as goroutines (each Lock opens its own file). The locks are
// flock(2) on Unix and LockFileEx on Windows.
package filelock

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Lock takes the exclusive lock on path (created 0600 if missing, with its
// directory), waiting until ctx ends. what names the thing being protected
// in the error a cancelled wait returns. The returned func releases it.
func Lock(ctx context.Context, path, what string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open the lock file %s: %w", path, err)
	}
	delay := time.Millisecond
	for {
		locked, err := TryLockFile(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if locked {
			return func() {
				UnlockFile(f)
				f.Close()
			}, nil
		}
		// Poll rather than block in the system call, so a cancelled
		// context ends the wait.
		timer := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
			f.Close()
			return nil, fmt.Errorf("waiting for another herm process to finish writing %s: %w", what, ctx.Err())
		case <-timer.C:
		}
		delay = min(delay*2, 50*time.Millisecond)
	}
}
