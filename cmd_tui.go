package main

import (
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/config"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui"
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
		return &exitError{code: 2, err: errors.New("use either --resume ID or --continue, not both")}
	}
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		return &exitError{code: 2, err: errors.New("the full-screen UI needs a terminal; for scripts use: herm chat -q \"PROMPT\"")}
	}
	ui.Prewarm() // overlaps opening the store
	ctx := cmd.Context()
	opts := ui.Options{Resume: o.resume, Continue: o.cont}
	s, err := config.Load(o.flags.Flags)
	switch {
	case err != nil:
		opts.Setup = err
	default:
		opts.Theme = s.Display.Theme
		if !themes.Known(opts.Theme) {
			opts.Warnings = append(opts.Warnings, "display.theme "+opts.Theme+" is not a built-in theme (auto, dark, light); using auto")
		}
		for _, w := range s.Warnings {
			opts.Warnings = append(opts.Warnings, w.String())
		}
		if _, err := s.Endpoint(); err != nil {
			opts.Setup = err
			break
		}
		a, err := openApp(ctx, o.flags.Flags)
		if err != nil {
			opts.Setup = err
			break
		}
		defer a.Close()
		opts.Agent, opts.Store = a.agent, a.store
		opts.Redact = a.redact.Replace
		opts.ContextWindow = a.agent.ContextLength
		opts.Provider = a.agent.Provider.Name()
	}
	return ui.Run(ctx, opts)
}
