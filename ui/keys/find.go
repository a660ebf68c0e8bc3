package keys

import "charm.land/bubbles/v2/key"

// FindKeys are the keys of find in the transcript and of copying a block.
//
// Open takes ctrl+f from anywhere — in the input it would only move the
// cursor a character right, which → does as well — and / while the chat
// has focus (in the input / starts a slash command). While the find bar
// has the keyboard, typed text goes to the query; Next and Prev work with
// the chat focused, BarNext and BarPrev in the bar.
type FindKeys struct {
	Open    key.Binding
	Next    key.Binding // the next match back in time (up)
	Prev    key.Binding // the next match forward in time (down)
	BarNext key.Binding
	BarPrev key.Binding
	Chat    key.Binding // read the chat with the matches kept (n/N step)
	Close   key.Binding

	// Pick labels the blocks on screen; typing a label copies that block.
	Pick key.Binding
}

func defaultFindKeys() FindKeys {
	k := func(s ...string) []string { return s }
	return FindKeys{
		Open:    bind(k("ctrl+f", "/"), "ctrl+f /", "find in the transcript (/ in the chat)"),
		Next:    bind(k("n"), "n", "next match, older (chat)"),
		Prev:    bind(k("N"), "N", "previous match, newer (chat)"),
		BarNext: bind(k("enter", "up", "ctrl+p"), "enter ↑", "next match, older (find bar)"),
		BarPrev: bind(k("shift+enter", "alt+enter", "down", "ctrl+n"), "shift+enter ↓", "previous match, newer (find bar)"),
		Chat:    bind(k("tab"), "tab", "read the chat, matches kept (find bar)"),
		Close:   bind(k("esc"), "esc", "close find"),
		Pick:    bind(k("y"), "y", "copy a block: y, then its label (chat)"),
	}
}

// list is the order help shows the bindings in.
func (f FindKeys) list() []key.Binding {
	return []key.Binding{f.Open, f.BarNext, f.BarPrev, f.Next, f.Prev, f.Chat, f.Close, f.Pick}
}
