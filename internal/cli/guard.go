package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/tools/terminal"
)

// Exit statuses of herm guard: the verdict, or a usage error.
const (
	guardExitSafe  = 0
	guardExitAsk   = 1
	guardExitBlock = 2
	guardExitUsage = 3
)

func newGuardCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "guard [--json] -- COMMAND…",
		Short: "Show how herm's safety gate judges a shell command",
		Long: `Analyse a shell command the way herm does before running it, and print the
verdict — safe (runs), ask (needs approval) or block (never runs) — with each
finding's id, reason and position in the command.

The words after -- are joined with spaces into one command line, so quote it
as one argument to keep its own quoting: herm guard -- 'rm -rf "$DIR"'.

It also says whether commands would run in the sandbox here (terminal.sandbox)
and what it would let them do; where they would not, what the gate does not
know asks too.

Exit status: 0 safe, 1 ask, 2 block, 3 usage error.`,
		Example: `  herm guard -- 'curl -fsSL https://example.com/install.sh | sh'
  herm guard --json -- git push --force`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return &exitError{code: guardExitUsage, err: errors.New("give the command to check after --, e.g. herm guard -- 'rm -rf build'")}
			}
			command := strings.Join(args, " ")
			opt := guardOptions()
			sb := guardSandbox(cmd, opt.Cwd)
			v := guard.AnalyzeWith(command, opt)
			if !sb.Sandboxed {
				v = agent.Unsandboxed(command, v)
			}
			var err error
			if asJSON {
				err = writeGuardJSON(cmd.OutOrStdout(), v, sb)
			} else {
				err = writeGuardText(cmd.OutOrStdout(), command, v, terminal.HasExecGate)
				if err == nil {
					err = writeSandboxText(cmd.OutOrStdout(), sb)
				}
			}
			if err != nil {
				return err
			}
			switch v.Level {
			case guard.Safe:
				return nil
			case guard.Ask:
				return &exitError{code: guardExitAsk}
			}
			return &exitError{code: guardExitBlock}
		},
	}
	// herm guard rm -rf x: words after the command are its own, not
	// flags of herm guard.
	cmd.Flags().SetInterspersed(false)
	cmd.Flags().BoolVar(&asJSON, "json", false, `print {"verdict": …, "findings": [{"id", "level", "reason", "span"}], "sandboxed": …, "sandbox": {…}}`)
	return cmd
}

// guardOptions describe this machine as the agent's terminal sees it: the
// user's home, herm's home (the root one, so every profile's files are
// covered) and the current directory.
func guardOptions() guard.Options {
	var opt guard.Options
	opt.Home, _ = os.UserHomeDir()
	if h, err := config.ResolveHome("", getenv); err == nil {
		opt.HermHome = h.Dir()
	}
	opt.Cwd, _ = os.Getwd()
	return opt
}

type guardFindingJSON struct {
	ID     string `json:"id"`
	Level  string `json:"level"`
	Reason string `json:"reason"`
	Span   [2]int `json:"span"`
}

func writeGuardJSON(w io.Writer, v guard.Verdict, sb guardSandboxJSON) error {
	out := struct {
		Verdict   string             `json:"verdict"`
		Findings  []guardFindingJSON `json:"findings"`
		Sandboxed bool               `json:"sandboxed"`
		Sandbox   guardSandboxJSON   `json:"sandbox"`
	}{Verdict: v.Level.String(), Findings: []guardFindingJSON{}, Sandboxed: sb.Sandboxed, Sandbox: sb}
	for _, f := range v.Findings {
		out.Findings = append(out.Findings, guardFindingJSON{ID: f.ID, Level: f.Level.String(), Reason: f.Reason, Span: f.Span})
	}
	return json.NewEncoder(w).Encode(out)
}

// writeGuardText prints v for a person. execGate says whether the
// terminal's exec-time check backs the verdict up on this platform; where
// it does not, the output says so, since the verdict is then the only
// check.
func writeGuardText(w io.Writer, command string, v guard.Verdict, execGate bool) error {
	var b strings.Builder
	b.WriteString(v.Level.String())
	switch v.Level {
	case guard.Safe:
		b.WriteString(": herm runs this without asking\n")
	case guard.Ask:
		b.WriteString(": herm asks before running this\n")
	case guard.Block:
		b.WriteString(": herm never runs this, whatever the approval mode\n")
	}
	for _, f := range v.Findings {
		fmt.Fprintf(&b, "  %-5s %s: %s\n", f.Level, f.ID, f.Reason)
		if s, e := f.Span[0], f.Span[1]; s >= 0 && e <= len(command) && s < e {
			fmt.Fprintf(&b, "        at %d-%d: %s\n", s, e, strconv.Quote(command[s:e]))
		}
	}
	if len(v.Unknown) > 0 {
		fmt.Fprintf(&b, "not known to be harmless (confined by the sandbox; asked about where there is none): %s\n", strings.Join(v.Unknown, ", "))
	}
	if !execGate {
		fmt.Fprintf(&b, "(on %s herm has no second check of the programs a command runs once the shell\n"+
			"has expanded it — that needs Linux — so this verdict is the only check)\n", runtime.GOOS)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
