package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/tools/terminal"
)

// sandboxPolicy is the terminal's sandbox for the terminal settings t
// (terminal.sandbox, terminal.network, terminal.writable) of the herm home
// active: herm's root home, with every profile in it, is never writable
// and the secret files of each home are never readable. A writable path
// that is neither absolute nor ~/… is left out, and warn says so.
func sandboxPolicy(t config.Terminal, active config.Home, warn warnFunc) terminal.Policy {
	home, _ := os.UserHomeDir()
	p := terminal.Policy{
		Mode:    terminal.SandboxMode(t.Sandbox),
		Network: terminal.NetworkMode(t.Network),
		Home:    home,
	}
	root := active
	if h, err := config.ResolveHome("", getenv); err == nil {
		root = h
	}
	p.Protected = terminal.ProtectedPaths(home, root.Dir())
	homes := []config.Home{root}
	if active != root {
		homes = append(homes, active)
		if !strings.HasPrefix(active.Dir(), root.Dir()+string(filepath.Separator)) {
			p.Protected = append(p.Protected, active.Dir())
		}
	}
	profiles, _ := filepath.Glob(filepath.Join(root.Dir(), "profiles", "*"))
	for _, dir := range profiles {
		homes = append(homes, config.Home(dir))
	}
	for _, h := range homes {
		p.Secrets = append(p.Secrets, h.SecretFiles()...)
	}
	for _, w := range t.Writable {
		switch {
		case w == "~":
			w = home
		case strings.HasPrefix(w, "~/"):
			w = filepath.Join(home, w[2:])
		case !filepath.IsAbs(w):
			warn("terminal.writable: " + w + " is neither an absolute path nor one starting with ~/, so the sandbox does not let commands write it")
			continue
		}
		p.Writable = append(p.Writable, w)
	}
	return p
}

// guardSandboxJSON is the sandbox herm guard reports: whether commands
// run in it here, and the rules it would apply to one started in the
// current directory — or why there is none.
type guardSandboxJSON struct {
	Sandboxed  bool     `json:"-"`
	Mode       string   `json:"mode"`
	Network    string   `json:"network"`
	Why        string   `json:"why,omitempty"`
	Workspace  string   `json:"workspace,omitempty"`
	Writable   []string `json:"writable"`
	ReadOnly   []string `json:"read_only"`
	Unreadable []string `json:"unreadable"`
	Restored   []string `json:"restored"`
}

// guardSandbox is the sandbox a command started in cwd would run in,
// from the settings of the default profile. Settings that cannot be
// loaded are warned about on stderr, and the defaults used.
func guardSandbox(cmd *cobra.Command, cwd string) guardSandboxJSON {
	t, home := config.Defaults().Terminal, config.Home("")
	if s, err := loadSettings(config.Flags{}, stderrWarnings(cmd)); err != nil {
		stderrWarnings(cmd)(fmt.Sprintf("%v; showing the default sandbox", err))
		if h, err := config.ResolveHome("", getenv); err == nil {
			home = h
		}
	} else {
		t, home = s.Terminal, s.Home
	}
	b := terminal.New(terminal.Config{Sandbox: sandboxPolicy(t, home, stderrWarnings(cmd))})
	defer b.Close()
	out := guardSandboxJSON{Mode: t.Sandbox, Network: t.Network}
	on, why := b.Sandbox()
	if !on {
		out.Why = why
		return out
	}
	r, _ := b.Rules(cwd)
	out.Sandboxed = true
	out.Workspace = r.Workspace
	out.Writable, out.ReadOnly, out.Unreadable, out.Restored = nonNil(r.Writable), nonNil(r.ReadOnly), nonNil(r.Unreadable), nonNil(r.Restored)
	if r.Network {
		out.Network = "allow"
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writeSandboxText says in a line or two how a command would be confined.
func writeSandboxText(w io.Writer, sb guardSandboxJSON) error {
	var err error
	switch {
	case !sb.Sandboxed:
		_, err = fmt.Fprintf(w, "no sandbox: %s; so herm asks before running a program it does not know\n", sb.Why)
	case len(sb.Writable) == 0:
		_, err = fmt.Fprintf(w, "sandbox %s: commands write nothing; network %s\n", sb.Mode, sb.Network)
	default:
		_, err = fmt.Fprintf(w, "sandbox %s: commands write only in %s; network %s\n", sb.Mode, strings.Join(sb.Writable, ", "), sb.Network)
	}
	return err
}
