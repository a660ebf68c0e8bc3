package chat

import (
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/store"
)

// Opening a session at a message (a search hit) loads a window of the
// session around it instead of its end. The window then grows both ways
// as the view nears its edges: older pages through LoadOlder, newer ones
// through LoadNewer. While newer messages are left to load the pane does
// not follow the bottom; jumping to the bottom or sending a message drops
// the window and shows the end of the session instead.

// NewerLoadedMsg carries a page of messages after the transcript's last
// (oldest first).
type NewerLoadedMsg struct {
	Msgs []store.Message
	// Approvals are as OlderLoadedMsg's.
	Approvals []Approval
	HasNewer  bool
	Err       error
}

// LoadAround replaces the transcript with msgs (a window of a session,
// oldest first), puts message target near the top of the screen and
// marks it. hasOlder and hasNewer say whether the store holds messages
// before and after the window. It returns a command when the window is
// too short to fill the screen and more can be loaded.
func (p *Pane) LoadAround(msgs []store.Message, target int64, hasOlder, hasNewer bool) tea.Cmd {
	p.Reset()
	p.entries = p.entriesFrom(msgs)
	p.hasOlder, p.hasNewer = hasOlder, hasNewer
	p.newestID = 0
	if n := len(msgs); n > 0 {
		p.newestID = msgs[n-1].ID
	}
	p.markID = target
	i := p.entryOf(target)
	if i < 0 {
		p.follow = !hasNewer
		return nil
	}
	p.follow = false
	p.sel, p.selCode = i, -1
	p.top, p.off = i, 0
	// A few lines of what came before, so the hit is read in context.
	p.Scroll(-max(p.height/4, 1))
	p.follow = false
	if !p.hasNewer && p.atBottom() {
		p.follow = true
	}
	return p.maybeLoadNewer()
}

// Marked is the store id of the message LoadAround jumped to (0 if none).
func (p *Pane) Marked() int64 { return p.markID }

// HasNewer reports whether messages after the transcript are still to be
// loaded (the pane shows a window in the middle of the session).
func (p *Pane) HasNewer() bool { return p.hasNewer }

// Loading reports whether a page of older or newer messages is being read.
func (p *Pane) Loading() bool { return p.loading || p.loadingNewer }

// entryOf returns the index of the entry that shows message id: the entry
// it starts, the tool block its result joined, or the nearest entry before
// it; -1 when none is loaded.
func (p *Pane) entryOf(id int64) int {
	near := -1
	for i, e := range p.entries {
		if e.firstID == id {
			return i
		}
		if t, ok := e.it.(*toolItem); ok && t.id == id {
			return i
		}
		if e.firstID > 0 && e.firstID < id {
			near = i
		}
	}
	return near
}

// marked reports whether entry i shows the message LoadAround jumped to.
func (p *Pane) marked(i int) bool {
	if p.markID == 0 {
		return false
	}
	e := p.entries[i]
	if e.firstID == p.markID {
		return i == 0 || p.entries[i-1].firstID != p.markID // a message's first block only
	}
	t, ok := e.it.(*toolItem)
	return ok && t.id == p.markID
}

// maybeLoadNewer asks for the page after the last entry when the view is
// near the bottom of what is loaded.
func (p *Pane) maybeLoadNewer() tea.Cmd {
	if !p.hasNewer || p.loadingNewer || p.LoadNewer == nil || p.newestID <= 0 {
		return nil
	}
	if p.linesBelow(2*p.height) >= 2*p.height {
		return nil
	}
	p.loadingNewer = true
	return p.LoadNewer(p.newestID)
}

// linesBelow counts the lines below the bottom of the view, stopping at
// limit.
func (p *Pane) linesBelow(limit int) int {
	n := -p.off - p.height
	for i := p.top; i < len(p.entries); i++ {
		n += p.blockHeight(i)
		if n >= limit {
			return n
		}
	}
	return max(n, 0)
}

// HandleNewer adds a page of newer messages below the transcript; the view
// stays where it is.
func (p *Pane) HandleNewer(msg NewerLoadedMsg) tea.Cmd {
	p.loadingNewer = false
	if !p.hasNewer {
		return nil // the window was dropped (bottom, a new message) meanwhile
	}
	if msg.Err != nil {
		p.hasNewer = false
		p.AddNotice("could not load newer messages: "+p.redact(msg.Err.Error()), true)
		return nil
	}
	p.hasNewer = msg.HasNewer
	if msg.Approvals != nil {
		p.approvals = msg.Approvals
	}
	if n := len(msg.Msgs); n > 0 {
		p.newestID = msg.Msgs[n-1].ID
		p.entries = append(p.entries, p.entriesFrom(msg.Msgs)...)
	}
	p.trimAbove()
	return p.maybeLoadNewer()
}

// trimAbove bounds the transcript while reading forward through a long
// session: entries far above the view are dropped (they reload on
// scrolling back up), cutting before a user message.
func (p *Pane) trimAbove() {
	if len(p.entries) <= maxEntries || p.top < maxEntries/2 {
		return
	}
	cut := -1
	for i := p.top - maxEntries/4; i > 0; i-- {
		if _, ok := p.entries[i].it.(*userItem); ok && p.entries[i].firstID > 0 {
			cut = i
			break
		}
	}
	if cut <= 0 {
		return
	}
	p.entries = append([]*entry(nil), p.entries[cut:]...)
	p.hasOlder = true
	p.top -= cut
	if p.sel >= 0 {
		p.sel = max(p.sel-cut, -1)
	}
}

// dropWindow leaves a window in the middle of the session for its end:
// the transcript empties and the latest page loads as older messages do.
func (p *Pane) dropWindow() tea.Cmd {
	p.Reset()
	p.hasOlder = true
	return p.maybeLoadOlder()
}
