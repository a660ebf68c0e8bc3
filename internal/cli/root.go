package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Main runs herm with the command line args (without the program name)
// and returns the process's exit status (see exit.go). version is what
// `herm --version` prints.
func Main(version string, args []string) int {
	root := newRootCmdFor(version, args)
	root.SetArgs(args)
	return exitStatus(os.Stderr, root.Execute())
}

// newRootCmd returns herm's command tree with every subcommand.
func newRootCmd(version string) *cobra.Command {
	root := newRootOnly(version)
	root.AddCommand(buildCommands(subcommands())...)
	return root
}

// newRootCmdFor returns the command tree that args need: only the
// subcommand they name, or none when they hold only the root command's
// flags (the UI, --version). Building all of them — some 250 flags — is
// ~1 ms of every start, the UI's included. Help, completion, and anything
// not recognised get the whole tree, so cobra's help, completions and
// "did you mean" suggestions stay as they were.
func newRootCmdFor(version string, args []string) *cobra.Command {
	root := newRootOnly(version)
	root.AddCommand(buildCommands(commandsFor(root, args))...)
	return root
}

// namedCommand is a subcommand's name and its constructor.
type namedCommand struct {
	name  string
	build func() *cobra.Command
}

func subcommands() []namedCommand {
	return []namedCommand{
		{"chat", newChatCmd}, {"config", newConfigCmd}, {"memory", newMemoryCmd}, {"skills", newSkillsCmd},
		{"prompt", newPromptCmd}, {"import", newImportCmd}, {"approvals", newApprovalsCmd}, {"guard", newGuardCmd},
		{"sessions", newSessionsCmd}, {"gateway", newGatewayCmd}, {"pairing", newPairingCmd}, {"cron", newCronCmd}, {"keys", newKeysCmd},
	}
}

func buildCommands(cs []namedCommand) []*cobra.Command {
	out := make([]*cobra.Command, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.build())
	}
	return out
}

// commandsFor returns the subcommands args can reach, reading them as
// cobra does: root flags (and their values) first, then a command name.
func commandsFor(root *cobra.Command, args []string) []namedCommand {
	all := subcommands()
	fs := root.Flags()
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help" || a == "--":
			return all
		case strings.HasPrefix(a, "--"):
			name, _, inline := strings.Cut(a[2:], "=")
			f := fs.Lookup(name)
			if f == nil {
				return all // cobra reports it, or a subcommand's flag
			}
			if !inline && f.NoOptDefVal == "" {
				i++ // the flag's value
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			f := fs.ShorthandLookup(a[1:2])
			if f == nil {
				return all
			}
			if len(a) == 2 && f.NoOptDefVal == "" {
				i++
			}
		default:
			for _, c := range all {
				if c.name == a {
					return []namedCommand{c}
				}
			}
			return all // help, completion, or a mistake cobra explains
		}
	}
	return nil
}

// versionAnnotation keys herm's version in the root command's annotations,
// where subcommands find it (versionOf).
const versionAnnotation = "herm.version"

// versionOf returns the version of the herm that runs cmd.
func versionOf(cmd *cobra.Command) string { return cmd.Root().Annotations[versionAnnotation] }

// newRootOnly returns the root command with its own flags and no
// subcommands.
func newRootOnly(version string) *cobra.Command {
	root := &cobra.Command{
		Use:           "herm",
		Short:         "An autonomous AI agent for your terminal and your chats",
		SilenceUsage:  true,
		SilenceErrors: true,
		// Not cobra's Version field: that would add cobra's own flag.
		Annotations: map[string]string{versionAnnotation: version},
	}
	tui := registerTUI(root)
	headless := root.Flags().Bool("headless", false, "run the messaging gateway and cron instead of the UI (same as herm gateway run)")
	// The version flag is herm's, not cobra's (cobra prints its version
	// through text/template: parsing a template for one line was ~1% of
	// `herm --version`). It behaves as cobra's did: it wins over the other
	// flags and over arguments, and help shows it the same way.
	showVersion := root.Flags().BoolP("version", "v", false, "version for herm")
	root.Args = func(cmd *cobra.Command, args []string) error {
		if *showVersion {
			return nil
		}
		return cobra.NoArgs(cmd, args)
	}
	root.RunE = func(cmd *cobra.Command, args []string) error {
		switch {
		case *showVersion:
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "herm %s\n", version)
			return err
		case *headless:
			return runHeadless(cmd, tui.flags.Flags)
		}
		return runTUI(cmd, tui)
	}
	return root
}
