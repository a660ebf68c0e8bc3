package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/ui/panels"
	"github.com/herm-dev/herm/ui/render"
)

// usageMsg carries /usage's report, read from the store in a Cmd.
type usageMsg struct {
	report panels.Usage
	err    error
}

// usageCommand reads the session's record, messages and events and
// reports its tokens and cost, by model.
func (m *Model) usageCommand() tea.Cmd {
	if m.opts.Store == nil || m.info.ID == "" {
		return m.flash("no conversation yet: /usage reports on the current session")
	}
	st, ctx, id := m.opts.Store, m.ctx, m.info.ID
	prompt, window := m.status.lastPrompt, m.contextWindow()
	return func() tea.Msg {
		sess, err := st.Session(ctx, id)
		if err != nil {
			return usageMsg{err: fmt.Errorf("read the session: %w", err)}
		}
		msgs, err := st.Messages(ctx, id)
		if err != nil {
			return usageMsg{err: fmt.Errorf("read the session's messages: %w", err)}
		}
		events, err := st.Events(ctx, id)
		if err != nil {
			return usageMsg{err: fmt.Errorf("read the session's events: %w", err)}
		}
		lineage, err := st.Lineage(ctx, id)
		if err != nil {
			return usageMsg{err: fmt.Errorf("read the session's lineage: %w", err)}
		}
		r := panels.ComputeUsage(*sess, msgs, events, agent.CostOf)
		r.Earlier = panels.Continued(lineage, id)
		r.Prompt, r.Window, r.PricesAsOf = prompt, window, llm.PricesAsOf
		return usageMsg{report: r}
	}
}

func (m *Model) handleUsage(msg usageMsg) tea.Cmd {
	if msg.err != nil {
		m.chat.AddNotice("/usage: "+m.opts.Redact(msg.err.Error()), true)
		return nil
	}
	m.overlays = append(m.overlays, &usageOverlay{report: msg.report})
	return nil
}

// usageOverlay shows /usage's report until a key closes it.
type usageOverlay struct{ report panels.Usage }

func (u *usageOverlay) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc", "enter", "q", "space":
		return true, nil
	}
	return false, nil
}

func (u *usageOverlay) View(m *Model) string {
	width := min(96, m.width-6)
	body := u.report.View(m.theme, width)
	lines := strings.Split(body, "\n")
	if max(m.height-6, 3) < len(lines) {
		lines = lines[:max(m.height-6, 3)]
	}
	foot := render.Paint(render.Open(m.theme.Chrome.Hint), "esc close")
	return m.dialog("Usage", strings.Join(lines, "\n")+"\n\n"+foot, width+4)
}
