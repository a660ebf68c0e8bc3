package keys

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"

	"github.com/herm-dev/herm/internal/config"
)

// Override is the user's binding of one action (config keys:), with where
// it was written.
type Override struct {
	Action string   // as Actions names it: palette, chat.copy…
	Keys   []string // none unbinds the action
	File   string
	Line   int
}

// OverrideError is an override that was not applied, and why.
type OverrideError struct {
	File   string
	Line   int
	Action string
	Msg    string
}

func (e *OverrideError) Error() string {
	return fmt.Sprintf("%s:%d: keys.%s: %s", e.File, e.Line, e.Action, e.Msg)
}

// nested names the key groups of Map's nested structs in action names:
// sessions.open, memory.add, vim.insert.
var nested = map[string]string{
	"SessionPane": "sessions", "MemoryPane": "memory", "SkillPane": "skills",
	"Confirm": "confirm", "Panels": "panels", "Picker": "picker", "Vim": "vim",
}

// Action is one rebindable action of the map.
type Action struct {
	Name    string
	Binding *key.Binding
}

// Actions lists every binding of m with its action name: the field's name
// in snake_case (copy_last), prefixed by its group for nested ones
// (sessions.open, vim.insert). Bindings added to Map are actions at once.
func (m *Map) Actions() []Action {
	var out []Action
	var walk func(v reflect.Value, prefix string)
	walk = func(v reflect.Value, prefix string) {
		for i := 0; i < v.NumField(); i++ {
			f, fv := v.Type().Field(i), v.Field(i)
			if !f.IsExported() {
				continue
			}
			if b, ok := fv.Addr().Interface().(*key.Binding); ok {
				out = append(out, Action{Name: prefix + snake(f.Name), Binding: b})
				continue
			}
			if fv.Kind() == reflect.Struct {
				group := nested[f.Name]
				if group == "" {
					group = snake(f.Name)
				}
				walk(fv, prefix+group+".")
			}
		}
	}
	walk(reflect.ValueOf(m).Elem(), "")
	return out
}

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Apply rebinds the actions overrides name, in file order, and returns
// what it refused: an unknown action, a key that is not a key, one the
// input needs for editing or one terminals cannot tell from another, and
// a key another action of the same screen already answers to (a
// conflict). A refused override leaves the action's default keys.
func (m *Map) Apply(overrides []Override) []error {
	if len(overrides) == 0 {
		return nil
	}
	overrides = append([]Override(nil), overrides...)
	sort.SliceStable(overrides, func(i, j int) bool {
		if overrides[i].File != overrides[j].File {
			return overrides[i].File < overrides[j].File
		}
		return overrides[i].Line < overrides[j].Line
	})
	acts := m.Actions()
	byName := make(map[string]*key.Binding, len(acts))
	for _, a := range acts {
		byName[a.Name] = a.Binding
	}
	scopes := m.scopes(acts)
	var errs []error
	for _, o := range overrides {
		fail := func(format string, args ...any) {
			errs = append(errs, &OverrideError{File: o.File, Line: o.Line, Action: o.Action, Msg: fmt.Sprintf(format, args...)})
		}
		b, ok := byName[o.Action]
		if !ok {
			fail("there is no such action%s; `herm keys` lists the names", closest(o.Action, acts))
			continue
		}
		keys, err := normalise(o.Keys)
		if err != nil {
			fail("%v", err)
			continue
		}
		if msg := m.refuse(o.Action, keys, b, acts, scopes); msg != "" {
			fail("%s", msg)
			continue
		}
		*b = rebind(*b, keys)
	}
	return errs
}

// scopes says, for every action, the help groups it is in; the keys of
// actions in the same group, or in a group and the "Anywhere" group
// (Groups()[0]) when that group's screen lets them through, must differ.
func (m *Map) scopes(acts []Action) map[string][]string {
	sig := func(b key.Binding) string {
		return strings.Join(b.Keys(), ",") + "\x00" + b.Help().Key + "\x00" + b.Help().Desc
	}
	groupsOf := map[string][]string{}
	for _, g := range m.Groups() {
		for _, b := range g.Bindings {
			groupsOf[sig(b)] = append(groupsOf[sig(b)], g.Title)
		}
	}
	out := make(map[string][]string, len(acts))
	for _, a := range acts {
		out[a.Name] = groupsOf[sig(*a.Binding)]
	}
	return out
}

// ownKeyboard reports whether a help group is a screen or prompt that
// takes every key itself, so the keys that work anywhere do not reach it.
func ownKeyboard(title string) bool {
	for _, p := range []string{"Sessions", "Memory", "Skills", "Questions", "Approvals", "Pickers", "Tasks panel"} {
		if strings.HasPrefix(title, p) {
			return true
		}
	}
	return false
}

// typingGroups are the groups whose keys work while the input has the
// keyboard: a plain character or an editing key there would stop typing.
func typingGroup(title string) bool {
	return title == "Anywhere" || title == "Input" || strings.HasPrefix(title, "Panels")
}

// refuse returns why keys cannot be bound to action (b is its binding),
// or "".
func (m *Map) refuse(action string, keys []string, b *key.Binding, acts []Action, scopes map[string][]string) string {
	mine := scopes[action]
	typing := false
	for _, g := range mine {
		typing = typing || typingGroup(g)
	}
	editing := textareaKeys()
	for _, k := range keys {
		if same, bad := indistinguishable[k]; bad {
			return fmt.Sprintf("%s cannot be told apart from %s by terminals; choose another key", k, same)
		}
		if typing && isPlain(k) {
			return fmt.Sprintf("%s would type into the input, where %s works; use a key with ctrl or alt", k, action)
		}
		if e, ok := editing[k]; ok && typing && k != "pgup" && k != "pgdown" {
			return fmt.Sprintf("%s edits text in the input (%s); choose another key", k, e)
		}
	}
	old := map[string]bool{}
	for _, k := range b.Keys() {
		old[k] = true
	}
	for _, k := range keys {
		if old[k] {
			continue // a key the action had already: no new conflict
		}
		for _, a := range acts {
			if a.Name == action || !hasKey(*a.Binding, k) {
				continue
			}
			if where, clash := overlap(mine, scopes[a.Name]); clash {
				return fmt.Sprintf("%s is already the key of %s (%s); rebind or unbind that first (keys: {%s: [...]})", k, a.Name, where, a.Name)
			}
		}
	}
	return ""
}

// overlap reports whether two actions' groups are live at the same time,
// and where.
func overlap(a, b []string) (string, bool) {
	for _, x := range a {
		for _, y := range b {
			switch {
			case x == y:
				return x, true
			case x == "Anywhere" && !ownKeyboard(y):
				return y, true
			case y == "Anywhere" && !ownKeyboard(x):
				return x, true
			}
		}
	}
	return "", false
}

func hasKey(b key.Binding, k string) bool {
	for _, have := range b.Keys() {
		if have == k {
			return true
		}
	}
	return false
}

var indistinguishable = map[string]string{"ctrl+m": "enter", "ctrl+i": "tab", "ctrl+[": "esc", "ctrl+h": "backspace"}

// textareaKeys are the keys the input edits text with.
func textareaKeys() map[string]string {
	km := textarea.DefaultKeyMap()
	out := map[string]string{}
	for name, b := range map[string]key.Binding{
		"next character": km.CharacterForward, "previous character": km.CharacterBackward,
		"next word": km.WordForward, "previous word": km.WordBackward,
		"next line": km.LineNext, "previous line": km.LinePrevious,
		"delete the word before": km.DeleteWordBackward, "delete the word after": km.DeleteWordForward,
		"delete to the line's end": km.DeleteAfterCursor, "delete to the line's start": km.DeleteBeforeCursor,
		"delete backwards": km.DeleteCharacterBackward, "delete forwards": km.DeleteCharacterForward,
		"line start": km.LineStart, "line end": km.LineEnd, "paste": km.Paste,
		"start of the text": km.InputBegin, "end of the text": km.InputEnd,
		"capitalize a word": km.CapitalizeWordForward, "lowercase a word": km.LowercaseWordForward,
		"uppercase a word": km.UppercaseWordForward, "transpose characters": km.TransposeCharacterBackward,
	} {
		for _, k := range b.Keys() {
			out[k] = name
		}
	}
	return out
}

// isPlain reports whether k types a character (no ctrl or alt).
func isPlain(k string) bool {
	if strings.Contains(k, "ctrl+") || strings.Contains(k, "alt+") || strings.Contains(k, "super+") ||
		strings.Contains(k, "meta+") || strings.Contains(k, "hyper+") {
		return false
	}
	base := k[strings.LastIndexByte(k, '+')+1:]
	return utf8.RuneCountInString(base) == 1 || base == "space"
}

// namedKeys are the key names besides single characters, as Bubble Tea
// writes them.
var namedKeys = map[string]bool{
	"enter": true, "tab": true, "esc": true, "space": true, "backspace": true, "delete": true, "insert": true,
	"home": true, "end": true, "pgup": true, "pgdown": true, "up": true, "down": true, "left": true, "right": true,
	"f1": true, "f2": true, "f3": true, "f4": true, "f5": true, "f6": true, "f7": true, "f8": true, "f9": true,
	"f10": true, "f11": true, "f12": true,
}

var modifierOrder = []string{"ctrl", "alt", "shift", "meta", "hyper", "super"}

// normalise checks each key's spelling and writes it as Bubble Tea reports
// it: modifiers lower case in ctrl+alt+shift order, named keys lower case.
func normalise(keys []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, k := range keys {
		n, err := normaliseKey(k)
		if err != nil {
			return nil, err
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out, nil
}

func normaliseKey(k string) (string, error) {
	k = strings.TrimSpace(k)
	if k == "+" {
		return k, nil
	}
	parts := strings.Split(k, "+")
	if strings.HasSuffix(k, "++") { // ctrl++
		parts = append(strings.Split(strings.TrimSuffix(k, "++"), "+"), "+")
	}
	base := parts[len(parts)-1]
	mods := map[string]bool{}
	for _, p := range parts[:len(parts)-1] {
		p = strings.ToLower(strings.TrimSpace(p))
		switch p {
		case "control":
			p = "ctrl"
		case "option", "opt", "meta":
			p = "alt"
		case "cmd", "command", "win":
			p = "super"
		}
		known := false
		for _, m := range modifierOrder {
			known = known || m == p
		}
		if !known {
			return "", fmt.Errorf("%q: %q is not a modifier (ctrl, alt, shift, super)", k, p)
		}
		mods[p] = true
	}
	switch {
	case base == "":
		return "", fmt.Errorf("%q has no key after its modifiers", k)
	case utf8.RuneCountInString(base) == 1:
		r, _ := utf8.DecodeRuneInString(base)
		if unicode.IsUpper(r) && len(mods) > 0 {
			base = strings.ToLower(base) // Ctrl+K is ctrl+k
		}
		if mods["shift"] && len(mods) == 1 && unicode.IsLetter(r) {
			return "", fmt.Errorf("%q: write a capital letter, %s, as terminals send it", k, strings.ToUpper(base))
		}
	default:
		lower := strings.ToLower(base)
		switch lower {
		case "escape":
			lower = "esc"
		case "return":
			lower = "enter"
		case "pageup":
			lower = "pgup"
		case "pagedown", "pgdn":
			lower = "pgdown"
		case "del":
			lower = "delete"
		}
		if !namedKeys[lower] {
			return "", fmt.Errorf("%q: %q is not a key (a character, or enter, tab, esc, space, backspace, delete, home, end, pgup, pgdown, up, down, left, right, f1-f12)", k, base)
		}
		base = lower
	}
	var b strings.Builder
	for _, m := range modifierOrder {
		if mods[m] {
			b.WriteString(m + "+")
		}
	}
	b.WriteString(base)
	return b.String(), nil
}

// rebind returns b answering to keys, its help showing them.
func rebind(b key.Binding, keys []string) key.Binding {
	desc := b.Help().Desc
	if len(keys) == 0 {
		nb := key.NewBinding(key.WithHelp("(unbound)", desc))
		nb.SetEnabled(false)
		return nb
	}
	shown := make([]string, len(keys))
	for i, k := range keys {
		shown[i] = prettyKey(k)
	}
	nb := key.NewBinding(key.WithKeys(keys...), key.WithHelp(strings.Join(shown, " "), desc))
	if !b.Enabled() && len(b.Keys()) > 0 {
		nb.SetEnabled(false) // still reserved for a pane to come
	}
	return nb
}

func prettyKey(k string) string {
	switch k {
	case "up":
		return "↑"
	case "down":
		return "↓"
	case "left":
		return "←"
	case "right":
		return "→"
	case "pgdown":
		return "pgdn"
	}
	return k
}

// closest suggests the action name nearest to a misspelt one.
func closest(name string, acts []Action) string {
	best, bestD := "", 4
	last := name[strings.LastIndexByte(name, '.')+1:]
	for _, a := range acts {
		d := config.EditDistance(name, a.Name)
		if last != name {
			d = min(d, config.EditDistance(last, a.Name)+1) // chat.copy → copy
		}
		if d < bestD {
			best, bestD = a.Name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}
