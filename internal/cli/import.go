package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/promptscan"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/skills"
)

func newImportCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import",
		Short: "Bring skills, memories and settings over from another agent",
	}
	var (
		profile string
		dryRun  bool
	)
	hermes := &cobra.Command{
		Use:   "hermes [DIR]",
		Short: "Import from a Hermes Agent home (default $HERMES_HOME or ~/.hermes)",
		Long: `Copies from a Hermes home into this herm home: skills (those whose names herm
does not have yet), MEMORY.md and USER.md entries (those not already present,
while they fit herm's limits and pass the prompt-injection check), SOUL.md
(when herm has none) and the config.yaml keys that mean the same in herm.
Nothing in the Hermes home is ever written. Everything left out is listed
with the reason.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			src := ""
			if len(args) == 1 {
				src = args[0]
			}
			if src == "" {
				src = os.Getenv("HERMES_HOME")
			}
			if src == "" {
				home, err := os.UserHomeDir()
				if err != nil {
					return fmt.Errorf("cannot find your home directory; give the Hermes home as an argument: %w", err)
				}
				src = filepath.Join(home, ".hermes")
			}
			s, err := openHome(cmd, config.Flags{Profile: profile})
			if err != nil {
				return err
			}
			// herm's bundled skills first, so a Hermes skill of the same
			// name is reported as a conflict rather than shadowing them.
			openKnowledge(cmd.Context(), s, stderrWarnings(cmd))
			imp, err := newHermesImport(cmd.Context(), src, s, dryRun)
			if err != nil {
				return err
			}
			imp.run()
			imp.report(cmd.OutOrStdout())
			return nil
		},
	}
	profileFlag(hermes.Flags(), &profile)
	hermes.Flags().BoolVar(&dryRun, "dry-run", false, "report what would be imported without writing anything")
	cmd.AddCommand(hermes)
	return cmd
}

// hermesImport copies what maps from a Hermes home into a herm home. It
// only ever reads src.
type hermesImport struct {
	ctx      context.Context
	src      string
	settings *config.Settings
	dry      bool

	// What happened, section by section, for the report.
	done    map[string][]string
	skipped map[string][]string
}

func newHermesImport(ctx context.Context, src string, s *config.Settings, dry bool) (*hermesImport, error) {
	abs, err := filepath.Abs(src)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil || !st.IsDir() {
		return nil, fmt.Errorf("%s is not a Hermes home (no such directory); give its path: herm import hermes DIR", abs)
	}
	if sameDir(abs, s.Home.Dir()) {
		return nil, fmt.Errorf("%s is this herm home itself", abs)
	}
	return &hermesImport{ctx: ctx, src: abs, settings: s, dry: dry, done: map[string][]string{}, skipped: map[string][]string{}}, nil
}

func sameDir(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

func (imp *hermesImport) did(section, format string, args ...any) {
	imp.done[section] = append(imp.done[section], fmt.Sprintf(format, args...))
}

func (imp *hermesImport) skip(section, format string, args ...any) {
	imp.skipped[section] = append(imp.skipped[section], fmt.Sprintf(format, args...))
}

func (imp *hermesImport) run() {
	imp.skills()
	imp.memories()
	imp.soul()
	imp.config()
	imp.leftovers()
}

func (imp *hermesImport) report(w io.Writer) {
	verb := "Imported"
	if imp.dry {
		verb = "Would import (dry run, nothing written)"
	}
	fmt.Fprintf(w, "%s from %s into %s\n", verb, displayHome(imp.src), displayHome(imp.settings.Home.Dir()))
	for _, sec := range []string{"skills", "memory", "SOUL.md", "config", "not imported"} {
		done, skipped := imp.done[sec], imp.skipped[sec]
		if len(done) == 0 && len(skipped) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", sec)
		for _, d := range done {
			fmt.Fprintf(w, "  + %s\n", d)
		}
		for _, s := range skipped {
			fmt.Fprintf(w, "  - skipped %s\n", s)
		}
	}
	if len(imp.done) == 0 && len(imp.skipped) == 0 {
		fmt.Fprintln(w, "\nNothing to import: no skills, memories, SOUL.md or config.yaml found.")
	}
}

func (imp *hermesImport) skills() {
	from := skills.NewLibrary(filepath.Join(imp.src, "skills"), nil)
	to := skills.NewLibrary(imp.settings.Home.SkillsDir(), imp.settings.Skills.ExternalDirs)
	c := from.Catalog()
	have := to.Catalog()
	for _, s := range c.Skills {
		if existing := have.Find(s.Name); existing != nil {
			imp.skip("skills", "%s: herm already has a skill with that name (%s)", s.Name, displayHome(existing.Dir))
			continue
		}
		if imp.dry {
			imp.did("skills", "%s", s.Name)
			continue
		}
		left, err := to.Import(s)
		if err != nil {
			imp.skip("skills", "%s: %v", s.Name, err)
			continue
		}
		line := s.Name
		if len(left) > 0 {
			line += fmt.Sprintf(" (without %s)", strings.Join(left, ", "))
		}
		imp.did("skills", "%s", line)
	}
	for _, s := range c.Shadowed {
		imp.skip("skills", "%s at %s: another skill of that name comes first", s.Name, displayHome(s.Dir))
	}
	for _, p := range c.Problems {
		imp.skip("skills", "%v", p.Err)
	}
}

func (imp *hermesImport) memories() {
	st := memory.New(imp.settings.Home.MemoriesDir())
	for _, t := range []memory.Target{memory.Agent, memory.User} {
		path := filepath.Join(imp.src, "memories", t.FileName())
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			imp.skip("memory", "%s: %v", t.FileName(), err)
			continue
		}
		entries, err := memory.Parse(data, 0)
		if err != nil {
			imp.skip("memory", "%s: %v", t.FileName(), err)
			continue
		}
		var added, present int
		var skipped []string
		merge := func(f memory.File) ([]string, error) {
			next := append([]string(nil), f.Entries...)
			added, present, skipped = 0, 0, nil
			for _, e := range entries {
				if slices.Contains(next, e) {
					present++
					continue
				}
				if _, err := memory.ValidateEntry(e); err != nil {
					skipped = append(skipped, fmt.Sprintf("%s entry %q: %v", t.FileName(), text.Clip(text.OneLine(e), 50), err))
					continue
				}
				trial := append(append([]string(nil), next...), e)
				if n := (memory.File{Entries: trial}).Chars(); n > f.Limit {
					skipped = append(skipped, fmt.Sprintf("%s entry %q: over the limit (the file would be %s/%s chars); add it with herm memory edit after making room",
						t.FileName(), text.Clip(text.OneLine(e), 50), memory.Thousands(n), memory.Thousands(f.Limit)))
					continue
				}
				next = trial
				added++
			}
			return next, nil
		}
		var f memory.File
		if imp.dry {
			if f, err = st.Load(t); err == nil {
				_, err = merge(f)
			}
		} else {
			f, err = st.Update(imp.ctx, t, merge)
		}
		if err != nil {
			imp.skip("memory", "%s: %v", t.FileName(), err)
			continue
		}
		line := fmt.Sprintf("%s: %d %s", t.FileName(), added, text.Noun(added, "entry", "entries"))
		if present > 0 {
			line += fmt.Sprintf(" (%d already there)", present)
		}
		if !imp.dry {
			line += ", now " + f.Usage()
		}
		imp.did("memory", "%s", line)
		for _, s := range skipped {
			imp.skip("memory", "%s", s)
		}
	}
}

func (imp *hermesImport) soul() {
	src := filepath.Join(imp.src, "SOUL.md")
	data, err := os.ReadFile(src)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		imp.skip("SOUL.md", "%v", err)
		return
	}
	if len(bytes.TrimSpace(data)) == 0 {
		imp.skip("SOUL.md", "it is empty")
		return
	}
	dst := imp.settings.Home.SoulFile()
	if cur, err := os.ReadFile(dst); err == nil && len(bytes.TrimSpace(cur)) > 0 {
		if bytes.Equal(bytes.TrimSpace(cur), bytes.TrimSpace(data)) {
			imp.did("SOUL.md", "already the same")
			return
		}
		imp.skip("SOUL.md", "herm already has its own SOUL.md (kept); Hermes' is at %s", displayHome(src))
		return
	}
	if !imp.dry {
		if err := atomicfile.Write(dst, data, 0o600); err != nil {
			imp.skip("SOUL.md", "%v", err)
			return
		}
	}
	imp.did("SOUL.md", "copied to %s", displayHome(dst))
	if fs := promptscan.Scan(string(data)); len(fs) > 0 {
		imp.skip("SOUL.md", "nothing, but note: it contains %s", fs[0])
	}
}

// hermesProvider maps a Hermes provider name to herm's, when herm has
// one meaning the same.
func hermesProvider(name string) (string, bool) {
	switch n := strings.ToLower(strings.TrimSpace(name)); n {
	case "openrouter", "anthropic", "openai", "custom", "lmstudio", "ollama", "vllm", "llamacpp":
		return n, true
	}
	return "", false
}

func (imp *hermesImport) config() {
	path := filepath.Join(imp.src, "config.yaml")
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		imp.skip("config", "%v", err)
		return
	}
	var src map[string]any
	if err := yaml.Unmarshal(data, &src); err != nil {
		imp.skip("config", "%s is not valid YAML: %v", displayHome(path), err)
		return
	}
	var mine map[string]any
	if data, err := os.ReadFile(imp.settings.Home.ConfigFile()); err == nil {
		yaml.Unmarshal(data, &mine)
	}
	used := map[string]bool{}
	set := func(hermesKey, key string, value any) {
		used[hermesKey] = true
		if value == nil || value == "" {
			return
		}
		if lookupKey(mine, key) != nil {
			imp.skip("config", "%s: herm's config.yaml already sets %s", hermesKey, key)
			return
		}
		out, err := yaml.Marshal(value)
		if err != nil {
			imp.skip("config", "%s: %v", hermesKey, err)
			return
		}
		if !imp.dry {
			if err := config.Set(imp.settings.Home, key, strings.TrimSpace(string(out))); err != nil {
				imp.skip("config", "%s: %v", hermesKey, err)
				return
			}
		}
		imp.did("config", "%s = %s", key, displayValue(value))
	}

	switch m := src["model"].(type) {
	case string:
		set("model", "model.name", m)
	case map[string]any:
		for _, k := range []string{"default", "model"} {
			if v, ok := m[k]; ok {
				set("model."+k, "model.name", v)
				break
			}
		}
		if p, ok := m["provider"].(string); ok {
			used["model.provider"] = true
			switch mapped, known := hermesProvider(p); {
			case strings.EqualFold(p, "auto"):
				// herm picks the provider from the keys it finds, as "auto" does.
			case known:
				set("model.provider", "model.provider", mapped)
			default:
				imp.skip("config", "model.provider %q: herm has no provider by that name (it has %s)", p, strings.Join(config.ProviderNames(), ", "))
			}
		}
		set("model.base_url", "model.base_url", m["base_url"])
		set("model.context_length", "model.context_length", m["context_length"])
		if _, ok := m["api_key"]; ok {
			used["model.api_key"] = true
			imp.skip("config", "model.api_key: secrets are not copied; put the key in %s", displayHome(imp.settings.Home.EnvFile()))
		}
	}
	if a, ok := src["agent"].(map[string]any); ok {
		set("agent.max_turns", "agent.max_turns", a["max_turns"])
	}
	if t, ok := src["terminal"].(map[string]any); ok {
		set("terminal.timeout", "terminal.timeout", t["timeout"])
		if b, ok := t["backend"].(string); ok {
			used["terminal.backend"] = true
			if b != "local" {
				imp.skip("config", "terminal.backend %q: herm runs commands locally for now", b)
			}
		}
	}
	if c, ok := src["compression"].(map[string]any); ok {
		set("compression.enabled", "compression.enabled", c["enabled"])
		set("compression.threshold", "compression.threshold", c["threshold"])
	}
	if s, ok := src["skills"].(map[string]any); ok {
		set("skills.external_dirs", "skills.external_dirs", s["external_dirs"])
	}

	// Everything else is named, so nobody wonders where a setting went.
	var rest []string
	for _, k := range flatKeys(src, "") {
		if !used[k] && !underUsed(k, used) {
			rest = append(rest, k)
		}
	}
	if len(rest) > 0 {
		sort.Strings(rest)
		const show = 12
		list := strings.Join(rest[:min(show, len(rest))], ", ")
		if len(rest) > show {
			list += fmt.Sprintf(" and %d more", len(rest)-show)
		}
		imp.skip("config", "keys with no herm equivalent: %s", list)
	}
}

// displayValue shows a config value on one line: lists as [a, b].
func displayValue(v any) string {
	if list, ok := v.([]any); ok {
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = fmt.Sprint(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

// underUsed reports a key whose parent was handled as a whole (model: as
// a string).
func underUsed(k string, used map[string]bool) bool {
	for u := range used {
		if strings.HasPrefix(k, u+".") {
			return true
		}
	}
	return false
}

// flatKeys lists the dotted paths of m's leaves.
func flatKeys(m map[string]any, prefix string) []string {
	var out []string
	for k, v := range m {
		key := prefix + k
		if sub, ok := v.(map[string]any); ok && len(sub) > 0 {
			out = append(out, flatKeys(sub, key+".")...)
			continue
		}
		out = append(out, key)
	}
	return out
}

// lookupKey returns the value at a dotted key of a decoded YAML document.
func lookupKey(m map[string]any, key string) any {
	var cur any = m
	for _, part := range strings.Split(key, ".") {
		mm, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = mm[part]
	}
	return cur
}

// leftovers names what a Hermes home holds that herm does not import.
func (imp *hermesImport) leftovers() {
	for _, x := range []struct{ name, why string }{
		{".env", "API keys: copy the ones you need into " + displayHome(imp.settings.Home.EnvFile())},
		{"state.db", "Hermes sessions"},
		{"sessions", "Hermes sessions"},
		{"cron", "scheduled jobs: recreate them with the cronjob tool"},
		{"logs", "logs"},
		{"plugins", "plugins"},
		{"hooks", "hooks"},
	} {
		if _, err := os.Lstat(filepath.Join(imp.src, x.name)); err == nil {
			imp.skip("not imported", "%s (%s)", x.name, x.why)
		}
	}
}

// displayHome shortens a path inside the user's home to ~/….
func displayHome(p string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if rel, err := filepath.Rel(home, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.Join("~", rel)
		}
	}
	return p
}
