package keys

import "charm.land/bubbles/v2/key"

// SessionKeys are the session browser's keys (ctrl+s or alt+2, /sessions).
// Typed text goes to the search, so every action is a control key; a
// question the pane asks (delete?) is answered with Map.Confirm.
type SessionKeys struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	First, Last      key.Binding
	Open             key.Binding // the session, scrolled to the selected hit
	Resume           key.Binding // the session at its end, ready to continue
	Fork             key.Binding // a new session up to the hit or previewed message
	MsgUp, MsgDown   key.Binding // the previewed message
	Rename           key.Binding
	Archive          key.Binding // archive or unarchive
	Delete           key.Binding
	Export           key.Binding
	Archived         key.Binding // list and search archived sessions too
	Preview          key.Binding // the preview instead of the list (narrow screens)
	Clear            key.Binding // clear the search
	Back             key.Binding // cancel, clear the search, close
}

func defaultSessionKeys() SessionKeys {
	k := func(s ...string) []string { return s }
	return SessionKeys{
		Up:       bind(k("up", "ctrl+p"), "↑ ctrl+p", "previous session or hit"),
		Down:     bind(k("down", "ctrl+n"), "↓ ctrl+n", "next session or hit"),
		PageUp:   bind(k("pgup"), "pgup", "page up"),
		PageDown: bind(k("pgdown"), "pgdn", "page down"),
		First:    bind(k("home"), "home", "first"),
		Last:     bind(k("end"), "end", "last"),
		Open:     bind(k("enter"), "enter", "open the session at the hit"),
		Resume:   bind(k("ctrl+r"), "ctrl+r", "resume the session at its end"),
		Fork:     bind(k("ctrl+f"), "ctrl+f", "fork from the hit or previewed message"),
		MsgUp:    bind(k("shift+up"), "shift+↑", "preview the previous message"),
		MsgDown:  bind(k("shift+down"), "shift+↓", "preview the next message"),
		Rename:   bind(k("ctrl+t"), "ctrl+t", "rename (title)"),
		Archive:  bind(k("ctrl+a"), "ctrl+a", "archive or unarchive"),
		Delete:   bind(k("ctrl+x"), "ctrl+x", "delete (asks)"),
		Export:   bind(k("ctrl+e"), "ctrl+e", "export as Markdown or JSONL"),
		Archived: bind(k("ctrl+g"), "ctrl+g", "show or hide archived sessions"),
		Preview:  bind(k("tab"), "tab", "preview instead of the list (narrow)"),
		Clear:    bind(k("ctrl+u"), "ctrl+u", "clear the search"),
		Back:     bind(k("esc"), "esc", "cancel · clear the search · close"),
	}
}

// list is the order help shows the bindings in.
func (s SessionKeys) list() []key.Binding {
	return []key.Binding{s.Up, s.Down, s.PageUp, s.PageDown, s.First, s.Last, s.Open, s.Resume, s.Fork,
		s.MsgUp, s.MsgDown, s.Rename, s.Archive, s.Delete, s.Export, s.Archived, s.Preview, s.Clear, s.Back}
}
