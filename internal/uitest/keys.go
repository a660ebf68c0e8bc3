package uitest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// namedKey is the code of a key Key knows by name, as the key bindings
// spell it.
func namedKey(name string) (rune, bool) {
	switch name {
	case "enter":
		return tea.KeyEnter, true
	case "esc":
		return tea.KeyEscape, true
	case "tab":
		return tea.KeyTab, true
	case "space":
		return tea.KeySpace, true
	case "backspace":
		return tea.KeyBackspace, true
	case "delete":
		return tea.KeyDelete, true
	case "up":
		return tea.KeyUp, true
	case "down":
		return tea.KeyDown, true
	case "left":
		return tea.KeyLeft, true
	case "right":
		return tea.KeyRight, true
	case "home":
		return tea.KeyHome, true
	case "end":
		return tea.KeyEnd, true
	case "pgup":
		return tea.KeyPgUp, true
	case "pgdown":
		return tea.KeyPgDown, true
	}
	return functionKey(name)
}

// functionKey reads "f1" to "f12".
func functionKey(name string) (rune, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "f"))
	if !strings.HasPrefix(name, "f") || err != nil || n < 1 || n > 12 {
		return 0, false
	}
	return tea.KeyF1 + rune(n-1), true
}

// modifier is the modifier a prefix of a key's name says.
func modifier(prefix string) (tea.KeyMod, bool) {
	switch prefix {
	case "ctrl":
		return tea.ModCtrl, true
	case "alt":
		return tea.ModAlt, true
	case "shift":
		return tea.ModShift, true
	}
	return 0, false
}

// Key is the press of the key name says, as the terminal reports it: a
// character ("a", "N", "?"), a named key ("enter", "esc", "tab", "space",
// "backspace", "delete", "up", "down", "left", "right", "home", "end",
// "pgup", "pgdown", "f1" to "f12"), either after modifiers ("ctrl+s",
// "alt+f", "shift+down", "ctrl+end"). A character pressed alone carries its
// text, as typing does; with a modifier it carries none. A name Key does
// not know panics: a typo in a test is not a key press.
func Key(name string) tea.KeyPressMsg {
	var mod tea.KeyMod
	rest := name
	for {
		prefix, after, ok := strings.Cut(rest, "+")
		m, known := modifier(prefix)
		if !ok || !known || after == "" {
			break
		}
		mod |= m
		rest = after
	}
	code, ok := namedKey(rest)
	switch {
	case ok && code == tea.KeySpace && mod == 0:
		return tea.KeyPressMsg{Code: code, Text: " "}
	case ok:
		return tea.KeyPressMsg{Code: code, Mod: mod}
	case utf8.RuneCountInString(rest) == 1 && mod == 0:
		r, _ := utf8.DecodeRuneInString(rest)
		return tea.KeyPressMsg{Code: r, Text: rest}
	case utf8.RuneCountInString(rest) == 1:
		r, _ := utf8.DecodeRuneInString(rest)
		return tea.KeyPressMsg{Code: r, Mod: mod}
	}
	panic(fmt.Sprintf("uitest: no key is called %q", name))
}

// Type is the key presses that type s, one a character, each carrying its
// text.
func Type(s string) []tea.KeyPressMsg {
	out := make([]tea.KeyPressMsg, 0, len(s))
	for _, r := range s {
		out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return out
}
