package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// vimState is vim mode (display.vim_mode, /vim): the input has an insert
// mode, where it edits as usual, and a normal mode, where keys move,
// delete and scroll the chat. The motions are the input's own editing
// keys, sent to it, so the two cannot drift apart.
type vimState struct {
	on      bool
	normal  bool   // in normal mode (else insert)
	pending string // the first key of a two-key command: d, g
}

// vimModeName is what the status line shows of vim mode.
func (m *Model) vimModeName() string {
	switch {
	case !m.vim.on:
		return ""
	case m.vim.normal:
		return "NORMAL"
	}
	return "INSERT"
}

// toggleVim turns vim mode on (in insert mode) or off.
func (m *Model) toggleVim() tea.Cmd {
	m.vim = vimState{on: !m.vim.on}
	if m.vim.on {
		return m.flash("vim mode on: esc normal, i insert")
	}
	return m.flash("vim mode off")
}

// Synthesized presses of the input's editing keys.
var (
	vkLeft      = tea.KeyPressMsg{Code: tea.KeyLeft}
	vkRight     = tea.KeyPressMsg{Code: tea.KeyRight}
	vkUp        = tea.KeyPressMsg{Code: tea.KeyUp}
	vkDown      = tea.KeyPressMsg{Code: tea.KeyDown}
	vkHome      = tea.KeyPressMsg{Code: tea.KeyHome}
	vkEnd       = tea.KeyPressMsg{Code: tea.KeyEnd}
	vkDelete    = tea.KeyPressMsg{Code: tea.KeyDelete}
	vkWordNext  = tea.KeyPressMsg{Code: 'f', Mod: tea.ModAlt}
	vkWordPrev  = tea.KeyPressMsg{Code: 'b', Mod: tea.ModAlt}
	vkKillToEnd = tea.KeyPressMsg{Code: 'k', Mod: tea.ModCtrl}
	vkNewline   = tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}
)

// edit sends presses to the input.
func (m *Model) edit(keys ...tea.KeyPressMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, k := range keys {
		_, cmd := m.input.Update(k)
		cmds = append(cmds, cmd)
	}
	m.layout()
	return tea.Batch(cmds...)
}

// vimKey handles a key in vim mode while the input has the keyboard. In
// insert mode only Normal (esc) is its; in normal mode every key is,
// except those that work anywhere (enter sends, ctrl+c, the palette…).
func (m *Model) vimKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if !m.vim.on || m.focus != focusInput || m.input.MenuOpen() {
		return nil, false
	}
	v := m.keys.Vim
	if !m.vim.normal {
		if key.Matches(msg, v.Normal) {
			m.vim.normal = true
			return m.edit(vkLeft), true // like vim, the cursor steps back
		}
		return nil, false
	}
	pending := m.vim.pending
	m.vim.pending = ""
	insert := func(keys ...tea.KeyPressMsg) (tea.Cmd, bool) {
		m.vim.normal = false
		return m.edit(keys...), true
	}
	switch {
	case pending == "d" && key.Matches(msg, v.DeleteLine):
		return m.edit(vkHome, vkKillToEnd, vkDelete), true
	case pending == "g" && key.Matches(msg, v.Top):
		return m.chat.Top(), true
	case key.Matches(msg, v.DeleteLine):
		m.vim.pending = "d"
		return nil, true
	case key.Matches(msg, v.Top):
		m.vim.pending = "g"
		return nil, true
	case key.Matches(msg, v.Insert):
		return insert()
	case key.Matches(msg, v.Append):
		return insert(vkRight)
	case key.Matches(msg, v.InsertStart):
		return insert(vkHome)
	case key.Matches(msg, v.AppendEnd):
		return insert(vkEnd)
	case key.Matches(msg, v.OpenBelow):
		return insert(vkEnd, vkNewline)
	case key.Matches(msg, v.ChangeToEnd):
		return insert(vkKillToEnd)
	case key.Matches(msg, v.Left):
		return m.edit(vkLeft), true
	case key.Matches(msg, v.Right):
		return m.edit(vkRight), true
	case key.Matches(msg, v.WordNext) && msg.String() == "e":
		return m.edit(vkWordNext), true // the input's word motion ends words
	case key.Matches(msg, v.WordNext):
		return m.edit(vkWordNext, vkWordNext, vkWordPrev), true // the next word's start
	case key.Matches(msg, v.WordPrev):
		return m.edit(vkWordPrev), true
	case key.Matches(msg, v.LineStart):
		return m.edit(vkHome), true
	case key.Matches(msg, v.LineEnd):
		return m.edit(vkEnd), true
	case key.Matches(msg, v.Up):
		return m.edit(vkUp), true // the line above, or the previous message
	case key.Matches(msg, v.Down):
		return m.edit(vkDown), true
	case key.Matches(msg, v.DeleteChar):
		return m.edit(vkDelete), true
	case key.Matches(msg, v.DeleteToEnd):
		return m.edit(vkKillToEnd, vkLeft), true // the cursor rests on the last character
	case key.Matches(msg, v.Bottom):
		return m.chat.Bottom(), true
	case key.Matches(msg, v.HalfDown):
		return m.chat.Scroll(max(m.chatHeight()/2, 1)), true
	case key.Matches(msg, v.HalfUp):
		return m.chat.Scroll(-max(m.chatHeight()/2, 1)), true
	case key.Matches(msg, v.PageDown):
		return m.chat.Page(1), true
	case key.Matches(msg, v.PageUp):
		return m.chat.Page(-1), true
	case msg.String() == "/":
		return m.openFind(""), true // as vim searches
	case m.chat.Finding() && key.Matches(msg, m.keys.Find.Next):
		return m.findStep(true), true // and steps with n/N
	case m.chat.Finding() && key.Matches(msg, m.keys.Find.Prev):
		return m.findStep(false), true
	}
	// Other printable keys do nothing in normal mode; the rest (enter,
	// esc, tab, ctrl and alt keys) go on as usual.
	if msg.Text != "" && msg.Text != "?" && msg.Mod&^tea.ModShift == 0 {
		return nil, true // ? still opens help
	}
	return nil, false
}
