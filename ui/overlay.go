package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/ui/render"
)

// overlay is a dialog drawn over the screen; the top one gets every key.
// Help and the command palette are overlays; the approval prompt (issue 4)
// will be one too.
type overlay interface {
	// Update handles a key; closed removes the overlay.
	Update(m *Model, msg tea.KeyPressMsg) (closed bool, cmd tea.Cmd)
	// View draws the dialog box (it is centred by the caller).
	View(m *Model) string
}

// closeOverlay removes o from the stack (an action it ran may have put
// another overlay above it).
func (m *Model) closeOverlay(o overlay) {
	for i := len(m.overlays) - 1; i >= 0; i-- {
		if m.overlays[i] == o {
			m.overlays = append(m.overlays[:i], m.overlays[i+1:]...)
			return
		}
	}
}

// placeOverlay draws box centred over lines (the screen).
func placeOverlay(lines []string, box string, width, height int) []string {
	bl := strings.Split(box, "\n")
	bw := 0
	for _, l := range bl {
		bw = max(bw, render.Width(l))
	}
	x := max((width-bw)/2, 0)
	y := max((height-len(bl))/2, 0)
	for i, l := range bl {
		row := y + i
		if row >= len(lines) {
			break
		}
		base := lines[row]
		left := ansi.Truncate(base, x, "")
		if w := render.Width(left); w < x {
			left += strings.Repeat(" ", x-w)
		}
		right := ansi.Cut(base, x+bw, width)
		lines[row] = left + l + strings.Repeat(" ", bw-render.Width(l)) + right
	}
	return lines
}

// dialog frames body with the theme's dialog box and a title, at most
// maxW wide.
func (m *Model) dialog(title, body string, maxW int) string {
	c := m.theme.Chrome
	head := render.Paint(render.Open(c.DialogTitle), title)
	return c.Dialog.Width(min(maxW, m.width-2)).Render(head + "\n\n" + body)
}

// helpOverlay lists every key (from the key map) and every command.
type helpOverlay struct {
	scroll int
}

func (m *Model) openHelp() { m.overlays = append(m.overlays, &helpOverlay{}) }

func (h *helpOverlay) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	switch msg.String() {
	case "esc", "q", "?", "ctrl+/", "ctrl+_", "f1", "enter":
		return true, nil
	case "down", "j", "ctrl+n":
		h.scroll++
	case "up", "k", "ctrl+p":
		h.scroll = max(h.scroll-1, 0)
	case "pgdown", "space":
		h.scroll += helpPage(m)
	case "pgup":
		h.scroll = max(h.scroll-helpPage(m), 0)
	}
	return false, nil
}

// helpPage is how far pgup and pgdn move help: a page, less a line.
func helpPage(m *Model) int { return max(m.height-7, 10) }

func (h *helpOverlay) View(m *Model) string {
	c := m.theme.Chrome
	keyInk, descInk, groupInk, soonInk := render.Open(c.Key), render.Open(c.KeyDesc), render.Open(c.KeyGroup), render.Open(c.KeyReserved)
	var lines []string
	for _, g := range m.keys.Groups() {
		lines = append(lines, render.Paint(groupInk, g.Title))
		for _, b := range g.Bindings {
			hk, desc := b.Help().Key, b.Help().Desc
			if !b.Enabled() {
				lines = append(lines, "  "+render.Paint(soonInk, pad(hk, 16)+desc+" (coming)"))
				continue
			}
			lines = append(lines, "  "+render.Paint(keyInk, pad(hk, 16))+render.Paint(descInk, desc))
		}
		lines = append(lines, "")
	}
	lines = append(lines, render.Paint(groupInk, "Commands"))
	for _, cmd := range commands.List(commands.TUI) {
		lines = append(lines, "  "+render.Paint(keyInk, pad(cmd.Usage(), 16))+render.Paint(descInk, cmd.Description))
	}
	// One row a line: a wrapped line would push the end off the screen.
	for i, l := range lines {
		lines[i] = render.Truncate(l, min(72, m.width-2)-4, "…")
	}
	avail := max(m.height-6, 3)
	h.scroll = min(h.scroll, max(len(lines)-avail, 0))
	shown := lines[h.scroll:min(len(lines), h.scroll+avail)]
	footer := render.Paint(soonInk, "esc close")
	if len(lines) > avail {
		footer = render.Paint(soonInk, "↑↓ scroll · esc close")
	}
	return m.dialog("herm — keys and commands", strings.Join(shown, "\n")+"\n\n"+footer, 72)
}

func pad(s string, w int) string {
	if n := render.Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s + " "
}

// action is one entry of the command palette.
type action struct {
	name    string
	binding key.Binding // shown as its key; may be empty
	keyText string      // shown when there is no binding
	run     func(m *Model) tea.Cmd
}

// actions lists everything the palette offers, with the key that does the
// same. Panes that do not exist yet are not listed.
func (m *Model) actions() []action {
	k := m.keys
	cmd := func(name string) func(*Model) tea.Cmd {
		return func(m *Model) tea.Cmd { return m.command(name, "") }
	}
	return append([]action{
		{name: "Help: keys and commands", binding: k.Help, run: func(m *Model) tea.Cmd { m.openHelp(); return nil }},
		{name: "Interrupt the running turn", binding: k.Interrupt, run: func(m *Model) tea.Cmd { m.interrupt(); return nil }},
		{name: "New session", keyText: "/new", run: cmd("new")},
		{name: "Retry the last message", keyText: "/retry", run: cmd("retry")},
		{name: "Undo the last message", keyText: "/undo", run: cmd("undo")},
		{name: "Compress the conversation", keyText: "/compress", run: cmd("compress")},
		{name: "Show the model", keyText: "/model", run: cmd("model")},
		{name: "Clear the screen", keyText: "/clear", run: cmd("clear")},
		{name: "Skills: browse, view, edit, create", binding: k.Skills, run: func(m *Model) tea.Cmd { return m.openSkills() }},
		{name: "Memory: view and edit entries", binding: k.Memory, run: func(m *Model) tea.Cmd { return m.openMemory() }},
		{name: "Copy the last answer", binding: k.CopyLast, run: func(m *Model) tea.Cmd { return m.copyLastAnswer() }},
		{name: "Find in the transcript", binding: k.Find.Open, run: func(m *Model) tea.Cmd { return m.openFind("") }},
		{name: "Find: next match (older)", binding: k.Find.Next, run: func(m *Model) tea.Cmd { return m.findStep(true) }},
		{name: "Find: previous match (newer)", binding: k.Find.Prev, run: func(m *Model) tea.Cmd { return m.findStep(false) }},
		{name: "Copy a block on screen (pick it by its label)", binding: k.Find.Pick, run: func(m *Model) tea.Cmd { return m.startPick() }},
		{name: "Copy the selected block", binding: k.Copy, run: func(m *Model) tea.Cmd { return m.copySelection() }},
		{name: "Export the session (Markdown or JSONL, file or clipboard)", keyText: "/export", run: func(m *Model) tea.Cmd { return m.exportCommand("") }},
		{name: "Focus the chat (select, expand, copy blocks)", binding: k.Focus, run: func(m *Model) tea.Cmd { m.setFocus(focusChat); return nil }},
		{name: "Expand or collapse all tool output", binding: k.Expand, run: func(m *Model) tea.Cmd { m.chat.ToggleAllTools(); return nil }},
		{name: "Scroll to the top", binding: k.Top, run: func(m *Model) tea.Cmd { return m.chat.Top() }},
		{name: "Scroll to the bottom", binding: k.Bottom, run: func(m *Model) tea.Cmd { return m.chat.Bottom() }},
		{name: "Permission mode: normal → auto-approve edits → yolo", binding: k.Mode, run: func(m *Model) tea.Cmd { return m.cycleMode() }},
		{name: "Toggle yolo (ask-level commands run without asking)", keyText: "/yolo", run: cmd("yolo")},
		{name: "Permissions: list and revoke saved approval grants", keyText: "/permissions", run: cmd("permissions")},
		{name: "Approval prompt: the keyboard to it, letters too ⇄ read the chat (while a request waits)", binding: k.ApproveFocus, run: func(m *Model) tea.Cmd { return m.togglePrompt() }},
		{name: "Redraw the screen", binding: k.Redraw, run: func(m *Model) tea.Cmd { return tea.ClearScreen }},
		{name: "Quit", binding: k.Quit, run: func(m *Model) tea.Cmd { m.interrupt(); return tea.Quit }},
	}, append(append(m.sessionActions(), m.draftActions()...), m.panelActions()...)...)
}

// paletteOverlay filters actions as you type; Enter runs the selected one.
type paletteOverlay struct {
	filter string
	sel    int
}

func (m *Model) openPalette() { m.overlays = append(m.overlays, &paletteOverlay{}) }

func (p *paletteOverlay) matches(m *Model) []action {
	var out []action
	f := strings.ToLower(p.filter)
	for _, a := range m.actions() {
		if f == "" || strings.Contains(strings.ToLower(a.name), f) {
			out = append(out, a)
		}
	}
	return out
}

func (p *paletteOverlay) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	list := p.matches(m)
	switch msg.String() {
	case "esc", "ctrl+o":
		return true, nil
	case "enter":
		if len(list) == 0 {
			return false, nil
		}
		a := list[min(p.sel, len(list)-1)]
		return true, a.run(m)
	case "up", "ctrl+p", "shift+tab":
		p.sel = max(p.sel-1, 0)
	case "down", "ctrl+n", "tab":
		p.sel = min(p.sel+1, max(len(list)-1, 0))
	case "backspace":
		if p.filter != "" {
			r := []rune(p.filter)
			p.filter = string(r[:len(r)-1])
			p.sel = 0
		}
	default:
		if msg.Text != "" {
			p.filter += msg.Text
			p.sel = 0
		}
	}
	return false, nil
}

func (p *paletteOverlay) View(m *Model) string {
	c := m.theme.Chrome
	item, sel, keyInk, hint := render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.Key), render.Open(c.Hint)
	width := min(64, m.width-6)
	var lines []string
	lines = append(lines, render.Paint(render.Open(c.Prompt), "❯ ")+p.filter+render.Paint(hint, "▏"))
	lines = append(lines, "")
	list := p.matches(m)
	if len(list) == 0 {
		lines = append(lines, render.Paint(hint, "no matching action"))
	}
	// Show a window of the list around the selection when it is taller
	// than the screen.
	rows := max(m.height-8, 3)
	first := 0
	if p.sel >= rows {
		first = p.sel - rows + 1
	}
	for i := first; i < len(list) && i < first+rows; i++ {
		a := list[i]
		k := a.keyText
		if len(a.binding.Keys()) > 0 {
			k = a.binding.Help().Key
		}
		name := a.name
		gap := max(width-render.Width(name)-render.Width(k)-2, 1)
		if i == p.sel {
			lines = append(lines, render.Paint(sel, "▸ "+name+strings.Repeat(" ", gap)+k))
			continue
		}
		lines = append(lines, render.Paint(item, "  "+name)+strings.Repeat(" ", gap)+render.Paint(keyInk, k))
	}
	return m.dialog("Commands", strings.Join(lines, "\n"), width+4)
}
