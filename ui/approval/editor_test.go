package approval

import (
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// The command editor is made when it first opens, in the theme the prompt
// has by then: a theme chosen before any edit applies to the editor.
func TestEditorOpensInTheCurrentTheme(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPrompt(func() time.Time { return now })
	dark := render.New(themes.Dark())
	p.SetRenderer(dark)
	p.Focus()
	p.Add(req("r", 1), 1)
	now = now.Add(Grace)
	if p.Update(uitest.Key("e")); !p.Editing() {
		t.Fatal("e did not open the editor")
	}
	want := render.Open(dark.Theme().Chrome.Prompt)
	if want == "" {
		t.Fatal("the dark theme draws the prompt unstyled; the test needs a style to look for")
	}
	if v := p.View(60, 30); !strings.Contains(v, want+"$ ") {
		t.Errorf("the editor's prompt is not in the dark theme's style %q:\n%q", want, v)
	}
}
