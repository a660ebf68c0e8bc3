package approval

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/render"
)

// Limits of what the prompt shows; the editor (e) shows a command whole.
const (
	maxCommandRows = 10
	maxFindings    = 5
	// maxWidth keeps the box readable on wide terminals.
	maxWidth = 110
)

// frame is the width the box's border and padding take.
const frame = 4

// View draws the prompt width cells wide and at most about maxRows
// high (the command is cut to fit), or "" when nothing waits. Its height
// changes only when the queue, the request shown or the editor does, not
// with the grace period or the focus.
func (p *Prompt) View(width, maxRows int) string {
	if len(p.queue) == 0 || width < 20 {
		return ""
	}
	it := p.queue[0]
	// Frames between changes (the spinner ticks ten times a second) reuse
	// the last drawing; the time left changes it once a second.
	key := frameKey{item: it, version: it.version, width: width, maxRows: maxRows, gen: p.gen, n: len(p.queue),
		focused: p.focused, grace: p.InGrace(), left: p.secondsLeft(it)}
	if !p.editing && p.frame.key == key {
		return p.frame.out
	}
	out := p.draw(it, width, maxRows)
	if !p.editing {
		p.frame.key, p.frame.out = key, out
	}
	return out
}

// frameKey is everything a drawing of the prompt depends on, the editor
// aside (it is never cached).
type frameKey struct {
	item                *item
	version, width, gen int
	maxRows, n, left    int
	focused, grace      bool
}

// secondsLeft is the whole seconds until the request's deadline (-1 when
// it has none).
func (p *Prompt) secondsLeft(it *item) int {
	d := it.ev.Request.Deadline
	if d.IsZero() {
		return -1
	}
	return max(int((d.Sub(p.now())+time.Second-1)/time.Second), 0)
}

func (p *Prompt) draw(it *item, width, maxRows int) string {
	th := p.r.Theme()
	c := th.Chrome
	width = min(width, maxWidth)
	inner := width - frame
	hint, warn := render.Open(c.Hint), render.Open(c.StatusWarn)

	var tail []string
	if !p.editing && it.edited != "" {
		tail = append(tail, render.Paint(hint, render.Truncate("  edited from: "+text.FirstLine(it.ev.Request.Command), inner, "…")))
	}
	tail = append(tail, p.findings(it, inner)...)
	where := "in " + it.ev.Request.Cwd
	if b := it.ev.Request.Backend; b != "" {
		where += " · " + b
	}
	tail = append(tail, render.Paint(hint, render.Truncate(where, inner, "…")))
	foot := p.footer(it, inner)
	switch {
	case !p.focused:
		foot = padLines([]string{render.Paint(hint, render.Truncate("reading the chat — "+p.keys.ApproveFocus.Help().Key+
			" or esc returns to this prompt", inner, "…"))}, len(foot))
	case p.InGrace():
		foot = padLines([]string{render.Paint(warn, "wait") + render.Paint(hint, " — keys typed just now are ignored")}, len(foot))
	}
	tail = append(tail, foot...)

	lines := []string{p.header(it, inner)}
	if p.editing {
		p.ta.SetWidth(inner)
		lines = append(lines, strings.Split(p.ta.View(), "\n")...)
	} else {
		budget := min(max(maxRows-2-len(lines)-len(tail)-1, 2), maxCommandRows)
		cv := p.commandView(it, inner, budget)
		lines = append(lines, cv.rows...)
		if cv.more > 0 {
			lines = append(lines, render.Paint(hint, fmt.Sprintf("  … %d more rows (e shows the whole command)", cv.more)))
		}
	}
	lines = append(lines, tail...)
	return c.Dialog.Width(width).Render(strings.Join(lines, "\n"))
}

// Height is how many rows View takes.
func (p *Prompt) Height(width, maxRows int) int {
	v := p.View(width, maxRows)
	if v == "" {
		return 0
	}
	return strings.Count(v, "\n") + 1
}

// padLines pads lines with empty ones to n.
func padLines(lines []string, n int) []string {
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}

// Cursor is where the terminal cursor goes while the editor is open,
// relative to the prompt's top-left corner; nil otherwise.
func (p *Prompt) Cursor() *tea.Cursor {
	if !p.editing || !p.focused {
		return nil
	}
	cur := p.ta.Cursor()
	if cur == nil {
		return nil
	}
	cur.X += frame / 2
	cur.Y += 2 // the border and the header
	return cur
}

func (p *Prompt) header(it *item, inner int) string {
	c := p.r.Theme().Chrome
	title := "Run this command?"
	switch {
	case p.editing:
		title = "Edit the command (enter checks it)"
	case !it.editable():
		title = "Allow this file write?"
	case it.edited != "":
		title = "Run the edited command?"
	}
	left := render.Paint(render.Open(c.DialogTitle), title)
	var right []string
	if n := len(p.queue); n > 1 {
		right = append(right, fmt.Sprintf("1 of %d", n))
	}
	ink := render.Open(c.Hint)
	if left := p.secondsLeft(it); left >= 0 {
		if left < 10 {
			ink = render.Open(c.StatusWarn)
		}
		right = append(right, fmt.Sprintf("%ds left", left))
	}
	r := render.Paint(ink, strings.Join(right, " · "))
	gap := inner - render.Width(left) - render.Width(r)
	if gap < 1 {
		return render.Truncate(left, inner, "…")
	}
	return left + strings.Repeat(" ", gap) + r
}

// commandView draws the command shown, cached by size and theme.
func (p *Prompt) commandView(it *item, inner, rows int) cmdView {
	k := viewKey{width: inner, rows: rows, gen: p.gen, valid: true}
	if it.viewKey == k {
		return it.view
	}
	risk := render.Open(p.r.Theme().Chat.ErrorLabel)
	prefix := "$ "
	if !it.editable() {
		prefix = "✎ "
	}
	it.view = drawCommand(p.r, risk, it.command(), it.verdict.Findings, inner, rows, prefix)
	it.viewKey = k
	return it.view
}

// findings lists the verdict's reasons: "! id  reason", wrapped.
func (p *Prompt) findings(it *item, inner int) []string {
	th := p.r.Theme()
	ok, warn, bad, desc := render.Open(th.Tool.OK), render.Open(th.Chrome.StatusWarn), render.Open(th.Chat.ErrorLabel), render.Open(th.Chrome.KeyDesc)
	v := it.verdict
	if v.Level == guard.Safe {
		return []string{render.Paint(ok, "✓ safe: the guard finds nothing to ask about in this command")}
	}
	var lines []string
	if v.Level == guard.Block {
		lines = append(lines, render.Paint(bad, "✗ blocked: herm never runs this, in any mode — edit it again or deny"))
	}
	shown := 0
	for _, f := range v.Findings {
		if shown == maxFindings {
			lines = append(lines, render.Paint(render.Open(th.Chrome.Hint), fmt.Sprintf("  +%d more", len(v.Findings)-shown)))
			break
		}
		shown++
		mark, ink := "! ", warn
		if f.Level == guard.Block {
			mark, ink = "✗ ", bad
		}
		head := render.Paint(ink, mark+f.ID) + " "
		rest := render.Wrap(f.Reason, desc, max(inner-render.Width(mark+f.ID)-1, 10))
		for i, l := range rest {
			if i == 0 {
				lines = append(lines, head+l)
				continue
			}
			lines = append(lines, strings.Repeat(" ", render.Width(mark+f.ID)+1)+l)
		}
	}
	return lines
}

// footer lists the keys that apply now, wrapped to inner.
func (p *Prompt) footer(it *item, inner int) []string {
	c := p.r.Theme().Chrome
	k := p.keys
	keyInk, descInk, hint := render.Open(c.Key), render.Open(c.KeyDesc), render.Open(c.Hint)
	if !p.focused {
		return []string{render.Paint(hint, "reading the chat — "+k.ApproveFocus.Help().Key+" or esc returns to this prompt")}
	}
	type item struct {
		b    key.Binding
		desc string
	}
	var items []item
	switch {
	case p.editing:
		items = []item{{k.Send, "check it"}, {k.ApproveEditor, "$EDITOR"}, {k.Newline, "new line"}, {k.Interrupt, "keep the original"}}
	case it.verdict.Level == guard.Block:
		items = []item{{k.ApproveEdit, "edit again"}, {k.Deny, "deny"}, {k.ApproveFocus, "read the chat"}}
	default:
		items = []item{{k.ApproveOnce, "once"}, {k.ApproveSession, "session"}, {k.ApproveAlways, "always"},
			{k.ApproveExact, "always (exact command)"}}
		if it.editable() {
			items = append(items, item{k.ApproveEdit, "edit"})
		}
		items = append(items, item{k.Deny, "deny"}, item{k.ApproveFocus, "read the chat"})
	}
	var lines []string
	cur, w := "", 0
	for _, i := range items {
		text := render.Paint(keyInk, i.b.Help().Key) + " " + render.Paint(descInk, i.desc)
		tw := render.Width(i.b.Help().Key) + 1 + render.Width(i.desc)
		if w > 0 && w+3+tw > inner {
			lines = append(lines, cur)
			cur, w = "", 0
		}
		if w > 0 {
			cur += render.Paint(hint, " · ")
			w += 3
		}
		cur += text
		w += tw
	}
	return append(lines, cur)
}

// Describe words an answer for the transcript: "approved once", "denied"…
func Describe(a Answered) string {
	what := a.Request.Command
	if a.Answer.Command != "" {
		what = a.Answer.Command + "  (edited from: " + text.FirstLine(a.Request.Command) + ")"
	}
	var verb string
	switch a.Answer.Decision {
	case agent.AllowOnce:
		verb = "approved once"
	case agent.AllowSession:
		verb = "approved for this session"
	case agent.AllowAlways:
		verb = "approved always"
		if a.Answer.ExactCommand {
			verb = "approved always (this exact command)"
		}
	default:
		verb = "denied"
	}
	if !a.Taken {
		return "too late — the request had already ended: " + text.FirstLine(what)
	}
	return verb + ": " + text.FirstLine(what)
}
