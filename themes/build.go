package themes

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
)

// New builds a theme from a palette. Every style of the UI is derived here,
// in one place, so a palette is all a theme needs to say.
//
// The styles are tables of looks set in a loop rather than one expression
// per style: lipgloss styles are 648-byte values, and ~130 chained
// expressions made New 61 KB of code with a 207 KB stack frame.
func New(name string, dark bool, p Palette) *Theme {
	t := &Theme{Name: name, Dark: dark}
	for _, s := range [...]struct {
		dst *lipgloss.Style
		look
	}{
		// Chat
		{&t.Chat.UserLabel, look{fg: p.Accent2, attrs: bold}},
		{&t.Chat.User, look{fg: p.Fg}},
		{&t.Chat.UserBar, look{fg: p.Accent2}},
		{&t.Chat.AssistantLabel, look{fg: p.Accent, attrs: bold}},
		{&t.Chat.Text, look{fg: p.Fg}},
		{&t.Chat.ReasoningLabel, look{fg: p.Faint, attrs: italic}},
		{&t.Chat.Reasoning, look{fg: p.Faint, attrs: italic}},
		{&t.Chat.Notice, look{fg: p.Muted, attrs: italic}},
		{&t.Chat.Error, look{fg: p.Red}},
		{&t.Chat.ErrorLabel, look{fg: p.Red, attrs: bold}},
		{&t.Chat.Retry, look{fg: p.Yellow}},
		{&t.Chat.Attachment, look{fg: p.Cyan}},
		{&t.Chat.Selected, look{fg: p.Accent, attrs: bold}},
		{&t.Chat.Match, look{fg: p.SelectionFg, bg: p.SelectionBg}},
		{&t.Chat.MatchCurrent, look{fg: p.Yellow, attrs: reverse | bold}},
		{&t.Chat.Label, look{fg: p.Accent2, attrs: reverse | bold}},
		{&t.Chat.Muted, look{fg: p.Muted}},
		{&t.Chat.Welcome, look{fg: p.Fg}},
		{&t.Chat.WelcomeTitle, look{fg: p.Accent, attrs: bold}},
		// Markdown
		{&t.Markdown.H1, look{fg: p.Accent, attrs: bold | underline}},
		{&t.Markdown.H2, look{fg: p.Accent, attrs: bold}},
		{&t.Markdown.H3, look{fg: p.Accent2, attrs: bold}},
		{&t.Markdown.Bold, look{attrs: bold}},
		{&t.Markdown.Italic, look{attrs: italic}},
		{&t.Markdown.BoldItalic, look{attrs: bold | italic}},
		{&t.Markdown.Strike, look{attrs: strike}},
		{&t.Markdown.Code, look{fg: p.Orange}},
		{&t.Markdown.Link, look{fg: p.Blue, attrs: underline}},
		{&t.Markdown.LinkURL, look{fg: p.Faint}},
		{&t.Markdown.Quote, look{fg: p.Muted, attrs: italic}},
		{&t.Markdown.QuoteBar, look{fg: p.Border}},
		{&t.Markdown.Rule, look{fg: p.Border}},
		{&t.Markdown.ListMarker, look{fg: p.Accent}},
		{&t.Markdown.TaskDone, look{fg: p.Green}},
		{&t.Markdown.TableBorder, look{fg: p.Border}},
		{&t.Markdown.TableHeader, look{fg: p.Accent2, attrs: bold}},
		{&t.Markdown.CodeBar, look{fg: p.Border}},
		{&t.Markdown.CodeLang, look{fg: p.Faint, attrs: italic}},
		{&t.Markdown.CodeText, look{fg: p.Fg}},
		{&t.Markdown.HTML, look{fg: p.Faint}},
		// Tool
		{&t.Tool.Icon, look{fg: p.Accent2}},
		{&t.Tool.Name, look{fg: p.Accent2, attrs: bold}},
		{&t.Tool.Arg, look{fg: p.Fg}},
		{&t.Tool.OK, look{fg: p.Green}},
		{&t.Tool.Failed, look{fg: p.Red, attrs: bold}},
		{&t.Tool.Running, look{fg: p.Yellow}},
		{&t.Tool.Meta, look{fg: p.Faint}},
		{&t.Tool.Output, look{fg: p.Muted}},
		{&t.Tool.Bar, look{fg: p.Border}},
		{&t.Tool.Hint, look{fg: p.Faint, attrs: italic}},
		{&t.Tool.Spinner, look{fg: p.Accent}},
		{&t.Tool.Pending, look{fg: p.Faint, attrs: italic}},
		{&t.Tool.Selected, look{fg: p.SelectionFg, bg: p.SelectionBg}},
		// Diff
		{&t.Diff.Add, look{fg: p.Green, bg: p.DiffAddBg}},
		{&t.Diff.Del, look{fg: p.Red, bg: p.DiffDelBg}},
		{&t.Diff.Hunk, look{fg: p.Cyan}},
		{&t.Diff.Header, look{fg: p.Muted, attrs: bold}},
		{&t.Diff.Context, look{fg: p.Muted}},
		// Chrome
		{&t.Chrome.Status, look{fg: p.Muted}},
		{&t.Chrome.StatusModel, look{fg: p.Accent, attrs: bold}},
		{&t.Chrome.StatusTitle, look{fg: p.Fg}},
		{&t.Chrome.StatusMuted, look{fg: p.Faint}},
		{&t.Chrome.StatusWarn, look{fg: p.Yellow}},
		{&t.Chrome.Spinner, look{fg: p.Accent}},
		{&t.Chrome.Prompt, look{fg: p.Accent, attrs: bold}},
		{&t.Chrome.PromptBlurred, look{fg: p.Faint}},
		{&t.Chrome.Input, look{fg: p.Fg}},
		{&t.Chrome.Placeholder, look{fg: p.Faint}},
		{&t.Chrome.Separator, look{fg: p.Border}},
		{&t.Chrome.DialogTitle, look{fg: p.Accent, attrs: bold}},
		{&t.Chrome.Key, look{fg: p.Accent2, attrs: bold}},
		{&t.Chrome.KeyDesc, look{fg: p.Fg}},
		{&t.Chrome.KeyGroup, look{fg: p.Accent, attrs: bold}},
		{&t.Chrome.KeyReserved, look{fg: p.Faint, attrs: italic}},
		{&t.Chrome.MenuItem, look{fg: p.Fg}},
		{&t.Chrome.MenuSelected, look{fg: p.SelectionFg, bg: p.SelectionBg, attrs: bold}},
		{&t.Chrome.MenuDesc, look{fg: p.Faint}},
		{&t.Chrome.MenuMatch, look{fg: p.Accent, attrs: bold}},
		{&t.Chrome.Hint, look{fg: p.Faint}},
		// Panel
		{&t.Panel.Border, look{fg: p.Border}},
		{&t.Panel.Title, look{fg: p.Accent, attrs: bold}},
		{&t.Panel.Item, look{fg: p.Fg}},
		{&t.Panel.Muted, look{fg: p.Faint}},
		{&t.Panel.Done, look{fg: p.Green}},
		{&t.Panel.Active, look{fg: p.Yellow, attrs: bold}},
		{&t.Panel.Pending, look{fg: p.Muted}},
		{&t.Panel.Cancelled, look{fg: p.Faint, attrs: strike}},
		{&t.Panel.Failed, look{fg: p.Red, attrs: bold}},
		{&t.Panel.Selected, look{fg: p.SelectionFg, bg: p.SelectionBg, attrs: bold}},
		{&t.Panel.BarFill, look{fg: p.Accent2}},
		{&t.Panel.BarWarn, look{fg: p.Yellow, attrs: bold}},
		{&t.Panel.BarEmpty, look{fg: p.Border}},
	} {
		*s.dst = s.style()
	}
	t.Chrome.Dialog = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	if p.Accent != nil { // with no colour the border still shows, uncoloured
		t.Chrome.Dialog = t.Chrome.Dialog.BorderForeground(p.Accent)
	}
	code := [...]struct {
		token chroma.TokenType
		look
	}{
		{chroma.Comment, look{fg: p.CodeComment, attrs: italic}},
		{chroma.CommentPreproc, look{fg: p.CodeKeyword}},
		{chroma.Keyword, look{fg: p.CodeKeyword}},
		{chroma.KeywordType, look{fg: p.CodeType}},
		{chroma.KeywordConstant, look{fg: p.CodeNumber}},
		{chroma.Name, look{fg: p.Fg}},
		{chroma.NameFunction, look{fg: p.CodeFunction}},
		{chroma.NameClass, look{fg: p.CodeType}},
		{chroma.NameBuiltin, look{fg: p.CodeBuiltin}},
		{chroma.NameTag, look{fg: p.CodeKeyword}},
		{chroma.NameAttribute, look{fg: p.CodeFunction}},
		{chroma.NameDecorator, look{fg: p.CodeBuiltin}},
		{chroma.NameVariable, look{fg: p.Fg}},
		{chroma.LiteralString, look{fg: p.CodeString}},
		{chroma.LiteralStringEscape, look{fg: p.CodeNumber}},
		{chroma.LiteralNumber, look{fg: p.CodeNumber}},
		{chroma.Literal, look{fg: p.CodeString}},
		{chroma.Operator, look{fg: p.CodeOperator}},
		{chroma.Punctuation, look{fg: p.CodeOperator}},
		{chroma.GenericInserted, look{fg: p.Green}},
		{chroma.GenericDeleted, look{fg: p.Red}},
		{chroma.GenericHeading, look{fg: p.Accent, attrs: bold}},
		{chroma.GenericSubheading, look{fg: p.Cyan}},
		{chroma.GenericEmph, look{attrs: italic}},
		{chroma.GenericStrong, look{attrs: bold}},
		{chroma.GenericPrompt, look{fg: p.Faint}},
		{chroma.Error, look{fg: p.Red}},
		{chroma.Text, look{fg: p.Fg}},
		{chroma.NameOther, look{fg: p.Fg}},
		{chroma.NameLabel, look{fg: p.CodeFunction}},
		{chroma.NameNamespace, look{fg: p.CodeType}},
		{chroma.NameEntity, look{fg: p.CodeBuiltin}},
		{chroma.LiteralStringDoc, look{fg: p.CodeComment}},
		{chroma.LiteralStringSymbol, look{fg: p.CodeNumber}},
		{chroma.NameVariableInstance, look{fg: p.Fg}},
	}
	t.code = make(map[chroma.TokenType]lipgloss.Style, len(code))
	for _, c := range code {
		t.code[c.token] = c.style()
	}
	return t
}

// Plain is the theme for terminals without colour (NO_COLOR, dumb
// terminals): structure comes from bold, faint, italic, underline and
// reverse alone.
func Plain(dark bool) *Theme {
	t := New("plain", dark, Palette{})
	for _, s := range [...]struct {
		dst *lipgloss.Style
		look
	}{
		{&t.Chat.Selected, look{attrs: bold}},
		{&t.Chat.Match, look{attrs: underline}},
		{&t.Chat.MatchCurrent, look{attrs: reverse | bold}},
		{&t.Chat.Label, look{attrs: reverse | bold}},
		{&t.Chat.Error, look{attrs: bold}},
		{&t.Chat.Reasoning, look{attrs: faint | italic}},
		{&t.Chat.ReasoningLabel, look{attrs: faint | italic}},
		{&t.Chat.Notice, look{attrs: italic}},
		{&t.Tool.Selected, look{attrs: reverse}},
		{&t.Tool.Failed, look{attrs: bold | underline}},
		{&t.Tool.Output, look{attrs: faint}},
		{&t.Tool.Meta, look{attrs: faint}},
		{&t.Tool.Hint, look{attrs: faint | italic}},
		{&t.Diff.Add, look{attrs: bold}},
		{&t.Diff.Del, look{attrs: strike}},
		{&t.Diff.Context, look{attrs: faint}},
		{&t.Chrome.MenuSelected, look{attrs: reverse}},
		{&t.Chrome.StatusMuted, look{attrs: faint}},
		{&t.Chrome.Placeholder, look{attrs: faint}},
		{&t.Chrome.Hint, look{attrs: faint}},
		{&t.Panel.Active, look{attrs: bold}},
		{&t.Panel.Done, look{attrs: faint}},
		{&t.Panel.Failed, look{attrs: bold | underline}},
		{&t.Panel.Selected, look{attrs: reverse}},
		{&t.Panel.BarFill, look{attrs: bold}},
		{&t.Panel.BarWarn, look{attrs: bold | underline}},
		{&t.Panel.BarEmpty, look{attrs: faint}},
		{&t.Panel.Muted, look{attrs: faint}},
		{&t.Markdown.Code, look{attrs: bold}},
		{&t.Markdown.LinkURL, look{attrs: faint}},
		{&t.Markdown.CodeLang, look{attrs: faint | italic}},
	} {
		*s.dst = s.style()
	}
	for k := range t.code {
		t.code[k] = lipgloss.NewStyle()
	}
	for _, c := range [...]struct {
		token chroma.TokenType
		look
	}{
		{chroma.Comment, look{attrs: faint}},
		{chroma.Keyword, look{attrs: bold}},
	} {
		t.code[c.token] = c.style()
	}
	return t
}

// look is how one style looks: its colours (nil: the terminal's own) and
// its attributes.
type look struct {
	fg, bg color.Color
	attrs  attr
}

// attr is a set of text attributes.
type attr uint8

const (
	bold attr = 1 << iota
	italic
	underline
	reverse
	strike
	faint
)

func (l look) style() lipgloss.Style {
	s := lipgloss.NewStyle()
	if l.fg != nil {
		s = s.Foreground(l.fg)
	}
	if l.bg != nil {
		s = s.Background(l.bg)
	}
	// Only the attributes a look has are set: an attribute set to false
	// would still count as set when a style inherits from this one.
	for _, a := range [...]struct {
		attr
		set func(lipgloss.Style, bool) lipgloss.Style
	}{
		{bold, lipgloss.Style.Bold}, {italic, lipgloss.Style.Italic}, {underline, lipgloss.Style.Underline},
		{reverse, lipgloss.Style.Reverse}, {strike, lipgloss.Style.Strikethrough}, {faint, lipgloss.Style.Faint},
	} {
		if l.attrs&a.attr != 0 {
			s = a.set(s, true)
		}
	}
	return s
}
