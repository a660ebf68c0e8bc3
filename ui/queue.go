package ui

import (
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/ui/input"
	"github.com/herm-dev/herm/ui/render"
)

// A message sent while the agent works does what /busy (display.busy)
// says: it interrupts the turn and runs next (interrupt, the default), it
// waits in a queue shown above the input and runs when the turn ends
// (queue), or it is added to the running turn, which reads it before its
// next model call (steer). The queue can be edited: alt+q gives it the
// keyboard to select, edit, delete and reorder its messages.

// Busy modes.
const (
	busyInterrupt = "interrupt"
	busyQueue     = "queue"
	busySteer     = "steer"
)

// draftState is the root model's part of the input features: the busy
// mode, messages steering the running turn, and the queue's selection.
type draftState struct {
	busy string
	// steering are messages handed to the running turn that it has not
	// read yet (agent.Steered removes them).
	steering []agent.Input
	// focused: the queue has the keyboard; sel is its selected message.
	focused bool
	sel     int
	// editing is where the queued message being edited goes back when it
	// is sent again; -1 when none is being edited.
	editing int
}

// maxQueueRows is how many queued messages show above the input; the
// rest are counted.
const maxQueueRows = 5

// historyFileName is the input history's file under HERM_HOME.
const historyFileName = "input_history.jsonl"

// draftMsg is a message for the input features (queue.go, rewind.go,
// stash.go).
type draftMsg interface{ draftMsg() }

// initDraft sets up the input features (New).
func (m *Model) initDraft() {
	m.draft.busy = normalBusy(m.opts.Busy)
	m.draft.editing = -1
	if m.opts.Home != "" {
		redact := func(s string) string { return m.opts.Redact(s) }
		if cmd := m.input.SetHistoryFile(filepath.Join(m.opts.Home, historyFileName), redact); cmd != nil {
			m.afterStart = append(m.afterStart, cmd)
		}
	}
}

func normalBusy(s string) string {
	switch s {
	case busyQueue, busySteer:
		return s
	}
	return busyInterrupt
}

// handleDraftMsg routes the input features' messages.
func (m *Model) handleDraftMsg(msg draftMsg) tea.Cmd {
	switch msg := msg.(type) {
	case rewindPointsMsg:
		return m.handleRewindPoints(msg)
	case rewoundMsg:
		return m.handleRewound(msg)
	}
	return nil
}

// handleSend starts the turn for a message whose attachments were read.
func (m *Model) handleSend(msg sendMsg) tea.Cmd {
	var note tea.Cmd
	if msg.flash != "" {
		note = m.flashFor(msg.flash, 6*time.Second)
	}
	return tea.Batch(note, m.startInput(agent.Input{Text: msg.text, Images: msg.images}))
}

// startQueuedInput runs a message taken from the head of the queue; when
// the session must be created first, it goes back to the head, keeping
// the queue's order.
func (m *Model) startQueuedInput(in agent.Input) tea.Cmd {
	m.layout()
	if m.draft.focused && len(m.queued) == 0 {
		m.leaveQueue()
	}
	if m.sess == nil && m.run == nil {
		m.queued = append([]agent.Input{in}, m.queued...)
		if m.opening || m.connecting {
			return nil
		}
		m.opening = true
		return tea.Batch(m.createSession(), m.startTicking())
	}
	return m.startInput(in)
}

// whileBusy handles a message sent while a turn (or /compress) runs.
func (m *Model) whileBusy(in agent.Input) tea.Cmd {
	defer m.layout() // the rows above the input change
	// An edited queued message goes back where it was.
	if m.draft.editing >= 0 {
		at := min(m.draft.editing, len(m.queued))
		m.draft.editing = -1
		m.queued = append(m.queued[:at], append([]agent.Input{in}, m.queued[at:]...)...)
		return m.flash("queued message updated")
	}
	switch m.draft.busy {
	case busySteer:
		if m.sess != nil && m.sess.Steer(in) {
			m.draft.steering = append(m.draft.steering, in)
			return m.flash("sent to the running turn — the agent reads it before its next step")
		}
		m.queued = append(m.queued, in)
		return m.flash("the agent cannot take it now — your message runs as soon as it is done")
	case busyQueue:
		m.queued = append(m.queued, in)
		return m.flash("queued — it runs when the turn ends · " + m.keys.Draft.Queue.Help().Key + " edits the queue")
	}
	m.queued = append(m.queued, in)
	m.interrupt()
	return nil
}

// steered drops the messages the running turn has read from the ones
// shown as steering (the chat shows them as sent).
func (m *Model) steered(e agent.Steered) {
	n := min(len(e.Inputs), len(m.draft.steering))
	m.draft.steering = m.draft.steering[n:]
	m.layout()
}

// steerReturned puts messages the turn ended without reading at the head
// of the queue: they run next.
func (m *Model) steerReturned(e agent.SteerReturned) {
	m.draft.steering = nil
	m.queued = append(append([]agent.Input(nil), e.Inputs...), m.queued...)
	m.chat.AddNotice("the turn ended before reading your message; it runs next", false)
	m.layout()
}

// busyHint is what the empty input says while a turn runs.
func (m *Model) busyHint() string {
	switch m.draft.busy {
	case busyQueue:
		return "the agent is working — enter queues your message"
	case busySteer:
		return "the agent is working — enter adds your message to its turn"
	}
	return "the agent is working — enter interrupts it and sends"
}

// busyCommand is /busy [queue|steer|interrupt].
func (m *Model) busyCommand(args string) tea.Cmd {
	switch a := strings.TrimSpace(args); a {
	case "":
		return m.flash("/busy " + m.draft.busy + " — /busy queue|steer|interrupt changes what a message sent while the agent works does")
	case busyInterrupt, busyQueue, busySteer:
		m.draft.busy = a
		if m.run != nil {
			m.input.SetBusyHint(m.busyHint())
		}
		return m.flash("while the agent works, a message " + map[string]string{
			busyInterrupt: "interrupts it and runs next",
			busyQueue:     "waits in a queue (alt+q edits it)",
			busySteer:     "is added to the running turn",
		}[a])
	default:
		return m.flash("usage: /busy queue|steer|interrupt")
	}
}

// draftKey handles the root's input keys: the queue (alt+q and, while it
// has the keyboard, its own keys) and the paste viewer (alt+v). While the
// history search is open it has every key.
func (m *Model) draftKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	d := m.keys.Draft
	if m.draft.focused {
		return m.queueKey(msg), true
	}
	if m.focus != focusInput && m.focus != focusChat {
		return nil, false
	}
	if m.focus == focusInput && m.input.Searching() { // esc, tab and ? belong to the search
		sub, cmd := m.input.Update(msg)
		m.layout()
		if sub != nil {
			return tea.Batch(cmd, m.submit(*sub)), true
		}
		return cmd, true
	}
	switch {
	case key.Matches(msg, d.Queue):
		return m.openQueue(), true
	case key.Matches(msg, d.Pastes):
		return m.openPastes(), true
	}
	return nil, false
}

// openQueue gives the queue the keyboard.
func (m *Model) openQueue() tea.Cmd {
	if len(m.queued) == 0 {
		return m.flash("no messages are queued")
	}
	m.setFocus(focusInput)
	m.draft.focused = true
	m.draft.sel = min(m.draft.sel, len(m.queued)-1)
	m.input.Blur()
	m.input.CloseMenu()
	m.layout()
	return nil
}

// queueKey handles a key while the queue has the keyboard.
func (m *Model) queueKey(msg tea.KeyPressMsg) tea.Cmd {
	defer m.layout()
	d := m.keys.Draft
	n := len(m.queued)
	if n == 0 {
		m.leaveQueue()
		return nil
	}
	s := &m.draft.sel
	*s = min(*s, n-1)
	switch {
	case key.Matches(msg, d.QueueBack):
		m.leaveQueue()
	case key.Matches(msg, d.QueueMoveUp):
		if *s > 0 {
			m.queued[*s-1], m.queued[*s] = m.queued[*s], m.queued[*s-1]
			*s--
		}
	case key.Matches(msg, d.QueueMoveDown):
		if *s < n-1 {
			m.queued[*s+1], m.queued[*s] = m.queued[*s], m.queued[*s+1]
			*s++
		}
	case key.Matches(msg, d.QueueUp):
		*s = max(*s-1, 0)
	case key.Matches(msg, d.QueueDown):
		*s = min(*s+1, n-1)
	case key.Matches(msg, d.QueueDelete):
		m.queued = append(m.queued[:*s], m.queued[*s+1:]...)
		if len(m.queued) == 0 {
			m.leaveQueue()
		}
		return m.flash("queued message deleted")
	case key.Matches(msg, d.QueueEdit):
		return m.editQueued(*s)
	}
	return nil
}

// editQueued moves queued message i into the input (stashing a draft that
// was there); sending it puts it back at its place.
func (m *Model) editQueued(i int) tea.Cmd {
	in := m.queued[i]
	m.queued = append(m.queued[:i], m.queued[i+1:]...)
	m.leaveQueue()
	var note string
	if m.input.Value() != "" {
		m.input.ToggleStash()
		note = " (your draft is stashed: alt+s brings it back)"
	}
	m.input.SetValue(in.Text)
	for j, img := range in.Images {
		m.input.AddImage(input.Image{Name: "image-" + strconv.Itoa(j+1), MediaType: img.MediaType, Data: img.Data})
	}
	m.draft.editing = i
	m.layout()
	return m.flash("editing a queued message — enter puts it back in the queue" + note)
}

func (m *Model) leaveQueue() {
	m.draft.focused = false
	m.setFocus(focusInput)
	m.layout()
}

// draftLines are the rows above the separator: messages steering the
// turn, the queue, and a line saying what the draft holds aside (stashed
// drafts, pastes and images).
func (m *Model) draftLines() []string {
	if m.width == 0 {
		return nil
	}
	// Most frames have none of these rows: return before opening the
	// styles (draftLines runs twice a frame, each Open a lipgloss Render).
	aside := m.asideText()
	if len(m.draft.steering) == 0 && len(m.queued) == 0 && aside == "" {
		return nil
	}
	c := m.theme.Chrome
	muted, sel, keyInk := render.Open(c.StatusMuted), render.Open(c.MenuSelected), render.Open(c.Key)
	var lines []string
	line := func(s string) { lines = append(lines, render.Truncate(s, m.width, "…")) }
	for _, in := range m.draft.steering {
		line(render.Paint(muted, "↳ steering · "+messageLine(in.Text, len(in.Images))))
	}
	if n := len(m.queued); n > 0 {
		first := 0
		if m.draft.focused && m.draft.sel >= maxQueueRows {
			first = m.draft.sel - maxQueueRows + 1
		}
		for i := first; i < n && i < first+maxQueueRows; i++ {
			row := "⏳ " + strconv.Itoa(i+1) + ". " + messageLine(m.queued[i].Text, len(m.queued[i].Images))
			switch {
			case m.draft.focused && i == m.draft.sel:
				line(render.Paint(sel, "▸ "+row))
			case i == first && !m.draft.focused:
				hint := " · queued · " + m.keys.Draft.Queue.Help().Key + " edit"
				line(render.Paint(muted, "  "+row) + render.Paint(keyInk, hint))
			default:
				line(render.Paint(muted, "  "+row))
			}
		}
		if more := n - min(n, first+maxQueueRows); more > 0 || first > 0 {
			line(render.Paint(muted, "  … "+strconv.Itoa(n)+" queued in all"))
		}
		if m.draft.focused {
			d := m.keys.Draft
			line(render.Paint(keyInk, "  "+helpLine(m.width, d.QueueUp, d.QueueEdit, d.QueueDelete, d.QueueMoveUp, d.QueueMoveDown, d.QueueBack)))
		}
	}
	if aside != "" {
		line(render.Paint(muted, aside))
	}
	return lines
}

// messageLine is a message's first line, with its image count.
func messageLine(s string, images int) string {
	line := text.FirstLine(strings.TrimSpace(s))
	if images > 0 {
		line += " 🖼×" + strconv.Itoa(images)
	}
	return line
}

// helpLine lists bindings as "key desc · key desc", the descriptions
// dropped when the width is short.
func helpLine(width int, bs ...key.Binding) string {
	parts := make([]string, len(bs))
	short := make([]string, len(bs))
	for i, b := range bs {
		parts[i] = b.Help().Key + " " + b.Help().Desc
		short[i] = strings.Fields(b.Help().Key)[0]
	}
	if s := strings.Join(parts, " · "); render.Width(s) <= width-2 {
		return s
	}
	return strings.Join(short, " ")
}

// draftActions are the palette's entries for the input features.
func (m *Model) draftActions() []action {
	d := m.keys.Draft
	cmd := func(name, args string) func(*Model) tea.Cmd {
		return func(m *Model) tea.Cmd { return m.command(name, args) }
	}
	return []action{
		{name: "Search the messages you sent (reverse history search)", binding: d.Search, run: func(m *Model) tea.Cmd { m.setFocus(focusInput); m.input.OpenSearch(); m.layout(); return nil }},
		{name: "Edit the draft in $VISUAL/$EDITOR", binding: d.Editor, run: func(m *Model) tea.Cmd { return m.input.OpenEditor() }},
		{name: "Stash the draft, or pop the stashed one", binding: d.Stash, run: func(m *Model) tea.Cmd { m.setFocus(focusInput); return m.flash(m.input.ToggleStash()) }},
		{name: "Paste an image (or text) from the clipboard", binding: d.PasteImage, run: func(m *Model) tea.Cmd { m.setFocus(focusInput); return m.input.PasteClipboard() }},
		{name: "View, expand or remove the draft's pastes and images", binding: d.Pastes, run: func(m *Model) tea.Cmd { return m.openPastes() }},
		{name: "Edit the queued messages", binding: d.Queue, run: func(m *Model) tea.Cmd { return m.openQueue() }},
		{name: "Rewind to an earlier message, restoring files", keyText: "/rewind", run: cmd("rewind", "")},
		{name: "Branch: fork the session after a message", keyText: "/branch", run: cmd("branch", "")},
		{name: "While busy, queue messages", keyText: "/busy queue", run: cmd("busy", busyQueue)},
		{name: "While busy, steer the running turn", keyText: "/busy steer", run: cmd("busy", busySteer)},
		{name: "While busy, interrupt and send", keyText: "/busy interrupt", run: cmd("busy", busyInterrupt)},
	}
}
