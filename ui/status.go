package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/ui/panels"
	"github.com/herm-dev/herm/ui/render"
)

// statusState is what the status line shows besides the session: the
// spinner while working, a retry countdown, a short-lived message.
type statusState struct {
	ticking    bool // a tick is scheduled (only while something runs)
	frame      int
	retryUntil time.Time
	retryText  string
	flash      string
	flashSeq   int
	seq        int
	lastPrompt int // tokens of the last request, for the context fill
}

func (s *statusState) nextSeq() int {
	s.seq++
	return s.seq
}

type tickMsg struct{}
type flashExpiredMsg struct{ seq int }

// tickEvery is the spinner's pace. Ticks run only while a turn or a tool
// runs; an idle UI schedules nothing.
const tickEvery = 100 * time.Millisecond

// startTicking schedules the spinner if it is not already.
func (m *Model) startTicking() tea.Cmd {
	if m.status.ticking {
		return nil
	}
	m.status.ticking = true
	return tea.Tick(tickEvery, func(time.Time) tea.Msg { return tickMsg{} })
}

func (m *Model) handleTick() tea.Cmd {
	m.status.ticking = false
	m.status.frame++
	toolsRunning := m.chat.Tick()
	if m.run == nil && !toolsRunning && !m.opening {
		return nil
	}
	return m.startTicking()
}

// flash shows a message in the status line for a few seconds.
func (m *Model) flash(text string) tea.Cmd { return m.flashFor(text, 3*time.Second) }

// flashFor shows a message for d; the returned command clears it.
func (m *Model) flashFor(text string, d time.Duration) tea.Cmd {
	m.status.flash = text
	m.status.flashSeq = m.status.nextSeq()
	seq := m.status.flashSeq
	return tea.Tick(d, func(time.Time) tea.Msg { return flashExpiredMsg{seq: seq} })
}

// statusLine draws the bottom line: activity on the left; model, tokens
// and context fill on the right; the session title between.
func (m *Model) statusLine() string {
	c := m.theme.Chrome
	muted, title, warn, spin := render.Open(c.StatusMuted), render.Open(c.StatusTitle), render.Open(c.StatusWarn), render.Open(c.Spinner)

	var left string
	switch {
	case m.status.flash != "":
		left = render.Paint(warn, m.status.flash)
	case m.approval.Pending():
		what := "waiting for your approval"
		if m.focus != focusApproval {
			what += " · tab to answer"
		}
		left = render.Paint(warn, "● "+what)
	case !m.status.retryUntil.IsZero() && m.now().Before(m.status.retryUntil):
		left = render.Paint(warn, fmt.Sprintf("↻ %s · retrying in %s", m.status.retryText,
			elapsed(m.status.retryUntil.Sub(m.now())+time.Second-1)))
	case m.run != nil:
		frame := render.Spinner(m.status.frame)
		what := "working"
		if m.run.cancelled {
			what = "interrupting"
		}
		left = render.Paint(spin, frame) + " " + render.Paint(muted, what+" "+elapsed(m.now().Sub(m.run.started))+" · esc to interrupt")
	case m.opening:
		left = render.Paint(spin, render.Spinner(m.status.frame)) + " " + render.Paint(muted, "opening session…")
	case len(m.queued) > 0:
		left = render.Paint(muted, "message queued")
	case m.opts.Agent == nil && !m.connecting:
		left = render.Paint(warn, "no model configured")
	default:
		left = render.Paint(muted, "? help · ctrl+o commands")
	}

	right := m.fitSegments(m.statusSegments(), m.width-render.Width(left)-2)
	r := strings.Join(right, render.Paint(muted, " · "))
	mid := ""
	if m.info.Title != "" && m.showsSegment("title") {
		mid = render.Paint(title, m.info.Title)
	}
	lw, rw, mw := render.Width(left), render.Width(r), render.Width(mid)
	space := m.width - lw - rw
	switch {
	case space < 2:
		return render.Truncate(left, m.width, "…")
	case mid != "" && space >= mw+4:
		gap := space - mw
		return left + strings.Repeat(" ", gap/2) + mid + strings.Repeat(" ", gap-gap/2) + r
	default:
		return left + strings.Repeat(" ", space) + r
	}
}

// defaultSegments are the status line's right-hand segments when
// display.status_segments is not set, most important first: as the
// terminal narrows they are dropped from the end. The title, between
// activity and segments, goes first of all.
var defaultSegments = [...]string{"mode", "sandbox", "model", "context", "tokens", "effort", "cost", "tasks", "todo", "vim", "title"}

// segmentNames returns the segments chosen, in priority order.
func (m *Model) segmentNames() []string {
	if len(m.opts.StatusSegments) > 0 {
		return m.opts.StatusSegments
	}
	return defaultSegments[:]
}

func (m *Model) showsSegment(name string) bool {
	for _, s := range m.segmentNames() {
		if s == name {
			return true
		}
	}
	return false
}

// statusSegments renders the chosen segments that have something to say,
// in priority order.
func (m *Model) statusSegments() []string {
	c := m.theme.Chrome
	muted, model, warn := render.Open(c.StatusMuted), render.Open(c.StatusModel), render.Open(c.StatusWarn)
	agentOn := m.opts.Agent != nil || m.connecting
	var out []string
	for _, name := range m.segmentNames() {
		var seg string
		switch name {
		case "mode":
			if text := modeSegment(m.approvalMode()); text != "" {
				ink := muted
				if m.approvalMode() == agent.ModeYolo {
					ink = warn
				}
				seg = render.Paint(ink, text)
			}
		case "sandbox":
			// Only where commands could not be confined, or a person
			// turned the sandbox off: then it says so, always.
			if t := m.opts.Terminal; t != nil && t.Config().Sandbox.Mode != "" {
				if on, _ := t.Sandbox(); !on {
					seg = render.Paint(warn, "no sandbox")
				}
			}
		case "model":
			if agentOn {
				seg = render.Paint(model, m.info.Model)
			}
		case "effort":
			if e := m.currentEffort(); agentOn && e != "" {
				seg = render.Paint(muted, "effort "+e)
			}
		case "tokens":
			if u := m.info.Usage; agentOn && u.InputTokens+u.OutputTokens > 0 {
				seg = render.Paint(muted, "↑"+text.Compact(u.InputTokens)+" ↓"+text.Compact(u.OutputTokens))
			}
		case "cost":
			if cost := m.info.CostUSD + m.pn.cost; agentOn && cost > 0 {
				seg = render.Paint(muted, panels.Dollars(cost))
			}
		case "context":
			if w := m.contextWindow(); agentOn && w > 0 && m.status.lastPrompt > 0 {
				seg = panels.MiniBar(m.theme, m.status.lastPrompt, w)
			}
		case "todo":
			if done, total := m.pn.todo.Counts(); total > 0 {
				seg = render.Paint(muted, "todo "+strconv.Itoa(done)+"/"+strconv.Itoa(total))
			}
		case "tasks":
			if n := m.runningTasks(); n > 0 {
				seg = render.Paint(muted, strconv.Itoa(n)+" bg")
			}
		case "vim":
			if v := m.vimModeName(); v != "" {
				seg = render.Paint(muted, v)
			}
		case "session":
			if m.info.ID != "" {
				seg = render.Paint(muted, m.info.ID)
			}
		}
		if seg != "" {
			out = append(out, seg)
		}
	}
	return out
}

// fitSegments drops segments from the end until they fit in width cells
// (joined by " · ").
func (m *Model) fitSegments(segs []string, width int) []string {
	total := 0
	for i, s := range segs {
		w := render.Width(s)
		if i > 0 {
			w += 3
		}
		if total+w > width {
			return segs[:i]
		}
		total += w
	}
	return segs
}

// currentEffort is the reasoning effort of the next turn.
func (m *Model) currentEffort() string {
	if m.sess != nil {
		return m.sess.ReasoningEffort()
	}
	if m.pn.effort != "" {
		return m.pn.effort
	}
	if m.opts.Agent != nil {
		return m.opts.Agent.ReasoningEffort
	}
	return ""
}

// runningTasks counts the background processes still running (an
// in-memory list).
func (m *Model) runningTasks() int {
	if m.opts.Terminal == nil {
		return 0
	}
	n := 0
	for _, p := range m.opts.Terminal.Processes() {
		if p.Running() {
			n++
		}
	}
	return n
}

// elapsed writes whole seconds: 7s, 1m05s.
func elapsed(d time.Duration) string {
	s := int(d / time.Second)
	if s < 60 {
		return strconv.Itoa(s) + "s"
	}
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}
