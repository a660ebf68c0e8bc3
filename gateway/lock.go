package gateway

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/herm-dev/herm/internal/filelock"
)

func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open the gateway lock %s: %w", path, err)
	}
	locked, err := filelock.TryLockFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if !locked {
		f.Close()
		return nil, fmt.Errorf("another herm gateway is already running for this home (lock %s held); stop it first", path)
	}
	return func() {
		filelock.UnlockFile(f)
		f.Close()
	}, nil
}

func lockHeld(path string) (bool, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("open the gateway lock %s: %w", path, err)
	}
	defer f.Close()
	locked, err := filelock.TryLockFile(f)
	if err != nil {
		return false, fmt.Errorf("check the gateway lock %s: %w", path, err)
	}
	if locked {
		filelock.UnlockFile(f)
	}
	return !locked, nil
}
