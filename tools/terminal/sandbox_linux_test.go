package terminal

import (
	"bufio"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests run real commands under real Landlock rules.

// sandboxWorld is a throwaway machine layout: a workspace, a temporary
// directory, a home with herm's home and the user's dotfiles in it, and
// a directory outside all of them.
type sandboxWorld struct {
	ws, tmp, home, hermHome, outside string
	policy                           Policy
}

func newSandboxWorld(t *testing.T) *sandboxWorld {
	t.Helper()
	if ok, why := SandboxSupport(); !ok {
		t.Skip("no sandbox here: " + why)
	}
	base := canonical(t.TempDir())
	w := &sandboxWorld{
		ws: filepath.Join(base, "ws"), tmp: filepath.Join(base, "tmp"), home: filepath.Join(base, "home"),
		outside: filepath.Join(base, "outside"),
	}
	w.hermHome = filepath.Join(w.home, ".herm")
	for _, d := range []string{w.ws, w.tmp, w.hermHome, w.outside, filepath.Join(w.home, ".ssh")} {
		mkdir(t, d)
	}
	write(t, filepath.Join(w.hermHome, ".env"), "OPENAI_API_KEY=sk-secret-decoy\n")
	write(t, filepath.Join(w.hermHome, ".herm-key"), "key-decoy\n")
	write(t, filepath.Join(w.hermHome, "config.yaml"), "model:\n  name: x\n")
	write(t, filepath.Join(w.home, ".bashrc"), "# bashrc\n")
	write(t, filepath.Join(w.home, ".ssh", "authorized_keys"), "")
	write(t, filepath.Join(w.outside, "keep"), "keep\n")
	w.policy = Policy{
		Mode: SandboxWorkspaceWrite, Network: NetworkOff, Home: w.home, TempDirs: []string{w.tmp},
		Protected: ProtectedPaths(w.home, w.hermHome),
		Secrets:   []string{filepath.Join(w.hermHome, ".env"), filepath.Join(w.hermHome, ".herm-key")},
	}
	return w
}

func (w *sandboxWorld) backend(t *testing.T, edit func(*Policy)) *Backend {
	t.Helper()
	p := w.policy
	if edit != nil {
		edit(&p)
	}
	b := newBackend(t, Config{Sandbox: p})
	if on, why := b.Sandbox(); !on {
		t.Fatalf("Sandbox() = off (%s), want on", why)
	}
	return b
}

func (w *sandboxWorld) run(t *testing.T, b *Backend, command string) Result {
	t.Helper()
	return run(t, b, Request{Command: command, Dir: w.ws, Workspace: w.ws})
}

func hasDenial(res Result, kind DenialKind, path string) bool {
	for _, d := range res.Denials {
		if d.Kind == kind && (path == "" || d.Path == path) {
			return true
		}
	}
	return false
}

func TestSandboxWritesOnlyTheWorkspaceAndTemp(t *testing.T) {
	w := newSandboxWorld(t)
	b := w.backend(t, nil)
	res := w.run(t, b, "echo in > inside && mkdir sub && echo t > "+shellQuote(w.tmp+"/t")+" && echo ok")
	if !res.Sandboxed || res.ExitCode != 0 || !strings.Contains(res.Output, "ok") {
		t.Fatalf("writes in the workspace and temp: sandboxed %v exit %d: %s", res.Sandboxed, res.ExitCode, res.Output)
	}
	if !exists(filepath.Join(w.ws, "inside")) || !exists(filepath.Join(w.tmp, "t")) {
		t.Fatal("the files written in the workspace and temp are missing")
	}
	for _, c := range []struct{ command, path string }{
		{"echo x > " + shellQuote(w.outside+"/new"), w.outside + "/new"},
		{"touch " + shellQuote(w.outside+"/touched"), w.outside + "/touched"},
		{"mkdir " + shellQuote(w.outside+"/dir"), w.outside + "/dir"},
		{"rm -f " + shellQuote(w.outside+"/keep"), w.outside + "/keep"},
		{"mv " + shellQuote(w.outside+"/keep") + " inside-keep", w.outside + "/keep"},
		{"python3 -c 'open(\"" + w.outside + "/py\", \"w\")'", w.outside + "/py"},
	} {
		res := w.run(t, b, c.command)
		if res.ExitCode == 0 {
			t.Errorf("%s: exit 0, want a refusal: %s", c.command, res.Output)
		}
		if !hasDenial(res, DeniedWrite, c.path) {
			t.Errorf("%s: denials %v, want writing %s: %s", c.command, res.Denials, c.path, res.Output)
		}
	}
	if exists(w.outside+"/new") || exists(w.outside+"/dir") || !exists(w.outside+"/keep") {
		t.Error("a write outside the workspace went through")
	}
}

func TestSandboxProtectsHermHomeAndDotfiles(t *testing.T) {
	w := newSandboxWorld(t)
	// The home itself is the workspace: the protected paths in it must
	// hold all the same, while the rest of it stays writable.
	b := w.backend(t, nil)
	proj := filepath.Join(w.home, "proj")
	mkdir(t, proj)
	for _, path := range []string{
		filepath.Join(w.hermHome, "config.yaml"), filepath.Join(w.hermHome, "state.db"),
		filepath.Join(w.home, ".ssh", "authorized_keys"), filepath.Join(w.home, ".bashrc"),
		filepath.Join(w.home, ".zshrc"), filepath.Join(w.home, ".gitconfig"),
	} {
		res := run(t, b, Request{Command: "echo evil >> " + shellQuote(path), Dir: w.home, Workspace: w.home})
		if res.ExitCode == 0 || !hasDenial(res, DeniedWrite, path) {
			t.Errorf("appending to %s: exit %d denials %v: %s", path, res.ExitCode, res.Denials, res.Output)
		}
		if data, _ := os.ReadFile(path); strings.Contains(string(data), "evil") {
			t.Errorf("%s was written", path)
		}
	}
	for _, command := range []string{"rm -rf " + shellQuote(w.hermHome), "mv .ssh ssh-moved", "mv .bashrc x"} {
		res := run(t, b, Request{Command: command, Dir: w.home, Workspace: w.home})
		if res.ExitCode == 0 {
			t.Errorf("%s: exit 0: %s", command, res.Output)
		}
	}
	if !exists(filepath.Join(w.hermHome, "config.yaml")) || !exists(filepath.Join(w.home, ".ssh")) || !exists(filepath.Join(w.home, ".bashrc")) {
		t.Fatal("a protected path was removed")
	}
	res := run(t, b, Request{Command: "echo ok > proj/file && cat proj/file", Dir: w.home, Workspace: w.home})
	if res.ExitCode != 0 || !strings.Contains(res.Output, "ok") {
		t.Errorf("writing beneath the home workspace: exit %d: %s", res.ExitCode, res.Output)
	}
}

func TestSandboxHidesSecrets(t *testing.T) {
	w := newSandboxWorld(t)
	b := w.backend(t, nil)
	env := filepath.Join(w.hermHome, ".env")
	res := w.run(t, b, "cat "+shellQuote(env))
	if res.ExitCode == 0 || strings.Contains(res.Output, "sk-secret-decoy") {
		t.Fatalf("cat .env: exit %d: %s", res.ExitCode, res.Output)
	}
	if !hasDenial(res, DeniedRead, env) {
		t.Errorf("denials %v, want reading %s", res.Denials, env)
	}
	res = w.run(t, b, "cat "+shellQuote(w.hermHome)+"/.herm-key; grep -r decoy "+shellQuote(w.home)+"; cp "+shellQuote(env)+" copied; cat copied")
	if strings.Contains(res.Output, "decoy") {
		t.Fatalf("a secret leaked: %s", res.Output)
	}
	// What lies next to the secrets stays readable.
	res = w.run(t, b, "cat "+shellQuote(w.hermHome+"/config.yaml")+" "+shellQuote(w.home+"/.bashrc")+" && ls -a "+shellQuote(w.hermHome))
	if res.ExitCode != 0 || !strings.Contains(res.Output, "name: x") || !strings.Contains(res.Output, ".env") {
		t.Errorf("reading next to the secrets: exit %d: %s", res.ExitCode, res.Output)
	}
}

func TestSandboxNetwork(t *testing.T) {
	w := newSandboxWorld(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Write([]byte("HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nhello"))
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	bashConnect := "exec 3<>/dev/tcp/127.0.0.1/" + port + " && echo connected"
	off := w.backend(t, nil)
	commands := []string{bashConnect}
	if _, err := exec.LookPath("curl"); err == nil {
		commands = append(commands, "curl -sS http://127.0.0.1:"+port+"/")
	}
	if _, err := exec.LookPath("python3"); err == nil {
		write(t, filepath.Join(w.ws, "listen.py"), "import socket\ns = socket.socket()\ns.bind((\"127.0.0.1\", 0))\n")
		commands = append(commands, "python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", "+port+"))'",
			"python3 listen.py")
	}
	for _, c := range commands {
		res := w.run(t, off, c)
		if res.ExitCode == 0 || strings.Contains(res.Output, "connected") || strings.Contains(res.Output, "hello") {
			t.Errorf("%s with the network off: exit %d: %s", c, res.ExitCode, res.Output)
		}
		if !hasDenial(res, DeniedNetwork, "") {
			t.Errorf("%s: denials %v, want the network: %s", c, res.Denials, res.Output)
		}
	}
	res := run(t, off, Request{Command: bashConnect, Dir: w.ws, Workspace: w.ws, AllowNetwork: true})
	if res.ExitCode != 0 || !strings.Contains(res.Output, "connected") {
		t.Errorf("AllowNetwork: exit %d: %s", res.ExitCode, res.Output)
	}
	allow := w.backend(t, func(p *Policy) { p.Network = NetworkAllow })
	res = w.run(t, allow, bashConnect)
	if res.ExitCode != 0 || !strings.Contains(res.Output, "connected") || len(res.Denials) != 0 {
		t.Errorf("network allow: exit %d denials %v: %s", res.ExitCode, res.Denials, res.Output)
	}
	// Files stay confined with the network allowed.
	res = w.run(t, allow, "echo x > "+shellQuote(w.outside+"/net"))
	if res.ExitCode == 0 || exists(w.outside+"/net") {
		t.Errorf("network allow let a write outside through: %s", res.Output)
	}
}

func TestSandboxRestoresGitConfigAndHooks(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	w := newSandboxWorld(t)
	gitEnv := map[string]string{"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t",
		"GIT_COMMITTER_EMAIL": "t@x", "GIT_CONFIG_NOSYSTEM": "1", "HOME": w.home}
	if out, err := exec.Command("git", "init", "-q", w.ws).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	config := filepath.Join(w.ws, ".git", "config")
	before, _ := os.ReadFile(config)
	b := w.backend(t, nil)
	sub := filepath.Join(w.ws, "sub")
	mkdir(t, sub)
	// Started in a subdirectory: the workspace is the repository's top.
	res := run(t, b, Request{Vars: gitEnv, Dir: sub, Workspace: sub,
		Command: "echo a > ../a && git add -A && git commit -qm first && git log --oneline | wc -l"})
	if res.ExitCode != 0 || strings.TrimSpace(res.Output) != "1" || len(res.Denials) != 0 {
		t.Fatalf("a commit in the sandbox: exit %d denials %v: %s", res.ExitCode, res.Denials, res.Output)
	}
	hook := filepath.Join(w.ws, ".git", "hooks", "pre-commit")
	res = run(t, b, Request{Vars: gitEnv, Dir: w.ws, Workspace: w.ws,
		Command: "printf '#!/bin/sh\\nrm -rf ~\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && git config alias.st '!rm -rf ~'"})
	if res.ExitCode != 0 {
		t.Fatalf("exit %d: %s", res.ExitCode, res.Output)
	}
	if exists(hook) {
		t.Error("the hook written in the sandbox is still there")
	}
	if after, _ := os.ReadFile(config); string(after) != string(before) {
		t.Errorf(".git/config is\n%s\nwant it put back to\n%s", after, before)
	}
	if !hasDenial(res, DeniedRestored, filepath.Join(w.ws, ".git", "hooks")) || !hasDenial(res, DeniedRestored, config) {
		t.Errorf("denials %v, want the hooks and config restored", res.Denials)
	}
	res = run(t, b, Request{Dir: w.ws, Workspace: w.ws, Command: "mv .git .git-old && mkdir .git"})
	if !hasDenial(res, DeniedGitReplaced, filepath.Join(w.ws, ".git")) {
		t.Errorf("replacing .git: denials %v", res.Denials)
	}
}

func TestSandboxReadOnlyAndOff(t *testing.T) {
	w := newSandboxWorld(t)
	ro := w.backend(t, func(p *Policy) { p.Mode = SandboxReadOnly })
	res := w.run(t, ro, "cd sub 2>/dev/null; cat /etc/hostname >/dev/null && echo x > file")
	if res.ExitCode == 0 || exists(filepath.Join(w.ws, "file")) || !hasDenial(res, DeniedWrite, filepath.Join(w.ws, "file")) {
		t.Errorf("read-only: exit %d denials %v: %s", res.ExitCode, res.Denials, res.Output)
	}
	res = w.run(t, ro, "export HERM_TEST_RO=1; cd /; echo ok")
	if !res.StateSaved || res.Dir != "/" || res.Vars["HERM_TEST_RO"] != "1" {
		t.Errorf("read-only: the shell's state was not saved: %+v", res)
	}
	off := newBackend(t, Config{Sandbox: Policy{Mode: SandboxOff}})
	if on, why := off.Sandbox(); on || !strings.Contains(why, "off") {
		t.Errorf("Sandbox() = %v, %q; want off and why", on, why)
	}
	res = w.run(t, off, "echo x > "+shellQuote(w.outside+"/off"))
	if res.Sandboxed || res.ExitCode != 0 || !exists(w.outside+"/off") {
		t.Errorf("sandbox off: sandboxed %v exit %d: %s", res.Sandboxed, res.ExitCode, res.Output)
	}
	on := w.backend(t, nil)
	res = run(t, on, Request{Command: "echo x > " + shellQuote(w.outside+"/unconfined"), Dir: w.ws, Unconfined: true})
	if res.Sandboxed || res.ExitCode != 0 || !exists(w.outside+"/unconfined") {
		t.Errorf("Unconfined: sandboxed %v exit %d: %s", res.Sandboxed, res.ExitCode, res.Output)
	}
}

func TestSandboxWithExecGate(t *testing.T) {
	w := newSandboxWorld(t)
	b := w.backend(t, nil)
	gate := func(e Exec) error {
		if len(e.Argv) > 0 && filepath.Base(e.Argv[0]) == "rmdir" {
			return errors.New("no rmdir")
		}
		return nil
	}
	res := run(t, b, Request{Command: "touch ok && echo x > " + shellQuote(w.outside+"/gated"), Dir: w.ws, Workspace: w.ws, ExecGate: gate})
	if res.Ungated {
		t.Skip("ptrace is not allowed here")
	}
	if !exists(filepath.Join(w.ws, "ok")) || exists(w.outside+"/gated") || !hasDenial(res, DeniedWrite, w.outside+"/gated") {
		t.Errorf("traced and sandboxed: exit %d denials %v: %s", res.ExitCode, res.Denials, res.Output)
	}
	res = run(t, b, Request{Command: "rmdir " + shellQuote(w.ws), Dir: w.ws, Workspace: w.ws, ExecGate: gate})
	if res.Refused == nil {
		t.Errorf("the exec gate no longer refuses in the sandbox: %+v", res)
	}
}

func TestSandboxBackgroundProcess(t *testing.T) {
	w := newSandboxWorld(t)
	b := w.backend(t, nil)
	p, err := b.Start(context.Background(), Request{Command: "echo x > " + shellQuote(w.outside+"/bg") + "; echo y > bg", Dir: w.ws, Workspace: w.ws})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := p.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if !p.Sandboxed || exists(w.outside+"/bg") || !exists(filepath.Join(w.ws, "bg")) {
		t.Errorf("background: sandboxed %v, output %s", p.Sandboxed, p.Output())
	}
	// A background process's change to the repository's hooks is put
	// back when it ends.
	if out, err := exec.Command("git", "init", "-q", w.ws).CombinedOutput(); err != nil {
		t.Skipf("git init: %v: %s", err, out)
	}
	p, err = b.Start(context.Background(), Request{Command: "echo evil > .git/hooks/post-checkout", Dir: w.ws, Workspace: w.ws})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if exists(filepath.Join(w.ws, ".git", "hooks", "post-checkout")) {
		t.Error("a hook a background process wrote is still there")
	}
}

// TestSandboxLeavesHermAlone runs sandboxed commands, then checks that
// herm's own threads write where the commands could not and that none
// of them kept no_new_privs (the confined threads are gone).
func TestSandboxLeavesHermAlone(t *testing.T) {
	w := newSandboxWorld(t)
	b := w.backend(t, nil)
	for i := range 20 {
		w.run(t, b, "echo "+strconv.Itoa(i)+" > "+shellQuote(w.outside+"/x"))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- os.WriteFile(filepath.Join(w.hermHome, "state-"+strconv.Itoa(i)), []byte("x"), 0o600)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("herm cannot write its own home after sandboxed commands: %v", err)
		}
	}
	if exists(w.outside + "/x") {
		t.Fatal("a sandboxed command wrote outside")
	}
	// A confined thread ends with its goroutine; give the runtime a
	// moment to let go of the last ones.
	deadline := time.Now().Add(10 * time.Second)
	for {
		n := threadsWithNoNewPrivs(t)
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of herm's threads still have no_new_privs set: a confined thread lives on", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func threadsWithNoNewPrivs(t *testing.T) int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip("no /proc")
	}
	n := 0
	for _, task := range tasks {
		f, err := os.Open(filepath.Join("/proc/self/task", task.Name(), "status"))
		if err != nil {
			continue // ended meanwhile
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "NoNewPrivs:"); ok && strings.TrimSpace(v) == "1" {
				n++
			}
		}
		f.Close()
	}
	return n
}

// BenchmarkSandboxSetup measures what the sandbox adds to each command
// besides starting it: the rules for the workspace (this repository, its
// git directories found), the copy of its config and hooks, the Landlock
// ruleset, a fresh thread confined with it, the check of the config and
// hooks afterwards and the search of the output for denials. The home is
// the real one, with its dotfiles and herm's home next to the secrets.
func BenchmarkSandboxSetup(b *testing.B) {
	if ok, why := SandboxSupport(); !ok {
		b.Skip(why)
	}
	home, _ := os.UserHomeDir()
	hermHome := filepath.Join(home, ".herm")
	ws, _ := filepath.Abs("../..")
	be := New(Config{Sandbox: Policy{Mode: SandboxWorkspaceWrite, Home: home,
		Protected: ProtectedPaths(home, hermHome),
		Secrets:   []string{filepath.Join(hermHome, ".env"), filepath.Join(hermHome, ".herm-key")}}})
	defer be.Close()
	output := strings.Repeat("ok 1 - a line of test output\n", 100) + "bash: /etc/x: Permission denied\n"
	b.ReportAllocs()
	for b.Loop() {
		r, _ := be.Rules(ws)
		r.files = []string{"/tmp/herm-shell-state-bench"}
		kept := r.snapshotRestored()
		enter, done, err := confine(nil, &r, r.abi)
		if err != nil {
			b.Fatal(err)
		}
		entered := make(chan error, 1)
		onFreshThread(func() { entered <- enter() })
		if err := <-entered; err != nil {
			b.Fatal(err)
		}
		done()
		if ds := append(kept.restore(), detectDenials(output, ws, &r)...); len(ds) != 1 {
			b.Fatalf("denials %v", ds)
		}
	}
}
