package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/chat"
	"github.com/herm-dev/herm/ui/sessions"
)

// The session browser (ui/sessions) takes the place of the chat and the
// input while it is open; the status line stays. It asks for sessions to
// be shown with sessions.OpenMsg: at its end (resume, a new fork), or at a
// search hit, which opens a window of the session around the hit
// (sessionJumpMsg) that grows both ways as the chat scrolls.

// sessionJumpMsg is a session read for showing at a message.
type sessionJumpMsg struct {
	rec                *store.Session
	msgs               []store.Message
	approvals          []chat.Approval
	target             int64
	hasOlder, hasNewer bool
	err                error
}

// openSessions shows the browser; a query searches at once.
func (m *Model) openSessions(query string) tea.Cmd {
	if m.opts.Store == nil {
		if m.connecting {
			return m.openWhenConnected("sessions", func() tea.Cmd { return m.openSessions(query) })
		}
		return m.flash("there are no sessions without a configured model yet")
	}
	if m.sessions == nil {
		m.sessions = sessions.New(m.ctx, sessions.Options{Store: m.opts.Store, Theme: m.theme, Keys: m.keys, Now: m.now})
	}
	m.browsing = true
	m.input.CloseMenu()
	m.layout()
	cmd := m.sessions.Open(m.info.ID)
	if query = strings.TrimSpace(query); query != "" {
		return m.sessions.Search(query)
	}
	return cmd
}

func (m *Model) closeSessions() {
	m.browsing = false
	m.setFocus(m.focus)
}

// sessionsKey handles a key while the browser is open: the keys that
// leave it, help and the palette; everything else is the browser's.
func (m *Model) sessionsKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Interrupt):
		cmd, ok := m.sessions.Back()
		if !ok {
			m.closeSessions()
		}
		return cmd
	case key.Matches(msg, k.Sessions), key.Matches(msg, k.Chat):
		m.closeSessions()
		return nil
	case key.Matches(msg, k.Help):
		m.openHelp()
		return nil
	case key.Matches(msg, k.Palette):
		m.openPalette()
		return nil
	case key.Matches(msg, k.Redraw):
		return tea.ClearScreen
	case key.Matches(msg, k.Skills), key.Matches(msg, k.Memory):
		m.closeSessions()
		return m.handleKey(msg)
	}
	return m.sessions.Update(msg)
}

// sessionsView draws the browser over the whole screen but the status
// line.
func (m *Model) sessionsView() []string {
	return append(strings.Split(m.sessions.View(), "\n"), m.statusLine())
}

// handleOpenSession shows the session the browser chose.
func (m *Model) handleOpenSession(msg sessions.OpenMsg) tea.Cmd {
	switch {
	case m.opts.Agent == nil:
		return m.flash("no model is configured yet")
	case m.busy():
		return m.flash("a turn is running — esc stops it first")
	}
	m.closeSessions()
	var note tea.Cmd
	if msg.Note != "" {
		note = m.flashFor(msg.Note, 8*time.Second)
	}
	if msg.SessionID == m.info.ID && m.sess != nil && msg.MessageID == 0 {
		m.setFocus(focusInput)
		return tea.Batch(note, m.chat.Bottom())
	}
	m.newSession()
	m.opening = true
	if msg.MessageID == 0 {
		m.setFocus(focusInput)
		return tea.Batch(note, m.loadSession(msg.SessionID), m.startTicking())
	}
	return tea.Batch(note, m.loadSessionAt(msg.SessionID, msg.MessageID), m.startTicking())
}

// handleSessionChanged follows a rename or deletion in the browser of the
// session the chat shows.
func (m *Model) handleSessionChanged(msg sessions.ChangedMsg) tea.Cmd {
	if msg.Session.ID != m.info.ID || m.info.ID == "" {
		return nil
	}
	if msg.Deleted {
		m.newSession()
		m.chat.AddNotice("the session was deleted — your next message starts a new one", false)
		return nil
	}
	m.info.Title, m.info.Archived = msg.Session.Title, msg.Session.Archived
	return nil
}

// loadSessionAt reads a session and the window of its messages around
// messageID.
func (m *Model) loadSessionAt(id string, messageID int64) tea.Cmd {
	ctx, st := m.ctx, m.opts.Store
	return func() tea.Msg {
		rec, err := st.Session(ctx, id)
		if errors.Is(err, store.ErrNotFound) {
			err = fmt.Errorf("the session %s is gone (deleted meanwhile?)", id)
		}
		if err != nil {
			return sessionJumpMsg{err: err}
		}
		msgs, older, newer, err := loadAround(ctx, st, id, messageID)
		return sessionJumpMsg{rec: rec, msgs: msgs, approvals: approvals(ctx, st, id), target: messageID, hasOlder: older, hasNewer: newer, err: err}
	}
}

func (m *Model) handleSessionJump(msg sessionJumpMsg) tea.Cmd {
	if msg.err != nil {
		return m.handleSessionLoaded(sessionLoadedMsg{err: msg.err})
	}
	// The usual opening (status, history, the agent's session), then the
	// window replaces the transcript.
	cmd := m.handleSessionLoaded(sessionLoadedMsg{rec: msg.rec, msgs: msg.msgs, approvals: msg.approvals, hasOlder: msg.hasOlder})
	more := m.chat.LoadAround(msg.msgs, msg.target, msg.hasOlder, msg.hasNewer)
	m.setFocus(focusChat)
	return tea.Batch(cmd, more)
}

// loadNewer is the chat pane's loader of the page after afterID.
func (m *Model) loadNewer(afterID int64) tea.Cmd {
	ctx, st, id := m.ctx, m.opts.Store, m.info.ID
	if st == nil || id == "" {
		return nil
	}
	return func() tea.Msg {
		msgs, err := st.MessagesAfter(ctx, id, afterID, chat.PageSize)
		if err != nil {
			return chat.NewerLoadedMsg{Err: err}
		}
		newer := len(msgs) == chat.PageSize
		if newer {
			msgs = endBeforeLastUser(msgs)
		}
		return chat.NewerLoadedMsg{Msgs: dropRetried(msgs), Approvals: approvals(ctx, st, id), HasNewer: newer}
	}
}

// loadAround reads about a page of a session around messageID. The window
// starts at a user message (so every tool result on it has its call) and,
// when more follow, ends before one (so the next page starts cleanly).
func loadAround(ctx context.Context, st *store.Store, sessionID string, messageID int64) (msgs []store.Message, older, newer bool, err error) {
	half := chat.PageSize / 2
	msgs, err = st.MessagesAround(ctx, sessionID, messageID, half, half)
	if err != nil {
		return nil, false, false, err
	}
	at := 0
	for i, msg := range msgs {
		if msg.ID == messageID {
			at = i
		}
	}
	older, newer = at == half, len(msgs)-at-1 == half
	for steps := 0; older && len(msgs) > 0 && msgs[0].Role != "user" && msgs[0].Role != "system" && steps < 8; steps++ {
		more, err := st.MessagesPage(ctx, sessionID, msgs[0].ID, 32)
		if err != nil {
			return nil, false, false, err
		}
		older = len(more) == 32
		for i := len(more) - 1; i > 0; i-- {
			if more[i].Role == "user" {
				more, older = more[i:], true
				break
			}
		}
		msgs = append(more, msgs...)
	}
	if len(msgs) > 0 && msgs[0].Role == "system" {
		older = false
	}
	if newer {
		msgs = endBeforeLastUser(msgs)
	}
	return dropRetried(msgs), older, newer, nil
}

// endBeforeLastUser cuts msgs before their last user message (the next
// page starts there), unless that would leave too little.
func endBeforeLastUser(msgs []store.Message) []store.Message {
	for i := len(msgs) - 1; i > len(msgs)/2; i-- {
		if msgs[i].Role == "user" {
			return msgs[:i]
		}
	}
	return msgs
}

// dropRetried leaves out failed attempts that were sent again (see
// loadPage).
func dropRetried(msgs []store.Message) []store.Message {
	out := msgs[:0]
	for _, msg := range msgs {
		if msg.FinishReason != store.FinishRetried {
			out = append(out, msg)
		}
	}
	return out
}

// sessionActions are the browser's entries in the command palette. Run
// with the browser closed, they open it.
func (m *Model) sessionActions() []action {
	k := m.keys.SessionPane
	run := func(a sessions.Action) func(*Model) tea.Cmd {
		return func(m *Model) tea.Cmd {
			if !m.browsing {
				return m.openSessions("")
			}
			return m.sessions.Run(a)
		}
	}
	return []action{
		{name: "Sessions: browse and search", binding: m.keys.Sessions, run: func(m *Model) tea.Cmd { return m.openSessions("") }},
		{name: "Sessions: open at the selected hit", binding: k.Open, run: run(sessions.ActOpen)},
		{name: "Sessions: resume the selected session", binding: k.Resume, run: run(sessions.ActResume)},
		{name: "Sessions: fork at the hit or preview", binding: k.Fork, run: run(sessions.ActFork)},
		{name: "Sessions: rename", binding: k.Rename, run: run(sessions.ActRename)},
		{name: "Sessions: archive or unarchive", binding: k.Archive, run: run(sessions.ActArchive)},
		{name: "Sessions: delete", binding: k.Delete, run: run(sessions.ActDelete)},
		{name: "Sessions: export", binding: k.Export, run: run(sessions.ActExport)},
		{name: "Sessions: show or hide archived", binding: k.Archived, run: run(sessions.ActShowArchived)},
	}
}
