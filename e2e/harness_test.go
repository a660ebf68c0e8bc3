// Package e2e runs the real herm binary against the in-repo fake servers.
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/store"
)

// hermBin is the binary built once for all tests.
var hermBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "herm-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	hermBin = filepath.Join(dir, "herm")
	build := exec.Command("go", "build", "-o", hermBin, ".")
	build.Dir = ".."
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building herm:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// env is one test's world: a herm home, a working directory, and the
// environment herm runs with.
type env struct {
	t    *testing.T
	home string
	work string
	vars []string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvAt(t, t.TempDir())
}

// newEnvOutsideTmp is newEnv with its HOME outside /tmp, which herm's
// sandbox lets commands write: a test of what the sandbox keeps out of
// the home needs a home the sandbox protects. It lives in /var/tmp and is
// removed like the test's other temporary files.
func newEnvOutsideTmp(t *testing.T) *env {
	t.Helper()
	root, err := os.MkdirTemp("/var/tmp", "herm-e2e-")
	if err != nil {
		t.Skipf("no temporary directory outside /tmp: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	return newEnvAt(t, root)
}

func newEnvAt(t *testing.T, root string) *env {
	t.Helper()
	e := &env{t: t, home: filepath.Join(root, "home"), work: filepath.Join(root, "work")}
	// herm's temporary files (editor copies, the shell's) stay in the
	// test's directory too, so a run leaves nothing behind.
	tmp := filepath.Join(root, "tmp")
	for _, d := range []string{e.work, tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	e.vars = []string{
		"HERM_HOME=" + e.home,
		"HOME=" + root,
		"TMPDIR=" + tmp,
		"PATH=" + os.Getenv("PATH"),
		"TERM=dumb",
	}
	return e
}

type result struct {
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\n--- stdout\n%s\n--- stderr\n%s", r.code, r.stdout, r.stderr)
}

// command prepares herm with args in the env's working directory.
func (e *env) command(ctx context.Context, args ...string) (*exec.Cmd, *syncBuffer, *syncBuffer) {
	cmd := exec.CommandContext(ctx, hermBin, args...)
	cmd.Dir = e.work
	cmd.Env = e.vars
	out, errb := &syncBuffer{}, &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, errb
	return cmd, out, errb
}

// syncBuffer is a bytes.Buffer safe to read while the process writes to it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// run runs herm to completion (at most a minute).
func (e *env) run(args ...string) result {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd, out, errb := e.command(ctx, args...)
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			e.t.Fatalf("running herm: %v", err)
		}
		code = ee.ExitCode()
	}
	return result{stdout: out.String(), stderr: errb.String(), code: code}
}

// openStore opens the env's state.db.
func (e *env) openStore() *store.Store {
	e.t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(e.home, "state.db"))
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { st.Close() })
	return st
}

// sessionID returns the id herm printed on stderr ("session ID").
func sessionID(t *testing.T, r result) string {
	t.Helper()
	for _, line := range strings.Split(r.stderr, "\n") {
		if id, ok := strings.CutPrefix(line, "session "); ok {
			return strings.TrimSpace(id)
		}
	}
	t.Fatalf("no session id printed:\n%s", r)
	return ""
}

// roles lists the roles of msgs, with "+tools" on assistant messages that
// call tools, for compact order assertions.
func roles(msgs []store.Message) string {
	var out []string
	for _, m := range msgs {
		r := m.Role
		if len(m.ToolCalls) > 0 {
			r += fmt.Sprintf("+%d", len(m.ToolCalls))
		}
		out = append(out, r)
	}
	return strings.Join(out, " ")
}
