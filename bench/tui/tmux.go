package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tmux is one tmux server (its own socket) with herm in session "b",
// driven through one control-mode client (`tmux -C`): every command —
// starting herm, each capture of the pane while polling — is a line on
// that client's connection. Running `tmux capture-pane` as a process per
// poll instead costs ~10 ms of CPU each on this machine (a tmux client
// starting up), so polling every few milliseconds took most of a core
// from the process being measured and could not look more often than
// every ~15 ms.
type tmux struct {
	sock string
	// poll is the pause between two captures of the pane (-poll); a
	// capture is a round trip to the tmux server, well under a millisecond.
	poll time.Duration
	ctl  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
}

func newTmux(name string, poll time.Duration) *tmux {
	t := &tmux{sock: fmt.Sprintf("herm-bench-%s-%d", name, os.Getpid()), poll: poll}
	// A server with an idle session, so each measured start only creates
	// a session, not a server; the control client attaches to it.
	check(t.cmd("-f", "/dev/null", "new-session", "-d", "-s", "idle", "-x", "100", "-y", "30", "sleep 3600").Run())
	t.ctl = t.cmd("-C", "attach-session", "-t", "idle")
	var err error
	t.in, err = t.ctl.StdinPipe()
	check(err)
	out, err := t.ctl.StdoutPipe()
	check(err)
	t.out = bufio.NewReaderSize(out, 1<<16)
	check(t.ctl.Start())
	_, err = t.do("list-sessions") // the client is up and answering
	check(err)
	return t
}

func (t *tmux) cmd(args ...string) *exec.Cmd {
	c := exec.Command("tmux", append([]string{"-L", t.sock}, args...)...)
	c.Env = append(os.Environ(), "TMUX=")
	return c
}

// do runs one tmux command through the control client and returns its
// output. Control mode frames each reply between %begin and %end (or
// %error), with flags 1 on the replies to this client's commands (the
// attach itself gets a frame too); notifications outside frames are
// skipped.
func (t *tmux) do(command string) (string, error) {
	if _, err := io.WriteString(t.in, command+"\n"); err != nil {
		return "", fmt.Errorf("tmux control client: %w", err)
	}
	var out strings.Builder
	in := false
	for {
		line, err := t.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("tmux control client: %w", err)
		}
		switch {
		case !in && strings.HasPrefix(line, "%begin ") && strings.HasSuffix(line, " 1\n"):
			in = true
		case in && strings.HasPrefix(line, "%end "):
			return out.String(), nil
		case in && strings.HasPrefix(line, "%error "):
			return "", fmt.Errorf("tmux %s: %s", command, strings.TrimSpace(out.String()))
		case in:
			out.WriteString(line)
		}
	}
}

func (t *tmux) close() {
	t.cmd("kill-server").Run()
	t.in.Close()
	t.ctl.Wait()
}

// session and pane name where herm runs, exactly: a bare "b" can resolve
// to a window or pane of the control client's own session first.
const (
	session = "=b"
	pane    = "=b:"
)

// quote makes s one word in tmux's command syntax.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// start runs herm in a new session "b" and returns when tmux has started it.
func (t *tmux) start(bin, home, work string, width, height int, args ...string) {
	shell := []string{"exec", "'" + bin + "'"}
	for _, a := range args {
		shell = append(shell, "'"+a+"'")
	}
	_, err := t.do(strings.Join([]string{"new-session", "-d", "-s", strings.TrimPrefix(session, "="), "-x", strconv.Itoa(width), "-y", strconv.Itoa(height),
		"-c", quote(work), "-e", quote("HERM_HOME=" + home), "-e", "TERM=xterm-256color",
		quote(strings.Join(shell, " ") + " 2>/dev/null")}, " "))
	check(err)
}

func (t *tmux) capture() string {
	out, _ := t.do("capture-pane -p -t " + pane)
	return out
}

// sendKeys types text into the pane, literally.
func (t *tmux) sendKeys(text string) {
	_, err := t.do("send-keys -t " + pane + " -l " + quote(text))
	check(err)
}

// waitFor polls the pane until every text is on it and returns when.
func (t *tmux) waitFor(deadline time.Duration, texts ...string) (time.Time, bool) {
	end := time.Now().Add(deadline)
	for first := true; time.Now().Before(end); first = false {
		if !first {
			time.Sleep(t.poll)
		}
		s := t.capture()
		ok := true
		for _, x := range texts {
			if !strings.Contains(s, x) {
				ok = false
				break
			}
		}
		if ok {
			return time.Now(), true
		}
	}
	return time.Time{}, false
}

func (t *tmux) pid() int {
	out, err := t.do("display-message -p -t " + pane + " '#{pane_pid}'")
	check(err)
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	check(err)
	return pid
}

func (t *tmux) stop() {
	t.do("kill-session -t " + session)
	for {
		if _, err := t.do("has-session -t " + session); err != nil {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// startup: from asking tmux to start herm to the first interactive frame
// (the input prompt and the model in the status line), polling the pane.
func (b *bench) startup(runs int) {
	home, work := b.home("startup")
	t := newTmux("startup", b.poll)
	defer t.close()
	// tmux's own cost: the same measurement of a program that draws a
	// prompt at once.
	var floor, herm []time.Duration
	for i := 0; i < runs; i++ {
		start := time.Now()
		t.start("/bin/sh", home, work, 100, 30, "-c", `printf "❯ fake-model"; sleep 60`)
		at, ok := t.waitFor(5*time.Second, "❯ fake-model")
		t.stop()
		if !ok {
			fmt.Println("  start-up: sh did not print its prompt in tmux")
			return
		}
		floor = append(floor, at.Sub(start))
	}
	for i := 0; i < runs; i++ {
		start := time.Now()
		t.start(b.bin, home, work, 100, 30, b.args()...)
		at, ok := t.waitFor(10*time.Second, "❯", "fake-model")
		if !ok {
			fmt.Printf("  start-up: herm did not draw its first frame; the pane shows:\n%s\n", t.capture())
			t.stop()
			return
		}
		t.stop()
		herm = append(herm, at.Sub(start))
	}
	fmt.Printf("start → first interactive frame: median %s, p90 %s (tmux floor: %s for sh printing a prompt, same polling)\n",
		ms(median(herm)), ms(pct(herm, 0.9)), ms(median(floor)))
}

// idle: RSS and CPU of a UI that has drawn its first frame and waits. CPU
// is the scheduler's run time of all herm's threads (nanoseconds, where
// /proc/PID/stat counts 10 ms ticks), and wake-ups are how often they were
// scheduled: a UI that is truly idle has neither.
func (b *bench) idle() {
	home, work := b.home("idle")
	t := newTmux("idle", b.poll)
	defer t.close()
	t.start(b.bin, home, work, 100, 30, b.args()...)
	if _, ok := t.waitFor(10*time.Second, "❯", "fake-model"); !ok {
		fmt.Println("  idle: herm did not start")
		return
	}
	pid := t.pid()
	time.Sleep(2 * time.Second) // the agent opens in the background
	cpu0, wake0 := schedStat(pid)
	const span = 10 * time.Second
	time.Sleep(span)
	cpu1, wake1 := schedStat(pid)
	fmt.Printf("idle: RSS %.1f MB; CPU %s over %s idle (%.3f%%), %.1f wake-ups a second\n",
		float64(rssKB(pid))/1024, ms(cpu1-cpu0), span, float64(cpu1-cpu0)/float64(span)*100, float64(wake1-wake0)/span.Seconds())
	t.stop()
}

// rssKB reads a process's resident set from /proc.
func rssKB(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	check(err)
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

// schedStat sums the run time and the number of times scheduled over a
// process's threads, from /proc/PID/task/*/schedstat.
func schedStat(pid int) (run time.Duration, scheduled int64) {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	check(err)
	for _, path := range tasks {
		data, err := os.ReadFile(path)
		if err != nil {
			continue // the thread ended
		}
		f := strings.Fields(string(data))
		if len(f) < 3 {
			continue
		}
		ns, _ := strconv.ParseInt(f[0], 10, 64)
		n, _ := strconv.ParseInt(f[2], 10, 64)
		run += time.Duration(ns)
		scheduled += n
	}
	return run, scheduled
}
