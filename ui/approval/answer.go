package approval

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/tools/guard"
)

// answerKind is what one entry of the menu does.
type answerKind int

const (
	answerOnce answerKind = iota
	answerSession
	answerAlways // asks again first
	answerExact  // always, for this exact command; asks again first
	answerEdit
	answerDeny
)

// choice is one entry of the prompt's menu: its words and its letter.
type choice struct {
	kind  answerKind
	label string
	key   key.Binding
}

// choices is the menu for it: a block-level command can only be edited
// or denied; a write cannot be edited.
func (p *Prompt) choices(it *item) []choice {
	k := p.keys
	edit := choice{answerEdit, "Edit the command first", k.ApproveEdit}
	deny := choice{answerDeny, "No, deny it", k.Deny}
	if it.verdict.Level == guard.Block {
		edit.label = "Edit the command"
		return []choice{edit, deny}
	}
	once, exact := "Yes, run it once", "Always allow this exact command…"
	if !it.editable() {
		once, exact = "Yes, write it once", "Always allow writing this file…"
	}
	cs := []choice{
		{answerOnce, once, k.ApproveOnce},
		{answerSession, "Yes, and allow these findings for this session", k.ApproveSession},
	}
	if !it.escapesSandbox() {
		cs = append(cs, choice{answerAlways, "Always allow these findings…", k.ApproveAlways}, choice{answerExact, exact, k.ApproveExact})
	}
	if it.editable() {
		cs = append(cs, edit)
	}
	return append(cs, deny)
}

// escapesSandbox reports whether it asks to run a command again outside
// herm's sandbox (or with the network): the agent never keeps such an
// answer past the session, so the menu does not offer "always".
func (it *item) escapesSandbox() bool {
	for _, f := range it.verdict.Findings {
		if f.ID == agent.FindingSandboxRerun || f.ID == agent.FindingSandboxNetwork {
			return true
		}
	}
	return false
}

// defaultChoice is where the menu's selection starts: at once, or at
// deny for a command herm never runs.
func defaultChoice(it *item) int {
	if it.verdict.Level == guard.Block {
		return 1
	}
	return 0
}

// IsText reports whether a key press types text (a character, shifted or
// not): what the prompt never takes as an answer until it is armed.
func IsText(msg tea.KeyPressMsg) bool {
	return msg.Text != "" && msg.Mod&^tea.ModShift == 0
}

// key handles a key while the prompt has the keyboard.
func (p *Prompt) key(msg tea.KeyPressMsg) Result {
	if len(p.queue) == 0 {
		return Result{}
	}
	if p.editing {
		return p.editKey(msg)
	}
	typed := IsText(msg)
	if typed && !p.armed {
		return Result{} // typing is for the input, never an answer
	}
	if p.confirming {
		return p.confirmKey(msg, typed)
	}
	it := p.queue[0]
	cs := p.choices(it)
	k := p.keys
	var (
		c     choice
		found bool
	)
	switch {
	case key.Matches(msg, k.ApprovePrev), key.Matches(msg, k.ApproveNext):
		if !p.InGrace() {
			d := 1
			if key.Matches(msg, k.ApprovePrev) {
				d = -1
			}
			it.sel = min(max(it.sel+d, 0), len(cs)-1)
		}
		return Result{Handled: true}
	case key.Matches(msg, k.ApproveChoose):
		c, found = cs[min(it.sel, len(cs)-1)], true
	case key.Matches(msg, k.ApproveEditor):
		if p.InGrace() {
			return Result{Handled: true}
		}
		if !it.editable() {
			return Result{Handled: true, Flash: "only commands can be edited; this is a file write"}
		}
		return Result{Handled: true, Cmd: externalEditor(it.ev.Request.ID, it.command())}
	default:
		c, found = p.letter(msg)
	}
	switch {
	case !found && typed:
		return Result{Handled: true, Flash: "the approval prompt has the keyboard — tab reads the chat, where typing goes to the input"}
	case !found:
		return Result{}
	case p.InGrace():
		return Result{Handled: true}
	}
	return p.choose(it, c)
}

// letter is the answer a key names, offered or not (choose says why one
// that is not offered does not apply).
func (p *Prompt) letter(msg tea.KeyPressMsg) (choice, bool) {
	k := p.keys
	for _, c := range []choice{{answerOnce, "", k.ApproveOnce}, {answerSession, "", k.ApproveSession},
		{answerAlways, "", k.ApproveAlways}, {answerExact, "", k.ApproveExact}, {answerEdit, "", k.ApproveEdit}, {answerDeny, "", k.Deny}} {
		if key.Matches(msg, c.key) {
			return c, true
		}
	}
	return choice{}, false
}

// choose acts on an answer for it, the request shown.
func (p *Prompt) choose(it *item, c choice) Result {
	blocked := it.verdict.Level == guard.Block
	switch {
	case c.kind == answerEdit && !it.editable():
		return Result{Handled: true, Flash: "only commands can be edited; this is a file write"}
	case c.kind == answerEdit:
		p.openEditor(it.command())
		return Result{Handled: true, Layout: true}
	case c.kind != answerDeny && blocked:
		return Result{Handled: true, Flash: "herm never runs this command — e to edit it again, n to deny"}
	case (c.kind == answerAlways || c.kind == answerExact) && it.escapesSandbox():
		return Result{Handled: true, Flash: "running outside the sandbox is allowed once or for this session, never always"}
	case c.kind == answerAlways, c.kind == answerExact:
		p.confirming, p.confirmExact, p.confirmBack = true, c.kind == answerExact, false
		return Result{Handled: true, Cmd: p.startGrace(), Layout: true}
	}
	var ans agent.ApprovalAnswer
	switch c.kind {
	case answerOnce:
		ans.Decision = agent.AllowOnce
	case answerSession:
		ans.Decision = agent.AllowSession
	default:
		ans.Decision = agent.Deny
	}
	return p.answer(it, ans)
}

// confirmKey handles a key while the prompt asks again about "always":
// enter (or y, armed) saves the grant, esc (or n) goes back to the menu.
func (p *Prompt) confirmKey(msg tea.KeyPressMsg, typed bool) Result {
	k := p.keys
	save := false
	switch {
	case key.Matches(msg, k.ApprovePrev), key.Matches(msg, k.ApproveNext):
		if !p.InGrace() {
			p.confirmBack = !p.confirmBack
		}
		return Result{Handled: true}
	case key.Matches(msg, k.ApproveChoose):
		save = !p.confirmBack
	case key.Matches(msg, k.Confirm.Yes):
		save = true
	case key.Matches(msg, k.Confirm.No):
	case typed:
		return Result{Handled: true, Flash: "save the grant? enter or y saves it, esc or n goes back"}
	default:
		return Result{}
	}
	if !save {
		p.confirming = false
		return Result{Handled: true, Layout: true}
	}
	if p.InGrace() {
		return Result{Handled: true}
	}
	return p.answer(p.queue[0], agent.ApprovalAnswer{Decision: agent.AllowAlways, ExactCommand: p.confirmExact})
}

// answer sends ans for it, the request shown, and moves to the next one.
func (p *Prompt) answer(it *item, ans agent.ApprovalAnswer) Result {
	ans.By = agent.Approver{Kind: agent.ApproverTUI}
	if it.edited != "" && ans.Decision != agent.Deny {
		ans.Command = it.edited
	}
	taken := it.ev.Answer(ans)
	return Result{
		Handled:  true,
		Cmd:      p.remove(0),
		Answered: &Answered{Request: it.ev.Request, Answer: ans, Taken: taken},
		Layout:   true,
	}
}

// grantFindings names the findings an "always" answer for it saves (the
// ask-level ones; a grant never covers a block-level finding).
func grantFindings(it *item) string {
	var ids []string
	for _, f := range it.verdict.Findings {
		if f.Level == guard.Ask {
			ids = append(ids, f.ID)
		}
	}
	return strings.Join(ids, ", ")
}
