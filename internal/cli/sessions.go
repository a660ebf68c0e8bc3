package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
)

// sessionsCmd holds what every `herm sessions` subcommand shares.
type sessionsCmd struct {
	profile string
	json    bool
}

func newSessionsCmd() *cobra.Command {
	sc := &sessionsCmd{}
	cmd := &cobra.Command{
		Use:   "sessions",
		Short: "List, search, read, export, import and tidy past conversations",
		Long: `Every conversation herm has is a session in HERM_HOME/state.db. These
commands work on the store directly: no model is needed. Session ids can be
shortened to any unique prefix (they start with the date and time).`,
	}
	profileFlag(cmd.PersistentFlags(), &sc.profile)
	cmd.PersistentFlags().BoolVar(&sc.json, "json", false, "print the result as JSON")
	cmd.AddCommand(sc.listCmd(), sc.searchCmd(), sc.showCmd(), sc.exportCmd(), sc.importCmd(),
		sc.renameCmd(), sc.deleteCmd(), sc.pruneCmd(), sc.statsCmd(), newSessionsCompressCmd())
	return cmd
}

// run opens the store, calls fn, and closes the store.
func (sc *sessionsCmd) run(cmd *cobra.Command, fn func(ctx context.Context, st *store.Store) error) error {
	_, st, err := openStore(cmd, config.Flags{Profile: sc.profile})
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(cmd.Context(), st)
}

func (sc *sessionsCmd) printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func (sc *sessionsCmd) listCmd() *cobra.Command {
	var (
		f        store.SessionFilter
		all      bool
		children string
	)
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List sessions, most recently active first",
		Long: `Lists sessions newest first with their age, source, model, message count and
title (or, untitled, the start of the first message). Archived sessions and
hidden ones (delegated subagents, tool runs) are left out unless --all.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if all {
				f.IncludeArchived, f.IncludeHidden = true, true
			}
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				if children != "" {
					id, err := st.ResolveSessionID(ctx, children)
					if err != nil {
						return err
					}
					f.ParentID, f.IncludeArchived, f.IncludeHidden = id, true, true
				}
				list, err := st.FindSessions(ctx, f)
				if err != nil {
					return err
				}
				total, err := st.CountSessions(ctx, f)
				if err != nil {
					return err
				}
				ids := make([]string, len(list))
				for i, s := range list {
					ids[i] = s.ID
				}
				previews, err := st.Previews(ctx, ids, 60)
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if sc.json {
					res := struct {
						Sessions []sessionJSON `json:"sessions"`
						Total    int           `json:"total"`
					}{Sessions: []sessionJSON{}, Total: total}
					for _, s := range list {
						j := toSessionJSON(&s)
						j.Preview = previews[s.ID]
						res.Sessions = append(res.Sessions, j)
					}
					return sc.printJSON(out, res)
				}
				if len(list) == 0 {
					fmt.Fprintln(out, "No sessions yet. Start one with: herm chat -q \"…\"")
					return nil
				}
				tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "ID\tACTIVE\tSOURCE\tMODEL\tMSGS\tTITLE")
				now := time.Now()
				for _, s := range list {
					title := s.Title
					if title == "" {
						title = previews[s.ID]
						if title == "" {
							title = "(empty)"
						}
					}
					var marks []string
					if s.ParentID != "" {
						marks = append(marks, "↳")
					}
					if s.Archived {
						marks = append(marks, "[archived]")
					}
					if len(marks) > 0 {
						title = strings.Join(marks, " ") + " " + title
					}
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", s.ID, age(now, s.UpdatedAt), dash(s.Source), dash(text.Clip(s.Model, 24)),
						s.MessageCount, text.Clip(text.OneLine(title), 70))
				}
				if err := tw.Flush(); err != nil {
					return err
				}
				if shown := f.Offset + len(list); shown < total {
					fmt.Fprintf(cmd.ErrOrStderr(), "%d of %d sessions; see more with --offset %d\n", len(list), total, shown)
				}
				return nil
			})
		},
	}
	fs := cmd.Flags()
	fs.IntVarP(&f.Limit, "limit", "n", 30, "how many sessions to list (at most 1000)")
	fs.IntVar(&f.Offset, "offset", 0, "skip this many sessions (paging)")
	fs.StringSliceVar(&f.Sources, "source", nil, "only sessions from these front ends (cli, tui, telegram, cron…)")
	fs.StringVar(&f.Model, "model", "", "only sessions whose model contains this")
	fs.StringVar(&f.Title, "title", "", "only sessions whose title contains this")
	fs.BoolVar(&f.IncludeArchived, "archived", false, "include archived sessions")
	fs.BoolVar(&all, "all", false, "include archived and hidden (subagent, tool) sessions")
	fs.StringVar(&children, "children", "", "list the sessions forked from or continuing session ID")
	return cmd
}

func (sc *sessionsCmd) searchCmd() *cobra.Command {
	var (
		opts store.SearchOptions
		all  bool
	)
	cmd := &cobra.Command{
		Use:   "search QUERY",
		Short: "Search the content of every message, tool call and argument",
		Long: `Finds messages across all sessions, best match first (BM25, then newest), grouped
by conversation: a session with its forks and continuations shows once.

Words must all match; "an exact phrase"; prefix*; a OR b; -word or NOT word
excludes. Filters: source:telegram, model:claude, role:user, session:ID,
after:7d, before:2026-01-31 (-source:cron excludes). Words in Chinese,
Japanese, Thai and similar scripts match anywhere inside longer runs; use
--substring to match inside Latin words too (slower: it scans).`,
		Example: `  herm sessions search kubernetes crash
  herm sessions search '"connection refused" after:7d source:cli'
  herm sessions search 'deploy* -staging role:user'`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			query := strings.Join(args, " ")
			opts.IncludeHidden = opts.IncludeHidden || all
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				groups, err := st.SearchSessions(ctx, query, opts)
				if err != nil {
					return searchError(err)
				}
				out := cmd.OutOrStdout()
				if sc.json {
					return sc.printJSON(out, toSearchJSON(query, groups))
				}
				if len(groups) == 0 {
					fmt.Fprintf(out, "No message matches %s.\n", query)
					return nil
				}
				writeGroups(out, groups, highlighter(out))
				return nil
			})
		},
	}
	fs := cmd.Flags()
	fs.IntVarP(&opts.Limit, "limit", "n", 10, "how many conversations to show (at most 100)")
	fs.IntVar(&opts.Offset, "offset", 0, "skip this many conversations (paging)")
	fs.IntVar(&opts.HitsPerGroup, "hits", 3, "matching messages shown per conversation")
	fs.StringSliceVar(&opts.Sources, "source", nil, "only sessions from these front ends")
	fs.StringSliceVar(&opts.Roles, "role", nil, "only messages with these roles (user, assistant, tool, system)")
	fs.BoolVar(&opts.Substring, "substring", false, "match inside words too (scans; newest first, unranked)")
	fs.BoolVar(&all, "all", false, "also search hidden (subagent, tool) sessions")
	return cmd
}

// searchError turns a query problem into a usage error (exit 2).
func searchError(err error) error {
	if errors.Is(err, store.ErrEmptyQuery) || errors.Is(err, store.ErrBadFilter) || errors.Is(err, store.ErrQueryTooLong) {
		return usageError(strings.TrimPrefix(err.Error(), "store: "))
	}
	return err
}

// highlighter returns how matched words are shown: bold on a terminal
// (unless NO_COLOR), the snippet markers otherwise.
func highlighter(w io.Writer) func(string) string {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) || os.Getenv("NO_COLOR") != "" {
		return func(s string) string { return s }
	}
	r := strings.NewReplacer(store.SnippetOpen, "\x1b[1;4m", store.SnippetClose, "\x1b[22;24m")
	return r.Replace
}

func writeGroups(w io.Writer, groups []store.SessionGroup, hl func(string) string) {
	now := time.Now()
	for i, g := range groups {
		best := g.Session(g.Hits[0].SessionID)
		title := best.Title
		if title == "" {
			title = "(untitled)"
		}
		fmt.Fprintf(w, "%d. %s\n   %s · %s · %s · active %s", i+1, text.Clip(text.OneLine(title), 100), best.ID, dash(best.Source), dash(best.Model), ago(now, best.UpdatedAt))
		if n := len(g.Sessions); g.Root.ID != best.ID || n > 1 {
			fmt.Fprintf(w, " · lineage of %s", g.Root.ID)
		}
		fmt.Fprintln(w)
		for _, h := range g.Hits {
			where := ""
			if h.SessionID != best.ID {
				where = " · " + h.SessionID
			}
			fmt.Fprintf(w, "   %s · %s · #%d%s\n      %s\n", h.Role, h.CreatedAt.Local().Format("2006-01-02 15:04"), h.MessageID, where,
				hl(text.Clip(text.OneLine(h.Snippet), 240)))
		}
		if more := g.Matches - len(g.Hits); more > 0 {
			fmt.Fprintf(w, "   (+%d more in this conversation)\n", more)
		}
		if i < len(groups)-1 {
			fmt.Fprintln(w)
		}
	}
}

func (sc *sessionsCmd) statsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "stats",
		Short: "Show how many sessions and messages the store holds, by source and model, and its size",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return sc.run(cmd, func(ctx context.Context, st *store.Store) error {
				s, err := st.Stats(ctx)
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if sc.json {
					return sc.printJSON(out, toStatsJSON(st.Path(), s))
				}
				fmt.Fprintf(out, "Store:     %s (schema %d)\n", st.Path(), s.SchemaVersion)
				fmt.Fprintf(out, "Size:      %s file + %s log", bytesText(s.FileBytes), bytesText(s.WALBytes))
				if s.FreeBytes > 0 {
					fmt.Fprintf(out, " (%s free; herm sessions prune --vacuum returns it)", bytesText(s.FreeBytes))
				}
				fmt.Fprintln(out)
				fmt.Fprintf(out, "Sessions:  %d (%d archived, %d hidden)\n", s.Sessions, s.Archived, s.Hidden)
				fmt.Fprintf(out, "Messages:  %d\n", s.Messages)
				if !s.Oldest.IsZero() {
					fmt.Fprintf(out, "Span:      %s – %s\n", s.Oldest.Local().Format("2006-01-02"), s.Newest.Local().Format("2006-01-02"))
				}
				u := s.Usage
				fmt.Fprintf(out, "Tokens:    %d in, %d out, %d cache read, %d cache write, %d reasoning\n",
					u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens)
				if s.CostUSD > 0 {
					fmt.Fprintf(out, "Cost:      $%.2f\n", s.CostUSD)
				}
				for _, part := range []struct {
					name   string
					counts []store.Count
				}{{"source", s.BySource}, {"model", s.ByModel}} {
					if len(part.counts) == 0 {
						continue
					}
					fmt.Fprintf(out, "\nBy %s:\n", part.name)
					tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
					for _, c := range part.counts {
						fmt.Fprintf(tw, "  %d sessions\t%d messages\t  %s\n", c.Sessions, c.Messages, dash(c.Name))
					}
					tw.Flush()
				}
				return nil
			})
		},
	}
}

// age is how long ago t was, in one short unit.
func age(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	case d < 60*24*time.Hour:
		return fmt.Sprintf("%dd", int(d.Hours()/24))
	case d < 2*365*24*time.Hour:
		return fmt.Sprintf("%dmo", int(d.Hours()/24/30))
	}
	return fmt.Sprintf("%dy", int(d.Hours()/24/365))
}

// ago is age as a phrase: "3h ago", or "now".
func ago(now, t time.Time) string {
	if a := age(now, t); a != "now" {
		return a + " ago"
	}
	return "now"
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func bytesText(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
