package chat

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// A window opened at a message shows it near the top, marked, and grows
// downward as the view nears its end.
func TestLoadAroundMarksAndPagesNewer(t *testing.T) {
	p := newPane(60, 12)
	var asked []int64
	p.LoadNewer = func(after int64) tea.Cmd {
		asked = append(asked, after)
		return func() tea.Msg { return nil }
	}
	window := conversation(101, 10) // ids 101…120
	p.LoadAround(window, 111, true, true)
	v := plain(p.View())
	if !strings.Contains(v, "▶ ┃ question 111") {
		t.Fatalf("the target is not marked:\n%s", v)
	}
	if p.Following() || !p.HasNewer() || p.Marked() != 111 {
		t.Fatalf("following %v, newer %v, marked %d", p.Following(), p.HasNewer(), p.Marked())
	}
	// Scrolling down to the end of the window asks for the next page once.
	for range 20 {
		p.Scroll(3)
	}
	if len(asked) != 1 || asked[0] != 120 {
		t.Fatalf("newer pages asked after %v", asked)
	}
	p.HandleNewer(NewerLoadedMsg{Msgs: conversation(121, 3), HasNewer: false})
	for range 20 {
		p.Scroll(3)
	}
	if v := plain(p.View()); !strings.Contains(v, "answer 126") || !p.Following() {
		t.Fatalf("the end is not reached (following %v):\n%s", p.Following(), v)
	}
}

// Going to the bottom, or sending a message, from a window in the middle
// drops it: the end of the session is what shows.
func TestBottomAndNewMessageLeaveTheWindow(t *testing.T) {
	p := newPane(60, 12)
	var older []int64
	p.LoadOlder = func(before int64) tea.Cmd {
		older = append(older, before)
		return func() tea.Msg { return nil }
	}
	p.LoadAround(conversation(101, 10), 111, true, true)
	if cmd := p.Bottom(); cmd == nil || p.Len() != 0 || len(older) != 1 || older[0] != 0 {
		t.Fatalf("bottom: %d entries, older loads %v", p.Len(), older)
	}
	p.HandleOlder(OlderLoadedMsg{Msgs: conversation(201, 3), HasOlder: true})
	if v := plain(p.View()); !strings.Contains(v, "answer 206") || p.HasNewer() {
		t.Fatalf("the latest page is not shown:\n%s", v)
	}

	p.LoadAround(conversation(101, 10), 111, true, true)
	p.AddUser("a new question")
	if p.HasNewer() || p.Len() != 1 || !p.Following() {
		t.Fatalf("sending from the middle kept the window: %d entries", p.Len())
	}
}
