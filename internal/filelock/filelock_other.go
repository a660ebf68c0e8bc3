//go:build !unix

package filelock

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// Lock on systems without flock only makes sure the directory exists:
// herm's supported platforms are Unix, where writers are serialised
// across processes.
func Lock(ctx context.Context, path, what string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	return func() {}, nil
}
