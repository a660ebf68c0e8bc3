package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/store"
)

var ctrlS = tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}

// The session browser against the real agent and store: search, open a
// hit in the middle of a long session, read on to its end, fork from the
// hit and continue the fork with the model.
func TestSessionsPaneOpenHitAndFork(t *testing.T) {
	w := newWorld(t)
	w.replies(fakellm.Reply{Text: "Continuing the fork."})
	ctx := context.Background()
	long := longSession(t, w.store, 800)
	m := w.model(Options{})
	d := newDriver(t, m)

	// The hit the pane selects first: the newest message with the word.
	groups, err := w.store.SearchSessions(ctx, "dir73", store.SearchOptions{NewestFirst: true, Limit: 20, HitsPerGroup: 3})
	if err != nil || len(groups) != 1 {
		t.Fatalf("groups %v %v", groups, err)
	}
	hit := groups[0].Hits[0]

	d.Send(ctrlS)
	if !m.browsing {
		t.Fatal("ctrl+s did not open the browser")
	}
	for _, r := range "dir73" {
		d.Send(press(string(r)))
	}
	d.Until("the results", func() bool { return strings.Contains(screen(m), "1 conversation ·") })
	if s := screen(m); !strings.Contains(s, "dir73") || strings.Contains(s, "❯ Ask") {
		t.Fatalf("the browser does not cover the chat:\n%s", s)
	}

	// Enter opens the session at the hit, marked, far from its end.
	d.Send(press("enter"))
	d.Until("the hit in the chat", func() bool { return !m.browsing && m.sess != nil && m.chat.Marked() == hit.MessageID })
	got := screen(m)
	if m.info.ID != long || !strings.Contains(got, "dir73") || strings.Contains(got, "question number 199") {
		t.Fatalf("not at the hit (session %s):\n%s", m.info.ID, got)
	}
	if !strings.Contains(got, "▌") && !strings.Contains(got, "▶") {
		t.Errorf("the hit is not marked:\n%s", got)
	}
	if !m.chat.HasNewer() {
		t.Fatal("the window around the hit holds the whole rest of the session")
	}

	// Reading on loads the newer pages, down to the end.
	for range 400 {
		if !m.chat.HasNewer() && strings.Contains(screen(m), "question number 199") {
			break
		}
		d.Send(press("pgdown"))
		d.Until("a newer page", func() bool { return !m.chat.Loading() })
	}
	if m.chat.HasNewer() || !strings.Contains(screen(m), "question number 199") {
		t.Fatalf("paging down did not reach the end:\n%s", screen(m))
	}
	if n := m.chat.Len(); n > 600 {
		t.Errorf("%d entries in memory after reading forward", n)
	}

	// Fork from the hit (the browser keeps the search) and continue there.
	d.Send(ctrlS)
	d.Until("the results again", func() bool { return strings.Contains(screen(m), "1 conversation ·") })
	d.Send(tea.KeyPressMsg{Code: 'f', Mod: tea.ModCtrl})
	d.Until("the fork", func() bool { return m.sess != nil && m.info.ParentID == long && !m.opening })
	fork := m.info.ID
	if !strings.Contains(m.status.flash, "forked") {
		t.Errorf("flash %q", m.status.flash)
	}
	d.typeLine("carry on from here")
	d.Until("the answer", func() bool { return d.idle() && strings.Contains(screen(m), "Continuing the fork.") })
	reqs := w.chatRequests()
	req := reqs[len(reqs)-1]
	n := len(req.Messages)
	if n < 3 || req.Messages[n-1].Content != "carry on from here" {
		t.Fatalf("the request ends with %+v", req.Messages[max(n-2, 0):])
	}
	var history strings.Builder
	for _, msg := range req.Messages {
		history.WriteString(msg.Content + "\n")
	}
	if strings.Contains(history.String(), "question number 199") || !strings.Contains(history.String(), "dir73") {
		t.Fatalf("the forked history is not the session up to the hit:\n%.2000s", history.String())
	}
	msgs, _ := w.store.Messages(ctx, fork)
	if msgs[len(msgs)-1].Content != "Continuing the fork." {
		t.Fatalf("the fork's last message %q", msgs[len(msgs)-1].Content)
	}
}

// Esc closes the browser (after clearing a search); keys then reach the
// input again.
func TestSessionsPaneEscAndSlash(t *testing.T) {
	w := newWorld(t)
	longSession(t, w.store, 10)
	m := w.model(Options{})
	d := newDriver(t, m)
	d.typeLine("/sessions question")
	if !m.browsing {
		t.Fatal("/sessions did not open the browser")
	}
	d.Until("the results", func() bool { return strings.Contains(screen(m), "1 conversation ·") })
	d.Send(press("esc"))
	if !m.browsing || !strings.Contains(screen(m), "search every message") {
		t.Fatalf("esc did not clear the search first:\n%s", screen(m))
	}
	d.Send(press("esc"))
	if m.browsing {
		t.Fatal("esc did not close the browser")
	}
	typeText(m, "hi")
	if m.input.Value() != "hi" {
		t.Fatalf("input %q", m.input.Value())
	}

	// The palette opens the browser, and runs its actions on the selection.
	d.Send(press("ctrl+o"))
	for _, r := range "sessions: browse" {
		d.Send(press(string(r)))
	}
	d.Send(press("enter"))
	if !m.browsing {
		t.Fatal("the palette did not open the browser")
	}
	d.Until("the list", func() bool {
		s := screen(m)
		return strings.Contains(s, "1 session") && strings.Contains(s, "question number 0")
	})
	d.Send(press("ctrl+o"))
	for _, r := range "sessions: rename" {
		d.Send(press(string(r)))
	}
	d.Send(press("enter"))
	if !strings.Contains(screen(m), "Rename ❯") {
		t.Fatalf("the palette's rename did not ask for the title:\n%s", screen(m))
	}
}
