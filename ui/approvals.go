package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/approval"
	"github.com/herm-dev/herm/ui/chat"
)

// The approval prompt (ui/approval) is docked above the input while a
// request waits. A request that arrives while the input is empty is
// offered the keyboard: the arrows, enter and esc answer it, and typing
// goes to the input (and the keyboard with it) — a sentence typed as the
// prompt appears never answers it. With a draft in the input the keyboard
// stays there. Tab moves the keyboard to the prompt, letters and all; tab
// again reads the chat (scroll, expand) while it waits; tab or esc from
// the chat or the input comes back.

func (m *Model) newApprovalPrompt() *approval.Prompt {
	return approval.New(approval.Options{
		Renderer: m.r,
		Keys:     m.keys,
		Now:      m.opts.Now,
		Redact:   m.opts.Redact,
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
			cmds = append(cmds, m.offerPrompt())
		}
		if m.termBlurred {
			cmds = append(cmds, approval.Notify("herm is waiting for your approval: "+e.Request.Command))
		}
		m.layout()
		return tea.Batch(cmds...), true
	case agent.ApprovalResolved:
		req, _ := m.approval.Request(e.RequestID)
		pending, cmd := m.approval.Resolve(e.RequestID)
		if pending {
			m.chat.MarkApproval(approvalRecord(req, e.Answer, e.TimedOut))
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

// focusPrompt gives the prompt the keyboard because the person asked for
// it: its letters answer too.
func (m *Model) focusPrompt() tea.Cmd {
	m.setFocus(focusApproval)
	return m.approval.Focus()
}

// offerPrompt gives a request that just arrived the keyboard, unless the
// person is writing (a draft in the input, a find query): then it waits
// for tab. Offered, the prompt takes its menu keys and leaves typed text
// to the input.
func (m *Model) offerPrompt() tea.Cmd {
	if m.focus == focusFind || (m.focus == focusInput && m.input.Value() != "") {
		return nil
	}
	m.setFocus(focusApproval)
	return m.approval.Offer()
}

// togglePrompt is tab while a request waits: to the prompt from the input
// or the chat, letters armed; from an offered prompt, arms its letters;
// from an armed one, to the chat to read it.
func (m *Model) togglePrompt() tea.Cmd {
	switch {
	case !m.approval.Pending():
		return m.flash("no command is waiting for approval")
	case m.focus == focusApproval && m.approval.Armed():
		m.setFocus(focusChat)
		m.layout()
		return nil
	}
	cmd := m.focusPrompt()
	m.layout()
	return cmd
}

// approvalKey routes a key while a request waits: tab moves to the prompt
// and on to the chat, esc outside the prompt returns to it (instead of
// interrupting the turn, which would deny), and the prompt's own keys go
// to it when it has the keyboard. Text typed while the prompt was only
// offered the keyboard is not for it: the keyboard moves to the input,
// and ok is false so the root types it there. ok is false for keys the
// root handles.
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
	if !res.Handled && approval.IsText(msg) {
		m.setFocus(focusInput)
		m.layout()
	}
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
		if a.Taken {
			m.chat.MarkApproval(approvalRecord(a.Request, a.Answer, false))
		}
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

// approvalRecord is an answer as the agent records it, for the chat to
// show on the call it answered.
func approvalRecord(req agent.ApprovalRequest, a agent.ApprovalAnswer, timedOut bool) chat.Approval {
	edited := a.Command
	if a.Decision == agent.Deny {
		edited = ""
	}
	return chat.Approval{Command: req.Command, Edited: edited, Decision: a.Decision.String(), By: a.By.String(),
		Exact: a.ExactCommand, TimedOut: timedOut}
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
