package ui

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/chat"
)

// Sessions are opened in two steps so a long one shows at once: the latest
// page of messages is read for the screen (sessionLoadedMsg), then the agent
// opens the whole session for the next turn (sessionOpenedMsg). A new
// session is created only when the first message is sent, so starting herm
// and leaving creates nothing.

type sessionLoadedMsg struct {
	rec       *store.Session
	msgs      []store.Message
	approvals []chat.Approval
	hasOlder  bool
	err       error
}

type sessionOpenedMsg struct {
	sess *agent.Session
	err  error
}

type sessionCreatedMsg struct {
	sess *agent.Session
	rec  store.Session
	err  error
}

// connectedMsg carries what Options.Connect opened.
type connectedMsg struct {
	b   Backend
	err error
}

func (m *Model) connect() tea.Cmd {
	ctx, open := m.ctx, m.opts.Connect
	return func() tea.Msg {
		b, err := open(ctx)
		return connectedMsg{b: b, err: err}
	}
}

// handleConnected takes the agent opened in the background and goes on
// with what waited for it: the session to resume, messages sent already.
func (m *Model) handleConnected(msg connectedMsg) tea.Cmd {
	m.connecting = false
	if msg.err != nil || msg.b.Agent == nil {
		m.opts.Setup = msg.err
		m.opening, m.queued, m.whenConnected = false, nil, nil
		return nil
	}
	b := msg.b
	m.opts.Agent, m.opts.Store, m.opts.ContextWindow, m.opts.Provider = b.Agent, b.Store, b.ContextWindow, b.Provider
	if b.Redact != nil {
		m.opts.Redact = b.Redact
		m.chat.Redact = b.Redact
	}
	if m.info.Model == "" {
		m.info.Model = b.Agent.Model
	}
	for _, w := range b.Warnings {
		m.chat.AddNotice("config: "+w, false)
	}
	var cmds []tea.Cmd
	for _, open := range m.whenConnected {
		cmds = append(cmds, open())
	}
	m.whenConnected = nil
	if m.opening {
		return tea.Batch(append(cmds, m.loadSession(m.opts.Resume))...)
	}
	return tea.Batch(append(cmds, m.startQueued())...)
}

// openWhenConnected opens a pane (what names it) once the agent opened in
// the background is there: a key pressed in the first moments still
// does what it says.
func (m *Model) openWhenConnected(what string, open func() tea.Cmd) tea.Cmd {
	m.whenConnected = append(m.whenConnected, open)
	return m.flash("opening " + what + " as soon as herm has started…")
}

// loadSession reads the session (the latest when id is "") and its last
// page of messages.
func (m *Model) loadSession(id string) tea.Cmd {
	ctx, st := m.ctx, m.opts.Store
	return func() tea.Msg {
		var (
			rec *store.Session
			err error
		)
		if id == "" {
			rec, err = st.LatestSession(ctx, "")
			if errors.Is(err, store.ErrNotFound) {
				err = errors.New("there is no earlier session to continue; starting a new one")
			}
		} else {
			rec, err = st.Session(ctx, id)
			if errors.Is(err, store.ErrNotFound) {
				err = fmt.Errorf("there is no session %q (list them with herm sessions, or start a new one by typing)", id)
			}
		}
		if err != nil {
			return sessionLoadedMsg{err: err}
		}
		msgs, hasOlder, err := loadPage(ctx, st, rec.ID, 0)
		return sessionLoadedMsg{rec: rec, msgs: msgs, approvals: approvals(ctx, st, rec.ID), hasOlder: hasOlder, err: err}
	}
}

// loadPage reads up to a page of a session's messages before beforeID (the
// latest when 0). The page is extended back to a user message, so every tool
// result on it has its call; attempts that were discarded and sent again
// are left out.
func loadPage(ctx context.Context, st *store.Store, sessionID string, beforeID int64) ([]store.Message, bool, error) {
	msgs, err := st.MessagesPage(ctx, sessionID, beforeID, chat.PageSize)
	if err != nil {
		return nil, false, err
	}
	full := len(msgs) == chat.PageSize
	for len(msgs) > 0 && msgs[0].Role != "user" && msgs[0].Role != "system" && len(msgs) < 8*chat.PageSize {
		more, err := st.MessagesPage(ctx, sessionID, msgs[0].ID, 32)
		if err != nil {
			return nil, false, err
		}
		if len(more) == 0 {
			full = false
			break
		}
		full = len(more) == 32
		// Take the page from its last user message on, if it has one.
		for i := len(more) - 1; i > 0; i-- {
			if more[i].Role == "user" {
				more, full = more[i:], true
				break
			}
		}
		msgs = append(more, msgs...)
	}
	hasOlder := full && len(msgs) > 0 && msgs[0].Role != "system"
	out := msgs[:0]
	for _, msg := range msgs {
		if msg.FinishReason != store.FinishRetried {
			out = append(out, msg)
		}
	}
	return out, hasOlder, nil
}

// approvals reads a session's approval records, which the chat joins to
// the calls they answered. A failure leaves the calls unmarked rather than
// the transcript unread.
func approvals(ctx context.Context, st *store.Store, sessionID string) []chat.Approval {
	evs, err := st.Events(ctx, sessionID)
	if err != nil {
		return nil
	}
	return chat.ApprovalsFrom(evs)
}

// loadOlder is the chat pane's lazy loader.
func (m *Model) loadOlder(beforeID int64) tea.Cmd {
	ctx, st, id := m.ctx, m.opts.Store, m.info.ID
	if st == nil || id == "" {
		return nil
	}
	return func() tea.Msg {
		msgs, hasOlder, err := loadPage(ctx, st, id, beforeID)
		return chat.OlderLoadedMsg{Msgs: msgs, Approvals: approvals(ctx, st, id), HasOlder: hasOlder, Err: err}
	}
}

func (m *Model) handleSessionLoaded(msg sessionLoadedMsg) tea.Cmd {
	if msg.err != nil {
		m.opening = false
		m.chat.AddNotice(m.opts.Redact(msg.err.Error()), true)
		return m.startQueued()
	}
	m.info = *msg.rec
	m.chat.SetApprovals(msg.approvals)
	m.chat.Load(msg.msgs, msg.hasOlder)
	var history []string
	for _, mm := range msg.msgs {
		switch {
		case mm.Role == "user" && mm.Content != agent.ContinuePrompt:
			history = append(history, mm.Content)
		case mm.Role == "assistant" && mm.Usage.InputTokens > 0:
			m.status.lastPrompt = promptTokens(mm.Usage)
		}
	}
	m.input.SetHistory(history)
	a, id := m.opts.Agent, msg.rec.ID
	ctx := m.ctx
	return tea.Batch(m.startTicking(), func() tea.Msg {
		sess, err := a.OpenSession(ctx, id)
		return sessionOpenedMsg{sess: sess, err: err}
	})
}

func (m *Model) handleSessionOpened(msg sessionOpenedMsg) tea.Cmd {
	m.opening = false
	if msg.err != nil {
		m.chat.AddNotice("could not open the session: "+m.opts.Redact(msg.err.Error()), true)
		m.queued = nil
		return nil
	}
	m.setSession(msg.sess)
	m.info.Model = msg.sess.Model()
	return m.startQueued()
}

// createSession starts a new session for the first message.
func (m *Model) createSession() tea.Cmd {
	a, ctx := m.opts.Agent, m.ctx
	opts := agent.NewSessionOptions{Source: "tui", Cwd: m.opts.Cwd, Title: m.info.Title}
	model := ""
	if m.info.Model != "" && m.info.Model != a.Model {
		model = m.info.Model // chosen with /model before the first message
	}
	return func() tea.Msg {
		sess, err := a.NewSession(ctx, opts)
		if err == nil && model != "" {
			err = sess.SetModel(ctx, model)
		}
		if err != nil {
			return sessionCreatedMsg{err: err}
		}
		rec, err := a.Store.Session(ctx, sess.ID())
		if err != nil {
			return sessionCreatedMsg{err: err}
		}
		return sessionCreatedMsg{sess: sess, rec: *rec}
	}
}

func (m *Model) handleSessionCreated(msg sessionCreatedMsg) tea.Cmd {
	m.opening = false
	if msg.err != nil {
		m.chat.AddNotice("could not start a session: "+m.opts.Redact(msg.err.Error()), true)
		m.queued = nil
		return nil
	}
	m.setSession(msg.sess)
	m.info = msg.rec
	return m.startQueued()
}

// startQueued sends the next message that waited for the session or for
// the previous turn.
func (m *Model) startQueued() tea.Cmd {
	if len(m.queued) == 0 || m.run != nil || m.connecting {
		return nil
	}
	next := m.queued[0]
	m.queued = m.queued[1:]
	return m.startQueuedInput(next)
}

// newSession forgets the current session; the next message starts one.
func (m *Model) newSession() {
	m.setSession(nil)
	model := m.info.Model
	m.info = store.Session{Model: model}
	if m.opts.Agent != nil {
		m.info.Model = m.opts.Agent.Model
	}
	m.status.lastPrompt = 0
	m.titling = false
	m.chat.Reset()
}

// promptTokens estimates the context a conversation fills after a model
// call: the whole prompt it sent (InputTokens counts cached parts too) plus
// the answer, which the next prompt carries.
func promptTokens(u store.Usage) int {
	return u.InputTokens + u.OutputTokens
}
