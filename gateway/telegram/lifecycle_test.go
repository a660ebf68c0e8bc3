package telegram_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/faketelegram"
	"github.com/herm-dev/herm/store"
)

// waitRequests waits until the model has been asked n times.
func (w *world) waitRequests(n int) {
	w.t.Helper()
	waitFor(w.t, strconv.Itoa(n)+" model requests", func() bool { return len(w.llm.Script.Requests()) >= n })
}

func TestNewMessageInterruptsTheRunningTurn(t *testing.T) {
	w := newWorld(t, worldOptions{busy: "interrupt"})
	w.llm.Script.Push(fakellm.Reply{Text: "slow answer", Delay: 30 * time.Second}, fakellm.Reply{Text: "fast answer"})
	w.say(owner, "first")
	w.waitRequests(1)
	w.say(owner, "actually, second")
	w.waitMessage(owner, contains("fast answer"))
	reqs := w.llm.Script.Requests()
	if len(reqs) != 2 || reqs[1].LastUser() != "actually, second" {
		t.Fatalf("%+v", reqs)
	}
	for _, m := range w.tg.Messages(strconv.Itoa(owner)) {
		if strings.Contains(m.Text, "slow answer") {
			t.Error("the interrupted turn answered")
		}
	}
	// Both messages are in the session, in order.
	r, _ := w.store.Route(context.Background(), "telegram:dm:"+strconv.Itoa(owner))
	msgs, _ := w.store.Messages(context.Background(), r.SessionID)
	var users []string
	for _, m := range msgs {
		if m.Role == "user" {
			users = append(users, m.Content)
		}
	}
	if strings.Join(users, "|") != "first|actually, second" {
		t.Errorf("user messages %q", users)
	}
}

func TestQueueModeAnswersInOrder(t *testing.T) {
	w := newWorld(t, worldOptions{busy: "queue"})
	w.llm.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		return fakellm.Reply{Text: "re: " + r.LastUser(), Delay: 100 * time.Millisecond}
	})
	for _, s := range []string{"one", "two", "three"} {
		w.say(owner, s)
	}
	w.waitMessage(owner, contains("re: three"))
	var got []string
	for _, m := range w.tg.Messages(strconv.Itoa(owner)) {
		got = append(got, m.Text)
	}
	if strings.Join(got, "|") != "re: one|re: two|re: three" {
		t.Errorf("answers %q", got)
	}
}

func TestCommandsInChat(t *testing.T) {
	w := newWorld(t, worldOptions{})
	w.llm.Script.Push(fakellm.Reply{Text: "never sent", Delay: 30 * time.Second})
	w.say(owner, "/help")
	w.waitMessage(owner, contains("/new"))
	w.say(owner, "think hard")
	w.waitRequests(1)
	w.say(owner, "/status")
	w.waitMessage(owner, contains("State: working"))
	w.say(owner, "/stop")
	w.waitMessage(owner, contains("Stopped"))
	r1, _ := w.store.Route(context.Background(), "telegram:dm:"+strconv.Itoa(owner))
	w.say(owner, "/new")
	w.waitMessage(owner, contains("Started a new session"))
	r2, _ := w.store.Route(context.Background(), "telegram:dm:"+strconv.Itoa(owner))
	if r1.SessionID == r2.SessionID {
		t.Error("/new kept the session")
	}
	w.say(owner, "/model other-model")
	w.waitMessage(owner, contains("Model for this session: other-model"))
	w.llm.Script.Push(fakellm.Reply{Text: "fresh"})
	w.say(owner, "hello")
	w.waitMessage(owner, contains("fresh"))
	reqs := w.llm.Script.Requests()
	if last := reqs[len(reqs)-1]; last.Model != "other-model" || len(last.Messages) != 1 {
		t.Errorf("after /new and /model: model %q, %d messages", last.Model, len(last.Messages))
	}
	w.say(owner, "/clear")
	w.waitMessage(owner, contains("only works in the terminal"))
}

func TestShutdownFinishesTheRunningTurn(t *testing.T) {
	w := newWorld(t, worldOptions{drain: 20 * time.Second})
	w.llm.Script.Push(fakellm.Reply{Text: "finished while draining", Delay: 500 * time.Millisecond})
	w.say(owner, "take your time")
	w.waitRequests(1)
	w.stop()
	if len(w.tg.Messages(strconv.Itoa(owner))) == 0 || !strings.Contains(w.tg.Messages(strconv.Itoa(owner))[0].Text, "finished while draining") {
		t.Fatalf("the answer was not sent before exit: %+v", w.tg.Sent())
	}
	if open, _ := w.store.OpenInbox(context.Background()); len(open) != 0 {
		t.Errorf("inbox left open: %+v", open)
	}
}

func TestShutdownPastTheDrainTimeoutLosesNothing(t *testing.T) {
	w := newWorld(t, worldOptions{drain: 300 * time.Millisecond, busy: "queue"})
	w.llm.Script.Push(fakellm.Reply{Text: "too slow", Delay: 30 * time.Second})
	w.say(owner, "long job")
	w.waitRequests(1)
	w.say(owner, "and this too")
	waitFor(t, "the second message to be accepted", func() bool {
		open, _ := w.store.OpenInbox(context.Background())
		return len(open) == 2
	})
	w.stop()
	w.waitMessage(owner, contains("herm is restarting"))
	open, _ := w.store.OpenInbox(context.Background())
	if len(open) != 1 || open[0].State != store.InboxPending || !strings.Contains(string(open[0].Payload), "and this too") {
		t.Fatalf("inbox after shutdown: %+v", open)
	}
	r, _ := w.store.Route(context.Background(), "telegram:dm:"+strconv.Itoa(owner))
	msgs, _ := w.store.Messages(context.Background(), r.SessionID)
	if len(msgs) < 2 || msgs[1].Content != "long job" {
		t.Fatalf("the first message was not kept: %+v", msgs)
	}
	// The next start answers the message that was waiting.
	w.llm.Script.Push(fakellm.Reply{Text: "answered after the restart"})
	newWorld(t, worldOptions{store: w.store, tg: w.tg, llm: w.llm})
	w.waitMessage(owner, contains("answered after the restart"))
	if got := w.llm.Script.Requests(); got[len(got)-1].LastUser() != "and this too" {
		t.Errorf("replayed %q", got[len(got)-1].LastUser())
	}
}

func TestCronJobFromChatIsDeliveredToIt(t *testing.T) {
	w := newWorld(t, worldOptions{cron: true})
	w.llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("cronjob", map[string]any{
			"action": "create", "schedule": "every 1m", "prompt": "Say the weather", "name": "weather"})}},
		fakellm.Reply{Text: "Scheduled."},
	)
	w.say(owner, "tell me the weather every minute")
	w.waitMessage(owner, contains("Scheduled."))
	jobs, err := w.store.Jobs(context.Background())
	if err != nil || len(jobs) != 1 || jobs[0].Origin.Chat != strconv.Itoa(owner) || jobs[0].Deliver != "origin" {
		t.Fatalf("%+v %v", jobs, err)
	}
	w.llm.Script.Push(fakellm.Reply{Text: "Sunny, 21°C."})
	if !w.clock.WaitForWaiters(1, 10*time.Second) {
		t.Fatal("the scheduler is not waiting")
	}
	w.clock.Advance(time.Minute)
	w.waitMessage(owner, contains("Sunny, 21°C."))
	reqs := w.llm.Script.Requests()
	last := reqs[len(reqs)-1]
	for _, tool := range last.Tools {
		if tool == "cronjob" || tool == "send_message" {
			t.Errorf("the cron run was offered %s", tool)
		}
	}
}

func TestAttachmentsAreSavedAndSeen(t *testing.T) {
	w := newWorld(t, worldOptions{})
	png := []byte("\x89PNG\r\n\x1a\nfake image bytes")
	w.tg.AddFile("photo1", "photos/file_1.jpg", png)
	w.tg.AddFile("doc1", "documents/file_2.txt", []byte("hello from a document"))
	w.llm.Script.Respond(func(fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "seen"} })
	w.tg.InjectMessage(faketelegram.Message{ChatID: owner, UserID: owner, Photo: "photo1", Caption: "what is this?"})
	w.waitMessage(owner, contains("seen"))
	req := w.llm.Script.Requests()[0]
	last := req.Messages[len(req.Messages)-1]
	if last.Images != 1 || !strings.Contains(last.Content, "what is this?") || !strings.Contains(last.Content, filepath.Join(w.home, "cache", "telegram")) {
		t.Errorf("photo message: %+v", last)
	}
	w.tg.InjectMessage(faketelegram.Message{ChatID: owner, UserID: owner, Document: "doc1", FileName: "../../notes.txt", MIME: "text/plain"})
	waitFor(t, "the second answer", func() bool { return len(w.llm.Script.Requests()) == 2 })
	entries, _ := os.ReadDir(filepath.Join(w.home, "cache", "telegram"))
	var found bool
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(w.home, "cache", "telegram", e.Name()))
		found = found || string(data) == "hello from a document"
		if strings.Contains(e.Name(), "..") {
			t.Errorf("unsafe file name %q", e.Name())
		}
	}
	if !found {
		t.Errorf("document not saved: %v", entries)
	}
}
