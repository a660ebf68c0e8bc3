package e2e

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

func rmBuild() fakellm.Reply {
	return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf build"})}}
}

func (e *env) makeBuildDir(t *testing.T) string {
	dir := filepath.Join(e.work, "build")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "out.o"), []byte("x"), 0o644)
	return dir
}

// With nobody to ask (stdin is not a terminal), ask-level commands are
// denied; --yolo runs them; block-level ones never run.
func TestChatApprovalNonInteractive(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	build := e.makeBuildDir(t)

	srv.Script.Push(rmBuild(), fakellm.Reply{Text: "could not delete"})
	r := e.run(append([]string{"chat", "-q", "clean up"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	if _, err := os.Stat(build); err != nil {
		t.Fatal("an ask-level command ran with nobody to approve it")
	}
	reqs := srv.Script.Requests()
	last := reqs[len(reqs)-1].Messages
	if got := last[len(last)-1].Content; !strings.Contains(got, "denied") || !strings.Contains(got, "recursive-delete") {
		t.Errorf("model not told why: %q", got)
	}

	srv.Script.Push(rmBuild(), fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf ~"})}}, fakellm.Reply{Text: "done"})
	r = e.run(append([]string{"chat", "--yolo", "-q", "clean up"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	if _, err := os.Stat(build); err == nil {
		t.Fatal("--yolo did not run the ask-level command")
	}
	reqs = srv.Script.Requests()
	last = reqs[len(reqs)-1].Messages
	if got := last[len(last)-1].Content; !strings.Contains(got, "blocked") {
		t.Errorf("rm -rf ~ under --yolo: %q", got)
	}
	if _, err := os.Stat(filepath.Join(e.home, "..")); err != nil {
		t.Fatal("home is gone")
	}
}

// On a terminal, herm asks and the answer decides.
func TestChatApprovalOnTerminal(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	build := e.makeBuildDir(t)
	srv.Script.Push(rmBuild(), fakellm.Reply{Text: "deleted"})

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, hermBin, append([]string{"chat", "-q", "clean up"}, openaiArgs(srv.URL)...)...)
	cmd.Dir, cmd.Env = e.work, e.vars
	tty, err := pty.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	out := &syncBuffer{}
	go func() {
		r := bufio.NewReader(tty)
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			out.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	waitFor(t, func() bool { return strings.Contains(out.String(), "allow?") })
	if !strings.Contains(out.String(), "rm -rf build") || !strings.Contains(out.String(), "[recursive-delete]") {
		t.Errorf("prompt lacks the command or finding:\n%s", out)
	}
	tty.Write([]byte("y\n"))
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := os.Stat(build); err == nil {
		t.Fatal("approved command did not run")
	}
	if !strings.Contains(out.String(), "deleted") {
		t.Errorf("answer missing:\n%s", out)
	}
}
