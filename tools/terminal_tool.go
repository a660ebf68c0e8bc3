package tools

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/tools/terminal"
)

type terminalTool struct {
	backend *terminal.Backend
}

func (t terminalTool) Spec() Spec {
	cfg := t.backend.Config()
	return Spec{
		Name: "terminal",
		Description: fmt.Sprintf("Run a shell command (bash) on the user's machine and return its output and exit code. "+
			"The working directory and exported variables persist between calls (cd and export work). "+
			"Commands get no input: do not run interactive programs; pass flags like -y instead. "+
			"Output over %d characters keeps its beginning and end. "+
			"Set background=true for servers and other long-running processes."+sandboxSpec(t.backend), cfg.OutputLimit),
		Parameters: []byte(fmt.Sprintf(`{
  "type": "object",
  "properties": {
    "command": {"type": "string", "description": "The command to run, with bash syntax."},
    "timeout": {"type": "integer", "minimum": 1, "maximum": %d, "description": "Seconds before the command is killed. Default %d."},
    "workdir": {"type": "string", "description": "Run in this directory for this call only, instead of the session's."},
    "background": {"type": "boolean", "description": "Start the command in the background and return at once with a process id. Default false."}
  },
  "required": ["command"]
}`, int(cfg.MaxTimeout/time.Second), int(cfg.DefaultTimeout/time.Second))),
	}
}

func (terminalTool) Toolset() string { return "terminal" }
func (terminalTool) ReadOnly() bool  { return false }

func (t terminalTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Command    string   `json:"command"`
		Timeout    flexInt  `json:"timeout"`
		Workdir    string   `json:"workdir"`
		Background flexBool `json:"background"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	if strings.TrimSpace(args.Command) == "" {
		return missing("command", "the shell command to run")
	}
	cfg := t.backend.Config()
	var notes []string
	timeout := cfg.DefaultTimeout
	if args.Timeout.Set {
		if args.Timeout.Value < 1 {
			return argErrorf("timeout must be a number of seconds, 1 or more (got %d)", args.Timeout.Value)
		}
		timeout = time.Duration(args.Timeout.Value) * time.Second
		if timeout > cfg.MaxTimeout {
			timeout = cfg.MaxTimeout
			notes = append(notes, fmt.Sprintf("[timeout lowered to the maximum, %s]", seconds(cfg.MaxTimeout)))
		}
	}

	env := envOf(call)
	dir := env.Cwd()
	if args.Workdir != "" {
		p, err := resolvePath(env, args.Workdir)
		if err != nil {
			return argErrorf("workdir: %v", err)
		}
		if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
			return argErrorf("workdir %s is not an existing directory", args.Workdir)
		}
		dir = p
	}

	check, _ := env.guards()
	if check == nil {
		check = BlockListGuard
	}
	command, edited := args.Command, ""
	if err := check(ctx, args.Command, dir); err != nil {
		var e *EditedCommand
		if !errors.As(err, &e) {
			return Errorf("command refused: %v", err)
		}
		command = e.Command
		edited = "[the user edited this command before approving it; what ran instead: " + command + "]\n"
	}

	req := terminal.Request{Command: command, Dir: dir, Vars: env.Vars(), Timeout: timeout, Progress: call.Progress,
		Workspace: env.Workspace()}
	req.ExecGate = execGate(command, env.guardOptions(dir))
	if args.Background.Value {
		res := t.start(ctx, req)
		if edited != "" {
			res.Output = edited + res.Output
			res.Meta["edited_command"] = command
		}
		return res
	}
	res, err := t.backend.Run(ctx, req)
	if err != nil {
		return Errorf("%scould not run the command: %v", edited, err)
	}
	res, sandboxNotes, meta := t.afterSandbox(ctx, env, req, res)
	meta["cwd"] = dir
	if edited != "" {
		meta["edited_command"] = command
	}
	if res.StateSaved {
		env.SetVars(res.Vars)
		if args.Workdir == "" && res.Dir != dir {
			env.SetCwd(res.Dir)
			meta["cwd"] = res.Dir
			notes = append(notes, "[working directory is now "+res.Dir+"]")
		}
	}
	switch {
	case res.Refused != nil:
		notes = append(notes, "[herm "+res.Refused.Error()+"; the whole command was killed]")
		meta["refused"] = strings.Join(res.Refused.Argv, " ")
	case res.TimedOut:
		notes = append(notes, fmt.Sprintf("[command timed out after %s and was killed]", seconds(res.Timeout)))
	case res.Interrupted:
		notes = append(notes, "[interrupted]")
	}
	if res.Ungated {
		meta["exec_gate"] = "unavailable"
	}
	notes = append(notes, sandboxNotes...)

	var b strings.Builder
	b.WriteString(edited)
	b.WriteString(res.Output)
	if res.Output == "" {
		b.WriteString("(no output)")
	}
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteByte('\n')
	}
	for _, n := range notes {
		b.WriteString(n + "\n")
	}
	b.WriteString(exitCodeLine(res.ExitCode))
	code := res.ExitCode
	return Result{
		Output:   b.String(),
		IsError:  res.TimedOut || res.Interrupted || res.Refused != nil || meta["sandbox"] == "refused",
		ExitCode: &code,
		Meta:     meta,
	}
}

func (t terminalTool) start(ctx context.Context, req terminal.Request) Result {
	p, err := t.backend.Start(ctx, req)
	if err != nil {
		return Errorf("could not start the command: %v", err)
	}
	meta := map[string]string{"session_id": p.ID, "pid": strconv.Itoa(p.PID), "cwd": req.Dir}
	if p.Sandboxed {
		meta["sandbox"] = "on"
	}
	return Result{
		Output: fmt.Sprintf("started in the background: process %s (pid %d) in %s.\n"+
			"Use the process tool with session_id=%q to check its output, wait for it or kill it.",
			p.ID, p.PID, req.Dir, p.ID),
		Meta: meta,
	}
}

func seconds(d time.Duration) string {
	return strconv.Itoa(int(d/time.Second)) + "s"
}

// execGate is the terminal's second check: each program the command
// executes is judged again with its words expanded, and block-level ones
// are stopped (`x=rf; rm -$x /` is only ask-level before it runs). A
// command that runs sudo or the like, which the user approved, goes
// without it: a setuid program loses its privileges under the gate.
func execGate(command string, opt guard.Options) terminal.ExecGate {
	for _, f := range guard.AnalyzeWith(command, opt).Findings {
		if f.ID == "privilege" {
			return nil
		}
	}
	opt.Resolve = filepath.EvalSymlinks // the files are there to look at
	return func(e terminal.Exec) error {
		o := opt
		o.Cwd = e.Dir
		if why := guard.CheckExec(e.Argv, e.Exe, o).Blocking(); why != "" {
			return errors.New("blocked by herm's safety rules: " + why)
		}
		return nil
	}
}

// BlockListGuard is the CommandGuard used when a session has none: it
// refuses commands the guard blocks (deleting /, mkfs, fork bombs…) and
// lets everything else run. Commands that need approval are allowed until
// the approval flow exists; a session's own Guard replaces this check.
func BlockListGuard(_ context.Context, command, cwd string) error {
	v := guard.AnalyzeWith(command, guard.Options{Cwd: cwd})
	if v.Level != guard.Block {
		return nil
	}
	var reasons []string
	for _, f := range v.Findings {
		if f.Level == guard.Block {
			reasons = append(reasons, fmt.Sprintf("%s [%s]", f.Reason, f.ID))
		}
	}
	return fmt.Errorf("blocked by herm's safety rules, and it will not run in any mode: %s", strings.Join(reasons, "; "))
}

// The terminal tool's output for the model ends with a line giving the
// command's exit status. Front ends that rebuild a tool block from the
// stored text (which is all the store keeps of a result) read it back with
// ExitCode and drop it with WithoutExitCode; the format lives only here.
const exitCodePrefix = "[exit code: "

func exitCodeLine(code int) string { return exitCodePrefix + strconv.Itoa(code) + "]" }

// ExitCode returns the exit status the terminal tool wrote at the end of
// output, if it holds one.
func ExitCode(output string) (int, bool) {
	i := strings.LastIndex(output, exitCodePrefix)
	if i < 0 {
		return 0, false
	}
	rest := output[i+len(exitCodePrefix):]
	j := strings.IndexByte(rest, ']')
	if j <= 0 {
		return 0, false
	}
	n, err := strconv.Atoi(rest[:j])
	return n, err == nil
}

// WithoutExitCode drops the exit-status line from the end of output, if
// it is the last line.
func WithoutExitCode(output string) string {
	trimmed := strings.TrimRight(output, "\n")
	i := strings.LastIndexByte(trimmed, '\n')
	last := trimmed[i+1:]
	if code, ok := ExitCode(last); ok && last == exitCodeLine(code) {
		return trimmed[:max(i, 0)]
	}
	return output
}
