//go:build linux

// Command sandbox measures what the terminal's sandbox adds to a command:
// the same commands run through the local backend confined (Landlock,
// workspace-write, network off) and unconfined, interleaved so that load
// on the machine hits both alike, with and without the exec gate. It
// reports the median wall time of a run and the CPU time per run (herm's
// and its commands'), which stays meaningful on a busy machine. The
// workspace is this repository, the home the real one: the rules are
// those herm would make here.
//
//	go run ./bench/sandbox [-runs 200]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/herm-dev/herm/tools/terminal"
)

func main() {
	runs := flag.Int("runs", 200, "runs of each command in each mode")
	flag.Parse()
	if ok, why := terminal.SandboxSupport(); !ok {
		check(fmt.Errorf("no sandbox here: %s", why))
	}
	ws, err := os.Getwd()
	check(err)
	home, _ := os.UserHomeDir()
	hermHome := filepath.Join(home, ".herm")
	policy := terminal.Policy{Mode: terminal.SandboxWorkspaceWrite, Network: terminal.NetworkOff, Home: home,
		Protected: terminal.ProtectedPaths(home, hermHome),
		Secrets:   []string{filepath.Join(hermHome, ".env"), filepath.Join(hermHome, ".herm-key")}}
	b := terminal.New(terminal.Config{Sandbox: policy})
	defer b.Close()
	gate := func(terminal.Exec) error { return nil }
	for _, c := range []struct {
		name    string
		command string
		gate    terminal.ExecGate
	}{
		{"builtin only (no program)", "echo hi", nil},
		{"one program", "ls /", nil},
		{"one program, exec gate", "ls /", gate},
	} {
		var off, on []time.Duration
		var cpuOff, cpuOn time.Duration
		for range *runs {
			for _, confined := range []bool{false, true} {
				req := terminal.Request{Command: c.command, Dir: ws, Workspace: ws, Timeout: time.Minute,
					ExecGate: c.gate, Unconfined: !confined}
				start, cpu0 := time.Now(), cpuTime()
				res, err := b.Run(context.Background(), req)
				took, cpu := time.Since(start), cpuTime()-cpu0
				check(err)
				if res.ExitCode != 0 || res.Sandboxed != confined || len(res.Denials) > 0 {
					check(fmt.Errorf("%s: exit %d sandboxed %v denials %v: %s", c.command, res.ExitCode, res.Sandboxed, res.Denials, res.Output))
				}
				if confined {
					on, cpuOn = append(on, took), cpuOn+cpu
				} else {
					off, cpuOff = append(off, took), cpuOff+cpu
				}
			}
		}
		mOff, mOn := median(off), median(on)
		n := time.Duration(*runs)
		fmt.Printf("%-26s wall: unconfined %7.2f ms, sandboxed %7.2f ms (%+6.2f)   cpu: unconfined %6.2f ms, sandboxed %6.2f ms (%+5.2f)\n",
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
		fmt.Fprintln(os.Stderr, "sandbox:", err)
		os.Exit(1)
	}
}
