package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/approval"
)

// The approval prompt (ui/approval) is docked above the input while a
// request waits. It takes the keyboard when a request arrives; tab (or
// esc from the chat) moves between it and the chat, so the transcript can
// be scrolled and expanded while it waits.

func (m *Model) newApprovalPrompt() *approval.Prompt {
	return approval.New(approval.Options{
		Renderer: m.r,
		Keys:     m.keys,
		Now:      m.opts.Now,
		Analyze: func(command, cwd string) guard.Verdict {
			if a := m.opts.Agent; a != nil {
				return a.AnalyzeCommand(command, cwd)
			}
			return guard.AnalyzeWith(command, guard.Options{Cwd: cwd})
		},
	})
}

// approvalEvent handles the approval events of a run; ok is false for
// every other event.
func (m *Model) approvalEvent(ev agent.Event, run int) (cmd tea.Cmd, ok bool) {
	switch e := ev.(type) {
	case agent.ApprovalRequested:
		first := !m.approval.Pending()
		cmds := []tea.Cmd{m.approval.Add(e, run)}
		if first {
			if m.browsing { // the prompt is docked in the chat screen
				m.closeSessions()
			}
			m.focusBefore = m.focus
			cmds = append(cmds, m.focusPrompt())
		}
		if m.termBlurred {
			cmds = append(cmds, approval.Notify("herm is waiting for your approval: "+e.Request.Command))
		}
		m.layout()
		return tea.Batch(cmds...), true
	case agent.ApprovalResolved:
		pending, cmd := m.approval.Resolve(e.RequestID)
		if pending {
			switch {
			case e.TimedOut:
				m.chat.AddNotice("no answer in time — denied", false)
			case e.Answer.By.Kind == agent.ApproverInterrupted:
			default:
				m.chat.AddNotice("answered elsewhere ("+e.Answer.By.String()+"): "+e.Answer.Decision.String(), false)
			}
			m.approvalsChanged()
		}
		return cmd, true
	}
	return nil, false
}

// approvalsChanged re-lays the screen after the queue changed, and gives
// the keyboard back when nothing waits any more.
func (m *Model) approvalsChanged() {
	if !m.approval.Pending() && m.focus == focusApproval {
		m.setFocus(m.focusBefore)
	}
	m.layout()
}

// focusPrompt gives the prompt the keyboard.
func (m *Model) focusPrompt() tea.Cmd {
	m.setFocus(focusApproval)
	return m.approval.Focus()
}

// togglePrompt moves the keyboard between the prompt and the chat.
func (m *Model) togglePrompt() tea.Cmd {
	switch {
	case !m.approval.Pending():
		return m.flash("no command is waiting for approval")
	case m.focus == focusApproval:
		m.setFocus(focusChat)
		m.layout()
		return nil
	}
	cmd := m.focusPrompt()
	m.layout()
	return cmd
}

// approvalKey routes a key while a request waits: tab moves between the
// prompt and the chat, esc outside the prompt returns to it (instead of
// interrupting the turn, which would deny), and the prompt's own keys go
// to it when it has the keyboard. ok is false for keys the root handles.
func (m *Model) approvalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.ApproveFocus) && !m.input.MenuOpen():
		return m.togglePrompt(), true
	case m.focus != focusApproval:
		if key.Matches(msg, k.Interrupt) && !m.input.MenuOpen() {
			cmd := m.focusPrompt()
			m.layout()
			return cmd, true
		}
		return nil, false
	}
	res := m.approval.Update(msg)
	return m.approvalResult(res), res.Handled
}

// approvalMsg hands the prompt its own messages (timers, the editor).
func (m *Model) approvalMsg(msg approval.Msg) tea.Cmd {
	return m.approvalResult(m.approval.Update(msg))
}

// approvalResult applies what the prompt did.
func (m *Model) approvalResult(res approval.Result) tea.Cmd {
	cmds := []tea.Cmd{res.Cmd}
	if a := res.Answered; a != nil {
		m.chat.AddNotice(approval.Describe(*a), false)
		m.approvalsChanged()
	} else if res.Layout {
		m.layout()
	}
	if res.Flash != "" {
		cmds = append(cmds, m.flash(res.Flash))
	}
	return tea.Batch(cmds...)
}

// approvalMode is the permission mode in force: the one chosen here, or
// the session's, or the configured one.
func (m *Model) approvalMode() agent.ApprovalMode {
	switch {
	case m.mode != "":
		return m.mode
	case m.sess != nil:
		return m.sess.ApprovalMode()
	case m.opts.Agent != nil && m.opts.Agent.Approvals.Mode != "":
		return m.opts.Agent.Approvals.Mode
	}
	return agent.ModeAsk
}

// modes is the order the mode key cycles through.
var modes = [...]agent.ApprovalMode{agent.ModeAsk, agent.ModeAutoEdits, agent.ModeYolo}

// cycleMode moves to the next permission mode: normal → auto-approve edits
// → yolo → normal.
func (m *Model) cycleMode() tea.Cmd {
	next := agent.ModeAsk
	cur := m.approvalMode()
	for i, md := range modes {
		if md == cur {
			next = modes[(i+1)%len(modes)]
		}
	}
	return m.setMode(next)
}

// toggleYolo is /yolo: yolo, or back to normal.
func (m *Model) toggleYolo() tea.Cmd {
	if m.approvalMode() == agent.ModeYolo {
		return m.setMode(agent.ModeAsk)
	}
	return m.setMode(agent.ModeYolo)
}

// setMode applies a permission mode to the session (and to the sessions
// opened later in this UI).
func (m *Model) setMode(md agent.ApprovalMode) tea.Cmd {
	m.mode = md
	if m.sess != nil {
		m.sess.SetApprovalMode(md)
	}
	return m.flash(modeText(md))
}

func modeText(md agent.ApprovalMode) string {
	switch md {
	case agent.ModeAutoEdits:
		return "auto-approve edits: sensitive file writes run without asking"
	case agent.ModeYolo:
		return "yolo: ask-level commands run without asking; block-level never"
	}
	return "normal: risky commands and sensitive writes ask first"
}

// modeSegment is the status line's mark of a mode other than normal.
func modeSegment(md agent.ApprovalMode) string {
	switch md {
	case agent.ModeAutoEdits:
		return "⏵ auto-edits"
	case agent.ModeYolo:
		return "⏵⏵ yolo"
	case agent.ModeDeny:
		return "ask-level denied"
	}
	return ""
}
