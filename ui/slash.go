package ui

import (
	"context"
	"errors"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/attach"
	"github.com/herm-dev/herm/ui/input"
)

// commandResultMsg is the outcome of a slash command that ran in a Cmd.
type commandResultMsg struct {
	name string
	text string      // /undo, /retry: the message taken back; /title, /model: the new value
	in   agent.Input // /undo, /retry: the message taken back with its images
	err  error
}

// command runs a slash command typed in the input. The table of commands
// is agent/commands (shared with the gateway); each is handled here.
func (m *Model) command(name, args string) tea.Cmd {
	c, ok := commands.Find(commands.TUI, name)
	if !ok {
		if _, skill := m.input.ExtraCommand(name); skill {
			return m.runSkill(name, args)
		}
		return m.flash("unknown command /" + name + " — /help lists them")
	}
	switch c.Name {
	case "help":
		m.openHelp()
	case "quit":
		m.interrupt()
		return tea.Quit
	case "clear":
		m.chat.Reset()
		return m.flash("screen cleared — the conversation continues (/new starts a new one)")
	case "new":
		if m.busy() {
			return m.flash("a turn is running — esc stops it first")
		}
		m.newSession()
		return m.flash("new session — it starts with your next message")
	case "memory":
		return m.openMemory()
	case "skills":
		return m.openSkills()
	case "yolo":
		return m.toggleYolo()
	case "permissions":
		return m.openPermissions()
	case "model":
		if strings.TrimSpace(args) == "" && m.opts.Agent != nil {
			return m.openModelPicker() // the switcher (pickers.go)
		}
		return m.modelCommand(args)
	case "theme":
		return m.themeCommand(args)
	case "usage":
		return m.usageCommand()
	case "vim":
		return m.toggleVim()
	case "title":
		return m.titleCommand(args)
	case "sessions":
		return m.openSessions(args)
	case "find":
		return m.openFind(strings.TrimSpace(args))
	case "export":
		return m.exportCommand(args)
	case "busy":
		return m.busyCommand(args)
	case "rewind", "branch":
		return m.rewindCommand(c.Name == "branch")
	case "undo", "retry", "compress":
		if m.opts.Agent == nil || m.sess == nil {
			return m.flash("there is no conversation to /" + c.Name + " yet")
		}
		if m.busy() {
			return m.flash("a turn is running — esc stops it first")
		}
		if c.Name == "compress" {
			return m.compress()
		}
		sess, ctx := m.sess, m.ctx
		return func() tea.Msg {
			in, err := sess.RewindLastInput(ctx)
			return commandResultMsg{name: c.Name, text: in.Text, in: in, err: err}
		}
	}
	return nil
}

func (m *Model) busy() bool { return m.run != nil || m.opening }

func (m *Model) modelCommand(name string) tea.Cmd {
	if m.connecting {
		return m.flash("herm is still starting — try again in a moment")
	}
	if m.opts.Agent == nil {
		return m.flash("no model is configured yet")
	}
	if name == "" {
		p := m.opts.Provider
		if p == "" {
			p = m.opts.Agent.Provider.Name()
		}
		m.chat.AddNotice("model: "+m.info.Model+" ("+p+") — /model NAME switches for this session", false)
		return nil
	}
	if m.sess == nil {
		m.info.Model = name
		return m.flash("model " + name + " — used from your next message")
	}
	sess, ctx := m.sess, m.ctx
	return func() tea.Msg {
		return commandResultMsg{name: "model", text: name, err: sess.SetModel(ctx, name)}
	}
}

func (m *Model) titleCommand(title string) tea.Cmd {
	title = strings.TrimSpace(title)
	if title == "" {
		return m.flash("usage: /title TEXT")
	}
	if m.sess == nil {
		m.info.Title = title
		return m.flash("title set — the session starts with your next message")
	}
	st, ctx, id := m.opts.Store, m.ctx, m.info.ID
	return func() tea.Msg {
		return commandResultMsg{name: "title", text: title, err: st.UpdateSession(ctx, id, store.SessionUpdate{Title: &title})}
	}
}

// compress runs /compress like a turn: its events (Compressed, retries)
// show in the chat, and Esc cancels it.
func (m *Model) compress() tea.Cmd {
	sess := m.sess
	m.chat.AddNotice("compressing the conversation…", false)
	return m.begin(func(ctx context.Context, emit func(agent.Event)) {
		if err := sess.Compress(ctx, emit); err != nil {
			msg := err.Error()
			if errors.Is(err, agent.ErrNothingToCompress) {
				msg = "nothing to compress yet: the conversation is short"
			} else if ctx.Err() != nil {
				msg = "compression interrupted"
			}
			emit(agent.Notice{Text: msg})
		}
	})
}

func (m *Model) handleCommandResult(msg commandResultMsg) tea.Cmd {
	if msg.err != nil {
		text := m.opts.Redact(msg.err.Error())
		if errors.Is(msg.err, agent.ErrNothingToRewind) {
			return m.flash(text)
		}
		m.chat.AddNotice("/"+msg.name+": "+text, true)
		return nil
	}
	switch msg.name {
	case "model":
		m.info.Model = msg.text
		return m.flash("model " + msg.text + " for this session")
	case "title":
		m.info.Title = msg.text
		return m.flash("session titled “" + msg.text + "”")
	case "undo":
		m.chat.TruncateLastTurn()
		text, _ := attach.Split(msg.text) // the @paths are still in the text
		m.input.SetValue(text)
		for i, img := range msg.in.Images {
			m.input.AddImage(input.Image{Name: "image-" + strconv.Itoa(i+1), MediaType: img.MediaType, Data: img.Data})
		}
		m.layout()
		return m.flash("your last message is back in the editor")
	case "retry":
		m.chat.TruncateLastTurn()
		if msg.in.Text == "" && len(msg.in.Images) == 0 {
			return m.startTurn(msg.text)
		}
		return m.startInput(msg.in)
	}
	return nil
}
