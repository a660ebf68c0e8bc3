// Package tools holds the tool registry, the Tool interface and herm's
// built-in tools. A tool failure (bad arguments, a command exiting non-zero,
// a missing file) is a Result the model sees; a Go error is reserved for
// infrastructure faults, and is also shown to the model as a failed result.
//
// Tools act only through what their Env gives them (the terminal backend,
// memory, skills, the store's search) and ask the Env's guards before
// anything dangerous; they never decide an approval, never write herm's
// own state outside the memory and skill files they manage, and never
// import the agent.
package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"sync"
	"time"

	"github.com/herm-dev/herm/tools/guard"
)

// Spec is what the model is told about a tool.
type Spec struct {
	Name        string
	Description string
	Parameters  json.RawMessage // JSON schema of the arguments object
}

// Tool is one capability the agent can call.
type Tool interface {
	Spec() Spec
	// Toolset groups tools so a front end can enable or drop them together
	// ("terminal", "file", "todo"…).
	Toolset() string
	// ReadOnly tools may run concurrently with each other.
	ReadOnly() bool
	Run(ctx context.Context, call *Call) Result
}

// Call is one invocation of a tool.
type Call struct {
	ID   string
	Args json.RawMessage
	Env  *Env
	// Progress, when non-nil, receives output as it is produced (terminal
	// output chunks) so front ends can show it live.
	Progress func(chunk string)
}

// Result is what a tool produced. Output is what the model reads.
type Result struct {
	Output  string
	IsError bool
	// ExitCode is set by tools that run processes.
	ExitCode *int
	// Diff is a unified diff of a file change, for front ends to show.
	Diff string
	// Meta carries small structured facts for front ends and the store
	// (e.g. "path", "cwd"); never secrets.
	Meta map[string]string
}

// Errorf builds a failed Result with a message for the model.
func Errorf(format string, args ...any) Result {
	return Result{Output: fmt.Sprintf(format, args...), IsError: true}
}

// Registry holds the tools available to an agent, by name.
type Registry struct {
	tools map[string]Tool
}

// NewRegistry returns a registry holding ts. Duplicate names panic: the
// built-in list is code, and a clash there is a programming error.
func NewRegistry(ts ...Tool) *Registry {
	r := &Registry{tools: make(map[string]Tool, len(ts))}
	for _, t := range ts {
		r.Add(t)
	}
	return r
}

// Add registers t.
func (r *Registry) Add(t Tool) {
	name := t.Spec().Name
	if _, dup := r.tools[name]; dup {
		panic("tools: duplicate tool " + name)
	}
	r.tools[name] = t
}

// Get returns the tool called name.
func (r *Registry) Get(name string) (Tool, bool) {
	t, ok := r.tools[name]
	return t, ok
}

// Without returns a registry lacking the named tools or toolsets.
func (r *Registry) Without(names ...string) *Registry {
	drop := make(map[string]bool, len(names))
	for _, n := range names {
		drop[n] = true
	}
	out := &Registry{tools: make(map[string]Tool, len(r.tools))}
	for n, t := range r.tools {
		if !drop[n] && !drop[t.Toolset()] {
			out.tools[n] = t
		}
	}
	return out
}

// Specs lists every tool's spec, sorted by name so prompts are stable (and
// provider prompt caches hit).
func (r *Registry) Specs() []Spec {
	out := make([]Spec, 0, len(r.tools))
	for _, t := range r.tools {
		out = append(out, t.Spec())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Env is the per-session state tools share: the session's id, the working
// directory and environment the terminal keeps between calls, the todo
// list, the guards in force, and where herm's own files live. It is safe
// for concurrent use: everything that changes is read and set through
// methods, under the Env's lock.
type Env struct {
	// HermHome is the herm home directory; tools protect its config and DB.
	HermHome string

	mu        sync.Mutex
	sessionID string
	cwd       string
	workspace string            // the first cwd: where sandboxed commands may write
	vars      map[string]string // exported variables set by earlier commands
	todos     []Todo
	guard     CommandGuard // nil: the built-in block-list check only
	pathGuard PathGuard    // nil: every sensitive write is refused
	hook      WriteHook    // nil: nobody is told about writes
	escalate  EscalationGuard
	// started is when the session's tools started (to the second below):
	// a file changed since was written by the agent (written.go).
	started time.Time
	written map[string]bool // paths write_file and patch wrote
}

// WriteHook receives a file's content just before a file tool replaces it:
// path is absolute, existed false when the write creates the file. It must
// not keep old beyond the call without copying it.
type WriteHook func(ctx context.Context, path string, old []byte, mode fs.FileMode, existed bool)

// CommandGuard vets a shell command before it runs. It returns nil to allow
// it, an *EditedCommand to run a command a person edited it into instead,
// or another error the model sees as the reason for refusal.
type CommandGuard func(ctx context.Context, command, cwd string) error

// EditedCommand is a CommandGuard's answer when a person approved the
// command only after editing it: Command, already vetted by the guard (an
// edit that is block-level is refused, never returned), runs instead of
// the requested one, and the model is told what ran. A caller that does
// not know this answer treats it as a refusal, which is safe.
type EditedCommand struct {
	Command string
}

func (e *EditedCommand) Error() string {
	return "the user edited the command before approving it; what may run instead: " + e.Command
}

// PathGuard vets a file tool's write to a sensitive path: tool is the
// tool's name, path the absolute path, v the ask-level verdict (block-level
// writes never reach it). preview returns what the write would change, as
// a unified diff (a new file against /dev/null), or "" when it cannot
// tell; it reads the file, so a guard calls it only to show a person. The
// guard returns nil to allow the write, or an error the model sees as the
// reason for refusal.
type PathGuard func(ctx context.Context, tool, path string, v guard.Verdict, preview func() string) error

// NewEnv returns the tool environment for a session starting in cwd.
func NewEnv(sessionID, cwd, hermHome string) *Env {
	return &Env{
		sessionID: sessionID, cwd: cwd, workspace: cwd, HermHome: hermHome, vars: map[string]string{},
		started: time.Now().Truncate(time.Second),
	}
}

// Workspace returns the directory the session started in: its project is
// where the sandbox lets commands write, wherever later commands cd to.
func (e *Env) Workspace() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.workspace
}

// SessionID returns the id of the session the tools work for. It changes
// when compression moves the conversation to a child session.
func (e *Env) SessionID() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.sessionID
}

// SetSessionID follows the session to a new id (after compression).
func (e *Env) SetSessionID(id string) {
	e.mu.Lock()
	e.sessionID = id
	e.mu.Unlock()
}

// SetGuards installs the guards of shell commands and of writes to
// sensitive paths, together. The agent installs a turn's guards (which may
// ask a person) when the turn starts and its refusing ones when it ends; a
// tool reads them as it runs, so each call is vetted by the guards of the
// turn it runs in. A nil command guard runs the built-in block-list check
// only; a nil path guard refuses every sensitive write.
func (e *Env) SetGuards(command CommandGuard, path PathGuard) {
	e.mu.Lock()
	e.guard, e.pathGuard = command, path
	e.mu.Unlock()
}

// guards returns the guards in force (see SetGuards).
func (e *Env) guards() (CommandGuard, PathGuard) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.guard, e.pathGuard
}

// SetBeforeWrite installs the hook told about every file write_file and
// patch are about to change, with what it holds, so the change can be
// undone later (the agent's /rewind snapshots). Nil removes it.
func (e *Env) SetBeforeWrite(h WriteHook) {
	e.mu.Lock()
	e.hook = h
	e.mu.Unlock()
}

// beforeWrite tells the write hook, if any, that path is about to change.
// The hook runs outside the Env's lock.
func (e *Env) beforeWrite(ctx context.Context, path string, old []byte, mode fs.FileMode, existed bool) {
	e.mu.Lock()
	h := e.hook
	e.mu.Unlock()
	if h != nil {
		h(ctx, path, old, mode, existed)
	}
}

// Cwd returns the session's working directory.
func (e *Env) Cwd() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.cwd
}

// SetCwd changes the session's working directory.
func (e *Env) SetCwd(dir string) {
	e.mu.Lock()
	e.cwd = dir
	e.mu.Unlock()
}

// Vars returns a copy of the variables exported by earlier commands.
func (e *Env) Vars() map[string]string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make(map[string]string, len(e.vars))
	for k, v := range e.vars {
		out[k] = v
	}
	return out
}

// SetVars replaces the exported variables.
func (e *Env) SetVars(v map[string]string) {
	e.mu.Lock()
	e.vars = v
	e.mu.Unlock()
}

// Todo is one item of the session's task list.
type Todo struct {
	ID      string `json:"id"`
	Content string `json:"content"`
	Status  string `json:"status"` // pending|in_progress|completed|cancelled
}

// Todos returns a copy of the session's task list.
func (e *Env) Todos() []Todo {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]Todo(nil), e.todos...)
}

// SetTodos replaces the session's task list.
func (e *Env) SetTodos(t []Todo) {
	e.mu.Lock()
	e.todos = append([]Todo(nil), t...)
	e.mu.Unlock()
}

// keyArguments are the argument names that best say what a call does, in
// order of preference, for one-line summaries of tool calls.
var keyArguments = []string{"command", "path", "pattern", "query", "name", "goal", "action", "target", "question"}

// KeyArgument returns the most telling argument of a call for a one-line
// summary ("ls -la" for terminal, the path for read_file), or "" if the
// arguments have none.
func KeyArgument(tool, argsJSON string) string {
	var args map[string]any
	if json.Unmarshal([]byte(argsJSON), &args) != nil {
		return ""
	}
	for _, k := range keyArguments {
		if v, ok := args[k].(string); ok && v != "" {
			return v
		}
	}
	return ""
}
