package keys

import "charm.land/bubbles/v2/key"

// DraftKeys work on the message being written (the input has focus) and
// on the messages waiting while the agent works. The input gives up two
// of the textarea's own keys for them: ctrl+g (select all) opens the
// external editor, and ctrl+v (paste text) pastes an image when the
// clipboard holds one, text otherwise.
type DraftKeys struct {
	Search     key.Binding // reverse search of sent messages
	Editor     key.Binding // the draft in $VISUAL/$EDITOR
	Stash      key.Binding // stash the draft, or pop the stash into an empty input
	PasteImage key.Binding // an image from the clipboard, or its text
	Pastes     key.Binding // view the pastes and images the draft holds
	Queue      key.Binding // edit the messages waiting for the agent

	// In the reverse search.
	SearchOlder, SearchNewer, SearchAccept, SearchCancel key.Binding

	// In the queue (alt+q).
	QueueUp, QueueDown, QueueEdit, QueueDelete, QueueMoveUp, QueueMoveDown, QueueBack key.Binding

	// In the paste viewer (alt+v).
	PasteNext, PasteExpand, PasteDelete, PasteBack key.Binding
}

func defaultDraftKeys() DraftKeys {
	k := func(s ...string) []string { return s }
	return DraftKeys{
		Search:     bind(k("ctrl+r"), "ctrl+r", "search the messages you sent (again: older)"),
		Editor:     bind(k("ctrl+g"), "ctrl+g", "edit the draft in $VISUAL/$EDITOR"),
		Stash:      bind(k("alt+s"), "alt+s", "stash the draft · pop it into an empty input"),
		PasteImage: bind(k("ctrl+v"), "ctrl+v", "paste an image from the clipboard (or text)"),
		Pastes:     bind(k("alt+v"), "alt+v", "view, expand or drop the draft's pastes and images"),
		Queue:      bind(k("alt+q"), "alt+q", "edit the queued messages"),

		SearchOlder:  bind(k("ctrl+r", "up"), "ctrl+r ↑", "older match"),
		SearchNewer:  bind(k("down"), "↓", "newer match"),
		SearchAccept: bind(k("enter", "tab"), "enter", "put the match in the input"),
		SearchCancel: bind(k("esc", "ctrl+g"), "esc", "back to the draft"),

		QueueUp:       bind(k("up", "k"), "↑ k", "previous queued message"),
		QueueDown:     bind(k("down", "j"), "↓ j", "next queued message"),
		QueueEdit:     bind(k("enter", "e"), "enter e", "edit it in the input (enter saves)"),
		QueueDelete:   bind(k("d", "x", "delete", "backspace"), "d del", "delete it"),
		QueueMoveUp:   bind(k("shift+up", "K"), "shift+↑ K", "move it earlier"),
		QueueMoveDown: bind(k("shift+down", "J"), "shift+↓ J", "move it later"),
		QueueBack:     bind(k("esc", "alt+q", "tab"), "esc", "back to the input"),

		PasteNext:   bind(k("tab", "right", "left"), "tab ←→", "next paste or image"),
		PasteExpand: bind(k("e", "enter"), "e enter", "expand the paste into the draft"),
		PasteDelete: bind(k("d", "x", "delete"), "d del", "remove it from the draft"),
		PasteBack:   bind(k("esc", "alt+v", "q"), "esc", "close"),
	}
}

// inputList is the order help shows the input's own bindings in.
func (d DraftKeys) inputList() []key.Binding {
	return []key.Binding{d.Search, d.Editor, d.Stash, d.PasteImage, d.Pastes, d.Queue}
}

// searchList, queueList and pasteList are the bindings of the history
// search, the queue and the paste viewer, for help.
func (d DraftKeys) searchList() []key.Binding {
	return []key.Binding{d.SearchOlder, d.SearchNewer, d.SearchAccept, d.SearchCancel}
}

func (d DraftKeys) queueList() []key.Binding {
	return []key.Binding{d.QueueUp, d.QueueDown, d.QueueEdit, d.QueueDelete, d.QueueMoveUp, d.QueueMoveDown, d.QueueBack}
}

func (d DraftKeys) pasteList() []key.Binding {
	return []key.Binding{d.PasteNext, d.PasteExpand, d.PasteDelete, d.PasteBack}
}
