package e2e

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/internal/faketelegram"
)

const (
	tgToken = "424242:e2e-fake-telegram-token-secret"
	tgOwner = 1001
)

// gatewayProc is a herm --headless process and its fakes.
type gatewayProc struct {
	e      *env
	tg     *faketelegram.Server
	llm    *fakeopenai.Server
	cmd    *exec.Cmd
	stderr *syncBuffer
	exited chan error
}

// startGateway writes config.yaml (extra is added to the gateway section), starts
// herm --headless against the fakes and waits for it to report ready.
func startGateway(t *testing.T, e *env, tg *faketelegram.Server, llm *fakeopenai.Server, extra string) *gatewayProc {
	t.Helper()
	e.writeConfig(fmt.Sprintf(`gateway:
%s  drain_timeout: 20
  log_format: json
  telegram:
    token: %q
    api_url: %q
    allowed_users: [%d]
    home_chat: "%d"
    poll_timeout: 1
cron:
  poll: 1
`, extra, tgToken, tg.URL, tgOwner, tgOwner))
	g := startHeadless(t, e, llm)
	g.tg = tg
	return g
}

// startHeadless starts herm --headless with the env's config.yaml and waits
// for it to report ready.
func startHeadless(t *testing.T, e *env, llm *fakeopenai.Server) *gatewayProc {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	cmd, _, stderr := e.command(ctx, append([]string{"--headless"}, openaiArgs(llm.URL)...)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := &gatewayProc{e: e, llm: llm, cmd: cmd, stderr: stderr, exited: make(chan error, 1)}
	go func() { g.exited <- cmd.Wait() }()
	t.Cleanup(func() { g.stop(t) })
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(stderr.String(), `"msg":"gateway ready"`) {
		select {
		case err := <-g.exited:
			t.Fatalf("herm exited before it was ready: %v\n%s", err, stderr)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ready:\n%s", stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return g
}

// stop sends SIGTERM and waits for a clean exit.
func (g *gatewayProc) stop(t *testing.T) {
	if g.cmd.ProcessState != nil {
		return
	}
	g.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-g.exited:
		g.exited <- err
		if err != nil {
			t.Errorf("herm exited with %v\n%s", err, g.stderr)
		}
	case <-time.After(40 * time.Second):
		g.cmd.Process.Kill()
		t.Errorf("herm did not stop on SIGTERM:\n%s", g.stderr)
	}
}

func (g *gatewayProc) say(user int64, text string) int {
	return g.tg.InjectMessage(faketelegram.Message{ChatID: user, UserID: user, Username: "u" + strconv.FormatInt(user, 10), Text: text})
}

func (g *gatewayProc) waitSent(t *testing.T, match func(faketelegram.Sent) bool) faketelegram.Sent {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m, err := g.tg.WaitSent(ctx, match)
	if err != nil {
		var sent []string
		for _, s := range g.tg.Sent() {
			sent = append(sent, s.Method+" "+s.ChatID+": "+s.Text)
		}
		t.Fatalf("%v\nsent:\n%s\nherm stderr:\n%s", err, strings.Join(sent, "\n"), g.stderr)
	}
	return m
}

func (g *gatewayProc) waitText(t *testing.T, chat int64, sub string) faketelegram.Sent {
	t.Helper()
	id := strconv.FormatInt(chat, 10)
	return g.waitSent(t, func(s faketelegram.Sent) bool {
		return s.Method == "sendMessage" && s.ChatID == id && strings.Contains(s.Text, sub)
	})
}

func newFakes(t *testing.T) (*faketelegram.Server, *fakeopenai.Server) {
	tg := faketelegram.New(tgToken)
	t.Cleanup(tg.Close)
	llm := fakeopenai.New()
	t.Cleanup(llm.Close)
	return tg, llm
}

var pairingCode = regexp.MustCompile(`herm pairing approve telegram ([A-Z2-9]{8})`)

// The headless binary serves the allowed user, pairs a stranger through
// `herm pairing approve`, processes a duplicate update once, splits a long
// answer, and reports its status.
func TestGatewayTelegramEndToEnd(t *testing.T) {
	tg, llm := newFakes(t)
	e := newEnv(t)
	g := startGateway(t, e, tg, llm, "")

	llm.Script.Push(fakellm.Reply{Text: "Hello, owner."})
	id := g.say(tgOwner, "hi herm")
	raw := tg.Update(id)
	g.waitText(t, tgOwner, "Hello, owner.")

	// A redelivered update is not answered twice.
	tg.Redeliver(id, raw)
	waitFor(t, func() bool { return tg.PendingUpdates() == 0 })

	// A stranger gets a code; the owner approves it with the CLI.
	const stranger = 5005
	g.say(stranger, "who are you?")
	m := g.waitText(t, stranger, "herm pairing approve telegram")
	code := pairingCode.FindStringSubmatch(m.Text)
	if code == nil {
		t.Fatalf("no code: %q", m.Text)
	}
	if r := e.run("pairing", "list"); r.code != 0 || !strings.Contains(r.stdout, "5005") || strings.Contains(r.stdout, code[1]) {
		t.Errorf("pairing list (must not show the code):\n%s", r)
	}
	if r := e.run("pairing", "approve", "telegram", "WRONGCD2"); r.code == 0 {
		t.Errorf("a wrong code was approved:\n%s", r)
	}
	if r := e.run("pairing", "approve", "telegram", strings.ToLower(code[1])); r.code != 0 {
		t.Fatalf("approve:\n%s", r)
	}
	llm.Script.Push(fakellm.Reply{Text: "Nice to meet you."})
	g.say(stranger, "hello again")
	g.waitText(t, stranger, "Nice to meet you.")

	// A 10,000-character answer arrives in parts within Telegram's limit.
	long := strings.Repeat("All work and no play makes herm a dull bot. ", 230)
	llm.Script.Push(fakellm.Reply{Text: long, ChunkSize: 500})
	g.say(tgOwner, "write a lot")
	g.waitText(t, tgOwner, "dull bot. All work")
	waitFor(t, func() bool {
		total := 0
		for _, s := range tg.Messages(strconv.Itoa(tgOwner)) {
			total += len(s.Text)
		}
		return total >= len(long)-10
	})
	var parts int
	for _, s := range tg.Messages(strconv.Itoa(tgOwner)) {
		if strings.Contains(s.Text, "dull bot") {
			parts++
			if len(s.Text) > faketelegram.MaxText {
				t.Errorf("a part has %d characters", len(s.Text))
			}
		}
	}
	if parts != 3 {
		t.Errorf("%d parts for 10,000 characters", parts)
	}
	if n := len(llm.Script.Requests()); n != 3 {
		t.Errorf("%d model requests; the duplicate was processed again?", n)
	}

	r := e.run("gateway", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "telegram") || !strings.Contains(r.stdout, "connected") {
		t.Errorf("gateway status:\n%s", r)
	}
	// Secrets never reach the log.
	if strings.Contains(g.stderr.String(), "e2e-fake-telegram-token") {
		t.Errorf("the bot token is in the log:\n%s", g.stderr)
	}
	g.stop(t)
	if r := e.run("gateway", "status"); !strings.Contains(r.stdout, "not running") {
		t.Errorf("status after stop:\n%s", r)
	}
}
