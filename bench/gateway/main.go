// Command gateway benchmarks the headless gateway end to end: the real herm
// binary (herm gateway run) against the in-repo fake Telegram Bot API and a
// zero-latency fake LLM. Many chats talk at once; each sends its messages
// one after the other, the next one a "think time" after the answer to the
// last arrived. Two phases run:
//
//   - paced: 1 s average think time (about one message per chat per second,
//     200 messages/s offered by 200 chats) — the latency herm adds to a
//     message (update available at Telegram → answer received by Telegram;
//     the model takes no time);
//   - burst: no think time — the throughput when every chat sends as fast
//     as answers come (latency there is mostly queueing: Little's law).
//
// It also checks that no answer is lost or duplicated and reports herm's
// peak RSS.
//
//	go run ./bench/gateway                    # 200 chats × 10 messages
//	go run ./bench/gateway -chats 50 -messages 20 -bin ./herm
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/internal/faketelegram"
)

const token = "555555:bench-token-for-the-fake-bot"

func main() {
	bin := flag.String("bin", "", "herm binary (default: build one)")
	chats := flag.Int("chats", 200, "concurrent chats")
	messages := flag.Int("messages", 10, "messages per chat")
	concurrency := flag.Int("max-concurrent", 32, "gateway.max_concurrent")
	thinkTime := flag.Duration("think", time.Second, "average pause between an answer and a chat's next message in the paced phase")
	flag.Parse()

	dir, err := os.MkdirTemp("", "herm-bench-gateway-")
	check(err)
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "herm")
		build := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", *bin, ".")
		build.Env = append(os.Environ(), "CGO_ENABLED=0")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		check(build.Run())
	}

	tg := faketelegram.New(token)
	defer tg.Close()
	llm := fakeopenai.New()
	defer llm.Close()
	llm.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		return fakellm.Reply{Text: "re: " + r.LastUser(), ChunkSize: 64}
	})

	home := filepath.Join(dir, "home")
	check(os.MkdirAll(home, 0o700))
	users := make([]string, 2**chats)
	for i := range users {
		users[i] = strconv.Itoa(10000 + i)
	}
	cfg := fmt.Sprintf(`gateway:
  max_concurrent: %d
  queue_limit: 100
  rate_limit: {messages: 1000, window: 60}
  log_level: warn
  telegram:
    token: %q
    api_url: %q
    allowed_users: [%s]
    poll_timeout: 10
cron:
  enabled: false
`, *concurrency, token, tg.URL, strings.Join(users, ", "))
	check(os.WriteFile(filepath.Join(home, "config.yaml"), []byte(cfg), 0o600))

	cmd := exec.Command(*bin, "gateway", "run", "--provider", "custom", "--base-url", llm.URL, "--model", "fake", "--api-key", "sk-bench")
	cmd.Env = []string{"HERM_HOME=" + home, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	cmd.Dir = dir
	var stderr syncBuffer
	cmd.Stderr = &stderr
	check(cmd.Start())
	defer cmd.Process.Kill()
	waitUntil(30*time.Second, func() bool { return tg.CallCount("getUpdates") > 0 }, "herm to start polling", &stderr)

	// Route every answer to the chat waiting for it.
	inbox := map[int64]chan answer{}
	for i := 0; i < 2**chats; i++ {
		inbox[int64(10000+i)] = make(chan answer, *messages*2)
	}
	tg.OnSent(func(s faketelegram.Sent) {
		if s.Method != "sendMessage" {
			return
		}
		n, err := strconv.ParseInt(s.ChatID, 10, 64)
		if ch, ok := inbox[n]; ok && err == nil {
			ch <- answer{s.Text, s.Time}
		}
	})
	fmt.Printf("gateway: %d chats × %d messages per phase, fake Telegram + zero-latency fake LLM, max_concurrent %d\n", *chats, *messages, *concurrency)
	failed := false
	for i, think := range []time.Duration{*thinkTime, 0} {
		name := "paced (think " + think.String() + ")"
		if think == 0 {
			name = "burst (no think time)"
		}
		r := runPhase(tg, inbox, 10000+i*(*chats), *chats, *messages, think)
		fmt.Printf("%s: %.0f messages/s over %.2f s; latency p50 %s, p90 %s, p99 %s, max %s; answered %d/%d, lost %d, duplicated %d\n",
			name, float64(len(r.latencies))/r.elapsed.Seconds(), r.elapsed.Seconds(),
			pct(r.latencies, 50), pct(r.latencies, 90), pct(r.latencies, 99), pct(r.latencies, 100),
			len(r.latencies), *chats**messages, r.lost, r.dups)
		fmt.Printf("  without each chat's first message (session creation): p50 %s, p90 %s, p99 %s\n",
			pct(r.later, 50), pct(r.later, 90), pct(r.later, 99))
		failed = failed || r.lost > 0 || r.dups > 0
	}
	peak := vmHWM(cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()

	fmt.Printf("herm peak RSS: %.1f MB\n", float64(peak)/1024)
	if failed {
		fmt.Fprintln(os.Stderr, stderr.String())
		os.Exit(1)
	}
}

type phaseResult struct {
	latencies []time.Duration
	// later leaves out each chat's first message, which also creates the
	// chat's session (system prompt, skills index, three writes).
	later   []time.Duration
	elapsed time.Duration
	lost    int
	dups    int
}

// runPhase drives chats (user ids base…base+chats-1), each sending its
// messages one after the other with a think time drawn from [0.5, 1.5)×think.
func runPhase(tg *faketelegram.Server, inbox map[int64]chan answer, base, chats, messages int, think time.Duration) phaseResult {
	var (
		mu sync.Mutex
		r  phaseResult
		wg sync.WaitGroup
	)
	start := time.Now()
	for c := 0; c < chats; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := int64(base + c)
			rng := rand.New(rand.NewPCG(uint64(user), 1))
			if think > 0 {
				time.Sleep(time.Duration(rng.Int64N(int64(think)))) // spread the start
			}
			for m := 0; m < messages; m++ {
				text := fmt.Sprintf("chat %d message %d", user, m)
				sent := time.Now()
				tg.InjectMessage(faketelegram.Message{ChatID: user, UserID: user, FirstName: "bench", Text: text})
				select {
				case a := <-inbox[user]:
					mu.Lock()
					if a.text != "re: "+text {
						r.lost++
					} else {
						r.latencies = append(r.latencies, a.at.Sub(sent))
						if m > 0 {
							r.later = append(r.later, a.at.Sub(sent))
						}
					}
					mu.Unlock()
				case <-time.After(60 * time.Second):
					mu.Lock()
					r.lost++
					mu.Unlock()
					return
				}
				if think > 0 && m < messages-1 {
					time.Sleep(think/2 + time.Duration(rng.Int64N(int64(think))))
				}
			}
		}()
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	time.Sleep(300 * time.Millisecond) // let late duplicates show
	for c := 0; c < chats; c++ {
		r.dups += len(inbox[int64(base+c)])
	}
	slices.Sort(r.latencies)
	slices.Sort(r.later)
	return r
}

type answer struct {
	text string
	at   time.Time
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[min(max(i-1, 0), len(sorted)-1)].Round(time.Microsecond)
}

// vmHWM is a process's peak resident set size in KB (Linux).
func vmHWM(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

func waitUntil(d time.Duration, cond func() bool, what string, log *syncBuffer) {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			fmt.Fprintf(os.Stderr, "timed out waiting for %s\n%s", what, log.String())
			os.Exit(1)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
