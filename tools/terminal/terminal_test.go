package terminal

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func newBackend(t *testing.T, cfg Config) *Backend {
	t.Helper()
	b := New(cfg)
	t.Cleanup(func() { b.Close() })
	return b
}

func run(t *testing.T, b *Backend, req Request) Result {
	t.Helper()
	if req.Dir == "" {
		req.Dir = t.TempDir()
	}
	if req.Timeout == 0 {
		req.Timeout = 30 * time.Second
	}
	res, err := b.Run(context.Background(), req)
	if err != nil {
		t.Fatalf("Run(%q): %v", req.Command, err)
	}
	return res
}

func TestOutputAndExitCode(t *testing.T) {
	b := newBackend(t, Config{})
	res := run(t, b, Request{Command: "echo hello; echo oops >&2; exit 2"})
	if res.Output != "hello\noops\n" {
		t.Errorf("output %q, want %q", res.Output, "hello\noops\n")
	}
	if res.ExitCode != 2 || res.TimedOut || res.Interrupted {
		t.Errorf("exit %d timedOut %v interrupted %v, want plain exit 2", res.ExitCode, res.TimedOut, res.Interrupted)
	}
}

func TestBookkeepingInvisible(t *testing.T) {
	b := newBackend(t, Config{})
	res := run(t, b, Request{Command: "echo hi"})
	if res.Output != "hi\n" || res.ExitCode != 0 {
		t.Fatalf("got %q exit %d, want only %q", res.Output, res.ExitCode, "hi\n")
	}
	// Line numbers in errors are the user's own.
	res = run(t, b, Request{Command: "true\nnosuchcommand_herm"})
	if !strings.Contains(res.Output, "line 2") || strings.Contains(res.Output, "herm-shell-state") {
		t.Errorf("error output %q should say line 2 and not mention the state file", res.Output)
	}
	if res.ExitCode != 127 {
		t.Errorf("exit %d, want 127", res.ExitCode)
	}
}

func TestStatePersists(t *testing.T) {
	b := newBackend(t, Config{})
	start, dir := t.TempDir(), t.TempDir()
	res := run(t, b, Request{Dir: start, Command: "cd " + shellQuote(dir) + " && export FOO=bar && BAZ=unexported"})
	if !res.StateSaved || res.Dir != dir {
		t.Fatalf("state saved %v dir %q, want %q", res.StateSaved, res.Dir, dir)
	}
	if res.Vars["FOO"] != "bar" {
		t.Errorf("vars %v, want FOO=bar", res.Vars)
	}
	if _, ok := res.Vars["BAZ"]; ok {
		t.Errorf("unexported BAZ leaked into vars %v", res.Vars)
	}
	for _, k := range []string{"PATH", "HOME", "_", "SHLVL", "PWD", "TERM"} {
		if _, ok := res.Vars[k]; ok {
			t.Errorf("unchanged or volatile %s is in the session vars %v", k, res.Vars)
		}
	}

	res = run(t, b, Request{Dir: res.Dir, Vars: res.Vars, Command: `pwd; echo "FOO=$FOO"`})
	if want := dir + "\nFOO=bar\n"; res.Output != want {
		t.Errorf("second call output %q, want %q", res.Output, want)
	}

	// unset removes a variable from the session.
	res = run(t, b, Request{Dir: dir, Vars: map[string]string{"FOO": "bar"}, Command: "unset FOO"})
	if _, ok := res.Vars["FOO"]; ok || !res.StateSaved {
		t.Errorf("after unset, vars %v (saved %v)", res.Vars, res.StateSaved)
	}
}

func TestStatePersistsThroughExit(t *testing.T) {
	b := newBackend(t, Config{})
	dir := t.TempDir()
	res := run(t, b, Request{Command: "cd " + shellQuote(dir) + "; export X=1; exit 3"})
	if res.ExitCode != 3 {
		t.Errorf("exit %d, want 3", res.ExitCode)
	}
	if !res.StateSaved || res.Dir != dir || res.Vars["X"] != "1" {
		t.Errorf("state saved %v dir %q vars %v; want %q and X=1", res.StateSaved, res.Dir, res.Vars, dir)
	}
}

func TestTimeoutKeepsPartialOutput(t *testing.T) {
	b := newBackend(t, Config{})
	res := run(t, b, Request{Command: "echo started; sleep 60", Timeout: 300 * time.Millisecond})
	if !res.TimedOut || res.ExitCode != ExitTimeout {
		t.Fatalf("timedOut %v exit %d, want timeout with %d", res.TimedOut, res.ExitCode, ExitTimeout)
	}
	if res.Output != "started\n" {
		t.Errorf("partial output %q, want %q", res.Output, "started\n")
	}
	if res.StateSaved {
		t.Error("a killed shell cannot have saved its state")
	}
}

func TestTimeoutClamped(t *testing.T) {
	b := newBackend(t, Config{MaxTimeout: time.Minute, DefaultTimeout: 5 * time.Second})
	if got := b.timeout(time.Hour); got != time.Minute {
		t.Errorf("timeout(1h) = %v, want the 1m maximum", got)
	}
	if got := b.timeout(0); got != 5*time.Second {
		t.Errorf("timeout(0) = %v, want the 5s default", got)
	}
}

// processGone waits for pid to be gone or a zombie, up to a generous bound
// (this is about correctness, not speed).
func processGone(pid int) bool {
	for range 200 {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		// The state follows the ")" closing the command name.
		if i := strings.LastIndexByte(string(data), ')'); i > 0 && strings.HasPrefix(string(data[i+1:]), " Z") {
			return true
		}
		time.Sleep(25 * time.Millisecond)
	}
	return false
}

func TestCancelKillsProcessGroup(t *testing.T) {
	b := newBackend(t, Config{})
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "grandchild.pid")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan struct{})
	var once sync.Once
	req := Request{
		Dir:     dir,
		Timeout: 60 * time.Second,
		Command: "sleep 100 & echo $! > " + shellQuote(pidFile) + "; echo ready; sleep 100",
		Progress: func(chunk string) {
			if strings.Contains(chunk, "ready") {
				once.Do(func() { close(ready) })
			}
		},
	}
	done := make(chan Result)
	go func() {
		res, err := b.Run(ctx, req)
		if err != nil {
			t.Errorf("Run: %v", err)
		}
		done <- res
	}()
	<-ready
	cancel()
	res := <-done
	if !res.Interrupted || res.ExitCode != ExitInterrupted || res.TimedOut {
		t.Fatalf("interrupted %v exit %d timedOut %v, want interrupted with %d",
			res.Interrupted, res.ExitCode, res.TimedOut, ExitInterrupted)
	}
	if !strings.Contains(res.Output, "ready") {
		t.Errorf("partial output %q lacks %q", res.Output, "ready")
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !processGone(pid) {
		t.Errorf("background grandchild %d survived the interrupt", pid)
	}
}

func TestSecretsNotInChildEnv(t *testing.T) {
	env := append(os.Environ(),
		"OPENAI_API_KEY=sk-openai-secret", "MY_SERVICE_TOKEN=tok-secret", "DB_PASSWORD=pw-secret",
		"api_key=lower-secret", "HERM_MODEL=herm-secret", "HERM_HOME=/herm/home", "HARMLESS=visible",
		"PAGER=less")
	b := newBackend(t, Config{Env: env})
	res := run(t, b, Request{Command: "env", Vars: map[string]string{"GIT_PAGER": "less"}})
	if strings.Contains(res.Output, "secret") {
		t.Errorf("a secret reached the command:\n%s", res.Output)
	}
	for _, want := range []string{"HERM_HOME=/herm/home", "HARMLESS=visible", "PAGER=cat", "GIT_PAGER=cat", "TERM=xterm-256color"} {
		if !strings.Contains(res.Output, want+"\n") {
			t.Errorf("env output lacks %s", want)
		}
	}
}

// TestAgentMarkerInEveryCommand: a herm a command starts knows no person
// started it, even when the session tried to export the marker away.
func TestAgentMarkerInEveryCommand(t *testing.T) {
	b := newBackend(t, Config{Env: append(os.Environ(), AgentMarker+"=")})
	res := run(t, b, Request{Command: "echo marker=$" + AgentMarker, Vars: map[string]string{AgentMarker: ""}})
	if !strings.Contains(res.Output, "marker=1") {
		t.Errorf("the agent marker is not set: %q", res.Output)
	}
}

func TestIsSecretName(t *testing.T) {
	for name, want := range map[string]bool{
		"OPENAI_API_KEY": true, "anthropic_api_key": true, "GITHUB_TOKEN": true, "X_SECRET": true,
		"DB_PASSWORD": true, "API_KEY": true, "TELEGRAM_BOT_TOKEN": true, "HERM_PROVIDER": true,
		"AWS_SECRET_ACCESS_KEY": true, "HERM_HOME": false, "PATH": false, "HOME": false,
		"TOKENIZER_PATH": false, "KEYBOARD": false,
	} {
		if got := IsSecretName(name); got != want {
			t.Errorf("IsSecretName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestANSIStripped(t *testing.T) {
	b := newBackend(t, Config{})
	res := run(t, b, Request{Command: `printf '\033[1;31mred\033[0m plain\n\033]0;title\007x\rdone\n'; ls --color=always /dev/null`})
	if want := "red plain\ndone\n/dev/null\n"; res.Output != want {
		t.Errorf("output %q, want %q", res.Output, want)
	}
}

func TestStdinGetsEOF(t *testing.T) {
	b := newBackend(t, Config{})
	res := run(t, b, Request{Command: `read -r x; echo "read=$?"; cat; echo "cat done"`})
	if want := "read=1\ncat done\n"; res.Output != want || res.TimedOut {
		t.Errorf("output %q timedOut %v, want %q", res.Output, res.TimedOut, want)
	}
}

func TestHugeOutputCapped(t *testing.T) {
	b := newBackend(t, Config{OutputLimit: 1000})
	res := run(t, b, Request{Command: "echo FIRST; yes 0123456789 | head -n 500000; echo LAST"})
	if !strings.HasPrefix(res.Output, "FIRST\n0123456789\n") || !strings.HasSuffix(res.Output, "0123456789\nLAST\n") {
		t.Errorf("head or tail lost: %q … %q", res.Output[:40], res.Output[len(res.Output)-40:])
	}
	if res.Omitted < 5_400_000 || !strings.Contains(res.Output, strconv.FormatInt(res.Omitted, 10)+" bytes of output omitted") {
		t.Errorf("omitted %d, output lacks a matching marker", res.Omitted)
	}
	if len(res.Output) > 1100 {
		t.Errorf("output is %d bytes, want about the 1000 limit", len(res.Output))
	}
}

func TestProgressStreamsOutput(t *testing.T) {
	b := newBackend(t, Config{})
	var mu sync.Mutex
	var got strings.Builder
	res := run(t, b, Request{
		Command:  `printf 'héllo\n'; printf '\033[32mgreen\033[0m\n'`,
		Progress: func(c string) { mu.Lock(); got.WriteString(c); mu.Unlock() },
	})
	mu.Lock()
	defer mu.Unlock()
	if got.String() != "héllo\ngreen\n" || res.Output != got.String() {
		t.Errorf("progress %q, output %q; want both %q", got.String(), res.Output, "héllo\ngreen\n")
	}
}

func TestRunBadDir(t *testing.T) {
	b := newBackend(t, Config{})
	if _, err := b.Run(context.Background(), Request{Command: "true", Dir: filepath.Join(t.TempDir(), "missing")}); err == nil {
		t.Error("Run in a missing directory: want an error")
	}
}

func TestBackgroundStartAndKill(t *testing.T) {
	b := newBackend(t, Config{})
	p, err := b.Start(context.Background(), Request{Command: "echo started; sleep 100", Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if p.ID == "" || p.PID == 0 || !p.Running() {
		t.Fatalf("process %+v should be running with an id", p)
	}
	for i := 0; !strings.Contains(p.Output(), "started") && i < 400; i++ {
		time.Sleep(25 * time.Millisecond)
	}
	if got := p.Output(); got != "started\n" {
		t.Errorf("output %q, want %q", got, "started\n")
	}
	if got, ok := b.Process(p.ID); !ok || got != p {
		t.Errorf("Process(%q) = %v, %v", p.ID, got, ok)
	}
	if err := b.Remove(p.ID); err == nil {
		t.Error("Remove of a running process: want an error")
	}
	if err := b.Kill(p.ID); err != nil {
		t.Fatal(err)
	}
	if code, exited := p.ExitCode(); !exited || code != 128+9 {
		t.Errorf("exit %d exited %v, want 137 after SIGKILL", code, exited)
	}
	if err := p.Write("x"); err == nil {
		t.Error("Write to an exited process: want an error")
	}
	if err := b.Remove(p.ID); err != nil {
		t.Errorf("Remove: %v", err)
	}
	if len(b.Processes()) != 0 {
		t.Errorf("processes left: %v", b.Processes())
	}
}

func TestBackgroundWriteAndWait(t *testing.T) {
	b := newBackend(t, Config{})
	p, err := b.Start(context.Background(), Request{Command: `read -r line; echo "got $line"`, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Write("hello\n"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	code, err := p.Wait(ctx)
	if err != nil || code != 0 {
		t.Fatalf("Wait = %d, %v", code, err)
	}
	if got := p.Output(); got != "got hello\n" {
		t.Errorf("output %q, want %q", got, "got hello\n")
	}
}

func TestCloseKillsBackground(t *testing.T) {
	b := New(Config{})
	p, err := b.Start(context.Background(), Request{Command: "sleep 100", Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	if p.Running() {
		t.Error("background process survived Close")
	}
	if _, err := b.Run(context.Background(), Request{Command: "true", Dir: t.TempDir()}); err != ErrClosed {
		t.Errorf("Run after Close: %v, want ErrClosed", err)
	}
	if _, err := b.Start(context.Background(), Request{Command: "true", Dir: t.TempDir()}); err != ErrClosed {
		t.Errorf("Start after Close: %v, want ErrClosed", err)
	}
}

func BenchmarkRunTrue(b *testing.B) {
	be := New(Config{})
	defer be.Close()
	dir := b.TempDir()
	for b.Loop() {
		res, err := be.Run(context.Background(), Request{Command: "true", Dir: dir})
		if err != nil || res.ExitCode != 0 {
			b.Fatalf("Run: %v %+v", err, res)
		}
	}
}

func TestTerminalSize(t *testing.T) {
	b := newBackend(t, Config{})
	if res := run(t, b, Request{Command: "stty size"}); res.Output != "50 200\n" {
		t.Errorf("stty size = %q, want a 50x200 terminal", res.Output)
	}
}

// The state trap must work in a plain POSIX shell too (the fallback when
// bash is missing).
func TestPOSIXShellState(t *testing.T) {
	b := newBackend(t, Config{Shell: "/bin/sh"})
	dir := t.TempDir()
	res := run(t, b, Request{Command: "cd " + shellQuote(dir) + " && export FOO='a b'; exit 4"})
	if res.ExitCode != 4 || !res.StateSaved || res.Dir != dir || res.Vars["FOO"] != "a b" {
		t.Errorf("exit %d saved %v dir %q vars %v", res.ExitCode, res.StateSaved, res.Dir, res.Vars)
	}
}
