package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/seal"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/render"
)

// permissionsPane is /permissions: the grants "always" answers saved (each
// lets commands with its finding, or one exact command, run without
// asking in every session), and the permission mode in force. x revokes
// the grant chosen: its commands ask again. The store is read and written
// in commands; the pane only shows what they bring back (permissionsMsg).
type permissionsPane struct {
	grants  []store.Grant
	sel     int
	loading bool
	err     string
}

// permissionsMsg is the store's grants, read after opening the pane or
// revoking one (revoked is then the grant taken away, err why it was not).
type permissionsMsg struct {
	grants  []store.Grant
	revoked *store.Grant
	err     error
}

// openPermissions shows the pane and reads the grants.
func (m *Model) openPermissions() tea.Cmd {
	if m.connecting {
		return m.openWhenConnected("permissions", m.openPermissions)
	}
	if m.opts.Store == nil {
		return m.flash("no grants to show: herm has no session store yet")
	}
	m.overlays = append(m.overlays, &permissionsPane{loading: true})
	st, ctx, key := m.opts.Store, m.ctx, m.grantKey()
	return func() tea.Msg {
		g, err := st.Grants(ctx, key)
		return permissionsMsg{grants: g, err: err}
	}
}

// grantKey is the key the agent verifies grants with: without it every
// stored grant shows as not honoured, which is what the agent would do.
func (m *Model) grantKey() *seal.Key {
	if m.opts.Agent == nil {
		return nil
	}
	return m.opts.Agent.Key
}

// revokeGrant takes g away and reads the grants again.
func (m *Model) revokeGrant(g store.Grant) tea.Cmd {
	st, ctx, key := m.opts.Store, m.ctx, m.grantKey()
	return func() tea.Msg {
		if err := st.RevokeGrant(ctx, g.ID); err != nil {
			gs, _ := st.Grants(ctx, key)
			return permissionsMsg{grants: gs, err: fmt.Errorf("could not revoke the grant for %s: %w", g.FindingID, err)}
		}
		gs, err := st.Grants(ctx, key)
		return permissionsMsg{grants: gs, revoked: &g, err: err}
	}
}

// handlePermissions shows what the store brought back in the pane, if it
// is still open, and says what a revoke did.
func (m *Model) handlePermissions(msg permissionsMsg) tea.Cmd {
	var pane *permissionsPane
	for _, o := range m.overlays {
		if p, ok := o.(*permissionsPane); ok {
			pane = p
		}
	}
	if pane != nil {
		pane.loading, pane.err = false, ""
		pane.grants = msg.grants
		pane.sel = min(pane.sel, max(len(pane.grants)-1, 0))
		if msg.err != nil {
			pane.err = m.opts.Redact(msg.err.Error())
		}
	}
	if g := msg.revoked; g != nil {
		return m.flash("revoked: " + grantWhat(*g) + " asks again")
	}
	return nil
}

// grantWhat words what a grant lets run: "recursive-delete (any command)".
func grantWhat(g store.Grant) string {
	if g.Command == "" {
		return g.FindingID + " (any command)"
	}
	return g.FindingID + " for “" + text.OneLine(g.Command) + "”"
}

func (p *permissionsPane) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.keys.Permissions
	switch {
	case key.Matches(msg, k.Back):
		return true, nil
	case key.Matches(msg, k.Up):
		p.sel = max(p.sel-1, 0)
	case key.Matches(msg, k.Down):
		p.sel = min(p.sel+1, max(len(p.grants)-1, 0))
	case key.Matches(msg, k.Revoke):
		if p.loading || len(p.grants) == 0 {
			return false, nil
		}
		p.loading = true
		return false, m.revokeGrant(p.grants[p.sel])
	}
	return false, nil
}

func (p *permissionsPane) View(m *Model) string {
	c := m.theme.Chrome
	hint, item, sel, desc, warn := render.Open(c.Hint), render.Open(c.MenuItem), render.Open(c.MenuSelected),
		render.Open(c.MenuDesc), render.Open(c.StatusWarn)
	width := min(84, m.width-6)
	k := m.keys.Permissions
	name, what, _ := strings.Cut(modeText(m.approvalMode()), ": ")
	lines := render.Wrap("mode "+name+" — "+what, render.Open(c.KeyDesc), width)
	lines = append(lines, render.Wrap("("+m.keys.Mode.Help().Key+" cycles the mode; /yolo toggles yolo)", hint, width)...)
	lines = append(lines, "")
	switch {
	case p.loading && len(p.grants) == 0:
		lines = append(lines, render.Paint(hint, "reading the grants…"))
	case len(p.grants) == 0:
		lines = append(lines, render.Paint(hint, "No saved grants: every ask-level command and sensitive write asks."),
			render.Paint(hint, "“Always” in the approval prompt saves one."))
	default:
		lines = append(lines, render.Wrap("Saved grants — what they cover runs without asking, in every session:", hint, width)...)
		idW := 0
		for _, g := range p.grants {
			idW = max(idW, render.Width(g.FindingID))
		}
		idW = min(idW, width/3)
		rows := max(m.height-16, 3)
		first := max(p.sel-rows+1, 0)
		for i := first; i < len(p.grants) && i < first+rows; i++ {
			g := p.grants[i]
			when := g.CreatedAt.In(m.now().Location()).Format("2006-01-02 15:04")
			what := "any command"
			if g.Command != "" {
				what = "only: " + text.OneLine(g.Command)
			}
			if g.State != store.GrantSigned {
				what = "(" + g.State.String() + ") " + what
			}
			id := render.Truncate(g.FindingID, idW, "…")
			id += strings.Repeat(" ", idW-render.Width(id))
			room := max(width-2-idW-2-render.Width(when)-2, 8)
			what = render.Truncate(what, room, "…")
			gap := strings.Repeat(" ", max(width-2-idW-2-render.Width(what)-render.Width(when), 2))
			if i == p.sel {
				lines = append(lines, render.Paint(sel, "▸ "+id+"  "+what+gap+when))
				continue
			}
			lines = append(lines, render.Paint(item, "  "+id+"  "+what)+render.Paint(desc, gap+when))
		}
	}
	if p.err != "" {
		lines = append(lines, "", render.Paint(warn, render.Truncate(p.err, width, "…")))
	}
	first := func(b key.Binding) string { return strings.Fields(b.Help().Key)[0] }
	foot := first(k.Up) + first(k.Down) + " choose · " + first(k.Revoke) + " revoke (it asks again) · " + first(k.Back) + " close"
	lines = append(lines, "", render.Paint(hint, render.Truncate(foot, width, "…")))
	return m.dialog("Permissions", strings.Join(lines, "\n"), width+4)
}
