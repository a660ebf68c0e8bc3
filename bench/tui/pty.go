package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
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
	for i := 0; i < runs; i++ {
		wall, cpu, ok := b.ptyFirstFrame(home, work)
		if !ok {
			fmt.Println("  PTY start-up: herm did not draw its first frame")
			return
		}
		walls, cpus = append(walls, wall), append(cpus, cpu)
	}
	fmt.Printf("start → first frame on a PTY (no tmux): median %s, p90 %s; herm's CPU by then: median %s, p90 %s\n",
		ms(median(walls)), ms(pct(walls, 0.9)), ms(median(cpus)), ms(pct(cpus, 0.9)))
}

// firstFrameMark is text of the status line, which the first frame draws
// in one piece (the renderer moves the cursor around cells it need not
// write and toggles autowrap for the last column, so other text on screen,
// the model's name in the bottom-right corner included, may be split).
const firstFrameMark = "ctrl+o commands"

func (b *bench) ptyFirstFrame(home, work string) (wall, cpu time.Duration, ok bool) {
	cmd := exec.Command(b.bin, b.args()...)
	cmd.Dir = work
	cmd.Env = append([]string{"HERM_HOME=" + home, "TERM=xterm-256color", "HOME=" + work, "PATH=/usr/bin:/bin"}, os.Getenv("PTYEXTRA"))
	start := time.Now()
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Cols: 100, Rows: 30})
	check(err)
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		f.Close()
	}()
	type frameSeen struct{ wall, cpu time.Duration }
	found := make(chan frameSeen, 1)
	var seen bytes.Buffer
	go func() {
		buf := make([]byte, 1<<16)
		for {
			n, err := f.Read(buf)
			if n > 0 {
				seen.Write(buf[:n])
				if bytes.Contains(seen.Bytes(), []byte(firstFrameMark)) && bytes.Contains(seen.Bytes(), []byte("❯")) {
					wall := time.Since(start)
					cpu, _ := schedStat(cmd.Process.Pid)
					found <- frameSeen{wall, cpu}
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
		return s.wall, s.cpu, true
	case <-time.After(10 * time.Second):
		return 0, 0, false
	}
}
