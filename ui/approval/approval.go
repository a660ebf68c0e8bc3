// Package approval is the TUI's approval prompt: the commands (and
// sensitive file writes) the agent waits to run, one at a time, docked
// above the input so the transcript stays readable while it waits.
//
// It shows the command highlighted as bash with the risky spans marked
// (a write: its diff, or a new file's content), the guard's findings, the
// working directory and backend, and the time left. Its answers are a
// menu: once, for the session, always for the findings or for the exact
// command, edit first, deny. An answer takes a deliberate key: the arrows
// and enter, esc to deny, or a letter (y s a A e n) only once the person
// moved the keyboard to the prompt (Focus); a prompt that appears under
// someone's hands (Offer) leaves typed text to the caller, for the input,
// so a sentence typed as it appears never answers it. "Always" asks again
// before a grant is saved. An edit (e, or ctrl+g in $VISUAL/$EDITOR) is
// analysed again and shown with its verdict before it can be approved,
// and a block-level edit cannot be. Keys pressed in the moment after a
// request appears (or after the prompt gets the keyboard back, or asks
// again) are ignored: they were meant for something else. Several pending
// requests queue ("1 of 3").
package approval

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// Grace is how long keys are ignored after a request reaches the front of
// the queue, its verdict changes, or the prompt gets the keyboard back.
const Grace = 400 * time.Millisecond

// Options configure a Prompt.
type Options struct {
	Renderer *render.Renderer
	Keys     keys.Map
	// Now is the clock; nil is time.Now.
	Now func() time.Time
	// Analyze rates an edited command as the agent will before running it
	// (agent.Agent.AnalyzeCommand); nil uses the guard without knowledge of
	// the machine.
	Analyze func(command, cwd string) guard.Verdict
	// Redact hides secrets in what a write's diff shows; nil shows it
	// as it is.
	Redact func(string) string
}

// item is one pending request.
type item struct {
	ev  agent.ApprovalRequested
	run int // the UI's run it belongs to
	// edited is the command as the person edited it ("" when not); its
	// verdict replaces the request's.
	edited  string
	verdict guard.Verdict
	version int     // bumped by each edit
	sel     int     // the answer chosen in the menu (an index of choices)
	view    cmdView // cached drawing of the command
	viewKey viewKey
	// diff is the write's preview drawn, cached like view.
	diff    []string
	diffKey viewKey
}

type viewKey struct {
	width, rows int
	gen         int
	valid       bool
}

func (it *item) command() string {
	if it.edited != "" {
		return it.edited
	}
	return it.ev.Request.Command
}

func (it *item) editable() bool {
	return it.ev.Request.Kind == agent.KindCommand || it.ev.Request.Kind == ""
}

// Prompt is the queue of pending requests and the prompt for its first.
type Prompt struct {
	r       *render.Renderer
	gen     int
	keys    keys.Map
	now     func() time.Time
	analyze func(command, cwd string) guard.Verdict
	redact  func(string) string

	queue   []*item
	focused bool
	// armed: the person moved the keyboard here, so letters answer too.
	armed bool
	grace time.Time // keys are ignored until then
	seq   int       // tells grace timers apart

	// confirming: "always" was chosen for the request shown and the
	// prompt asks again before a grant is saved; confirmExact says which
	// always, confirmBack that the menu's choice is "go back".
	confirming, confirmExact, confirmBack bool

	editing bool
	// ta is the command editor, built by the first openEditor: most
	// prompts are never edited, and a textarea is costly to make.
	ta    textarea.Model
	hasTA bool

	// frame is the last drawing, reused while nothing it shows changed.
	frame struct {
		key frameKey
		out string
	}
}

// New returns an empty prompt.
func New(o Options) *Prompt {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Analyze == nil {
		o.Analyze = func(command, cwd string) guard.Verdict {
			return guard.AnalyzeWith(command, guard.Options{Cwd: cwd})
		}
	}
	if o.Redact == nil {
		o.Redact = func(s string) string { return s }
	}
	return &Prompt{r: o.Renderer, keys: o.Keys, now: o.Now, analyze: o.Analyze, redact: o.Redact}
}

// SetRenderer switches the theme.
func (p *Prompt) SetRenderer(r *render.Renderer) {
	p.r = r
	p.gen++
	if p.hasTA {
		styleEditor(&p.ta, r)
	}
}

// Pending reports whether a request waits.
func (p *Prompt) Pending() bool { return len(p.queue) > 0 }

// Len is the number of pending requests.
func (p *Prompt) Len() int { return len(p.queue) }

// Editing reports whether the command editor is open.
func (p *Prompt) Editing() bool { return p.editing }

// Focused reports whether the prompt has the keyboard.
func (p *Prompt) Focused() bool { return p.focused }

// Armed reports whether its letter keys answer: the person moved the
// keyboard to the prompt (Focus) rather than the prompt appearing (Offer).
func (p *Prompt) Armed() bool { return p.focused && p.armed }

// Confirming reports whether the prompt asks again before saving a grant.
func (p *Prompt) Confirming() bool { return p.confirming }

// graceMsg ends a grace period (its only effect is a redraw).
type graceMsg struct{ seq int }

func (graceMsg) approvalMsg() {}

// Msg is a message for the prompt (its timers and the external editor);
// the root model routes every Msg to Update.
type Msg interface{ approvalMsg() }

// startGrace ignores keys for Grace from now.
func (p *Prompt) startGrace() tea.Cmd {
	p.seq++
	p.grace = p.now().Add(Grace)
	seq := p.seq
	return tea.Tick(Grace, func(time.Time) tea.Msg { return graceMsg{seq: seq} })
}

// InGrace reports whether keys are still being ignored.
func (p *Prompt) InGrace() bool { return p.now().Before(p.grace) }

// Add queues a request of run. The command returned ends the grace period
// when the request is the one shown.
func (p *Prompt) Add(ev agent.ApprovalRequested, run int) tea.Cmd {
	for _, it := range p.queue {
		if it.ev.Request.ID == ev.Request.ID {
			return nil
		}
	}
	it := &item{ev: ev, run: run, verdict: ev.Request.Verdict}
	it.sel = defaultChoice(it)
	p.queue = append(p.queue, it)
	if len(p.queue) == 1 {
		return p.startGrace()
	}
	return nil
}

// Request returns the pending request id.
func (p *Prompt) Request(id string) (agent.ApprovalRequest, bool) {
	for _, it := range p.queue {
		if it.ev.Request.ID == id {
			return it.ev.Request, true
		}
	}
	return agent.ApprovalRequest{}, false
}

// Resolve drops the request id (answered elsewhere, timed out or
// cancelled). It reports whether it was pending.
func (p *Prompt) Resolve(id string) (bool, tea.Cmd) {
	for i, it := range p.queue {
		if it.ev.Request.ID == id {
			return true, p.remove(i)
		}
	}
	return false, nil
}

// DropRun drops the requests of a run that ended.
func (p *Prompt) DropRun(run int) {
	if len(p.queue) > 0 && p.queue[0].run == run {
		p.editing, p.confirming = false, false
	}
	kept := p.queue[:0]
	for _, it := range p.queue {
		if it.run != run {
			kept = append(kept, it)
		}
	}
	clear(p.queue[len(kept):])
	p.queue = kept
}

// remove drops the i-th request; when it was the one shown, the next one
// starts its grace period.
func (p *Prompt) remove(i int) tea.Cmd {
	p.queue = append(p.queue[:i], p.queue[i+1:]...)
	if i != 0 {
		return nil
	}
	p.editing, p.confirming = false, false
	if len(p.queue) > 0 {
		return p.startGrace()
	}
	return nil
}

// Focus gives the prompt the keyboard because the person moved it here
// (tab, esc from the chat, the palette): its letter keys answer as well as
// the menu's. A grace period starts.
func (p *Prompt) Focus() tea.Cmd {
	p.armed = true
	return p.focus()
}

// Offer gives the prompt the keyboard as a request appears, before anyone
// chose it: the menu's keys (arrows, enter, esc) answer, and typed text
// is not the prompt's — Update leaves it unhandled, for the input. A
// grace period starts.
func (p *Prompt) Offer() tea.Cmd {
	p.armed = false
	return p.focus()
}

func (p *Prompt) focus() tea.Cmd {
	p.focused = true
	if p.editing {
		p.ta.Focus()
	}
	return p.startGrace()
}

// Blur takes the keyboard away.
func (p *Prompt) Blur() {
	p.focused, p.armed = false, false
	if p.hasTA {
		p.ta.Blur()
	}
}

// Answered says how the person answered a request.
type Answered struct {
	Request agent.ApprovalRequest
	Answer  agent.ApprovalAnswer
	// Taken is false when the request had already been resolved (by the
	// deadline or another front end).
	Taken bool
}

// Result is what a key did.
type Result struct {
	// Handled: the key was the prompt's (even if ignored in the grace
	// period); the root must not use it.
	Handled bool
	Cmd     tea.Cmd
	// Answered is set when the request shown was answered.
	Answered *Answered
	// Flash is a short message for the status line.
	Flash string
	// Layout: the prompt's height may have changed.
	Layout bool
}

// Update handles a key while the prompt has the keyboard, or a Msg.
func (p *Prompt) Update(msg tea.Msg) Result {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case graceMsg:
		return Result{}
	case Msg:
		return p.editorMsg(msg)
	}
	return Result{}
}

// Paste inserts pasted text into the editor when it is open.
func (p *Prompt) Paste(msg tea.PasteMsg) Result {
	if !p.editing {
		return Result{}
	}
	var cmd tea.Cmd
	p.ta, cmd = p.ta.Update(msg)
	return Result{Handled: true, Cmd: cmd, Layout: true}
}

// setEdit applies an edited command: analysed again, shown with its
// verdict, and approvable only after a fresh grace period.
func (p *Prompt) setEdit(text string) Result {
	if len(p.queue) == 0 {
		return Result{}
	}
	it := p.queue[0]
	text = strings.TrimSpace(text)
	switch text {
	case "":
		return Result{Handled: true, Flash: "the command is empty — esc keeps the one asked for", Layout: true}
	case it.ev.Request.Command:
		it.edited, it.verdict = "", it.ev.Request.Verdict
	default:
		it.edited, it.verdict = text, p.analyze(text, it.ev.Request.Cwd)
	}
	it.viewKey.valid = false
	it.version++
	it.sel = defaultChoice(it)
	p.editing = false
	p.ta.Blur()
	return Result{Handled: true, Cmd: p.startGrace(), Layout: true}
}
