//go:build unix

// Command startup measures herm's whole-process numbers: the stripped
// binary's size and the cold start of `herm --version` (process start to
// exit), as the median of many runs, with the CPU time and page faults
// each run costs (from the kernel's accounting of the child, so they hold
// still on a busy machine when the wall time does not).
//
//	go run ./bench/startup                 # builds herm with -trimpath -ldflags=-s -w
//	go run ./bench/startup -bin PATH       # measures an existing binary
//	go run ./bench/startup -compare PATH   # also measures PATH, runs interleaved
//	go run ./bench/startup -args "guard -- ls"  # another command than --version
//
// Page faults matter more than they seem: on the 2-core VM herm is
// developed on, each costs 10-20 µs, so the ~200 a trivial Go program takes
// are a third of its start-up. GODEBUG=inittrace=1 herm --version shows
// which package initialisers cost what.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// sample is one run: wall time, user+system CPU time, minor page faults.
type sample struct {
	wall, cpu time.Duration
	faults    int64
}

func main() {
	bin := flag.String("bin", "", "herm binary to measure (default: build one)")
	compare := flag.String("compare", "", "a second binary to measure in the same runs, interleaved")
	runs := flag.Int("runs", 200, "number of runs")
	argLine := flag.String("args", "--version", "herm's arguments, space-separated (e.g. \"guard -- ls\" for a command cobra routes)")
	flag.Parse()
	args := strings.Fields(*argLine)
	if *bin == "" {
		dir, err := os.MkdirTemp("", "herm-bench-")
		check(err)
		defer os.RemoveAll(dir)
		*bin = filepath.Join(dir, "herm")
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", *bin, ".")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		check(build.Run())
	}
	bins := []string{*bin}
	if *compare != "" {
		bins = append(bins, *compare)
	}
	for _, b := range bins {
		st, err := os.Stat(b)
		check(err)
		fmt.Printf("%s: %.1f MB (%d bytes)\n", label(b, bins), float64(st.Size())/1e6, st.Size())
		// Warm the page cache once; "cold start" here means a new
		// process, as a user runs it, not an evicted file.
		check(exec.Command(b, args...).Run())
	}

	samples := make([][]sample, len(bins))
	for i := 0; i < *runs; i++ {
		for j, b := range bins {
			samples[j] = append(samples[j], run(b, args...))
		}
	}
	for j, b := range bins {
		s := samples[j]
		wall := field(s, func(x sample) float64 { return ms(x.wall) })
		cpu := field(s, func(x sample) float64 { return ms(x.cpu) })
		faults := field(s, func(x sample) float64 { return float64(x.faults) })
		fmt.Printf("%s %s: median %.1f ms, p10 %.1f ms, p90 %.1f ms; CPU %.1f ms; %.0f page faults (medians of %d runs)\n",
			label(b, bins), *argLine, pct(wall, 0.5), pct(wall, 0.1), pct(wall, 0.9), pct(cpu, 0.5), pct(faults, 0.5), len(s))
	}

	// The floor: the same measurement of a trivial process.
	if truePath, err := exec.LookPath("true"); err == nil {
		var base []float64
		for i := 0; i < 50; i++ {
			base = append(base, ms(run(truePath).wall))
		}
		fmt.Printf("floor (/bin/true): median %.1f ms\n", pct(base, 0.5))
	}
}

// run starts bin with args, waits for it, and returns what it cost.
func run(bin string, args ...string) sample {
	cmd := exec.Command(bin, args...)
	start := time.Now()
	check(cmd.Run())
	s := sample{wall: time.Since(start)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		s.faults = ru.Minflt + ru.Majflt
	}
	return s
}

func label(b string, bins []string) string {
	if len(bins) == 1 {
		return "herm"
	}
	return b
}

func field(s []sample, f func(sample) float64) []float64 {
	out := make([]float64, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	slices.Sort(out)
	return out
}

// pct returns the p-th quantile of sorted xs.
func pct(xs []float64, p float64) float64 { return xs[int(p*float64(len(xs)-1))] }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "startup bench:", err)
		os.Exit(1)
	}
}
