package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/themes"
)

// /theme previews each theme as the selection moves, esc puts the old one
// back, enter keeps the new one and writes it to config.yaml.
func TestThemePickerPreviewsAndSaves(t *testing.T) {
	home := t.TempDir()
	m := New(t.Context(), Options{Agent: newModel(t, 10, 10).opts.Agent, Now: fixedNow, Home: home, Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 30})
	playMarkdownTurn(m)
	before := m.View().Content

	typeText(m, "/theme")
	m.Update(press("enter"))
	if !strings.Contains(screen(m), "Theme · dark") || !strings.Contains(screen(m), "▸ dark (current)") {
		t.Fatalf("the picker:\n%s", screen(m))
	}
	m.Update(press("down"))
	if m.theme.Name != "light" || !strings.Contains(screen(m), "Theme · light") {
		t.Fatalf("no live preview: theme %s", m.theme.Name)
	}
	if m.View().Content == before {
		t.Error("the screen did not change colour")
	}
	m.Update(press("esc"))
	if m.theme.Name != "dark" || m.opts.Theme != "dark" {
		t.Fatalf("esc kept %s", m.theme.Name)
	}

	typeText(m, "/theme")
	m.Update(press("enter"))
	typeText(m, "colorbl")
	if m.theme.Name != "colorblind" {
		t.Fatalf("typing should filter and preview: %s", m.theme.Name)
	}
	uitest.Golden(t, "theme_picker_80", screen(m))
	_, cmd := m.Update(press("enter"))
	for _, msg := range uitest.Collect(cmd) {
		m.Update(msg)
	}
	if m.theme.Name != "colorblind" || len(m.overlays) != 0 {
		t.Fatalf("enter: theme %s, %d overlays", m.theme.Name, len(m.overlays))
	}
	data, err := os.ReadFile(filepath.Join(home, "config.yaml"))
	if err != nil || !strings.Contains(string(data), "theme: colorblind") {
		t.Fatalf("config.yaml: %q %v", data, err)
	}
	t.Setenv("HERM_HOME", home)
	s, err := config.Load(config.Flags{})
	if err != nil || s.Display.Theme != "colorblind" {
		t.Errorf("config reads back %q %v", s.Display.Theme, err)
	}

	// /theme NAME switches at once; an unknown name is refused.
	typeText(m, "/theme nord")
	m.Update(press("enter"))
	if m.theme.Name != "nord" {
		t.Errorf("/theme nord: %s", m.theme.Name)
	}
	typeText(m, "/theme nope")
	m.Update(press("enter"))
	if m.theme.Name != "nord" || !strings.Contains(screen(m), "no theme nope") {
		t.Errorf("/theme nope:\n%s", screen(m))
	}
}

// A user theme is listed by the picker and used by name.
func TestThemePickerListsUserThemes(t *testing.T) {
	u := themes.User{Name: "ocean", File: "/h/themes/ocean.yaml", Dark: true, Palette: themes.NordPalette()}
	m := New(t.Context(), Options{Agent: newModel(t, 10, 10).opts.Agent, Now: fixedNow, UserThemes: []themes.User{u}})
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 40})
	m.Update(press("ctrl+o"))
	typeText(m, "theme")
	m.Update(press("enter"))
	typeText(m, "ocean")
	if got := screen(m); !strings.Contains(got, "▸ ocean  yours: /h/themes/ocean.yaml") || m.theme.Name != "ocean" {
		t.Errorf("theme %s:\n%s", m.theme.Name, got)
	}
}

// The chroma style follows the theme: a keyword is painted in the theme's
// keyword colour, so a switch recolours code too.
func TestCodeFollowsTheTheme(t *testing.T) {
	m := newModel(t, 80, 30)
	playMarkdownTurn(m)
	m.setTheme("dark")
	dark := m.View().Content
	m.setTheme("gruvbox")
	gruv := m.View().Content
	// gruvbox's keyword red #FB4934 is 251;73;52 in true colour.
	if !strings.Contains(gruv, "251;73;52") || strings.Contains(dark, "251;73;52") {
		t.Error("code keywords are not in gruvbox's keyword colour")
	}
}

// BenchmarkThemeSwitch measures a theme switch and the full redraw that
// follows, at 60 and 200 columns, on a transcript of 200 answers with
// code, tables and lists (the budget: 50 ms).
func BenchmarkThemeSwitch(b *testing.B) {
	for _, width := range []int{60, 200} {
		b.Run(itoa(width), func(b *testing.B) {
			m := newModel(b, width, 50)
			for range 200 {
				playMarkdownTurn(m)
			}
			names := []string{"dark", "nord", "colorblind", "high-contrast", "gruvbox", "tokyo-night"}
			m.View()
			b.ResetTimer()
			for i := range b.N {
				m.setTheme(names[i%len(names)])
				m.View()
			}
		})
	}
}
