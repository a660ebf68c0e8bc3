//go:build !unix

package gateway

// Without flock the lock is advisory only: status reports come from the
// status file alone.
func lockFile(path string) (func(), error) { return func() {}, nil }

func lockHeld(path string) (bool, error) { return false, nil }
