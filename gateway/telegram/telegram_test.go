package telegram_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/faketelegram"
	"github.com/herm-dev/herm/store"
)

func TestAllowedUserGetsTheAnswer(t *testing.T) {
	w := newWorld(t, worldOptions{})
	w.llm.Script.Push(fakellm.Reply{Text: "Hello from herm!", Delay: 500 * time.Millisecond})
	w.say(owner, "hi there")
	m := w.waitMessage(owner, contains("Hello from herm!"))
	if m.ReplyTo == 0 {
		t.Error("the answer does not reply to the message")
	}
	if got := w.llm.Script.Requests(); len(got) != 1 || got[0].LastUser() != "hi there" {
		t.Fatalf("model requests: %+v", got)
	}
	if w.tg.CallCount("sendChatAction") == 0 {
		t.Error("no typing indicator")
	}
	// The chat has a session in the store, and the next message continues it.
	r, err := w.store.Route(context.Background(), "telegram:dm:"+strconv.Itoa(owner))
	if err != nil {
		t.Fatal(err)
	}
	w.llm.Script.Push(fakellm.Reply{Text: "second answer"})
	w.say(owner, "again")
	w.waitMessage(owner, contains("second answer"))
	msgs, _ := w.store.Messages(context.Background(), r.SessionID)
	if len(msgs) != 5 { // system, user, assistant, user, assistant
		t.Errorf("%d messages in the session", len(msgs))
	}
	if reqs := w.llm.Script.Requests(); len(reqs[1].Messages) < 3 {
		t.Error("the second turn did not see the first")
	}
}

var codeRE = regexp.MustCompile(`herm pairing approve telegram ([A-Z2-9]{8})`)

func TestUnknownUserIsPairedThenServed(t *testing.T) {
	w := newWorld(t, worldOptions{})
	const stranger = 2002
	w.say(stranger, "hello?")
	m := w.waitMessage(stranger, contains("herm pairing approve telegram"))
	code := codeRE.FindStringSubmatch(m.Text)
	if code == nil {
		t.Fatalf("no code in %q", m.Text)
	}
	// A second message within ten minutes gets no new code, and nothing
	// reaches the agent.
	w.say(stranger, "please?")
	time.Sleep(200 * time.Millisecond)
	if n := len(w.tg.Messages(strconv.Itoa(stranger))); n != 1 {
		t.Errorf("%d messages to the stranger", n)
	}
	if len(w.llm.Script.Requests()) != 0 {
		t.Fatal("an unknown user reached the agent")
	}
	p := &gateway.Pairing{Store: w.store}
	if _, err := p.Approve(context.Background(), "telegram", code[1]); err != nil {
		t.Fatal(err)
	}
	w.llm.Script.Push(fakellm.Reply{Text: "welcome aboard"})
	w.say(stranger, "now?")
	w.waitMessage(stranger, contains("welcome aboard"))
	// Unknown users in groups are ignored silently.
	w.tg.InjectMessage(faketelegram.Message{ChatID: -500, UserID: 3003, Text: "hey bot"})
	time.Sleep(200 * time.Millisecond)
	if n := len(w.tg.Messages("-500")); n != 0 {
		t.Errorf("herm answered an unknown user in a group")
	}
}

func TestDuplicateUpdateIsProcessedOnce(t *testing.T) {
	w := newWorld(t, worldOptions{noStart: true})
	id := w.say(owner, "once please")
	raw := w.tg.Update(id)
	w.llm.Script.Respond(func(fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "done once"} })
	w.start()
	w.waitMessage(owner, contains("done once"))
	w.tg.Redeliver(id, raw)
	w.tg.Redeliver(id, raw)
	waitFor(t, "the redeliveries to be polled", func() bool { return w.tg.PendingUpdates() == 0 })
	time.Sleep(200 * time.Millisecond)
	if n := len(w.llm.Script.Requests()); n != 1 {
		t.Fatalf("the update was processed %d times", n)
	}
	// Across a restart too: the inbox remembers it.
	w.stop()
	w2 := newWorld(t, worldOptions{store: w.store, tg: w.tg, llm: w.llm})
	w2.tg.Redeliver(id, raw)
	waitFor(t, "the redelivery", func() bool { return w2.tg.PendingUpdates() == 0 })
	time.Sleep(200 * time.Millisecond)
	if n := len(w.llm.Script.Requests()); n != 1 {
		t.Fatalf("the update was processed again after a restart (%d)", n)
	}
}

func TestLongAnswerIsSplitAtTheLimit(t *testing.T) {
	w := newWorld(t, worldOptions{})
	var b strings.Builder
	b.WriteString("Here you go:\n\n```go\n")
	for b.Len() < 6000 {
		b.WriteString("fmt.Println(\"a line of code that goes on for a while\")\n")
	}
	b.WriteString("```\n\n")
	for b.Len() < 10000 {
		b.WriteString("Some closing words about the code above. ")
	}
	answer := b.String()
	w.llm.Script.Push(fakellm.Reply{Text: answer})
	w.say(owner, "write a lot")
	w.waitMessage(owner, contains("closing words"))
	waitFor(t, "every part", func() bool {
		var total int
		for _, m := range w.tg.Messages(strconv.Itoa(owner)) {
			total += len(m.Text)
		}
		return total >= len(answer)
	})
	parts := w.tg.Messages(strconv.Itoa(owner))
	if len(parts) < 3 {
		t.Fatalf("%d parts", len(parts))
	}
	for i, p := range parts {
		if n := (gateway.TextLimit{Max: 4096, UTF16: true}).Length(p.Text); n > faketelegram.MaxText {
			t.Errorf("part %d: %d units", i, n)
		}
		if strings.Count(p.Text, "```")%2 != 0 {
			t.Errorf("part %d leaves a fence open", i)
		}
	}
	if !strings.HasPrefix(parts[1].Text, "```go") {
		t.Errorf("the code fence was not reopened: %.30q", parts[1].Text)
	}
}

func TestApprovalAnsweredByButtonAndDenied(t *testing.T) {
	w := newWorld(t, worldOptions{})
	victim := filepath.Join(w.work, "victim")
	os.MkdirAll(victim, 0o755)
	cmd := "rm -rf " + victim
	w.llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": cmd})}},
		fakellm.Reply{Text: "removed it"},
	)
	w.say(owner, "remove the victim directory")
	prompt := w.waitMessage(owner, contains("Approval needed"))
	if !strings.Contains(prompt.Text, cmd) || len(prompt.Buttons) == 0 {
		t.Fatalf("prompt %+v", prompt)
	}
	var once string
	for _, row := range prompt.Buttons {
		for _, b := range row {
			if strings.HasSuffix(b.Data, ":once") {
				once = b.Data
			}
		}
	}
	// Someone else pressing the button is refused.
	w.tg.InjectCallback(owner, 4242, prompt.MessageID, once)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	refusal, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool { return s.Method == "answerCallbackQuery" })
	if err != nil || !strings.Contains(refusal.Text, "Only") {
		t.Fatalf("%+v %v", refusal, err)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Fatal("ran on a stranger's approval")
	}
	w.tg.InjectCallback(owner, owner, prompt.MessageID, once)
	w.waitMessage(owner, contains("removed it"))
	if _, err := os.Stat(victim); !errors.Is(err, os.ErrNotExist) {
		t.Error("the approved command did not run")
	}
	edit, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool {
		return s.Method == "editMessageText" && s.MessageID == prompt.MessageID
	})
	if err != nil || !strings.Contains(edit.Text, "Approved (once)") || len(edit.Buttons) != 0 {
		t.Errorf("the prompt was not closed: %+v %v", edit, err)
	}

	// Now a /deny.
	os.MkdirAll(victim, 0o755)
	w.llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": cmd})}},
		fakellm.Reply{Text: "ok, I left it alone"},
	)
	w.say(owner, "remove it again")
	if _, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool {
		return s.Method == "sendMessage" && strings.Contains(s.Text, "Approval needed") && s.MessageID != prompt.MessageID
	}); err != nil {
		t.Fatal(err)
	}
	w.say(owner, "/deny")
	w.waitMessage(owner, contains("left it alone"))
	if _, err := os.Stat(victim); err != nil {
		t.Error("a denied command ran")
	}
	reqs := w.llm.Script.Requests()
	last := reqs[len(reqs)-1].Messages
	if !strings.Contains(last[len(last)-1].Content, "denied") {
		t.Errorf("the model was not told: %q", last[len(last)-1].Content)
	}
}

func TestSendRetriesAfterFloodControl(t *testing.T) {
	w := newWorld(t, worldOptions{})
	w.tg.Fail("sendMessage", faketelegram.Fault{Status: 429, RetryAfter: 1})
	w.tg.Fail("sendMessage", faketelegram.Fault{Status: 502})
	w.llm.Script.Push(fakellm.Reply{Text: "made it through"})
	w.say(owner, "hi")
	w.waitMessage(owner, contains("made it through"))
	if n := w.tg.CallCount("sendMessage"); n != 3 {
		t.Errorf("%d sendMessage calls, want 3 (429, 502, ok)", n)
	}
}

func TestStatusFileAndInboxState(t *testing.T) {
	w := newWorld(t, worldOptions{})
	w.llm.Script.Push(fakellm.Reply{Text: "ok"})
	w.say(owner, "hi")
	w.waitMessage(owner, contains("ok"))
	waitFor(t, "the status file", func() bool {
		st, running, err := gateway.ReadStatus(w.home)
		return err == nil && running && st != nil && st.State == "ready" && len(st.Platforms) == 1 && st.Platforms[0].State == "connected"
	})
	w.stop()
	st, running, err := gateway.ReadStatus(w.home)
	if err != nil || running || st.State != "stopped" {
		t.Errorf("after stop: %+v running=%v %v", st, running, err)
	}
	open, _ := w.store.OpenInbox(context.Background())
	if len(open) != 0 {
		t.Errorf("inbox items left open: %+v", open)
	}
	_ = store.InboxDone
}

func TestUnansweredApprovalIsDeniedAndSaysSo(t *testing.T) {
	w := newWorld(t, worldOptions{approval: 500 * time.Millisecond})
	victim := filepath.Join(w.work, "keep")
	os.MkdirAll(victim, 0o755)
	w.llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf " + victim})}},
		fakellm.Reply{Text: "I will not delete it then."},
	)
	w.say(owner, "delete keep")
	prompt := w.waitMessage(owner, contains("Approval needed"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	edit, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool {
		return s.Method == "editMessageText" && s.MessageID == prompt.MessageID
	})
	if err != nil || !strings.Contains(edit.Text, "Nobody answered in time") {
		t.Fatalf("%+v %v", edit, err)
	}
	w.waitMessage(owner, contains("will not delete"))
	if _, err := os.Stat(victim); err != nil {
		t.Error("a timed-out request ran")
	}
	// A late button press is told it is over.
	for _, row := range prompt.Buttons {
		w.tg.InjectCallback(owner, owner, prompt.MessageID, row[0].Data)
		break
	}
	late, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool { return s.Method == "answerCallbackQuery" })
	if err != nil || !strings.Contains(late.Text, "no longer waiting") {
		t.Errorf("%+v %v", late, err)
	}
}

// A request left waiting when the turn is stopped says so: it was denied by
// the interruption, not by the person.
func TestApprovalInterruptedByStopSaysSo(t *testing.T) {
	w := newWorld(t, worldOptions{})
	victim := filepath.Join(w.work, "keep")
	os.MkdirAll(victim, 0o755)
	w.llm.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf " + victim})}})
	w.say(owner, "delete keep")
	prompt := w.waitMessage(owner, contains("Approval needed"))
	w.say(owner, "/stop")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	edit, err := w.tg.WaitSent(ctx, func(s faketelegram.Sent) bool {
		return s.Method == "editMessageText" && s.MessageID == prompt.MessageID
	})
	if err != nil || !strings.Contains(edit.Text, "The turn was interrupted") {
		t.Fatalf("%+v %v", edit, err)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Error("an interrupted request ran")
	}
}

// A platform that hangs while the gateway edits the approval prompt holds
// up only the chat, not the turn: the approved command runs and the model
// is called again while the edit still waits. Then the chat catches up, in
// order: the prompt closed, then the answer.
func TestSlowPlatformDoesNotHoldUpTheTurn(t *testing.T) {
	w := newWorld(t, worldOptions{})
	victim := filepath.Join(w.work, "victim")
	os.MkdirAll(victim, 0o755)
	w.llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf " + victim})}},
		fakellm.Reply{Text: "removed it"},
	)
	hold := make(chan struct{})
	var once sync.Once
	unhold := func() { once.Do(func() { close(hold) }) }
	defer unhold()
	w.tg.Fail("editMessageText", faketelegram.Fault{Hold: hold})
	w.say(owner, "remove the victim directory")
	prompt := w.waitMessage(owner, contains("Approval needed"))
	w.say(owner, "/approve")
	waitFor(t, "the model's call after the command", func() bool { return len(w.llm.Script.Requests()) == 2 })
	if _, err := os.Stat(victim); !errors.Is(err, os.ErrNotExist) {
		t.Error("the approved command did not run")
	}
	if n := w.tg.CallCount("editMessageText"); n != 1 {
		t.Fatalf("%d edits started, want the one held", n)
	}
	unhold()
	w.waitMessage(owner, contains("removed it"))
	var order []string
	for _, s := range w.tg.Sent() {
		switch {
		case s.Method == "editMessageText" && s.MessageID == prompt.MessageID && strings.Contains(s.Text, "Approved (once)"):
			order = append(order, "prompt closed")
		case s.Method == "sendMessage" && strings.Contains(s.Text, "removed it"):
			order = append(order, "answer")
		}
	}
	if strings.Join(order, ", ") != "prompt closed, answer" {
		t.Errorf("the chat got %q, want the prompt closed, then the answer", order)
	}
}
