package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// colours captures the pane with its escape sequences.
func (x *tmuxTerm) colours() string {
	out, _ := x.cmd("capture-pane", "-p", "-e", "-t", "herm").Output()
	return string(out)
}

// /theme: moving through the picker recolours the screen at once (the
// answer's code too), esc puts the old theme back, enter keeps the new one
// and writes it to config.yaml.
func TestTUIThemeSwitch(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Script.Respond(func(fakellm.Request) fakellm.Reply {
		return fakellm.Reply{Text: "Run this:\n\n```go\nfunc main() { return }\n```\n"}
	})
	e := newEnv(t)
	e.writeConfig("display:\n  theme: dark\n")
	cfg := filepath.Join(e.home, "config.yaml")
	x := startTUI(t, e, 90, 30, openaiArgs(srv.URL)...)
	x.waitText("the input", "❯", "fake-model")
	x.typeText("show me code")
	x.keys("Enter")
	x.waitText("the answer", "func main() { return }", "? help")
	// The session's title (the fake answers the naming call alike) is the
	// last thing to arrive.
	x.waitFor("the title", func(s string) bool { return strings.Count(s, "Run this:") == 2 })
	dark := x.colours()

	x.typeText("/theme")
	x.keys("Enter")
	x.waitText("the picker", "Theme · dark", "▸ dark (current)", "high-contrast", "colorblind")
	x.keys("Down")
	x.waitText("the preview", "Theme · light")
	if inks(x.colours()) == inks(dark) {
		t.Error("the preview did not recolour the screen")
	}
	x.keys("Escape")
	x.waitFor("the picker closed", func(s string) bool { return !strings.Contains(s, "Theme · ") })
	x.waitFor("the old colours", func(string) bool { return inks(x.colours()) == inks(dark) })

	x.typeText("/theme")
	x.keys("Enter")
	x.waitText("the picker", "Theme · dark")
	x.typeText("gruvbox")
	x.waitText("the gruvbox preview", "Theme · gruvbox")
	x.keys("Enter")
	x.waitText("saved", "theme gruvbox saved")
	if data, _ := os.ReadFile(cfg); !strings.Contains(string(data), "theme: gruvbox") {
		t.Errorf("config.yaml = %q", data)
	}
	if inks(x.colours()) == inks(dark) {
		t.Error("the chosen theme is not drawn")
	}
	x.quit()
}

// keys: in config.yaml rebinds an action for the whole UI (the new key
// works, the old one does not, help shows it); an override that clashes
// with another action is reported with its file, line and key.
func TestTUIKeyOverride(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	e.writeConfig("keys:\n  panels.todo: alt+k\n  palette: ctrl+s\n")
	x := startTUI(t, e, 100, 30, openaiArgs(srv.URL)...)
	// The warning wraps where the temporary directory's length puts it.
	x.waitFor("the conflict warning", func(s string) bool {
		s = strings.Join(strings.Fields(s), " ")
		return strings.Contains(s, "config.yaml:3: keys.palette: ctrl+s is already the key of sessions (Panes)")
	})

	x.keys("M-t") // the default key no longer opens the panel
	x.keys("M-k")
	x.waitText("the todo panel", "Plan · 0/0 done", "no plan yet")
	if s := x.screen(); strings.Count(s, "Plan · ") != 1 {
		t.Errorf("alt+t toggled the panel too:\n%s", s)
	}
	x.keys("M-k")
	x.waitFor("the panel hidden", func(s string) bool { return !strings.Contains(s, "Plan · ") })

	x.keys("C-o")
	x.typeText("todo")
	x.waitText("the palette shows the new key", "Todo/plan panel: show or hide", "alt+k")
	x.keys("Escape")
	x.waitFor("the palette closed", func(s string) bool { return !strings.Contains(s, "Commands") })
	x.quit()
}

// inks lists the colours a captured screen uses, in order of first use:
// where tmux puts its resets varies between captures, the colours do not.
func inks(screen string) string {
	var out []string
	seen := map[string]bool{}
	for _, m := range sgrColour.FindAllString(screen, -1) {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return strings.Join(out, " ")
}

var sgrColour = regexp.MustCompile(`[34]8;(?:5;[0-9]+|2;[0-9]+;[0-9]+;[0-9]+)`)
