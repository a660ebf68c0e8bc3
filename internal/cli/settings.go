package cli

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/store"
)

// Every command reads its settings one way: loadSettings with the
// command's flags (flags > environment and HERM_HOME/.env > config.yaml >
// defaults), reporting the problems that do not stop it through a warnFunc.
// openHome and openStore build on it for the commands that use the herm
// home's files, openApp for the ones that run the agent.

// warnFunc receives a problem that does not stop herm: an unknown key in
// config.yaml, a fallback provider that cannot be used, bundled skills
// that could not be installed. The command line prints it on stderr; the
// full-screen UI shows it in the chat.
type warnFunc func(msg string)

// stderrWarnings reports warnings on cmd's stderr.
func stderrWarnings(cmd *cobra.Command) warnFunc {
	w := cmd.ErrOrStderr()
	return func(msg string) { fmt.Fprintf(w, "herm: warning: %s\n", msg) }
}

// loadSettings reads the settings flags select and reports config.yaml's
// warnings through warn, and the safety settings it holds at a safer value
// for want of a person's confirmation. It creates nothing.
func loadSettings(flags config.Flags, warn warnFunc) (*config.Settings, error) {
	s, err := config.Load(flags)
	if err != nil {
		return nil, err
	}
	for _, w := range s.Warnings {
		warn(w.String())
	}
	for _, h := range s.Held {
		warn(h.String())
	}
	return s, nil
}

// openHome is loadSettings, warnings on stderr, for commands that read or
// write files in the herm home: the home is created (0700) if needed.
func openHome(cmd *cobra.Command, flags config.Flags) (*config.Settings, error) {
	s, err := loadSettings(flags, stderrWarnings(cmd))
	if err != nil {
		return nil, err
	}
	if err := s.Home.Ensure(); err != nil {
		return nil, err
	}
	return s, nil
}

// openStore is openHome plus the session store, for commands that read or
// manage what is stored and need no model provider.
func openStore(cmd *cobra.Command, flags config.Flags) (*config.Settings, *store.Store, error) {
	s, err := openHome(cmd, flags)
	if err != nil {
		return nil, nil, err
	}
	st, err := store.Open(cmd.Context(), s.Home.DBFile())
	if err != nil {
		return nil, nil, err
	}
	return s, st, nil
}

// profileFlag adds -p/--profile, which every command that uses a herm home
// takes.
func profileFlag(fs *pflag.FlagSet, profile *string) {
	fs.StringVarP(profile, "profile", "p", "", "use the profile NAME (HERM_HOME/profiles/NAME)")
}
