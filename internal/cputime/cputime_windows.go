package cputime

import (
	"time"

	"golang.org/x/sys/windows"
)

// Process returns the user and system CPU time this process has used so
// far, its garbage collector's included; zero if the system does not say.
func Process() time.Duration {
	var creation, exit, kernel, user windows.Filetime
	if err := windows.GetProcessTimes(windows.CurrentProcess(), &creation, &exit, &kernel, &user); err != nil {
		return 0
	}
	return ticks(kernel) + ticks(user)
}

// ticks is a Filetime holding a duration, in its 100 ns units.
func ticks(ft windows.Filetime) time.Duration {
	return time.Duration(int64(ft.HighDateTime)<<32|int64(ft.LowDateTime)) * 100
}
