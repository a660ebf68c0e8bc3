package ui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"
	"github.com/atotto/clipboard"

	"github.com/herm-dev/herm/internal/atomicfile"
)

// clipboardMsg reports how a copy went.
type clipboardMsg struct{ text string }

// copyText puts text on the clipboard two ways: OSC 52 through the
// terminal (works over SSH, and in tmux with set-clipboard on) and the
// system clipboard tool (xclip, xsel, wl-copy, pbcopy) when there is one.
// Without a tool herm cannot know whether the terminal took the text, so
// it is also written to HERM_HOME/cache/clipboard.txt, whose path the
// status line shows.
func (m *Model) copyText(text, what string) tea.Cmd {
	write := m.opts.Clipboard
	if write == nil {
		write = clipboard.WriteAll
	}
	path := m.clipboardFile()
	return tea.Batch(
		tea.SetClipboard(text),
		func() tea.Msg {
			if err := write(text); err == nil {
				return clipboardMsg{text: "copied " + what}
			}
			if path == "" {
				return clipboardMsg{text: "copied " + what + " (through the terminal)"}
			}
			if err := writePrivate(path, text); err != nil {
				return clipboardMsg{text: "copied " + what + " through the terminal (no clipboard tool; " + err.Error() + ")"}
			}
			return clipboardMsg{text: "copied " + what + " (through the terminal; also in " + path + ")"}
		},
	)
}

// clipboardFile is where copies are kept when there is no clipboard
// tool; "" when herm has no home directory.
func (m *Model) clipboardFile() string {
	home := m.home()
	if home == "" {
		return ""
	}
	return filepath.Join(home, "cache", "clipboard.txt")
}

// writePrivate writes a file only its owner can read (a copy may hold
// secrets), through a temporary file so a reader never sees half of it.
func writePrivate(path, text string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	return atomicfile.WriteFrom(path, 0o600, func(w io.Writer) error {
		_, err := io.WriteString(w, text)
		return err
	})
}

func (m *Model) copyLastAnswer() tea.Cmd {
	text, ok := m.chat.LastAnswer()
	if !ok {
		return m.flash("nothing to copy yet")
	}
	return m.copyText(text, "the last answer")
}

func (m *Model) copySelection() tea.Cmd {
	text, ok := m.chat.Selected()
	if !ok || text == "" {
		return m.flash("nothing selected to copy")
	}
	return m.copyText(text, "the selected block")
}
