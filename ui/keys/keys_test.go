package keys

import (
	"testing"

	"charm.land/bubbles/v2/textarea"
)

// While the input has focus, the keys that work anywhere must not take a
// key the textarea edits with (the newline keys are the textarea's own).
func TestNoClashWithTextareaEditing(t *testing.T) {
	m := Default()
	km := textarea.DefaultKeyMap()
	editing := map[string]string{}
	for name, b := range map[string][]string{
		"CharacterForward": km.CharacterForward.Keys(), "CharacterBackward": km.CharacterBackward.Keys(),
		"WordForward": km.WordForward.Keys(), "WordBackward": km.WordBackward.Keys(),
		"LineNext": km.LineNext.Keys(), "LinePrevious": km.LinePrevious.Keys(),
		"DeleteWordBackward": km.DeleteWordBackward.Keys(), "DeleteWordForward": km.DeleteWordForward.Keys(),
		"DeleteAfterCursor": km.DeleteAfterCursor.Keys(), "DeleteBeforeCursor": km.DeleteBeforeCursor.Keys(),
		"DeleteCharacterBackward": km.DeleteCharacterBackward.Keys(), "DeleteCharacterForward": km.DeleteCharacterForward.Keys(),
		"LineStart": km.LineStart.Keys(), "LineEnd": km.LineEnd.Keys(), "Paste": km.Paste.Keys(),
		"InputBegin": km.InputBegin.Keys(), "InputEnd": km.InputEnd.Keys(),
		"CapitalizeWordForward": km.CapitalizeWordForward.Keys(), "LowercaseWordForward": km.LowercaseWordForward.Keys(),
		"UppercaseWordForward": km.UppercaseWordForward.Keys(), "TransposeCharacterBackward": km.TransposeCharacterBackward.Keys(),
		"SelectAll": km.SelectAll.Keys(), "SelectLineUp": km.SelectLineUp.Keys(), "SelectLineDown": km.SelectLineDown.Keys(),
	} {
		for _, k := range b {
			editing[k] = name
		}
	}
	global := []struct {
		name string
		keys []string
	}{
		{"Quit", m.Quit.Keys()}, {"Interrupt", m.Interrupt.Keys()}, {"Help", m.Help.Keys()},
		{"Palette", m.Palette.Keys()}, {"Focus", m.Focus.Keys()}, {"CopyLast", m.CopyLast.Keys()},
		{"Redraw", m.Redraw.Keys()}, {"Chat", m.Chat.Keys()}, {"Sessions", m.Sessions.Keys()},
		{"Skills", m.Skills.Keys()}, {"Memory", m.Memory.Keys()}, {"Send", m.Send.Keys()}, {"Newline", m.Newline.Keys()},
		{"ScrollUp", m.ScrollUp.Keys()}, {"ScrollDn", m.ScrollDn.Keys()}, {"Mode", m.Mode.Keys()},
	}
	for _, g := range global {
		for _, k := range g.keys {
			if e, ok := editing[k]; ok && k != "pgup" && k != "pgdown" {
				t.Errorf("%s uses %s, which the input uses for %s", g.name, k, e)
			}
		}
	}
}

// Keys terminals send as the same byte must not be bound apart.
func TestNoIndistinguishableKeys(t *testing.T) {
	bad := map[string]string{"ctrl+m": "enter", "ctrl+i": "tab", "ctrl+[": "esc", "ctrl+h": "backspace"}
	for _, g := range Default().Groups() {
		for _, b := range g.Bindings {
			for _, k := range b.Keys() {
				if same, ok := bad[k]; ok {
					t.Errorf("%s is bound, but terminals send it as %s", k, same)
				}
			}
		}
	}
}

// Every binding has help text.
func TestHelpAndReservations(t *testing.T) {
	m := Default()
	for _, g := range m.Groups() {
		for _, b := range g.Bindings {
			if b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("%s: a binding without help: %v", g.Title, b.Keys())
			}
		}
	}
}
