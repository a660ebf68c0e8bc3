package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

// panelWorld is a world whose agent's terminal backend the UI also sees
// (the tasks panel).
func panelWorld(t *testing.T) (*world, *terminal.Backend) {
	t.Helper()
	w := newWorld(t)
	term := terminal.New(terminal.Config{DefaultTimeout: time.Minute})
	t.Cleanup(func() { term.Close() })
	w.agent.Tools = tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term})...)
	return w, term
}

var planReply = fakellm.Reply{Text: "Here is the plan.", ToolCalls: []fakellm.ToolCall{fakellm.Call("todo", map[string]any{"todos": []map[string]any{
	{"id": "1", "content": "read the failing test", "status": "completed"},
	{"id": "2", "content": "fix the off-by-one in the pager", "status": "in_progress"},
	{"id": "3", "content": "run the whole suite", "status": "pending"},
	{"id": "4", "content": "ask about the flaky one", "status": "cancelled"},
}})}}

// The todo tool's list shows in the plan panel as soon as the tool
// finishes, the panel opens by itself the first time, and alt+t hides it.
func TestTodoPanelFollowsTheTodoTool(t *testing.T) {
	for _, width := range []int{60, 200} {
		w, _ := panelWorld(t)
		w.replies(planReply, fakellm.Reply{Text: "Working on it."})
		m := w.model(Options{Now: fixedNow, StatusSegments: []string{"model", "todo"}})
		m.Update(tea.WindowSizeMsg{Width: width, Height: 24})
		d := newDriver(t, m)
		d.typeLine("fix the pager")
		d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "Working on it.") })
		got := screen(m)
		for _, want := range []string{"Plan · 1/3 done", "✓ read the failing test", "▸ fix the off-by-one", "○ run the whole suite", "✗ ask about the flaky one"} {
			if !strings.Contains(got, want) {
				t.Errorf("%d columns: the panel lacks %q:\n%s", width, want, got)
			}
		}
		if !strings.Contains(got, "todo 1/3") {
			t.Errorf("%d columns: the status line lacks the todo count:\n%s", width, got)
		}
		// The panel and below (the transcript above holds the tool's
		// measured duration).
		uitest.Golden(t, "todo_panel_"+itoa(width), got[strings.Index(got, "╌"):])
		d.Send(press("alt+t"))
		if strings.Contains(screen(m), "Plan · ") {
			t.Errorf("alt+t did not hide the panel")
		}
		d.Send(press("alt+t"))
		if !strings.Contains(screen(m), "Plan · 1/3 done") {
			t.Errorf("alt+t did not show the panel again")
		}
		// A new session has no plan yet: the old one goes with the old session.
		d.typeLine("/new")
		if got := screen(m); strings.Contains(got, "fix the off-by-one") || strings.Contains(got, "todo 1/3") {
			t.Errorf("%d columns: the old plan outlived its session:\n%s", width, got)
		}
	}
}

// The tasks panel lists the terminal's background processes with their
// elapsed time; focused, x kills the selected one.
func TestTasksPanelListsAndKills(t *testing.T) {
	w, term := panelWorld(t)
	w.replies(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "sleep 120", "background": true})}},
		fakellm.Reply{Text: "Started the server."},
	)
	m := w.model(Options{Terminal: term})
	d := newDriver(t, m)
	d.typeLine("start it")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "Started the server.") })
	if got := screen(m); !strings.Contains(got, "1 bg") {
		t.Errorf("the status line does not count the background process:\n%s", got)
	}
	d.Send(press("alt+p"))
	got := screen(m)
	if !strings.Contains(got, "Tasks · 1 running") || !strings.Contains(got, "● proc_1  sleep 120") {
		t.Fatalf("the tasks panel:\n%s", got)
	}
	d.Send(press("alt+p")) // focus
	if !strings.Contains(screen(m), "x kill") {
		t.Fatalf("the panel is not focused:\n%s", screen(m))
	}
	d.Send(press("x"))
	d.Until("the kill", func() bool { return strings.Contains(screen(m), "killed proc_1") })
	got = screen(m)
	if !strings.Contains(got, "Tasks · 0 running") || !strings.Contains(got, "✗ proc_1") {
		t.Errorf("after the kill:\n%s", got)
	}
	if p, _ := term.Process("proc_1"); p == nil || p.Running() {
		t.Errorf("the process still runs")
	}
	d.Send(press("esc")) // the keyboard back to the input, the panel stays
	if got := screen(m); !strings.Contains(got, "Tasks · ") || strings.Contains(got, "x kill") {
		t.Errorf("esc should unfocus the panel:\n%s", got)
	}
	d.Send(press("alt+p")) // focus
	d.Send(press("alt+p")) // close
	if strings.Contains(screen(m), "Tasks · ") {
		t.Errorf("alt+p on the focused panel should close it:\n%s", screen(m))
	}
}

// The running tool shows in the tasks panel as the foreground task.
func TestTasksPanelShowsTheForegroundTool(t *testing.T) {
	m := newModel(t, 80, 24)
	m.Update(press("alt+p"))
	run := userTurn(m, "list")
	call := llm.ToolCall{ID: "c1", Name: "terminal", Arguments: `{"command":"ls -la"}`}
	feed(m, run, saved("assistant", "", call), agent.ToolStarted{Call: call})
	got := screen(m)
	if !strings.Contains(got, "● tool  terminal ls -la") || !strings.Contains(got, "Tasks · 1 running") {
		t.Fatalf("the foreground tool is not listed:\n%s", got)
	}
	uitest.Golden(t, "tasks_panel_80", got)
	feed(m, run, agent.ToolFinished{Call: call, Result: tools.Result{Output: "a b c"}})
	if got := screen(m); !strings.Contains(got, "Tasks · 0 running") {
		t.Errorf("the finished tool is still listed:\n%s", got)
	}
}

// Model picker: alt+m lists the catalog's models for the provider, typing
// filters (or names a custom model), ← → sets the reasoning effort, enter
// switches the session.
func TestModelPicker(t *testing.T) {
	w, _ := panelWorld(t)
	w.replies(fakellm.Reply{Text: "hello"}, fakellm.Reply{Text: "again"})
	m := w.model(Options{Provider: "openai"})
	d := newDriver(t, m)
	d.typeLine("hi")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "hello") })

	d.Send(press("alt+m"))
	got := screen(m)
	for _, want := range []string{"Model", "fake-model (current)", "gpt-5", "gpt-4.1-mini", "reasoning effort"} {
		if !strings.Contains(got, want) {
			t.Errorf("the picker lacks %q:\n%s", want, got)
		}
	}
	for _, r := range "gpt-5-mi" {
		d.Send(press(string(r)))
	}
	d.Send(tea.KeyPressMsg{Code: tea.KeyRight}) // default → low
	d.Send(tea.KeyPressMsg{Code: tea.KeyRight}) // → medium
	if got := screen(m); !strings.Contains(got, "▸ gpt-5-mini") || !strings.Contains(got, "◂ medium ▸") {
		t.Fatalf("filtered picker:\n%s", got)
	}
	d.Send(press("enter"))
	d.Until("the switch", func() bool { return m.info.Model == "gpt-5-mini" })
	if e := m.sess.ReasoningEffort(); e != "medium" {
		t.Errorf("effort = %q", e)
	}
	if got := strings.Join(m.statusSegments(), " "); !strings.Contains(got, "effort medium") {
		t.Errorf("the status line lacks the effort: %q", got)
	}
	d.typeLine("again")
	d.Until("the second answer", func() bool { return d.idle() && strings.Contains(screen(m), "again") })
	reqs := w.chatRequests()
	last := reqs[len(reqs)-1]
	if last.Model != "gpt-5-mini" {
		t.Errorf("the next request went to %q", last.Model)
	}

	// A name the catalog does not know is offered as it is.
	d.Send(press("alt+m"))
	for _, r := range "my-local-llm" {
		d.Send(press(string(r)))
	}
	if got := screen(m); !strings.Contains(got, "▸ my-local-llm  a model by this name") {
		t.Fatalf("custom entry:\n%s", got)
	}
	d.Send(press("enter"))
	d.Until("the custom switch", func() bool { return m.info.Model == "my-local-llm" })
}

// On an endpoint other than OpenAI's, the model picker asks it for its
// models (a local server's are not in the catalog) and adds them; when it
// cannot list them, the picker says why and still switches.
func TestModelPickerListsTheEndpointsModels(t *testing.T) {
	w, _ := panelWorld(t)
	m := w.model(Options{Provider: "custom"})
	d := newDriver(t, m)
	_, cmd := m.Update(press("alt+m"))
	if got := screen(m); !strings.Contains(got, "asking the endpoint for its models…") {
		t.Fatalf("no word of the listing:\n%s", got)
	}
	d.Exec(cmd)
	d.Until("the endpoint's models", func() bool { return strings.Contains(screen(m), fakeopenai.Model) })
	got := screen(m)
	if !strings.Contains(got, fakeopenai.Model+"  served by the endpoint") || strings.Contains(got, "asking the endpoint") {
		t.Fatalf("the endpoint's model:\n%s", got)
	}
	uitest.Golden(t, "model_picker_endpoint", got)
	for _, r := range "fake-g" {
		d.Send(press(string(r)))
	}
	d.Send(press("enter"))
	d.Until("the switch", func() bool { return m.info.Model == fakeopenai.Model })

	// An endpoint that refuses: the picker says so and still works.
	w.srv.RequireAPIKey("sk-some-other-key")
	d.Send(press("alt+m"))
	d.Until("the reason", func() bool { return strings.Contains(screen(m), "the endpoint did not list its models") })
	if got := screen(m); !strings.Contains(got, "401") || !strings.Contains(got, fakeopenai.Model+" (current)") {
		t.Fatalf("the refusal:\n%s", got)
	}
	for _, r := range "my-local-llm" {
		d.Send(press(string(r)))
	}
	d.Send(press("enter"))
	d.Until("the custom switch", func() bool { return m.info.Model == "my-local-llm" })
}

// /usage attributes each call to the model that made it (a /model switch
// in between) and prices it from the catalog.
func TestUsageByModel(t *testing.T) {
	w, _ := panelWorld(t)
	w.agent.Model = "gpt-4o-mini"
	w.replies(
		fakellm.Reply{Text: "one", Usage: &fakellm.Usage{InputTokens: 1_000_000, OutputTokens: 1000}},
		fakellm.Reply{Text: "two", Usage: &fakellm.Usage{InputTokens: 2000, OutputTokens: 500_000}},
	)
	m := w.model(Options{Provider: "openai", ContextWindow: 128_000})
	d := newDriver(t, m)
	d.typeLine("first")
	d.Until("the first answer", func() bool { return d.idle() && strings.Contains(screen(m), "one") })
	d.typeLine("/model gpt-4.1")
	d.Until("the switch", func() bool { return m.info.Model == "gpt-4.1" })
	d.typeLine("second")
	d.Until("the second answer", func() bool { return d.idle() && strings.Contains(screen(m), "two") })
	d.typeLine("/usage")
	d.Until("the report", func() bool { return strings.Contains(screen(m), "By model") })
	got := screen(m)
	// gpt-4o-mini: 1M in × $0.15 + 1k out × $0.60/M = $0.1506;
	// gpt-4.1: 2k in × $2/M + 500k out × $8/M = $4.004.
	for _, want := range []string{"gpt-4.1", "2.0k in · 500.0k out", "1 call · $4.00", "gpt-4o-mini", "1.0M in · 1.0k out", "$0.15", "cost $4.15"} {
		if !strings.Contains(got, want) {
			t.Errorf("usage lacks %q:\n%s", want, got)
		}
	}
	if strings.Index(got, "gpt-4.1 ") > strings.Index(got, "gpt-4o-mini ") {
		t.Errorf("the dearer model should come first:\n%s", got)
	}
	d.Send(press("esc"))
	if strings.Contains(screen(m), "By model") {
		t.Error("esc did not close the report")
	}
}

// The model switcher at 60 and 200 columns: the provider's catalog, the
// current model first, the effort line.
func TestGoldenModelPicker(t *testing.T) {
	for _, width := range []int{60, 200} {
		m := newModel(t, width, 30)
		m.opts.Provider = "anthropic"
		m.Update(press("alt+m"))
		uitest.Golden(t, "model_picker_"+itoa(width), screen(m))
		m.Update(press("esc"))
		if len(m.overlays) != 0 {
			t.Error("esc did not close the switcher")
		}
	}
}

// At 120 columns and more the two panels sit side by side.
func TestGoldenPanelsSideBySide(t *testing.T) {
	m := newModel(t, 140, 20)
	m.Update(press("alt+t"))
	m.Update(press("alt+p"))
	run := userTurn(m, "list")
	call := llm.ToolCall{ID: "c1", Name: "terminal", Arguments: `{"command":"make test"}`}
	feed(m, run, saved("assistant", "", call), agent.ToolStarted{Call: call})
	got := screen(m)
	if !strings.Contains(got, "no plan yet") || !strings.Contains(got, "│ Tasks · 1 running") {
		t.Fatalf("side by side:\n%s", got)
	}
	uitest.Golden(t, "panels_140", got)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 20})
	if got := screen(m); strings.Contains(got, "│ Tasks") || !strings.Contains(got, "\nTasks · 1 running") {
		t.Errorf("at 100 columns the panels should stack:\n%s", got)
	}
}
