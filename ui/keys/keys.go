// Package keys is herm's one key map. Every key the UI answers to is
// declared here, with its help text, so help, the command palette and the
// panes cannot disagree, and a new pane can see at a glance what is taken.
//
// Rules the map follows:
//   - No key that edits text in the input (bubbles' textarea: ctrl+a/e/b/f/
//     n/p/k/u/d/w/h/t/v/g, alt+b/f/d/c/l/u/<, >) is bound while the input
//     has focus; chat navigation keys (ctrl+u/d, g/G, j/k) work when the
//     chat has focus (tab switches). The one exception is PgUp/PgDn, which
//     scroll the chat from anywhere: the textarea would only page within a
//     message of at most ten lines.
//   - No key terminals cannot tell apart from another: ctrl+m is Enter,
//     ctrl+i is Tab, ctrl+[ is Esc, ctrl+h is Backspace in many terminals.
//   - Keys of panes that arrive in later issues are reserved (disabled, shown
//     in help as coming) so nothing else takes them.
package keys

import "charm.land/bubbles/v2/key"

// Map is every binding of the UI.
type Map struct {
	// Anywhere.
	Quit      key.Binding // ctrl+c twice
	Interrupt key.Binding // esc: stop the running turn, close what is open
	Help      key.Binding
	Palette   key.Binding
	Focus     key.Binding // tab: input ⇄ chat
	CopyLast  key.Binding
	ScrollUp  key.Binding // pgup, also from the input
	ScrollDn  key.Binding
	Redraw    key.Binding

	// Panes (reserved until their issues land).
	Chat     key.Binding
	Sessions key.Binding
	Skills   key.Binding
	Memory   key.Binding

	// Input.
	Send     key.Binding
	Newline  key.Binding
	HistPrev key.Binding
	HistNext key.Binding
	Complete key.Binding
	// Draft: history search, external editor, stash, pastes, the queue
	// (draft.go).
	Draft DraftKeys

	// Chat (when focused).
	Up       key.Binding // select the previous block
	Down     key.Binding
	HalfUp   key.Binding
	HalfDown key.Binding
	LineUp   key.Binding
	LineDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Toggle   key.Binding // expand/collapse the selected block
	Expand   key.Binding // expand/collapse every tool block
	Copy     key.Binding // copy the selected block

	// Find in the transcript and the block picker (find.go).
	Find FindKeys

	// Session browser (sessions.go).
	SessionPane SessionKeys

	// Memory viewer and skill editor (knowledge.go).
	MemoryPane MemoryKeys
	SkillPane  SkillKeys
	Confirm    Confirm

	// Side panels and dialogs (panels.go), vim mode (vim.go).
	Panels PanelKeys
	Picker PickerKeys
	Vim    VimKeys

	// Approval prompt (ui/approval), while it has the keyboard. The
	// arrows and enter answer from its menu; the letters answer only once
	// the person moved the keyboard to it (ApproveFocus), never while they
	// type (a request that arrives finds the keyboard, not the letters).
	ApprovePrev    key.Binding
	ApproveNext    key.Binding
	ApproveChoose  key.Binding
	ApproveOnce    key.Binding
	ApproveSession key.Binding
	ApproveAlways  key.Binding
	ApproveExact   key.Binding // always, for this exact command
	Deny           key.Binding
	ApproveEdit    key.Binding // edit the command in the prompt
	ApproveEditor  key.Binding // edit it in $VISUAL/$EDITOR
	ApproveFocus   key.Binding // to the prompt (its letters too) ⇄ read the chat
	Mode           key.Binding // cycle the permission mode (anywhere)

	// The persisted grants (/permissions).
	Permissions PermissionKeys
}

func bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

func reserved(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc), key.WithDisabled())
}

// Default returns herm's key map.
func Default() Map {
	k := func(s ...string) []string { return s }
	return Map{
		Quit:      bind(k("ctrl+c"), "ctrl+c ×2", "quit"),
		Interrupt: bind(k("esc"), "esc", "interrupt the turn · close"),
		Help:      bind(k("ctrl+/", "ctrl+_", "f1"), "? ctrl+/", "help"),
		Palette:   bind(k("ctrl+o"), "ctrl+o", "command palette"),
		Focus:     bind(k("tab"), "tab", "switch between input and chat"),
		CopyLast:  bind(k("ctrl+y"), "ctrl+y", "copy the last answer"),
		ScrollUp:  bind(k("pgup"), "pgup", "scroll the chat up"),
		ScrollDn:  bind(k("pgdown"), "pgdn", "scroll the chat down"),
		Redraw:    bind(k("ctrl+l"), "ctrl+l", "redraw the screen"),

		Chat:     bind(k("alt+1"), "alt+1", "chat"),
		Sessions: bind(k("ctrl+s", "alt+2"), "ctrl+s alt+2", "sessions: browse, search, resume, fork"),
		Skills:   bind(k("alt+3"), "alt+3", "skills: browse, view, edit, create"),
		Memory:   bind(k("alt+4"), "alt+4", "memory: MEMORY.md and USER.md entries"),

		Send:     bind(k("enter"), "enter", "send"),
		Newline:  bind(k("shift+enter", "alt+enter", "ctrl+j"), "shift/alt+enter", "new line"),
		HistPrev: bind(k("up"), "↑", "previous message (on the first line)"),
		HistNext: bind(k("down"), "↓", "next message (on the last line)"),
		Complete: bind(k("tab"), "tab", "complete /command or @file"),
		Draft:    defaultDraftKeys(),

		Up:       bind(k("up", "k"), "↑ k", "previous block"),
		Down:     bind(k("down", "j"), "↓ j", "next block"),
		HalfUp:   bind(k("ctrl+u"), "ctrl+u", "half page up"),
		HalfDown: bind(k("ctrl+d"), "ctrl+d", "half page down"),
		LineUp:   bind(k("ctrl+p", "ctrl+k"), "ctrl+p", "scroll one line up"),
		LineDown: bind(k("ctrl+n", "ctrl+e"), "ctrl+n", "scroll one line down"),
		Top:      bind(k("g", "home"), "g home", "top (loads older messages)"),
		Bottom:   bind(k("G", "end"), "G end", "bottom, follow new output"),
		Toggle:   bind(k("enter", "space"), "enter space", "expand/collapse the block"),
		Expand:   bind(k("e"), "e", "expand/collapse all tool output"),
		Copy:     bind(k("c"), "c", "copy the selected block (or code block)"),
		Find:     defaultFindKeys(),

		SessionPane: defaultSessionKeys(),

		MemoryPane: defaultMemoryKeys(),
		SkillPane:  defaultSkillKeys(),
		Confirm:    defaultConfirm(),

		Panels: defaultPanelKeys(),
		Picker: defaultPickerKeys(),
		Vim:    defaultVimKeys(),

		ApprovePrev:    bind(k("up"), "↑", "previous answer"),
		ApproveNext:    bind(k("down"), "↓", "next answer"),
		ApproveChoose:  bind(k("enter"), "enter", "give the chosen answer (always asks again)"),
		ApproveOnce:    bind(k("y"), "y", "approve once (letters: after tab)"),
		ApproveSession: bind(k("s"), "s", "approve these findings for the session"),
		ApproveAlways:  bind(k("a"), "a", "always approve these findings (asks again)"),
		ApproveExact:   bind(k("A"), "A", "always approve this exact command (asks again)"),
		Deny:           bind(k("n", "esc"), "n esc", "deny (n: after tab)"),
		ApproveEdit:    bind(k("e"), "e", "edit the command (checked again)"),
		ApproveEditor:  bind(k("ctrl+g"), "ctrl+g", "edit the command in $VISUAL/$EDITOR"),
		ApproveFocus:   bind(k("tab"), "tab", "to the prompt, its letters too ⇄ read the chat"),
		Mode:           bind(k("shift+tab"), "shift+tab", "permission mode: normal → auto-edits → yolo"),

		Permissions: defaultPermissionKeys(),
	}
}

// Group is a titled list of bindings for help.
type Group struct {
	Title    string
	Bindings []key.Binding
}

// Groups returns the bindings as help shows them. Disabled (reserved)
// bindings are included; help marks them as coming.
func (m Map) Groups() []Group {
	return []Group{
		{"Anywhere", []key.Binding{m.Send, m.Interrupt, m.Quit, m.Help, m.Palette, m.Focus, m.Mode, m.ScrollUp, m.ScrollDn, m.CopyLast, m.Redraw}},
		{"Input", append([]key.Binding{m.Newline, m.HistPrev, m.HistNext, m.Complete}, m.Draft.inputList()...)},
		{"History search (ctrl+r)", m.Draft.searchList()},
		{"Queued messages (alt+q)", m.Draft.queueList()},
		{"Pastes and images (alt+v)", m.Draft.pasteList()},
		{"Chat (tab to focus)", []key.Binding{m.Up, m.Down, m.Toggle, m.Expand, m.Copy, m.HalfUp, m.HalfDown, m.LineUp, m.LineDown, m.Top, m.Bottom}},
		{"Find and copy", m.Find.list()},
		{"Panes", []key.Binding{m.Chat, m.Sessions, m.Skills, m.Memory}},
		{"Panels and dialogs", []key.Binding{m.Panels.Todo, m.Panels.Tasks, m.Panels.Models}},
		{"Tasks panel (alt+p to focus)", []key.Binding{m.Panels.Up, m.Panels.Down, m.Panels.Kill, m.Panels.Back}},
		{"Pickers (model, theme)", []key.Binding{m.Picker.Up, m.Picker.Down, m.Picker.Choose, m.Picker.Effort, m.Picker.Back}},
		{"Vim mode (/vim)", m.Vim.list()},
		{"Sessions (ctrl+s)", m.SessionPane.list()},
		{"Memory (alt+4)", []key.Binding{m.MemoryPane.Prev, m.MemoryPane.Next, m.MemoryPane.Switch, m.MemoryPane.Add, m.MemoryPane.Edit,
			m.MemoryPane.Delete, m.MemoryPane.Save, m.Newline, m.MemoryPane.Reload, m.MemoryPane.Back}},
		{"Skills (alt+3)", []key.Binding{m.SkillPane.Prev, m.SkillPane.Next, m.SkillPane.Search, m.SkillPane.Open, m.SkillPane.Edit,
			m.SkillPane.New, m.SkillPane.Delete, m.SkillPane.Files, m.SkillPane.Save, m.SkillPane.Reload, m.SkillPane.Back}},
		{"Questions", []key.Binding{m.Confirm.Yes, m.Confirm.No}},
		{"Approvals (typing never answers)", []key.Binding{m.ApprovePrev, m.ApproveNext, m.ApproveChoose, m.ApproveFocus,
			m.ApproveOnce, m.ApproveSession, m.ApproveAlways, m.ApproveExact, m.Deny, m.ApproveEdit, m.ApproveEditor}},
		{"Permissions (/permissions)", m.Permissions.list()},
	}
}
