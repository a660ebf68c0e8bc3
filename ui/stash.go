package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/ui/chat"
	"github.com/herm-dev/herm/ui/input"
	"github.com/herm-dev/herm/ui/render"
)

// What the draft holds aside is shown on one line above the input: the
// drafts stashed with alt+s, and the large pastes and images the draft
// holds as placeholders. alt+v opens the paste viewer: it shows a paste's
// text (or an image's size and type) and expands a paste back into the
// draft, or removes it.

// asideText is the line about stashed drafts and attachments; "" when
// there are none.
func (m *Model) asideText() string {
	d := m.keys.Draft
	var parts []string
	if n := m.input.StashCount(); n > 0 {
		parts = append(parts, "⧉ "+text.Plural(n, "stashed draft")+" ("+d.Stash.Help().Key+" in an empty input pops)")
	}
	pastes, images := 0, 0
	for _, a := range m.input.Attachments() {
		if a.Image != nil {
			images++
		} else {
			pastes++
		}
	}
	if pastes+images > 0 {
		var what []string
		if pastes > 0 {
			what = append(what, "📋 "+text.Plural(pastes, "paste"))
		}
		if images > 0 {
			what = append(what, "🖼 "+text.Plural(images, "image"))
		}
		parts = append(parts, strings.Join(what, " ")+" ("+d.Pastes.Help().Key+" view)")
	}
	return strings.Join(parts, " · ")
}

// pastesOverlay is the paste viewer.
type pastesOverlay struct {
	sel int
}

func (m *Model) openPastes() tea.Cmd {
	if len(m.input.Attachments()) == 0 {
		return m.flash("the draft holds no pastes or images (large pastes and images show as [placeholders])")
	}
	m.overlays = append(m.overlays, &pastesOverlay{})
	return nil
}

func (p *pastesOverlay) Update(m *Model, msg tea.KeyPressMsg) (bool, tea.Cmd) {
	d := m.keys.Draft
	list := m.input.Attachments()
	if len(list) == 0 {
		return true, nil
	}
	p.sel = min(p.sel, len(list)-1)
	a := list[p.sel]
	switch {
	case key.Matches(msg, d.PasteBack):
		return true, nil
	case key.Matches(msg, d.PasteNext):
		step := 1
		if msg.String() == "left" {
			step = len(list) - 1
		}
		p.sel = (p.sel + step) % len(list)
	case key.Matches(msg, d.PasteExpand):
		if a.Image != nil {
			return false, m.flash("an image cannot be expanded into text; " + d.PasteDelete.Help().Key + " removes it")
		}
		m.input.ExpandPaste(a.Placeholder)
		m.layout()
		return len(m.input.Attachments()) == 0, m.flash("paste expanded into the draft")
	case key.Matches(msg, d.PasteDelete):
		m.input.RemoveAttachment(a.Placeholder)
		m.layout()
		return len(m.input.Attachments()) == 0, m.flash("removed from the draft")
	}
	return false, nil
}

// pastePreviewLines is how many lines of a paste the viewer shows.
const pastePreviewLines = 12

func (p *pastesOverlay) View(m *Model) string {
	c := m.theme.Chrome
	d := m.keys.Draft
	item, sel, hint := render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.Hint)
	width := max(min(88, m.width-6), 20)
	list := m.input.Attachments()
	if len(list) == 0 {
		return m.dialog("Pastes and images", render.Paint(hint, "nothing left"), width+4)
	}
	p.sel = min(p.sel, len(list)-1)
	var lines []string
	for i, a := range list {
		row := render.Truncate(a.Placeholder, width-2, "…")
		if i == p.sel {
			lines = append(lines, render.Paint(sel, "▸ "+row))
		} else {
			lines = append(lines, render.Paint(item, "  "+row))
		}
	}
	lines = append(lines, "")
	a := list[p.sel]
	rows := max(min(pastePreviewLines, m.height-len(list)-10), 2)
	if a.Image != nil {
		lines = append(lines, render.Paint(hint, a.Image.Name+" · "+a.Image.MediaType+" · "+chat.SizeText(len(a.Image.Data))+" — sent as an image to the model"))
	} else {
		lines = append(lines, previewLines(a, width, rows)...)
	}
	lines = append(lines, "", render.Paint(hint, helpLine(width, d.PasteNext, d.PasteExpand, d.PasteDelete, d.PasteBack)))
	return m.dialog("Pastes and images", strings.Join(lines, "\n"), width+4)
}

// previewLines are the first rows of a paste, cut to width, and how many
// more it has.
func previewLines(a input.Attachment, width, rows int) []string {
	pasted := strings.TrimSuffix(strings.ReplaceAll(a.Text, "\t", "    "), "\n")
	all := strings.Split(pasted, "\n")
	var out []string
	for i := 0; i < len(all) && i < rows; i++ {
		out = append(out, render.Truncate(plainLine(all[i]), width, "…"))
	}
	if more := len(all) - len(out); more > 0 {
		out = append(out, "… "+text.Plural(more, "more line"))
	}
	return out
}

// plainLine is a line of pasted text safe to draw: escape sequences and
// control characters taken out.
func plainLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, ansi.Strip(s))
}
