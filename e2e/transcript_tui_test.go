package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// conversation is one session to seed: user and assistant messages
// alternating.
type conversation struct {
	id, title string
	texts     []string
}

// importSessions stores the conversations with `herm sessions import`, one
// JSONL file of them.
func importSessions(t *testing.T, e *env, convs ...conversation) {
	t.Helper()
	var lines []string
	for _, c := range convs {
		var msgs []map[string]string
		for i, text := range c.texts {
			role := "user"
			if i%2 == 1 {
				role = "assistant"
			}
			msgs = append(msgs, map[string]string{"role": role, "content": text})
		}
		b, err := json.Marshal(map[string]any{"session": map[string]any{"id": c.id, "title": c.title, "source": "cli", "model": "fake-model"}, "messages": msgs})
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	seed := filepath.Join(e.work, "seed.jsonl")
	if err := os.WriteFile(seed, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := e.run("sessions", "import", seed); r.code != 0 {
		t.Fatalf("import: %s", r)
	}
}

// Find in the real binary, in a session longer than what the chat loads:
// ctrl+f and a term show "1/3" — two matches loaded, one found in the
// store — and n steps back through them, moving the view, the last one
// loaded from the store on the way.
func TestTUIFindInTranscript(t *testing.T) {
	needTmux(t)
	e := newEnv(t)
	var texts []string
	for i := range 200 {
		q := fmt.Sprintf("exchange %d: check service %d", i, i)
		if i == 5 || i == 150 || i == 195 {
			q = fmt.Sprintf("exchange %d: found a needle in box %d", i, i)
		}
		texts = append(texts, q, fmt.Sprintf("answer %d: service %d looks healthy", i, i))
	}
	const id = "20261120_090000_f1f1f1"
	importSessions(t, e, conversation{id, "Haystack", texts})

	x := startTUI(t, e, 100, 30, append(openaiArgs("http://127.0.0.1:1"), "--resume", id)...)
	x.waitText("the end of the session", "answer 199: service 199 looks healthy", "Haystack")

	x.keys("C-f")
	x.waitText("the find bar", "find ❯", "type to search")
	x.typeText("needle")
	at := x.waitText("the first match of three", "find ❯ needle", "1/3", "found a needle in box 195")
	if !strings.Contains(at, "exchange 195") {
		t.Fatalf("not on the newest match:\n%s", at)
	}

	// Tab hands the keyboard to the chat; n goes back in time.
	x.keys("Tab")
	x.waitText("the chat's find keys", "n older · N newer")
	x.keys("n")
	at = x.waitText("the second match", "2/3", "found a needle in box 150")
	if strings.Contains(at, "box 195") {
		t.Fatalf("n did not move the view:\n%s", at)
	}
	// The third is on a page that was not loaded: it is loaded around it.
	x.keys("n")
	at = x.waitText("the third match, loaded", "3/3", "found a needle in box 5")
	if strings.Contains(at, "box 150") {
		t.Fatalf("n did not move the view to the loaded match:\n%s", at)
	}
	// N comes back; esc closes find.
	x.keys("N")
	x.waitText("back to the second", "2/3", "found a needle in box 150")
	x.keys("Escape")
	x.waitFor("find closed", func(s string) bool { return !strings.Contains(s, "find ❯") })

	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again")
	x.keys("C-c")
	x.waitExit()
}

// The block picker in the real binary copies a code block exactly: the
// line soft-wrapped on a 60-column screen arrives whole, tabs kept, no
// gutter, bar or colours — through OSC 52 (tmux keeps it as a buffer with
// set-clipboard on) and, with no clipboard tool here, in the fallback file.
func TestTUICopyCodeBlockExactly(t *testing.T) {
	needTmux(t)
	e := newEnv(t)
	code := "func main() {\n\tfmt.Println(\"this line is much longer than the sixty columns of the screen\")\n}"
	const id = "20261121_090000_c0c0c0"
	importSessions(t, e, conversation{id, "Code", []string{"show me main", "Here it is:\n\n```go\n" + code + "\n```\n\nThat is all."}})

	x := startTUI(t, e, 60, 24, append(openaiArgs("http://127.0.0.1:1"), "--resume", id)...)
	if out, err := x.cmd("set-option", "-g", "set-clipboard", "on").CombinedOutput(); err != nil {
		t.Fatalf("set-clipboard: %v %s", err, out)
	}
	x.waitText("the answer", "That is all.", "Code")

	x.keys("Tab")
	x.waitText("chat focus", "chat · ↑↓ select")
	x.keys("y")
	x.waitText("the labels", "press a block's label", "1 ┃ show me main", "3 ╭ go")
	x.keys("3")
	x.waitText("the copy", "copied the go code block")

	out, err := x.cmd("show-buffer").Output()
	if err != nil {
		t.Fatalf("no tmux buffer (OSC 52 not received): %v", err)
	}
	if string(out) != code {
		t.Errorf("OSC 52 payload %q, want %q", out, code)
	}
	file := filepath.Join(e.home, "cache", "clipboard.txt")
	if b, err := os.ReadFile(file); err == nil && string(b) != code {
		t.Errorf("%s holds %q, want %q", file, b, code)
	} else if err != nil && !hasClipboardTool() {
		t.Errorf("no fallback file without a clipboard tool: %v", err)
	}

	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again")
	x.keys("C-c")
	x.waitExit()
}

// hasClipboardTool reports whether a system clipboard tool is installed
// (then herm uses it rather than the fallback file).
func hasClipboardTool() bool {
	for _, tool := range []string{"xclip", "xsel", "wl-copy", "pbcopy", "termux-clipboard-set"} {
		for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
			if _, err := os.Stat(filepath.Join(dir, tool)); err == nil {
				return true
			}
		}
	}
	return false
}

// A turn longer than display.notify_after that ends while herm's pane is
// not focused rings the bell: tmux, with focus events on, tells herm its
// pane is not focused (the session has no client), and flags the bell on
// herm's window once another window is the current one.
func TestTUINotifiesWhenALongTurnEndsUnfocused(t *testing.T) {
	needTmux(t)
	srv := fakeopenai.New()
	defer srv.Close()
	scriptTurns(srv, fakellm.Reply{Text: "Built everything.", Delay: 2500 * time.Millisecond})
	e := newEnv(t)
	if r := e.run("config", "set", "display.notify_after", "1"); r.code != 0 {
		t.Fatalf("config set: %s", r)
	}
	// With focus-events on when herm turns focus reporting on, tmux tells
	// it at once that the pane is not focused (no client is attached).
	// Set later, herm could ask first and hear nothing.
	x := startTUIWith(t, e, 80, 24, []string{"focus-events", "on"}, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	x.typeText("build it")
	x.keys("Enter")
	x.waitText("the turn running", "┃ build it")
	// Another window takes the focus while the model thinks.
	if out, err := x.cmd("new-window", "-d", "-t", "herm:9", "sleep 60").CombinedOutput(); err != nil {
		t.Fatalf("new-window: %v %s", err, out)
	}
	if out, err := x.cmd("select-window", "-t", "herm:9").CombinedOutput(); err != nil {
		t.Fatalf("select-window: %v %s", err, out)
	}
	bell := func() string {
		out, _ := x.cmd("display-message", "-p", "-t", "herm:0", "#{window_bell_flag}").Output()
		return strings.TrimSpace(string(out))
	}
	deadline := time.Now().Add(20 * time.Second)
	for bell() != "1" {
		if time.Now().After(deadline) {
			t.Fatalf("no bell on herm's window; screen:\n%s", x.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	x.cmd("kill-window", "-t", "herm:9").Run()
	x.waitText("the answer", "Built everything.")
	x.keys("C-c")
	x.waitText("the quit hint", "press ctrl+c again")
	x.keys("C-c")
	x.waitExit()
}
