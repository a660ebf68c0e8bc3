// Command herm is an autonomous AI agent: a full-screen terminal UI, a
// one-shot command line (herm chat -q), and a headless messaging gateway,
// all driving the same agent, tools and SQLite session store.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:]))
}

// exitError carries a process exit status through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func run(args []string) int {
	root := newRootCmd()
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(os.Stderr, "herm:", ee.err)
		}
		return ee.code
	}
	fmt.Fprintln(os.Stderr, "herm:", err)
	return 1
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "herm",
		Short:         "An autonomous AI agent for your terminal and your chats",
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
	}
	tui := registerTUI(root)
	headless := root.Flags().Bool("headless", false, "run the messaging gateway and cron instead of the UI (same as herm gateway run)")
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if *headless {
			return runHeadless(cmd, tui.flags.Flags)
		}
		return runTUI(cmd, tui)
	}
	root.SetVersionTemplate("herm {{.Version}}\n")
	root.AddCommand(newChatCmd(), newConfigCmd(), newMemoryCmd(), newSkillsCmd(), newPromptCmd(), newImportCmd(), newApprovalsCmd(), newGuardCmd(), newSessionsCmd(), newGatewayCmd(), newPairingCmd(), newCronCmd())
	return root
}
