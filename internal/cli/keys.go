package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/ui/keys"
)

// newKeysCmd lists the UI's actions with the keys they answer to once the
// config's keys: overrides are applied — the names keys: accepts.
func newKeysCmd() *cobra.Command {
	var (
		profile string
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "keys",
		Short: "List the UI's actions and their keys (the names config.yaml's keys: accepts)",
		Long: `List every action of the full-screen UI with the keys it answers to, after
the overrides in config.yaml's keys: map, and the overrides that were refused
and why (an unknown action, a key the input needs for editing, a conflict).

Rebind an action by its name:

  keys:
    palette: [ctrl+k]
    panels.todo: alt+k
    copy_last: []        # unbound`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := loadSettings(config.Flags{Profile: profile}, stderrWarnings(cmd))
			if err != nil {
				return err
			}
			m := keys.Default()
			refused := m.Apply(keyOverrides(s.Keys))
			for _, e := range refused {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s\n", e)
			}
			if asJSON {
				return writeKeysJSON(cmd, m)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ACTION\tKEYS\tDOES")
			for _, a := range m.Actions() {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", a.Name, keyList(a.Binding.Keys()), a.Binding.Help().Desc)
			}
			return tw.Flush()
		},
	}
	profileFlag(cmd.Flags(), &profile)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON: [{action, keys, description}]")
	return cmd
}

func keyList(ks []string) string {
	if len(ks) == 0 {
		return "(unbound)"
	}
	return strings.Join(ks, " ")
}

func writeKeysJSON(cmd *cobra.Command, m keys.Map) error {
	type row struct {
		Action      string   `json:"action"`
		Keys        []string `json:"keys"`
		Description string   `json:"description"`
	}
	rows := []row{}
	for _, a := range m.Actions() {
		ks := a.Binding.Keys()
		if ks == nil {
			ks = []string{}
		}
		rows = append(rows, row{Action: a.Name, Keys: ks, Description: a.Binding.Help().Desc})
	}
	enc := json.NewEncoder(cmd.OutOrStdout())
	enc.SetIndent("", "  ")
	return enc.Encode(rows)
}
