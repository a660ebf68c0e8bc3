package keys

import "charm.land/bubbles/v2/key"

// PermissionKeys work the /permissions pane: the grants "always" answers
// saved, each of which lets commands run without asking.
type PermissionKeys struct {
	Up     key.Binding
	Down   key.Binding
	Revoke key.Binding // the selected grant: its commands ask again
	Back   key.Binding
}

func defaultPermissionKeys() PermissionKeys {
	k := func(s ...string) []string { return s }
	return PermissionKeys{
		Up:     bind(k("up", "k"), "↑ k", "previous grant"),
		Down:   bind(k("down", "j"), "↓ j", "next grant"),
		Revoke: bind(k("x", "delete", "backspace"), "x del", "revoke the grant (its commands ask again)"),
		Back:   bind(k("esc", "q"), "esc q", "close"),
	}
}

func (p PermissionKeys) list() []key.Binding {
	return []key.Binding{p.Up, p.Down, p.Revoke, p.Back}
}
