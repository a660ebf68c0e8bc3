// Command tui measures herm's full-screen UI as a whole process against
// the in-repo fake OpenAI server: the time from start to the first
// interactive frame (in tmux, from the request that creates the session,
// polling the pane through one control-mode client until the prompt and
// status line are drawn; and on a PTY with no tmux in between, reading
// herm's output as it is written, with the CPU time and page faults herm
// had used by then, which hold still on a busy machine when wall times
// don't), idle RSS and CPU, opening a 10,000-message session to its first
// frame (tmux and PTY), a keypress to its echo in that session, and the
// frame rate while an answer streams at 5,000 tokens/s (herm on a PTY:
// each write of the renderer is a frame).
//
//	go run ./bench/tui                   # builds herm with -trimpath -ldflags=-s -w
//	go run ./bench/tui -bin PATH         # measures an existing binary
//	go run ./bench/tui -only pty,idle    # some of the measurements
//	go run ./bench/tui -poll 5ms         # capture the tmux pane less often
//
// The in-process costs (rendering, Update+View) are `go test -bench` in
// ui/, ui/chat and ui/render.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/fakeopenai"
)

func main() {
	bin := flag.String("bin", "", "herm binary to measure (default: build one)")
	runs := flag.Int("runs", 20, "runs of each start-up measurement")
	only := flag.String("only", "", "run only these measurements, comma-separated: startup,pty,idle,long,pty-long,stream")
	streamSecs := flag.Int("stream", 6, "seconds of streaming for the frame-rate measurement")
	poll := flag.Duration("poll", time.Millisecond, "pause between two captures of the tmux pane")
	flag.Parse()

	dir, err := os.MkdirTemp("", "herm-bench-tui-")
	check(err)
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "herm")
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", *bin, ".")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		check(build.Run())
	}
	srv := fakeopenai.New()
	defer srv.Close()
	b := &bench{bin: *bin, dir: dir, url: srv.URL, srv: srv, poll: *poll}

	fmt.Println("herm full-screen UI, whole process (median of", *runs, "runs unless said)")
	want := func(name string) bool {
		return *only == "" || slices.Contains(strings.Split(*only, ","), name)
	}
	if want("startup") {
		b.startup(*runs)
	}
	if want("pty") {
		b.ptyStartup(*runs)
	}
	if want("idle") {
		b.idle()
	}
	if want("long") {
		b.longSession(*runs)
	}
	if want("pty-long") {
		b.ptyLongSession(*runs)
	}
	if want("stream") {
		b.streaming(time.Duration(*streamSecs) * time.Second)
	}
}

type bench struct {
	bin, dir, url string
	srv           *fakeopenai.Server
	poll          time.Duration
}

// args are the flags pointing herm at the fake server.
func (b *bench) args() []string {
	return []string{"--provider", "custom", "--base-url", b.url, "--model", "fake-model", "--api-key", "sk-bench"}
}

// home returns a fresh herm home and working directory.
func (b *bench) home(name string) (home, work string) {
	home = filepath.Join(b.dir, name, "home")
	work = filepath.Join(b.dir, name, "work")
	check(os.MkdirAll(home, 0o700))
	check(os.MkdirAll(work, 0o755))
	return home, work
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func pct(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "tui bench:", err)
		os.Exit(1)
	}
}
