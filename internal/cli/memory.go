package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/promptscan"
)

func newMemoryCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "memory",
		Short: "Show and edit what the agent remembers (MEMORY.md and USER.md)",
		Long: `The agent keeps two small files in HERM_HOME/memories, both part of every
new session's system prompt: MEMORY.md (its notes, 2,200 characters) and
USER.md (your profile, 1,375 characters). Entries are separated by a line
holding only §.`,
	}
	var profile string
	profileFlag(cmd.PersistentFlags(), &profile)

	var jsonOut bool
	show := &cobra.Command{
		Use:   "show [memory|user]",
		Short: "Print the memory files' entries and usage",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := openHome(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			targets, err := memoryTargets(args)
			if err != nil {
				return err
			}
			return showMemory(cmd.OutOrStdout(), memory.New(s.Home.MemoriesDir()), targets, jsonOut)
		},
	}
	show.Flags().BoolVar(&jsonOut, "json", false, "print JSON")

	edit := &cobra.Command{
		Use:   "edit [memory|user]",
		Short: "Edit a memory file in $VISUAL or $EDITOR; it is checked before it is saved",
		Long: `Opens a copy of MEMORY.md (or USER.md with "user") in your editor. When you
close the editor the copy is checked: entries separated by lines holding
only §, no entry longer than the file's limit, the whole within the limit.
A copy that does not pass is not saved; you can edit it again, and it is
never thrown away. This is also how to fix a file herm refuses to change.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := openHome(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			targets, err := memoryTargets(args)
			if err != nil {
				return err
			}
			return editMemory(cmd, memory.New(s.Home.MemoriesDir()), targets[0])
		},
	}
	cmd.AddCommand(show, edit)
	return cmd
}

func memoryTargets(args []string) ([]memory.Target, error) {
	if len(args) == 0 {
		return []memory.Target{memory.Agent, memory.User}, nil
	}
	t, err := memory.ParseTarget(args[0])
	if err != nil {
		return nil, err
	}
	return []memory.Target{t}, nil
}

type memoryFileJSON struct {
	File    string   `json:"file"`
	Path    string   `json:"path"`
	Chars   int      `json:"chars"`
	Limit   int      `json:"limit"`
	Entries []string `json:"entries"`
	Error   string   `json:"error,omitempty"`
}

func showMemory(w io.Writer, st *memory.Store, targets []memory.Target, jsonOut bool) error {
	files := map[string]memoryFileJSON{}
	for i, t := range targets {
		f, err := st.Load(t)
		if jsonOut {
			j := memoryFileJSON{File: t.FileName(), Path: f.Path, Chars: f.Chars(), Limit: f.Limit, Entries: f.Entries}
			if j.Entries == nil {
				j.Entries = []string{}
			}
			if err != nil {
				j.Error = err.Error()
			}
			files[string(t)] = j
			continue
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		what := "the agent's notes"
		if t == memory.User {
			what = "your profile"
		}
		fmt.Fprintf(w, "%s — %s · %s (%d%%) · %s\n", t.FileName(), what, f.Usage(), f.Percent(), displayHome(f.Path))
		if err != nil {
			fmt.Fprintf(w, "  ✗ %v\n", err)
			continue
		}
		if len(f.Entries) == 0 {
			fmt.Fprintln(w, "  (empty)")
		}
		for n, e := range f.Entries {
			mark := ""
			if fs := promptscan.Scan(e); len(fs) > 0 {
				mark = fmt.Sprintf("  ⚠ replaced by a placeholder in prompts: %s", fs[0].Kind.Describe())
			}
			fmt.Fprintf(w, "%3d. %s%s\n", n+1, strings.ReplaceAll(e, "\n", "\n     "), mark)
		}
	}
	if jsonOut {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(files)
	}
	return nil
}

func editMemory(cmd *cobra.Command, st *memory.Store, t memory.Target) error {
	original, err := os.ReadFile(st.Path(t))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "Editing %s: one entry per block, blocks separated by a line holding only %s; at most %s characters in all.\n",
		t.FileName(), memory.Separator, memory.Thousands(st.Limit(t)))
	err = editLoop(cmd, t.FileName(), original, func(text []byte) error {
		f, err := st.Rewrite(cmd.Context(), t, original, text)
		if err != nil {
			var ce *memory.ConflictError
			if errors.As(err, &ce) {
				// Not worth another round in the editor: the file moved on.
				return finalError{fmt.Errorf("%w; run herm memory edit again to start from the current file", err)}
			}
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "Saved %s: %d entries, %s.\n", t.FileName(), len(f.Entries), f.Usage())
		for _, e := range f.Entries {
			if fs := promptscan.Scan(e); len(fs) > 0 {
				fmt.Fprintf(cmd.ErrOrStderr(), "herm: warning: an entry contains %s; prompts will show a placeholder instead of it\n", fs[0])
			}
		}
		return nil
	})
	if errors.Is(err, errUnchanged) {
		fmt.Fprintf(cmd.ErrOrStderr(), "No changes to %s.\n", t.FileName())
		return nil
	}
	return err
}
