package ui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/attach"
	"github.com/herm-dev/herm/ui/chat"
	"github.com/herm-dev/herm/ui/input"
	"github.com/herm-dev/herm/ui/render"
	"github.com/herm-dev/herm/ui/sessions"
)

// /rewind goes back to an earlier message of the person's: a picker lists
// their messages with the files a rewind to each would restore; choosing
// one restores those files from the snapshots the agent took before
// changing them, deletes the message and everything after it, and puts
// the message back in the input to edit and send again. It says which
// files it restored and what it cannot undo (terminal commands…).
//
// /branch uses the same picker to fork the session after the exchange of
// the chosen message (store.Fork) and opens the fork; the original is
// left as it was.

// rewindPointsMsg carries the messages a picker lists.
type rewindPointsMsg struct {
	branch bool
	points []agent.RewindPoint
	err    error
}

// rewoundMsg is what a rewind did, with the chat's new last page.
type rewoundMsg struct {
	r         agent.Rewound
	err       error // the rewind failed (files may have been restored)
	msgs      []store.Message
	approvals []chat.Approval
	hasOlder  bool
	loadErr   error // the rewind worked; the transcript could not be read
}

func (rewindPointsMsg) draftMsg() {}
func (rewoundMsg) draftMsg()      {}

// rewindCommand opens the picker of /rewind (branch false) or /branch.
func (m *Model) rewindCommand(branch bool) tea.Cmd {
	name := "/rewind"
	if branch {
		name = "/branch"
	}
	switch {
	case m.opts.Agent == nil || m.sess == nil:
		return m.flash("there is no conversation to " + name[1:] + " yet")
	case m.busy():
		return m.flash("a turn is running — esc stops it first")
	}
	sess, ctx := m.sess, m.ctx
	return func() tea.Msg {
		points, err := sess.RewindPoints(ctx)
		return rewindPointsMsg{branch: branch, points: points, err: err}
	}
}

func (m *Model) handleRewindPoints(msg rewindPointsMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		m.chat.AddNotice("could not list your messages: "+m.opts.Redact(msg.err.Error()), true)
		return nil
	case len(msg.points) == 0:
		return m.flash("there is no message of yours to go back to yet")
	}
	m.overlays = append(m.overlays, &rewindOverlay{branch: msg.branch, points: msg.points, sel: len(msg.points) - 1})
	return nil
}

// rewindOverlay is the picker of /rewind and /branch.
type rewindOverlay struct {
	branch bool
	points []agent.RewindPoint
	sel    int
}

func (o *rewindOverlay) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	k := m.keys.Picker
	switch {
	case key.Matches(msg, k.Back):
		return true, nil
	case key.Matches(msg, k.Up):
		o.sel = max(o.sel-1, 0)
	case key.Matches(msg, k.Down):
		o.sel = min(o.sel+1, len(o.points)-1)
	case key.Matches(msg, k.Choose):
		if m.busy() {
			return true, m.flash("a turn is running — esc stops it first")
		}
		if o.branch {
			return true, m.branchAt(o.points, o.sel)
		}
		return true, m.rewindTo(o.points[o.sel])
	}
	return false, nil
}

func (o *rewindOverlay) View(m *Model) string {
	c := m.theme.Chrome
	item, sel, hint, warn := render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.Hint), render.Open(c.StatusWarn)
	width := max(min(88, m.width-6), 20)
	detail := o.detail(m, width)
	rows := max(m.height-2*len(detail)-10, 3)
	first := max(0, o.sel-rows+1)
	var lines []string
	for i := first; i < len(o.points) && i < first+rows; i++ {
		p := o.points[i]
		typed, _ := attach.Split(p.Text)
		right := ""
		if n := len(p.Files); n > 0 && !o.branch {
			right = "  " + text.Plural(n, "file")
		}
		row := fmt.Sprintf("%d. %s", i+1, messageLine(typed, 0))
		row = render.Truncate(row, width-2-render.Width(right), "…")
		row += strings.Repeat(" ", max(width-2-render.Width(row)-render.Width(right), 0)) + right
		if i == o.sel {
			lines = append(lines, render.Paint(sel, "▸ "+row))
		} else {
			lines = append(lines, render.Paint(item, "  "+row))
		}
	}
	lines = append(lines, "")
	for _, d := range detail {
		ink := hint
		if strings.HasPrefix(d, "!") {
			ink, d = warn, d[1:]
		}
		lines = append(lines, render.Wrap(d, ink, width)...)
	}
	k := m.keys.Picker
	lines = append(lines, "", render.Paint(hint, helpLine(width, k.Up, k.Down, k.Choose, k.Back)))
	title := "Rewind to a message of yours"
	if o.branch {
		title = "Branch the session after a message"
	}
	return m.dialog(title, strings.Join(lines, "\n"), width+4)
}

// detail says what choosing the selected message does; lines starting
// with ! are warnings.
func (o *rewindOverlay) detail(m *Model, width int) []string {
	p := o.points[o.sel]
	if o.branch {
		return []string{"enter: a new session with the conversation up to this exchange opens; this one stays as it is"}
	}
	out := []string{"enter: this message and everything after it are taken back; it returns to the input"}
	switch n := len(p.Files); {
	case n == 0:
		out = append(out, "no file the agent wrote since needs restoring")
	default:
		names := make([]string, 0, 4)
		for _, f := range p.Files[:min(n, 4)] {
			names = append(names, m.relPath(f))
		}
		more := ""
		if n > 4 {
			more = fmt.Sprintf(" and %d more", n-4)
		}
		out = append(out, "restores "+strings.Join(names, ", ")+more)
	}
	out = append(out, "!commands run in the terminal since are not undone")
	return out
}

// relPath shows a path relative to the working directory when inside it.
func (m *Model) relPath(p string) string {
	if rel, err := filepath.Rel(m.opts.Cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// rewindTo rewinds the session to p and reads the chat's new last page.
func (m *Model) rewindTo(p agent.RewindPoint) tea.Cmd {
	sess, ctx, st, id := m.sess, m.ctx, m.opts.Store, m.info.ID
	return func() tea.Msg {
		r, err := sess.RewindTo(ctx, p.ID)
		if err != nil {
			return rewoundMsg{r: r, err: err}
		}
		msgs, hasOlder, err := loadPage(ctx, st, id, 0)
		return rewoundMsg{r: r, msgs: msgs, approvals: approvals(ctx, st, id), hasOlder: hasOlder, loadErr: err}
	}
}

func (m *Model) handleRewound(msg rewoundMsg) tea.Cmd {
	r := msg.r
	if msg.err != nil {
		text := "/rewind: " + m.opts.Redact(msg.err.Error())
		if len(r.Restored)+len(r.Removed)+len(r.Failed) > 0 {
			text += " — " + rewoundText(m, r)
		}
		m.chat.AddNotice(text, true)
		return nil
	}
	if msg.loadErr != nil {
		m.chat.Reset()
		m.chat.AddNotice("could not read the conversation again: "+m.opts.Redact(msg.loadErr.Error()), true)
	} else {
		m.chat.SetApprovals(msg.approvals)
		m.chat.Load(msg.msgs, msg.hasOlder)
	}
	text, _ := attach.Split(r.Input.Text)
	if m.input.Value() != "" {
		m.input.ToggleStash() // the draft is kept, not replaced
	}
	m.input.SetValue(text)
	for i, img := range r.Input.Images {
		m.input.AddImage(input.Image{Name: "image-" + strconv.Itoa(i+1), MediaType: img.MediaType, Data: img.Data})
	}
	m.layout()
	m.chat.AddNotice(rewoundText(m, r), len(r.Failed) > 0)
	return m.flashFor("rewound — your message is back in the input", 5*time.Second)
}

// rewoundText is the notice saying what a rewind did.
func rewoundText(m *Model, r agent.Rewound) string {
	rel := func(ps []string) string {
		out := make([]string, len(ps))
		for i, p := range ps {
			out[i] = m.relPath(p)
		}
		return strings.Join(out, ", ")
	}
	parts := []string{"rewound"}
	if len(r.Restored) > 0 {
		parts = append(parts, "restored "+rel(r.Restored))
	}
	if len(r.Removed) > 0 {
		parts = append(parts, "removed "+rel(r.Removed)+" (created since)")
	}
	if len(r.Restored)+len(r.Removed) == 0 {
		parts = append(parts, "no files to restore")
	}
	if len(r.Failed) > 0 {
		parts = append(parts, "could not restore "+strings.Join(r.Failed, "; "))
	}
	if len(r.NotUndone) > 0 {
		parts = append(parts, "not undone: "+strings.Join(r.NotUndone, ", ")+" (their effects stay)")
	}
	return strings.Join(parts, " · ")
}

// branchAt forks the session after the exchange of points[i] (up to the
// next message of the person's) and opens the fork.
func (m *Model) branchAt(points []agent.RewindPoint, i int) tea.Cmd {
	st, ctx, id := m.opts.Store, m.ctx, m.info.ID
	through := int64(0) // the last message: all of it
	if i+1 < len(points) {
		through = points[i+1].ID - 1
	}
	n := i + 1
	return func() tea.Msg {
		child, err := st.Fork(ctx, id, through, store.ForkOptions{Source: "tui"})
		if err != nil {
			return commandResultMsg{name: "branch", err: err}
		}
		return sessions.OpenMsg{SessionID: child.ID, Note: fmt.Sprintf("branched after your message %d — this is the new session; /sessions lists the original", n)}
	}
}
