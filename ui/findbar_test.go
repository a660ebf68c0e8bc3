package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/render"
)

// The find bar over a finished tool turn: ctrl+f from the input, a query
// typed, the count, the matches highlighted — at 60 and 200 columns.
func TestGoldenFindBar(t *testing.T) {
	for _, size := range []struct{ w, h int }{{60, 40}, {200, 30}} {
		m := newModel(t, size.w, size.h)
		playMarkdownTurn(m)
		m.Update(press("ctrl+f"))
		if m.focus != focusFind {
			t.Fatal("ctrl+f did not open the find bar")
		}
		typeText(m, "main")
		got := screen(m)
		if !strings.Contains(got, "find ❯ main") || !strings.Contains(got, "1/4") {
			t.Errorf("%d columns: no bar or count:\n%s", size.w, got)
		}
		uitest.Golden(t, "find_"+itoa(size.w), got)
		if v := m.View().Content; !strings.Contains(v, "main") || !strings.Contains(v, render.Open(m.theme.Chat.MatchCurrent)) {
			t.Errorf("%d columns: the current match is not highlighted", size.w)
		}
	}
}

// Typing in the bar searches as you type; enter and shift+enter step;
// tab hands the keyboard to the chat where n and N step; / reopens the
// bar; esc closes it and gives the keyboard back to the input.
func TestFindBarKeys(t *testing.T) {
	m := newModel(t, 80, 30)
	playToolTurn(m)
	m.Update(runExitedMsg{id: m.run.id})
	m.Update(press("ctrl+f"))
	typeText(m, "tes")
	if got := m.findCount(); got != "1/10" {
		t.Fatalf("count %q after \"tes\", want 1/10:\n%s", got, screen(m))
	}
	typeText(m, "tadd")
	if got := m.findCount(); got != "1/4" {
		t.Fatalf("count %q after \"testadd\", want 1/4", got)
	}
	m.Update(press("enter"))
	if got := m.findCount(); got != "2/4" {
		t.Fatalf("enter: %q, want 2/4", got)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift})
	if got := m.findCount(); got != "1/4" {
		t.Fatalf("shift+enter: %q, want 1/4", got)
	}
	// The oldest match is in the collapsed output of the failed run: it is
	// expanded to show it.
	for range 3 {
		m.Update(press("enter"))
	}
	if got := m.findCount(); got != "4/4" {
		t.Fatalf("%q, want 4/4", got)
	}
	if s := screen(m); !strings.Contains(s, "│ --- FAIL: TestAdd (0.00s)") {
		t.Fatalf("the collapsed output was not expanded:\n%s", s)
	}
	m.Update(tea.KeyPressMsg{Code: tea.KeyBackspace})
	if q := m.chat.FindQuery(); q != "testad" {
		t.Fatalf("backspace left %q", q)
	}
	m.Update(press("tab"))
	if m.focus != focusChat || !strings.Contains(screen(m), "n older · N newer") {
		t.Fatalf("tab did not give the chat the keyboard:\n%s", screen(m))
	}
	before := m.findCount()
	m.Update(press("N"))
	if got := m.findCount(); got == before {
		t.Fatalf("N did not step (%s)", got)
	}
	m.Update(press("n"))
	if got := m.findCount(); got != before {
		t.Fatalf("n did not step back (%s, want %s)", got, before)
	}
	m.Update(press("/"))
	if m.focus != focusFind {
		t.Fatal("/ in the chat did not reopen the bar")
	}
	m.Update(press("esc"))
	if m.focus != focusInput || m.chat.Finding() || strings.Contains(screen(m), "find ❯") {
		t.Fatalf("esc did not close find (focus %v):\n%s", m.focus, screen(m))
	}
	// In the input, / starts a command rather than find.
	m.Update(press("/"))
	if m.chat.Finding() || m.input.Value() != "/" {
		t.Fatalf("/ in the input opened find (input %q)", m.input.Value())
	}
}

// /find TEXT opens the bar with the query.
func TestFindCommand(t *testing.T) {
	m := newModel(t, 80, 30)
	playMarkdownTurn(m)
	m.Update(runExitedMsg{id: 1})
	m.command("find", "bug")
	if m.focus != focusFind || m.chat.FindQuery() != "bug" || m.findCount() != "1/1" {
		t.Fatalf("focus %v query %q count %q", m.focus, m.chat.FindQuery(), m.findCount())
	}
	typeText(m, "zz")
	if got := m.findCount(); got != "no matches" {
		t.Fatalf("%q, want no matches", got)
	}
	if s := screen(m); !strings.Contains(s, "no matches") {
		t.Fatalf("bar without the count:\n%s", s)
	}
	// A paste goes to the query (its first line), not to the input.
	m.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	m.Update(tea.PasteMsg{Content: "main.go\nsecond line"})
	if q := m.chat.FindQuery(); q != "main.go" || m.input.Value() != "" || m.findCount() != "1/3" {
		t.Fatalf("after a paste: query %q, input %q, count %q", q, m.input.Value(), m.findCount())
	}
}

// In a session longer than what is loaded, matches in pages not loaded
// are found in the store and counted; stepping past the loaded ones
// loads the page around the next one and lands on it.
func TestFindReachesPagesNotLoaded(t *testing.T) {
	st := openStore(t)
	id := longSession(t, st, 800) // questions 0–199; the last page holds 170–199
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model", Store: st}, Store: st, Now: fixedNow, Cwd: "/work", Home: t.TempDir()})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	d := newDriver(t, m)
	d.Send(m.loadSession(id)())
	d.Until("the session", func() bool { return strings.Contains(screen(m), "question number 199") })

	d.Send(press("ctrl+f"))
	for _, r := range "number 19" {
		d.Send(press(string(r)))
	}
	// 190–199 are loaded; 19 is found in the store.
	d.Until("the store's match counted", func() bool { return m.findCount() == "1/11" })
	if s := screen(m); !strings.Contains(s, "1/11") || !strings.Contains(s, "question number 199") {
		t.Fatalf("screen:\n%s", s)
	}
	for range 9 {
		d.Send(press("enter"))
	}
	if got := m.findCount(); got != "10/11" || !strings.Contains(screen(m), "question number 190") {
		t.Fatalf("count %q:\n%s", got, screen(m))
	}
	d.Send(press("enter"))
	d.Until("the page of question 19", func() bool {
		return m.findCount() == "11/11" && strings.Contains(screen(m), "question number 19:")
	})
	if m.chat.Marked() != 0 {
		t.Fatal("the landing was marked as a search hit")
	}
	// Forward again: the newer matches are back in the store, then loaded.
	d.Send(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift})
	d.Until("the page of question 190", func() bool {
		return m.findCount() == "10/11" && strings.Contains(screen(m), "question number 190")
	})
}

// The session's messages match in the store whatever the case of the
// query; a query of punctuation only is not sent to it.
func TestFindStoreSearchable(t *testing.T) {
	st := openStore(t)
	id := longSession(t, st, 400)
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model", Store: st}, Store: st, Now: fixedNow, Cwd: "/work"})
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m.Update(m.loadSession(id)())
	if !m.storeSearchable("dir") || m.storeSearchable("?!") {
		t.Fatal("storeSearchable")
	}
	msg := m.searchStore(1, "NUMBER 3:")().(findHitsMsg)
	if len(msg.ids) != 1 {
		t.Fatalf("%d hits for NUMBER 3:, want 1", len(msg.ids))
	}
	var got store.Message
	msgs, _ := st.Messages(context.Background(), id)
	for _, x := range msgs {
		if x.ID == msg.ids[0] {
			got = x
		}
	}
	if !strings.Contains(got.Content, "question number 3:") {
		t.Fatalf("hit %+v", got)
	}
}
