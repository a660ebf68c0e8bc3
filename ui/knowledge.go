package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/skills"
	memorypane "github.com/herm-dev/herm/ui/memory"
	"github.com/herm-dev/herm/ui/render"
	skillspane "github.com/herm-dev/herm/ui/skills"
)

// The memory viewer (alt+4, /memory) and the skill editor (alt+3,
// /skills) are full-screen panes drawn as overlays: they take every key
// while open and leave the status line in sight. Their reads and writes
// come back as memorypane.Msg and skillspane.Msg, routed here. Every
// installed skill is also a command, /skill-name [request], completed in
// the input and run as a turn whose message is the skill's instructions.

// knowledgePane is what the two panes share.
type knowledgePane interface {
	Update(tea.Msg) tea.Cmd
	View() string
	SetSize(w, h int) tea.Cmd
	Closed() bool
	Typing() bool // keys are text (an editor or a search field has them)
	Reload() tea.Cmd
	Unsaved() bool // text is being written that switching panes would lose
}

// paneOverlay shows a knowledge pane over the screen.
type paneOverlay struct {
	pane knowledgePane
}

func (o *paneOverlay) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.keys
	leaving := key.Matches(msg, k.Chat) || key.Matches(msg, k.Memory) || key.Matches(msg, k.Skills)
	if leaving && o.pane.Unsaved() {
		return false, m.flash("unsaved changes: save them first, or esc to discard")
	}
	switch {
	case key.Matches(msg, k.Chat):
		return true, nil
	case key.Matches(msg, k.Memory):
		if _, ok := o.pane.(*memorypane.Pane); !ok {
			return true, m.openMemory()
		}
		return false, nil
	case key.Matches(msg, k.Skills):
		if _, ok := o.pane.(*skillspane.Pane); !ok {
			return true, m.openSkills()
		}
		return false, nil
	case key.Matches(msg, k.Help) || msg.String() == "?" && !o.pane.Typing():
		m.openHelp()
		return false, nil
	case key.Matches(msg, k.Palette):
		m.openPalette()
		return false, nil
	}
	cmd := o.pane.Update(msg)
	return o.pane.Closed(), cmd
}

// View draws the pane over everything but the status line. While a
// command waits for approval (the prompt is under the pane) the pane's
// last line says so.
func (o *paneOverlay) View(m *Model) string {
	m.restylePane(o.pane)
	o.pane.SetSize(m.width, max(m.height-1, 1))
	v := o.pane.View()
	if m.approval != nil && m.approval.Pending() {
		if i := strings.LastIndexByte(v, '\n'); i >= 0 {
			banner := render.Paint(render.Open(m.theme.Chrome.StatusWarn), "⚠ a command is waiting for your approval — "+m.keys.Chat.Help().Key+" returns to the chat")
			v = v[:i+1] + render.Truncate(banner, m.width, "…")
		}
	}
	return v
}

// afterTurn refreshes what a turn may have changed: the skills (the
// model can write them) and the open knowledge pane.
func (m *Model) afterTurn() tea.Cmd {
	cmds := []tea.Cmd{m.refreshSkillCommands()}
	for _, o := range m.overlays {
		if po, ok := o.(*paneOverlay); ok {
			cmds = append(cmds, po.pane.Reload())
		}
	}
	return tea.Batch(cmds...)
}

// resizePanes sizes the open knowledge panes for the window.
func (m *Model) resizePanes() tea.Cmd {
	var cmds []tea.Cmd
	for _, o := range m.overlays {
		if po, ok := o.(*paneOverlay); ok {
			cmds = append(cmds, po.pane.SetSize(m.width, max(m.height-1, 1)))
		}
	}
	return tea.Batch(cmds...)
}

// paste gives a paste to the pane (its editor or search field).
func (o *paneOverlay) paste(msg tea.PasteMsg) tea.Cmd { return o.pane.Update(msg) }

func (m *Model) restylePane(p knowledgePane) {
	switch p := p.(type) {
	case *memorypane.Pane:
		p.SetTheme(m.theme)
	case *skillspane.Pane:
		p.SetRenderer(m.r)
	}
}

// knowledgeReady says why the panes cannot open yet ("" when they can).
func (m *Model) knowledgeReady() string {
	switch {
	case m.opts.Agent == nil:
		return "memory and skills open once a model is configured"
	}
	return ""
}

// openMemory opens the memory viewer, comparing the files with the
// current session's prompt.
func (m *Model) openMemory() tea.Cmd {
	if m.connecting {
		return m.openWhenConnected("memory", m.openMemory)
	}
	if why := m.knowledgeReady(); why != "" {
		return m.flash(why)
	}
	store := m.opts.Agent.Prompt.Memory
	if store == nil {
		return m.flash("memory is not enabled in this configuration")
	}
	system := ""
	if m.sess != nil {
		system = m.sess.SystemPrompt()
	}
	return m.showPane(memorypane.New(m.ctx, store, system, m.theme, m.keys))
}

// openSkills opens the skill editor.
func (m *Model) openSkills() tea.Cmd {
	if m.connecting {
		return m.openWhenConnected("skills", m.openSkills)
	}
	if why := m.knowledgeReady(); why != "" {
		return m.flash(why)
	}
	lib := m.opts.Agent.Prompt.Skills
	if lib == nil {
		return m.flash("skills are not enabled in this configuration")
	}
	return m.showPane(skillspane.New(m.ctx, lib, m.r, m.keys))
}

// showPane puts p on top, in place of a knowledge pane already open.
func (m *Model) showPane(p interface {
	knowledgePane
	Init() tea.Cmd
}) tea.Cmd {
	for i := len(m.overlays) - 1; i >= 0; i-- {
		if _, ok := m.overlays[i].(*paneOverlay); ok {
			m.overlays = append(m.overlays[:i], m.overlays[i+1:]...)
		}
	}
	m.input.CloseMenu()
	p.SetSize(m.width, max(m.height-1, 1))
	m.overlays = append(m.overlays, &paneOverlay{pane: p})
	return p.Init()
}

// routeKnowledge hands a pane's message to it (if it is still open); a
// change to the skills refreshes the /skill-name commands.
func (m *Model) routeKnowledge(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	if sc, ok := msg.(skillCommandsMsg); ok {
		m.input.SetExtraCommands(sc.list)
		return nil
	}
	for _, o := range m.overlays {
		po, ok := o.(*paneOverlay)
		if !ok {
			continue
		}
		_, isMem := po.pane.(*memorypane.Pane)
		if _, forMem := msg.(memorypane.Msg); forMem == isMem {
			cmds = append(cmds, po.pane.Update(msg))
		}
	}
	if sm, ok := msg.(skillspane.Msg); ok && sm.Changed() {
		cmds = append(cmds, m.refreshSkillCommands())
	}
	return tea.Batch(cmds...)
}

// pasteToOverlay gives a paste to the top overlay when it takes text.
func (m *Model) pasteToOverlay(msg tea.PasteMsg) tea.Cmd {
	if po, ok := m.overlays[len(m.overlays)-1].(*paneOverlay); ok {
		return po.paste(msg)
	}
	return nil
}

// skillCommandsMsg carries the installed skills as commands.
type skillCommandsMsg struct{ list []commands.Command }

// refreshSkillCommands lists the skills for /skill-name (a directory scan
// the library caches) in a Cmd.
func (m *Model) refreshSkillCommands() tea.Cmd {
	if m.opts.Agent == nil || m.opts.Agent.Prompt.Skills == nil {
		return nil
	}
	lib := m.opts.Agent.Prompt.Skills
	return func() tea.Msg {
		taken := map[string]bool{}
		for _, n := range commands.Names(commands.TUI) {
			taken[n] = true
		}
		c := lib.Catalog()
		list := make([]commands.Command, 0, len(c.Skills))
		for _, s := range c.Skills {
			// A skill cannot shadow a command, and /NAME must parse as
			// one (a letter first).
			if taken[s.Name] || s.Name[0] < 'a' || s.Name[0] > 'z' {
				continue
			}
			list = append(list, commands.Command{Name: s.Name, Args: "[REQUEST]", Description: "skill · " + text.OneLine(s.Description)})
		}
		return skillCommandsMsg{list: list}
	}
}

// runSkill runs /name [request]: the skill's instructions, then the
// request, go to the model as the next turn's message.
func (m *Model) runSkill(name, request string) tea.Cmd {
	if m.opts.Agent == nil || m.opts.Agent.Prompt.Skills == nil {
		return m.flash("unknown command /" + name + " — /help lists them")
	}
	lib := m.opts.Agent.Prompt.Skills
	return func() tea.Msg {
		s, err := lib.Get(name)
		if err != nil {
			return commandResultMsg{name: name, err: err}
		}
		return sendMsg{text: skills.Invocation(s, request)}
	}
}
