package cron

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/store"
)

// Silent is the answer that means "nothing to report": it is saved but not
// delivered.
const Silent = "[SILENT]"

// Defaults for a Scheduler's zero fields.
const (
	DefaultTimeout     = 10 * time.Minute
	DefaultPoll        = 15 * time.Second
	DefaultMaxParallel = 4
)

// ExcludedTools are never offered to a cron run: a scheduled run must not
// schedule more runs, message chats on its own, or wait for a person to
// answer a question.
var ExcludedTools = []string{"cronjob", "send_message", "clarify"}

// Deliverer sends a job's answer to a chat.
type Deliverer interface {
	// Deliver sends text to target (origin, a platform for its home chat, or
	// platform:chat_id) and says where it went.
	Deliver(ctx context.Context, target string, origin store.JobOrigin, text string) (string, error)
}

// Scheduler runs due jobs. Jobs live in the store, so jobs added by another
// process (herm cron add) are picked up within Poll, and two schedulers on
// one database never run the same occurrence twice (see store.ClaimDueJobs).
type Scheduler struct {
	Jobs *Service
	// Agent is the base agent; runs use a copy without ExcludedTools.
	Agent *agent.Agent
	// Deliver sends answers; nil keeps every answer local.
	Deliver Deliverer
	// OutputDir receives one file per run (HERM_HOME/cron).
	OutputDir string
	// Timeout bounds a run unless its job sets one.
	Timeout time.Duration
	// Poll is the longest the scheduler sleeps without looking at the store.
	Poll        time.Duration
	MaxParallel int
	// AllowAsk lets runs execute ask-level commands; otherwise they are
	// denied (nobody is there to approve them).
	AllowAsk bool
	// Cwd is where runs work; "" is the process's directory.
	Cwd string
	Log *slog.Logger
	// Redact hides secrets in error texts that are saved or delivered.
	Redact func(string) string

	once    sync.Once
	wake    chan struct{}
	mu      sync.Mutex
	running int
	abort   context.CancelFunc
}

func (s *Scheduler) init() {
	s.once.Do(func() { s.wake = make(chan struct{}, 1) })
}

// Wake makes a sleeping scheduler look at the store now (a job was added,
// changed or finished).
func (s *Scheduler) Wake() {
	s.init()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Running returns how many runs are in progress.
func (s *Scheduler) Running() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running
}

// Abort interrupts runs in progress (each saves what it has); Run then
// returns once they have stopped.
func (s *Scheduler) Abort() {
	s.mu.Lock()
	abort := s.abort
	s.mu.Unlock()
	if abort != nil {
		abort()
	}
}

func (s *Scheduler) log() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Log
}

func (s *Scheduler) redact(text string) string {
	if s.Redact == nil {
		return text
	}
	return s.Redact(text)
}

func (s *Scheduler) timeout(j store.Job) time.Duration {
	switch {
	case j.Timeout > 0:
		return j.Timeout
	case s.Timeout > 0:
		return s.Timeout
	}
	return DefaultTimeout
}

// Run claims and runs due jobs until ctx is cancelled, then waits for the
// runs in progress (Abort cuts them short).
func (s *Scheduler) Run(ctx context.Context) error {
	s.init()
	runCtx, abort := context.WithCancel(context.WithoutCancel(ctx))
	defer abort()
	s.mu.Lock()
	s.abort = abort
	s.mu.Unlock()
	maxParallel := s.MaxParallel
	if maxParallel <= 0 {
		maxParallel = DefaultMaxParallel
	}
	poll := s.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		now := s.Jobs.now()
		if free := maxParallel - s.Running(); free > 0 {
			// The lease outlives the longest run so a crashed process's
			// claim expires, and the job runs again, only after that.
			jobs, err := s.Jobs.Store.ClaimDueJobs(ctx, now, s.leaseFor(), free)
			if err != nil && ctx.Err() == nil {
				s.log().Error("cron: claim due jobs", "err", err)
			}
			for _, j := range jobs {
				s.mu.Lock()
				s.running++
				s.mu.Unlock()
				wg.Add(1)
				go func() {
					defer wg.Done()
					s.runClaimed(runCtx, j)
					s.mu.Lock()
					s.running--
					s.mu.Unlock()
					s.Wake()
				}()
			}
		}
		wait := poll
		if next, err := s.Jobs.Store.NextJobDue(ctx, now); err == nil && next != nil {
			wait = min(wait, max(next.Sub(now), 0))
		}
		if s.Running() >= maxParallel {
			wait = poll // a finishing run wakes us
		}
		timer := s.Jobs.clock().NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil
		case <-timer.C():
		case <-s.wake:
			timer.Stop()
		}
	}
}

func (s *Scheduler) leaseFor() time.Duration {
	t := s.Timeout
	if t <= 0 {
		t = DefaultTimeout
	}
	return 2*t + time.Minute
}

// runClaimed runs one claimed occurrence and schedules the next.
func (s *Scheduler) runClaimed(ctx context.Context, j store.Job) {
	scheduled := s.Jobs.now()
	if j.NextRunAt != nil {
		scheduled = *j.NextRunAt
	}
	run := s.RunOnce(ctx, j, scheduled)
	persist := context.WithoutCancel(ctx)
	now := s.Jobs.now()
	var next *time.Time
	// The job may have been edited (or triggered) while it ran: then its
	// stored next run wins over the one computed from the old schedule.
	current, err := s.Jobs.Store.Job(persist, j.ID)
	if errors.Is(err, store.ErrNotFound) {
		return // removed while running
	}
	switch {
	case err != nil:
		s.log().Error("cron: reload job", "job", j.ID, "err", err)
	case current.Schedule != j.Schedule || current.Timezone != j.Timezone || !sameTime(current.NextRunAt, j.NextRunAt):
		next = current.NextRunAt
	default:
		if sched, err := s.Jobs.schedule(j); err != nil {
			s.log().Error("cron: job has an invalid schedule; it will not run again until edited", "job", j.ID, "err", err)
		} else if n, ok := sched.After(scheduled, now); ok {
			next = &n
		}
	}
	if err := s.Jobs.Store.FinishJobOccurrence(persist, j.ID, now, run.Status, next); err != nil && !errors.Is(err, store.ErrNotFound) {
		s.log().Error("cron: record run", "job", j.ID, "err", err)
	}
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

// RunOnce runs one occurrence of j now: a fresh session, the job's prompt,
// the answer saved under OutputDir and delivered unless it is [SILENT] or
// the job is local. The returned record is also in the store.
func (s *Scheduler) RunOnce(ctx context.Context, j store.Job, scheduled time.Time) store.JobRun {
	persist := context.WithoutCancel(ctx)
	run := store.JobRun{JobID: j.ID, ScheduledAt: scheduled, StartedAt: s.Jobs.now()}
	if err := s.Jobs.Store.StartJobRun(persist, &run); err != nil {
		s.log().Error("cron: record run start", "job", j.ID, "err", err)
	}
	log := s.log().With("job", j.ID, "name", j.Name)
	log.Info("cron: job started", "scheduled", scheduled)

	answer, status, runErr := s.turn(ctx, j, &run)
	run.Status, run.Output = status, answer
	if runErr != nil {
		run.Error = s.redact(runErr.Error())
	}
	if path, err := s.saveOutput(j, run); err != nil {
		log.Error("cron: save output", "err", err)
	} else {
		run.OutputPath = path
	}
	run.Delivered = s.deliver(persist, j, run)
	finished := s.Jobs.now()
	run.FinishedAt = &finished
	if run.ID != 0 {
		if err := s.Jobs.Store.FinishJobRun(persist, &run); err != nil {
			log.Error("cron: record run end", "err", err)
		}
	}
	log.Info("cron: job finished", "status", run.Status, "delivered", run.Delivered, "session", run.SessionID)
	return run
}

// turn runs the job's prompt in a new cron session.
func (s *Scheduler) turn(ctx context.Context, j store.Job, run *store.JobRun) (answer, status string, err error) {
	a := *s.Agent
	if a.Tools != nil {
		a.Tools = a.Tools.Without(ExcludedTools...)
	}
	sess, err := a.NewSession(ctx, agent.NewSessionOptions{Source: "cron", Cwd: s.Cwd, Title: "cron: " + j.Name})
	if err != nil {
		return "", "error", fmt.Errorf("start a session: %w", err)
	}
	run.SessionID = sess.ID()
	if s.AllowAsk {
		sess.SetApprovalMode(agent.ModeYolo)
	} else {
		sess.SetApprovalMode(agent.ModeDeny)
	}
	runCtx, cancel := context.WithTimeout(ctx, s.timeout(j))
	defer cancel()
	done := sess.Run(runCtx, agent.Input{Text: s.prompt(j, run.ScheduledAt)}, func(e agent.Event) {
		if c, ok := e.(agent.Compressed); ok {
			run.SessionID = c.SessionID
		}
	})
	run.SessionID = sess.ID()
	switch {
	case done.Reason == agent.StopDone && strings.TrimSpace(done.Answer) == Silent:
		return done.Answer, "silent", nil
	case done.Reason == agent.StopDone:
		return done.Answer, "ok", nil
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		return done.Answer, "timeout", fmt.Errorf("the run did not finish within %s", s.timeout(j))
	case done.Reason == agent.StopInterrupted:
		return done.Answer, "interrupted", errors.New("the run was interrupted (herm shut down)")
	case done.Err != nil:
		return done.Answer, "error", done.Err
	}
	return done.Answer, "error", fmt.Errorf("the run stopped: %s", done.Reason)
}

func (s *Scheduler) prompt(j store.Job, scheduled time.Time) string {
	where := "saved locally"
	if j.Deliver != "local" {
		where = "delivered to the chat it was scheduled for"
	}
	return fmt.Sprintf("[Scheduled job %q (id %s), run for %s. Nobody is watching this run: do the task and "+
		"answer with what should be reported; your final answer is %s. If there is nothing worth reporting, "+
		"answer exactly %s.]\n\n%s", j.Name, j.ID, scheduled.Local().Format("2006-01-02 15:04 MST"), where, Silent, j.Prompt)
}

// saveOutput writes the run to OutputDir/JOB/TIMESTAMP.md (0600).
func (s *Scheduler) saveOutput(j store.Job, run store.JobRun) (string, error) {
	if s.OutputDir == "" {
		return "", nil
	}
	dir := filepath.Join(s.OutputDir, j.ID)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(dir, run.StartedAt.UTC().Format("20060102T150405.000Z")+".md")
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n- job: %s\n- schedule: %s\n- scheduled: %s\n- started: %s\n- status: %s\n- session: %s\n",
		j.Name, j.ID, j.Schedule, run.ScheduledAt.Format(time.RFC3339), run.StartedAt.Format(time.RFC3339), run.Status, run.SessionID)
	if run.Error != "" {
		fmt.Fprintf(&b, "- error: %s\n", run.Error)
	}
	fmt.Fprintf(&b, "\n## Prompt\n\n%s\n\n## Output\n\n%s\n", j.Prompt, run.Output)
	return path, atomicfile.Write(path, []byte(b.String()), 0o600)
}

// deliver sends the run's outcome and says where it went (or why not).
func (s *Scheduler) deliver(ctx context.Context, j store.Job, run store.JobRun) string {
	if j.Deliver == "local" || j.Deliver == "" {
		return "local"
	}
	var text string
	switch run.Status {
	case "silent":
		return "not delivered: " + Silent
	case "ok":
		text = run.Output
	default:
		text = fmt.Sprintf("⚠️ Scheduled job %q (%s) %s: %s", j.Name, j.ID, run.Status, run.Error)
		if strings.TrimSpace(run.Output) != "" {
			text += "\n\n" + run.Output
		}
	}
	if strings.TrimSpace(text) == "" {
		return "not delivered: empty answer"
	}
	if s.Deliver == nil {
		return "not delivered: no gateway is running to deliver to " + j.Deliver
	}
	where, err := s.Deliver.Deliver(ctx, j.Deliver, j.Origin, text)
	if err != nil {
		s.log().Error("cron: deliver", "job", j.ID, "target", j.Deliver, "err", err)
		return "failed: " + s.redact(err.Error())
	}
	return where
}
