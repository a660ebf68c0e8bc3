package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
)

func newApprovalsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "approvals",
		Short: "List and revoke persisted approval grants (\"always\" answers)",
	}
	var profile string
	profileFlag(cmd.PersistentFlags(), &profile)

	var asJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List the grants: commands with these findings run without asking",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, st, err := openStore(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			defer st.Close()
			grants, err := st.Grants(cmd.Context())
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if asJSON {
				type grantJSON struct {
					ID        int64  `json:"id"`
					FindingID string `json:"finding_id"`
					Command   string `json:"command,omitempty"`
					CreatedAt string `json:"created_at"`
				}
				rows := make([]grantJSON, 0, len(grants))
				for _, g := range grants {
					rows = append(rows, grantJSON{g.ID, g.FindingID, g.Command, g.CreatedAt.Format("2006-01-02T15:04:05Z07:00")})
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(rows)
			}
			if len(grants) == 0 {
				fmt.Fprintln(out, "no approval grants: every ask-level command asks")
				return nil
			}
			tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tFINDING\tCOMMAND\tGRANTED")
			for _, g := range grants {
				command := g.Command
				if command == "" {
					command = "(any command)"
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", g.ID, g.FindingID, command, g.CreatedAt.Local().Format("2006-01-02 15:04"))
			}
			return tw.Flush()
		},
	}
	list.Flags().BoolVar(&asJSON, "json", false, "print JSON")

	revoke := &cobra.Command{
		Use:   "revoke ID…",
		Short: "Revoke grants by id (see herm approvals list)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, st, err := openStore(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			defer st.Close()
			for _, a := range args {
				id, err := strconv.ParseInt(a, 10, 64)
				if err != nil {
					return fmt.Errorf("%q is not a grant id (a number from herm approvals list)", a)
				}
				if err := st.RevokeGrant(cmd.Context(), id); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "revoked grant %d\n", id)
			}
			return nil
		},
	}
	cmd.AddCommand(list, revoke)
	return cmd
}
