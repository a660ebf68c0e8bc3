package input

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/editor"
)

// The draft can be written in the person's editor ($VISUAL, then $EDITOR,
// then vi): ctrl+g writes it to a temporary file (pastes expanded), the
// program hands the terminal to the editor, and what the file holds when
// the editor exits becomes the draft. Three steps, so Update does no I/O.

type editorMsg interface{ editorStep() }

type (
	editorReadyMsg struct {
		path string
		argv []string
		err  error
	}
	editorExitedMsg struct {
		path string
		err  error
	}
	editorTextMsg struct {
		text string
		err  error
	}
)

func (editorReadyMsg) editorStep()  {}
func (editorExitedMsg) editorStep() {}
func (editorTextMsg) editorStep()   {}

// OpenEditor writes the draft to a temporary file for the editor.
func (m *Model) OpenEditor() tea.Cmd {
	text := m.ta.Value()
	for ph, content := range m.pastes {
		text = strings.ReplaceAll(text, ph, content)
	}
	return func() tea.Msg {
		f, err := os.CreateTemp("", "herm-draft-*.md")
		if err != nil {
			return editorReadyMsg{err: err}
		}
		_, err = f.WriteString(text)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			return editorReadyMsg{err: err}
		}
		return editorReadyMsg{path: f.Name(), argv: editor.Argv(os.Getenv)}
	}
}

// editorStep advances the editor's steps.
func (m *Model) editorStep(msg editorMsg) tea.Cmd {
	switch msg := msg.(type) {
	case editorReadyMsg:
		if msg.err != nil {
			return flash(fmt.Sprintf("could not open an editor: %v", msg.err))
		}
		c := exec.Command(msg.argv[0], append(msg.argv[1:], msg.path)...)
		path := msg.path
		return tea.ExecProcess(c, func(err error) tea.Msg { return editorExitedMsg{path: path, err: err} })
	case editorExitedMsg:
		path := msg.path
		if msg.err != nil {
			os.Remove(path)
			var ee *exec.Error
			if errors.As(msg.err, &ee) {
				return flash("could not start the editor (set $VISUAL or $EDITOR): " + ee.Err.Error())
			}
			return flash(fmt.Sprintf("the editor failed; the draft is unchanged: %v", msg.err))
		}
		return func() tea.Msg {
			defer os.Remove(path)
			b, err := os.ReadFile(path)
			return editorTextMsg{text: string(b), err: err}
		}
	case editorTextMsg:
		if msg.err != nil {
			return flash(fmt.Sprintf("could not read the edited draft: %v", msg.err))
		}
		// Editors end the file with a newline the draft did not have.
		text := strings.TrimSuffix(strings.ReplaceAll(msg.text, "\r\n", "\n"), "\n")
		clear(m.pastes) // expanded into the file
		m.ta.SetValue(text)
		m.menu.close()
		m.histPos = len(m.history)
		return nil
	}
	return nil
}

func flash(text string) tea.Cmd {
	return func() tea.Msg { return FlashMsg{Text: text} }
}
