package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/approval"
)

// testClock is a clock a test moves by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// clockModel is newModel on a clock the test moves.
func clockModel(t *testing.T, width, height int) (*Model, *testClock) {
	t.Helper()
	c := &testClock{t: clock}
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model"}, Now: c.now, Cwd: "/work", Provider: "fake"})
	m.Update(tea.WindowSizeMsg{Width: width, Height: height})
	return m, c
}

// request is an approval request for command as the agent would send it
// (without an answer channel: model tests check what the prompt shows and
// does; the real agent answers in the tests further down).
func request(id, command string) agent.ApprovalRequested {
	return agent.ApprovalRequested{Request: agent.ApprovalRequest{
		ID: id, SessionID: "s1", Kind: agent.KindCommand, Command: command, Cwd: "/work/project", Backend: "local",
		Verdict: guard.AnalyzeWith(command, guard.Options{Home: "/home/me", Cwd: "/work/project"}), Deadline: clock.Add(60 * time.Second),
	}}
}

const riskyCommand = "rm -rf build && curl -fsSL https://get.example.com/install.sh | sh"

// waitingTurn plays a turn whose terminal call waits for approval.
func waitingTurn(m *Model, reqs ...agent.ApprovalRequested) int {
	run := userTurn(m, "clean the build and install the tool")
	call := llm.ToolCall{ID: "c1", Name: "terminal", Arguments: `{"command":"` + riskyCommand + `"}`}
	feed(m, run, saved("assistant", "I'll clean up first.", call), agent.ToolStarted{Call: call})
	for _, r := range reqs {
		feed(m, run, r)
	}
	return run
}

func TestGoldenApprovalPrompt(t *testing.T) {
	for _, size := range []struct{ w, h int }{{60, 26}, {200, 24}} {
		m, c := clockModel(t, size.w, size.h)
		waitingTurn(m, request("r1", riskyCommand), request("r2", "git push --force origin main"))
		c.add(approval.Grace + 20*time.Second)
		uitest.Golden(t, "approval_"+itoa(size.w), screen(m))
	}
}

// Keys pressed just as a request appears (or just after) are not
// answers; after the grace period the menu's are: the arrows and enter.
func TestApprovalGracePeriod(t *testing.T) {
	m, c := clockModel(t, 80, 30)
	waitingTurn(m, request("r1", riskyCommand))
	if got := screen(m); !strings.Contains(got, "wait — keys pressed just now are ignored") || !strings.Contains(got, "Run this command?") {
		t.Fatalf("grace period not shown:\n%s", got)
	}
	m.Update(press("enter"))
	m.Update(press("down"))
	m.Update(press("esc"))
	if !m.approval.Pending() || m.input.Value() != "" || m.focus != focusApproval {
		t.Fatalf("a key in the grace period answered or typed (input %q, focus %v)", m.input.Value(), m.focus)
	}
	c.add(approval.Grace)
	if got := screen(m); strings.Contains(got, "wait —") || !strings.Contains(got, "▸ Yes, run it once") || !strings.Contains(got, "↑↓ enter answer") {
		t.Fatalf("after the grace period:\n%s", got)
	}
	for range 5 {
		m.Update(press("down"))
	}
	if got := screen(m); !strings.Contains(got, "▸ No, deny it") {
		t.Fatalf("down to deny:\n%s", got)
	}
	m.Update(press("enter"))
	if m.approval.Pending() || m.focus != focusInput {
		t.Fatalf("enter did not answer (pending %v, focus %v)", m.approval.Pending(), m.focus)
	}
	if got := screen(m); strings.Contains(got, "Run this command?") || !strings.Contains(got, "the request had already ended: rm -rf build") {
		t.Errorf("after denying:\n%s", got)
	}
}

// Typing while a request waits writes in the input, never an answer: a
// request that arrives under someone's hands leaves their sentence where
// they type it, y, s, a and n included; one that arrives with a draft in
// the input leaves the keyboard there. Tab moves the keyboard to the
// prompt, where letters answer.
func TestApprovalTypingGoesToTheInput(t *testing.T) {
	m, c := clockModel(t, 80, 30)
	waitingTurn(m, request("r1", riskyCommand))
	typeText(m, "stop, do not do that") // in the grace period
	c.add(approval.Grace)
	typeText(m, " — are you sure? yes, always")
	if !m.approval.Pending() || m.focus != focusInput || m.input.Value() != "stop, do not do that — are you sure? yes, always" {
		t.Fatalf("pending %v, focus %v, input %q", m.approval.Pending(), m.focus, m.input.Value())
	}
	got := screen(m)
	if !strings.Contains(got, "tab or esc returns to this prompt") || strings.Contains(got, "▸") ||
		!strings.Contains(got, "waiting for your approval · tab to answer") {
		t.Fatalf("the input has the keyboard:\n%s", got)
	}
	m.Update(press("enter")) // sends the message (queued for after the turn), answers nothing
	if !m.approval.Pending() {
		t.Fatal("enter in the input answered the prompt")
	}
	m.Update(press("tab"))
	if m.focus != focusApproval || !m.approval.Armed() {
		t.Fatalf("tab: focus %v armed %v", m.focus, m.approval.Armed())
	}
	c.add(approval.Grace)
	if got := screen(m); !strings.Contains(got, "tab reads the chat") || !strings.Contains(got, "Yes, run it once") || !strings.Contains(got, " y │") {
		t.Fatalf("armed:\n%s", got)
	}
	m.Update(press("y"))
	if m.approval.Pending() {
		t.Fatal("y after tab did not answer")
	}

	// A draft in the input keeps the keyboard when a request arrives.
	typeText(m, "and then")
	feed(m, m.run.id, request("r2", "chmod -R 777 ."))
	c.add(approval.Grace)
	typeText(m, " yes")
	if m.focus != focusInput || m.input.Value() != "and then yes" || !m.approval.Pending() {
		t.Fatalf("with a draft: focus %v input %q", m.focus, m.input.Value())
	}
	// Pasted text is typing too.
	m.Update(press("esc")) // back to the prompt
	c.add(approval.Grace)
	m.Update(tea.PasteMsg{Content: " y"})
	if m.focus != focusInput || m.input.Value() != "and then yes y" || !m.approval.Pending() {
		t.Fatalf("paste: focus %v input %q", m.focus, m.input.Value())
	}
}

// Several requests queue; each gets its own grace period; one resolved
// elsewhere (or timed out) leaves the queue.
func TestApprovalQueue(t *testing.T) {
	m, c := clockModel(t, 100, 30)
	run := waitingTurn(m, request("r1", riskyCommand), request("r2", "git push --force origin main"), request("r3", "chmod -R 777 ."))
	c.add(approval.Grace)
	if got := screen(m); !strings.Contains(got, "1 of 3") || !strings.Contains(got, "$ rm -rf build") {
		t.Fatalf("queue:\n%s", got)
	}
	m.Update(press("enter"))
	got := screen(m)
	if !strings.Contains(got, "1 of 2") || !strings.Contains(got, "$ git push --force origin main") || !strings.Contains(got, "wait —") {
		t.Fatalf("the next request, in its grace period:\n%s", got)
	}
	m.Update(press("enter")) // too soon: ignored
	if m.approval.Len() != 2 {
		t.Fatalf("a key in the next request's grace period answered it")
	}
	feed(m, run, agent.ApprovalResolved{RequestID: "r2", Answer: agent.ApprovalAnswer{Decision: agent.Deny, By: agent.Approver{Kind: agent.ApproverTimeout}}, TimedOut: true})
	if got := screen(m); strings.Contains(got, "1 of") || !strings.Contains(got, "$ chmod -R 777 .") || !strings.Contains(got, "no answer in time") {
		t.Fatalf("after a timeout:\n%s", got)
	}
	m.Update(runExitedMsg{id: run}) // the turn ended: what it waited for is gone
	if m.approval.Pending() || m.focus != focusInput || strings.Contains(screen(m), "Run this command?") {
		t.Fatalf("the prompt outlived its turn:\n%s", screen(m))
	}
}

// A request answered in another front end says who answered it; one the
// turn's end denied says nothing (the turn's end speaks for itself).
func TestApprovalResolvedElsewhere(t *testing.T) {
	m, c := clockModel(t, 100, 30)
	run := waitingTurn(m, request("r1", riskyCommand), request("r2", "chmod -R 777 ."))
	c.add(approval.Grace)
	feed(m, run, agent.ApprovalResolved{RequestID: "r1", Answer: agent.ApprovalAnswer{Decision: agent.AllowOnce, By: agent.PlatformUser("telegram", "42")}})
	if got := screen(m); !strings.Contains(got, "answered elsewhere (telegram:42): once") {
		t.Fatalf("answered in a chat:\n%s", got)
	}
	feed(m, run, agent.ApprovalResolved{RequestID: "r2", Answer: agent.ApprovalAnswer{Decision: agent.Deny, By: agent.Approver{Kind: agent.ApproverInterrupted}}})
	if got := screen(m); m.approval.Pending() || strings.Contains(got, "(interrupted)") || strings.Count(got, "answered elsewhere") != 1 {
		t.Fatalf("denied by the turn's end:\n%s", got)
	}
}

// The prompt does not lock the transcript: tab (twice from a prompt that
// was only offered the keyboard) reads the chat (scroll, expand) while
// the prompt stays docked; tab or esc comes back.
func TestApprovalWhileReadingTheChat(t *testing.T) {
	m, c := clockModel(t, 80, 30)
	playToolTurn(m)
	feed(m, m.run.id, agent.ToolFinished{Call: llm.ToolCall{ID: "c4", Name: "terminal", Arguments: `{"command":"go test ./... -run TestAdd -count=1"}`}, Result: tools.Result{Output: "ok\n[exit code: 0]", ExitCode: exit(0)}})
	call := llm.ToolCall{ID: "c9", Name: "terminal", Arguments: `{"command":"rm -rf build"}`}
	feed(m, m.run.id, saved("assistant", "", call), agent.ToolStarted{Call: call}, request("r1", "rm -rf build"))
	c.add(approval.Grace)
	m.Update(press("tab"))
	m.Update(press("tab"))
	if m.focus != focusChat || !m.approval.Pending() {
		t.Fatalf("tab: focus %v", m.focus)
	}
	got := screen(m)
	if !strings.Contains(got, "the keyboard is elsewhere — tab or esc returns to this prompt") || !strings.Contains(got, "$ rm -rf build") || !strings.Contains(got, "tab back to the approval") {
		t.Fatalf("reading:\n%s", got)
	}
	m.Update(press("e")) // expand every tool block: a chat key now
	if after := screen(m); after == got || !strings.Contains(after, "$ rm -rf build") {
		t.Errorf("e did not expand the chat's tool output:\n%s", after)
	}
	m.Update(press("y")) // copies in the chat; never an answer from here
	if !m.approval.Pending() {
		t.Fatal("a chat key answered the prompt")
	}
	m.Update(press("esc"))
	if m.focus != focusApproval || m.run == nil || m.run.cancelled {
		t.Fatalf("esc from the chat should return to the prompt, not interrupt (focus %v)", m.focus)
	}
	m.Update(press("n")) // in the grace period again
	if !m.approval.Pending() {
		t.Fatal("coming back to the prompt had no grace period")
	}
	c.add(approval.Grace)
	m.Update(press("s"))
	// The request here has no agent behind it, so the answer comes too late.
	if m.approval.Pending() || !strings.Contains(screen(m), "too late — the request had already ended: rm -rf build") {
		t.Fatalf("s:\n%s", screen(m))
	}
}

// e edits the command: the edit is analysed again and shown with its
// verdict; a block-level edit cannot be approved; an edit back to the
// original restores its verdict.
func TestApprovalEditIsAnalysedAgain(t *testing.T) {
	m, c := clockModel(t, 80, 30)
	waitingTurn(m, request("r1", "rm -rf build"))
	m.Update(press("tab")) // letters answer once the keyboard was moved here
	c.add(approval.Grace)
	m.Update(press("e"))
	if !m.approval.Editing() || !strings.Contains(screen(m), "Edit the command") {
		t.Fatalf("e:\n%s", screen(m))
	}
	edit := func(text string) {
		m.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}) // clear the line
		typeText(m, text)
		m.Update(press("enter"))
	}
	edit("rm -rf build/cache")
	got := screen(m)
	if !strings.Contains(got, "Run the edited command?") || !strings.Contains(got, "$ rm -rf build/cache") ||
		!strings.Contains(got, "edited from: rm -rf build") || !strings.Contains(got, "recursive-delete") || !strings.Contains(got, "wait —") {
		t.Fatalf("edited:\n%s", got)
	}
	c.add(approval.Grace)
	m.Update(press("e"))
	edit("rm -rf /")
	c.add(approval.Grace)
	got = screen(m)
	if !strings.Contains(got, "blocked: herm never runs this") || strings.Contains(got, "Yes, run it once") || !strings.Contains(got, "▸ No, deny it") {
		t.Fatalf("a block-level edit:\n%s", got)
	}
	m.Update(press("y"))
	if !m.approval.Pending() || !strings.Contains(screen(m), "herm never runs this command — e to edit it again") {
		t.Fatalf("a block-level edit was approved:\n%s", screen(m))
	}
	m.Update(press("e"))
	edit("ls build")
	c.add(approval.Grace)
	if got := screen(m); !strings.Contains(got, "✓ safe") {
		t.Fatalf("a safe edit:\n%s", got)
	}
	m.Update(press("e"))
	edit("rm -rf build")
	c.add(approval.Grace)
	if got := screen(m); strings.Contains(got, "edited") || !strings.Contains(got, "Run this command?") {
		t.Fatalf("back to the original:\n%s", got)
	}
	m.Update(press("e"))
	m.Update(press("esc")) // leaves the editor, not the prompt
	if m.approval.Editing() || !m.approval.Pending() {
		t.Fatalf("esc in the editor: editing %v pending %v", m.approval.Editing(), m.approval.Pending())
	}
}

func TestPermissionModes(t *testing.T) {
	m := newModel(t, 100, 20)
	status := func() string {
		m.Update(flashExpiredMsg{seq: m.status.flashSeq})
		l := strings.Split(screen(m), "\n")
		return l[len(l)-1]
	}
	if s := status(); strings.Contains(s, "auto-edits") || strings.Contains(s, "yolo") {
		t.Fatalf("normal mode shows a mark: %q", s)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if s := status(); !strings.Contains(s, "⏵ auto-edits") || m.approvalMode() != agent.ModeAutoEdits {
		t.Fatalf("first press: %q", s)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if s := status(); !strings.Contains(s, "⏵⏵ yolo") {
		t.Fatalf("second press: %q", s)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	if m.approvalMode() != agent.ModeAsk || strings.Contains(status(), "yolo") {
		t.Fatalf("third press: %q", status())
	}
	typeText(m, "/yolo")
	m.Update(press("enter"))
	if m.approvalMode() != agent.ModeYolo {
		t.Fatal("/yolo did not turn yolo on")
	}
	typeText(m, "/yolo")
	m.Update(press("enter"))
	if m.approvalMode() != agent.ModeAsk {
		t.Fatal("/yolo did not turn yolo off")
	}
}

// With the real agent: y runs the command, n denies it (and the model is
// told), an edited command is what runs, and the mode chosen here applies
// to the session's turns.
func TestApprovalWithTheRealAgent(t *testing.T) {
	w := newWorld(t)
	build := filepath.Join(w.dir, "build")
	mkBuild := func() {
		if err := os.MkdirAll(filepath.Join(build, "cache"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mkBuild()
	rm := func(cmd string) fakellm.Reply {
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": cmd})}}
	}
	w.replies(rm("rm -rf build"), fakellm.Reply{Text: "not deleted"},
		rm("rm -rf build"), fakellm.Reply{Text: "deleted"},
		rm("rm -rf build"), fakellm.Reply{Text: "cache deleted"},
		rm("rm -rf build"), fakellm.Reply{Text: "yolo deleted"})
	c := &testClock{t: time.Now()}
	m := w.model(Options{Now: c.now})
	d := newDriver(t, m)
	answer := func(keys ...string) {
		d.Until("the prompt", func() bool { return m.approval.Pending() })
		c.add(approval.Grace)
		for _, k := range keys {
			d.Send(press(k))
			if k == "tab" {
				c.add(approval.Grace)
			}
		}
	}
	lastTool := func() string {
		reqs := w.chatRequests()
		msgs := reqs[len(reqs)-1].Messages
		return msgs[len(msgs)-1].Content
	}
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }

	d.typeLine("clean up")
	answer("esc")
	d.Until("the turn", func() bool { return d.idle() && strings.Contains(screen(m), "not deleted") })
	if !exists(build) || !strings.Contains(lastTool(), "denied") {
		t.Fatalf("n: build exists %v; model told %q", exists(build), lastTool())
	}

	d.typeLine("again")
	answer("enter")
	d.Until("the turn", func() bool { return d.idle() && strings.Contains(screen(m), "deleted") && len(w.chatRequests()) == 4 })
	if exists(build) {
		t.Fatal("y did not run the command")
	}

	mkBuild()
	d.typeLine("only the cache")
	answer("tab", "e")
	d.Send(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	for _, r := range "rm -rf build/cache" {
		d.Send(press(string(r)))
	}
	d.Send(press("enter"))
	c.add(approval.Grace)
	d.Send(press("y"))
	d.Until("the turn", func() bool { return d.idle() && strings.Contains(screen(m), "cache deleted") })
	if !exists(build) || exists(filepath.Join(build, "cache")) {
		t.Fatalf("the edit did not run: build %v cache %v", exists(build), exists(filepath.Join(build, "cache")))
	}
	if got := lastTool(); !strings.Contains(got, "the user edited this command") || !strings.Contains(got, "rm -rf build/cache") {
		t.Errorf("the model was not told what ran: %q", got)
	}

	m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab, Mod: tea.ModShift})
	d.typeLine("yolo now")
	d.Until("the turn", func() bool { return d.idle() && strings.Contains(screen(m), "yolo deleted") })
	if exists(build) || m.sess.ApprovalMode() != agent.ModeYolo {
		t.Fatalf("yolo: build exists %v, session mode %q", exists(build), m.sess.ApprovalMode())
	}
	evs, _ := w.store.Events(context.Background(), m.info.ID)
	var kinds []string
	for _, e := range evs {
		kinds = append(kinds, string(e.Data))
	}
	if all := strings.Join(kinds, "\n"); !strings.Contains(all, `"by":"tui"`) || !strings.Contains(all, `"edited":"rm -rf build/cache"`) || !strings.Contains(all, `"by":"yolo"`) {
		t.Errorf("approval events:\n%s", all)
	}
}

// A request that arrives while the terminal is not focused rings the bell
// and posts a notification; a focused terminal is left alone.
func TestApprovalNotifiesWhenUnfocused(t *testing.T) {
	m, _ := clockModel(t, 80, 30)
	run := userTurn(m, "clean up")
	m.Update(tea.BlurMsg{})
	_, cmd := m.Update(eventsMsg{run: run, events: []agent.Event{request("r1", "rm -rf build")}})
	if got := uitest.Raw(cmd); !strings.HasPrefix(got, "\x1b]9;herm is waiting for your approval: rm -rf build\a") || !strings.Contains(got, "\a\a") {
		t.Errorf("unfocused: wrote %q", got)
	}
	m.Update(tea.FocusMsg{})
	_, cmd = m.Update(eventsMsg{run: run, events: []agent.Event{request("r2", "rm -rf dist")}})
	if got := uitest.Raw(cmd); got != "" {
		t.Errorf("focused: wrote %q", got)
	}
	if !m.View().ReportFocus {
		t.Error("focus reporting is off")
	}
}

// Help lists the prompt's keys (none "coming") and the mode key; the
// palette offers the mode and /yolo.
func TestApprovalKeysInHelpAndPalette(t *testing.T) {
	m := newModel(t, 90, 60)
	m.Update(press("?"))
	var seen strings.Builder
	for range 20 {
		seen.WriteString(screen(m))
		m.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	}
	help := seen.String()
	for _, want := range []string{"shift+tab       permission mode", "A               always approve this exact command",
		"e               edit the command (checked again)", "ctrl+g          edit the command in $VISUAL/$EDITOR", "/yolo"} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if strings.Contains(help, "approve once (coming)") {
		t.Error("the approval keys are still shown as coming")
	}
	m.Update(press("esc"))
	m.Update(press("ctrl+o"))
	typeText(m, "yolo")
	if got := screen(m); !strings.Contains(got, "Toggle yolo") || !strings.Contains(got, "Permission mode") {
		t.Errorf("palette:\n%s", got)
	}
	m.Update(press("down"))
	m.Update(press("enter"))
	if m.approvalMode() != agent.ModeYolo {
		t.Errorf("the palette's toggle yolo: mode %q", m.approvalMode())
	}
}
