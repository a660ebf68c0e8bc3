package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/promptscan"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/skills"
)

func newSkillsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "skills",
		Short: "List, show, create, edit, delete and validate skills",
		Long: `Skills are saved procedures in the Agent Skills format (SKILL.md with YAML
frontmatter, as Claude Code and Hermes use): HERM_HOME/skills/<name>/SKILL.md,
plus the read-only directories in skills.external_dirs. The prompt lists each
skill's name and description; the agent loads the rest when a task needs it.`,
	}
	var profile string
	profileFlag(cmd.PersistentFlags(), &profile)
	open := func(cmd *cobra.Command) (*skills.Library, error) {
		s, err := openHome(cmd, config.Flags{Profile: profile})
		if err != nil {
			return nil, err
		}
		_, lib := openKnowledge(cmd.Context(), s, stderrWarnings(cmd))
		return lib, nil
	}

	var listJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List the skills, with a mark for each that has a problem",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			lib, err := open(cmd)
			if err != nil {
				return err
			}
			return listSkills(cmd.OutOrStdout(), lib.Catalog(), listJSON)
		},
	}
	list.Flags().BoolVar(&listJSON, "json", false, "print JSON")

	show := &cobra.Command{
		Use:   "show NAME [FILE]",
		Short: "Print a skill's SKILL.md and list its files, or print one of its files",
		Args:  cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := open(cmd)
			if err != nil {
				return err
			}
			return showSkill(cmd.OutOrStdout(), lib, args)
		},
	}

	var category, description string
	var noEdit bool
	create := &cobra.Command{
		Use:   "new NAME",
		Short: "Create a skill from a template and open it in your editor",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := open(cmd)
			if err != nil {
				return err
			}
			s, err := lib.Create(args[0], category, skills.Template(args[0], description))
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Created skill %s at %s\n", s.Name, displayHome(s.Path))
			if noEdit || !term.IsTerminal(os.Stdin.Fd()) {
				return nil
			}
			return editSkill(cmd, lib, s.Name)
		},
	}
	create.Flags().StringVar(&category, "category", "", "group the skill in this folder")
	create.Flags().StringVar(&description, "description", "", "the skill's description (what it does, when to use it)")
	create.Flags().BoolVar(&noEdit, "no-edit", false, "do not open the editor")

	edit := &cobra.Command{
		Use:   "edit NAME",
		Short: "Edit a skill's SKILL.md in $VISUAL or $EDITOR; it is checked before it is saved",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := open(cmd)
			if err != nil {
				return err
			}
			return editSkill(cmd, lib, args[0])
		},
	}

	var yes bool
	del := &cobra.Command{
		Use:   "delete NAME",
		Short: "Delete a skill and its folder",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := open(cmd)
			if err != nil {
				return err
			}
			s, err := lib.Get(args[0])
			if err != nil {
				return err
			}
			if s.ReadOnly {
				return &skills.ReadOnlyError{Name: s.Name, Dir: s.Dir, Root: lib.Root()}
			}
			if !yes {
				if !term.IsTerminal(os.Stdin.Fd()) {
					return fmt.Errorf("not deleting %s without confirmation: pass --yes", s.Name)
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "Delete skill %s and everything in %s? [y/N] ", s.Name, displayHome(s.Dir))
				answer, _ := bufio.NewReader(cmd.InOrStdin()).ReadString('\n')
				if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
					return fmt.Errorf("not deleted")
				}
			}
			if err := lib.Delete(s.Name); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Deleted skill %s\n", s.Name)
			return nil
		},
	}
	del.Flags().BoolVarP(&yes, "yes", "y", false, "do not ask for confirmation")

	var validateJSON bool
	validate := &cobra.Command{
		Use:   "validate [NAME|PATH...]",
		Short: "Check skills (all, or the named ones, or SKILL.md files and folders anywhere); exit 1 if one is invalid",
		RunE: func(cmd *cobra.Command, args []string) error {
			lib, err := open(cmd)
			if err != nil {
				return err
			}
			results := validateSkills(lib, args)
			if err := printValidation(cmd.OutOrStdout(), results, validateJSON); err != nil {
				return err
			}
			for _, r := range results {
				if r.Error != "" {
					return &exitError{code: exitFailure}
				}
			}
			return nil
		},
	}
	validate.Flags().BoolVar(&validateJSON, "json", false, "print JSON")

	cmd.AddCommand(list, show, create, edit, del, validate)
	return cmd
}

type skillJSON struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Category    string   `json:"category,omitempty"`
	Version     string   `json:"version,omitempty"`
	Path        string   `json:"path"`
	ReadOnly    bool     `json:"read_only"`
	Supported   bool     `json:"supported"`
	Warnings    []string `json:"warnings,omitempty"`
}

type skillProblemJSON struct {
	Path     string `json:"path"`
	ReadOnly bool   `json:"read_only"`
	Error    string `json:"error"`
}

func toSkillJSON(s *skills.Skill) skillJSON {
	return skillJSON{Name: s.Name, Description: s.Description, Category: s.Category, Version: s.Version, Path: s.Path,
		ReadOnly: s.ReadOnly, Supported: s.Supported(), Warnings: s.Warnings}
}

func listSkills(w io.Writer, c skills.Catalog, jsonOut bool) error {
	if jsonOut {
		out := struct {
			Skills   []skillJSON        `json:"skills"`
			Invalid  []skillProblemJSON `json:"invalid"`
			Shadowed []skillJSON        `json:"shadowed"`
		}{Skills: []skillJSON{}, Invalid: []skillProblemJSON{}, Shadowed: []skillJSON{}}
		for _, s := range c.Skills {
			out.Skills = append(out.Skills, toSkillJSON(s))
		}
		for _, p := range c.Problems {
			out.Invalid = append(out.Invalid, skillProblemJSON{Path: p.Path, ReadOnly: p.ReadOnly, Error: p.Err.Error()})
		}
		for _, s := range c.Shadowed {
			out.Shadowed = append(out.Shadowed, toSkillJSON(s))
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if len(c.Skills) == 0 && len(c.Problems) == 0 {
		fmt.Fprintln(w, "No skills yet. Create one with: herm skills new NAME")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  NAME\tCATEGORY\tSOURCE\tDESCRIPTION")
	for _, s := range c.Skills {
		mark, source := "✓", "home"
		if s.ReadOnly {
			source = "external"
		}
		if len(s.Warnings) > 0 || !s.Supported() {
			mark = "!"
		}
		fmt.Fprintf(tw, "%s %s\t%s\t%s\t%s\n", mark, s.Name, s.Category, source, text.Clip(text.OneLine(s.Description), 70))
	}
	tw.Flush()
	for _, s := range c.Skills {
		if !s.Supported() {
			fmt.Fprintf(w, "! %s: only for %s, not this system\n", s.Name, strings.Join(s.Platforms, ", "))
		}
		for _, warn := range s.Warnings {
			fmt.Fprintf(w, "! %s: %s\n", s.Name, warn)
		}
	}
	for _, s := range c.Shadowed {
		fmt.Fprintf(w, "! %s at %s is hidden by the skill of the same name listed above\n", s.Name, displayHome(s.Dir))
	}
	for _, p := range c.Problems {
		fmt.Fprintf(w, "✗ %v\n", p.Err)
	}
	return nil
}

func showSkill(w io.Writer, lib *skills.Library, args []string) error {
	if len(args) == 2 {
		data, err := lib.ReadFile(args[0], args[1])
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	}
	s, err := lib.Get(args[0])
	if err != nil {
		return err
	}
	data, err := lib.ReadFile(s.Name, skills.FileName)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# %s\n\n", displayHome(s.Path))
	w.Write(data)
	if files := lib.Files(s); len(files) > 0 {
		fmt.Fprintf(w, "\n# files (herm skills show %s FILE)\n", s.Name)
		for _, f := range files {
			fmt.Fprintf(w, "%s\t%d bytes\n", f.Path, f.Size)
		}
	}
	return nil
}

func editSkill(cmd *cobra.Command, lib *skills.Library, name string) error {
	var original []byte
	s, err := lib.Get(name)
	if err == nil {
		original, err = lib.ReadFile(s.Name, skills.FileName)
	} else if p := lib.Catalog().Broken(name); p != nil {
		// A SKILL.md that does not parse: edit it to fix it.
		fmt.Fprintf(cmd.ErrOrStderr(), "herm: %v\n", p.Err)
		s = &skills.Skill{Name: name, Dir: filepath.Dir(p.Path), Path: p.Path, ReadOnly: p.ReadOnly}
		original, err = os.ReadFile(p.Path)
	}
	if err != nil {
		return err
	}
	if s.ReadOnly {
		return &skills.ReadOnlyError{Name: s.Name, Dir: s.Dir, Root: lib.Root()}
	}
	err = editLoop(cmd, skills.FileName, original, func(text []byte) error {
		ns, err := lib.Edit(s.Name, string(text))
		if err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "Saved %s\n", displayHome(s.Path))
		for _, w := range ns.Warnings {
			fmt.Fprintf(cmd.ErrOrStderr(), "herm: warning: %s\n", w)
		}
		return nil
	})
	if errors.Is(err, errUnchanged) {
		fmt.Fprintf(cmd.ErrOrStderr(), "No changes to %s.\n", s.Name)
		return nil
	}
	return err
}

// validation is the verdict on one skill.
type validation struct {
	Name     string   `json:"name,omitempty"`
	Path     string   `json:"path"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

// validateSkills checks the whole catalog, or the named skills, or
// SKILL.md files and skill folders given by path (for skills being
// written outside the herm home).
func validateSkills(lib *skills.Library, args []string) []validation {
	var out []validation
	c := lib.Catalog()
	if len(args) == 0 {
		for _, s := range c.Skills {
			out = append(out, judge(s))
		}
		for _, s := range c.Shadowed {
			v := judge(s)
			v.Warnings = append(v.Warnings, "hidden by another skill of the same name")
			out = append(out, v)
		}
		for _, p := range c.Problems {
			out = append(out, validation{Path: p.Path, Error: p.Err.Error()})
		}
		return out
	}
	for _, arg := range args {
		if s := c.Find(arg); s != nil && !strings.ContainsRune(arg, filepath.Separator) {
			full, err := lib.Get(s.Name)
			if err != nil {
				out = append(out, validation{Name: arg, Path: s.Path, Error: err.Error()})
				continue
			}
			out = append(out, judge(full))
			continue
		}
		path := arg
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			path = filepath.Join(path, skills.FileName)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			msg := err.Error()
			if errors.Is(err, os.ErrNotExist) {
				msg = fmt.Sprintf("no skill named %q and no file %s", arg, path)
			}
			out = append(out, validation{Path: path, Error: msg})
			continue
		}
		s, err := skills.Parse(path, data)
		if err != nil {
			out = append(out, validation{Path: path, Error: err.Error()})
			continue
		}
		s.Path = path
		if base := filepath.Base(filepath.Dir(path)); base != s.Name {
			s.Warnings = append(s.Warnings, fmt.Sprintf("the name %q differs from its folder %q", s.Name, base))
		}
		out = append(out, judge(s))
	}
	return out
}

// judge turns a parsed skill into a verdict: its warnings, whether it runs
// here, and what the injection scanner would cut from its description.
func judge(s *skills.Skill) validation {
	v := validation{Name: s.Name, Path: s.Path, Warnings: append([]string(nil), s.Warnings...)}
	if !s.Supported() {
		v.Warnings = append(v.Warnings, fmt.Sprintf("only for %s: not listed on this system", strings.Join(s.Platforms, ", ")))
	}
	for _, f := range promptscan.Scan(s.Description) {
		v.Warnings = append(v.Warnings, fmt.Sprintf("the description contains %s; prompts show a placeholder instead", f))
	}
	for _, f := range promptscan.Scan(s.Body) {
		if f.Kind != promptscan.Exfiltration {
			v.Warnings = append(v.Warnings, fmt.Sprintf("the instructions contain %s", f))
		}
	}
	return v
}

func printValidation(w io.Writer, results []validation, jsonOut bool) error {
	if jsonOut {
		if results == nil {
			results = []validation{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(results)
	}
	if len(results) == 0 {
		fmt.Fprintln(w, "No skills to check.")
	}
	bad := 0
	for _, r := range results {
		switch {
		case r.Error != "":
			bad++
			fmt.Fprintf(w, "✗ %s\n", r.Error)
		default:
			fmt.Fprintf(w, "✓ %s (%s)\n", r.Name, displayHome(r.Path))
		}
		for _, warn := range r.Warnings {
			fmt.Fprintf(w, "  ! %s\n", warn)
		}
	}
	if bad > 0 {
		fmt.Fprintf(w, "%d of %d invalid\n", bad, len(results))
	}
	return nil
}
