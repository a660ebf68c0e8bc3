// Package ui is herm's full-screen terminal interface, built on Bubble Tea.
//
// The root Model owns the layout (chat pane, completion menu, input, status
// line, side panels), focus, and a stack of overlays (help, command
// palette, the session browser, skill editor and memory viewer, pickers).
// Panes are plain structs with their own Update and View in subpackages:
// ui/chat draws the conversation, ui/input edits the next message,
// ui/approval asks for approvals, ui/sessions, ui/skills and ui/memory are
// the panes of those names; ui/keys is the one key map and ui/render turns
// markdown and code into styled lines. Agent events reach the model
// through an agent.Queue whose deliveries call program.Send. Update never
// does I/O: store reads, session changes and turns run in tea.Cmds.
//
// The UI never reaches past the agent: it starts turns and answers
// approvals through the agent's API, reads history through the store, and
// never runs a tool or a command itself (only the person's $EDITOR).
package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/tools/terminal"
	"github.com/herm-dev/herm/ui/keys"
)

// Options configure the UI.
type Options struct {
	// Agent runs turns; nil (without Connect) opens the onboarding screen,
	// which shows Setup.
	Agent *agent.Agent
	// Connect, when set (and Agent is nil), opens the agent in the
	// background: the first frame does not wait for the store. Messages
	// sent before it returns wait for it; an error shows on the onboarding
	// screen.
	Connect func(context.Context) (Backend, error)
	// Model names the model in the status line until the agent is ready.
	Model string
	// Setup explains why there is no agent (no provider configured, a bad
	// config file).
	Setup error
	// Store is the session store (nil without an agent).
	Store *store.Store
	// Resume opens this session; Continue opens the latest one.
	Resume   string
	Continue bool
	// Theme is the display.theme setting: auto, a built-in theme's name
	// or a user theme's.
	Theme string
	// UserThemes are the themes read from HERM_HOME/themes.
	UserThemes []themes.User
	// ContextWindow is the model's context size in tokens, for the status
	// line's fill percentage; 0 hides it.
	ContextWindow int
	// Provider names the provider for the status line and /model.
	Provider string
	// Redact hides secrets in anything shown (errors, notices).
	Redact func(string) string
	// Warnings from loading the configuration, shown once in the chat.
	Warnings []string
	// Held are the settings config.yaml lowers without the person's
	// confirmation; the UI asks about each at start (safety.go) and
	// records a yes with ConfirmSafety. Nil ConfirmSafety asks nothing.
	Held          []config.Held
	ConfirmSafety func(context.Context, config.Held) error
	// Cwd resolves @paths; empty uses the process's working directory.
	Cwd string
	// Now is the clock (tests fix it); nil is time.Now.
	Now func() time.Time
	// Profile is the terminal's colour depth; Run detects it when Unknown
	// (the program reports it again once running).
	Profile colorprofile.Profile
	// LightBackground is the guess of the terminal's background until it
	// answers (Run guesses from COLORFGBG).
	LightBackground bool
	// Busy is display.busy: what a message sent while the agent works
	// does — "interrupt" (the default), "queue" or "steer" (queue.go).
	Busy string
	// Home is HERM_HOME: /export writes to Home/exports, and a copy made
	// without a clipboard tool is kept in Home/cache/clipboard.txt.
	Home string
	// Clipboard writes to the system clipboard; nil uses the system's
	// tool (xclip, xsel, wl-copy, pbcopy). Tests replace it.
	Clipboard func(text string) error
	// NotifyAfter is display.notify_after: a turn that took longer rings
	// the bell and posts a notification when it ends while the terminal
	// is not focused. Zero is the default (10 s); negative never notifies.
	NotifyAfter time.Duration
	// Terminal is the terminal tool's backend: the tasks panel lists and
	// kills its background processes. Nil shows the foreground tool only.
	Terminal *terminal.Backend
	// KeyOverrides are the config's keys: map; New applies them to the
	// key map and shows what it refused as a warning.
	KeyOverrides []keys.Override
	// VimMode starts the input in vim mode (display.vim_mode; /vim).
	VimMode bool
	// StatusSegments are display.status_segments: what the status line
	// shows on its right, most important first. Empty is the default set.
	StatusSegments []string
}

// Backend is what Connect opens.
type Backend struct {
	Agent         *agent.Agent
	Store         *store.Store
	Redact        func(string) string
	ContextWindow int
	Provider      string
	Terminal      *terminal.Backend
	// Warnings are problems found while opening the agent that did not
	// stop it (a fallback provider that cannot be used…), shown once in
	// the chat like Options.Warnings.
	Warnings []string
}

// Run opens the UI on the terminal and returns when the person quits. A
// running turn is interrupted and saved before Run returns.
func Run(ctx context.Context, opts Options, progOpts ...tea.ProgramOption) error {
	env := os.Environ()
	laterCheck := false
	if opts.Profile == colorprofile.Unknown {
		opts.Profile, laterCheck = detectProfile(env)
	}
	opts.LightBackground = opts.LightBackground || !themes.GuessDark(os.Getenv)
	m := New(ctx, opts)
	m.osc777 = prefersOSC777(os.Getenv)
	if laterCheck {
		m.afterStart = append(m.afterStart, laterProfile(env, opts.Profile))
	}
	// Size the model now: the program's first render then draws the whole
	// screen instead of waiting for its size message and the next frame.
	if w, h, err := term.GetSize(os.Stdout.Fd()); err == nil && w > 0 && h > 0 {
		m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	}
	base := []tea.ProgramOption{tea.WithContext(ctx), tea.WithColorProfile(opts.Profile)}
	p := tea.NewProgram(m, append(base, progOpts...)...)
	m.SetSender(p.Send)
	_, err := p.Run()
	m.Shutdown(5 * time.Second)
	// SIGINT (when the input is not a terminal in raw mode) and a cancelled
	// context end the UI like quitting does.
	if errors.Is(err, tea.ErrInterrupted) || errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the terminal UI failed: %w", err)
	}
	return nil
}

// detectProfile finds the terminal's colour depth from the environment.
// The full detection also reads the terminfo database (~1 ms of decoding)
// and, inside tmux, runs `tmux info` (20–30 ms), both on the way to the
// first frame — twice: once here, once in Bubble Tea — for what can only
// raise a 256-colour profile to true colour. So both are left out here and
// checked after the first frame (laterProfile); later=true says to.
func detectProfile(env []string) (p colorprofile.Profile, later bool) {
	if !term.IsTerminal(os.Stdout.Fd()) {
		return colorprofile.Detect(os.Stdout, env), false
	}
	p = colorprofile.Env(env) // what Detect starts from on a terminal
	return p, p >= colorprofile.ANSI && p < colorprofile.TrueColor
}

// laterProfile runs the full detection (terminfo, and tmux's answer on
// whether it passes true colour through); if it finds more colours, the
// program switches to them (a ColorProfileMsg reaches the renderer and the
// theme).
func laterProfile(env []string, have colorprofile.Profile) tea.Cmd {
	return func() tea.Msg {
		if p := colorprofile.Detect(os.Stdout, env); p > have {
			return tea.ColorProfileMsg{Profile: p}
		}
		return nil
	}
}

func workingDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}
