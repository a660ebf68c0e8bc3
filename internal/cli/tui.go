package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui"
	"github.com/herm-dev/herm/ui/keys"
)

// tuiOptions are the root command's flags: `herm` opens the full-screen UI.
type tuiOptions struct {
	flags  agentFlags
	resume string
	cont   bool
}

// registerTUI adds the UI's flags to the root command.
func registerTUI(root *cobra.Command) *tuiOptions {
	o := &tuiOptions{}
	o.flags.register(root)
	f := root.Flags()
	f.StringVar(&o.resume, "resume", "", "open the session with this ID")
	f.BoolVarP(&o.cont, "continue", "c", false, "open the most recent session")
	return o
}

// runTUI opens the UI. Without a configured model it still opens, on a
// screen that explains how to configure one.
func runTUI(cmd *cobra.Command, o *tuiOptions) error {
	if o.resume != "" && o.cont {
		return usageError("use either --resume ID or --continue, not both")
	}
	if !term.IsTerminal(os.Stdin.Fd()) || !term.IsTerminal(os.Stdout.Fd()) {
		return usageError("the full-screen UI needs a terminal; for scripts use: herm chat -q \"PROMPT\"")
	}
	ctx := cmd.Context()
	opts := ui.Options{Resume: o.resume, Continue: o.cont}
	// The UI shows what the settings warn about in the chat: stderr is
	// hidden behind the full screen.
	var configWarnings []string
	s, err := loadSettings(o.flags.Flags, func(msg string) { configWarnings = append(configWarnings, msg) })
	if err != nil {
		opts.Setup = err
		return ui.Run(ctx, opts)
	}
	opts.Theme = s.Display.Theme
	opts.VimMode, opts.StatusSegments, opts.KeyOverrides = s.Display.VimMode, s.Display.StatusSegments, keyOverrides(s.Keys)
	opts.Home = string(s.Home)
	opts.Busy = s.Display.Busy
	opts.NotifyAfter = -1 // display.notify_after: 0 turns notifications off
	if s.Display.NotifyAfter > 0 {
		opts.NotifyAfter = time.Duration(s.Display.NotifyAfter) * time.Second
	}
	userThemes, themeErrs, themeWarnings := themes.LoadUser(filepath.Join(string(s.Home), "themes"))
	opts.UserThemes = userThemes
	for _, err := range themeErrs {
		opts.Warnings = append(opts.Warnings, err.Error())
	}
	for _, w := range themeWarnings {
		opts.Warnings = append(opts.Warnings, w.String())
	}
	if !themes.Known(opts.Theme, userThemes) {
		opts.Warnings = append(opts.Warnings, "display.theme "+opts.Theme+" is neither a built-in theme nor one in "+filepath.Join(string(s.Home), "themes")+"; using auto")
	}
	opts.Warnings = append(opts.Warnings, configWarnings...)
	opts.Held, opts.ConfirmSafety = s.Held, tuiConfirm(s.Home)
	ep, err := s.Endpoint()
	if err != nil {
		opts.Setup = err
		return ui.Run(ctx, opts)
	}
	opts.Model = ep.Model

	// The agent opens in the background after the first frame (opening
	// the store is the slowest part of starting); what it warns about (a
	// fallback that cannot be used, bundled skills not installed) is shown
	// in the chat once it is open.
	var bg backgroundApp
	defer bg.close()
	opts.Connect = func(ctx context.Context) (ui.Backend, error) {
		var warnings []string
		a, err := openApp(ctx, s, func(msg string) { warnings = append(warnings, msg) })
		if err != nil {
			return ui.Backend{}, err
		}
		if !bg.keep(a) {
			return ui.Backend{}, errors.New("herm is quitting")
		}
		b := backendOf(a)
		b.Warnings = warnings
		return b, nil
	}
	return ui.Run(ctx, opts)
}

func backendOf(a *app) ui.Backend {
	return ui.Backend{Agent: a.agent, Store: a.store, Redact: a.redact.Replace,
		ContextWindow: a.agent.ContextLength, Provider: a.agent.Provider.Name(), Terminal: a.terminal}
}

// keyOverrides turns the config's keys: map into the key map's overrides.
func keyOverrides(kb config.KeyBindings) []keys.Override {
	out := make([]keys.Override, 0, len(kb))
	for action, b := range kb {
		out = append(out, keys.Override{Action: action, Keys: b.Keys, File: b.File, Line: b.Line})
	}
	return out
}

// backgroundApp hands an app opened in the background to the code that
// closes it when the UI ends, whichever comes first.
type backgroundApp struct {
	mu     sync.Mutex
	app    *app
	closed bool
}

// keep takes a; it reports false (and closes a) when the UI already ended.
func (b *backgroundApp) keep(a *app) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		a.Close()
		return false
	}
	b.app = a
	return true
}

func (b *backgroundApp) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.closed = true
	if b.app != nil {
		b.app.Close()
	}
}
