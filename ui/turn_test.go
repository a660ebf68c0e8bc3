package ui

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/internal/seal"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

// world is a real agent (fake LLM server, real store, real terminal tool)
// behind a model driven message by message, as the program would.
type world struct {
	t     *testing.T
	srv   *fakeopenai.Server
	store *store.Store
	agent *agent.Agent
	dir   string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	srv := fakeopenai.New()
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(dir, "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	term := terminal.New(terminal.Config{DefaultTimeout: time.Minute})
	t.Cleanup(func() { term.Close() })
	key, err := seal.Generate()
	if err != nil {
		t.Fatal(err)
	}
	a := &agent.Agent{
		Provider: openai.New(openai.Config{BaseURL: srv.URL, APIKey: "k"}),
		Model:    "fake-model",
		Store:    st,
		Tools:    tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term})...),
		Key:      key,
	}
	return &world{t: t, srv: srv, store: st, agent: a, dir: dir}
}

// replies answers the conversation's requests with rs in order; the
// request that names a session after its first exchange gets a title of
// its own, so it never takes a scripted reply.
func (w *world) replies(rs ...fakellm.Reply) {
	var mu sync.Mutex
	w.srv.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if strings.HasPrefix(r.System, "You name conversations") {
			return fakellm.Reply{Text: "A generated title"}
		}
		mu.Lock()
		defer mu.Unlock()
		if len(rs) == 0 {
			return fakellm.Reply{Text: "ok"}
		}
		next := rs[0]
		rs = rs[1:]
		return next
	})
}

// chatRequests are the requests of the conversation (not the title call).
func (w *world) chatRequests() []fakellm.Request {
	var out []fakellm.Request
	for _, r := range w.srv.Script.Requests() {
		if !strings.HasPrefix(r.System, "You name conversations") {
			out = append(out, r)
		}
	}
	return out
}

func (w *world) model(opts Options) *Model {
	opts.Agent, opts.Store, opts.Cwd = w.agent, w.store, w.dir
	m := New(context.Background(), opts)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	return m
}

// driver runs a model's commands on goroutines and feeds their messages
// back into Update on the test's goroutine, like the program's event loop.
type driver struct {
	*uitest.Driver
	m *Model
}

func newDriver(t *testing.T, m *Model) *driver {
	d := &driver{m: m}
	d.Driver = uitest.NewDriver(t, func(msg tea.Msg) tea.Cmd {
		if _, ok := msg.(tea.QuitMsg); ok {
			return nil // the program would end; the test goes on
		}
		_, cmd := m.Update(msg)
		return cmd
	}, func() string { return screen(m) })
	m.SetSender(d.Post)
	d.Exec(m.Init())
	return d
}

func (d *driver) typeLine(s string) {
	for _, k := range uitest.Type(s) {
		d.Send(k)
	}
	d.Send(press("enter"))
}

func (d *driver) idle() bool { return d.m.run == nil && !d.m.opening && len(d.m.queued) == 0 }

func TestTurnWithTheRealAgent(t *testing.T) {
	w := newWorld(t)
	w.replies(
		fakellm.Reply{Text: "I'll create it.", ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo made > made.txt && echo created-ok"})}},
		fakellm.Reply{Text: "Done: **made.txt** now says `made`.", EventDelay: time.Millisecond},
	)
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("make made.txt")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "now says made") })

	d.Until("the session's title", func() bool { return m.info.Title == "A generated title" })
	live := screen(m)
	for _, want := range []string{"┃ make made.txt", "I'll create it.", "✓ terminal echo made > made.txt && echo created-ok", "Done: made.txt now says made."} {
		if !strings.Contains(live, want) {
			t.Errorf("screen lacks %q:\n%s", want, live)
		}
	}
	sessions, err := w.store.ListSessions(context.Background(), store.ListOptions{})
	if err != nil || len(sessions) != 1 || sessions[0].Source != "tui" {
		t.Fatalf("sessions %+v %v", sessions, err)
	}
	msgs, err := w.store.Messages(context.Background(), sessions[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var roles []string
	for _, msg := range msgs {
		roles = append(roles, msg.Role)
	}
	if got := strings.Join(roles, " "); got != "system user assistant tool assistant" {
		t.Fatalf("stored %s", got)
	}

	// Reopening the session shows the same transcript (durations aside:
	// the store does not keep them).
	m2 := w.model(Options{Resume: sessions[0].ID})
	d2 := newDriver(t, m2)
	d2.Until("the session to open", func() bool { return m2.sess != nil })
	durations := regexp.MustCompile(` · \d+(\.\d)?m?s|\s+\d+(\.\d)?m?s\n`)
	norm := func(s string) string {
		s = durations.ReplaceAllString(s, "\n")
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if strings.TrimSpace(l) != "" && !strings.Contains(l, "────") && !strings.Contains(l, "fake-model") && !strings.HasPrefix(l, "❯") {
				keep = append(keep, strings.Join(strings.Fields(l), " "))
			}
		}
		return strings.Join(keep, "\n")
	}
	if a, b := norm(live), norm(screen(m2)); a != b {
		t.Errorf("reopened transcript differs:\n--- live\n%s\n--- reopened\n%s", a, b)
	}
}

func TestEscStopsARunningTool(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "sleep 30"})}})
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("wait a while")
	d.Until("the tool to run", func() bool { return strings.Contains(screen(m), "terminal sleep 30") && m.chat.Tick() })
	start := time.Now()
	d.Send(press("esc"))
	d.Until("the turn to stop", d.idle)
	if time.Since(start) > 20*time.Second {
		t.Fatalf("esc did not stop the tool")
	}
	got := screen(m)
	if !strings.Contains(got, "✗ terminal sleep 30") || !strings.Contains(got, "interrupted") {
		t.Errorf("screen:\n%s", got)
	}
	msgs, _ := w.store.Messages(context.Background(), m.info.ID)
	last := msgs[len(msgs)-1]
	if last.Role != "tool" || !strings.Contains(last.Content, "interrupted") {
		t.Errorf("last stored message %+v", last)
	}
}

func TestUndoAndRetry(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{Text: "first try"}, fakellm.Reply{Text: "second try"}, fakellm.Reply{Text: "third try"})
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("tell me a joke")
	d.Until("the first answer", func() bool { return d.idle() && strings.Contains(screen(m), "first try") })

	d.typeLine("/retry")
	d.Until("the second answer", func() bool { return d.idle() && strings.Contains(screen(m), "second try") })
	if got := screen(m); strings.Contains(got, "first try") || strings.Count(got, "tell me a joke") != 1 {
		t.Fatalf("retry left the old turn:\n%s", got)
	}
	d.typeLine("/undo")
	d.Until("the message back in the editor", func() bool { return m.input.Value() == "tell me a joke" })
	if got := screen(m); strings.Contains(got, "second try") || strings.Contains(got, "┃ tell me a joke") {
		t.Fatalf("undo left the turn on screen:\n%s", got)
	}
	msgs, _ := w.store.Messages(context.Background(), m.info.ID)
	if len(msgs) != 1 || msgs[0].Role != "system" {
		t.Fatalf("store after undo: %d messages", len(msgs))
	}
	d.Send(press("enter"))
	d.Until("the third answer", func() bool { return d.idle() && strings.Contains(screen(m), "third try") })
}

func TestSessionIsCreatedOnFirstMessageAndNewStartsAnother(t *testing.T) {
	w := newWorld(t)
	m := w.model(Options{})
	d := newDriver(t, m)
	if list, _ := w.store.ListSessions(context.Background(), store.ListOptions{}); len(list) != 0 {
		t.Fatalf("a session was created before anything was sent")
	}
	d.typeLine("/title Groceries")
	d.typeLine("hi")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "ok") })
	first := m.info.ID
	d.typeLine("/new")
	d.typeLine("hello again")
	d.Until("the second answer", func() bool { return d.idle() && m.info.ID != "" && m.info.ID != first })
	list, _ := w.store.ListSessions(context.Background(), store.ListOptions{})
	if len(list) != 2 {
		t.Fatalf("%d sessions", len(list))
	}
	rec, _ := w.store.Session(context.Background(), first)
	if rec.Title != "Groceries" {
		t.Errorf("title %q", rec.Title)
	}
}

func TestModelCommand(t *testing.T) {
	w := newWorld(t)
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("hi")
	d.Until("the answer", d.idle)
	d.typeLine("/model other-model")
	d.Until("the switch", func() bool { return m.info.Model == "other-model" })
	d.typeLine("again")
	d.Until("the answer", func() bool { return d.idle() && len(w.chatRequests()) == 2 })
	if got := w.chatRequests()[1].Model; got != "other-model" {
		t.Errorf("second turn used %q", got)
	}
}

func TestAttachAFileWithAt(t *testing.T) {
	w := newWorld(t)
	if err := writeFile(filepath.Join(w.dir, "notes.txt"), "the secret word is mango\n"); err != nil {
		t.Fatal(err)
	}
	m := w.model(Options{})
	d := newDriver(t, m)
	for _, r := range "read @no" {
		d.Send(press(string(r)))
	}
	d.Until("the file suggestion", func() bool { return strings.Contains(screen(m), "@notes.txt") })
	d.Send(press("tab"))
	if v := m.input.Value(); v != "read @notes.txt " {
		t.Fatalf("completed to %q", v)
	}
	d.typeLine("please")
	d.Until("the answer", func() bool { return d.idle() && len(w.chatRequests()) == 1 })
	sent := w.chatRequests()[0].LastUser()
	if !strings.Contains(sent, "the secret word is mango") || !strings.HasPrefix(sent, "read @notes.txt please") {
		t.Errorf("model got %q", sent)
	}
	if got := screen(m); !strings.Contains(got, "📎 notes.txt") || strings.Contains(got, "mango") {
		t.Errorf("the chat should show a chip, not the file:\n%s", got)
	}
}

// With Options.Connect the first frame does not wait for the agent; a
// message sent meanwhile goes out once it is ready.
func TestConnectInTheBackground(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{Text: "ready and answering"})
	ready := make(chan struct{})
	m := New(context.Background(), Options{Cwd: w.dir, Model: "fake-model", Connect: func(ctx context.Context) (Backend, error) {
		<-ready
		return Backend{Agent: w.agent, Store: w.store}, nil
	}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d := newDriver(t, m)
	if got := screen(m); !strings.Contains(got, "fake-model") || strings.Contains(got, "no model configured") {
		t.Fatalf("first frame while connecting:\n%s", got)
	}
	d.typeLine("early bird")
	close(ready)
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "ready and answering") })
}

// What opening the agent warned about (a fallback that cannot be used…)
// is shown in the chat once it is open: stderr is behind the full screen.
func TestConnectWarningsShown(t *testing.T) {
	w := newWorld(t)
	m := New(context.Background(), Options{Cwd: w.dir, Model: "fake-model", Connect: func(ctx context.Context) (Backend, error) {
		return Backend{Agent: w.agent, Store: w.store, Warnings: []string{"fallback_providers[0]: no API key (this fallback is skipped)"}}, nil
	}})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	d := newDriver(t, m)
	d.Until("the warning", func() bool { return strings.Contains(screen(m), "config: fallback_providers[0]: no API key") })
}

func TestConnectFailureShowsWhy(t *testing.T) {
	m := New(context.Background(), Options{Cwd: "/work", Model: "fake-model", Connect: func(context.Context) (Backend, error) {
		return Backend{}, errors.New("store: the database is locked by another herm")
	}})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	d := newDriver(t, m)
	d.Until("the error", func() bool { return strings.Contains(screen(m), "database is locked by another herm") })
}
