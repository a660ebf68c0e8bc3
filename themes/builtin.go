package themes

import (
	"image/color"

	"charm.land/lipgloss/v2"
)

// builtin is one theme herm ships: a palette and the background it is
// made for. ColourBlindSafe themes carry no meaning in a red/green
// difference (a test checks them under simulated colour-vision
// deficiencies); HighContrast ones keep every colour at 7:1 or more
// against their background.
type builtin struct {
	name, desc      string
	dark            bool
	colourBlindSafe bool
	highContrast    bool
	palette         func() Palette
}

// builtins lists the built-in themes in the order pickers show them. A
// function, not a package variable: nothing is built at start-up.
func builtins() []builtin {
	return []builtin{
		{name: "dark", desc: "herm's default for dark terminals", dark: true, palette: DarkPalette},
		{name: "light", desc: "herm's default for light terminals", palette: LightPalette},
		{name: "high-contrast", desc: "white on black, every colour at 7:1 or more", dark: true, highContrast: true, palette: HighContrastPalette},
		{name: "high-contrast-light", desc: "black on white, every colour at 7:1 or more", highContrast: true, palette: HighContrastLightPalette},
		{name: "colorblind", desc: "Okabe–Ito colours: no red/green meaning (dark)", dark: true, colourBlindSafe: true, palette: ColourBlindPalette},
		{name: "colorblind-light", desc: "Okabe–Ito colours: no red/green meaning (light)", colourBlindSafe: true, palette: ColourBlindLightPalette},
		{name: "dracula", desc: "Dracula", dark: true, palette: DraculaPalette},
		{name: "nord", desc: "Nord", dark: true, palette: NordPalette},
		{name: "gruvbox", desc: "Gruvbox dark", dark: true, palette: GruvboxPalette},
		{name: "solarized-light", desc: "Solarized light", palette: SolarizedLightPalette},
		{name: "tokyo-night", desc: "Tokyo Night", dark: true, palette: TokyoNightPalette},
	}
}

// Special theme settings besides the built-in and user themes.
const (
	Auto  = "auto"  // dark or light from the terminal's background
	ANSI  = "ansi"  // the terminal's own 16 colours
	NoCol = "plain" // no colour: bold, faint, italic, underline, reverse
)

// Entry describes a theme a picker can offer.
type Entry struct {
	Name string
	Desc string
	// File is the YAML file of a user theme ("" for a built-in).
	File string
	Dark bool
}

// Builtins lists the built-in theme settings, in picker order: auto, the
// palettes, the terminal's colours, no colour.
func Builtins() []Entry {
	out := []Entry{{Name: Auto, Desc: "dark or light, following the terminal"}}
	for _, b := range builtins() {
		out = append(out, Entry{Name: b.name, Desc: b.desc, Dark: b.dark})
	}
	return append(out,
		Entry{Name: ANSI, Desc: "the terminal's own 16 colours"},
		Entry{Name: NoCol, Desc: "no colour (as with NO_COLOR)"})
}

func findBuiltin(name string) (builtin, bool) {
	for _, b := range builtins() {
		if b.name == name {
			return b, true
		}
	}
	return builtin{}, false
}

// IsBuiltin reports whether name is a built-in theme setting.
func IsBuiltin(name string) bool {
	switch name {
	case "", Auto, ANSI, NoCol:
		return true
	}
	_, ok := findBuiltin(name)
	return ok
}

func hex(s string) color.Color { return lipgloss.Color(s) }

// HighContrastPalette is white on black: text, marks and accents all at
// 7:1 or more against black (WCAG AAA), selections in reverse.
func HighContrastPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#FFFFFF"), Muted: c("#E6E6E6"), Faint: c("#C8C8C8"),
		Accent: c("#FFD75F"), Accent2: c("#5FFFFF"),
		Green: c("#5FFF5F"), Red: c("#FF8787"), Yellow: c("#FFFF5F"), Blue: c("#87AFFF"),
		Magenta: c("#FF87FF"), Cyan: c("#5FFFFF"), Orange: c("#FFAF5F"),
		Border:      c("#FFFFFF"),
		SelectionBg: c("#FFFFFF"), SelectionFg: c("#000000"),
		DiffAddBg: c("#002800"), DiffDelBg: c("#3A0000"),
		CodeComment: c("#C8C8C8"), CodeKeyword: c("#FFD75F"), CodeString: c("#5FFF5F"),
		CodeNumber: c("#FFAF5F"), CodeFunction: c("#87D7FF"), CodeType: c("#5FFFFF"),
		CodeOperator: c("#FFFFFF"), CodeBuiltin: c("#FF87FF"),
	}
}

// HighContrastLightPalette is black on white at 7:1 or more.
func HighContrastLightPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#000000"), Muted: c("#1F1F1F"), Faint: c("#3D3D3D"),
		Accent: c("#5B0099"), Accent2: c("#004D4D"),
		Green: c("#005200"), Red: c("#9E0000"), Yellow: c("#5C4300"), Blue: c("#00308F"),
		Magenta: c("#7A004F"), Cyan: c("#004D5C"), Orange: c("#7A2E00"),
		Border:      c("#000000"),
		SelectionBg: c("#000000"), SelectionFg: c("#FFFFFF"),
		DiffAddBg: c("#D6F5D6"), DiffDelBg: c("#FADADA"),
		CodeComment: c("#3D3D3D"), CodeKeyword: c("#5B0099"), CodeString: c("#005200"),
		CodeNumber: c("#7A2E00"), CodeFunction: c("#00308F"), CodeType: c("#004D4D"),
		CodeOperator: c("#000000"), CodeBuiltin: c("#7A004F"),
	}
}

// ColourBlindPalette uses the Okabe–Ito colours on a dark background. What
// the default themes say with green and red (success and failure, added
// and deleted lines) is said with blue and vermillion-orange, which stay
// apart for protanopia, deuteranopia and tritanopia; a warning is yellow,
// lighter than both (on light backgrounds a dark olive, darker than both).
func ColourBlindPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#E8E8E8"), Muted: c("#B0B0B0"), Faint: c("#808080"),
		Accent: c("#56B4E9"), Accent2: c("#CC79A7"),
		Green: c("#56B4E9"), Red: c("#D55E00"), Yellow: c("#F0E442"), Blue: c("#56B4E9"),
		Magenta: c("#CC79A7"), Cyan: c("#56B4E9"), Orange: c("#E69F00"),
		Border:      c("#4A4A4A"),
		SelectionBg: c("#1F3F5F"), SelectionFg: c("#FFFFFF"),
		DiffAddBg: c("#0A2E4A"), DiffDelBg: c("#4A3000"),
		CodeComment: c("#8C8C8C"), CodeKeyword: c("#56B4E9"), CodeString: c("#F0E442"),
		CodeNumber: c("#E69F00"), CodeFunction: c("#CC79A7"), CodeType: c("#56B4E9"),
		CodeOperator: c("#D0D0D0"), CodeBuiltin: c("#E69F00"),
	}
}

// ColourBlindLightPalette is ColourBlindPalette for light backgrounds:
// the darker Okabe–Ito blue and vermillion.
func ColourBlindLightPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#1A1A1A"), Muted: c("#4D4D4D"), Faint: c("#7A7A7A"),
		Accent: c("#0072B2"), Accent2: c("#AA4499"),
		Green: c("#0072B2"), Red: c("#D55E00"), Yellow: c("#4D3D00"), Blue: c("#0072B2"),
		Magenta: c("#AA4499"), Cyan: c("#0072B2"), Orange: c("#D55E00"),
		Border:      c("#C8C8C8"),
		SelectionBg: c("#D6E9F5"), SelectionFg: c("#1A1A1A"),
		DiffAddBg: c("#D6E4F5"), DiffDelBg: c("#FADCC0"),
		CodeComment: c("#7A7A7A"), CodeKeyword: c("#0072B2"), CodeString: c("#8A6D00"),
		CodeNumber: c("#D55E00"), CodeFunction: c("#AA4499"), CodeType: c("#0072B2"),
		CodeOperator: c("#333333"), CodeBuiltin: c("#D55E00"),
	}
}

// DraculaPalette follows draculatheme.com.
func DraculaPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#F8F8F2"), Muted: c("#BDBDD0"), Faint: c("#7D88B8"),
		Accent: c("#BD93F9"), Accent2: c("#8BE9FD"),
		Green: c("#50FA7B"), Red: c("#FF5555"), Yellow: c("#F1FA8C"), Blue: c("#8BE9FD"),
		Magenta: c("#FF79C6"), Cyan: c("#8BE9FD"), Orange: c("#FFB86C"),
		Border:      c("#44475A"),
		SelectionBg: c("#44475A"), SelectionFg: c("#F8F8F2"),
		DiffAddBg: c("#1F3B2A"), DiffDelBg: c("#4A2030"),
		CodeComment: c("#6272A4"), CodeKeyword: c("#FF79C6"), CodeString: c("#F1FA8C"),
		CodeNumber: c("#BD93F9"), CodeFunction: c("#50FA7B"), CodeType: c("#8BE9FD"),
		CodeOperator: c("#FF79C6"), CodeBuiltin: c("#FFB86C"),
	}
}

// NordPalette follows nordtheme.com.
func NordPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#ECEFF4"), Muted: c("#D8DEE9"), Faint: c("#7B88A1"),
		Accent: c("#88C0D0"), Accent2: c("#8FBCBB"),
		Green: c("#A3BE8C"), Red: c("#BF616A"), Yellow: c("#EBCB8B"), Blue: c("#81A1C1"),
		Magenta: c("#B48EAD"), Cyan: c("#88C0D0"), Orange: c("#D08770"),
		Border:      c("#434C5E"),
		SelectionBg: c("#434C5E"), SelectionFg: c("#ECEFF4"),
		DiffAddBg: c("#2E3B33"), DiffDelBg: c("#3F2E34"),
		CodeComment: c("#7B88A1"), CodeKeyword: c("#81A1C1"), CodeString: c("#A3BE8C"),
		CodeNumber: c("#B48EAD"), CodeFunction: c("#88C0D0"), CodeType: c("#8FBCBB"),
		CodeOperator: c("#81A1C1"), CodeBuiltin: c("#D08770"),
	}
}

// GruvboxPalette follows gruvbox's dark variant.
func GruvboxPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#EBDBB2"), Muted: c("#BDAE93"), Faint: c("#928374"),
		Accent: c("#FE8019"), Accent2: c("#8EC07C"),
		Green: c("#B8BB26"), Red: c("#FB4934"), Yellow: c("#FABD2F"), Blue: c("#83A598"),
		Magenta: c("#D3869B"), Cyan: c("#8EC07C"), Orange: c("#FE8019"),
		Border:      c("#504945"),
		SelectionBg: c("#504945"), SelectionFg: c("#FBF1C7"),
		DiffAddBg: c("#32361A"), DiffDelBg: c("#3C1F1E"),
		CodeComment: c("#928374"), CodeKeyword: c("#FB4934"), CodeString: c("#B8BB26"),
		CodeNumber: c("#D3869B"), CodeFunction: c("#FABD2F"), CodeType: c("#83A598"),
		CodeOperator: c("#EBDBB2"), CodeBuiltin: c("#FE8019"),
	}
}

// SolarizedLightPalette follows ethanschoonover.com/solarized.
func SolarizedLightPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#073642"), Muted: c("#586E75"), Faint: c("#839496"),
		Accent: c("#6C71C4"), Accent2: c("#2AA198"),
		Green: c("#859900"), Red: c("#DC322F"), Yellow: c("#B58900"), Blue: c("#268BD2"),
		Magenta: c("#D33682"), Cyan: c("#2AA198"), Orange: c("#CB4B16"),
		Border:      c("#D3CBB7"),
		SelectionBg: c("#EEE8D5"), SelectionFg: c("#073642"),
		DiffAddBg: c("#E6EBC8"), DiffDelBg: c("#F6D8CF"),
		CodeComment: c("#93A1A1"), CodeKeyword: c("#859900"), CodeString: c("#2AA198"),
		CodeNumber: c("#D33682"), CodeFunction: c("#268BD2"), CodeType: c("#B58900"),
		CodeOperator: c("#586E75"), CodeBuiltin: c("#CB4B16"),
	}
}

// TokyoNightPalette follows Tokyo Night's "night" variant.
func TokyoNightPalette() Palette {
	c := hex
	return Palette{
		Fg: c("#C0CAF5"), Muted: c("#A9B1D6"), Faint: c("#737AA2"),
		Accent: c("#7AA2F7"), Accent2: c("#7DCFFF"),
		Green: c("#9ECE6A"), Red: c("#F7768E"), Yellow: c("#E0AF68"), Blue: c("#7AA2F7"),
		Magenta: c("#BB9AF7"), Cyan: c("#7DCFFF"), Orange: c("#FF9E64"),
		Border:      c("#3B4261"),
		SelectionBg: c("#283457"), SelectionFg: c("#C0CAF5"),
		DiffAddBg: c("#20303B"), DiffDelBg: c("#37222C"),
		CodeComment: c("#565F89"), CodeKeyword: c("#BB9AF7"), CodeString: c("#9ECE6A"),
		CodeNumber: c("#FF9E64"), CodeFunction: c("#7AA2F7"), CodeType: c("#2AC3DE"),
		CodeOperator: c("#89DDFF"), CodeBuiltin: c("#E0AF68"),
	}
}
