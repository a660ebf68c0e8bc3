package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/creack/pty"
)

// ptyStartup: from starting herm on a PTY (no tmux in between) to the
// first frame's status line in its output, read as it is written, and the
// CPU time herm's threads had used by then. The tmux measurement includes
// tmux's own start and a poll interval; this one doesn't, and its CPU time
// holds still on a busy machine when wall times don't.
func (b *bench) ptyStartup(runs int) {
	home, work := b.home("pty")
	var walls, cpus []time.Duration
	var faults []int
	for i := 0; i < runs; i++ {
		s, ok := b.ptyFirstFrame(home, work, b.args(), firstFrameMark, "❯")
		if !ok {
			fmt.Println("  PTY start-up: herm did not draw its first frame")
			return
		}
		walls, cpus, faults = append(walls, s.wall), append(cpus, s.cpu), append(faults, s.faults)
	}
	slices.Sort(faults)
	fmt.Printf("start → first frame on a PTY (no tmux): median %s, p90 %s; herm's CPU by then: median %s, p90 %s; page faults: median %d\n",
		ms(median(walls)), ms(pct(walls, 0.9)), ms(median(cpus)), ms(pct(cpus, 0.9)), faults[len(faults)/2])
}

// firstFrameMark is text of the status line, which the first frame draws
// in one piece (the renderer moves the cursor around cells it need not
// write and toggles autowrap for the last column, so other text on screen,
// the model's name in the bottom-right corner included, may be split).
const firstFrameMark = "ctrl+o commands"

// frameSeen is what a run took by the time its first frame was written.
type frameSeen struct {
	wall, cpu time.Duration
	faults    int
}

// ptyLongSession: `herm --resume ID` on a 10,000-message session, on a
// PTY, to the frame that shows the session's last question.
func (b *bench) ptyLongSession(runs int) {
	home, work := b.home("pty-long")
	id, last := longSession(home, 10_000)
	args := append([]string{"--resume", id}, b.args()...)
	var walls, cpus []time.Duration
	var faults []int
	for i := 0; i < runs; i++ {
		s, ok := b.ptyFirstFrame(home, work, args, last)
		if !ok {
			fmt.Println("  PTY long session: herm did not show the session's end")
			return
		}
		walls, cpus, faults = append(walls, s.wall), append(cpus, s.cpu), append(faults, s.faults)
	}
	slices.Sort(faults)
	fmt.Printf("open a 10,000-message session on a PTY (no tmux) → its end on screen: median %s, p90 %s; herm's CPU by then: median %s; page faults: median %d\n",
		ms(median(walls)), ms(pct(walls, 0.9)), ms(median(cpus)), faults[len(faults)/2])
}

// ptyFirstFrame starts herm with args on a PTY and returns when its output
// holds every one of marks.
func (b *bench) ptyFirstFrame(home, work string, args []string, marks ...string) (frameSeen, bool) {
	cmd := exec.Command(b.bin, args...)
	cmd.Dir = work
	cmd.Env = []string{"HERM_HOME=" + home, "TERM=xterm-256color", "HOME=" + work, "PATH=/usr/bin:/bin"}
	start := time.Now()
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 30})
	check(err)
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		f.Close()
	}()
	found := make(chan frameSeen, 1)
	var seen bytes.Buffer
	go func() {
		buf := make([]byte, 1<<16)
		for {
			n, err := f.Read(buf)
			if n > 0 {
				seen.Write(buf[:n])
				if containsAll(seen.Bytes(), marks) {
					wall := time.Since(start)
					cpu, _ := schedStat(cmd.Process.Pid)
					found <- frameSeen{wall, cpu, minorFaults(cmd.Process.Pid)}
					io.Copy(io.Discard, f) // keep herm's writes from blocking
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	select {
	case s := <-found:
		return s, true
	case <-time.After(10 * time.Second):
		return frameSeen{}, false
	}
}

// minorFaults reads a process's minor page faults (all its threads) from
// /proc/PID/stat.
func minorFaults(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses: minflt
	// is the 10th field of the line, the 8th after ")".
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 8 {
		return 0
	}
	n, _ := strconv.Atoi(f[7])
	return n
}

func containsAll(b []byte, marks []string) bool {
	for _, m := range marks {
		if !bytes.Contains(b, []byte(m)) {
			return false
		}
	}
	return true
}
