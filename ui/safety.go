package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/ui/render"
)

// A setting config.yaml lowers without the person's confirmation runs at
// a safer value (config.Held). At start the UI asks about each one in a
// dialog whose answer must be deliberate: it opens on "keep", takes every
// key while open (typing meant for the input answers nothing), and
// allowing the lower value takes an arrow key and then Enter.

// safetyPrompt asks whether a held setting may take the value config.yaml
// asks for.
type safetyPrompt struct {
	held  config.Held
	allow bool // the highlighted answer; false (keep) when it opens
}

// safetyConfirmedMsg is the end of recording a confirmation.
type safetyConfirmedMsg struct {
	held config.Held
	err  error
}

// openSafetyPrompts queues a prompt for every held setting, the first on
// top. Without Options.ConfirmSafety (a herm the agent's terminal started)
// there are none: the chat's notice says how to confirm from a shell.
func (m *Model) openSafetyPrompts() {
	if m.opts.ConfirmSafety == nil {
		return
	}
	for i := len(m.opts.Held) - 1; i >= 0; i-- {
		m.overlays = append(m.overlays, &safetyPrompt{held: m.opts.Held[i]})
	}
}

func (p *safetyPrompt) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch msg.String() {
	case "left", "right", "up", "down", "tab", "shift+tab":
		p.allow = !p.allow
	case "esc":
		return true, m.flash(p.held.Key + " stays " + p.held.Running)
	case "enter":
		if !p.allow {
			return true, m.flash(p.held.Key + " stays " + p.held.Running)
		}
		return true, confirmSafety(m.ctx, m.opts.ConfirmSafety, p.held)
	}
	return false, nil
}

func (p *safetyPrompt) View(m *Model) string {
	c := m.theme.Chrome
	h := p.held
	body := render.Paint(render.Open(c.KeyDesc), "config.yaml sets "+h.Key+": "+h.Asked+" — "+h.Risk+".\n"+
		"The agent can write that file, so herm runs with "+h.Running+" until you confirm.") + "\n\n"
	keep, allow := "  keep "+h.Running, "  allow "+h.Asked
	if p.allow {
		allow = render.Paint(render.Open(c.MenuSelected), "› allow "+h.Asked)
	} else {
		keep = render.Paint(render.Open(c.MenuSelected), "› keep "+h.Running)
	}
	body += keep + "\n" + allow + "\n\n" + render.Paint(render.Open(c.KeyDesc), "↑/↓ choose · enter answer · esc keep")
	return m.dialog("Lower safety?", body, 72)
}

// confirmSafety records the person's confirmation off the UI's goroutine.
func confirmSafety(ctx context.Context, confirm func(context.Context, config.Held) error, h config.Held) tea.Cmd {
	return func() tea.Msg {
		return safetyConfirmedMsg{held: h, err: confirm(ctx, h)}
	}
}

// handleSafetyConfirmed applies a recorded confirmation: the approval mode
// at once, to this UI's sessions; the others when herm next starts (the
// sandbox and the gateway read them then).
func (m *Model) handleSafetyConfirmed(msg safetyConfirmedMsg) tea.Cmd {
	h := msg.held
	if msg.err != nil {
		m.chat.AddNotice("could not record your confirmation of "+h.Key+": "+m.opts.Redact(msg.err.Error()), true)
		return nil
	}
	if h.Key == "approvals.mode" {
		m.chat.AddNotice("confirmed "+h.Key+": "+h.Asked, false)
		return m.setMode(agent.ApprovalMode(h.Asked))
	}
	m.chat.AddNotice("confirmed "+h.Key+": "+h.Asked+"; it takes effect when herm next starts", false)
	return nil
}
