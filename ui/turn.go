package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/attach"
	"github.com/herm-dev/herm/ui/chat"
	"github.com/herm-dev/herm/ui/input"
)

// runState is a turn (or a /compress) in progress.
type runState struct {
	id        int
	cancel    context.CancelFunc
	started   time.Time
	cancelled bool
	done      chan struct{} // closed when the agent call returned
}

// sendMsg is a message ready to run as a turn (attachments read).
type sendMsg struct {
	text   string
	images []llm.Image
	// flash says what could not be attached.
	flash string
}

// runExitedMsg says a run's goroutine finished and delivered all events.
type runExitedMsg struct{ id int }

// submit handles what the person sent: a slash command, or a message.
func (m *Model) submit(s input.Submitted) tea.Cmd {
	if name, args, ok := commands.Parse(s.Text); ok {
		_, known := commands.Find(commands.TUI, name)
		if !known {
			_, known = m.input.ExtraCommand(name) // a /skill-name
		}
		if known || !strings.Contains(s.Text, "\n") {
			return m.command(name, args)
		}
	}
	if m.opts.Agent == nil && !m.connecting {
		return m.flash("no model is configured yet — see the steps above")
	}
	if len(s.Files) > 0 {
		return readAttachments(m.opts.Cwd, s)
	}
	return m.startInput(agent.Input{Text: s.Text, Images: llmImages(s.Images)})
}

// startTurn runs a turn for text (see startInput).
func (m *Model) startTurn(text string) tea.Cmd { return m.startInput(agent.Input{Text: text}) }

// startInput runs a turn for in. With no session yet, one is created
// first; with a turn running, in waits, steers it or interrupts it, as
// /busy says (queue.go).
func (m *Model) startInput(in agent.Input) tea.Cmd {
	if m.run != nil {
		return m.whileBusy(in)
	}
	if m.sess == nil {
		m.queued = append(m.queued, in)
		if m.opening || m.connecting {
			return nil
		}
		m.opening = true
		return tea.Batch(m.createSession(), m.startTicking())
	}
	m.chat.AddUserImages(in.Text, imageChips(in.Images))
	if m.mode != "" { // the permission mode chosen in this UI (approvals.go)
		m.sess.SetApprovalMode(m.mode)
	}
	sess := m.sess // the run's goroutine must not read the model
	return m.begin(func(ctx context.Context, emit func(agent.Event)) {
		sess.Run(ctx, in, emit)
	})
}

// begin runs call on a goroutine with a fresh bridge; Esc cancels its
// context.
func (m *Model) begin(call func(context.Context, func(agent.Event))) tea.Cmd {
	m.nextRun++
	ctx, cancel := context.WithCancel(m.ctx)
	r := &runState{id: m.nextRun, cancel: cancel, started: m.now(), done: make(chan struct{})}
	m.run = r
	m.input.SetBusyHint(m.busyHint())
	send := m.send
	return tea.Batch(m.startTicking(), func() tea.Msg {
		defer close(r.done)
		defer cancel()
		b := newBridge(r.id, send)
		call(ctx, b.Emit)
		b.Close()
		return runExitedMsg{id: r.id}
	})
}

// interrupt cancels the running turn; what it produced is saved by the
// agent, and its end arrives as usual.
func (m *Model) interrupt() {
	if m.run != nil && !m.run.cancelled {
		m.run.cancel()
		m.run.cancelled = true
	}
}

func (m *Model) handleRunExited(msg runExitedMsg) tea.Cmd {
	if m.run == nil || m.run.id != msg.id {
		return nil
	}
	m.run = nil
	m.draft.steering = nil
	m.input.SetBusyHint("")
	m.layout()
	m.status.retryUntil = time.Time{}
	m.approval.DropRun(msg.id) // requests the run's end denied
	m.approvalsChanged()
	return tea.Batch(m.autoTitle(), m.startQueued())
}

// titleTimeout bounds the call that names a session after its first
// exchange.
const titleTimeout = 10 * time.Second

type titledMsg struct {
	sessionID, title string
}

// autoTitle names an untitled session after a turn (the agent asks the
// model once, or uses the first message); it runs beside whatever comes
// next.
func (m *Model) autoTitle() tea.Cmd {
	if m.sess == nil || m.info.Title != "" || m.titling {
		return nil
	}
	m.titling = true
	sess, ctx, id := m.sess, m.ctx, m.info.ID
	return func() tea.Msg {
		tctx, cancel := context.WithTimeout(ctx, titleTimeout)
		defer cancel()
		title, _ := sess.AutoTitle(tctx)
		return titledMsg{sessionID: id, title: title}
	}
}

func (m *Model) handleTitled(msg titledMsg) {
	m.titling = false
	if msg.sessionID == m.info.ID && m.info.Title == "" {
		m.info.Title = msg.title
	}
}

// Shutdown interrupts a running turn and waits (up to timeout) for the
// agent to save what it produced. Call it after the program stopped.
func (m *Model) Shutdown(timeout time.Duration) {
	r := m.run
	if r == nil {
		return
	}
	r.cancel()
	select {
	case <-r.done:
	case <-time.After(timeout):
	}
}

// handleEvents shows a batch of events from the bridge.
func (m *Model) handleEvents(msg eventsMsg) tea.Cmd {
	if m.run == nil || msg.run != m.run.id {
		return nil // a run that was left behind (it was interrupted and replaced)
	}
	var cmds []tea.Cmd
	for _, ev := range msg.events {
		if cmd, ok := m.approvalEvent(ev, msg.run); ok {
			cmds = append(cmds, cmd)
			continue
		}
		m.applyEvent(ev)
	}
	return tea.Batch(cmds...)
}

func (m *Model) applyEvent(ev agent.Event) {
	switch e := ev.(type) {
	case agent.TurnStarted:
		if e.Model != "" {
			m.info.Model = e.Model
		}
		if e.SessionID != "" {
			m.info.ID = e.SessionID
		}
	case agent.MessageSaved:
		addUsage(&m.info.Usage, e.Message.Usage)
		if e.Message.Role == "assistant" && e.Message.Usage.InputTokens > 0 {
			m.status.lastPrompt = promptTokens(e.Message.Usage)
		}
	case agent.Retrying:
		m.chat.DropStreamed()
		what := string(e.Class)
		if what == "" {
			what = "the call failed"
		}
		m.status.retryUntil = m.now().Add(e.Wait)
		m.status.retryText = strings.ReplaceAll(what, "_", " ")
		m.chat.AddRetry(fmt.Sprintf("%s: %s — retry %d of %d in %s", strings.ReplaceAll(what, "_", " "),
			m.opts.Redact(text.Error(e.Err)), e.Attempt, e.MaxRetries, chat.FormatDuration(e.Wait)))
		return
	case agent.FallbackActivated:
		m.chat.DropStreamed()
		m.info.Model = e.ToModel
		m.chat.AddRetry(fmt.Sprintf("%s/%s failed (%s); switched to %s/%s for this turn",
			e.FromProvider, e.FromModel, strings.ReplaceAll(string(e.Class), "_", " "), e.ToProvider, e.ToModel))
		return
	case agent.Compressed:
		m.info.ID = e.SessionID
		m.info.ParentID = e.ParentID
		m.chat.AddCompaction(e.Summary, compactionText(e))
		return
	case agent.LoopWarning:
		m.chat.AddNotice(fmt.Sprintf("the model called %s with the same arguments %d times in a row (the turn stops at %d)", e.Tool, e.Count, e.Limit), false)
		return
	case agent.Steered:
		m.steered(e)
	case agent.SteerReturned:
		m.steerReturned(e)
		return
	case agent.TurnDone:
		m.status.retryUntil = time.Time{}
		switch e.Reason {
		case agent.StopDenied:
			m.chat.AddNotice("stopped: three approval requests in a row were denied", false)
		case agent.StopLoop:
			m.chat.AddNotice("stopped: the model kept repeating the same tool call", true)
		}
	}
	m.chat.Apply(ev)
}

func compactionText(e agent.Compressed) string {
	switch {
	case e.SummarizedMessages > 0:
		s := fmt.Sprintf("compressed: %d older messages summarized (%s → %s tokens)", e.SummarizedMessages, text.Compact(e.TokensBefore), text.Compact(e.TokensAfter))
		if e.Mechanical {
			s += ", without the model"
		}
		return s
	case e.PrunedOutputs > 0:
		return fmt.Sprintf("compressed: %d old tool outputs cleared (%s → %s tokens)", e.PrunedOutputs, text.Compact(e.TokensBefore), text.Compact(e.TokensAfter))
	}
	return "compressed"
}

func addUsage(u *store.Usage, o store.Usage) {
	u.InputTokens += o.InputTokens
	u.OutputTokens += o.OutputTokens
	u.CacheReadTokens += o.CacheReadTokens
	u.CacheWriteTokens += o.CacheWriteTokens
	u.ReasoningTokens += o.ReasoningTokens
}

// Attachment limits: a bigger file is cut (the model is told); a binary
// file is not attached.
const maxAttachment = 256 << 10

// readAttachments reads the files a message names with @path and sends the
// message with them attached: images (@shot.png) as image parts, other
// files as text. Words that are not readable files stay text.
func readAttachments(cwd string, s input.Submitted) tea.Cmd {
	return func() tea.Msg {
		var (
			files  []attach.File
			images = llmImages(s.Images)
			failed []string
		)
		for _, p := range s.Files {
			path := input.ResolvePath(cwd, p)
			st, err := os.Stat(path)
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			if input.IsImageName(path) {
				img, err := input.ReadImage(path)
				if err != nil {
					failed = append(failed, p+": "+err.Error())
					continue
				}
				images = append(images, llm.Image{MediaType: img.MediaType, Data: img.Data})
				continue
			}
			f, err := os.Open(path)
			if err != nil {
				continue
			}
			data, err := io.ReadAll(io.LimitReader(f, maxAttachment+1))
			f.Close()
			if err != nil || bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
				continue
			}
			cut := len(data) > maxAttachment
			if cut {
				data = data[:maxAttachment]
			}
			files = append(files, attach.File{Path: p, Content: string(data), Truncated: cut})
		}
		msg := sendMsg{text: attach.Format(s.Text, files), images: images}
		if len(failed) > 0 {
			msg.flash = "not attached: " + strings.Join(failed, "; ")
		}
		return msg
	}
}

// llmImages converts the input's images for the agent.
func llmImages(imgs []input.Image) []llm.Image {
	if len(imgs) == 0 {
		return nil
	}
	out := make([]llm.Image, len(imgs))
	for i, img := range imgs {
		out[i] = llm.Image{MediaType: img.MediaType, Data: img.Data}
	}
	return out
}

// imageChips labels images for the transcript.
func imageChips(imgs []llm.Image) []string {
	if len(imgs) == 0 {
		return nil
	}
	st := make([]store.Image, len(imgs))
	for i, img := range imgs {
		st[i] = store.Image{MediaType: img.MediaType, Size: len(img.Data)}
	}
	return chat.ImageChips(st)
}
