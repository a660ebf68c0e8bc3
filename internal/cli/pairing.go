package cli

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/store"
)

func newPairingCmd() *cobra.Command {
	var profile string
	cmd := &cobra.Command{
		Use:   "pairing",
		Short: "Let people you know talk to herm on messaging platforms",
		Long: `Someone herm does not know who writes to it in a direct chat gets a pairing
code. They send you the code; you let them in with
  herm pairing approve PLATFORM CODE
Codes expire after an hour, at most three wait per platform, a person can ask
for one every ten minutes, and five wrong codes in a row lock approvals for an
hour.`,
		Args: cobra.NoArgs,
	}
	profileFlag(cmd.PersistentFlags(), &profile)

	list := &cobra.Command{
		Use:   "list [PLATFORM]",
		Short: "Show pending requests and paired users",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			platform := ""
			if len(args) == 1 {
				platform = args[0]
			}
			_, st, err := openStore(cmd, config.Flags{Profile: profile})
			if err != nil {
				return failure(err)
			}
			defer st.Close()
			p := &gateway.Pairing{Store: st}
			pending, err := p.Pending(cmd.Context(), platform)
			if err != nil {
				return failure(err)
			}
			paired, err := st.PairedUsers(cmd.Context(), platform)
			if err != nil {
				return failure(err)
			}
			out := cmd.OutOrStdout()
			if len(pending) == 0 {
				fmt.Fprintln(out, "No pending requests.")
			} else {
				fmt.Fprintln(out, "Pending (approve with: herm pairing approve PLATFORM CODE):")
				for _, r := range pending {
					fmt.Fprintf(out, "  %-10s user %-14s %-20s asked %s ago, expires in %s\n", r.Platform, r.UserID, r.UserName,
						sinceShort(r.CreatedAt), time.Until(r.ExpiresAt).Round(time.Minute))
				}
			}
			if len(paired) == 0 {
				fmt.Fprintln(out, "No paired users.")
			} else {
				fmt.Fprintln(out, "Paired (revoke with: herm pairing revoke PLATFORM USER_ID):")
				for _, u := range paired {
					fmt.Fprintf(out, "  %-10s user %-14s %-20s since %s\n", u.Platform, u.UserID, u.UserName, u.ApprovedAt.Local().Format("2006-01-02 15:04"))
				}
			}
			return nil
		},
	}
	approve := &cobra.Command{
		Use:   "approve PLATFORM CODE",
		Short: "Let in the person who was given CODE",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, st, err := openStore(cmd, config.Flags{Profile: profile})
			if err != nil {
				return failure(err)
			}
			defer st.Close()
			u, err := (&gateway.Pairing{Store: st}).Approve(cmd.Context(), args[0], args[1])
			switch {
			case errors.Is(err, store.ErrPairingLocked):
				until, _ := st.PairingLockedUntil(cmd.Context(), args[0], time.Now())
				return failure(fmt.Errorf("approvals for %s are locked until %s after five wrong codes in a row", args[0], until.Local().Format("15:04")))
			case errors.Is(err, store.ErrPairingNoMatch):
				return failure(fmt.Errorf("no pending %s request has code %s (codes expire after an hour; see herm pairing list)", args[0], args[1]))
			case err != nil:
				return failure(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Paired %s user %s (%s); they can talk to herm now.\n", u.Platform, u.UserID, u.UserName)
			return nil
		},
	}
	revoke := &cobra.Command{
		Use:   "revoke PLATFORM USER_ID",
		Short: "Stop serving a paired user",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, st, err := openStore(cmd, config.Flags{Profile: profile})
			if err != nil {
				return failure(err)
			}
			defer st.Close()
			if err := st.RevokePairedUser(cmd.Context(), args[0], args[1]); err != nil {
				if errors.Is(err, store.ErrNotFound) {
					return failure(fmt.Errorf("%s user %s is not paired (users in gateway.%s.allowed_users are managed in config.yaml)", args[0], args[1], args[0]))
				}
				return failure(err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Revoked %s user %s.\n", args[0], args[1])
			return nil
		},
	}
	cmd.AddCommand(list, approve, revoke)
	return cmd
}
