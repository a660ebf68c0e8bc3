package keys

import "charm.land/bubbles/v2/key"

// VimKeys are the vim mode's (display.vim_mode, /vim). The input has an
// insert mode (it edits as usual) and a normal mode (Normal from insert)
// where these keys move, delete and switch back; the chat scrolls from
// normal mode too. Two-key commands (dd, gg) are their key pressed twice.
type VimKeys struct {
	Normal      key.Binding // insert → normal
	Insert      key.Binding
	Append      key.Binding
	InsertStart key.Binding
	AppendEnd   key.Binding
	OpenBelow   key.Binding
	Left        key.Binding
	Right       key.Binding
	WordNext    key.Binding
	WordPrev    key.Binding
	LineStart   key.Binding
	LineEnd     key.Binding
	Up          key.Binding // the line above, or the previous message
	Down        key.Binding
	DeleteChar  key.Binding
	DeleteLine  key.Binding // dd
	DeleteToEnd key.Binding
	ChangeToEnd key.Binding
	Top         key.Binding // gg: the chat's top
	Bottom      key.Binding
	HalfDown    key.Binding // the chat, from normal mode
	HalfUp      key.Binding
	PageDown    key.Binding
	PageUp      key.Binding
}

func defaultVimKeys() VimKeys {
	k := func(s ...string) []string { return s }
	return VimKeys{
		Normal:      bind(k("esc"), "esc", "normal mode (esc again interrupts)"),
		Insert:      bind(k("i"), "i", "insert before the cursor"),
		Append:      bind(k("a"), "a", "insert after the cursor"),
		InsertStart: bind(k("I"), "I", "insert at the line's start"),
		AppendEnd:   bind(k("A"), "A", "insert at the line's end"),
		OpenBelow:   bind(k("o"), "o", "open a line below"),
		Left:        bind(k("h"), "h", "left"),
		Right:       bind(k("l"), "l", "right"),
		WordNext:    bind(k("w", "e"), "w e", "next word"),
		WordPrev:    bind(k("b"), "b", "previous word"),
		LineStart:   bind(k("0", "^"), "0 ^", "line start"),
		LineEnd:     bind(k("$"), "$", "line end"),
		Up:          bind(k("k"), "k", "line up · previous message"),
		Down:        bind(k("j"), "j", "line down · next message"),
		DeleteChar:  bind(k("x"), "x", "delete the character"),
		DeleteLine:  bind(k("d"), "dd", "delete the line"),
		DeleteToEnd: bind(k("D"), "D", "delete to the line's end"),
		ChangeToEnd: bind(k("C"), "C", "change to the line's end"),
		Top:         bind(k("g"), "gg", "chat: top"),
		Bottom:      bind(k("G"), "G", "chat: bottom"),
		HalfDown:    bind(k("ctrl+d"), "ctrl+d", "chat: half page down"),
		HalfUp:      bind(k("ctrl+u"), "ctrl+u", "chat: half page up"),
		PageDown:    bind(k("ctrl+f"), "ctrl+f", "chat: page down"),
		PageUp:      bind(k("ctrl+b"), "ctrl+b", "chat: page up"),
	}
}

func (v VimKeys) list() []key.Binding {
	return []key.Binding{v.Normal, v.Insert, v.Append, v.InsertStart, v.AppendEnd, v.OpenBelow, v.Left, v.Right,
		v.WordNext, v.WordPrev, v.LineStart, v.LineEnd, v.Up, v.Down, v.DeleteChar, v.DeleteLine, v.DeleteToEnd,
		v.ChangeToEnd, v.Top, v.Bottom, v.HalfDown, v.HalfUp, v.PageDown, v.PageUp}
}
