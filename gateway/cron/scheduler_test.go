package cron

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

type delivery struct {
	target string
	origin store.JobOrigin
	text   string
}

type recorder struct {
	mu  sync.Mutex
	got []delivery
	ch  chan delivery
}

func (r *recorder) Deliver(_ context.Context, target string, origin store.JobOrigin, text string) (string, error) {
	r.mu.Lock()
	r.got = append(r.got, delivery{target, origin, text})
	r.mu.Unlock()
	r.ch <- delivery{target, origin, text}
	return "chat " + origin.Chat, nil
}

type cronFixture struct {
	srv   *fakeopenai.Server
	store *store.Store
	clock *clock.Fake
	jobs  *Service
	sched *Scheduler
	rec   *recorder
	out   string
}

func newCronFixture(t *testing.T) *cronFixture {
	t.Helper()
	srv := fakeopenai.New()
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(dir, "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	term := terminal.New(terminal.Config{})
	t.Cleanup(func() { term.Close() })
	clk := clock.NewFake(t0)
	jobs := &Service{Store: st, Clock: clk, Location: time.UTC}
	// The base agent has every tool, including the ones cron runs must not get.
	reg := tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term, Cron: jobs, Messenger: nopSender{}})...)
	a := &agent.Agent{Provider: openai.New(openai.Config{BaseURL: srv.URL, APIKey: "k"}), Model: "fake", Store: st,
		Tools: reg, HermHome: dir}
	rec := &recorder{ch: make(chan delivery, 16)}
	out := filepath.Join(dir, "cron")
	sched := &Scheduler{Jobs: jobs, Agent: a, Deliver: rec, OutputDir: out, Poll: time.Hour, Cwd: dir}
	jobs.Wake = sched.Wake
	return &cronFixture{srv: srv, store: st, clock: clk, jobs: jobs, sched: sched, rec: rec, out: out}
}

type nopSender struct{}

func (nopSender) SendMessage(context.Context, string, string, string) (string, error) { return "", nil }

func (f *cronFixture) start(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		f.sched.Run(ctx)
		close(done)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

// advance moves the fake clock once the scheduler is parked on its timer.
func (f *cronFixture) advance(t *testing.T, d time.Duration) {
	t.Helper()
	if !f.clock.WaitForWaiters(1, 10*time.Second) {
		t.Fatal("the scheduler never went to sleep")
	}
	f.clock.Advance(d)
}

func (f *cronFixture) delivered(t *testing.T) delivery {
	t.Helper()
	select {
	case d := <-f.rec.ch:
		return d
	case <-time.After(20 * time.Second):
		t.Fatal("nothing delivered")
	}
	return delivery{}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestEveryMinuteFiresOnTheClockAndCoalesces(t *testing.T) {
	f := newCronFixture(t)
	ctx := context.Background()
	if err := f.store.SetRoute(ctx, &store.Route{Key: "telegram:dm:42", SessionID: "origin-sess", Platform: "telegram", ChatID: "42"}); err != nil {
		t.Fatal(err)
	}
	job, err := f.jobs.CreateJob(ctx, tools.CronJobSpec{Schedule: "every 1m", Prompt: "report the time", OriginSession: "origin-sess"})
	if err != nil {
		t.Fatal(err)
	}
	if job.Deliver != "origin" || job.Origin.Platform != "telegram" || job.Origin.Chat != "42" {
		t.Fatalf("origin not resolved: %+v", job)
	}
	f.srv.Script.Respond(func(r fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "tick"} })
	f.start(t)

	f.advance(t, 59*time.Second) // not yet
	f.advance(t, time.Second)
	d := f.delivered(t)
	if d.target != "origin" || d.origin.Chat != "42" || d.text != "tick" {
		t.Fatalf("delivery %+v", d)
	}
	waitFor(t, "the next run to be scheduled", func() bool {
		j, _ := f.store.Job(ctx, job.ID)
		return j.RunCount == 1 && j.NextRunAt != nil && j.NextRunAt.Equal(t0.Add(2*time.Minute))
	})

	// Herm was "asleep" for ten minutes: the job runs once, then keeps its cadence.
	f.advance(t, 10*time.Minute)
	f.delivered(t)
	waitFor(t, "the coalesced run", func() bool {
		j, _ := f.store.Job(ctx, job.ID)
		return j.RunCount == 2 && j.NextRunAt != nil && j.NextRunAt.Equal(t0.Add(12*time.Minute))
	})
	select {
	case d := <-f.rec.ch:
		t.Fatalf("a missed run was replayed: %+v", d)
	case <-time.After(200 * time.Millisecond):
	}

	// Each run was a fresh cron session without the cron and messaging
	// tools; the output was saved.
	reqs := f.srv.Script.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d model calls", len(reqs))
	}
	for _, name := range []string{"cronjob", "send_message"} {
		if slices.Contains(reqs[0].Tools, name) {
			t.Errorf("cron run offered %s: %v", name, reqs[0].Tools)
		}
	}
	if !slices.Contains(reqs[0].Tools, "terminal") || !strings.Contains(reqs[0].LastUser(), "report the time") {
		t.Errorf("request %v %q", reqs[0].Tools, reqs[0].LastUser())
	}
	runs, err := f.store.JobRuns(ctx, job.ID, 0)
	if err != nil || len(runs) != 2 || runs[0].Status != "ok" || runs[0].SessionID == runs[1].SessionID {
		t.Fatalf("runs %+v %v", runs, err)
	}
	data, err := os.ReadFile(runs[0].OutputPath)
	if err != nil || !strings.Contains(string(data), "tick") || !strings.HasPrefix(runs[0].OutputPath, f.out) {
		t.Errorf("output %q %v", data, err)
	}
	if sess, _ := f.store.Session(ctx, runs[0].SessionID); sess == nil || sess.Source != "cron" {
		t.Errorf("session %+v", sess)
	}
}

func TestSilentAnswerIsNotDelivered(t *testing.T) {
	f := newCronFixture(t)
	ctx := context.Background()
	job, err := f.jobs.CreateJob(ctx, tools.CronJobSpec{Schedule: "5m", Prompt: "anything new?", Deliver: "telegram:7"})
	if err != nil {
		t.Fatal(err)
	}
	f.srv.Script.Push(fakellm.Reply{Text: " [SILENT]\n"})
	f.start(t)
	f.advance(t, 5*time.Minute)
	waitFor(t, "the run", func() bool {
		j, _ := f.store.Job(ctx, job.ID)
		return j.RunCount == 1
	})
	j, _ := f.store.Job(ctx, job.ID)
	if j.NextRunAt != nil || j.LastStatus != "silent" {
		t.Errorf("a one-shot job stays scheduled: %+v", j)
	}
	runs, _ := f.store.JobRuns(ctx, job.ID, 0)
	if len(runs) != 1 || runs[0].Delivered != "not delivered: [SILENT]" {
		t.Fatalf("%+v", runs)
	}
	if len(f.rec.got) != 0 {
		t.Errorf("delivered %+v", f.rec.got)
	}
}

func TestAskLevelCommandsDeniedAndTimeout(t *testing.T) {
	f := newCronFixture(t)
	ctx := context.Background()
	job, err := f.jobs.CreateJob(ctx, tools.CronJobSpec{Schedule: "every 1h", Prompt: "clean up", Deliver: "telegram:7", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(f.sched.Cwd, "keep")
	os.MkdirAll(target, 0o755)
	f.srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf " + target})}},
		fakellm.Reply{Text: "still thinking", Delay: 10 * time.Second},
	)
	// Run it directly, as `herm cron run` would in the foreground.
	run := f.sched.RunOnce(ctx, *job, t0)
	if run.Status != "timeout" || !strings.Contains(run.Error, "did not finish within 1s") {
		t.Fatalf("%+v", run)
	}
	if _, err := os.Stat(target); err != nil {
		t.Fatal("the ask-level command ran in a cron job")
	}
	reqs := f.srv.Script.Requests()
	if len(reqs) < 2 || !strings.Contains(reqs[1].Messages[len(reqs[1].Messages)-1].Content, "denied") {
		t.Errorf("the model was not told the command was denied: %+v", reqs)
	}
	d := f.delivered(t)
	if d.target != "telegram:7" || !strings.Contains(d.text, "timeout") {
		t.Errorf("failure not reported: %+v", d)
	}
}

func TestServiceOperations(t *testing.T) {
	f := newCronFixture(t)
	ctx := context.Background()
	f.jobs.Platforms = []string{"telegram"}
	if _, err := f.jobs.CreateJob(ctx, tools.CronJobSpec{Schedule: "every 1h", Prompt: "x", Deliver: "discord:1"}); err == nil {
		t.Error("unknown platform accepted")
	}
	if _, err := f.jobs.CreateJob(ctx, tools.CronJobSpec{Schedule: "whenever", Prompt: "x"}); err == nil {
		t.Error("bad schedule accepted")
	}
	j, err := f.jobs.CreateJob(ctx, tools.CronJobSpec{Name: "digest", Schedule: "every 1h", Prompt: "x"})
	if err != nil {
		t.Fatal(err)
	}
	if j.Deliver != "local" {
		t.Errorf("origin delivery outside a chat should become local, got %q", j.Deliver)
	}
	if got, err := f.jobs.Job(ctx, "digest"); err != nil || got.ID != j.ID {
		t.Errorf("by name: %v %v", got, err)
	}
	u, err := f.jobs.UpdateJob(ctx, j.ID, tools.CronJobSpec{Schedule: "every 2h", Deliver: "telegram"})
	if err != nil || !u.NextRunAt.Equal(t0.Add(2*time.Hour)) || u.Deliver != "telegram" {
		t.Fatalf("%+v %v", u, err)
	}
	if _, err := f.jobs.PauseJob(ctx, j.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.jobs.RunJob(ctx, j.ID); err == nil {
		t.Error("a paused job was triggered")
	}
	f.clock.Advance(5 * time.Hour)
	r, err := f.jobs.ResumeJob(ctx, j.ID)
	if err != nil || !r.NextRunAt.Equal(t0.Add(6*time.Hour)) {
		t.Errorf("resume should skip missed runs: %+v %v", r, err)
	}
	if r, err := f.jobs.RunJob(ctx, j.ID); err != nil || !r.NextRunAt.Equal(f.clock.Now()) {
		t.Errorf("run now: %+v %v", r, err)
	}
	if !strings.Contains(f.jobs.DescribeJob(*r), "every 2h") {
		t.Errorf("describe: %s", f.jobs.DescribeJob(*r))
	}
	if _, err := f.jobs.RemoveJob(ctx, j.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.jobs.Job(ctx, j.ID); err == nil {
		t.Error("removed job found")
	}
}
