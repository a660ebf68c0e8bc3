package keys

import "charm.land/bubbles/v2/key"

// MemoryKeys are the memory viewer's keys (alt+4, /memory). While an entry
// is being written the editor has the keyboard: Enter saves, the new-line
// keys of the input (Map.Newline) break lines, Esc cancels.
type MemoryKeys struct {
	Prev   key.Binding
	Next   key.Binding
	Switch key.Binding // MEMORY.md ⇄ USER.md
	Add    key.Binding
	Edit   key.Binding
	Delete key.Binding
	Save   key.Binding // while editing
	Reload key.Binding
	Back   key.Binding // cancel the edit, or close the viewer
}

// SkillKeys are the skill editor's keys (alt+3, /skills). In the full-screen
// editor every key but Save and Back edits the text.
type SkillKeys struct {
	Prev   key.Binding
	Next   key.Binding
	Search key.Binding
	Open   key.Binding // view the skill, or the selected file
	Edit   key.Binding
	New    key.Binding
	Delete key.Binding
	Files  key.Binding
	Save   key.Binding // in the editor
	Reload key.Binding
	Back   key.Binding // leave the editor, view or search; close the pane
}

// Confirm answers a question such as "delete this skill?" (y yes, n or
// Esc no).
type Confirm struct {
	Yes key.Binding
	No  key.Binding
}

func defaultMemoryKeys() MemoryKeys {
	k := func(s ...string) []string { return s }
	return MemoryKeys{
		Prev:   bind(k("up", "k"), "↑ k", "previous entry"),
		Next:   bind(k("down", "j"), "↓ j", "next entry"),
		Switch: bind(k("tab", "shift+tab"), "tab", "MEMORY.md ⇄ USER.md"),
		Add:    bind(k("a"), "a", "add an entry"),
		Edit:   bind(k("e", "enter"), "e enter", "edit the entry in place"),
		Delete: bind(k("d", "delete"), "d", "delete the entry (asks)"),
		Save:   bind(k("enter"), "enter", "save the entry being edited"),
		Reload: bind(k("r"), "r", "reload both files from disk"),
		Back:   bind(k("esc"), "esc", "cancel the edit · close"),
	}
}

func defaultSkillKeys() SkillKeys {
	k := func(s ...string) []string { return s }
	return SkillKeys{
		Prev:   bind(k("up", "k"), "↑ k", "previous skill or file · scroll"),
		Next:   bind(k("down", "j"), "↓ j", "next skill or file · scroll"),
		Search: bind(k("/"), "/", "search names and descriptions"),
		Open:   bind(k("enter"), "enter", "view the skill (rendered) or the file"),
		Edit:   bind(k("e"), "e", "edit SKILL.md full-screen"),
		New:    bind(k("n"), "n", "new skill from the template"),
		Delete: bind(k("d", "delete"), "d", "delete the skill (asks)"),
		Files:  bind(k("f"), "f", "files: references/ templates/ scripts/ assets/"),
		Save:   bind(k("ctrl+s"), "ctrl+s", "save (the frontmatter is checked first)"),
		Reload: bind(k("r"), "r", "reload the skills from disk"),
		Back:   bind(k("esc"), "esc", "back · close"),
	}
}

func defaultConfirm() Confirm {
	return Confirm{
		Yes: bind([]string{"y"}, "y", "yes (delete, discard)"),
		No:  bind([]string{"n", "esc"}, "n esc", "no"),
	}
}
