//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Process returns the user and system CPU time this process has used so
// far, its garbage collector's included; zero if the system does not say.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
