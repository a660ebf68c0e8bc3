package chat

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/ui/render"
)

type toolState int

const (
	toolPreparing toolState = iota // the model is still writing the arguments
	toolWaiting                    // the call is complete and waits to run
	toolRunning
	toolDone
	toolFailed
)

// Limits of what a tool block keeps and shows.
const (
	liveKeep       = 16 << 10 // bytes of live output kept while a tool runs
	liveTailLines  = 3        // lines of live output a collapsed running block shows
	diffPreview    = 12       // diff lines a collapsed edit shows
	maxOutputLines = 2000     // lines an expanded block shows (the rest is summarised)
)

// toolItem is one tool call: a one-line header (name, key argument,
// status, duration) that expands to the full output.
type toolItem struct {
	callID, name, args string
	key                string // the key argument, on one line
	state              toolState
	output             string // sanitised final output
	exact              string // the final output as copied (copy.go)
	live               string // sanitised tail of live output
	exit               *int
	diff               string
	dur                time.Duration
	started            time.Time
	expanded           bool
	id                 int64 // the tool message's store id
	// approval is how a person (or a mode) answered the call's approval
	// request; nil when it needed none (approvals.go).
	approval *Approval
}

func (t *toolItem) setCall(name, args string) {
	t.name, t.args = name, args
	t.key = text.OneLine(tools.KeyArgument(name, args))
}

func (t *toolItem) appendLive(chunk string) {
	t.live += clean(chunk)
	if len(t.live) > liveKeep {
		cut := len(t.live) - liveKeep
		if nl := strings.IndexByte(t.live[cut:], '\n'); nl >= 0 {
			cut += nl + 1
		}
		t.live = t.live[cut:]
	}
}

// finish records a result reported live by the agent.
func (t *toolItem) finish(res tools.Result, dur time.Duration) {
	t.output = clean(res.Output)
	t.exact = exactOutput(res.Output)
	t.exit = res.ExitCode
	if t.exit != nil {
		t.output = tools.WithoutExitCode(t.output)
		t.exact = tools.WithoutExitCode(t.exact)
	}
	t.diff = res.Diff
	t.dur = dur
	t.live = ""
	t.state = toolDone
	if res.IsError || (t.exit != nil && *t.exit != 0) {
		t.state = toolFailed
	}
}

// finishFromStore fills the result from a stored tool message, which keeps
// only the text the model read: the exit status and a patch's diff are
// recovered from it.
func (t *toolItem) finishFromStore(content string) {
	t.output = clean(content)
	t.exact = exactOutput(content)
	t.state = toolDone
	if n, ok := tools.ExitCode(content); ok {
		t.exit = &n
		t.output = tools.WithoutExitCode(t.output)
		t.exact = tools.WithoutExitCode(t.exact)
	}
	if t.name == "patch" && strings.HasPrefix(content, "patched ") {
		if _, d, ok := strings.Cut(content, "\n"); ok && strings.Contains(d, "@@") {
			t.diff = d
		}
	}
	if (t.exit != nil && *t.exit != 0) || agent.Interrupted(content) {
		t.state = toolFailed
	}
}

func (t *toolItem) interrupt() {
	if t.state == toolRunning || t.state == toolWaiting || t.state == toolPreparing {
		t.state = toolFailed
		if t.output == "" {
			t.output = "interrupted"
		}
	}
}

func (t *toolItem) copyText() string {
	if t.exact != "" {
		return t.exact
	}
	if t.output != "" {
		return t.output
	}
	return t.live
}

func (t *toolItem) render(c *drawCtx, width int) drawn {
	ink := c.ink
	var icon, iconInk, meta string
	switch t.state {
	case toolPreparing:
		icon, iconInk = "…", ink.toolPending
	case toolWaiting:
		icon, iconInk = "·", ink.toolPending
	case toolRunning:
		icon, iconInk = render.Spinner(c.frame), ink.toolSpinner
		if d := c.now.Sub(t.started); !t.started.IsZero() && d >= time.Second {
			meta = FormatDuration(d.Truncate(time.Second))
		}
	case toolDone:
		icon, iconInk = "✓", ink.toolOK
		meta = t.metaText()
	case toolFailed:
		icon, iconInk = "✗", ink.toolFailed
		meta = t.metaText()
	}
	if a := t.approval; a != nil {
		meta = strings.TrimSuffix(approvalText(a)+" · "+meta, " · ")
	}
	name := t.name
	if name == "" {
		name = "tool"
	}
	left := render.Paint(iconInk, icon) + " " + render.Paint(ink.toolName, name)
	leftW := render.Width(icon) + 1 + render.Width(name)
	metaW := render.Width(meta)
	if t.state == toolPreparing {
		t.key = ""
		arg := " writing arguments…"
		left += render.Paint(ink.toolPending, arg)
		leftW += render.Width(arg)
	} else if t.key != "" {
		room := width - leftW - 1 - metaW - 2
		if room > 3 {
			k := t.key
			if render.Width(k) > room {
				k = ansi.Truncate(k, room, "…")
			}
			left += " " + render.Paint(ink.toolArg, k)
			leftW += 1 + render.Width(k)
		}
	}
	header := left
	if meta != "" {
		gap := max(width-leftW-metaW, 2)
		header += strings.Repeat(" ", gap) + render.Paint(ink.toolMeta, meta)
	}
	lines := []string{render.Truncate(header, width, "…")}

	bar := render.Paint(ink.toolBar, "│ ")
	body := func(ls []string) {
		for _, l := range ls {
			lines = append(lines, bar+l)
		}
	}
	if a := t.approval; a != nil && a.Edited != "" && a.Decision != "deny" {
		body([]string{render.Paint(ink.toolHint, render.Truncate("edited from: "+text.OneLine(a.Command), width-2, "…"))})
	}
	hint := func(n int, what string) {
		lines = append(lines, render.Paint(ink.toolHint, "  … "+text.Plural(n, what)+" more"))
	}
	switch {
	case t.diff != "":
		dl := c.r.Diff(t.diff, width-2)
		if !t.expanded && len(dl) > diffPreview {
			body(dl[:diffPreview])
			hint(len(dl)-diffPreview, "line")
		} else {
			body(dl)
		}
	case t.expanded:
		out := t.output
		if t.state == toolRunning || out == "" {
			out = t.live
		}
		ol := outputLines(c, strings.TrimRight(out, "\n"), width-2)
		if len(ol) > maxOutputLines {
			hidden := len(ol) - maxOutputLines
			ol = ol[hidden:]
			lines = append(lines, render.Paint(ink.toolHint, "  … "+text.Plural(hidden, "earlier line")+" not shown (copy with y)"))
		}
		if len(ol) == 0 {
			ol = []string{render.Paint(ink.toolHint, "(no output)")}
		}
		body(ol)
	case t.state == toolRunning && t.live != "":
		ol := outputLines(c, strings.TrimRight(t.live, "\n"), width-2)
		if len(ol) > liveTailLines {
			ol = ol[len(ol)-liveTailLines:]
		}
		body(ol)
	case t.state == toolFailed && t.exit == nil && t.output != "":
		first, _, _ := strings.Cut(strings.TrimSpace(t.output), "\n")
		body([]string{render.Truncate(render.Paint(ink.errorText, first), width-2, "…")})
	}
	return drawn{lines: lines}
}

func (t *toolItem) metaText() string {
	var parts []string
	if t.exit != nil {
		parts = append(parts, "exit "+strconv.Itoa(*t.exit))
	}
	if t.diff != "" {
		a, d := render.DiffStat(t.diff)
		parts = append(parts, fmt.Sprintf("+%d -%d", a, d))
	}
	if t.dur > 0 {
		parts = append(parts, FormatDuration(t.dur))
	}
	return strings.Join(parts, " · ")
}

func outputLines(c *drawCtx, out string, width int) []string {
	if out == "" {
		return nil
	}
	return render.Hard(out, c.ink.toolOutput, width)
}

// FormatDuration shows a duration the way a status line wants it: 850ms,
// 3.2s, 1m05s.
func FormatDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return strconv.Itoa(int(d.Milliseconds())) + "ms"
	case d < 10*time.Second:
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
	case d < time.Minute:
		return strconv.Itoa(int(d.Seconds())) + "s"
	default:
		m := int(d.Minutes())
		return fmt.Sprintf("%dm%02ds", m, int(d.Seconds())-60*m)
	}
}

// clean makes tool output safe to draw: the text that remains on a
// terminal (exactOutput), with tabs as four spaces so widths are exact.
func clean(s string) string {
	return strings.ReplaceAll(exactOutput(s), "\t", "    ")
}
