// Command startup measures herm's whole-process numbers: the stripped
// binary's size and the cold start of `herm --version` (process start to
// exit), as the median of many runs.
//
//	go run ./bench/startup            # builds herm with -trimpath -ldflags=-s -w
//	go run ./bench/startup -bin PATH  # measures an existing binary
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

func main() {
	bin := flag.String("bin", "", "herm binary to measure (default: build one)")
	runs := flag.Int("runs", 200, "number of runs")
	flag.Parse()
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
	st, err := os.Stat(*bin)
	check(err)
	fmt.Printf("binary: %.1f MB (%d bytes)\n", float64(st.Size())/1e6, st.Size())

	// Warm the page cache once; "cold start" here means a new process, as a
	// user runs it, not an evicted file.
	check(exec.Command(*bin, "--version").Run())
	times := make([]time.Duration, 0, *runs)
	for i := 0; i < *runs; i++ {
		start := time.Now()
		check(exec.Command(*bin, "--version").Run())
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	pct := func(p float64) time.Duration { return times[int(p*float64(len(times)-1))] }
	fmt.Printf("herm --version: median %.1f ms, p10 %.1f ms, p90 %.1f ms (%d runs)\n",
		ms(pct(0.5)), ms(pct(0.1)), ms(pct(0.9)), len(times))

	// The floor: the same measurement of a trivial process.
	if truePath, err := exec.LookPath("true"); err == nil {
		base := make([]time.Duration, 0, 50)
		for i := 0; i < 50; i++ {
			start := time.Now()
			check(exec.Command(truePath).Run())
			base = append(base, time.Since(start))
		}
		slices.Sort(base)
		fmt.Printf("floor (/bin/true): median %.1f ms\n", ms(base[len(base)/2]))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "startup bench:", err)
		os.Exit(1)
	}
}
