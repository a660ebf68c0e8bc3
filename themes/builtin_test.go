package themes

import (
	"errors"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/herm-dev/herm/internal/config"
)

func TestSixOrMoreBuiltinsIncludingAccessibleOnes(t *testing.T) {
	var hc, cb int
	for _, b := range builtins() {
		if b.highContrast {
			hc++
		}
		if b.colourBlindSafe {
			cb++
		}
		if got := Select(Options{Name: b.name, Profile: colorprofile.TrueColor}).Name; got != b.name {
			t.Errorf("Select(%s) = %s", b.name, got)
		}
		if !Known(b.name, nil) {
			t.Errorf("%s is not Known", b.name)
		}
	}
	if n := len(builtins()); n < 6 || hc == 0 || cb == 0 {
		t.Fatalf("%d built-ins, %d high-contrast, %d colour-blind-safe", n, hc, cb)
	}
}

func TestChooseNamedThemes(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Name: "nord", Profile: colorprofile.ANSI256}, "nord"},
		{Options{Name: "nord", Profile: colorprofile.ANSI}, "nord"}, // chosen by name: downsampled, not replaced
		{Options{Name: "nord", Profile: colorprofile.ASCII}, "plain"},
		{Options{Name: "ansi", DarkBackground: true, Profile: colorprofile.TrueColor}, "dark-16"},
		{Options{Name: "ansi", Profile: colorprofile.TrueColor}, "light-16"},
		{Options{Name: "plain", Profile: colorprofile.TrueColor}, "plain"},
		{Options{Name: "ocean", Profile: colorprofile.TrueColor, User: []User{{Name: "ocean", Palette: DarkPalette()}}}, "ocean"},
		{Options{Name: "ocean", DarkBackground: true, Profile: colorprofile.TrueColor}, "dark"},
	} {
		if got := Choose(tc.o); got != tc.want {
			t.Errorf("Choose(%s, %v) = %s, want %s", tc.o.Name, tc.o.Profile, got, tc.want)
		}
		if got := Select(tc.o).Name; got != tc.want {
			t.Errorf("Select(%s, %v) = %s, want %s", tc.o.Name, tc.o.Profile, got, tc.want)
		}
	}
}

// The base: enum of a user theme file lists exactly the built-in palettes,
// and userColors has a key for every Palette field, in order.
func TestUserFileMirrorsBuiltins(t *testing.T) {
	f, _ := reflect.TypeOf(userFile{}).FieldByName("Base")
	var names []string
	for _, b := range builtins() {
		names = append(names, b.name)
	}
	if got, want := f.Tag.Get("enum"), strings.Join(names, ","); got != want {
		t.Errorf("userFile.Base enum = %q, want %q", got, want)
	}
	pt, ct := reflect.TypeOf(Palette{}), reflect.TypeOf(userColors{})
	if pt.NumField() != ct.NumField() {
		t.Fatalf("Palette has %d fields, userColors %d", pt.NumField(), ct.NumField())
	}
	for i := 0; i < pt.NumField(); i++ {
		if pt.Field(i).Name != ct.Field(i).Name {
			t.Errorf("field %d: Palette.%s, userColors.%s", i, pt.Field(i).Name, ct.Field(i).Name)
		}
	}
}

func TestUserThemes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("ocean.yaml", "base: nord\ncolors:\n  accent: \"#112233\"\n  green: 33\n  fg: default\n")
	write("paper.yml", "name: paper\nbase: light\ndark: false\ncolors:\n  red: \"#a00\"\n  colour: \"#000000\"\n")
	bad := write("broken.yaml", "base: dark\ncolors:\n  accent: \"#12345\"\n")
	badBase := write("base.yaml", "base: solarized\n")
	clash := write("x.yaml", "name: dracula\n")
	write("notes.txt", "not a theme")

	got, errs, warns := LoadUser(dir)
	if len(got) != 2 || got[0].Name != "ocean" || got[1].Name != "paper" {
		t.Fatalf("themes = %+v", got)
	}
	ocean := Select(Options{Name: "ocean", User: got, Profile: colorprofile.TrueColor})
	if r, g, b, _ := ocean.Chrome.DialogTitle.GetForeground().RGBA(); r>>8 != 0x11 || g>>8 != 0x22 || b>>8 != 0x33 {
		t.Errorf("ocean's accent is not #112233: %v", ocean.Chrome.DialogTitle.GetForeground())
	}
	if got[0].Palette.Fg != nil {
		t.Errorf("fg: default should be the terminal's colour, got %v", got[0].Palette.Fg)
	}
	if got[0].Palette.Red != NordPalette().Red || !got[0].Dark {
		t.Errorf("ocean should keep nord's other colours and background")
	}
	if got[1].Dark || got[1].Palette.Red == LightPalette().Red {
		t.Errorf("paper: %+v", got[1])
	}

	byFile := map[string]string{}
	for _, err := range errs {
		for _, p := range []string{bad, badBase, clash} {
			if strings.Contains(err.Error(), p) {
				byFile[p] = err.Error()
			}
		}
	}
	if e := byFile[bad]; !strings.Contains(e, bad+":3: colors.accent:") || !strings.Contains(e, "not a colour") {
		t.Errorf("bad colour: %q", e)
	}
	var fe *config.FieldError
	for _, err := range errs {
		if strings.Contains(err.Error(), bad) && !errors.As(err, &fe) {
			t.Errorf("a bad value should be a *config.FieldError: %T", err)
		}
	}
	if e := byFile[badBase]; !strings.Contains(e, badBase+":1: base:") || !strings.Contains(e, "dracula") {
		t.Errorf("bad base: %q", e)
	}
	if e := byFile[clash]; !strings.Contains(e, "built-in") {
		t.Errorf("a built-in's name: %q", e)
	}
	if len(warns) != 1 || warns[0].Key != "colors.colour" || warns[0].Line != 6 || !strings.HasSuffix(warns[0].File, "paper.yml") {
		t.Errorf("warnings = %+v", warns)
	}
	if th, errs, _ := LoadUser(filepath.Join(dir, "missing")); th != nil || errs != nil {
		t.Errorf("a missing directory: %v %v", th, errs)
	}
}

// The high-contrast themes keep every foreground colour at 7:1 or more
// against their background (WCAG AAA).
func TestHighContrast(t *testing.T) {
	for _, b := range builtins() {
		if !b.highContrast {
			continue
		}
		bg := color.Color(color.Black)
		if !b.dark {
			bg = color.White
		}
		p := b.palette()
		v := reflect.ValueOf(p)
		for i := 0; i < v.NumField(); i++ {
			name := v.Type().Field(i).Name
			if strings.HasSuffix(name, "Bg") || name == "SelectionFg" || name == "Border" || v.Field(i).IsNil() {
				continue
			}
			c := v.Field(i).Interface().(color.Color)
			if r := contrast(c, bg); r < 7 {
				t.Errorf("%s: %s has contrast %.1f:1", b.name, name, r)
			}
		}
		if r := contrast(p.SelectionFg, p.SelectionBg); r < 7 {
			t.Errorf("%s: the selection has contrast %.1f:1", b.name, r)
		}
	}
}

// meaningful are the pairs of styles that tell things apart by colour:
// success and failure, added and deleted lines, warnings and errors.
func meaningful(th *Theme) map[string][2]color.Color {
	return map[string][2]color.Color{
		"tool ok / failed":        {th.Tool.OK.GetForeground(), th.Tool.Failed.GetForeground()},
		"diff add / del":          {th.Diff.Add.GetForeground(), th.Diff.Del.GetForeground()},
		"diff add / del bg":       {th.Diff.Add.GetBackground(), th.Diff.Del.GetBackground()},
		"todo done / failed":      {th.Panel.Done.GetForeground(), th.Panel.Failed.GetForeground()},
		"running / failed":        {th.Tool.Running.GetForeground(), th.Tool.Failed.GetForeground()},
		"retry / error":           {th.Chat.Retry.GetForeground(), th.Chat.Error.GetForeground()},
		"context bar fill / warn": {th.Panel.BarFill.GetForeground(), th.Panel.BarWarn.GetForeground()},
	}
}

// The colour-blind-safe themes keep every meaningful pair apart under
// simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009,
// full severity): a CIE76 difference of 20 or more, where the default dark
// theme's red/green pairs collapse below it for deuteranopes.
func TestColourBlindSafe(t *testing.T) {
	const minDelta = 20
	for _, b := range builtins() {
		if !b.colourBlindSafe {
			continue
		}
		th := New(b.name, b.dark, b.palette())
		for pair, cs := range meaningful(th) {
			for _, cvd := range []string{"protanopia", "deuteranopia", "tritanopia"} {
				if d := deltaE(simulate(cvd, cs[0]), simulate(cvd, cs[1])); d < minDelta {
					t.Errorf("%s: %s are %.1f apart for %s", b.name, pair, d, cvd)
				}
			}
		}
	}
	// The check can fail: the default theme says success and failure with
	// green and red, which a deuteranope barely tells apart.
	dark := Dark()
	cs := meaningful(dark)["diff add / del"]
	if d := deltaE(simulate("deuteranopia", cs[0]), simulate("deuteranopia", cs[1])); d >= minDelta {
		t.Errorf("the control pair is %.1f apart; the simulation is not discriminating", d)
	}
}

// cvdMatrices simulate colour-vision deficiencies in linear RGB.
var cvdMatrices = map[string][9]float64{
	"protanopia":   {0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998},
	"deuteranopia": {0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881},
	"tritanopia":   {1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.303900},
}

func linear(c color.Color) [3]float64 {
	r, g, b, _ := c.RGBA()
	f := func(v uint32) float64 {
		x := float64(v) / 0xFFFF
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return [3]float64{f(r), f(g), f(b)}
}

func simulate(cvd string, c color.Color) [3]float64 {
	m, l := cvdMatrices[cvd], linear(c)
	clamp := func(x float64) float64 { return math.Min(math.Max(x, 0), 1) }
	return [3]float64{
		clamp(m[0]*l[0] + m[1]*l[1] + m[2]*l[2]),
		clamp(m[3]*l[0] + m[4]*l[1] + m[5]*l[2]),
		clamp(m[6]*l[0] + m[7]*l[1] + m[8]*l[2]),
	}
}

// lab converts linear sRGB to CIELAB (D65).
func lab(l [3]float64) [3]float64 {
	x := 0.4124*l[0] + 0.3576*l[1] + 0.1805*l[2]
	y := 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	z := 0.0193*l[0] + 0.1192*l[1] + 0.9505*l[2]
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x/0.95047), f(y), f(z/1.08883)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

func deltaE(a, b [3]float64) float64 {
	la, lb := lab(a), lab(b)
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		l := linear(c)
		return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
	}
	x, y := lum(a), lum(b)
	if x < y {
		x, y = y, x
	}
	return (x + 0.05) / (y + 0.05)
}
