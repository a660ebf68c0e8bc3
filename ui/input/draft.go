package input

import (
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// draftKey handles the draft's own keys (keys.DraftKeys): history search,
// external editor, stash, clipboard paste. ok false leaves the key to the
// editor.
func (m *Model) draftKey(msg tea.KeyPressMsg) (*Submitted, tea.Cmd, bool) {
	k := m.keys.Draft
	switch {
	case key.Matches(msg, k.Search):
		m.OpenSearch()
		return nil, nil, true
	case key.Matches(msg, k.Editor):
		return nil, m.OpenEditor(), true
	case key.Matches(msg, k.Stash):
		return nil, flashIf(m.ToggleStash()), true
	case key.Matches(msg, k.PasteImage):
		return nil, m.PasteClipboard(), true
	}
	return nil, nil, false
}

// Attachment is a paste or an image the draft holds as a placeholder.
type Attachment struct {
	Placeholder string
	// Text is a paste's text; Image is set for an image.
	Text  string
	Image *Image
}

// Attachments lists the pastes and images whose placeholders are in the
// draft, in the order they appear.
func (m *Model) Attachments() []Attachment {
	val := m.ta.Value()
	type hit struct {
		at int
		a  Attachment
	}
	var hits []hit
	for ph, text := range m.pastes {
		if i := strings.Index(val, ph); i >= 0 {
			hits = append(hits, hit{i, Attachment{Placeholder: ph, Text: text}})
		}
	}
	for ph, img := range m.images {
		if i := strings.Index(val, ph); i >= 0 {
			img := img
			hits = append(hits, hit{i, Attachment{Placeholder: ph, Image: &img}})
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].at < hits[j].at })
	out := make([]Attachment, len(hits))
	for i, h := range hits {
		out[i] = h.a
	}
	return out
}

// ExpandPaste replaces a paste's placeholder with its text, so it can be
// edited in place.
func (m *Model) ExpandPaste(placeholder string) bool {
	text, ok := m.pastes[placeholder]
	if !ok {
		return false
	}
	m.replaceInDraft(placeholder, text)
	delete(m.pastes, placeholder)
	return true
}

// RemoveAttachment takes a paste or image out of the draft.
func (m *Model) RemoveAttachment(placeholder string) {
	m.replaceInDraft(placeholder, "")
	delete(m.pastes, placeholder)
	delete(m.images, placeholder)
}

// replaceInDraft replaces old with s in the draft, keeping the cursor
// after the replacement.
func (m *Model) replaceInDraft(old, s string) {
	val := m.ta.Value()
	i := strings.Index(val, old)
	if i < 0 {
		return
	}
	m.ta.SetValue(val[:i])
	m.ta.InsertString(s)
	rest := val[i+len(old):]
	if rest != "" {
		row, col := m.ta.Line(), m.ta.Column()
		m.ta.InsertString(rest)
		m.moveTo(row, col)
	}
	m.menu.close()
}

// moveTo puts the cursor at row and column (in runes).
func (m *Model) moveTo(row, col int) {
	for m.ta.Line() > row {
		m.ta.CursorUp()
	}
	for m.ta.Line() < row {
		m.ta.CursorDown()
	}
	m.ta.SetCursorColumn(col)
}

// SetBusyHint shows hint in the empty editor instead of the usual
// placeholder (e.g. what sending does while the agent works); "" restores
// it.
func (m *Model) SetBusyHint(hint string) {
	m.busyHint = hint
	m.SetWidth(m.width)
}
