package keys

import "charm.land/bubbles/v2/key"

// PanelKeys open the side panels and dialogs of the main screen, and work
// the background tasks panel while it has the keyboard.
type PanelKeys struct {
	Todo   key.Binding // the todo/plan panel (fed by the todo tool)
	Tasks  key.Binding // background tasks: open, focus, close
	Models key.Binding // the model switcher

	// In the tasks panel, once focused (Tasks again, or from the palette).
	Up   key.Binding
	Down key.Binding
	Kill key.Binding // the selected process, or the running tool's turn
	Back key.Binding // the keyboard back to the input
}

func defaultPanelKeys() PanelKeys {
	k := func(s ...string) []string { return s }
	return PanelKeys{
		Todo:   bind(k("alt+t"), "alt+t", "todo/plan panel: show or hide"),
		Tasks:  bind(k("alt+p"), "alt+p", "background tasks: show · focus · hide"),
		Models: bind(k("alt+m"), "alt+m", "switch model · reasoning effort"),
		Up:     bind(k("up", "k"), "↑ k", "previous task"),
		Down:   bind(k("down", "j"), "↓ j", "next task"),
		Kill:   bind(k("x", "delete"), "x del", "kill the selected task"),
		Back:   bind(k("esc", "tab"), "esc tab", "back to the input"),
	}
}

// PickerKeys work the model and theme pickers: typing filters the list.
type PickerKeys struct {
	Up     key.Binding
	Down   key.Binding
	Choose key.Binding
	Effort key.Binding // the model's reasoning effort (where supported)
	Back   key.Binding // close; a theme picker puts the old theme back
}

func defaultPickerKeys() PickerKeys {
	k := func(s ...string) []string { return s }
	return PickerKeys{
		Up:     bind(k("up", "ctrl+p"), "↑ ctrl+p", "previous (a theme previews at once)"),
		Down:   bind(k("down", "ctrl+n"), "↓ ctrl+n", "next"),
		Choose: bind(k("enter"), "enter", "choose"),
		Effort: bind(k("left", "right"), "← →", "reasoning effort: default, low, medium, high"),
		Back:   bind(k("esc"), "esc", "close without changing"),
	}
}
