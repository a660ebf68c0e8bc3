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
	maxDiffRows    = 14 // of a write's diff
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
		focused: p.focused, armed: p.armed, grace: p.InGrace(), left: p.secondsLeft(it), sel: it.sel,
		confirming: p.confirming, confirmBack: p.confirmBack}
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
	item                    *item
	version, width, gen     int
	maxRows, n, left, sel   int
	focused, armed, grace   bool
	confirming, confirmBack bool
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
	hint := render.Open(c.Hint)

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
	switch {
	case p.editing:
		tail = append(tail, p.editorFooter(inner)...)
	case p.confirming:
		tail = append(tail, p.confirmView(it, inner)...)
	default:
		tail = append(tail, p.menu(it, inner)...)
	}

	lines := []string{p.header(it, inner)}
	if p.editing {
		p.ta.SetWidth(inner)
		lines = append(lines, strings.Split(p.ta.View(), "\n")...)
	} else {
		room := max(maxRows-2-len(lines)-len(tail)-1, 2)
		budget := min(room, maxCommandRows)
		cv := p.commandView(it, inner, budget)
		lines = append(lines, cv.rows...)
		if cv.more > 0 {
			lines = append(lines, render.Paint(hint, fmt.Sprintf("  … %d more rows (edit shows the whole command)", cv.more)))
		}
		if d := p.diffView(it, inner); len(d) > 0 {
			rows := min(max(room-len(cv.rows), 3), maxDiffRows)
			if len(d) > rows {
				more := len(d) - rows + 1
				d = append(d[:rows-1:rows-1], render.Paint(hint, fmt.Sprintf("  … %d more lines of the diff", more)))
			}
			lines = append(lines, d...)
		}
	}
	lines = append(lines, tail...)
	box := c.Dialog
	if !p.focused {
		// The box is drawn in the separator's ink while the keyboard is
		// elsewhere: its border says where the keys go.
		box = box.BorderForeground(c.Separator.GetForeground())
	}
	return box.Width(width).Render(strings.Join(lines, "\n"))
}

// Height is how many rows View takes.
func (p *Prompt) Height(width, maxRows int) int {
	v := p.View(width, maxRows)
	if v == "" {
		return 0
	}
	return strings.Count(v, "\n") + 1
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

// menu draws the answers, the one chosen marked while the prompt has the
// keyboard, each letter beside its answer once letters answer, and a line
// that says where the keys go. Its height does not change with the focus
// or the grace period.
func (p *Prompt) menu(it *item, inner int) []string {
	c := p.r.Theme().Chrome
	item, sel, keyInk, hint := render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.Key), render.Open(c.Hint)
	letters := p.focused && p.armed
	var lines []string
	for i, ch := range p.choices(it) {
		label := ch.label
		var hk string
		switch {
		case letters:
			hk = ch.key.Help().Key
		case ch.kind == answerDeny && p.focused:
			hk = "esc" // the one key besides the arrows that answers now
		}
		room := inner - 2 - render.Width(hk) - 1
		label = render.Truncate(label, max(room, 4), "…")
		gap := strings.Repeat(" ", max(inner-2-render.Width(label)-render.Width(hk), 1))
		switch {
		case !p.focused:
			lines = append(lines, render.Paint(hint, "  "+label))
		case i == it.sel:
			lines = append(lines, render.Paint(sel, "▸ "+label+gap+hk))
		default:
			lines = append(lines, render.Paint(item, "  "+label)+gap+render.Paint(keyInk, hk))
		}
	}
	return append(lines, p.keyLine(inner))
}

// keyLine says where the keys go: the prompt's own keys while it has the
// keyboard (and that typing goes to the input while it was only offered
// it), or how to come back to it.
func (p *Prompt) keyLine(inner int) string {
	c := p.r.Theme().Chrome
	hint, warn := render.Open(c.Hint), render.Open(c.StatusWarn)
	focusKey := p.keys.ApproveFocus.Help().Key
	var s string
	switch {
	case !p.focused:
		s = "the keyboard is elsewhere — " + focusKey + " or esc returns to this prompt"
	case p.InGrace():
		return render.Paint(warn, "wait") + render.Paint(hint, render.Truncate(" — keys pressed just now are ignored", inner-4, "…"))
	case p.confirming:
		s = "↑↓ choose · enter answer · esc back"
	case p.armed:
		s = "↑↓ enter or a letter answer · " + focusKey + " reads the chat"
	default:
		s = "↑↓ enter answer · typing goes to the input · " + focusKey + " letters"
	}
	return render.Paint(hint, render.Truncate(s, inner, "…"))
}

// confirmView asks again before "always" saves a grant: what it lets run,
// for how long, and where it is undone.
func (p *Prompt) confirmView(it *item, inner int) []string {
	c := p.r.Theme().Chrome
	warn, desc, item, sel, keyInk := render.Open(c.StatusWarn), render.Open(c.KeyDesc), render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.Key)
	what := "Always allow " + grantFindings(it) + "?"
	body := "Commands with these findings will run without asking, in every session, until you revoke the grant (/permissions)."
	yes := "Yes, save the grant and run it"
	if !it.editable() {
		body = "Writes with these findings will go ahead without asking, in every session, until you revoke the grant (/permissions)."
		yes = "Yes, save the grant and write it"
	}
	if p.confirmExact {
		what = "Always allow this exact command?"
		body = "It will run without asking, in every session, until you revoke the grant (/permissions)."
		if !it.editable() {
			what = "Always allow this exact write?"
			body = "It will go ahead without asking, in every session, until you revoke the grant (/permissions)."
		}
	}
	lines := []string{render.Paint(warn, render.Truncate(what, inner, "…"))}
	lines = append(lines, render.Wrap(body, desc, inner)...)
	letters := p.focused && p.armed
	for i, o := range []struct {
		label string
		key   string
	}{{yes, p.keys.Confirm.Yes.Help().Key}, {"No, go back", p.keys.Confirm.No.Help().Key}} {
		hk := ""
		if letters {
			hk = o.key
		} else if i == 1 {
			hk = "esc"
		}
		gap := strings.Repeat(" ", max(inner-2-render.Width(o.label)-render.Width(hk), 1))
		if (i == 1) == p.confirmBack && p.focused {
			lines = append(lines, render.Paint(sel, "▸ "+o.label+gap+hk))
			continue
		}
		lines = append(lines, render.Paint(item, "  "+o.label)+gap+render.Paint(keyInk, hk))
	}
	return append(lines, p.keyLine(inner))
}

// editorFooter lists the editor's keys, wrapped to inner.
func (p *Prompt) editorFooter(inner int) []string {
	c := p.r.Theme().Chrome
	k := p.keys
	keyInk, descInk, hint := render.Open(c.Key), render.Open(c.KeyDesc), render.Open(c.Hint)
	var lines []string
	cur, w := "", 0
	for _, i := range []struct {
		b    key.Binding
		desc string
	}{{k.Send, "check it"}, {k.ApproveEditor, "$EDITOR"}, {k.Newline, "new line"}, {k.Interrupt, "keep the original"}} {
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

// diffView draws a write's preview (secrets redacted) with the diff
// renderer, without the file header the command line already names;
// nil for a command or a write without one.
func (p *Prompt) diffView(it *item, inner int) []string {
	if it.editable() || it.ev.Request.Preview == "" {
		return nil
	}
	k := viewKey{width: inner, gen: p.gen, valid: true}
	if it.diffKey == k {
		return it.diff
	}
	d := p.redact(it.ev.Request.Preview)
	for _, h := range []string{"--- ", "+++ "} {
		if strings.HasPrefix(d, h) {
			if _, rest, ok := strings.Cut(d, "\n"); ok {
				d = rest
			}
		}
	}
	it.diff, it.diffKey = p.r.Diff(d, inner), k
	return it.diff
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
