package sessions

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
)

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

// seeded is a pane of the given size on a seeded store (see seed), opening
// at session id ("" for the list).
func seeded(t testing.TB, width, height int, id string) (*Pane, *driver) {
	t.Helper()
	st := openStore(t)
	seed(t, st)
	p, d := newPane(t, st, width, height)
	d.Exec(p.Open(id))
	return p, d
}

// driver runs the pane's commands on goroutines and feeds their messages
// back on the test's goroutine, like the program does. OpenMsg and
// ChangedMsg (for the root model) are collected.
type driver struct {
	*uitest.Driver
	t       testing.TB
	p       *Pane
	opened  []OpenMsg
	changed []ChangedMsg
}

func newPane(t testing.TB, st *store.Store, width, height int) (*Pane, *driver) {
	t.Helper()
	th := themes.Select(themes.Options{Name: "dark", DarkBackground: true, Profile: colorprofile.TrueColor})
	p := New(context.Background(), Options{Store: st, Theme: th, Keys: keys.Default(), Now: func() time.Time { return clock },
		Debounce: time.Millisecond, Home: t.TempDir()})
	p.SetSize(width, height)
	d := &driver{t: t, p: p}
	d.Driver = uitest.NewDriver(t, d.handle, func() string { return plain(p) })
	return p, d
}

// handle takes a message the pane's commands returned, as the root model
// does.
func (d *driver) handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case Msg:
		return d.p.Handle(msg)
	case OpenMsg:
		d.opened = append(d.opened, msg)
	case ChangedMsg:
		d.changed = append(d.changed, msg)
	}
	return nil
}

// settle waits until nothing the screen depends on is still loading.
func (d *driver) settle() {
	d.t.Helper()
	d.Until("the pane to settle", d.p.idle)
}

func (d *driver) key(s string) {
	d.Exec(d.p.Update(uitest.Key(s)))
}

func (d *driver) typeText(s string) {
	for _, k := range uitest.Type(s) {
		d.Exec(d.p.Update(k))
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

// plain is the pane's view as a person reads it.
func plain(p *Pane) string { return uitest.Plain(p.View()) }

// checkWidth fails when the view has other than the pane's height in
// lines, or a line wider than the pane.
func checkWidth(t *testing.T, p *Pane) {
	t.Helper()
	view := p.View()
	if n := strings.Count(view, "\n") + 1; n != p.height {
		t.Errorf("the view has %d lines, want %d", n, p.height)
	}
	uitest.CheckWidth(t, view, p.width)
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
