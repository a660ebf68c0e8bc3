package cli

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
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
			s, st, err := openStore(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			defer st.Close()
			key, err := s.SigningKey()
			if err != nil {
				return err
			}
			grants, err := st.Grants(cmd.Context(), key)
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
					State     string `json:"state"`
					Honoured  bool   `json:"honoured"`
				}
				rows := make([]grantJSON, 0, len(grants))
				for _, g := range grants {
					rows = append(rows, grantJSON{g.ID, g.FindingID, g.Command, g.CreatedAt.Format("2006-01-02T15:04:05Z07:00"),
						grantStateJSON[g.State], g.State == store.GrantSigned})
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
			fmt.Fprintln(tw, "ID\tFINDING\tCOMMAND\tGRANTED\tSTATE")
			for _, g := range grants {
				command := g.Command
				if command == "" {
					command = "(any command)"
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", g.ID, g.FindingID, command, g.CreatedAt.Local().Format("2006-01-02 15:04"), g.State)
			}
			if err := tw.Flush(); err != nil {
				return err
			}
			if note := refusedGrantsNote(grants); note != "" {
				fmt.Fprintln(out, "\n"+note)
			}
			return nil
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

// grantStateJSON names a grant's state in `herm approvals list --json`.
var grantStateJSON = map[store.GrantState]string{
	store.GrantSigned: "signed", store.GrantUnsigned: "unsigned", store.GrantTampered: "tampered",
}

// refusedGrantsNote says which grants herm does not honour and what to do,
// or "" when it honours them all. The list and every start show it.
func refusedGrantsNote(grants []store.Grant) string {
	var unsigned, tampered int
	for _, g := range grants {
		switch g.State {
		case store.GrantUnsigned:
			unsigned++
		case store.GrantTampered:
			tampered++
		}
	}
	var parts []string
	if unsigned > 0 {
		parts = append(parts, text.Plural(unsigned, "approval grant")+" unsigned: saved before herm signed its grants, "+
			"when the agent's commands could write them, so herm asks again; approve the command again to keep it")
	}
	if tampered > 0 {
		parts = append(parts, text.Plural(tampered, "approval grant")+" whose signature does not verify: written or changed "+
			"by something other than herm, so never honoured; revoke them")
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + " (herm approvals list, herm approvals revoke ID)"
}
