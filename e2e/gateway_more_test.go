package e2e

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/faketelegram"
	"github.com/herm-dev/herm/store"
)

func TestGatewayApprovalsInChat(t *testing.T) {
	tg, llm := newFakes(t)
	e := newEnv(t)
	g := startGateway(t, e, tg, llm, "")
	victim := filepath.Join(e.work, "build")
	os.MkdirAll(victim, 0o755)
	cmd := "rm -rf " + victim
	llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": cmd})}},
		fakellm.Reply{Text: "Cleaned."},
	)
	g.say(tgOwner, "clean the build dir")
	prompt := g.waitText(t, tgOwner, "Approval needed")
	var approve string
	for _, row := range prompt.Buttons {
		for _, b := range row {
			if strings.HasSuffix(b.Data, ":once") {
				approve = b.Data
			}
		}
	}
	if approve == "" || !strings.Contains(prompt.Text, cmd) {
		t.Fatalf("prompt %+v", prompt)
	}
	tg.InjectCallback(tgOwner, tgOwner, prompt.MessageID, approve)
	g.waitText(t, tgOwner, "Cleaned.")
	if _, err := os.Stat(victim); !errors.Is(err, os.ErrNotExist) {
		t.Error("the approved command did not run")
	}

	os.MkdirAll(victim, 0o755)
	llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": cmd})}},
		fakellm.Reply{Text: "Understood, not deleting."},
	)
	g.say(tgOwner, "clean it again")
	g.waitSent(t, func(s faketelegram.Sent) bool {
		return s.Method == "sendMessage" && strings.Contains(s.Text, "Approval needed") && s.MessageID != prompt.MessageID
	})
	g.say(tgOwner, "/deny")
	g.waitText(t, tgOwner, "not deleting")
	if _, err := os.Stat(victim); err != nil {
		t.Error("a denied command ran")
	}
	// The decisions are in the session's event log.
	st := e.openStore()
	r, err := st.Route(context.Background(), "telegram:dm:"+strconv.Itoa(tgOwner))
	if err != nil {
		t.Fatal(err)
	}
	evs, _ := st.Events(context.Background(), r.SessionID)
	var decisions []string
	for _, ev := range evs {
		if ev.Kind == "approval" {
			decisions = append(decisions, string(ev.Data))
		}
	}
	if len(decisions) != 2 || !strings.Contains(decisions[0], `"once"`) || !strings.Contains(decisions[1], `"deny"`) || !strings.Contains(decisions[1], "telegram:1001") {
		t.Errorf("approval events %q", decisions)
	}
}

// A job created by the model with the cronjob tool fires and its answer
// reaches the chat that asked. The test moves the job's clock instead of
// waiting a minute: it sets the job's next run to now, as a minute passing
// would (the scheduler reads due times from the store).
func TestGatewayCronJobDeliveredToOrigin(t *testing.T) {
	tg, llm := newFakes(t)
	e := newEnv(t)
	g := startGateway(t, e, tg, llm, "")
	llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("cronjob", map[string]any{
			"action": "create", "schedule": "every 1m", "prompt": "Report the disk usage", "name": "disk"})}},
		fakellm.Reply{Text: "I'll report every minute."},
	)
	g.say(tgOwner, "report disk usage every minute")
	g.waitText(t, tgOwner, "every minute")
	st := e.openStore()
	jobs, err := st.Jobs(context.Background())
	if err != nil || len(jobs) != 1 {
		t.Fatalf("%+v %v", jobs, err)
	}
	j := jobs[0]
	if j.Deliver != "origin" || j.Origin.Chat != strconv.Itoa(tgOwner) || j.NextRunAt == nil || time.Until(*j.NextRunAt) < 50*time.Second {
		t.Fatalf("job %+v", j)
	}
	if r := e.run("cron", "list"); !strings.Contains(r.stdout, j.ID) || !strings.Contains(r.stdout, "every 1m") {
		t.Errorf("cron list:\n%s", r)
	}
	llm.Script.Push(fakellm.Reply{Text: "Disk is 42% full."})
	if err := st.SetJobNextRun(context.Background(), j.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	g.waitText(t, tgOwner, "Disk is 42% full.")
	waitFor(t, func() bool {
		after, _ := st.Job(context.Background(), j.ID)
		return after.RunCount == 1
	})
	after, _ := st.Job(context.Background(), j.ID)
	if after.NextRunAt == nil || time.Until(*after.NextRunAt) < 30*time.Second {
		t.Errorf("the next run was not scheduled a minute on: %+v", after.NextRunAt)
	}
	runs, _ := st.JobRuns(context.Background(), j.ID, 1)
	if len(runs) != 1 || runs[0].Status != "ok" || runs[0].Delivered != "telegram:1001" {
		t.Fatalf("runs %+v", runs)
	}
	if data, err := os.ReadFile(runs[0].OutputPath); err != nil || !strings.Contains(string(data), "Disk is 42% full.") {
		t.Errorf("output not saved: %v", err)
	}
	if r := e.run("cron", "status"); !strings.Contains(r.stdout, "running in the gateway") || !strings.Contains(r.stdout, "ok") {
		t.Errorf("cron status:\n%s", r)
	}
}

// SIGTERM while the model is answering: the turn finishes within the drain
// timeout and its answer is sent; a message that was waiting behind it is
// answered after the restart.
func TestGatewaySIGTERMMidTurnLosesNothing(t *testing.T) {
	tg, llm := newFakes(t)
	e := newEnv(t)
	g := startGateway(t, e, tg, llm, "  busy: queue\n")
	llm.Script.Push(fakellm.Reply{Text: "Finished despite the signal.", Delay: 1500 * time.Millisecond})
	g.say(tgOwner, "slow question")
	waitFor(t, func() bool { return len(llm.Script.Requests()) == 1 })
	g.say(tgOwner, "queued question")
	st := e.openStore()
	waitFor(t, func() bool {
		open, _ := st.OpenInbox(context.Background())
		return len(open) == 2
	})
	g.cmd.Process.Signal(syscall.SIGTERM)
	if err := <-g.exited; err != nil {
		t.Fatalf("exit: %v\n%s", err, g.stderr)
	}
	g.exited <- nil
	if !strings.Contains(g.stderr.String(), "gateway stopping") {
		t.Errorf("no drain logged:\n%s", g.stderr)
	}
	g.waitText(t, tgOwner, "Finished despite the signal.")
	open, _ := st.OpenInbox(context.Background())
	if len(open) != 1 || open[0].State != store.InboxPending {
		t.Fatalf("inbox after SIGTERM: %+v", open)
	}
	llm.Script.Push(fakellm.Reply{Text: "Answer to the queued one."})
	startGateway(t, e, tg, llm, "  busy: queue\n")
	g.waitText(t, tgOwner, "Answer to the queued one.")
	reqs := llm.Script.Requests()
	if reqs[len(reqs)-1].LastUser() != "queued question" {
		t.Errorf("replayed %q", reqs[len(reqs)-1].LastUser())
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// The OpenAI-compatible API answers a plain OpenAI client and a raw
// streaming request (what curl -N sees).
func TestGatewayAPIServer(t *testing.T) {
	tg, llm := newFakes(t)
	e := newEnv(t)
	addr := freePort(t)
	const key = "e2e-api-server-key-0001"
	_ = tg
	e.writeConfig("gateway:\n  api_server: {enabled: true, address: \"" + addr + "\", key: \"" + key + "\", tool_progress: true}\n  log_format: json\n")
	startHeadless(t, e, llm)

	cfg := openai.DefaultConfig(key)
	cfg.BaseURL = "http://" + addr + "/v1"
	c := openai.NewClientWithConfig(cfg)
	llm.Script.Push(fakellm.Reply{Text: "42."})
	resp, err := c.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{Model: "herm", User: "e2e",
		Messages: []openai.ChatCompletionMessage{{Role: "user", Content: "the answer?"}}})
	if err != nil || resp.Choices[0].Message.Content != "42." {
		t.Fatalf("%+v %v", resp, err)
	}
	llm.Script.Push(fakellm.Reply{Text: "streamed reply", ChunkSize: 4})
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/v1/chat/completions",
		strings.NewReader(`{"model":"herm","stream":true,"user":"e2e","messages":[{"role":"user","content":"stream it"}]}`))
	req.Header.Set("Authorization", "Bearer "+key)
	hr, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer hr.Body.Close()
	var text strings.Builder
	sc := bufio.NewScanner(hr.Body)
	done := false
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		if data == "[DONE]" {
			done = true
			break
		}
		if i := strings.Index(data, `"content":"`); i >= 0 {
			rest := data[i+len(`"content":"`):]
			text.WriteString(rest[:strings.IndexByte(rest, '"')])
		}
	}
	if !done || text.String() != "streamed reply" {
		t.Errorf("stream: done=%v %q", done, text.String())
	}
	// Two requests with the same user are one session.
	if reqs := llm.Script.Requests(); len(reqs[1].Messages) != 3 {
		t.Errorf("second request saw %d messages", len(reqs[1].Messages))
	}
	bad, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/v1/models", nil)
	bad.Header.Set("Authorization", "Bearer nope")
	br, err := http.DefaultClient.Do(bad)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, br.Body)
	br.Body.Close()
	if br.StatusCode != http.StatusUnauthorized {
		t.Errorf("wrong key: %d", br.StatusCode)
	}
}

// Without a gateway, `herm cron run` runs the job in the foreground.
func TestCronCommandsWithoutGateway(t *testing.T) {
	_, llm := newFakes(t)
	e := newEnv(t)
	r := e.run("cron", "add", "every 2h", "summarise", "the", "logs", "--name", "logs")
	if r.code != 0 || !strings.Contains(r.stdout, "every 2h") || !strings.Contains(r.stdout, "deliver local") {
		t.Fatalf("add:\n%s", r)
	}
	if r := e.run("cron", "add", "whenever", "x"); r.code == 0 || !strings.Contains(r.stderr, "not a delay") {
		t.Errorf("bad schedule:\n%s", r)
	}
	llm.Script.Push(fakellm.Reply{Text: "Logs look clean."})
	r = e.run(append([]string{"cron", "run", "logs"}, openaiArgs(llm.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Logs look clean.") || !strings.Contains(r.stderr, "delivered: local") {
		t.Fatalf("run:\n%s", r)
	}
	if got := llm.Script.Requests()[0].LastUser(); !strings.Contains(got, "summarise the logs") || !strings.Contains(got, "[SILENT]") {
		t.Errorf("prompt %q", got)
	}
	for _, args := range [][]string{{"pause", "logs"}, {"resume", "logs"}, {"edit", "logs", "--schedule", "0 9 * * *", "--timezone", "Europe/Paris"}} {
		if r := e.run(append([]string{"cron"}, args...)...); r.code != 0 {
			t.Errorf("%v:\n%s", args, r)
		}
	}
	if r := e.run("cron", "status"); !strings.Contains(r.stdout, "not running") || !strings.Contains(r.stdout, "Europe/Paris") || !strings.Contains(r.stdout, "last run") {
		t.Errorf("status:\n%s", r)
	}
	if r := e.run("cron", "remove", "logs"); r.code != 0 {
		t.Errorf("remove:\n%s", r)
	}
	if r := e.run("cron", "list"); !strings.Contains(r.stdout, "No jobs") {
		t.Errorf("list:\n%s", r)
	}
}
