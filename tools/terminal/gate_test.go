package terminal

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeRM puts a harmless program named rm (a copy of echo) in a temporary
// directory and returns its path: the gate judges programs by name, and if
// it ever let one through, this one only prints its arguments.
func fakeRM(t *testing.T) string {
	t.Helper()
	echo, err := exec.LookPath("echo")
	if err != nil {
		t.Skip("no echo program")
	}
	src, err := os.Open(echo)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	path := filepath.Join(t.TempDir(), "rm")
	dst, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// recorder is a gate that refuses rm with -r and records what it saw.
type recorder struct {
	mu    sync.Mutex
	execs []Exec
}

func (r *recorder) gate(e Exec) error {
	r.mu.Lock()
	r.execs = append(r.execs, e)
	r.mu.Unlock()
	if len(e.Argv) > 1 && filepath.Base(e.Argv[0]) == "rm" && strings.HasPrefix(e.Argv[1], "-r") {
		return errors.New("recursive delete")
	}
	return nil
}

func (r *recorder) saw(argv ...string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, e := range r.execs {
		if slices.Equal(e.Argv, argv) {
			return true
		}
	}
	return false
}

// runGated runs req, skipping the test where this system does not let
// herm trace processes (the gate then stands aside, as Ungated says).
func runGated(t *testing.T, b *Backend, req Request) Result {
	t.Helper()
	res := run(t, b, req)
	if res.Ungated {
		t.Skip("ptrace is not allowed here, so the exec gate cannot run")
	}
	return res
}

// TestExecGateWhereThereIsNone: on a platform without the exec gate (all
// but Linux) a gated command still runs, unchecked at exec time, and the
// Result says so; on Linux the gate sees its programs, unless ptrace is
// forbidden here, which the Result says the same way.
func TestExecGateWhereThereIsNone(t *testing.T) {
	b := newBackend(t, Config{})
	var r recorder
	res := run(t, b, Request{Command: "echo hi | cat", ExecGate: r.gate})
	if res.Output != "hi\n" || res.ExitCode != 0 || res.Refused != nil || !res.StateSaved {
		t.Fatalf("got %q exit %d refused %v state saved %v", res.Output, res.ExitCode, res.Refused, res.StateSaved)
	}
	switch {
	case !HasExecGate && (!res.Ungated || len(r.execs) > 0):
		t.Errorf("no exec gate here, yet ungated %v and the gate saw %+v", res.Ungated, r.execs)
	case HasExecGate && !res.Ungated && !r.saw("cat"):
		t.Errorf("the gate ran but did not see cat: %+v", r.execs)
	}
	if res := run(t, b, Request{Command: "true"}); res.Ungated {
		t.Error("a command that asked for no gate is reported ungated")
	}
}

func TestExecGateSeesExpandedWords(t *testing.T) {
	b := newBackend(t, Config{})
	var r recorder
	dir := t.TempDir()
	res := runGated(t, b, Request{Dir: dir, ExecGate: r.gate,
		Command: `x=hello; ls "/$x-missing" 2>/dev/null; echo done | cat`})
	if res.Refused != nil || res.Output != "done\n" || res.ExitCode != 0 {
		t.Fatalf("got refused %v output %q exit %d", res.Refused, res.Output, res.ExitCode)
	}
	if !r.saw("ls", "/hello-missing") || !r.saw("cat") {
		t.Errorf("the gate should have seen the expanded words; it saw %+v", r.execs)
	}
	for _, e := range r.execs {
		if e.Dir != dir || e.Exe == "" || e.PID == 0 {
			t.Errorf("exec %+v: want dir %s, an executable and a pid", e, dir)
		}
	}
	if !res.StateSaved {
		t.Error("the shell's state should still be saved under the gate")
	}
}

func TestExecGateStopsWholeCommand(t *testing.T) {
	rm := fakeRM(t)
	b := newBackend(t, Config{})
	for _, cmd := range []string{
		// Decided only at run time: the static check cannot see these.
		`x=rf; "$RM" -$x /; echo after`,
		`$(printf '%s' "$RM") -rf /; echo after`,
		// Nested shells and programs started by other programs.
		`bash -c 'sh -c "\"$RM\" -rf /"'; echo after`,
		`env "$RM" -r /tmp/x; echo after`,
		`echo / | xargs "$RM" -rf; echo after`,
		// exec replaces the shell itself.
		`exec "$RM" -rf /`,
	} {
		var r recorder
		res := runGated(t, b, Request{Command: cmd, Vars: map[string]string{"RM": rm}, ExecGate: r.gate})
		if res.Refused == nil || !strings.Contains(res.Refused.Error(), "recursive delete") {
			t.Errorf("%s: not refused (output %q, exit %d)", cmd, res.Output, res.ExitCode)
			continue
		}
		if strings.Contains(res.Output, "after") || strings.Contains(res.Output, "-r") {
			t.Errorf("%s: the command went on after the refusal: %q", cmd, res.Output)
		}
		if res.ExitCode != 128+9 || res.StateSaved {
			t.Errorf("%s: exit %d, state saved %v; want killed (137) without state", cmd, res.ExitCode, res.StateSaved)
		}
	}
}

func TestExecGateExitStatus(t *testing.T) {
	b := newBackend(t, Config{})
	var r recorder
	for cmd, want := range map[string]int{"exit 3": 3, "true": 0, "kill -TERM $$": 128 + 15, "sh -c 'exit 7'": 7} {
		if res := runGated(t, b, Request{Command: cmd, ExecGate: r.gate}); res.ExitCode != want || res.Refused != nil {
			t.Errorf("%s: exit %d refused %v, want %d", cmd, res.ExitCode, res.Refused, want)
		}
	}
}

func TestExecGateStopSignalsDoNotHang(t *testing.T) {
	b := newBackend(t, Config{})
	var r recorder
	res := runGated(t, b, Request{Command: "sleep 0.1 & kill -STOP $!; wait; echo ok", ExecGate: r.gate, Timeout: 10 * time.Second})
	if res.TimedOut || res.Output != "ok\n" {
		t.Errorf("got %q timed out %v", res.Output, res.TimedOut)
	}
}

func TestExecGateOutlivingProcessesStillGated(t *testing.T) {
	rm := fakeRM(t)
	b := newBackend(t, Config{})
	var r recorder
	mark := filepath.Join(t.TempDir(), "mark")
	// The shell is gone when the background job, deaf to the terminal's
	// hangup, runs rm. The hangup is ignored before the job is forked: on
	// a busy machine the shell can exit (and the hangup arrive) before the
	// job has run a single command of its own.
	res := runGated(t, b, Request{Command: `trap '' HUP; (while kill -0 $$; do sleep 0.05; done; "$RM" -rf / > "$MARK.out") > /dev/null 2>&1 < /dev/null &`,
		Vars: map[string]string{"RM": rm, "MARK": mark}, ExecGate: r.gate})
	if res.ExitCode != 0 {
		t.Fatalf("exit %d: %q", res.ExitCode, res.Output)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !r.saw(rm, "-rf", "/") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !r.saw(rm, "-rf", "/") {
		out, _ := os.ReadFile(mark + ".out")
		t.Fatalf("the gate never saw the background rm (it ran ungated: %q); it saw %+v", out, r.execs)
	}
	time.Sleep(100 * time.Millisecond)
	if out, err := os.ReadFile(mark + ".out"); err == nil && len(out) > 0 {
		t.Errorf("the refused program ran: %q", out)
	}
}

func TestExecGateBackground(t *testing.T) {
	rm := fakeRM(t)
	b := newBackend(t, Config{})
	var r recorder
	p, err := b.Start(context.Background(), Request{Command: `sleep 0.1; "$RM" -rf /; echo after`, Dir: t.TempDir(),
		Vars: map[string]string{"RM": rm}, ExecGate: r.gate})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the background process did not end")
	}
	if p.Ungated() {
		t.Skip("ptrace is not allowed here, so the exec gate cannot run")
	}
	if p.Refused() == nil || strings.Contains(p.Output(), "after") {
		t.Errorf("refused %v, output %q", p.Refused(), p.Output())
	}
}

func TestExecGatePanicRefuses(t *testing.T) {
	b := newBackend(t, Config{})
	res := runGated(t, b, Request{Command: "ls; echo after", ExecGate: func(Exec) error { panic("boom") }})
	if res.Refused == nil || !strings.Contains(res.Refused.Reason, "boom") || strings.Contains(res.Output, "after") {
		t.Errorf("refused %v output %q", res.Refused, res.Output)
	}
}

func TestRefusalMessage(t *testing.T) {
	r := &Refusal{Argv: []string{"rm", "-rf", "/", "a b"}, Reason: "deletes /"}
	if got, want := r.Error(), `stopped before running rm -rf / 'a b': deletes /`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// BenchmarkRunGate measures a command that starts two programs, with and
// without the exec gate: the gate's cost is the difference.
func BenchmarkRunGate(b *testing.B) {
	for _, gated := range []bool{false, true} {
		name := "off"
		if gated {
			name = "on"
		}
		b.Run(name, func(b *testing.B) {
			be := New(Config{})
			defer be.Close()
			dir := b.TempDir()
			req := Request{Command: "ls / | cat > /dev/null", Dir: dir, Timeout: 30 * time.Second}
			if gated {
				req.ExecGate = func(Exec) error { return nil }
			}
			for b.Loop() {
				res, err := be.Run(context.Background(), req)
				if err != nil || res.ExitCode != 0 {
					b.Fatalf("%v %+v", err, res)
				}
			}
		})
	}
}
