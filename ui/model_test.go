package ui

import (
	"errors"
	"image/color"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/uitest"
)

// press is the key press a name says (see uitest.Key).
func press(name string) tea.KeyPressMsg { return uitest.Key(name) }

func typeText(m *Model, s string) {
	for _, k := range uitest.Type(s) {
		m.Update(k)
	}
}

func TestGoldenMarkdown(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 40}, {60, 50}, {200, 34}} {
		m := newModel(t, size.w, size.h)
		playMarkdownTurn(m)
		uitest.Golden(t, "markdown_"+itoa(size.w), screen(m))
	}
}

func TestGoldenToolBlocks(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 44}, {60, 52}, {200, 40}} {
		m := newModel(t, size.w, size.h)
		playToolTurn(m)
		uitest.Golden(t, "tools_"+itoa(size.w), screen(m))
	}
}

func TestGoldenExpandedToolAndReasoning(t *testing.T) {
	m := newModel(t, 80, 50)
	playToolTurn(m)
	m.Update(press("tab")) // focus the chat: the running tool is selected
	for range 3 {
		m.Update(press("up")) // to the failed test run
	}
	m.Update(press("enter"))
	m.Update(press("up")) // to the answer with the reasoning
	m.Update(press("enter"))
	uitest.Golden(t, "tools_expanded", screen(m))
}

func TestGoldenReasoningWhileThinking(t *testing.T) {
	m := newModel(t, 80, 16)
	run := userTurn(m, "think hard")
	feed(m, run, agent.ReasoningDelta{Text: "First, consider the inputs.\nThen the edge cases: empty, huge, unicode.\nThen performance.\nThen the tests.\nAnd finally the docs."})
	uitest.Golden(t, "reasoning_thinking", screen(m))
}

func TestGoldenErrors(t *testing.T) {
	m := newModel(t, 80, 30)
	run := userTurn(m, "summarize the repo")
	feed(m, run, deltas("Partial answer that will be dropped", 6)...)
	feed(m, run, agent.Retrying{Attempt: 1, MaxRetries: 3, Wait: 5 * time.Second, Class: llm.ErrorClass("rate_limit"), Err: errors.New("429 too many requests")})
	feed(m, run, deltas("The repository has", 6)...)
	feed(m, run, agent.TurnDone{Reason: agent.StopInterrupted})
	m.Update(runExitedMsg{id: run})
	run = userTurn(m, "try again")
	feed(m, run, agent.TurnDone{Reason: agent.StopError, Err: errBoom})
	m.Update(runExitedMsg{id: run})
	got := screen(m)
	uitest.Golden(t, "errors", got)
	if strings.Contains(got, "Partial answer") {
		t.Errorf("the discarded attempt is still shown")
	}
	if strings.Contains(got, "sk-secret-123") {
		t.Errorf("a secret is shown")
	}
}

func TestGoldenOnboarding(t *testing.T) {
	m := New(t.Context(), Options{Setup: errors.New("no model provider is configured.\nSet one of these and run again:\n  export OPENAI_API_KEY=sk-...\nor: herm config set model.provider custom"), Now: fixedNow, Cwd: "/work"})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	uitest.Golden(t, "onboarding", screen(m))
	typeText(m, "hello")
	m.Update(press("enter"))
	if !strings.Contains(screen(m), "no model is configured yet") {
		t.Errorf("sending without a model does not explain:\n%s", screen(m))
	}
}

func TestGoldenHelp(t *testing.T) {
	m := newModel(t, 90, 60)
	m.Update(press("?"))
	uitest.Golden(t, "help", screen(m))
	m.Update(press("esc"))
	if strings.Contains(screen(m), "keys and commands") {
		t.Errorf("esc does not close help")
	}
}

func TestEscInterruptsTheTurn(t *testing.T) {
	m := newModel(t, 80, 24)
	run := userTurn(m, "long job")
	cancelled := false
	m.run.cancel = func() { cancelled = true }
	m.Update(press("esc"))
	if !cancelled || !m.run.cancelled {
		t.Fatal("esc did not cancel the turn")
	}
	if !strings.Contains(screen(m), "interrupting") {
		t.Errorf("status does not say it is interrupting:\n%s", screen(m))
	}
	feed(m, run, agent.TurnDone{Reason: agent.StopInterrupted})
	m.Update(runExitedMsg{id: run})
	if m.run != nil || !strings.Contains(screen(m), "interrupted") {
		t.Errorf("turn end not shown:\n%s", screen(m))
	}
}

func TestCtrlCTwiceQuits(t *testing.T) {
	m := newModel(t, 80, 24)
	typeText(m, "draft")
	m.Update(press("ctrl+c")) // its command holds the timers: not run here
	if m.input.Value() != "" {
		t.Errorf("first ctrl+c should clear the input")
	}
	if m.quitArmed == 0 {
		t.Fatal("one ctrl+c did not arm quitting")
	}
	if !strings.Contains(screen(m), "press ctrl+c again to quit") {
		t.Errorf("no hint:\n%s", screen(m))
	}
	_, cmd := m.Update(press("ctrl+c"))
	if !isQuit(cmd) {
		t.Fatal("second ctrl+c did not quit")
	}
	// The arming expires.
	m2 := newModel(t, 80, 24)
	m2.Update(press("ctrl+c"))
	m2.Update(quitDisarmMsg{seq: m2.quitArmed})
	m2.Update(press("ctrl+c"))
	if m2.quitArmed == 0 {
		t.Fatal("ctrl+c after the window did not arm again (or quit)")
	}
}

func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	switch msg := cmd().(type) {
	case tea.QuitMsg:
		return true
	case tea.BatchMsg:
		for _, c := range msg {
			if isQuit(c) {
				return true
			}
		}
	}
	return false
}

func TestSlashCompletion(t *testing.T) {
	m := newModel(t, 80, 24)
	typeText(m, "/c")
	got := screen(m)
	if !strings.Contains(got, "/clear") || !strings.Contains(got, "/compress") || strings.Contains(got, "/new ") {
		t.Fatalf("menu for /c:\n%s", got)
	}
	m.Update(press("tab"))
	if v := m.input.Value(); v != "/clear " {
		t.Errorf("tab completed to %q", v)
	}
	m.input.Reset()
	typeText(m, "/ti")
	m.Update(press("enter")) // /title takes an argument: enter completes
	if v := m.input.Value(); v != "/title " {
		t.Errorf("enter on /title gave %q", v)
	}
	typeText(m, "My work")
	m.Update(press("enter"))
	if m.info.Title != "My work" {
		t.Errorf("title %q", m.info.Title)
	}
}

func TestHistoryRecall(t *testing.T) {
	m := newModel(t, 80, 24)
	m.input.SetHistory([]string{"first", "second"})
	m.Update(press("up"))
	if v := m.input.Value(); v != "second" {
		t.Fatalf("up gave %q", v)
	}
	m.Update(press("up"))
	m.Update(press("down"))
	if v := m.input.Value(); v != "second" {
		t.Fatalf("down gave %q", v)
	}
	m.Update(press("down"))
	if v := m.input.Value(); v != "" {
		t.Fatalf("back to the draft gave %q", v)
	}
}

func TestLargePasteIsAPlaceholder(t *testing.T) {
	m := newModel(t, 80, 24)
	big := strings.Repeat("line of pasted text\n", 300)
	m.Update(tea.PasteMsg{Content: big})
	if v := m.input.Value(); v != "[pasted text #1 · 301 lines]" {
		t.Fatalf("value %q", v)
	}
	sub := m.input.Submit()
	if sub == nil || sub.Text != big {
		t.Fatalf("submitted %d bytes, want the paste back", len(sub.Text))
	}
}

func TestEventsOfAReplacedRunAreIgnored(t *testing.T) {
	m := newModel(t, 80, 24)
	old := userTurn(m, "one")
	m.Update(runExitedMsg{id: old})
	run := userTurn(m, "two")
	feed(m, old, agent.TextDelta{Text: "stale text"})
	feed(m, run, agent.TextDelta{Text: "fresh text"})
	got := screen(m)
	if strings.Contains(got, "stale") || !strings.Contains(got, "fresh text") {
		t.Fatalf("screen:\n%s", got)
	}
}

func TestWheelIsCoalesced(t *testing.T) {
	m := newModel(t, 80, 24)
	playMarkdownTurn(m)
	playToolTurn(m)
	ticks := 0
	for range 20 {
		if _, cmd := m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp}); cmd != nil {
			ticks++
		}
	}
	if ticks != 1 {
		t.Fatalf("%d flushes scheduled for 20 wheel events", ticks)
	}
	before := screen(m)
	m.Update(wheelFlushMsg{})
	if m.chat.Following() || screen(m) == before {
		t.Fatalf("the gathered wheel did not scroll")
	}
}

func TestResizeKeepsEveryLineInside(t *testing.T) {
	m := newModel(t, 120, 40)
	playMarkdownTurn(m)
	playToolTurn(m)
	for _, w := range []int{60, 33, 200, 80} {
		m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
		lines := strings.Split(m.View().Content, "\n")
		if len(lines) != 30 {
			t.Errorf("width %d: %d lines, want 30", w, len(lines))
		}
		for i, l := range lines {
			if wd := stringWidth(l); wd > w {
				t.Errorf("width %d: line %d is %d wide", w, i, wd)
			}
		}
	}
}

func itoa(n int) string        { return strconv.Itoa(n) }
func stringWidth(s string) int { return ansi.StringWidth(s) }

// The styled screen, escape sequences and all, so a theme change shows up.
func TestGoldenStyledMarkdown(t *testing.T) {
	m := newModel(t, 80, 30)
	playMarkdownTurn(m)
	uitest.Golden(t, "markdown_80_styled", m.View().Content)
}

func TestThemesFollowTheTerminal(t *testing.T) {
	m := newModel(t, 80, 30)
	playMarkdownTurn(m)
	if m.theme.Name != "dark" {
		t.Fatalf("default theme %s", m.theme.Name)
	}
	m.Update(tea.BackgroundColorMsg{Color: color.White})
	if m.theme.Name != "light" {
		t.Fatalf("a light background gave %s", m.theme.Name)
	}
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI})
	if m.theme.Name != "light-16" {
		t.Fatalf("16 colours gave %s", m.theme.Name)
	}
	// NO_COLOR (or a terminal without colour): no colour codes at all.
	m.Update(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	v := m.View().Content
	if m.theme.Name != "plain" || strings.Contains(v, "38;") || strings.Contains(v, "48;") {
		t.Fatalf("theme %s; colour codes in the plain view", m.theme.Name)
	}
	if !strings.Contains(v, "\x1b[1m") {
		t.Errorf("the plain theme lost bold too")
	}
}

func TestTinyTerminalsDoNotBreak(t *testing.T) {
	m := newModel(t, 80, 24)
	playMarkdownTurn(m)
	playToolTurn(m)
	m.Update(press("?"))
	for w := 1; w <= 24; w += 3 {
		for h := 1; h <= 10; h += 2 {
			m.Update(tea.WindowSizeMsg{Width: w, Height: h})
			m.View()
		}
	}
	m.Update(press("esc"))
	m.Update(tea.WindowSizeMsg{Width: 3, Height: 2})
	typeText(m, "/c")
	m.View()
}
