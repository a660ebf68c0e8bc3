package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/redact"
)

func newConfigCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "config",
		Short: "Show and change herm's configuration",
	}
	var profile string
	profileFlag(cmd.PersistentFlags(), &profile)

	show := &cobra.Command{
		Use:   "show",
		Short: "Print the effective configuration (secrets masked)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := loadSettings(config.Flags{Profile: profile}, stderrWarnings(cmd))
			if err != nil {
				return err
			}
			out, err := s.Redacted()
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "# herm home: %s\n", s.Home.Dir())
			if ep, err := s.Endpoint(); err == nil {
				fmt.Fprintf(w, "# model endpoint: %s %s at %s (key %s)\n", ep.Provider, ep.Model, ep.BaseURL, maskOrNone(ep.APIKey))
			} else {
				why, _, _ := strings.Cut(err.Error(), "\n")
				fmt.Fprintf(w, "# model endpoint: not usable yet — %s\n", why)
			}
			_, err = w.Write(out)
			return err
		},
	}
	path := &cobra.Command{
		Use:   "path",
		Short: "Print the path of config.yaml",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			home, err := config.ResolveHome(profile, getenv)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), home.ConfigFile())
			return nil
		},
	}
	set := &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Set a key in config.yaml (dotted, e.g. model.name), keeping comments",
		Long: "Set a key in config.yaml (dotted, e.g. model.name), keeping comments.\n\n" +
			"The settings that lower safety (" + strings.Join(config.SafetyKeys(), ", ") + ") take a less safe value " +
			"only when a person confirms it, because the agent can write config.yaml: setting one here, in your own " +
			"shell, records your confirmation (signed with HERM_HOME/.herm-key). Run from a command of herm's agent, it is refused.",
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			if config.IsSafetyKey(args[0]) {
				return setSafety(cmd, profile, args[0], args[1])
			}
			home, err := config.ResolveHome(profile, getenv)
			if err != nil {
				return err
			}
			if err := config.Set(home, args[0], args[1]); err != nil {
				return err
			}
			shown := args[1]
			if args[0] == "model.api_key" {
				shown = redact.Mask(shown)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s = %s (in %s)\n", args[0], shown, home.ConfigFile())
			return nil
		},
	}
	cmd.AddCommand(show, path, set)
	return cmd
}

func maskOrNone(key string) string {
	if key == "" {
		return "none"
	}
	return redact.Mask(key)
}
