package chat

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/attach"
)

// Load replaces the transcript with stored messages (the latest page of a
// session, oldest first) and follows the bottom. hasOlder says the store
// holds messages before them.
func (p *Pane) Load(msgs []store.Message, hasOlder bool) {
	p.Reset()
	p.entries = p.entriesFrom(msgs)
	p.hasOlder = hasOlder
}

// HandleOlder adds a page of older messages above the transcript, keeping
// the view where it was.
func (p *Pane) HandleOlder(msg OlderLoadedMsg) tea.Cmd {
	p.loading = false
	if msg.Err != nil {
		p.hasOlder = false
		p.AddNotice("could not load older messages: "+p.redact(msg.Err.Error()), true)
		return nil
	}
	p.hasOlder = msg.HasOlder
	if msg.Approvals != nil {
		p.approvals = msg.Approvals
	}
	older := p.entriesFrom(msg.Msgs)
	if len(older) == 0 {
		return nil
	}
	p.entries = append(older, p.entries...)
	n := len(older)
	if !p.follow {
		p.top += n
	}
	if p.sel >= 0 {
		p.sel += n
	}
	return nil
}

// entriesFrom turns stored messages into entries: tool results join the
// call they answer; the system prompt is not shown.
func (p *Pane) entriesFrom(msgs []store.Message) []*entry {
	var out []*entry
	calls := map[string]*toolItem{}
	// The calls in order, when each was made and answered: their approval
	// records lie between (approvals.go).
	var order []*toolItem
	asked, answered := map[*toolItem]time.Time{}, map[*toolItem]time.Time{}
	for _, m := range msgs {
		switch m.Role {
		case "user":
			if m.Content == agent.ContinuePrompt {
				out = append(out, &entry{it: &noticeItem{text: "the answer hit the length limit; herm asked the model to continue"}, firstID: m.ID})
				continue
			}
			text, files := attach.Split(m.Content)
			out = append(out, &entry{it: &userItem{text: text, attached: files, images: ImageChips(m.Images), id: m.ID}, firstID: m.ID})
		case "assistant":
			if m.Content != "" || m.Reasoning != "" {
				interrupted := !m.Complete || m.FinishReason == store.FinishInterrupted || m.FinishReason == store.FinishError
				out = append(out, &entry{it: &assistantItem{content: m.Content, reasoning: m.Reasoning, interrupted: interrupted, id: m.ID}, firstID: m.ID})
			}
			for _, c := range m.ToolCalls {
				t := &toolItem{callID: c.ID, state: toolWaiting}
				t.setCall(c.Name, c.Arguments)
				calls[c.ID] = t
				order = append(order, t)
				asked[t] = m.CreatedAt
				out = append(out, &entry{it: t, firstID: m.ID})
			}
		case "tool":
			t := calls[m.ToolCallID]
			if t == nil { // its call is on an older page
				t = &toolItem{callID: m.ToolCallID, name: m.ToolName}
				out = append(out, &entry{it: t, firstID: m.ID})
			}
			t.id = m.ID
			t.finishFromStore(m.Content)
			answered[t] = m.CreatedAt
		}
	}
	p.joinApprovals(order, asked, answered)
	for _, t := range calls {
		if t.state == toolWaiting { // never answered (the session is repaired on open)
			t.state = toolFailed
			t.output = "no result was recorded"
		}
	}
	return out
}

// evict drops the oldest turns while following new output, so a session
// that runs for days keeps a bounded transcript in memory. It cuts only
// before a user message so a page reloaded later starts cleanly.
func (p *Pane) evict() {
	if !p.follow || len(p.entries) <= maxEntries {
		return
	}
	cut := -1
	for i := len(p.entries) - maxEntries; i < len(p.entries)-1; i++ {
		if _, ok := p.entries[i].it.(*userItem); ok && p.entries[i].firstID > 0 {
			cut = i
			break
		}
	}
	if cut <= 0 {
		return
	}
	// Copy so the dropped entries (and their cached renderings) are freed.
	p.entries = append([]*entry(nil), p.entries[cut:]...)
	p.hasOlder = true
	if p.sel >= 0 {
		p.sel = max(p.sel-cut, -1)
	}
}

// TruncateLastTurn removes the last user message and everything after it
// from the view (after /undo or /retry rewound the session) and returns the
// removed message's text.
func (p *Pane) TruncateLastTurn() (string, bool) {
	for i := len(p.entries) - 1; i >= 0; i-- {
		if u, ok := p.entries[i].it.(*userItem); ok {
			p.entries = p.entries[:i]
			p.turn = turnState{}
			if p.sel >= len(p.entries) {
				p.sel, p.selCode = len(p.entries)-1, -1
			}
			p.follow = true
			return u.text, true
		}
	}
	return "", false
}

func (p *Pane) redact(s string) string {
	if p.Redact == nil {
		return s
	}
	return p.Redact(s)
}
