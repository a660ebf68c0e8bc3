package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
)

func (sc *sessionsCmd) showCmd() *cobra.Command {
	var (
		around, nearby int64
		last           int
		system         bool
	)
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Print a session's messages",
		Long: `Prints a session's conversation: every message with its role, time and id,
tool calls with their arguments. --around jumps to a message (a search hit's
#id) with --context messages on each side; --last prints only the end.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				id, err := st.ResolveSessionID(ctx, args[0])
				if err != nil {
					return err
				}
				sess, err := st.Session(ctx, id)
				if err != nil {
					return err
				}
				var msgs []store.Message
				switch {
				case around > 0:
					n := int(max(nearby, 0))
					msgs, err = st.MessagesAround(ctx, id, around, n, n)
				case last > 0:
					msgs, err = st.MessagesPage(ctx, id, 0, last)
				default:
					msgs, err = st.Messages(ctx, id)
				}
				if err != nil {
					return err
				}
				out := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
				defer out.Flush()
				if sc.json {
					res := struct {
						Session  sessionJSON   `json:"session"`
						Messages []messageJSON `json:"messages"`
					}{Session: toSessionJSON(sess), Messages: make([]messageJSON, 0, len(msgs))}
					for _, m := range msgs {
						res.Messages = append(res.Messages, toMessageJSON(m))
					}
					return sc.printJSON(out, res)
				}
				writeSession(out, sess, msgs, system)
				return nil
			})
		},
	}
	fs := cmd.Flags()
	fs.Int64Var(&around, "around", 0, "show the message with this id and its neighbours")
	fs.Int64VarP(&nearby, "context", "C", 3, "messages shown on each side with --around")
	fs.IntVar(&last, "last", 0, "show only the last N messages")
	fs.BoolVar(&system, "system", false, "also print the system prompt")
	return cmd
}

func writeSession(w io.Writer, s *store.Session, msgs []store.Message, system bool) {
	title := s.Title
	if title == "" {
		title = "(untitled)"
	}
	fmt.Fprintf(w, "%s\n%s · %s · %s · started %s · %d messages\n", text.Clip(text.OneLine(title), 200), s.ID, dash(s.Source), dash(s.Model),
		s.StartedAt.Local().Format("2006-01-02 15:04"), s.MessageCount)
	if s.ParentID != "" {
		fmt.Fprintf(w, "continues %s\n", s.ParentID)
	}
	for _, m := range msgs {
		if m.Role == "system" && !system {
			continue
		}
		head := m.Role
		if m.Role == "tool" && m.ToolName != "" {
			head += " " + m.ToolName
		}
		fmt.Fprintf(w, "\n── %s · %s · #%d\n", head, m.CreatedAt.Local().Format("2006-01-02 15:04:05"), m.ID)
		if m.Reasoning != "" {
			fmt.Fprintf(w, "(thinking) %s\n", strings.TrimSpace(m.Reasoning))
		}
		if c := strings.TrimRight(m.Content, "\n"); c != "" {
			fmt.Fprintln(w, c)
		}
		for _, c := range m.ToolCalls {
			fmt.Fprintf(w, "⚙ %s %s\n", c.Name, c.Arguments)
		}
	}
}

func (sc *sessionsCmd) exportCmd() *cobra.Command {
	var (
		format, output string
		all, plain     bool
	)
	cmd := &cobra.Command{
		Use:   "export [ID...]",
		Short: "Write sessions as JSONL (OpenAI messages) or Markdown",
		Long: `Writes the named sessions (or every session with --all) to stdout or -o FILE.
jsonl: one conversation per line, {"messages": [...]} in OpenAI chat shape
with herm's session record ({"session": {...}}) so import restores it
exactly; --plain leaves out the record, reasoning and times (a fine-tuning
file). markdown: a readable document per session.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if all == (len(args) > 0) {
				return usageError("name the sessions to export, or pass --all (not both)")
			}
			format = strings.ToLower(format)
			if format == "md" {
				format = "markdown"
			}
			if format != "jsonl" && format != "markdown" {
				return usageError(fmt.Sprintf("unknown --format %q: use jsonl or markdown", format))
			}
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				var ids []string
				for _, a := range args {
					id, err := st.ResolveSessionID(ctx, a)
					if err != nil {
						return err
					}
					ids = append(ids, id)
				}
				if format == "markdown" && all {
					list, err := st.FindSessions(ctx, store.SessionFilter{Limit: 1000, IncludeArchived: true})
					if err != nil {
						return err
					}
					for i := len(list) - 1; i >= 0; i-- {
						ids = append(ids, list[i].ID)
					}
				}
				w, done, err := createOutput(cmd, output)
				if err != nil {
					return err
				}
				n, err := exportTo(ctx, st, w, ids, format, plain)
				if derr := done(err == nil); err == nil {
					err = derr
				}
				if err != nil {
					return err
				}
				return sc.report(cmd, output != "", map[string]any{"sessions": n, "format": format, "file": output},
					fmt.Sprintf("exported %d session(s) to %s", n, output))
			})
		},
	}
	fs := cmd.Flags()
	fs.StringVarP(&format, "format", "f", "jsonl", "jsonl or markdown")
	fs.StringVarP(&output, "output", "o", "", "write to FILE instead of stdout (written whole or not at all)")
	fs.BoolVar(&all, "all", false, "export every session (hidden and archived ones too)")
	fs.BoolVar(&plain, "plain", false, "jsonl: messages only, as OpenAI fine-tuning files hold them")
	return cmd
}

func exportTo(ctx context.Context, st *store.Store, w io.Writer, ids []string, format string, plain bool) (int, error) {
	if format == "jsonl" {
		return st.ExportJSONL(ctx, w, ids, store.ExportOptions{Plain: plain})
	}
	for i, id := range ids {
		if i > 0 {
			if _, err := io.WriteString(w, "\n---\n\n"); err != nil {
				return i, err
			}
		}
		if err := st.ExportMarkdown(ctx, w, id); err != nil {
			return i, err
		}
	}
	return len(ids), nil
}

// createOutput opens where an export goes: stdout, or a temporary file
// renamed over path when done(true), so a failed export never leaves half
// a file.
func createOutput(cmd *cobra.Command, path string) (io.Writer, func(ok bool) error, error) {
	if path == "" || path == "-" {
		return cmd.OutOrStdout(), func(bool) error { return nil }, nil
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, nil, fmt.Errorf("create %s: %w", path, err)
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	return bw, func(ok bool) error {
		err := bw.Flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if !ok || err != nil {
			os.Remove(f.Name())
			return err
		}
		if err := os.Rename(f.Name(), path); err != nil {
			os.Remove(f.Name())
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}, nil
}

// report prints a command's outcome: JSON with --json, else text. Text goes
// to stdout unless stdout carries the command's data (toStdout false).
func (sc *sessionsCmd) report(cmd *cobra.Command, toStdout bool, v any, text string) error {
	w := cmd.ErrOrStderr()
	if toStdout {
		w = cmd.OutOrStdout()
	}
	if sc.json {
		return sc.printJSON(w, v)
	}
	_, err := fmt.Fprintln(w, text)
	return err
}

func (sc *sessionsCmd) importCmd() *cobra.Command {
	var opts store.ImportOptions
	cmd := &cobra.Command{
		Use:   "import FILE",
		Short: "Import conversations from JSONL (OpenAI messages or ShareGPT), one per line",
		Long: `Reads FILE (- for stdin), one conversation per line:
  {"messages": [{"role": "user", "content": "…"}, …]}        OpenAI / fine-tuning shape
  {"conversations": [{"from": "human", "value": "…"}, …]}    ShareGPT (function_call,
                                                             observation and Hermes
                                                             <tool_call> turns too)
Each becomes a session. herm's own exports keep their session ids, titles and
times; a session already in the store is skipped. Lines that cannot be read
are reported with their line number and the rest are imported; the exit
status is then 1.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var in io.Reader = cmd.InOrStdin()
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				in = f
			}
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				start := time.Now()
				res, err := st.ImportJSONL(ctx, in, opts)
				elapsed := time.Since(start)
				if rerr := sc.importReport(cmd, res, elapsed); err == nil {
					err = rerr
				}
				if err != nil {
					return err
				}
				if len(res.Errors) > 0 {
					return failure(fmt.Errorf("%d line(s) could not be imported (listed above); the others were", len(res.Errors)))
				}
				return nil
			})
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&opts.Source, "source", "import", "source given to conversations without herm's session record")
	fs.IntVar(&opts.BatchMessages, "batch", 20000, "messages per transaction")
	return cmd
}

// maxListedLines bounds how many bad lines are printed one by one.
const maxListedLines = 20

func (sc *sessionsCmd) importReport(cmd *cobra.Command, res store.ImportResult, elapsed time.Duration) error {
	rate := 0.0
	if s := elapsed.Seconds(); s > 0 {
		rate = float64(res.Messages) / s
	}
	if sc.json {
		type lineJSON struct {
			Line  int    `json:"line"`
			Error string `json:"error"`
		}
		lines := func(errs []store.LineError) []lineJSON {
			out := []lineJSON{}
			for _, e := range errs {
				out = append(out, lineJSON{e.Line, e.Err.Error()})
			}
			return out
		}
		return sc.printJSON(cmd.OutOrStdout(), map[string]any{
			"lines": res.Lines, "sessions": res.Sessions, "messages": res.Messages,
			"skipped": lines(res.Skipped), "errors": lines(res.Errors),
			"seconds": elapsed.Seconds(), "messages_per_second": rate,
		})
	}
	errw := cmd.ErrOrStderr()
	for i, e := range res.Errors {
		if i == maxListedLines {
			fmt.Fprintf(errw, "… and %d more bad lines (--json lists them all)\n", len(res.Errors)-maxListedLines)
			break
		}
		fmt.Fprintf(errw, "herm: %v\n", e)
	}
	if n := len(res.Skipped); n > 0 {
		fmt.Fprintf(errw, "skipped %d session(s) already in the store (e.g. %v)\n", n, res.Skipped[0])
	}
	_, err := fmt.Fprintf(cmd.OutOrStdout(), "imported %d session(s), %d messages in %s (%.0f messages/s)\n",
		res.Sessions, res.Messages, elapsed.Round(time.Millisecond), rate)
	return err
}

func (sc *sessionsCmd) renameCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rename ID TITLE...",
		Short: "Set a session's title",
		Args:  cobra.MinimumNArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			title := text.OneLine(strings.Join(args[1:], " "))
			if title == "" {
				return usageError("the title is empty")
			}
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				id, err := st.ResolveSessionID(ctx, args[0])
				if err != nil {
					return err
				}
				if err := st.UpdateSession(ctx, id, store.SessionUpdate{Title: &title}); err != nil {
					return err
				}
				return sc.report(cmd, true, map[string]string{"id": id, "title": title}, fmt.Sprintf("%s is now %q", id, title))
			})
		},
	}
}

func (sc *sessionsCmd) deleteCmd() *cobra.Command {
	var yes bool
	cmd := &cobra.Command{
		Use:   "delete ID...",
		Short: "Delete sessions and their messages",
		Long: `Deletes the sessions and all their messages. Sessions forked from or continuing
them are kept. Asks for confirmation on a terminal; pass --yes otherwise.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				var victims []*store.Session
				for _, a := range args {
					id, err := st.ResolveSessionID(ctx, a)
					if err != nil {
						return err
					}
					s, err := st.Session(ctx, id)
					if err != nil {
						return err
					}
					victims = append(victims, s)
				}
				msgs := 0
				for _, s := range victims {
					msgs += s.MessageCount
				}
				what := fmt.Sprintf("%d session(s) with %d messages", len(victims), msgs)
				if len(victims) == 1 {
					what = fmt.Sprintf("session %s (%q, %d messages)", victims[0].ID, victims[0].Title, msgs)
				}
				if err := confirm(cmd, yes, "Delete "+what+"?"); err != nil {
					return err
				}
				deleted := []string{}
				for _, s := range victims {
					if err := st.DeleteSession(ctx, s.ID); err != nil {
						return err
					}
					deleted = append(deleted, s.ID)
				}
				return sc.report(cmd, true, map[string]any{"deleted": deleted, "messages": msgs}, "deleted "+what)
			})
		},
	}
	cmd.Flags().BoolVarP(&yes, "yes", "y", false, "do not ask for confirmation")
	return cmd
}

// confirm asks on the terminal, or requires --yes when there is none.
func confirm(cmd *cobra.Command, yes bool, question string) error {
	if yes {
		return nil
	}
	if !term.IsTerminal(os.Stdin.Fd()) {
		return usageError("refusing without confirmation: pass --yes")
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s [y/N] ", question)
	answer, _ := bufio.NewReader(cmd.InOrStdin()).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		return failure(errors.New("nothing deleted"))
	}
	return nil
}

func (sc *sessionsCmd) pruneCmd() *cobra.Command {
	var (
		olderThan string
		opts      store.PruneOptions
		vacuum    bool
		yes       bool
	)
	cmd := &cobra.Command{
		Use:   "prune --older-than AGE",
		Short: "Delete sessions inactive for longer than AGE (e.g. 90d)",
		Long: `Deletes sessions whose last activity is older than AGE (30d, 6mo, 1y, or a
date like 2026-01-31), optionally only from some sources or only archived
ones. --dry-run counts without deleting. --vacuum then shrinks the file.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if olderThan == "" {
				return usageError("say how old sessions must be, e.g. --older-than 90d")
			}
			before, err := store.ParseWhen(olderThan, time.Now())
			if err != nil {
				return usageError(fmt.Sprintf("--older-than %s: %v", olderThan, err))
			}
			opts.Before = before
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				if !opts.DryRun {
					dry := opts
					dry.DryRun = true
					n, err := st.Prune(ctx, dry)
					if err != nil {
						return err
					}
					if n.Sessions > 0 {
						if err := confirm(cmd, yes, fmt.Sprintf("Delete %d session(s) with %d messages, inactive since before %s?",
							n.Sessions, n.Messages, before.Local().Format("2006-01-02 15:04"))); err != nil {
							return err
						}
					}
				}
				res, err := st.Prune(ctx, opts)
				if err != nil {
					return err
				}
				if vacuum && !opts.DryRun {
					if err := st.Vacuum(ctx); err != nil {
						return err
					}
				}
				verb := "deleted"
				if opts.DryRun {
					verb = "would delete"
				}
				return sc.report(cmd, true, map[string]any{"sessions": res.Sessions, "messages": res.Messages, "dry_run": opts.DryRun, "vacuumed": vacuum && !opts.DryRun},
					fmt.Sprintf("%s %d session(s), %d messages", verb, res.Sessions, res.Messages))
			})
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&olderThan, "older-than", "", "age or date: sessions inactive since before it go")
	fs.StringSliceVar(&opts.Sources, "source", nil, "only sessions from these front ends")
	fs.BoolVar(&opts.ArchivedOnly, "archived", false, "only archived sessions")
	fs.BoolVar(&opts.DryRun, "dry-run", false, "count what would be deleted, delete nothing")
	fs.BoolVar(&vacuum, "vacuum", false, "shrink the database file afterwards")
	fs.BoolVarP(&yes, "yes", "y", false, "do not ask for confirmation")
	return cmd
}
