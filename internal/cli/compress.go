package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/text"
)

// newSessionsCompressCmd is `herm sessions compress ID`: the command-line
// /compress.
func newSessionsCompressCmd() *cobra.Command {
	var (
		flags   agentFlags
		jsonOut bool
	)
	cmd := &cobra.Command{
		Use:   "compress ID",
		Short: "Compress a session's conversation into a child session",
		Long: `Summarises the middle of session ID with its model, keeping the first and
the latest messages verbatim, and continues the conversation in a new child
session. The original session is kept unchanged and ends with reason
"compression". If the summary call fails, herm summarises mechanically.
Continue the child with: herm chat --resume CHILD_ID -q "…"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCompress(cmd, flags, args[0], jsonOut)
		},
	}
	flags.register(cmd)
	cmd.Flags().BoolVar(&jsonOut, "json", false, "print the result as JSON")
	return cmd
}

type compressJSON struct {
	ParentSessionID    string `json:"parent_session_id"`
	SessionID          string `json:"session_id"`
	Summary            string `json:"summary"`
	Mechanical         bool   `json:"mechanical"`
	SummarizedMessages int    `json:"summarized_messages"`
	TokensBefore       int    `json:"tokens_before"`
	TokensAfter        int    `json:"tokens_after"`
}

func runCompress(cmd *cobra.Command, flags agentFlags, id string, jsonOut bool) error {
	ctx, stop := interruptible(cmd)
	defer stop()
	app, err := startApp(ctx, cmd, flags.Flags)
	if err != nil {
		return failure(err)
	}
	defer app.Close()
	sess, err := app.agent.OpenSession(ctx, id)
	if err != nil {
		return failure(err)
	}
	stderr := cmd.ErrOrStderr()
	var done *agent.Compressed
	events := agent.NewQueue(func(batch []agent.Event) {
		for _, e := range batch {
			switch e := e.(type) {
			case agent.Compressed:
				done = &e
			case agent.Notice:
				fmt.Fprintf(stderr, "herm: %s\n", app.redact.Replace(e.Text))
			case agent.Retrying:
				fmt.Fprintf(stderr, "herm: %s (%s); retry %d/%d in %s\n", e.Class,
					app.redact.Replace(text.Clip(text.OneLine(e.Err.Error()), 160)), e.Attempt, e.MaxRetries, e.Wait.Round(time.Second))
			}
		}
	})
	err = sess.Compress(ctx, events.Emit)
	events.Close()
	switch {
	case errors.Is(err, agent.ErrNothingToCompress):
		return failure(fmt.Errorf("session %s: %w", id, err))
	case err != nil:
		return failure(errors.New(app.redact.Replace(err.Error())))
	case done == nil:
		return failure(fmt.Errorf("session %s was not compressed", id))
	}
	return printCompressed(cmd.OutOrStdout(), *done, jsonOut)
}

func printCompressed(w io.Writer, c agent.Compressed, jsonOut bool) error {
	if jsonOut {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(compressJSON{
			ParentSessionID: c.ParentID, SessionID: c.SessionID, Summary: c.Summary, Mechanical: c.Mechanical,
			SummarizedMessages: c.SummarizedMessages, TokensBefore: c.TokensBefore, TokensAfter: c.TokensAfter,
		})
	}
	how := "summarised by the model"
	if c.Mechanical {
		how = "summarised mechanically (the summary call failed)"
	}
	_, err := fmt.Fprintf(w, "compressed session %s into %s: %d messages %s; about %d → %d tokens\ncontinue with: herm chat --resume %s -q \"…\"\n",
		c.ParentID, c.SessionID, c.SummarizedMessages, how, c.TokensBefore, c.TokensAfter, c.SessionID)
	return err
}
