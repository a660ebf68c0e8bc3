package ui

import (
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// quitWindow is how long a first ctrl+c waits for the second.
const quitWindow = 3 * time.Second

type quitDisarmMsg struct{ seq int }

// handleKey routes a key press: the top overlay takes everything; then
// the keys that work anywhere; then the focused pane.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if key.Matches(msg, k.Quit) {
		return m.quitKey()
	}
	if n := len(m.overlays); n > 0 {
		top := m.overlays[n-1]
		closed, cmd := top.Update(m, msg)
		if closed {
			m.closeOverlay(top)
		}
		return cmd
	}
	if m.browsing {
		return m.sessionsKey(msg)
	}
	if m.approval.Pending() {
		if cmd, ok := m.approvalKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := m.vimKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.panelKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.transcriptKey(msg); ok {
		return cmd
	}
	if cmd, ok := m.draftKey(msg); ok { // the queue, the paste viewer (queue.go)
		return cmd
	}
	switch {
	case key.Matches(msg, k.Interrupt):
		return m.escape()
	case key.Matches(msg, k.Mode):
		return m.cycleMode()
	case key.Matches(msg, k.Help) || (msg.String() == "?" && (m.focus == focusChat || m.input.Value() == "")):
		m.openHelp()
		return nil
	case key.Matches(msg, k.Palette):
		m.openPalette()
		return nil
	case key.Matches(msg, k.CopyLast):
		return m.copyLastAnswer()
	case key.Matches(msg, k.ScrollUp):
		return m.chat.Page(-1)
	case key.Matches(msg, k.ScrollDn):
		return m.chat.Page(1)
	case key.Matches(msg, k.Redraw):
		return tea.ClearScreen
	case key.Matches(msg, k.Sessions):
		return m.openSessions("")
	case key.Matches(msg, k.Chat):
		m.setFocus(focusInput)
		return nil
	case key.Matches(msg, k.Skills):
		return m.openSkills()
	case key.Matches(msg, k.Memory):
		return m.openMemory()
	case key.Matches(msg, k.Focus) && !m.input.MenuOpen():
		if m.focus == focusInput {
			m.setFocus(focusChat)
		} else {
			m.setFocus(focusInput)
		}
		return nil
	}
	switch m.focus {
	case focusApproval:
		return nil // the prompt's keys never type into the input
	case focusChat:
		return m.chatKey(msg)
	}
	sub, cmd := m.input.Update(msg)
	m.layout()
	if sub != nil {
		return tea.Batch(cmd, m.submit(*sub))
	}
	return cmd
}

// chatKey handles a key while the chat has focus. Typing text moves the
// focus to the input and types there.
func (m *Model) chatKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Copy) {
		return m.copySelection()
	}
	if cmd, ok := m.chat.Update(msg); ok {
		return cmd
	}
	if msg.Text != "" && msg.Mod&^tea.ModShift == 0 {
		m.setFocus(focusInput)
		sub, cmd := m.input.Update(msg)
		m.layout()
		if sub != nil {
			return tea.Batch(cmd, m.submit(*sub))
		}
		return cmd
	}
	return nil
}

// escape closes the completion menu, or interrupts the running turn, or
// returns the focus to the input — the first that applies.
func (m *Model) escape() tea.Cmd {
	switch {
	case m.input.MenuOpen():
		m.input.CloseMenu()
	case m.run != nil:
		m.interrupt()
	case m.focus == focusChat:
		m.setFocus(focusInput)
	case len(m.queued) > 0:
		m.queued = nil
		return m.flash("queued message dropped")
	}
	return nil
}

// quitKey: the first ctrl+c interrupts a running turn (or clears the input)
// and arms quitting; a second one within quitWindow quits.
func (m *Model) quitKey() tea.Cmd {
	if m.quitArmed != 0 {
		m.interrupt()
		return tea.Quit
	}
	m.quitArmed = m.status.nextSeq()
	if m.run != nil {
		m.interrupt()
	} else if m.input.Value() != "" {
		m.input.Reset()
		m.layout()
	}
	seq := m.quitArmed
	return tea.Batch(
		tea.Tick(quitWindow, func(time.Time) tea.Msg { return quitDisarmMsg{seq: seq} }),
		m.flashFor("press ctrl+c again to quit", quitWindow),
	)
}
