package skills

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/uitest"
	sk "github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// bigSkill is a SKILL.md just under the format's 100 KB limit: sections of
// prose, lists and code.
func bigSkill() string {
	var b strings.Builder
	b.WriteString("---\nname: big\ndescription: A long procedure.\n---\n# Big\n")
	for i := 0; b.Len() < sk.MaxSkillBytes-600; i++ {
		fmt.Fprintf(&b, "\n## Step %d\n\nRun the **check** for part %d and read `output.log` before going on; if it fails, see references/part-%d.md.\n\n- first point\n- second point\n\n```sh\nmake check PART=%d\n```\n", i, i, i, i)
	}
	return b.String()
}

func bigPane(b *testing.B) *Pane {
	lib := sk.NewLibrary(filepath.Join(b.TempDir(), "skills"), nil)
	if _, err := lib.Create("big", "", bigSkill()); err != nil {
		b.Fatal(err)
	}
	p := New(context.Background(), lib, render.New(themes.Dark()), keys.Default())
	drive(p, p.SetSize(120, 40))
	drive(p, p.Init())
	return p
}

// A keypress in the editor holding a 100 KB SKILL.md, and the frame after.
func BenchmarkEditorKeypressLargeSkill(b *testing.B) {
	p := bigPane(b)
	press(p, "e")
	if p.mode != modeEdit {
		b.Fatal("not editing")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
		_ = p.View()
	}
}

// Scrolling the rendered view of a 100 KB skill, and the frame after.
func BenchmarkViewScrollLargeSkill(b *testing.B) {
	p := bigPane(b)
	press(p, "enter")
	if p.mode != modeView || p.view.lines == nil {
		b.Fatal("not viewing")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Update(uitest.Key("down"))
		_ = p.View()
	}
}

// Laying out a 100 KB skill (runs in a tea.Cmd, off the event loop).
func BenchmarkRenderLargeSkill(b *testing.B) {
	p := bigPane(b)
	press(p, "enter")
	v := *p.view
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.layout(p.r, p.list.root, 120)
	}
}

// Typing in the search of a 500-skill list, and the frame after.
func BenchmarkSearch500Skills(b *testing.B) {
	p := New(context.Background(), sk.NewLibrary(b.TempDir(), nil), render.New(themes.Dark()), keys.Default())
	p.SetSize(120, 40)
	items := make([]item, 500)
	for i := range items {
		name := fmt.Sprintf("skill-%03d", i)
		desc := fmt.Sprintf("Does task number %d, when the user asks for it.", i)
		items[i] = item{name: name, desc: desc, search: name + " " + strings.ToLower(desc)}
	}
	p.list.set(items, "/skills")
	press(p, "/")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Update(tea.KeyPressMsg{Code: '4', Text: "4"})
		_ = p.View()
		p.Update(uitest.Key("backspace"))
		_ = p.View()
	}
}
