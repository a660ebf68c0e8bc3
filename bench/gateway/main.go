// Command gateway benchmarks the headless gateway end to end: the real herm
// binary (herm gateway run) against the in-repo fake Telegram Bot API and a
// zero-latency fake LLM. Many chats talk at once, each sending its messages
// one after the other (the next when the answer to the last arrived). It
// reports throughput, the latency herm adds (update available at Telegram →
// answer received by Telegram; the model takes no time), lost and
// duplicated answers, and herm's peak RSS.
//
//	go run ./bench/gateway                    # 200 chats × 10 messages
//	go run ./bench/gateway -chats 50 -messages 20 -bin ./herm
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/herm-dev/herm/internal/faketelegram"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

const token = "555555:bench-token-for-the-fake-bot"

func main() {
	bin := flag.String("bin", "", "herm binary (default: build one)")
	chats := flag.Int("chats", 200, "concurrent chats")
	messages := flag.Int("messages", 10, "messages per chat")
	concurrency := flag.Int("max-concurrent", 32, "gateway.max_concurrent")
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
	users := make([]string, *chats)
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
	type answer struct {
		text string
		at   time.Time
	}
	inbox := make([]chan answer, *chats)
	for i := range inbox {
		inbox[i] = make(chan answer, *messages*2)
	}
	tg.OnSent(func(s faketelegram.Sent) {
		if s.Method != "sendMessage" {
			return
		}
		n, err := strconv.Atoi(s.ChatID)
		if err == nil && n >= 10000 && n < 10000+*chats {
			inbox[n-10000] <- answer{s.Text, s.Time}
		}
	})

	var (
		mu        sync.Mutex
		latencies []time.Duration
		lost      int
	)
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < *chats; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := int64(10000 + c)
			for m := 0; m < *messages; m++ {
				text := fmt.Sprintf("chat %d message %d", c, m)
				sent := time.Now()
				tg.InjectMessage(faketelegram.Message{ChatID: user, UserID: user, FirstName: "bench", Text: text})
				select {
				case a := <-inbox[c]:
					mu.Lock()
					if a.text != "re: "+text {
						lost++
					} else {
						latencies = append(latencies, a.at.Sub(sent))
					}
					mu.Unlock()
				case <-time.After(60 * time.Second):
					mu.Lock()
					lost++
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	time.Sleep(500 * time.Millisecond) // let late duplicates show
	dups := 0
	for _, ch := range inbox {
		dups += len(ch)
	}
	peak := vmHWM(cmd.Process.Pid)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()

	slices.Sort(latencies)
	total := *chats * *messages
	fmt.Printf("gateway: %d chats × %d messages = %d messages through fake Telegram + zero-latency fake LLM\n", *chats, *messages, total)
	fmt.Printf("throughput: %.0f messages/s (%.2f s)\n", float64(len(latencies))/elapsed.Seconds(), elapsed.Seconds())
	if len(latencies) > 0 {
		fmt.Printf("added latency: p50 %s, p90 %s, p99 %s, max %s\n", pct(latencies, 50), pct(latencies, 90), pct(latencies, 99), latencies[len(latencies)-1].Round(time.Microsecond))
	}
	fmt.Printf("answered %d/%d, lost or wrong %d, duplicated %d\n", len(latencies), total, lost, dups)
	fmt.Printf("herm peak RSS: %.1f MB\n", float64(peak)/1024)
	if lost > 0 || dups > 0 {
		fmt.Fprintln(os.Stderr, stderr.String())
		os.Exit(1)
	}
}

func pct(sorted []time.Duration, p int) time.Duration {
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

var _ = context.Background
