// Package terminal runs shell commands for herm on real pseudo-terminals.
//
// Each command runs in a fresh shell on its own terminal, so programs
// behave as they do for a person (colours, line buffering, progress
// bars), yet a session keeps its working directory and exported variables
// from one command to the next: after each command the shell reports its
// final state through an EXIT trap, and the caller passes it back in with
// the next request. Output is made plain text for the model, and capped
// without holding unbounded output in memory. An optional exec gate
// (gate.go) checks every program a command executes, after the shell has
// expanded its words, and kills the command when one is refused.
//
// Every command can run in an OS sandbox (sandbox.go) that lets it write
// only the workspace and the temporary directories, read all but herm's
// secrets and use no network, whatever it is: Landlock on Linux,
// sandbox-exec on macOS, confining the command and never herm itself.
//
// Platforms: the exec gate needs Linux (HasExecGate); elsewhere commands
// run without it and each Result says so. Windows has no sandbox
// (Backend.Sandbox says so). On Windows, where no
// pseudo-terminal can be opened, commands run on pipes in a job object
// (pipe_windows.go), in Git for Windows' bash.
//
// terminal runs what it is given; it never judges a command (tools/guard
// does, and the exec gate only asks its Exec callback) and never talks to
// the model or the store.
package terminal

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"sync"
	"time"
)

// Config configures a Backend. Zero values take the defaults.
type Config struct {
	// Shell runs the commands with -c. Default: bash from PATH, else
	// /bin/sh; on Windows, Git for Windows' bash (see defaultShell).
	Shell string
	// Env is the environment commands start from (default os.Environ()).
	// Credentials and HERM_* settings are removed from it.
	Env []string
	// OutputLimit is how many bytes of a command's output are returned;
	// beyond it the head and tail are kept. Default 10,000.
	OutputLimit int
	// LogLimit is how many bytes of a background process's output are
	// kept, head and tail. Default 100,000.
	LogLimit int
	// DefaultTimeout applies when a request has none (default 180 s);
	// MaxTimeout caps any request (default 600 s).
	DefaultTimeout, MaxTimeout time.Duration
	// TempDir holds the small state files commands write (default
	// os.TempDir()).
	TempDir string
	// Sandbox confines every command (sandbox.go). The zero Policy runs
	// commands unconfined, and so does a machine without a sandbox:
	// Backend.Sandbox says which.
	Sandbox Policy
}

// Backend runs commands locally. It is safe for concurrent use; Close
// kills the background processes it started.
type Backend struct {
	cfg  Config
	base map[string]string // the environment every command starts from
	// abi is the sandbox's version on this machine (sandboxSupport), 0
	// without one; noSandbox says why.
	abi       int
	noSandbox string
	policy    Policy // cfg.Sandbox resolved

	mu      sync.Mutex
	procs   map[string]*Process
	running map[*session]bool // foreground commands, killed by Close
	nextID  int
	closed  bool
}

// New returns a Backend for cfg.
func New(cfg Config) *Backend {
	if cfg.Shell == "" {
		cfg.Shell = defaultShell()
	}
	if cfg.Env == nil {
		cfg.Env = os.Environ()
	}
	if cfg.OutputLimit <= 0 {
		cfg.OutputLimit = 10_000
	}
	if cfg.LogLimit <= 0 {
		cfg.LogLimit = 100_000
	}
	if cfg.DefaultTimeout <= 0 {
		cfg.DefaultTimeout = 180 * time.Second
	}
	if cfg.MaxTimeout <= 0 {
		cfg.MaxTimeout = 600 * time.Second
	}
	if cfg.TempDir == "" {
		cfg.TempDir = os.TempDir()
	}
	b := &Backend{
		cfg:     cfg,
		base:    baseEnv(cfg.Env),
		procs:   map[string]*Process{},
		running: map[*session]bool{},
	}
	if cfg.Sandbox.Enabled() {
		b.abi, b.noSandbox = sandboxSupport()
		b.policy = cfg.Sandbox.resolved()
	}
	return b
}

// Config returns the backend's configuration with defaults filled in.
func (b *Backend) Config() Config { return b.cfg }

// Sandbox reports whether commands run in the sandbox and, when they do
// not, why not, in words for the person.
func (b *Backend) Sandbox() (on bool, why string) {
	switch {
	case !b.cfg.Sandbox.Enabled():
		return false, "the sandbox is off (terminal.sandbox: off)"
	case b.abi == 0:
		return false, b.noSandbox
	}
	return true, ""
}

// Rules returns the rules of the sandbox for a command whose workspace is
// the directory given, and whether commands are sandboxed at all.
func (b *Backend) Rules(workspace string) (Rules, bool) {
	if on, _ := b.Sandbox(); !on {
		return Rules{}, false
	}
	r := b.policy.rules(workspace)
	r.abi = b.abi
	if !blocksNetwork(b.abi) {
		r.Network = true // the kernel cannot refuse it: say so
	}
	return r, true
}

// confinement is the sandbox for req, nil when it runs unconfined.
func (b *Backend) confinement(req Request) *Rules {
	if req.Unconfined {
		return nil
	}
	ws := req.Workspace
	if ws == "" {
		ws = req.Dir
	}
	r, on := b.Rules(ws)
	if !on {
		return nil
	}
	if req.AllowNetwork {
		r.Network = true
	}
	return &r
}

// Request is one command to run.
type Request struct {
	Command string
	// Dir is the working directory; it must exist.
	Dir string
	// Vars are the session's exported variables (from an earlier
	// Result), laid over the base environment.
	Vars map[string]string
	// Timeout bounds the run: zero means the default, more than the
	// maximum means the maximum.
	Timeout time.Duration
	// Progress, when non-nil, receives plain output as it arrives, from
	// another goroutine, one call at a time, never after Run returns.
	Progress func(chunk string)
	// ExecGate, when non-nil, vets every program the command executes,
	// after the shell has expanded its words (see gate.go). A refusal
	// kills the whole command.
	ExecGate ExecGate
	// Workspace is the directory the session started in: in the
	// sandbox, the command may write its project root (Policy.Rules).
	// Empty means Dir.
	Workspace string
	// Unconfined runs the command outside the sandbox, and AllowNetwork
	// runs it in the sandbox with the network: for a command the sandbox
	// refused, run again because a person said so.
	Unconfined, AllowNetwork bool
}

// Result is the outcome of a command. A non-zero exit is not an error.
type Result struct {
	// Output is the plain-text output, capped at Config.OutputLimit.
	Output string
	// Omitted counts the bytes cut from the middle of Output.
	Omitted int64
	// ExitCode is the shell's exit status: 124 on timeout, 130 when
	// interrupted, 128+N when killed by signal N.
	ExitCode    int
	TimedOut    bool
	Interrupted bool
	// Timeout is the limit the command ran under.
	Timeout time.Duration
	// StateSaved reports whether the shell reported its final state;
	// only then are Dir and Vars meaningful. (It does not when killed,
	// when the command replaced the shell with exec, or set its own EXIT
	// trap.)
	StateSaved bool
	// Dir is the final working directory.
	Dir string
	// Vars are the exported variables that differ from the base
	// environment: the session's state to pass to the next Request.
	Vars map[string]string
	// Refused is set when the exec gate stopped the command; it was
	// killed, and ExitCode is 137 (SIGKILL).
	Refused *Refusal
	// Ungated is set when the Request had an ExecGate but the command
	// ran without the second check: this platform has none (HasExecGate
	// is false), or this system does not allow tracing processes
	// (ptrace).
	Ungated bool
	// Sandboxed is set when the command ran in the sandbox, and Rules
	// are the rules it ran under.
	Sandboxed bool
	Rules     Rules
	// Denials are what the sandbox refused the command, as far as its
	// output shows, and the repository files herm put back after it
	// (sandbox_denial.go, sandbox_restore.go).
	Denials []Denial
}

// Exit statuses for commands herm stopped, as timeout(1) and a shell
// would report them.
const (
	ExitTimeout     = 124
	ExitInterrupted = 130
)

// ErrClosed is returned for requests to a closed Backend.
var ErrClosed = errors.New("terminal backend is closed")

// Run runs req.Command in a new shell and waits for it, its timeout, or
// ctx. On timeout or cancellation the command's whole process group is
// killed and the output so far returned. The error is for failures to run
// the command at all.
func (b *Backend) Run(ctx context.Context, req Request) (Result, error) {
	if err := b.checkOpen(); err != nil {
		return Result{}, err
	}
	if err := checkDir(req.Dir); err != nil {
		return Result{}, err
	}
	timeout := b.timeout(req.Timeout)

	stateFile, err := os.CreateTemp(b.cfg.TempDir, "herm-shell-state-*")
	if err != nil {
		return Result{}, fmt.Errorf("create the shell state file: %w", err)
	}
	statePath := stateFile.Name()
	stateFile.Close()
	defer os.Remove(statePath)

	cmd := exec.Command(b.cfg.Shell, "-c", wrapCommand(req.Command, statePath))
	cmd.Dir = req.Dir
	cmd.Env = childEnv(b.base, req.Vars)
	out := newCapped(b.cfg.OutputLimit)
	box := b.confinement(req)
	if box != nil {
		box.files = []string{statePath}
	}
	kept := box.snapshotRestored()
	s, err := b.startForeground(cmd, out, req.Progress, req.ExecGate, box)
	if err != nil {
		return Result{}, err
	}
	defer b.untrack(s)
	s.endInput()

	res := Result{Timeout: timeout}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-s.exited:
	case <-timer.C:
		res.TimedOut = true
	case <-ctx.Done():
		res.Interrupted = true
	}
	if res.TimedOut || res.Interrupted {
		s.killGroup()
		<-s.exited
	}
	s.finish()

	res.Output, res.Omitted = out.text()
	res.Refused, res.Ungated = s.refused(), s.ungated
	switch {
	case res.TimedOut:
		res.ExitCode = ExitTimeout
	case res.Interrupted:
		res.ExitCode = ExitInterrupted
	default:
		res.ExitCode = s.code
		if data, err := os.ReadFile(statePath); err == nil && res.Refused == nil {
			res.Dir, res.Vars, res.StateSaved = parseState(data, b.base)
		}
	}
	if box != nil {
		res.Sandboxed, res.Rules = true, *box
		res.Rules.files = nil
		dir := req.Dir
		if res.StateSaved {
			dir = res.Dir
		}
		res.Denials = append(kept.restore(), detectDenials(res.Output, dir, box)...)
	}
	return res, nil
}

// wrapCommand prefixes command with an EXIT trap that writes the shell's
// final directory and exported environment to statePath. The trap shares
// the command's first line, so error messages keep the user's line
// numbers, and it writes nothing to the terminal.
func wrapCommand(command, statePath string) string {
	body := `__herm_rc=$?; { printf '%s\0' ` + shellDir + `; command -p env -0; } >` +
		shellQuote(statePath) + ` 2>/dev/null; exit $__herm_rc`
	return "trap " + shellQuote(body) + " EXIT; " + command
}

func (b *Backend) timeout(d time.Duration) time.Duration {
	switch {
	case d <= 0:
		return b.cfg.DefaultTimeout
	case d > b.cfg.MaxTimeout:
		return b.cfg.MaxTimeout
	}
	return d
}

func checkDir(dir string) error {
	if dir == "" {
		return errors.New("no working directory given")
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("working directory %s: %w", dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("working directory %s is not a directory", dir)
	}
	return nil
}

// startForeground starts cmd and records it so Close can kill it.
func (b *Backend) startForeground(cmd *exec.Cmd, out *capped, progress func(string), gate ExecGate, box *Rules) (*session, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, ErrClosed
	}
	s, err := startSession(cmd, out, progress, gate, box)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", b.cfg.Shell, err)
	}
	b.running[s] = true
	return s, nil
}

func (b *Backend) untrack(s *session) {
	b.mu.Lock()
	delete(b.running, s)
	b.mu.Unlock()
}

func (b *Backend) checkOpen() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return ErrClosed
	}
	return nil
}

// Start runs req.Command in the background, detached from ctx, in its own
// session and process group, and returns at once. Its output is kept
// (head and tail, Config.LogLimit bytes); Timeout and Progress are
// ignored. The process stays in the backend's table until Remove or
// Close.
func (b *Backend) Start(ctx context.Context, req Request) (*Process, error) {
	if err := checkDir(req.Dir); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cmd := exec.Command(b.cfg.Shell, "-c", req.Command)
	cmd.Dir = req.Dir
	cmd.Env = childEnv(b.base, req.Vars)
	box := b.confinement(req)

	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return nil, ErrClosed
	}
	p := &Process{Command: req.Command, Dir: req.Dir, Started: time.Now(), out: newCapped(b.cfg.LogLimit),
		Sandboxed: box != nil, kept: box.snapshotRestored()}
	s, err := startSession(cmd, p.out, nil, req.ExecGate, box)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", b.cfg.Shell, err)
	}
	b.nextID++
	p.ID = "proc_" + strconv.Itoa(b.nextID)
	p.PID = s.cmd.Process.Pid
	p.s = s
	p.done = make(chan struct{})
	go p.watch()
	b.procs[p.ID] = p
	return p, nil
}

// Process returns the background process with the given id.
func (b *Backend) Process(id string) (*Process, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p, ok := b.procs[id]
	return p, ok
}

// Processes lists the background processes, oldest first.
func (b *Backend) Processes() []*Process {
	b.mu.Lock()
	out := make([]*Process, 0, len(b.procs))
	for _, p := range b.procs {
		out = append(out, p)
	}
	b.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Started.Before(out[j].Started) })
	return out
}

// Kill kills the background process id and everything in its process
// group, and waits for it to exit.
func (b *Backend) Kill(id string) error {
	p, ok := b.Process(id)
	if !ok {
		return fmt.Errorf("no background process %q", id)
	}
	p.Kill()
	return nil
}

// Remove forgets a finished background process.
func (b *Backend) Remove(id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	p, ok := b.procs[id]
	if !ok {
		return fmt.Errorf("no background process %q", id)
	}
	if p.Running() {
		return fmt.Errorf("background process %s is still running; kill it first", id)
	}
	delete(b.procs, id)
	return nil
}

// Close kills every command still running — foreground ones return as
// if interrupted by signal — and every background process, and refuses
// further requests.
func (b *Backend) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return nil
	}
	b.closed = true
	for s := range b.running {
		s.killGroup()
	}
	procs := make([]*Process, 0, len(b.procs))
	for _, p := range b.procs {
		procs = append(procs, p)
	}
	b.mu.Unlock()
	for _, p := range procs {
		p.Kill()
	}
	return nil
}
