package themes

import (
	"reflect"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

func TestSelect(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Name: "auto", DarkBackground: true, Profile: colorprofile.TrueColor}, "dark"},
		{Options{Name: "", DarkBackground: false, Profile: colorprofile.ANSI256}, "light"},
		{Options{Name: "light", DarkBackground: true, Profile: colorprofile.TrueColor}, "light"},
		{Options{Name: "dark", DarkBackground: false, Profile: colorprofile.ANSI}, "dark-16"},
		{Options{DarkBackground: false, Profile: colorprofile.ANSI}, "light-16"},
		{Options{DarkBackground: true, Profile: colorprofile.ASCII}, "plain"},
		{Options{DarkBackground: true, Profile: colorprofile.NoTTY}, "plain"},
		{Options{Name: "solarized", DarkBackground: true, Profile: colorprofile.TrueColor}, "dark"},
	} {
		if got := Select(tc.o).Name; got != tc.want {
			t.Errorf("Select(%+v) = %s, want %s", tc.o, got, tc.want)
		}
	}
	if Known("solarized", nil) || !Known("auto", nil) || !Known("nord", nil) {
		t.Error("Known")
	}
}

// styles returns every lipgloss.Style field of the theme, by name.
func styles(th *Theme) map[string]lipgloss.Style {
	out := map[string]lipgloss.Style{}
	v := reflect.ValueOf(th).Elem()
	for i := 0; i < v.NumField(); i++ {
		group := v.Field(i)
		if group.Kind() != reflect.Struct {
			continue
		}
		for j := 0; j < group.NumField(); j++ {
			if s, ok := group.Field(j).Interface().(lipgloss.Style); ok {
				out[v.Type().Field(i).Name+"."+group.Type().Field(j).Name] = s
			}
		}
	}
	return out
}

func TestPlainThemeHasNoColour(t *testing.T) {
	for name, s := range styles(Plain(true)) {
		if r := s.Render("x"); strings.Contains(r, "38;") || strings.Contains(r, "48;") {
			t.Errorf("%s has a colour: %q", name, r)
		}
	}
	th := Plain(true)
	if r := th.Tool.Selected.Render("x"); !strings.Contains(r, "7") {
		t.Errorf("the selection is invisible without colour: %q", r)
	}
}

func TestSixteenColourThemesUseTheTerminalsPalette(t *testing.T) {
	for _, th := range []*Theme{Select(Options{DarkBackground: true, Profile: colorprofile.ANSI}), Select(Options{Profile: colorprofile.ANSI})} {
		for name, s := range styles(th) {
			if r := s.Render("x"); strings.Contains(r, "38;2;") || strings.Contains(r, "48;2;") {
				t.Errorf("%s/%s uses a true colour: %q", th.Name, name, r)
			}
		}
	}
}

func TestEveryStyleIsSet(t *testing.T) {
	// A style left at its zero value renders text unchanged: a forgotten
	// field. Chat.Text and a few plain ones are allowed to be plain only in
	// the plain theme.
	for _, b := range builtins() {
		th := New(b.name, b.dark, b.palette())
		for name, s := range styles(th) {
			if s.Render("x") == "x" {
				t.Errorf("%s: %s is unstyled", th.Name, name)
			}
		}
	}
}

func TestGuessDark(t *testing.T) {
	for v, want := range map[string]bool{"": true, "15;0": true, "0;15": false, "12;7;15": false, "garbage": true, "15;8": true} {
		if got := GuessDark(func(string) string { return v }); got != want {
			t.Errorf("COLORFGBG=%q: dark=%v", v, got)
		}
	}
}
