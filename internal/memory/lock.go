package memory

import (
	"context"
	"path/filepath"

	"github.com/herm-dev/herm/internal/filelock"
)

// lock takes the target's exclusive lock until ctx ends. It lives on a side
// file so the memory file itself can be replaced by rename while held.
func (s *Store) lock(ctx context.Context, t Target) (func(), error) {
	return filelock.Lock(ctx, filepath.Join(s.dir, "."+t.FileName()+".lock"), t.FileName())
}
