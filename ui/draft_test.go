package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/uitest"
)

// In queue mode, messages sent while the agent works wait above the
// input, where they can be reordered, deleted and edited; they run in
// order when the turn ends.
func TestBusyQueueIsEditable(t *testing.T) {
	for _, w := range []int{80, 60, 200} {
		m := newModel(t, w, 16)
		m.Update(press("x")) // a draft to keep
		m.input.Reset()
		m.command("busy", "queue")
		run := userTurn(m, "build it")
		for _, s := range []string{"then test it", "then ship it", "and write the notes"} {
			typeText(m, s)
			m.Update(press("enter"))
		}
		if m.run == nil || m.run.cancelled || len(m.queued) != 3 {
			t.Fatalf("queue mode interrupted or lost messages: %d queued", len(m.queued))
		}
		uitest.Golden(t, "draft_queue_"+itoa(w), screen(m))
		if n := strings.Count(screen(m), "\n") + 1; n != 16 {
			t.Fatalf("%d lines on a 16-line screen", n)
		}

		m.Update(press("alt+q"))
		m.Update(press("down"))
		m.Update(tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModShift}) // "then ship it" first
		uitest.Golden(t, "draft_queue_focused_"+itoa(w), screen(m))
		if n := strings.Count(screen(m), "\n") + 1; n != 16 {
			t.Fatalf("%d lines on a 16-line screen with the queue focused", n)
		}
		m.Update(press("down"))
		m.Update(press("d")) // deletes "then test it"
		if got := queuedTexts(m); got != "then ship it|and write the notes" {
			t.Fatalf("queue: %s", got)
		}
		m.Update(press("up"))
		m.Update(press("enter")) // edit "then ship it"
		if m.input.Value() != "then ship it" || m.draft.focused || len(m.queued) != 1 {
			t.Fatalf("editing: input %q, %d queued", m.input.Value(), len(m.queued))
		}
		typeText(m, " today")
		m.Update(press("enter"))
		if got := queuedTexts(m); got != "then ship it today|and write the notes" {
			t.Fatalf("the edited message did not go back in its place: %s", got)
		}

		// The turn ends: the first queued message goes next (here, the
		// stand-in agent has no session: one is being created first, and
		// the queue keeps its order).
		feed(m, run, saved("assistant", "built"), agent.TurnDone{Reason: agent.StopDone})
		m.Update(runExitedMsg{id: run})
		if got := queuedTexts(m); !m.opening || got != "then ship it today|and write the notes" {
			t.Fatalf("after the turn: opening %v, queue %s", m.opening, got)
		}
	}
}

func queuedTexts(m *Model) string {
	var out []string
	for _, in := range m.queued {
		out = append(out, in.Text)
	}
	return strings.Join(out, "|")
}

// The default busy mode interrupts the turn and sends next; /busy shows
// and changes the mode.
func TestBusyInterruptAndCommand(t *testing.T) {
	m := newModel(t, 80, 16)
	userTurn(m, "build it")
	typeText(m, "no, stop")
	m.Update(press("enter"))
	if !m.run.cancelled || len(m.queued) != 1 {
		t.Fatalf("interrupt mode: cancelled %v, %d queued", m.run.cancelled, len(m.queued))
	}
	m.command("busy", "")
	if !strings.Contains(screen(m), "/busy interrupt") {
		t.Fatalf("status:\n%s", screen(m))
	}
	m.command("busy", "sometimes")
	if m.draft.busy != busyInterrupt || !strings.Contains(screen(m), "usage: /busy") {
		t.Fatalf("a bad mode was taken: %q", m.draft.busy)
	}
	m2 := New(context.Background(), Options{Agent: &agent.Agent{Model: "m"}, Busy: "steer", Now: fixedNow})
	if m2.draft.busy != busySteer {
		t.Fatalf("display.busy steer: %q", m2.draft.busy)
	}
}

// In steer mode, a message sent while the model works is added to the
// running turn: the model's next call reads it, and the transcript shows
// it in order.
func TestSteerTheRunningTurn(t *testing.T) {
	w := newWorld(t)
	arrived, gate := make(chan struct{}), make(chan struct{})
	var (
		mu    sync.Mutex
		calls int
	)
	w.srv.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if strings.HasPrefix(r.System, "You name conversations") {
			return fakellm.Reply{Text: "A title"}
		}
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		if n == 1 {
			close(arrived)
			<-gate
			return fakellm.Reply{Text: "a red one"}
		}
		return fakellm.Reply{Text: "a blue one, then"}
	})
	m := w.model(Options{Busy: "steer"})
	d := newDriver(t, m)
	d.typeLine("draw a car")
	d.Until("the model call", func() bool { // the turn is running: the model is answering
		select {
		case <-arrived:
			return true
		default:
			return false
		}
	})
	d.typeLine("make it blue")
	if got := screen(m); !strings.Contains(got, "↳ steering · make it blue") {
		t.Fatalf("the steering message is not shown:\n%s", got)
	}
	close(gate)
	d.Until("the steered answer", func() bool { return d.idle() && strings.Contains(screen(m), "a blue one, then") })
	reqs := w.chatRequests()
	if len(reqs) != 2 || reqs[1].LastUser() != "make it blue" {
		t.Fatalf("%d requests; the second's last user message %q", len(reqs), reqs[len(reqs)-1].LastUser())
	}
	if got := roles(reqs[1].Messages); got != "user assistant user" {
		t.Fatalf("second request: %s", got)
	}
	got := screen(m)
	if len(m.draft.steering) != 0 || strings.Contains(got, "↳ steering") {
		t.Fatalf("steering still shown:\n%s", got)
	}
	i, j, k := strings.Index(got, "a red one"), strings.Index(got, "┃ make it blue"), strings.Index(got, "a blue one")
	if i < 0 || j < i || k < j {
		t.Fatalf("transcript order:\n%s", got)
	}
}

func roles(msgs []fakellm.Message) string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Role)
	}
	return strings.Join(out, " ")
}

// ctrl+r searches the messages sent, in this run and earlier ones (the
// history file under HERM_HOME); esc goes back to the draft.
func TestHistorySearchInTheRoot(t *testing.T) {
	home := t.TempDir()
	hist := `"deploy the api"` + "\n" + `"run the tests"` + "\n" + `"deploy the web app"` + "\n"
	if err := os.WriteFile(filepath.Join(home, historyFileName), []byte(hist), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{80, 60} {
		m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model"}, Now: fixedNow, Cwd: "/work", Home: home, Provider: "fake"})
		m.Update(tea.WindowSizeMsg{Width: w, Height: 12})
		for _, c := range m.afterStart { // reads the history file
			m.Update(c())
		}
		typeText(m, "draft")
		m.Update(press("ctrl+r"))
		typeText(m, "dep")
		uitest.Golden(t, "draft_history_search_"+itoa(w), screen(m))
		m.Update(press("ctrl+r"))
		if m.input.Value() != "deploy the api" {
			t.Fatalf("older match: %q", m.input.Value())
		}
		m.Update(press("esc"))
		if m.input.Searching() || m.input.Value() != "draft" {
			t.Fatalf("esc: %q", m.input.Value())
		}
	}
}

// The stash and the draft's pastes show on a line above the input; alt+v
// shows a paste and expands it into the draft.
func TestStashIndicatorAndPasteViewer(t *testing.T) {
	for _, w := range []int{80, 60} {
		m := newModel(t, w, 24)
		typeText(m, "an idea for later")
		m.Update(press("alt+s"))
		typeText(m, "look at this: ")
		var log strings.Builder
		for i := range 30 {
			log.WriteString("line " + itoa(i+1) + " of the log\n")
		}
		m.Update(tea.PasteMsg{Content: log.String()})
		uitest.Golden(t, "draft_stash_"+itoa(w), screen(m))
		m.Update(press("alt+v"))
		uitest.Golden(t, "draft_pastes_"+itoa(w), screen(m))
		m.Update(press("e"))
		if len(m.overlays) != 0 || !strings.HasPrefix(m.input.Value(), "look at this: line 1 of the log\n") {
			t.Fatalf("expand: %q", m.input.Value())
		}
		m.input.Reset()
		m.Update(press("alt+s"))
		if m.input.Value() != "an idea for later" {
			t.Fatalf("pop: %q", m.input.Value())
		}
	}
}

// /rewind lists the person's messages with the files a rewind restores;
// choosing one restores the file the agent overwrote, takes the
// conversation back and puts the message in the input.
func TestRewindRestoresAFile(t *testing.T) {
	w := newWorld(t)
	notes := filepath.Join(w.dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("my precious notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.replies(
		fakellm.Reply{Text: "Hello."},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("write_file", map[string]any{"path": "notes.txt", "content": "gone\n"})}},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo hi"})}},
		fakellm.Reply{Text: "Notes replaced."},
	)
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("hello")
	d.Until("the first answer", func() bool { return d.idle() && strings.Contains(screen(m), "Hello.") })
	d.typeLine("replace my notes")
	d.Until("the second answer", func() bool { return d.idle() && strings.Contains(screen(m), "Notes replaced.") })
	if b, _ := os.ReadFile(notes); string(b) != "gone\n" {
		t.Fatalf("notes = %q", b)
	}
	d.typeLine("/rewind")
	d.Until("the picker", func() bool { return len(m.overlays) == 1 })
	// Only the dialog: the transcript behind it shows tool durations.
	uitest.Golden(t, "draft_rewind_picker", ansi.Strip(m.overlays[0].View(m)))
	d.Send(press("enter"))
	d.Until("the rewind", func() bool { return strings.Contains(screen(m), "rewound ·") })
	if b, _ := os.ReadFile(notes); string(b) != "my precious notes\n" {
		t.Fatalf("notes after /rewind = %q", b)
	}
	got := screen(m)
	for _, want := range []string{"restored notes.txt", "not undone: terminal", "Hello."} {
		if !strings.Contains(got, want) {
			t.Errorf("screen lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Notes replaced.") || m.input.Value() != "replace my notes" {
		t.Fatalf("input %q; screen:\n%s", m.input.Value(), got)
	}
	msgs, err := w.store.Messages(context.Background(), m.info.ID)
	if err != nil || len(msgs) != 3 { // system, hello, Hello.
		t.Fatalf("%d messages left, %v", len(msgs), err)
	}
}

// /branch forks the session after the chosen exchange and opens the fork;
// the original keeps everything.
func TestBranchOpensAFork(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{Text: "Answer one."}, fakellm.Reply{Text: "Answer two."})
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("question one")
	d.Until("answer one", func() bool { return d.idle() && strings.Contains(screen(m), "Answer one.") })
	d.typeLine("question two")
	d.Until("answer two", func() bool { return d.idle() && strings.Contains(screen(m), "Answer two.") })
	orig := m.info.ID
	d.typeLine("/branch")
	d.Until("the picker", func() bool { return len(m.overlays) == 1 })
	d.Send(press("up"))
	d.Send(press("enter"))
	d.Until("the fork", func() bool { return m.info.ID != orig && m.sess != nil && !m.opening })
	got := screen(m)
	if !strings.Contains(got, "Answer one.") || strings.Contains(got, "question two") {
		t.Fatalf("the fork shows:\n%s", got)
	}
	if m.info.ParentID != orig {
		t.Fatalf("fork's parent %q, want %q", m.info.ParentID, orig)
	}
	if msgs, _ := w.store.Messages(context.Background(), orig); len(msgs) != 5 {
		t.Fatalf("the original has %d messages", len(msgs))
	}
}

// A message sent with an image (a dropped path) goes to the model as an
// image part and shows as a chip, also when the session is opened again.
func TestImageSentAndShown(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{Text: "A tiny picture."})
	img := filepath.Join(w.dir, "shot.png")
	png := []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R', 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89}
	if err := os.WriteFile(img, png, 0o644); err != nil {
		t.Fatal(err)
	}
	m := w.model(Options{})
	d := newDriver(t, m)
	for _, r := range "what is this? " {
		d.Send(press(string(r)))
	}
	d.Send(tea.PasteMsg{Content: img})
	d.Until("the image placeholder", func() bool { return strings.Contains(m.input.Value(), "[image #1 · shot.png") })
	d.Send(press("enter"))
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "A tiny picture.") })
	reqs := w.chatRequests()
	if last := reqs[0].Messages[len(reqs[0].Messages)-1]; last.Images != 1 || strings.TrimSpace(last.Content) != "what is this?" {
		t.Fatalf("sent %+v", last)
	}
	if !strings.Contains(screen(m), "🖼 png · 33 B") {
		t.Fatalf("no image chip:\n%s", screen(m))
	}
	m2 := w.model(Options{Resume: m.info.ID})
	d2 := newDriver(t, m2)
	d2.Until("the session to open", func() bool { return m2.sess != nil })
	if !strings.Contains(screen(m2), "🖼 png · 33 B") {
		t.Fatalf("no image chip after resuming:\n%s", screen(m2))
	}
	// An @path to an image is sent as an image part too.
	w.replies(fakellm.Reply{Text: "Same picture."})
	d2.typeLine("again @shot.png")
	d2.Until("the answer", func() bool { return d2.idle() && strings.Contains(screen(m2), "Same picture.") })
	reqs = w.chatRequests()
	last := reqs[len(reqs)-1]
	if n := last.Messages[len(last.Messages)-1].Images; n != 1 {
		t.Fatalf("@shot.png sent %d images", n)
	}
	if first := last.Messages[0]; first.Images != 1 {
		t.Fatalf("the resumed history lost the first image: %+v", first)
	}
}

// The pickers of /rewind and /branch fit narrow and wide windows.
func TestRewindPickerWidths(t *testing.T) {
	points := []agent.RewindPoint{
		{ID: 2, Text: "set up the project with a very long first message that will not fit on one line of a narrow window"},
		{ID: 9, Text: "fix the tests\nand more on a second line", Files: []string{"/work/calc.go", "/work/calc_test.go"}},
		{ID: 20, Text: "write the notes", Files: []string{"/work/calc.go", "/work/calc_test.go", "/work/NOTES.md", "/tmp/elsewhere.txt", "/work/more.go"}},
	}
	for _, w := range []int{60, 200} {
		for _, branch := range []bool{false, true} {
			m := newModel(t, w, 20)
			m.handleRewindPoints(rewindPointsMsg{branch: branch, points: points})
			name := "draft_rewind_"
			if branch {
				name = "draft_branch_"
			}
			uitest.Golden(t, name+itoa(w), screen(m))
			for _, l := range strings.Split(screen(m), "\n") {
				if ansi.StringWidth(l) > w {
					t.Errorf("%d columns: line wider than the window: %q", w, l)
				}
			}
		}
	}
}

// What the input reports (a stash, an editor that failed) shows in the
// status line.
func TestInputFlashesReachTheStatusLine(t *testing.T) {
	m := newModel(t, 80, 12)
	typeText(m, "keep this")
	_, cmd := m.Update(press("alt+s"))
	for _, msg := range uitest.Collect(cmd) {
		m.Update(msg)
	}
	if got := screen(m); !strings.Contains(got, "draft stashed") {
		t.Fatalf("no flash:\n%s", got)
	}
}

// The input features are in the palette, and running them from it works.
func TestDraftActionsInThePalette(t *testing.T) {
	m := newModel(t, 100, 30)
	m.input.SetHistory([]string{"an old message"})
	m.Update(press("ctrl+o"))
	typeText(m, "search the messages")
	if got := screen(m); !strings.Contains(got, "Search the messages you sent") || !strings.Contains(got, "ctrl+r") {
		t.Fatalf("palette:\n%s", got)
	}
	m.Update(press("enter"))
	if !m.input.Searching() {
		t.Fatal("the palette did not open the history search")
	}
	m.Update(press("esc"))
	for _, name := range []string{"Rewind to an earlier message", "Branch: fork the session", "Edit the queued messages", "While busy, steer", "Stash the draft", "Edit the draft in $VISUAL"} {
		m.Update(press("ctrl+o"))
		typeText(m, strings.ToLower(name[:12]))
		if got := screen(m); !strings.Contains(got, name) {
			t.Errorf("palette lacks %q:\n%s", name, got)
		}
		m.Update(press("esc"))
	}
	m.Update(press("ctrl+o"))
	typeText(m, "while busy, queue")
	m.Update(press("enter"))
	if m.draft.busy != busyQueue {
		t.Fatalf("busy mode %q", m.draft.busy)
	}
}
