package terminal

import (
	"bytes"
	"fmt"
)

// The exec gate: a second check of what a command really runs.
//
// The guard judges a command before it runs, from its text. What the text
// leaves open — `x=rf; rm -$x /`, `$(printf rm) -rf /`, a script, a
// Makefile, python's os.system — is only settled once the shell has
// expanded the words and executes a program. So when a Request has an
// ExecGate, the command's shell runs under ptrace(2), with every process
// and thread it starts traced too (PTRACE_O_TRACEFORK, VFORK, CLONE), and
// the kernel stops each one right after a successful execve, before the
// new program runs a single instruction (PTRACE_EVENT_EXEC). The gate
// reads the program's argv, executable and directory from /proc and
// judges them; if it refuses, the whole command is killed, every process
// of it, and the Result says why.
//
// Only execve stops and process creation stop the command; all other
// system calls run untraced, so the cost is a few context switches per
// program started (see BenchmarkRunGate).
//
// Limits: the gate sees programs, not what they do: shell builtins and
// functions (kill, echo > file, cd), redirections (> /dev/sda) and file
// operations made without starting a program (python's shutil.rmtree)
// pass it — the static analysis is the check for those. Job-control stop
// signals (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU) are not passed on, so
// gated commands cannot be stopped, only killed. A setuid program (sudo)
// runs without its privileges under ptrace, as under any debugger; so a
// command approved to run with sudo needs the gate off. Where ptrace is
// not allowed (some containers), the command runs without the gate and
// the Result says so.
//
// The gate exists on Linux only (gate_linux.go; HasExecGate): macOS's
// ptrace does not follow the processes a command forks, nor is there a
// /proc to read a stopped program's arguments from, and Windows has
// neither. There a Request's ExecGate is
// not used: the command runs as if ptrace were forbidden, checked only
// by the caller's parse-time guard, and Result.Ungated says so.

// Exec is a program a command is about to run: it has been loaded but has
// not run yet.
type Exec struct {
	PID int
	// Argv is the program's argument list, after the shell's expansion.
	Argv []string
	// Exe is the executable file loaded (for a script, its interpreter).
	Exe string
	// Dir is the program's working directory.
	Dir string
}

// ExecGate vets each program a command executes. It returns nil to let it
// run, or an error saying why not; the whole command is then killed. It
// is called from a goroutine of the backend, one call at a time per
// command, while the program waits, so it should be quick.
type ExecGate func(Exec) error

// Refusal is what the exec gate stopped.
type Refusal struct {
	Argv   []string
	Reason string
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("stopped before running %s: %s", quoteArgv(r.Argv), r.Reason)
}

func quoteArgv(argv []string) string {
	var b bytes.Buffer
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a == "" || bytes.ContainsAny([]byte(a), " \t\n'\"\\$`;&|<>()*?[]{}~!#") {
			b.WriteString(shellQuote(a))
		} else {
			b.WriteString(a)
		}
		if b.Len() > 300 {
			b.WriteString(" …")
			break
		}
	}
	return b.String()
}
