//go:build unix

// Command sessions measures the session store at scale, through the real
// binary where a person would: it generates a deterministic JSONL file
// (default 1,000,000 messages in 10,000 sessions, one of them 10,000
// messages long), seeds a fresh store with `herm sessions import`, and
// reports the import rate, the database size, `herm sessions search` for a
// rare term from process start to output, and opening the long session.
//
//	go run ./bench/sessions                       # builds herm, full size
//	go run ./bench/sessions -messages 100000 -sessions 1000 -big 2000
//	go run ./bench/sessions -bin PATH -dir DIR -keep
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/herm-dev/herm/internal/sessiongen"
	"github.com/herm-dev/herm/store"
)

func main() {
	var (
		bin      = flag.String("bin", "", "herm binary to measure (default: build one)")
		dir      = flag.String("dir", "", "working directory (default: a temporary one)")
		keep     = flag.Bool("keep", false, "keep the working directory (the seeded store)")
		sessions = flag.Int("sessions", 10000, "sessions to generate")
		messages = flag.Int("messages", 1000000, "messages to generate")
		big      = flag.Int("big", 10000, "messages in the first (long) session")
		runs     = flag.Int("runs", 20, "runs per timed command")
		reuse    = flag.Bool("reuse", false, "measure the store already seeded in -dir (skip generating and importing)")
	)
	flag.Parse()
	if *dir == "" {
		d, err := os.MkdirTemp("", "herm-bench-sessions-")
		check(err)
		*dir = d
	}
	if !*keep {
		defer os.RemoveAll(*dir)
	}
	if *bin == "" {
		*bin = filepath.Join(*dir, "herm")
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", *bin, ".")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		check(build.Run())
	}
	home := filepath.Join(*dir, "home")
	env := append(os.Environ(), "HERM_HOME="+home)
	if !*reuse {
		check(os.RemoveAll(home))
		seedStore(env, *bin, *dir, sessiongen.Config{Sessions: *sessions, Messages: *messages, BigSession: *big, Seed: 1})
	}
	measure(env, *bin, home, *runs)
	if *keep {
		fmt.Printf("kept %s (HERM_HOME=%s)\n", *dir, home)
	}
}

// seedStore generates the JSONL and imports it through the binary.
func seedStore(env []string, bin, dir string, cfg sessiongen.Config) {

	// 1. Generate.
	seed := filepath.Join(dir, "seed.jsonl")
	f, err := os.Create(seed)
	check(err)
	start := time.Now()
	gs, err := sessiongen.Write(f, cfg)
	check(err)
	check(f.Close())
	fmt.Printf("generated %d sessions, %d messages, %.1f MB JSONL (%.0f bytes/message) in %s\n",
		gs.Sessions, gs.Messages, float64(gs.Bytes)/1e6, float64(gs.Bytes)/float64(gs.Messages), time.Since(start).Round(time.Millisecond))

	// 2. Import through the binary.
	var cpuBefore syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_CHILDREN, &cpuBefore))
	start = time.Now()
	out := run(env, bin, "sessions", "import", seed, "--json")
	wall := time.Since(start)
	var cpuAfter syscall.Rusage
	check(syscall.Getrusage(syscall.RUSAGE_CHILDREN, &cpuAfter))
	var imp struct {
		Sessions, Messages int
		Seconds            float64
		Rate               float64 `json:"messages_per_second"`
		Errors             []any
	}
	check(json.Unmarshal(out, &imp))
	if imp.Messages != gs.Messages || len(imp.Errors) > 0 {
		fail("import stored %d of %d messages, %d bad lines", imp.Messages, gs.Messages, len(imp.Errors))
	}
	cpu := rusageSeconds(cpuAfter) - rusageSeconds(cpuBefore)
	fmt.Printf("import: %.0f messages/s whole process (%s wall, %.1f s CPU on %d cores: %.0f µs per message), %.0f messages/s inside the import\n",
		float64(imp.Messages)/wall.Seconds(), wall.Round(time.Millisecond), cpu, runtime.NumCPU(), cpu*1e6/float64(imp.Messages), imp.Rate)
}

// measure times the seeded store's size, searches and reads.
func measure(env []string, bin, home string, runs int) {
	// 3. Size.
	var stats struct {
		Messages  int
		FileBytes int64 `json:"file_bytes"`
		WALBytes  int64 `json:"wal_bytes"`
	}
	check(json.Unmarshal(run(env, bin, "sessions", "stats", "--json"), &stats))
	fmt.Printf("database: %d messages, %.1f MB file + %.1f MB WAL (%.0f bytes/message)\n", stats.Messages,
		float64(stats.FileBytes)/1e6, float64(stats.WALBytes)/1e6, float64(stats.FileBytes+stats.WALBytes)/float64(stats.Messages))

	// 4. Searches: process start to the output, and to the exit.
	for _, q := range []string{sessiongen.RareTerm, `"` + sessiongen.RareTerm + `"`, "kubernetes timeout", "deploy* role:user", "context"} {
		var (
			res          struct{ Groups []any }
			toOut, toEnd []time.Duration
		)
		for range runs {
			out, first, total := runTimed(env, bin, "sessions", "search", q, "--json")
			check(json.Unmarshal(out, &res))
			toOut, toEnd = append(toOut, first), append(toEnd, total)
		}
		slices.Sort(toOut)
		slices.Sort(toEnd)
		fmt.Printf("herm sessions search %-22s to output: median %5.1f ms, p90 %5.1f ms; to exit: median %5.1f ms (%d conversations)\n",
			q, ms(pct(toOut, .5)), ms(pct(toOut, .9)), ms(pct(toEnd, .5)), len(res.Groups))
	}

	// 5. The long session: in-process reads and `herm sessions show`.
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(home, "state.db"))
	check(err)
	total, err := st.CountSessions(ctx, store.SessionFilter{IncludeArchived: true, IncludeHidden: true})
	check(err)
	oldest, err := st.FindSessions(ctx, store.SessionFilter{Offset: total - 1, Limit: 1})
	check(err)
	long := oldest[0]
	times := timeRuns(runs, func() {
		msgs, err := st.Messages(ctx, long.ID)
		check(err)
		if len(msgs) != long.MessageCount {
			fail("read %d of %d messages", len(msgs), long.MessageCount)
		}
	})
	fmt.Printf("store.Messages(%d-message session): median %.1f ms, p90 %.1f ms\n", long.MessageCount, ms(pct(times, .5)), ms(pct(times, .9)))
	times = timeRuns(runs, func() {
		_, err := st.MessagesPage(ctx, long.ID, 0, 200)
		check(err)
	})
	fmt.Printf("store.MessagesPage(last 200): median %.2f ms\n", ms(pct(times, .5)))
	times = timeRuns(runs, func() { run(env, bin, "sessions", "show", long.ID, "--json") })
	fmt.Printf("herm sessions show %s --json (whole session, process start to exit): median %.1f ms\n", long.ID, ms(pct(times, .5)))

	// 6. Search as you type (what the sessions pane does per keystroke):
	// the first page for each prefix of a word, in-process, newest first
	// (the pane's order) and ranked. The pane searches a word as a prefix
	// from its third letter (ui/sessions minPrefixRunes).
	words := []string{"kubernetes", "context", "config", "test", "command"}
	for _, newest := range []bool{true, false} {
		var worst time.Duration
		var worstQ string
		for _, word := range words {
			var parts []string
			for i := 3; i <= len(word); i++ {
				q := word[:i] + "*"
				t := timeRuns(5, func() {
					_, err := st.SearchSessions(ctx, q, store.SearchOptions{Limit: 20, NewestFirst: newest, HitsPerGroup: 3})
					check(err)
				})
				if pct(t, .5) > worst {
					worst, worstQ = pct(t, .5), q
				}
				parts = append(parts, fmt.Sprintf("%s %.0f", q, ms(pct(t, .5))))
			}
			mode := "ranked"
			if newest {
				mode = "newest first"
			}
			fmt.Printf("search as you type, %s, first page (ms): %s\n", mode, strings.Join(parts, ", "))
		}
		fmt.Printf("  worst %s %.1f ms\n", worstQ, ms(worst))
	}
	// The first prefix keystroke on a store just opened (the first prefix
	// search also samples the common words, see store/searchhot.go): each
	// word's three-letter prefix on a fresh Store, after what the pane has
	// done before it: listed the sessions and searched the first two
	// letters as a word.
	for _, warm := range []bool{false, true} {
		var cold []string
		var coldWorst time.Duration
		for _, word := range words {
			fresh, err := store.Open(ctx, st.Path())
			check(err)
			if warm {
				check(fresh.WarmSearch(ctx))
			}
			_, err = fresh.FindSessions(ctx, store.SessionFilter{Limit: 50})
			check(err)
			_, err = fresh.SearchSessions(ctx, word[:2], store.SearchOptions{Limit: 20, NewestFirst: true, HitsPerGroup: 3})
			check(err)
			start := time.Now()
			_, err = fresh.SearchSessions(ctx, word[:3]+"*", store.SearchOptions{Limit: 20, NewestFirst: true, HitsPerGroup: 3})
			check(err)
			d := time.Since(start)
			coldWorst = max(coldWorst, d)
			cold = append(cold, fmt.Sprintf("%s* %.1f", word[:3], ms(d)))
			check(fresh.Close())
		}
		how := "without WarmSearch"
		if warm {
			how = "after WarmSearch (the pane opening)"
		}
		fmt.Printf("first prefix keystroke on a fresh store, %s, newest first (ms): %s; worst %.1f ms\n", how, strings.Join(cold, ", "), ms(coldWorst))
	}

	// 7. The hot path after all that: one append to a big store.
	sess := &store.Session{Source: "bench"}
	check(st.CreateSession(ctx, sess))
	times = timeRuns(200, func() {
		check(st.AppendMessage(ctx, &store.Message{SessionID: sess.ID, Role: "user", Content: "one more message for the index", Complete: true}))
	})
	fmt.Printf("AppendMessage on the seeded store: median %.2f ms, p90 %.2f ms\n", ms(pct(times, .5)), ms(pct(times, .9)))
	check(st.Close())
}

func run(env []string, bin string, args ...string) []byte {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		fail("herm %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes()
}

// runTimed runs herm and returns its output with the time from start to
// the first byte of output and to the exit.
func runTimed(env []string, bin string, args ...string) (out []byte, first, total time.Duration) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var errb bytes.Buffer
	cmd.Stderr = &errb
	pipe, err := cmd.StdoutPipe()
	check(err)
	start := time.Now()
	check(cmd.Start())
	buf := make([]byte, 1)
	if _, err := io.ReadFull(pipe, buf); err == nil {
		first = time.Since(start)
		out = append(out, buf...)
	}
	rest, err := io.ReadAll(pipe)
	check(err)
	out = append(out, rest...)
	if err := cmd.Wait(); err != nil {
		fail("herm %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out, first, time.Since(start)
}

func timeRuns(n int, f func()) []time.Duration {
	times := make([]time.Duration, 0, n)
	for range n {
		start := time.Now()
		f()
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	return times
}

func pct(sorted []time.Duration, p float64) time.Duration {
	return sorted[int(p*float64(len(sorted)-1))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func rusageSeconds(r syscall.Rusage) float64 {
	return float64(syscall.TimevalToNsec(r.Utime)+syscall.TimevalToNsec(r.Stime)) / 1e9
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench/sessions: "+format+"\n", args...)
	os.Exit(1)
}
