package telegram_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/gateway/cron"
	"github.com/herm-dev/herm/gateway/telegram"
	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/internal/faketelegram"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

const token = "123456:TEST-token-for-the-fake-bot"

// owner is the allowed user; their direct chat has the same id.
const owner = 1001

// world is one gateway wired to the fake Telegram and the fake LLM, with a
// real store and real tools.
type world struct {
	t      testing.TB
	tg     *faketelegram.Server
	llm    *fakeopenai.Server
	store  *store.Store
	agent  *agent.Agent
	runner *gateway.Runner
	clock  *clock.Fake
	sched  *cron.Scheduler
	home   string
	work   string
	logs   *syncBuffer
	cancel context.CancelFunc
	done   chan error
}

type worldOptions struct {
	busy     gateway.BusyMode
	rate     int
	drain    time.Duration
	webhook  *telegram.Webhook
	cron     bool
	maxChars int
	noStart  bool
	store    *store.Store // reuse (restart tests)
	tg       *faketelegram.Server
	llm      *fakeopenai.Server
	allowed  []string // more allowed users
	approval time.Duration
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

func newWorld(t testing.TB, o worldOptions) *world {
	t.Helper()
	w := &world{t: t, tg: o.tg, llm: o.llm, logs: &syncBuffer{}}
	if w.tg == nil {
		w.tg = faketelegram.New(token)
		t.Cleanup(w.tg.Close)
	}
	if w.llm == nil {
		w.llm = fakeopenai.New()
		t.Cleanup(w.llm.Close)
	}
	root := t.TempDir()
	w.home, w.work = filepath.Join(root, "home"), filepath.Join(root, "work")
	os.MkdirAll(w.work, 0o755)
	w.store = o.store
	if w.store == nil {
		st, err := store.Open(context.Background(), filepath.Join(w.home, "state.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		w.store = st
	}
	term := terminal.New(terminal.Config{TempDir: root})
	t.Cleanup(func() { term.Close() })
	w.clock = clock.NewFake(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	outbox := gateway.NewOutbox(w.store)
	jobs := &cron.Service{Store: w.store, Clock: w.clock, Location: time.UTC, Platforms: []string{"telegram"}}
	opts := tools.Options{Terminal: term, Messenger: outbox}
	if o.cron {
		opts.Cron = jobs
	}
	w.agent = &agent.Agent{
		Provider: openai.New(openai.Config{BaseURL: w.llm.URL, APIKey: "sk-test"}),
		Model:    "fake-model", Store: w.store, HermHome: w.home,
		Tools:     tools.NewRegistry(tools.Builtins(opts)...),
		Approvals: agent.ApprovalPolicy{Mode: agent.ModeAsk, Timeout: 30 * time.Second},
	}
	if o.approval > 0 {
		w.agent.Approvals.Timeout = o.approval
	}
	var logOut io.Writer = w.logs
	if testing.Verbose() && o.rate < 100000 {
		logOut = io.MultiWriter(w.logs, os.Stderr)
	}
	log := gateway.NewLogger(logOut, "text", "debug", []string{token}, func(s string) string { return "****" })
	tg, err := telegram.New(telegram.Config{Token: token, APIURL: w.tg.URL, PollTimeout: 2 * time.Second})
	if o.webhook != nil {
		tg, err = telegram.New(telegram.Config{Token: token, APIURL: w.tg.URL, Webhook: *o.webhook})
	}
	if err != nil {
		t.Fatal(err)
	}
	cfg := gateway.Config{
		Agent: w.agent, Store: w.store, Platforms: []gateway.Platform{tg}, Outbox: outbox,
		Access: map[string]gateway.Access{"telegram": {AllowedUsers: append([]string{strconv.Itoa(owner)}, o.allowed...), HomeChat: strconv.Itoa(owner)}},
		Home:   w.home, CacheDir: filepath.Join(w.home, "cache"), Cwd: w.work,
		Busy: o.busy, DrainTimeout: o.drain, RateMessages: o.rate, RateWindow: time.Minute,
		MaxMessageChars: o.maxChars, Log: log, StatusInterval: 50 * time.Millisecond,
	}
	if cfg.DrainTimeout == 0 {
		cfg.DrainTimeout = 10 * time.Second
	}
	if o.cron {
		w.sched = &cron.Scheduler{Jobs: jobs, Agent: w.agent, Deliver: outbox, OutputDir: filepath.Join(w.home, "cron"), Poll: time.Hour, Cwd: w.work}
		jobs.Wake = w.sched.Wake
		cfg.Scheduler = w.sched
	}
	w.runner, err = gateway.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !o.noStart {
		w.start()
	}
	return w
}

func (w *world) start() {
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel, w.done = cancel, make(chan error, 1)
	go func() { w.done <- w.runner.Run(ctx) }()
	w.t.Cleanup(w.stop)
	select {
	case <-w.runner.Ready():
	case <-time.After(20 * time.Second):
		w.t.Fatalf("gateway not ready:\n%s", w.logs)
	}
}

// stop shuts the gateway down (idempotent) and returns Run's error.
func (w *world) stop() {
	if w.cancel == nil {
		return
	}
	w.cancel()
	select {
	case err := <-w.done:
		if err != nil {
			w.t.Errorf("Run: %v", err)
		}
	case <-time.After(60 * time.Second):
		w.t.Errorf("gateway did not stop:\n%s", w.logs)
	}
	w.cancel = nil
}

// say injects a text message from user in their direct chat.
func (w *world) say(user int64, text string) int {
	return w.tg.InjectMessage(faketelegram.Message{ChatID: user, UserID: user, Username: "user" + strconv.FormatInt(user, 10), FirstName: "U", Text: text})
}

// waitMessage waits for a message to chat matching pred.
func (w *world) waitMessage(chat int64, pred func(string) bool) faketelegram.Sent {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	id := strconv.FormatInt(chat, 10)
	m, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool {
		return s.Method == "sendMessage" && s.ChatID == id && pred(s.Text)
	})
	if err != nil {
		var got []string
		for _, s := range w.tg.Sent() {
			got = append(got, s.Method+" "+s.ChatID+": "+s.Text)
		}
		w.t.Fatalf("no matching message to %d: %v\nsent:\n%s\nlogs:\n%s", chat, err, strings.Join(got, "\n"), w.logs)
	}
	return m
}

func contains(sub string) func(string) bool {
	return func(s string) bool { return strings.Contains(s, sub) }
}

func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
