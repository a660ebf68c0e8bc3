package skills

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	sk "github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/ui/render"
)

// maxEditBytes is the largest SKILL.md the editor opens. The format's
// limit is skills.MaxSkillBytes; a file somewhat over it still opens so it
// can be cut down, but not one of megabytes.
const maxEditBytes = 2 * sk.MaxSkillBytes

// editState is SKILL.md in the full-screen editor.
type editState struct {
	it       item
	name     string
	creating bool   // a new skill: saving creates it
	original string // the text as loaded (or the template)
	ed       *editor
	err      string // why the last save was refused
	saving   bool
}

type editLoadedMsg struct {
	it  item
	raw string
	err error
}

type savedMsg struct {
	name    string
	created bool
	content string
	err     error
}

type deletedMsg struct {
	name string
	err  error
}

// startEdit reads the skill's SKILL.md for the editor. External skills
// are not edited.
func (p *Pane) startEdit(it item) tea.Cmd {
	if it.readOnly {
		p.setNote(p.readOnlyText(it), true)
		return nil
	}
	p.setNote("opening "+it.name+"…", false)
	root := p.list.root
	return func() tea.Msg {
		out := editLoadedMsg{it: it}
		st, err := os.Stat(it.path)
		switch {
		case err != nil:
			out.err = fmt.Errorf("read %s: %w", it.path, err)
		case st.Size() > maxEditBytes:
			out.err = fmt.Errorf("%s is %s, too large to edit here (SKILL.md may be %s): move long material into references/ with your editor, or delete the skill",
				displayPath(it.path, root), size(st.Size()), size(sk.MaxSkillBytes))
		default:
			var data []byte
			data, out.err = os.ReadFile(it.path)
			out.raw = strings.ReplaceAll(strings.ToValidUTF8(string(data), "\uFFFD"), "\r\n", "\n")
		}
		return Msg{out}
	}
}

func (p *Pane) handleEditLoaded(m editLoadedMsg) tea.Cmd {
	if m.err != nil {
		p.setNote(m.err.Error(), true)
		return nil
	}
	p.setNote("", false)
	return p.openEditor(m.it, m.raw, false)
}

func (p *Pane) openEditor(it item, text string, creating bool) tea.Cmd {
	e := &editState{it: it, name: it.name, creating: creating, original: text, ed: newEditor(p.th, text, p.width, p.editorHeight())}
	p.edit, p.mode = e, modeEdit
	return nil
}

func (e *editState) resize(w, h int) { e.ed.setSize(w, h) }

func (e *editState) update(msg tea.Msg) tea.Cmd {
	e.ed.update(msg)
	return nil
}

// modified reports whether there is something to save: a new skill, or
// text changed since it was loaded.
func (e *editState) modified() bool { return e.creating || e.ed.changed }

func (p *Pane) editKey(msg tea.KeyPressMsg) tea.Cmd {
	e := p.edit
	if e.saving {
		return nil
	}
	switch {
	case key.Matches(msg, p.keys.SkillPane.Save):
		return p.save()
	case key.Matches(msg, p.keys.SkillPane.Back):
		if !e.creating && e.ed.value() == e.original {
			p.back()
			return nil
		}
		p.ask = &question{text: "Discard your changes to " + e.name + "?", yes: func() tea.Cmd {
			p.back()
			p.setNote("changes discarded", false)
			return nil
		}}
		return nil
	}
	return e.update(msg)
}

// save checks and writes SKILL.md: the library parses the frontmatter
// first and refuses a save that would leave the skill unusable; the
// refusal is shown and the text stays in the editor.
func (p *Pane) save() tea.Cmd {
	e := p.edit
	e.saving, e.err = true, ""
	lib, name, creating, content := p.lib, e.name, e.creating, e.ed.value()
	return func() tea.Msg {
		var err error
		if creating {
			_, err = lib.Create(name, "", content)
		} else {
			_, err = lib.Edit(name, content)
		}
		return Msg{savedMsg{name: name, created: creating, content: content, err: err}}
	}
}

func (p *Pane) handleSaved(m savedMsg) tea.Cmd {
	e := p.edit
	if e != nil && e.name == m.name {
		e.saving = false
	}
	if m.err != nil {
		if e != nil && e.name == m.name {
			e.err = relError(m.err, p.list.root)
			var se *sk.Error
			if errors.As(m.err, &se) && se.Line > 0 {
				e.ed.gotoLine(se.Line)
			}
		} else {
			p.setNote(m.err.Error(), true)
		}
		return nil
	}
	verb := "saved "
	if m.created {
		verb = "created "
	}
	if e != nil && e.name == m.name {
		p.edit = nil
	}
	// Show the skill as saved.
	p.setNote(verb+m.name, false)
	p.mode, p.view, p.files, p.file = modeList, nil, nil, nil
	return tea.Batch(p.loadCatalog(m.name), p.open(item{name: m.name, path: p.list.root + "/" + m.name + "/" + sk.FileName, dir: p.list.root + "/" + m.name}))
}

// nameState asks a new skill's name.
type nameState struct {
	value string
	err   string
}

func (n *nameState) insert(s string) {
	n.value += strings.TrimSpace(strings.ReplaceAll(s, "\n", ""))
	n.err = ""
}

func (p *Pane) startName() {
	p.name = &nameState{}
	p.mode, p.note = modeName, ""
}

func (p *Pane) nameKey(msg tea.KeyPressMsg) tea.Cmd {
	n := p.name
	switch {
	case key.Matches(msg, p.keys.SkillPane.Back):
		p.back()
	case msg.Code == tea.KeyEnter:
		name := strings.TrimSpace(n.value)
		if err := sk.ValidName(name); err != nil {
			n.err = err.Error()
			return nil
		}
		for _, it := range p.list.items {
			if it.name == name {
				n.err = fmt.Sprintf("a skill named %q already exists (%s); pick another name", name, shortPath(it.dir))
				return nil
			}
		}
		p.name = nil
		it := item{name: name, dir: p.list.root + "/" + name, path: p.list.root + "/" + name + "/" + sk.FileName}
		return p.openEditor(it, sk.Template(name, ""), true)
	case msg.Code == tea.KeyBackspace:
		if r := []rune(n.value); len(r) > 0 {
			n.value = string(r[:len(r)-1])
		}
		n.err = ""
	case msg.Text != "":
		n.insert(msg.Text)
	}
	return nil
}

func (p *Pane) nameView() []string {
	th := p.th
	n := p.name
	out := []string{
		render.Paint(render.Open(th.Chat.Text), "Name of the new skill (lower-case letters, digits, . _ -, like git-workflow):"),
		"",
		render.Paint(render.Open(th.Chrome.Prompt), "❯ ") + n.value + render.Paint(render.Open(th.Chrome.Hint), "▏"),
		"",
	}
	if n.err != "" {
		out = append(out, render.Wrap("✗ "+n.err, render.Open(th.Chat.Error), p.width)...)
	}
	out = append(out, render.Paint(render.Open(th.Chat.Muted), "enter opens it in the editor, from the template · esc cancels"))
	return out
}

// editView draws the editor: the text fills the body; a refusal shows
// under it.
func (p *Pane) editView(h int) []string {
	e := p.edit
	var errLines []string
	if e.err != "" {
		errLines = render.Wrap("✗ save refused: "+e.err, render.Open(p.th.Chat.Error), p.width)
		errLines = errLines[:min(len(errLines), 3)]
	}
	if edH := max(h-len(errLines), 3); e.ed.height != edH || e.ed.width != p.width {
		e.ed.setSize(p.width, edH)
	}
	return append(strings.Split(e.ed.view(), "\n"), errLines...)
}
