package ui

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/approval"
	"github.com/herm-dev/herm/ui/chat"
	"github.com/herm-dev/herm/ui/input"
	"github.com/herm-dev/herm/ui/keys"
	memorypane "github.com/herm-dev/herm/ui/memory"
	"github.com/herm-dev/herm/ui/render"
	"github.com/herm-dev/herm/ui/sessions"
	skillspane "github.com/herm-dev/herm/ui/skills"
)

type focusArea int

const (
	focusInput focusArea = iota
	focusChat
	focusApproval // the approval prompt (approvals.go)
	focusFind     // the find bar (findbar.go)
)

// Model is the root of the UI.
type Model struct {
	ctx  context.Context
	opts Options
	keys keys.Map
	now  func() time.Time

	theme   *themes.Theme
	r       *render.Renderer
	profile colorprofile.Profile
	dark    bool

	width, height int
	chat          *chat.Pane
	input         *input.Model
	focus         focusArea
	overlays      []overlay

	// approval is the prompt docked above the input while a command waits
	// (approvals.go); focusBefore is the focus it took the keyboard from.
	approval    *approval.Prompt
	focusBefore focusArea
	mode        agent.ApprovalMode // the permission mode chosen here; "" = configured
	termBlurred bool               // the terminal reported losing focus
	osc777      bool               // notifications in OSC 777 rather than OSC 9 (notify.go)
	find        finder             // find in the transcript (findbar.go)
	pn          panelState         // the todo and tasks panels (panels.go)
	vim         vimState           // vim mode (vim.go)

	// sessions is the session browser (sessionspane.go), created when
	// first opened; browsing: it is shown instead of the chat and input.
	sessions *sessions.Pane
	browsing bool

	// send delivers messages from other goroutines (the agent bridge).
	send func(tea.Msg)

	sess    *agent.Session // nil until a session is opened or created
	info    store.Session  // what the status line shows of the session
	opening bool           // a session is being opened or created
	// connecting: Options.Connect is opening the agent in the background.
	connecting bool
	// whenConnected are panes asked for while connecting, opened once the
	// agent is there (session.go).
	whenConnected []func() tea.Cmd
	// afterStart are commands Init runs besides its own (Run's checks
	// that must not delay the first frame).
	afterStart []tea.Cmd
	titling    bool          // the agent is naming the session
	queued     []agent.Input // messages sent before the session (or turn) was ready (queue.go)
	draft      draftState    // busy mode, steering, the queue's selection (queue.go)

	run     *runState
	nextRun int
	status  statusState

	wheel        int
	wheelPending bool
	quitArmed    int // non-zero: ctrl+c was pressed once (a sequence number)
}

// New returns the root model. Call SetSender before the program runs.
func New(ctx context.Context, opts Options) *Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Redact == nil {
		opts.Redact = func(s string) string { return s }
	}
	if opts.Cwd == "" {
		opts.Cwd = workingDir()
	}
	m := &Model{ctx: ctx, opts: opts, keys: keys.Default(), now: opts.Now, dark: !opts.LightBackground, profile: opts.Profile}
	if m.profile == colorprofile.Unknown {
		m.profile = colorprofile.TrueColor
	}
	opts.Warnings = append(opts.Warnings, m.applyKeyOverrides()...) // before the panes copy the map
	m.vim.on = opts.VimMode
	m.theme = themes.Select(m.themeOptions())
	m.r = render.New(m.theme)
	m.chat = chat.New(m.r, m.keys)
	m.chat.Now = opts.Now
	m.chat.Redact = opts.Redact
	m.chat.LoadOlder = m.loadOlder
	m.chat.LoadNewer = m.loadNewer
	m.input = input.New(m.theme, m.keys)
	m.input.Cwd = opts.Cwd
	m.initDraft()
	m.approval = m.newApprovalPrompt()
	m.send = func(tea.Msg) {}
	m.connecting = opts.Agent == nil && opts.Connect != nil
	m.info.Model = opts.Model
	if opts.Agent != nil {
		m.info.Model = opts.Agent.Model
	}
	if opts.Agent != nil || m.connecting {
		m.opening = opts.Resume != "" || opts.Continue
	}
	for _, w := range opts.Warnings {
		m.chat.AddNotice("config: "+w, false)
	}
	m.openSafetyPrompts()
	return m
}

// SetSender sets how messages from other goroutines reach the program
// (program.Send).
func (m *Model) SetSender(send func(tea.Msg)) { m.send = send }

// Init starts loading the session (when resuming) and asks the terminal
// for its background colour.
func (m *Model) Init() tea.Cmd {
	cmds := append([]tea.Cmd{tea.RequestBackgroundColor, m.refreshSkillCommands()}, m.afterStart...)
	switch {
	case m.connecting:
		cmds = append(cmds, m.connect())
	case m.opening:
		cmds = append(cmds, m.loadSession(m.opts.Resume))
	}
	return tea.Batch(cmds...)
}

// Update routes a message. Each case is small; the work lives with the
// area it concerns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.layout()
		return m, m.resizePanes()
	case tea.BackgroundColorMsg:
		m.dark = msg.IsDark()
		m.applyTheme()
		return m, nil
	case tea.ColorProfileMsg:
		m.profile = msg.Profile
		m.applyTheme()
		return m, nil
	case tea.KeyPressMsg:
		return m, m.handleKey(msg)
	case tea.PasteMsg:
		if len(m.overlays) > 0 {
			return m, m.pasteToOverlay(msg)
		}
		if m.browsing {
			return m, m.sessions.Paste(msg.Content)
		}
		if m.focus == focusApproval && m.approval.Editing() {
			return m, m.approvalResult(m.approval.Paste(msg))
		}
		if m.focus == focusFind {
			return m, m.pasteToFind(msg.Content)
		}
		m.setFocus(focusInput)
		_, cmd := m.input.Update(msg)
		m.layout()
		return m, cmd
	case tea.MouseWheelMsg:
		return m, m.handleWheel(msg)
	case wheelFlushMsg:
		m.wheelPending = false
		d := m.wheel
		m.wheel = 0
		if m.browsing {
			return m, m.sessions.Scroll(d / wheelLines)
		}
		return m, m.chat.Scroll(d)
	case eventsMsg:
		return m, tea.Batch(m.panelEvents(msg), m.handleEvents(msg))
	case panelTickMsg, taskKilledMsg, pickerMsg, usageMsg:
		return m, m.routePanels(msg)
	case endpointModelsMsg:
		m.handleEndpointModels(msg)
		return m, nil
	case chat.OlderLoadedMsg:
		return m, m.chat.HandleOlder(msg)
	case chat.NewerLoadedMsg:
		return m, m.chat.HandleNewer(msg)
	case sessions.Msg:
		return m, m.sessions.Handle(msg)
	case sessions.OpenMsg:
		return m, m.handleOpenSession(msg)
	case sessions.ChangedMsg:
		return m, m.handleSessionChanged(msg)
	case sessionJumpMsg:
		return m, m.handleSessionJump(msg)
	case tickMsg:
		return m, m.handleTick()
	case flashExpiredMsg:
		if msg.seq == m.status.flashSeq {
			m.status.flash = ""
		}
		return m, nil
	case quitDisarmMsg:
		if msg.seq == m.quitArmed {
			m.quitArmed = 0
		}
		return m, nil
	case connectedMsg:
		m.opts.Terminal = msg.b.Terminal
		return m, tea.Batch(m.handleConnected(msg), m.refreshSkillCommands())
	case sessionLoadedMsg:
		return m, m.handleSessionLoaded(msg)
	case sessionOpenedMsg:
		return m, m.handleSessionOpened(msg)
	case sessionCreatedMsg:
		return m, m.handleSessionCreated(msg)
	case sendMsg:
		return m, m.handleSend(msg)
	case runExitedMsg:
		return m, tea.Batch(m.notifyTurnDone(msg), m.handleRunExited(msg), m.afterTurn())
	case transcriptMsg:
		return m, m.handleTranscriptMsg(msg)
	case draftMsg:
		return m, m.handleDraftMsg(msg)
	case input.FlashMsg: // the input's stash, editor, clipboard
		return m, m.flashFor(msg.Text, 5*time.Second)
	case memorypane.Msg, skillspane.Msg, skillCommandsMsg:
		return m, m.routeKnowledge(msg)
	case commandResultMsg:
		return m, m.handleCommandResult(msg)
	case titledMsg:
		m.handleTitled(msg)
		return m, nil
	case clipboardMsg:
		return m, m.flash(msg.text)
	case approval.Msg:
		return m, m.approvalMsg(msg)
	case safetyConfirmedMsg:
		return m, m.handleSafetyConfirmed(msg)
	case permissionsMsg:
		return m, m.handlePermissions(msg)
	case tea.FocusMsg:
		m.termBlurred = false
		return m, nil
	case tea.BlurMsg:
		m.termBlurred = true
		return m, nil
	}
	// Anything else belongs to the input (its directory listings).
	_, cmd := m.input.Update(msg)
	return m, cmd
}

// View draws the screen: the chat, the completion menu over its bottom,
// a separator, the input and the status line; overlays on top.
func (m *Model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.ReportFocus = true // an approval waiting in an unfocused terminal notifies
	v.WindowTitle = m.windowTitle()
	if m.width == 0 || m.height == 0 {
		return v
	}
	if m.browsing {
		lines := m.sessionsView()
		if len(m.overlays) > 0 {
			lines = placeOverlay(lines, m.overlays[len(m.overlays)-1].View(m), m.width, m.height)
		}
		v.SetContent(strings.Join(lines, "\n"))
		return v
	}
	main := m.mainView()
	lines := strings.Split(main, "\n")
	lines = append(lines, m.panelsView()...) // todo, tasks (panels.go)
	if menu := m.input.MenuView(m.width); menu != "" {
		ml := strings.Split(menu, "\n")
		if start := len(lines) - len(ml); start >= 0 {
			copy(lines[start:], ml)
		}
	}
	promptTop := len(lines)
	if p := m.approval.View(m.width, m.promptMax()); p != "" {
		lines = append(lines, strings.Split(p, "\n")...)
	}
	lines = append(lines, m.draftLines()...) // queue, steering, stash (queue.go)
	inputTop := len(lines) + 1
	lines = append(lines, m.separator())
	lines = append(lines, strings.Split(m.input.View(), "\n")...)
	lines = append(lines, m.statusLine())
	if len(m.overlays) > 0 {
		lines = placeOverlay(lines, m.overlays[len(m.overlays)-1].View(m), m.width, m.height)
	} else if c := m.input.Cursor(); c != nil && m.focus == focusInput {
		c.Y += inputTop
		v.Cursor = c
	} else if c := m.approval.Cursor(); c != nil && m.focus == focusApproval {
		c.Y += promptTop
		v.Cursor = c
	}
	v.SetContent(strings.Join(lines, "\n"))
	return v
}

// mainView is the area above the input: the chat, or the onboarding
// screen when there is no agent, or a welcome on an empty chat.
func (m *Model) mainView() string {
	h := m.chatHeight()
	switch {
	case m.opts.Agent == nil && !m.connecting:
		return m.onboardingView(m.width, h)
	case m.chat.Empty() && !m.opening:
		return m.welcomeView(m.width, h)
	}
	return m.chat.View()
}

func (m *Model) chatHeight() int {
	return max(m.height-m.input.Height()-2-m.approval.Height(m.width, m.promptMax())-m.panelHeight()-len(m.draftLines()), 1)
}

// promptMax is the most rows the approval prompt may take.
func (m *Model) promptMax() int { return max(m.height-m.input.Height()-4, 6) }

// layout sizes the panes after the window or the input's height changed.
func (m *Model) layout() {
	if m.width == 0 {
		return
	}
	m.input.SetWidth(m.width)
	m.chat.SetSize(m.width, m.chatHeight())
	if m.sessions != nil {
		m.sessions.SetSize(m.width, m.height-1)
	}
}

// applyTheme picks the theme for the terminal's background and colour
// depth and hands it to every pane.
func (m *Model) applyTheme() {
	if themes.Choose(m.themeOptions()) == m.theme.Name {
		return
	}
	th := themes.Select(m.themeOptions())
	m.theme = th
	m.r = render.New(th)
	m.chat.SetRenderer(m.r)
	m.input.SetTheme(th)
	if m.sessions != nil {
		m.sessions.SetTheme(th)
	}
	m.approval.SetRenderer(m.r)
}

func (m *Model) themeOptions() themes.Options {
	return themes.Options{Name: m.opts.Theme, User: m.opts.UserThemes, DarkBackground: m.dark, Profile: m.profile}
}

func (m *Model) setFocus(f focusArea) {
	m.focus = f
	if f != focusApproval {
		m.approval.Blur()
	}
	if f == focusApproval {
		m.input.Blur()
		m.input.CloseMenu()
		m.chat.SetFocused(false)
	} else if f == focusInput {
		m.input.Focus()
		m.chat.SetFocused(false)
	} else {
		m.input.Blur()
		m.input.CloseMenu()
		m.chat.SetFocused(true)
	}
}

func (m *Model) separator() string {
	if bar := m.transcriptBar(); bar != "" {
		return bar
	}
	hint := ""
	if m.focus == focusChat {
		hint = " chat · ↑↓ select · enter expand · y copy · tab input "
		if m.approval.Pending() {
			hint = " chat · ↑↓ select · enter expand · tab back to the approval "
		}
	}
	w := m.width - render.Width(hint)
	line := strings.Repeat("─", max(w, 0))
	if hint != "" && w > 2 {
		line = "──" + hint + strings.Repeat("─", w-2)
	}
	return render.Paint(render.Open(m.theme.Chrome.Separator), render.Truncate(line, m.width, ""))
}

func (m *Model) windowTitle() string {
	t := "herm"
	if m.info.Title != "" {
		t = m.info.Title + " · herm"
	}
	return t
}

// wheelFlushMsg applies the scrolling gathered from wheel events.
type wheelFlushMsg struct{}

// wheelLines is how far one wheel notch scrolls.
const wheelLines = 3

// handleWheel gathers wheel events and scrolls once per frame: a fast
// wheel sends dozens of events and each would otherwise redraw.
func (m *Model) handleWheel(msg tea.MouseWheelMsg) tea.Cmd {
	switch msg.Button {
	case tea.MouseWheelUp:
		m.wheel -= wheelLines
	case tea.MouseWheelDown:
		m.wheel += wheelLines
	default:
		return nil
	}
	if m.wheelPending {
		return nil
	}
	m.wheelPending = true
	return tea.Tick(frame, func(time.Time) tea.Msg { return wheelFlushMsg{} })
}
