package approval

import (
	"errors"
	"fmt"
	"os"
	"os/exec"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/editor"
	"github.com/herm-dev/herm/ui/input"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// editorRows is the most rows the command editor grows to.
const editorRows = 6

func newEditor(r *render.Renderer, k keys.Map) textarea.Model {
	ta := input.NewTextarea(k, editorRows)
	ta.SetPromptFunc(2, func(pi textarea.PromptInfo) string {
		if pi.LineNumber == 0 {
			return "$ "
		}
		return "  "
	})
	styleEditor(&ta, r)
	return ta
}

// styleEditor applies the theme's input styles to the editor.
func styleEditor(ta *textarea.Model, r *render.Renderer) {
	ta.SetStyles(input.Styles(r.Theme()))
}

// openEditor edits text in the prompt.
func (p *Prompt) openEditor(text string) {
	if !p.hasTA {
		p.ta, p.hasTA = newEditor(p.r, p.keys), true
	}
	p.editing = true
	p.ta.SetValue(text)
	p.ta.Focus()
}

// editKey handles a key in the command editor: enter checks the edit, esc
// leaves the command as it was, ctrl+g hands it to $EDITOR.
func (p *Prompt) editKey(msg tea.KeyPressMsg) Result {
	k := p.keys
	switch {
	case key.Matches(msg, k.Interrupt):
		p.editing = false
		p.ta.Blur()
		return Result{Handled: true, Layout: true}
	case key.Matches(msg, k.Send):
		return p.setEdit(p.ta.Value())
	case key.Matches(msg, k.ApproveEditor):
		return Result{Handled: true, Cmd: externalEditor(p.queue[0].ev.Request.ID, p.ta.Value())}
	}
	h := p.ta.Height()
	var cmd tea.Cmd
	p.ta, cmd = p.ta.Update(msg)
	return Result{Handled: true, Cmd: cmd, Layout: p.ta.Height() != h}
}

// The external editor runs in three steps so Update does no I/O: a
// command writes the temp file (editorReadyMsg), the program hands the
// terminal to the editor (editorExitedMsg), a command reads the result
// (editorTextMsg).
type (
	editorReadyMsg struct {
		id, path string
		argv     []string
		err      error
	}
	editorExitedMsg struct {
		id, path string
		err      error
	}
	editorTextMsg struct {
		id, text string
		err      error
	}
)

func (editorReadyMsg) approvalMsg()  {}
func (editorExitedMsg) approvalMsg() {}
func (editorTextMsg) approvalMsg()   {}

// externalEditor writes command to a temp file for the request id.
func externalEditor(id, command string) tea.Cmd {
	return func() tea.Msg {
		f, err := os.CreateTemp("", "herm-command-*.sh")
		if err != nil {
			return editorReadyMsg{id: id, err: err}
		}
		_, err = f.WriteString(command + "\n")
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			return editorReadyMsg{id: id, err: err}
		}
		return editorReadyMsg{id: id, path: f.Name(), argv: editor.Argv(os.Getenv)}
	}
}

func readEdited(id, path string) tea.Cmd {
	return func() tea.Msg {
		defer os.Remove(path)
		b, err := os.ReadFile(path)
		return editorTextMsg{id: id, text: string(b), err: err}
	}
}

// editorMsg advances the external editor's steps.
func (p *Prompt) editorMsg(msg Msg) Result {
	current := func(id string) bool { return len(p.queue) > 0 && p.queue[0].ev.Request.ID == id }
	switch msg := msg.(type) {
	case editorReadyMsg:
		if msg.err != nil {
			return Result{Flash: fmt.Sprintf("could not open an editor: %v", msg.err)}
		}
		c := exec.Command(msg.argv[0], append(msg.argv[1:], msg.path)...)
		id, path := msg.id, msg.path
		return Result{Cmd: tea.ExecProcess(c, func(err error) tea.Msg { return editorExitedMsg{id: id, path: path, err: err} })}
	case editorExitedMsg:
		if msg.err != nil {
			path := msg.path
			drop := func() tea.Msg { os.Remove(path); return nil }
			var ee *exec.Error
			if errors.As(msg.err, &ee) {
				return Result{Cmd: drop, Flash: "could not start the editor (set $VISUAL or $EDITOR): " + ee.Err.Error()}
			}
			return Result{Cmd: drop, Flash: fmt.Sprintf("the editor failed, the command is unchanged: %v", msg.err)}
		}
		return Result{Cmd: readEdited(msg.id, msg.path)}
	case editorTextMsg:
		switch {
		case msg.err != nil:
			return Result{Flash: fmt.Sprintf("could not read the edited command: %v", msg.err)}
		case !current(msg.id):
			return Result{Flash: "that request is no longer waiting; the edit was dropped"}
		}
		r := p.setEdit(msg.text)
		r.Handled = false
		return r
	}
	return Result{}
}
