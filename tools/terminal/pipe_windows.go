package terminal

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// startSession runs cmd with pipes for its input and output. Windows has
// no pseudo-terminal that creack/pty can open (and herm carries no ConPTY
// library), so programs see no terminal, as under `command | cat`: they
// print without colours or progress bars, and a program that insists on
// a console gets none. The command and everything it starts run in a job
// object of their own, Windows' counterpart of a process group. There is
// no exec gate on Windows: a gate asked for is not used, and the Result
// says so (Ungated). Nor is there a sandbox (sandboxSupport), so box is
// always nil. Output goes, plain, to out and, as it arrives, to progress
// (when non-nil) from the reader goroutine.
func startSession(cmd *exec.Cmd, out *capped, progress func(string), gate ExecGate, box *Rules) (*session, error) {
	if box != nil {
		_, _, err := confine(cmd, box, box.abi)
		return nil, fmt.Errorf("set up the sandbox: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("open the output pipe: %w", err)
	}
	defer outW.Close()
	inR, inW, err := os.Pipe()
	if err != nil {
		outR.Close()
		return nil, fmt.Errorf("open the input pipe: %w", err)
	}
	defer inR.Close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, outW
	// Suspended until it is in its job, so nothing it starts can escape
	// the job; and without a console, as a command in its own session has
	// no controlling terminal on Unix.
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NO_WINDOW}
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		outR.Close()
		inW.Close()
		return nil, fmt.Errorf("create a job object: %w", err)
	}
	fail := func(err error) (*session, error) {
		windows.CloseHandle(job)
		outR.Close()
		inW.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			err = fmt.Errorf("%w (herm runs commands in bash: install Git for Windows, which brings it, or set terminal.shell in the config)", err)
		}
		return fail(err)
	}
	if err := startInJob(job, cmd.Process.Pid); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return fail(fmt.Errorf("put the command in a job object: %w", err))
	}
	s := newSession(cmd, outR, inW, out, progress)
	s.ungated = gate != nil
	s.group.job = job
	go func() { s.setExited(exitCode(cmd.Wait())) }()
	go s.read()
	return s, nil
}

// startInJob puts the suspended process pid in job, then lets it run.
func startInJob(job windows.Handle, pid int) error {
	p, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return err
	}
	defer windows.CloseHandle(p)
	if err := windows.AssignProcessToJobObject(job, p); err != nil {
		return err
	}
	return resumeThreads(uint32(pid))
}

// resumeThreads resumes the threads of process pid: os/exec keeps no
// handle to the main thread of a process started suspended, so it is
// found in a snapshot of the system's threads.
func resumeThreads(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return err
	}
	defer windows.CloseHandle(snap)
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := false
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return err
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return err
		}
		resumed = true
	}
	if !resumed {
		return errors.New("its main thread was not found")
	}
	return nil
}

// killedStatus is the exit status of a command herm killed: what a shell
// reports for SIGKILL, as on Unix.
const killedStatus = 128 + 9

// procGroup is the job object the command and its processes run in.
type procGroup struct {
	mu  sync.Mutex
	job windows.Handle // 0 once released
}

// kill ends every process in the job.
func (g *procGroup) kill() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != 0 {
		_ = windows.TerminateJobObject(g.job, killedStatus)
	}
}

// release closes the job once the session is finished; processes still
// in it keep running, as a process group's members outlive its leader.
func (g *procGroup) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != 0 {
		windows.CloseHandle(g.job)
		g.job = 0
	}
}

// endInput closes the command's input, so a command waiting for input (a
// prompt, `cat` with no file) reads end of file instead of hanging until
// the timeout.
func (s *session) endInput() { s.in.Close() }

// defaultShell is Git for Windows' bash, found beside git.exe (its
// installer puts only git's folder on PATH), else a bash on PATH that is
// not WSL's launcher in the system folder (it runs commands in a Linux
// distribution, where Windows paths mean nothing), else "bash", which
// fails to start with an error naming it.
func defaultShell() string {
	if git, err := exec.LookPath("git"); err == nil {
		// <Git>\cmd\git.exe, <Git>\bin\git.exe or <Git>\mingw64\bin\git.exe.
		dir := filepath.Dir(git)
		for _, c := range []string{
			filepath.Join(dir, "bash.exe"),
			filepath.Join(filepath.Dir(dir), "bin", "bash.exe"),
			filepath.Join(filepath.Dir(filepath.Dir(dir)), "bin", "bash.exe"),
		} {
			if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() {
				return c
			}
		}
	}
	if p, err := exec.LookPath("bash"); err == nil {
		if sys, err := windows.GetSystemDirectory(); err != nil || !strings.EqualFold(filepath.Dir(p), sys) {
			return p
		}
	}
	return "bash"
}

// shellDir is the shell's expression for its working directory in the
// state the EXIT trap saves: MSYS bash (Git for Windows) keeps $PWD in its
// own /c/... form, which pwd -W turns back into a Windows path.
const shellDir = `"$(pwd -W 2>/dev/null || pwd)"`
