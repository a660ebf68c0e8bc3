package ui

import (
	"github.com/atotto/clipboard"

	tea "charm.land/bubbletea/v2"
)

// clipboardMsg reports how a copy went.
type clipboardMsg struct{ text string }

// copyText puts text on the clipboard two ways: OSC 52 through the
// terminal (works over SSH and in tmux with set-clipboard on) and the
// system clipboard tool (xclip, xsel, wl-copy, pbcopy) when there is one.
func copyText(text, what string) tea.Cmd {
	return tea.Batch(
		tea.SetClipboard(text),
		func() tea.Msg {
			if err := clipboard.WriteAll(text); err != nil {
				return clipboardMsg{text: "copied " + what + " (through the terminal)"}
			}
			return clipboardMsg{text: "copied " + what}
		},
	)
}

func (m *Model) copyLastAnswer() tea.Cmd {
	text, ok := m.chat.LastAnswer()
	if !ok {
		return m.flash("nothing to copy yet")
	}
	return copyText(text, "the last answer")
}

func (m *Model) copySelection() tea.Cmd {
	text, ok := m.chat.Selected()
	if !ok || text == "" {
		return m.flash("nothing selected to copy")
	}
	return copyText(text, "the selected block")
}
