package themes

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
)

// New builds a theme from a palette. Every style of the UI is derived here,
// in one place, so a palette is all a theme needs to say.
func New(name string, dark bool, p Palette) *Theme {
	s := lipgloss.NewStyle
	fg := func(c color.Color) lipgloss.Style {
		if c == nil {
			return s()
		}
		return s().Foreground(c)
	}
	bg := func(st lipgloss.Style, c color.Color) lipgloss.Style {
		if c == nil {
			return st
		}
		return st.Background(c)
	}
	t := &Theme{Name: name, Dark: dark}
	t.Chat = Chat{
		UserLabel:      fg(p.Accent2).Bold(true),
		User:           fg(p.Fg),
		UserBar:        fg(p.Accent2),
		AssistantLabel: fg(p.Accent).Bold(true),
		Text:           fg(p.Fg),
		ReasoningLabel: fg(p.Faint).Italic(true),
		Reasoning:      fg(p.Faint).Italic(true),
		Notice:         fg(p.Muted).Italic(true),
		Error:          fg(p.Red),
		ErrorLabel:     fg(p.Red).Bold(true),
		Retry:          fg(p.Yellow),
		Attachment:     fg(p.Cyan),
		Selected:       fg(p.Accent).Bold(true),
		Match:          bg(fg(p.SelectionFg), p.SelectionBg),
		MatchCurrent:   fg(p.Yellow).Reverse(true).Bold(true),
		Label:          fg(p.Accent2).Reverse(true).Bold(true),
		Muted:          fg(p.Muted),
		Welcome:        fg(p.Fg),
		WelcomeTitle:   fg(p.Accent).Bold(true),
	}
	t.Markdown = Markdown{
		H1:          fg(p.Accent).Bold(true).Underline(true),
		H2:          fg(p.Accent).Bold(true),
		H3:          fg(p.Accent2).Bold(true),
		Bold:        s().Bold(true),
		Italic:      s().Italic(true),
		BoldItalic:  s().Bold(true).Italic(true),
		Strike:      s().Strikethrough(true),
		Code:        fg(p.Orange),
		Link:        fg(p.Blue).Underline(true),
		LinkURL:     fg(p.Faint),
		Quote:       fg(p.Muted).Italic(true),
		QuoteBar:    fg(p.Border),
		Rule:        fg(p.Border),
		ListMarker:  fg(p.Accent),
		TaskDone:    fg(p.Green),
		TableBorder: fg(p.Border),
		TableHeader: fg(p.Accent2).Bold(true),
		CodeBar:     fg(p.Border),
		CodeLang:    fg(p.Faint).Italic(true),
		CodeText:    fg(p.Fg),
		HTML:        fg(p.Faint),
	}
	t.Tool = Tool{
		Icon:     fg(p.Accent2),
		Name:     fg(p.Accent2).Bold(true),
		Arg:      fg(p.Fg),
		OK:       fg(p.Green),
		Failed:   fg(p.Red).Bold(true),
		Running:  fg(p.Yellow),
		Meta:     fg(p.Faint),
		Output:   fg(p.Muted),
		Bar:      fg(p.Border),
		Hint:     fg(p.Faint).Italic(true),
		Spinner:  fg(p.Accent),
		Pending:  fg(p.Faint).Italic(true),
		Selected: bg(fg(p.SelectionFg), p.SelectionBg),
	}
	t.Diff = Diff{
		Add:     bg(fg(p.Green), p.DiffAddBg),
		Del:     bg(fg(p.Red), p.DiffDelBg),
		Hunk:    fg(p.Cyan),
		Header:  fg(p.Muted).Bold(true),
		Context: fg(p.Muted),
	}
	t.Chrome = Chrome{
		Status:        fg(p.Muted),
		StatusModel:   fg(p.Accent).Bold(true),
		StatusTitle:   fg(p.Fg),
		StatusMuted:   fg(p.Faint),
		StatusWarn:    fg(p.Yellow),
		Spinner:       fg(p.Accent),
		Prompt:        fg(p.Accent).Bold(true),
		PromptBlurred: fg(p.Faint),
		Input:         fg(p.Fg),
		Placeholder:   fg(p.Faint),
		Separator:     fg(p.Border),
		Dialog:        s().Border(lipgloss.RoundedBorder()).BorderForeground(p.Accent).Padding(0, 1),
		DialogTitle:   fg(p.Accent).Bold(true),
		Key:           fg(p.Accent2).Bold(true),
		KeyDesc:       fg(p.Fg),
		KeyGroup:      fg(p.Accent).Bold(true),
		KeyReserved:   fg(p.Faint).Italic(true),
		MenuItem:      fg(p.Fg),
		MenuSelected:  bg(fg(p.SelectionFg), p.SelectionBg).Bold(true),
		MenuDesc:      fg(p.Faint),
		MenuMatch:     fg(p.Accent).Bold(true),
		Hint:          fg(p.Faint),
	}
	t.Panel = Panel{
		Border:    fg(p.Border),
		Title:     fg(p.Accent).Bold(true),
		Item:      fg(p.Fg),
		Muted:     fg(p.Faint),
		Done:      fg(p.Green),
		Active:    fg(p.Yellow).Bold(true),
		Pending:   fg(p.Muted),
		Cancelled: fg(p.Faint).Strikethrough(true),
		Failed:    fg(p.Red).Bold(true),
		Selected:  bg(fg(p.SelectionFg), p.SelectionBg).Bold(true),
		BarFill:   fg(p.Accent2),
		BarWarn:   fg(p.Yellow).Bold(true),
		BarEmpty:  fg(p.Border),
	}
	if p.Accent == nil { // a dialog border with no colour still needs to show
		t.Chrome.Dialog = s().Border(lipgloss.RoundedBorder()).Padding(0, 1)
	}
	t.code = map[chroma.TokenType]lipgloss.Style{
		chroma.Comment:              fg(p.CodeComment).Italic(true),
		chroma.CommentPreproc:       fg(p.CodeKeyword),
		chroma.Keyword:              fg(p.CodeKeyword),
		chroma.KeywordType:          fg(p.CodeType),
		chroma.KeywordConstant:      fg(p.CodeNumber),
		chroma.Name:                 fg(p.Fg),
		chroma.NameFunction:         fg(p.CodeFunction),
		chroma.NameClass:            fg(p.CodeType),
		chroma.NameBuiltin:          fg(p.CodeBuiltin),
		chroma.NameTag:              fg(p.CodeKeyword),
		chroma.NameAttribute:        fg(p.CodeFunction),
		chroma.NameDecorator:        fg(p.CodeBuiltin),
		chroma.NameVariable:         fg(p.Fg),
		chroma.LiteralString:        fg(p.CodeString),
		chroma.LiteralStringEscape:  fg(p.CodeNumber),
		chroma.LiteralNumber:        fg(p.CodeNumber),
		chroma.Literal:              fg(p.CodeString),
		chroma.Operator:             fg(p.CodeOperator),
		chroma.Punctuation:          fg(p.CodeOperator),
		chroma.GenericInserted:      fg(p.Green),
		chroma.GenericDeleted:       fg(p.Red),
		chroma.GenericHeading:       fg(p.Accent).Bold(true),
		chroma.GenericSubheading:    fg(p.Cyan),
		chroma.GenericEmph:          s().Italic(true),
		chroma.GenericStrong:        s().Bold(true),
		chroma.GenericPrompt:        fg(p.Faint),
		chroma.Error:                fg(p.Red),
		chroma.Text:                 fg(p.Fg),
		chroma.NameOther:            fg(p.Fg),
		chroma.NameLabel:            fg(p.CodeFunction),
		chroma.NameNamespace:        fg(p.CodeType),
		chroma.NameEntity:           fg(p.CodeBuiltin),
		chroma.LiteralStringDoc:     fg(p.CodeComment),
		chroma.LiteralStringSymbol:  fg(p.CodeNumber),
		chroma.NameVariableInstance: fg(p.Fg),
	}
	return t
}

// Plain is the theme for terminals without colour (NO_COLOR, dumb
// terminals): structure comes from bold, faint, italic, underline and
// reverse alone.
func Plain(dark bool) *Theme {
	t := New("plain", dark, Palette{})
	s := lipgloss.NewStyle
	t.Chat.Selected = s().Bold(true)
	t.Chat.Match = s().Underline(true)
	t.Chat.MatchCurrent = s().Reverse(true).Bold(true)
	t.Chat.Label = s().Reverse(true).Bold(true)
	t.Chat.Error = s().Bold(true)
	t.Chat.Reasoning = s().Faint(true).Italic(true)
	t.Chat.ReasoningLabel = s().Faint(true).Italic(true)
	t.Chat.Notice = s().Italic(true)
	t.Tool.Selected = s().Reverse(true)
	t.Tool.Failed = s().Bold(true).Underline(true)
	t.Tool.Output = s().Faint(true)
	t.Tool.Meta = s().Faint(true)
	t.Tool.Hint = s().Faint(true).Italic(true)
	t.Diff.Add = s().Bold(true)
	t.Diff.Del = s().Strikethrough(true)
	t.Diff.Context = s().Faint(true)
	t.Chrome.MenuSelected = s().Reverse(true)
	t.Chrome.StatusMuted = s().Faint(true)
	t.Chrome.Placeholder = s().Faint(true)
	t.Chrome.Hint = s().Faint(true)
	t.Panel.Active = s().Bold(true)
	t.Panel.Done = s().Faint(true)
	t.Panel.Failed = s().Bold(true).Underline(true)
	t.Panel.Selected = s().Reverse(true)
	t.Panel.BarFill = s().Bold(true)
	t.Panel.BarWarn = s().Bold(true).Underline(true)
	t.Panel.BarEmpty = s().Faint(true)
	t.Panel.Muted = s().Faint(true)
	t.Markdown.Code = s().Bold(true)
	t.Markdown.LinkURL = s().Faint(true)
	t.Markdown.CodeLang = s().Faint(true).Italic(true)
	for k := range t.code {
		t.code[k] = s()
	}
	t.code[chroma.Comment] = s().Faint(true)
	t.code[chroma.Keyword] = s().Bold(true)
	return t
}
