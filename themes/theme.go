// Package themes holds every style herm's terminal UI draws with. A Theme is
// built from a Palette (a handful of named colours) so that a user theme later
// only has to name colours, and panes never construct a style of their own:
// they ask the theme.
//
// Built-in palettes ship in builtin.go (dark and light, picked from the
// terminal's background by default; high-contrast, colour-blind-safe and a
// few well-known schemes by name), and users add their own as YAML files
// under HERM_HOME/themes (user.go). For the automatic choice the colour
// depth the terminal supports decides the variant: true colour and 256
// colours use the palette (the renderer downsamples 256), 16-colour
// terminals get the terminal's own ANSI colours so they match the user's
// scheme. NO_COLOR (or a terminal without colour) always gets a plain theme
// that uses bold, faint, italic, underline and reverse only.
//
// Syntax highlighting follows the theme: the chroma token styles are built
// from the palette's code colours, so a theme switch recolours code too.
//
// themes only styles: it never lays out or renders text (ui/render does)
// and is used by ui alone.
package themes

import (
	"image/color"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Theme is the complete set of styles. Its fields are grouped by the part of
// the screen that uses them.
type Theme struct {
	// Name is the theme's name: a built-in ("dark", "nord"…), a user
	// theme's, or an automatic variant ("dark-16", "light-16", "plain").
	Name string
	// Dark reports whether the theme is meant for a dark background.
	Dark bool

	Chat     Chat
	Markdown Markdown
	Tool     Tool
	Diff     Diff
	Chrome   Chrome
	Panel    Panel
	code     map[chroma.TokenType]lipgloss.Style
}

// Chat styles the conversation.
type Chat struct {
	UserLabel      lipgloss.Style // "you"
	User           lipgloss.Style // the user's text
	UserBar        lipgloss.Style // the bar left of a user message
	AssistantLabel lipgloss.Style // "herm"
	Text           lipgloss.Style // plain answer text
	ReasoningLabel lipgloss.Style
	Reasoning      lipgloss.Style // dimmed thinking
	Notice         lipgloss.Style // continuations, interruptions
	Error          lipgloss.Style
	ErrorLabel     lipgloss.Style
	Retry          lipgloss.Style
	Attachment     lipgloss.Style // an @file chip
	Selected       lipgloss.Style // the gutter mark of the selected block
	Match          lipgloss.Style // a find match in the transcript
	MatchCurrent   lipgloss.Style // the match find is on
	Label          lipgloss.Style // a block's label while picking one to copy
	Muted          lipgloss.Style
	Welcome        lipgloss.Style
	WelcomeTitle   lipgloss.Style
}

// Markdown styles rendered answers.
type Markdown struct {
	H1, H2, H3      lipgloss.Style
	Bold, Italic    lipgloss.Style
	BoldItalic      lipgloss.Style
	Strike          lipgloss.Style
	Code            lipgloss.Style // inline code
	Link, LinkURL   lipgloss.Style
	Quote, QuoteBar lipgloss.Style
	Rule            lipgloss.Style
	ListMarker      lipgloss.Style
	TaskDone        lipgloss.Style
	TableBorder     lipgloss.Style
	TableHeader     lipgloss.Style
	CodeBar         lipgloss.Style // the bar left of a code block
	CodeLang        lipgloss.Style // the language label above it
	CodeText        lipgloss.Style // code without a highlighter
	HTML            lipgloss.Style
}

// Tool styles tool-call blocks.
type Tool struct {
	Icon     lipgloss.Style
	Name     lipgloss.Style
	Arg      lipgloss.Style
	OK       lipgloss.Style
	Failed   lipgloss.Style
	Running  lipgloss.Style
	Meta     lipgloss.Style // duration, exit status
	Output   lipgloss.Style
	Bar      lipgloss.Style // the bar left of expanded output
	Hint     lipgloss.Style // "… 12 more lines (enter to expand)"
	Spinner  lipgloss.Style
	Pending  lipgloss.Style // a call whose arguments are still streaming
	Selected lipgloss.Style
}

// Diff styles file edits.
type Diff struct {
	Add, Del, Hunk, Header, Context lipgloss.Style
}

// Chrome styles everything around the conversation: status bar, input,
// menus and dialogs.
type Chrome struct {
	Status        lipgloss.Style
	StatusModel   lipgloss.Style
	StatusTitle   lipgloss.Style
	StatusMuted   lipgloss.Style
	StatusWarn    lipgloss.Style
	Spinner       lipgloss.Style
	Prompt        lipgloss.Style // the input's prompt
	PromptBlurred lipgloss.Style
	Input         lipgloss.Style
	Placeholder   lipgloss.Style
	Separator     lipgloss.Style // the line between chat and input
	Dialog        lipgloss.Style // the box of an overlay
	DialogTitle   lipgloss.Style
	Key           lipgloss.Style // a key in help and menus
	KeyDesc       lipgloss.Style
	KeyGroup      lipgloss.Style
	KeyReserved   lipgloss.Style
	MenuItem      lipgloss.Style
	MenuSelected  lipgloss.Style
	MenuDesc      lipgloss.Style
	MenuMatch     lipgloss.Style
	Hint          lipgloss.Style
}

// Panel styles the side panels (todo list, background tasks), the
// dialogs that pick a model or a theme, and usage bars.
type Panel struct {
	Border    lipgloss.Style // the rule between a panel and the chat
	Title     lipgloss.Style
	Item      lipgloss.Style
	Muted     lipgloss.Style // elapsed times, counts, hints
	Done      lipgloss.Style // a completed todo, an exited task
	Active    lipgloss.Style // the todo in progress, a running task
	Pending   lipgloss.Style
	Cancelled lipgloss.Style
	Failed    lipgloss.Style // a task that exited non-zero
	Selected  lipgloss.Style
	BarFill   lipgloss.Style // the used part of a context or usage bar
	BarWarn   lipgloss.Style // the used part once it is nearly full
	BarEmpty  lipgloss.Style
}

// Palette is the set of colours a theme is built from. Nil colours mean the
// terminal's default.
type Palette struct {
	Fg, Muted, Faint          color.Color
	Accent, Accent2           color.Color // brand colour and a second highlight
	Green, Red, Yellow, Blue  color.Color
	Magenta, Cyan, Orange     color.Color
	Border                    color.Color
	SelectionBg, SelectionFg  color.Color
	DiffAddBg, DiffDelBg      color.Color
	CodeComment, CodeKeyword  color.Color
	CodeString, CodeNumber    color.Color
	CodeFunction, CodeType    color.Color
	CodeOperator, CodeBuiltin color.Color
}

// Options select a theme.
type Options struct {
	// Name is the display.theme setting: "auto", a built-in name, "ansi",
	// "plain" or the name of one of User. Anything else falls back to auto.
	Name string
	// User are the user themes that can be named.
	User []User
	// DarkBackground is what the terminal reported (or was guessed).
	DarkBackground bool
	// Profile is the terminal's colour depth.
	Profile colorprofile.Profile
}

// Select returns the theme for the terminal described by o.
func Select(o Options) *Theme {
	name := Choose(o)
	switch name {
	case NoCol:
		return Plain(o.dark())
	case "dark-16":
		return New(name, true, ANSIDark())
	case "light-16":
		return New(name, false, ANSILight())
	}
	if b, ok := findBuiltin(name); ok {
		return New(b.name, b.dark, b.palette())
	}
	if u, ok := o.user(name); ok {
		return New(u.Name, u.Dark, u.Palette)
	}
	return Dark()
}

// Choose names the theme Select would build, without building it.
func Choose(o Options) string {
	dark := o.dark()
	switch {
	case o.Profile <= colorprofile.ASCII && o.Profile != colorprofile.Unknown:
		return NoCol // NO_COLOR and colourless terminals win over any setting
	case o.Name == NoCol:
		return NoCol
	case o.Name == ANSI && dark:
		return "dark-16"
	case o.Name == ANSI:
		return "light-16"
	}
	if _, ok := findBuiltin(o.Name); ok && o.Name != "dark" && o.Name != "light" {
		return o.Name
	}
	if _, ok := o.user(o.Name); ok {
		return o.Name
	}
	switch {
	case o.Profile == colorprofile.ANSI && dark:
		return "dark-16"
	case o.Profile == colorprofile.ANSI:
		return "light-16"
	case dark:
		return "dark"
	default:
		return "light"
	}
}

func (o Options) user(name string) (User, bool) {
	for _, u := range o.User {
		if u.Name == name {
			return u, true
		}
	}
	return User{}, false
}

func (o Options) dark() bool {
	switch o.Name {
	case "dark":
		return true
	case "light":
		return false
	}
	return o.DarkBackground
}

// GuessDark guesses the terminal's background before it answers the
// query for it: COLORFGBG ("15;0": white on black) when the terminal sets
// it, dark otherwise (the common case).
func GuessDark(getenv func(string) string) bool {
	v := getenv("COLORFGBG")
	i := strings.LastIndexByte(v, ';')
	if i < 0 {
		return true
	}
	bg, err := strconv.Atoi(v[i+1:])
	if err != nil {
		return true
	}
	return bg < 7 || bg == 8
}

// Known reports whether name is a theme setting Select understands, given
// the user themes.
func Known(name string, user []User) bool {
	if IsBuiltin(name) {
		return true
	}
	_, ok := Options{User: user}.user(name)
	return ok
}

// Dark is the default theme for dark terminals.
func Dark() *Theme { return New("dark", true, DarkPalette()) }

// Light is the default theme for light terminals.
func Light() *Theme { return New("light", false, LightPalette()) }

// DarkPalette is the palette of the dark theme.
func DarkPalette() Palette {
	c := lipgloss.Color
	return Palette{
		Fg: c("#E4E4E7"), Muted: c("#A1A1AA"), Faint: c("#71717A"),
		Accent: c("#A78BFA"), Accent2: c("#5EEAD4"),
		Green: c("#4ADE80"), Red: c("#F87171"), Yellow: c("#FACC15"), Blue: c("#60A5FA"),
		Magenta: c("#F472B6"), Cyan: c("#22D3EE"), Orange: c("#FB923C"),
		Border:      c("#3F3F46"),
		SelectionBg: c("#3B3363"), SelectionFg: c("#F4F4F5"),
		DiffAddBg: c("#14351F"), DiffDelBg: c("#3F1717"),
		CodeComment: c("#6B7280"), CodeKeyword: c("#C084FC"), CodeString: c("#86EFAC"),
		CodeNumber: c("#FDBA74"), CodeFunction: c("#93C5FD"), CodeType: c("#5EEAD4"),
		CodeOperator: c("#CBD5E1"), CodeBuiltin: c("#F9A8D4"),
	}
}

// LightPalette is the palette of the light theme.
func LightPalette() Palette {
	c := lipgloss.Color
	return Palette{
		Fg: c("#18181B"), Muted: c("#52525B"), Faint: c("#8A8A93"),
		Accent: c("#6D28D9"), Accent2: c("#0F766E"),
		Green: c("#15803D"), Red: c("#B91C1C"), Yellow: c("#A16207"), Blue: c("#1D4ED8"),
		Magenta: c("#BE185D"), Cyan: c("#0E7490"), Orange: c("#C2410C"),
		Border:      c("#D4D4D8"),
		SelectionBg: c("#E9E3FF"), SelectionFg: c("#18181B"),
		DiffAddBg: c("#DCFCE7"), DiffDelBg: c("#FEE2E2"),
		CodeComment: c("#6B7280"), CodeKeyword: c("#7E22CE"), CodeString: c("#15803D"),
		CodeNumber: c("#C2410C"), CodeFunction: c("#1D4ED8"), CodeType: c("#0F766E"),
		CodeOperator: c("#374151"), CodeBuiltin: c("#BE185D"),
	}
}

// ANSIDark uses the terminal's 16 colours on a dark background, so the UI
// follows the user's own colour scheme.
func ANSIDark() Palette {
	a := func(i uint8) color.Color { return ansi.BasicColor(i) }
	return Palette{
		Fg: nil, Muted: a(7), Faint: a(8),
		Accent: a(13), Accent2: a(14),
		Green: a(10), Red: a(9), Yellow: a(11), Blue: a(12), Magenta: a(13), Cyan: a(14), Orange: a(3),
		Border: a(8), SelectionBg: a(5), SelectionFg: a(15),
		CodeComment: a(8), CodeKeyword: a(13), CodeString: a(10), CodeNumber: a(11),
		CodeFunction: a(12), CodeType: a(14), CodeOperator: nil, CodeBuiltin: a(5),
	}
}

// ANSILight is ANSIDark for light backgrounds: darker, non-bright colours.
func ANSILight() Palette {
	a := func(i uint8) color.Color { return ansi.BasicColor(i) }
	return Palette{
		Fg: nil, Muted: a(8), Faint: a(8),
		Accent: a(5), Accent2: a(6),
		Green: a(2), Red: a(1), Yellow: a(3), Blue: a(4), Magenta: a(5), Cyan: a(6), Orange: a(3),
		Border: a(7), SelectionBg: a(13), SelectionFg: a(0),
		CodeComment: a(8), CodeKeyword: a(5), CodeString: a(2), CodeNumber: a(3),
		CodeFunction: a(4), CodeType: a(6), CodeOperator: nil, CodeBuiltin: a(1),
	}
}

// Token returns the style for a syntax-highlighting token, falling back
// from the token type to its sub-category and category.
func (t *Theme) Token(tt chroma.TokenType) lipgloss.Style {
	for _, k := range [...]chroma.TokenType{tt, tt.SubCategory(), tt.Category()} {
		if s, ok := t.code[k]; ok {
			return s
		}
	}
	return t.Markdown.CodeText
}
