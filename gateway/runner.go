package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"runtime/debug"
	"sort"
	"sync"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/gateway/cron"
	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/store"
)

// BusyMode is what a message does when its chat's turn is still running.
type BusyMode string

const (
	// BusyInterrupt stops the running turn (it saves what it produced) and
	// answers the new message, together with any others that arrived.
	BusyInterrupt BusyMode = "interrupt"
	// BusyQueue answers messages one after the other.
	BusyQueue BusyMode = "queue"
)

// Access is who may talk to herm on a platform.
type Access struct {
	// AllowedUsers are served without pairing; "*" lets anyone in.
	AllowedUsers []string
	// HomeChat receives deliveries addressed to the platform alone.
	HomeChat string
}

// Config wires a Runner.
type Config struct {
	Agent     *agent.Agent
	Store     *store.Store
	Platforms []Platform
	// Access per platform name; a chat platform missing here serves only
	// paired users.
	Access map[string]Access
	// Outbox delivers cron answers and send_message calls; the runner
	// registers its messengers in it. Nil makes a private one.
	Outbox *Outbox
	// Scheduler, when set, runs cron jobs while the gateway runs.
	Scheduler *cron.Scheduler
	// Home is HERM_HOME: the gateway's status and lock files live under it.
	Home string
	// CacheDir receives attachments (HERM_HOME/cache).
	CacheDir string
	// Cwd is where chat sessions work; "" is the process's directory.
	Cwd string

	Busy            BusyMode
	MaxConcurrent   int
	QueueLimit      int
	DrainTimeout    time.Duration
	MaxMessageChars int
	// RateMessages per RateWindow per user; zero disables the limit.
	RateMessages int
	RateWindow   time.Duration
	Pairing      *Pairing

	Log *slog.Logger
	// Redact hides secrets in texts sent to chats (error messages).
	Redact func(string) string
	Clock  clock.Clock
	// StatusInterval is how often status.json is rewritten (default 2 s).
	StatusInterval time.Duration
	// ReconnectBase is the first wait before reconnecting a failed
	// platform (default 1 s; it doubles up to 2 min).
	ReconnectBase time.Duration
}

// Runner is the running gateway.
type Runner struct {
	cfg        Config
	log        *slog.Logger
	clock      clock.Clock
	messengers map[string]Messenger
	limiter    *limiter
	dedupe     *dedupe
	sem        chan struct{}
	started    time.Time
	ready      chan struct{}

	mu         sync.Mutex
	routes     map[string]*route
	approvals  map[string]*chatApproval // by request id
	platforms  map[string]*PlatformStatus
	attempted  map[string]bool
	draining   bool
	state      string
	readyOnce  sync.Once
	workers    sync.WaitGroup
	turnCtx    context.Context
	abortTurns context.CancelCauseFunc
	// sendCtx bounds sends: it ends shortly after a forced shutdown, so a
	// platform that does not answer cannot hold the exit up.
	sendCtx    context.Context
	cancelSend context.CancelFunc

	marksMu   sync.Mutex
	marks     []store.InboxState
	marksKick chan struct{}

	// statusMu orders writes of status.json: the periodic write and the
	// one on a change can run at once, and without it an older snapshot
	// could be renamed over a newer one.
	statusMu sync.Mutex
}

// Causes of a cancelled turn, which decide what the chat is told.
var (
	errInterruptedByMessage = errors.New("interrupted by a new message")
	errStopped              = errors.New("stopped with /stop")
	errShutdown             = errors.New("herm is shutting down")
	errClientGone           = errors.New("the client went away")
)

// New checks cfg and prepares a runner; Run starts it.
func New(cfg Config) (*Runner, error) {
	if cfg.Agent == nil || cfg.Store == nil {
		return nil, errors.New("gateway: an agent and a store are required")
	}
	if cfg.Busy == "" {
		cfg.Busy = BusyInterrupt
	}
	if cfg.Busy != BusyInterrupt && cfg.Busy != BusyQueue {
		return nil, fmt.Errorf("gateway: busy mode %q is not interrupt or queue", cfg.Busy)
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = 16
	}
	if cfg.QueueLimit <= 0 {
		cfg.QueueLimit = 10
	}
	if cfg.MaxMessageChars <= 0 {
		cfg.MaxMessageChars = 32000
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Redact == nil {
		cfg.Redact = func(s string) string { return s }
	}
	if cfg.Pairing == nil {
		cfg.Pairing = &Pairing{Store: cfg.Store, Clock: cfg.Clock}
	}
	if cfg.Outbox == nil {
		cfg.Outbox = NewOutbox(cfg.Store)
	}
	if cfg.StatusInterval <= 0 {
		cfg.StatusInterval = 2 * time.Second
	}
	if cfg.ReconnectBase <= 0 {
		cfg.ReconnectBase = time.Second
	}
	r := &Runner{
		cfg: cfg, log: cfg.Log, clock: cfg.Clock,
		messengers: map[string]Messenger{},
		limiter:    newLimiter(cfg.RateMessages, cfg.RateWindow),
		dedupe:     newDedupe(8192),
		sem:        make(chan struct{}, cfg.MaxConcurrent),
		ready:      make(chan struct{}),
		routes:     map[string]*route{},
		approvals:  map[string]*chatApproval{},
		platforms:  map[string]*PlatformStatus{},
		attempted:  map[string]bool{},
		state:      "starting",
		marksKick:  make(chan struct{}, 1),
	}
	seen := map[string]bool{}
	for _, p := range cfg.Platforms {
		if seen[p.Name()] {
			return nil, fmt.Errorf("gateway: platform %s is configured twice", p.Name())
		}
		seen[p.Name()] = true
		r.platforms[p.Name()] = &PlatformStatus{Name: p.Name(), State: "connecting"}
		if m, ok := p.(Messenger); ok {
			r.messengers[p.Name()] = m
			cfg.Outbox.Register(m, cfg.Access[p.Name()])
		}
	}
	r.turnCtx, r.abortTurns = context.WithCancelCause(context.Background())
	r.sendCtx, r.cancelSend = context.WithCancel(context.Background())
	return r, nil
}

// Logger is the gateway's logger.
func (r *Runner) Logger() *slog.Logger { return r.log }

// Ready is closed once every platform has connected or failed its first
// attempt and the inbox left by the last run has been picked up.
func (r *Runner) Ready() <-chan struct{} { return r.ready }

// Outbox is where deliveries go.
func (r *Runner) Outbox() *Outbox { return r.cfg.Outbox }

// Run serves until ctx is cancelled, then drains: it stops receiving,
// lets running turns finish for up to DrainTimeout, interrupts the rest
// (each saves what it produced) and returns. Messages accepted but not yet
// started stay in the store's inbox and are answered at the next start.
func (r *Runner) Run(ctx context.Context) error {
	if r.cfg.Home != "" {
		release, err := Lock(r.cfg.Home)
		if err != nil {
			return err
		}
		defer release()
	}
	r.started = r.clock.Now()
	defer r.abortTurns(errShutdown)
	defer r.cancelSend()

	statusCtx, stopStatus := context.WithCancel(context.Background())
	statusDone := make(chan struct{})
	go func() {
		defer close(statusDone)
		r.statusLoop(statusCtx)
	}()
	marksCtx, stopMarks := context.WithCancel(context.Background())
	marksDone := make(chan struct{})
	go func() {
		defer close(marksDone)
		r.markLoop(marksCtx)
	}()

	if err := r.replayInbox(ctx); err != nil {
		r.log.Error("pick up messages left by the last run", "err", err)
	}
	platCtx, stopPlatforms := context.WithCancel(ctx)
	var platWG sync.WaitGroup
	for _, p := range r.cfg.Platforms {
		platWG.Add(1)
		go func() {
			defer platWG.Done()
			r.supervise(platCtx, p)
		}()
	}
	cronDone := make(chan struct{})
	cronCtx, stopCron := context.WithCancel(ctx)
	if s := r.cfg.Scheduler; s != nil {
		go func() {
			defer close(cronDone)
			s.Run(cronCtx)
		}()
	} else {
		close(cronDone)
	}
	r.checkReady()
	platWG.Add(1)
	go func() {
		defer platWG.Done()
		r.maintain(platCtx)
	}()

	<-ctx.Done()
	r.log.Info("gateway stopping: no new messages are taken; running turns may finish", "drain_timeout", r.cfg.DrainTimeout)
	r.mu.Lock()
	r.draining, r.state = true, "draining"
	r.mu.Unlock()
	stopPlatforms()
	stopCron()
	drained := make(chan struct{})
	go func() {
		r.workers.Wait()
		<-cronDone
		close(drained)
	}()
	timer := time.NewTimer(r.cfg.DrainTimeout)
	select {
	case <-drained:
		timer.Stop()
	case <-timer.C:
		r.log.Warn("drain timeout: interrupting running turns (what they produced is saved)")
		r.abortTurns(errShutdown)
		if s := r.cfg.Scheduler; s != nil {
			s.Abort()
		}
		// Interrupted turns still tell their chats; give that 10 s.
		stopSends := time.AfterFunc(10*time.Second, r.cancelSend)
		defer stopSends.Stop()
		<-drained
	}
	platWG.Wait()
	stopMarks()
	<-marksDone
	stopStatus()
	<-statusDone
	r.mu.Lock()
	r.state = "stopped"
	r.mu.Unlock()
	r.writeStatus()
	r.log.Info("gateway stopped")
	return nil
}

// supervise runs a platform, reconnecting with exponential backoff
// (ReconnectBase doubling to 2 min, with jitter) so one platform's outage
// never takes the others down.
func (r *Runner) supervise(ctx context.Context, p Platform) {
	name := p.Name()
	backoff := r.cfg.ReconnectBase
	for {
		r.setPlatform(name, "connecting", nil)
		start := time.Now()
		err := r.runPlatform(ctx, p)
		if ctx.Err() != nil {
			r.setPlatform(name, "stopped", nil)
			return
		}
		if err == nil {
			err = errors.New("the connection ended")
		}
		if time.Since(start) > 2*time.Minute {
			backoff = r.cfg.ReconnectBase
		}
		wait := backoff/2 + time.Duration(rand.Int64N(int64(backoff)))
		r.setPlatform(name, "retrying", err)
		r.log.Warn("platform unavailable; retrying", "platform", name, "err", err, "retry_in", wait.Round(time.Millisecond))
		r.mu.Lock()
		r.attempted[name] = true
		r.mu.Unlock()
		r.checkReady()
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			r.setPlatform(name, "stopped", nil)
			return
		case <-t.C:
		}
		backoff = min(backoff*2, 2*time.Minute)
	}
}

func (r *Runner) runPlatform(ctx context.Context, p Platform) (err error) {
	defer func() {
		if v := recover(); v != nil {
			r.log.Error("platform crashed", "platform", p.Name(), "panic", v, "stack", string(debug.Stack()))
			err = fmt.Errorf("crashed: %v", v)
		}
	}()
	return p.Run(ctx, r)
}

// Connected records that a platform is up.
func (r *Runner) Connected(platform string) {
	r.setPlatform(platform, "connected", nil)
	r.log.Info("platform connected", "platform", platform)
	r.mu.Lock()
	r.attempted[platform] = true
	r.mu.Unlock()
	r.checkReady()
}

func (r *Runner) setPlatform(name, state string, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ps := r.platforms[name]
	if ps == nil {
		return
	}
	if ps.State != state {
		ps.Since = r.clock.Now()
	}
	ps.State = state
	ps.Error = ""
	if err != nil {
		ps.Error = r.cfg.Redact(err.Error())
		ps.Retries++
	}
	if state == "connected" {
		ps.Retries = 0
	}
}

func (r *Runner) checkReady() {
	r.mu.Lock()
	all := true
	for _, p := range r.cfg.Platforms {
		all = all && r.attempted[p.Name()]
	}
	names := make([]string, 0, len(r.platforms))
	for n, ps := range r.platforms {
		names = append(names, n+"="+ps.State)
	}
	if all && r.state == "starting" {
		r.state = "ready"
	}
	r.mu.Unlock()
	if !all {
		return
	}
	sort.Strings(names)
	r.readyOnce.Do(func() {
		close(r.ready)
		r.log.Info("gateway ready", "platforms", names, "cron", r.cfg.Scheduler != nil)
		r.writeStatus()
	})
}

// Status is a snapshot for `herm gateway status`.
func (r *Runner) Status() Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := Status{PID: pid(), State: r.state, StartedAt: r.started, UpdatedAt: r.clock.Now()}
	for _, p := range r.cfg.Platforms {
		st.Platforms = append(st.Platforms, *r.platforms[p.Name()])
	}
	for _, rt := range r.routes {
		if rt.sess != nil {
			st.Sessions++
		}
		if rt.running {
			st.Running++
		}
		st.Queued += len(rt.queue)
	}
	if s := r.cfg.Scheduler; s != nil {
		st.CronRunning = s.Running()
	}
	return st
}

func (r *Runner) writeStatus() {
	if r.cfg.Home == "" {
		return
	}
	r.statusMu.Lock()
	defer r.statusMu.Unlock()
	if err := writeStatus(r.cfg.Home, r.Status()); err != nil {
		r.log.Warn("write the gateway status file", "err", err)
	}
}

func (r *Runner) statusLoop(ctx context.Context) {
	t := time.NewTicker(r.cfg.StatusInterval)
	defer t.Stop()
	for {
		r.writeStatus()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// maintain forgets idle chats (their sessions reload from the store on the
// next message) and prunes the inbox's dedupe memory.
func (r *Runner) maintain(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	lastPrune := time.Time{}
	for {
		now := r.clock.Now()
		if now.Sub(lastPrune) > 6*time.Hour {
			if n, err := r.cfg.Store.PruneInbox(ctx, now.Add(-7*24*time.Hour)); err != nil {
				r.log.Warn("prune the inbox", "err", err)
			} else if n > 0 {
				r.log.Info("pruned the inbox", "removed", n)
			}
			lastPrune = now
		}
		r.mu.Lock()
		for key, rt := range r.routes {
			if rt.idle() && now.Sub(rt.lastActive) > 30*time.Minute {
				delete(r.routes, key)
			}
		}
		r.mu.Unlock()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
