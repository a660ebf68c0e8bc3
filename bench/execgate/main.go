//go:build linux

// Command execgate measures what the terminal's exec gate costs: the same
// commands run through the local backend with and without it, interleaved
// so that load on the machine hits both alike. It reports the median wall
// time of a run and the CPU time per run (herm's and its commands', user
// and system: the tracing work itself), which stays meaningful on a busy
// machine. The gate is herm's real one (guard.CheckExec on every program);
// it exists on Linux only, and so does this command.
//
//	go run ./bench/execgate [-runs 100]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/tools/terminal"
)

func main() {
	runs := flag.Int("runs", 100, "runs of each command in each mode")
	flag.Parse()
	dir, err := os.MkdirTemp("", "herm-execgate-")
	check(err)
	defer os.RemoveAll(dir)
	home, _ := os.UserHomeDir()
	gate := func(e terminal.Exec) error {
		if why := guard.CheckExec(e.Argv, e.Exe, guard.Options{Home: home, Cwd: e.Dir}).Blocking(); why != "" {
			return fmt.Errorf("%s", why)
		}
		return nil
	}
	b := terminal.New(terminal.Config{})
	defer b.Close()
	for _, c := range []struct{ name, command string }{
		{"builtin only (no program)", "echo hi"},
		{"one program", "ls /"},
		{"pipeline of 3", "ls / | grep -v x | wc -l"},
		{"20 programs", "for i in $(seq 20); do /bin/true; done"},
	} {
		var off, on []time.Duration
		var cpuOff, cpuOn time.Duration
		for range *runs {
			for _, gated := range []bool{false, true} {
				req := terminal.Request{Command: c.command, Dir: dir, Timeout: time.Minute}
				if gated {
					req.ExecGate = gate
				}
				start, cpu0 := time.Now(), cpuTime()
				res, err := b.Run(context.Background(), req)
				took, cpu := time.Since(start), cpuTime()-cpu0
				check(err)
				if res.ExitCode != 0 || res.Refused != nil {
					check(fmt.Errorf("%s: exit %d refused %v: %s", c.command, res.ExitCode, res.Refused, res.Output))
				}
				if gated && res.Ungated {
					check(fmt.Errorf("ptrace is not allowed here; the gate cannot run"))
				}
				if gated {
					on, cpuOn = append(on, took), cpuOn+cpu
				} else {
					off, cpuOff = append(off, took), cpuOff+cpu
				}
			}
		}
		mOff, mOn := median(off), median(on)
		n := time.Duration(*runs)
		fmt.Printf("%-26s wall: without %7.2f ms, with %7.2f ms (%+6.2f)   cpu: without %6.2f ms, with %6.2f ms (%+5.2f)\n",
			c.name, ms(mOff), ms(mOn), ms(mOn-mOff), ms(cpuOff/n), ms(cpuOn/n), ms((cpuOn-cpuOff)/n))
	}
}

// cpuTime is the CPU time used so far by this process and the commands
// it has waited for.
func cpuTime() time.Duration {
	var self, children syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_SELF, &self))
	check(syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children))
	return time.Duration(self.Utime.Nano() + self.Stime.Nano() + children.Utime.Nano() + children.Stime.Nano())
}

func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "execgate:", err)
		os.Exit(1)
	}
}
