package sessions

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// clock is the fixed time the tests run at.
var clock = time.Date(2026, 12, 1, 15, 30, 0, 0, time.UTC)

func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// conv builds a conversation of alternating user and assistant messages,
// a minute apart from start.
func conv(id, title, source, model string, start time.Time, texts ...string) store.Conversation {
	c := store.Conversation{Session: store.Session{ID: id, Title: title, Source: source, Model: model, StartedAt: start, Cwd: "/work/app"}}
	for i, text := range texts {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		c.Messages = append(c.Messages, store.Message{Role: role, Content: text, Complete: true, CreatedAt: start.Add(time.Duration(i) * time.Minute)})
	}
	return c
}

// seed stores a handful of sessions with known ids and times: a lineage
// (a root, its fork, a compressed session and its continuation), sessions
// from other front ends, an untitled one and an archived one.
func seed(t testing.TB, st *store.Store) {
	t.Helper()
	ago := func(d time.Duration) time.Time { return clock.Add(-d) }
	root := conv("20261120_090000_aaaaaa", "Deploy the payments service", "tui", "gpt-4o", ago(11*24*time.Hour),
		"how do I deploy payments to staging?",
		"Run `make deploy ENV=staging`; it builds the image and rolls it out.",
		"the rollout failed with connection refused from the xylophone sidecar",
		"The xylophone sidecar listens on 9090; the service dials 9091. Fix the port in values.yaml.",
		"fixed, thanks",
		"Good — the rollout should pass now.")
	fork := conv("20261121_090000_bbbbbb", "Deploy the payments service (fork)", "tui", "gpt-4o", ago(10*24*time.Hour),
		"how do I deploy payments to staging?",
		"Run `make deploy ENV=staging`; it builds the image and rolls it out.",
		"what about production and the xylophone canary?",
		"Production goes through the canary first.")
	fork.Session.ParentID = root.Session.ID
	compressed := conv("20261125_100000_cccccc", "Refactor the billing module", "cli", "claude-sonnet-4", ago(6*24*time.Hour),
		"split billing.go into smaller files", "I'll split it into invoice.go, tax.go and refund.go.")
	compressed.Session.EndReason = "compression"
	cont := conv("20261125_110000_dddddd", "Refactor the billing module", "cli", "claude-sonnet-4", ago(6*24*time.Hour-time.Hour),
		"[summary of the earlier conversation]", "Continuing: refund.go is next.")
	cont.Session.ParentID = compressed.Session.ID
	cron := conv("20261130_060000_eeeeee", "Nightly backup report", "cron", "gpt-4o-mini", ago(33*time.Hour+30*time.Minute),
		"summarise last night's backups", "All 12 backups completed; the largest took 4 minutes.")
	untitled := conv("20261201_120000_ffffff", "", "telegram", "gpt-4o", ago(3*time.Hour+30*time.Minute),
		"remind me what the xylophone port was", "It is 9090.")
	archived := conv("20261101_080000_999999", "Old experiment with vector search", "tui", "gpt-4o", ago(30*24*time.Hour),
		"try pgvector", "pgvector works for 1M rows.")
	archived.Session.Archived = true
	_, err := st.ImportConversations(context.Background(), []store.Conversation{root, fork, compressed, cont, cron, untitled, archived}, store.ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
}

// driver runs the pane's commands on goroutines and feeds their messages
// back on the test's goroutine, like the program does. OpenMsg and
// ChangedMsg (for the root model) are collected.
type driver struct {
	t       testing.TB
	p       *Pane
	msgs    chan tea.Msg
	opened  []OpenMsg
	changed []ChangedMsg
}

func newPane(t testing.TB, st *store.Store, width, height int) (*Pane, *driver) {
	t.Helper()
	th := themes.Select(themes.Options{Name: "dark", DarkBackground: true, Profile: colorprofile.TrueColor})
	p := New(context.Background(), Options{Store: st, Theme: th, Keys: keys.Default(), Now: func() time.Time { return clock },
		Debounce: time.Millisecond, Home: t.TempDir()})
	p.SetSize(width, height)
	d := &driver{t: t, p: p, msgs: make(chan tea.Msg, 1024)}
	return p, d
}

func (d *driver) exec(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() {
		if msg := cmd(); msg != nil {
			d.msgs <- msg
		}
	}()
}

func (d *driver) handle(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			d.exec(c)
		}
	case Msg:
		d.exec(d.p.Handle(msg))
	case OpenMsg:
		d.opened = append(d.opened, msg)
	case ChangedMsg:
		d.changed = append(d.changed, msg)
	}
}

// until processes messages until cond holds.
func (d *driver) until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatalf("timed out waiting for %s; screen:\n%s", what, plain(d.p))
		}
	}
}

// settle waits until nothing the screen depends on is still loading.
func (d *driver) settle() {
	d.t.Helper()
	d.until("the pane to settle", d.p.idle)
}

func (d *driver) key(s string) {
	d.exec(d.p.Update(press(s)))
}

func (d *driver) typeText(s string) {
	for _, r := range s {
		d.key(string(r))
	}
}

// idle reports that no read the screen waits for is running.
func (p *Pane) idle() bool {
	if p.searching() {
		if p.search.loading {
			return false
		}
	} else if p.list.total < 0 || len(p.list.inflight) > 0 {
		return false
	}
	if p.previewVisible() {
		s, around, ok := p.selection()
		if ok && (p.pv.data == nil || p.pv.data.base != (previewKey{s.ID, around})) {
			return false
		}
	}
	return true
}

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "shift+up":
		return tea.KeyPressMsg{Code: tea.KeyUp, Mod: tea.ModShift}
	case "shift+down":
		return tea.KeyPressMsg{Code: tea.KeyDown, Mod: tea.ModShift}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	if c, ok := strings.CutPrefix(s, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: rune(c[0]), Mod: tea.ModCtrl}
	}
	r := []rune(s)
	return tea.KeyPressMsg{Code: r[0], Text: s}
}

// plain is the pane's view without escape sequences, lines right-trimmed.
func plain(p *Pane) string {
	lines := strings.Split(ansi.Strip(p.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// golden compares got with testdata/name.golden (or rewrites it with
// -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui/sessions -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s\n--- want\n%s", name, path, got, want)
	}
}

// checkWidth fails when a line of the view is wider than the pane.
func checkWidth(t *testing.T, p *Pane) {
	t.Helper()
	lines := strings.Split(p.View(), "\n")
	if len(lines) != p.height {
		t.Errorf("the view has %d lines, want %d", len(lines), p.height)
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > p.width {
			t.Errorf("line %d is %d wide (pane %d): %q", i, w, p.width, ansi.Strip(l))
		}
	}
}

// manySessions stores n one-message sessions, a minute apart, the newest
// numbered n-1.
func manySessions(t testing.TB, st *store.Store, n int) {
	t.Helper()
	convs := make([]store.Conversation, 0, n)
	for i := range n {
		start := clock.Add(-time.Duration(n-i) * time.Minute)
		convs = append(convs, conv(fmt.Sprintf("2026%08d_x", i), fmt.Sprintf("session number %d", i), "cli", "m", start, "hello number "+fmt.Sprint(i)))
	}
	if _, err := st.ImportConversations(context.Background(), convs, store.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
}
