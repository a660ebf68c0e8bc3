package cli

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/tools/terminal"
)

// A setting that lowers safety (config.IsSafetyKey) takes its less safe
// value only when a person gave it: `herm config set` in their own shell,
// herm's prompt in the full-screen UI, or a flag such as --yolo for one
// run. A herm started by a command of herm's own agent is none of those:
// it refuses them all.

// fromAgent reports whether this herm runs inside a command herm's agent
// started (terminal.AgentMarker is in its environment): nobody typed what
// it was given.
func fromAgent() bool { return os.Getenv(terminal.AgentMarker) != "" }

// errFromAgent refuses what lowers safety when asked from the agent's
// terminal.
func errFromAgent(what string) error {
	return usageError(what + " was run by a command of herm's agent: a setting that lowers safety takes effect only " +
		"when a person gives it. Run it in your own shell, or confirm it at herm's prompt")
}

// setSafety is `herm config set` for a safety setting: a value less safe
// than the person last confirmed is written and recorded as confirmed by
// them — unless the agent's terminal runs it, which is refused.
func setSafety(cmd *cobra.Command, profile, key, value string) error {
	s, err := loadSettings(config.Flags{Profile: profile}, func(string) {})
	if err != nil {
		return err
	}
	canonical, lowers, err := s.LowersSafety(key, value)
	if err != nil {
		return err
	}
	if lowers && fromAgent() {
		return errFromAgent(fmt.Sprintf("herm config set %s %s", key, value))
	}
	if err := config.Set(s.Home, key, value); err != nil {
		return err
	}
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%s = %s (in %s)\n", key, canonical, s.Home.ConfigFile())
	if !lowers {
		return nil
	}
	if err := s.Home.ConfirmSafety(cmd.Context(), key, canonical, "shell"); err != nil {
		return fmt.Errorf("%s is written, but herm could not record that you confirmed it, so it will run with the safer value: %w", key, err)
	}
	fmt.Fprintf(out, "confirmed: %s lowers safety, and herm uses it from its next start because you set it here\n", key)
	return nil
}

// tuiConfirm is the full-screen UI's way to record a person's answer to
// its prompt about a held setting; nil when this herm runs inside the
// agent's terminal, where nobody at the prompt is known to be a person.
func tuiConfirm(home config.Home) func(ctx context.Context, h config.Held) error {
	if fromAgent() {
		return nil
	}
	return func(ctx context.Context, h config.Held) error {
		return home.ConfirmSafety(ctx, h.Key, h.Asked, "tui")
	}
}
