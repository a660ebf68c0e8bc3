package chat

import "strings"

// The block picker: every block on screen — a message, an answer, each
// code block of an answer, a tool's output — gets a one-character label in
// the gutter, and typing a label copies that block. What is copied is the
// block's logical text (copy.go), never its drawing: no soft-wrap breaks,
// no gutter or bar, no escape sequences.

// pickLabels are the labels, in screen order. y is left out: pressing it
// again copies the selected block instead.
const pickLabels = "123456789abcdefghijklmnopqrstuvwxz"

// picker is the labels on screen while picking.
type picker struct {
	blocks []pickBlock
}

// pickBlock is a labelled block: entry e's code block code, or the whole
// entry when code is -1. row is the line of the entry's block (separator
// included) that shows the label.
type pickBlock struct {
	e     *entry
	code  int
	row   int
	label string
}

// StartPick labels the blocks on screen and reports how many there are
// (0: nothing to copy, and no picking starts).
func (p *Pane) StartPick() int {
	p.pick = nil
	if p.follow {
		p.anchorBottom()
	}
	var blocks []pickBlock
	rows := 0
	for i, off := p.top, p.off; i < len(p.entries) && rows < p.height; i, off = i+1, 0 {
		h := p.blockHeight(i)
		first, last := off, min(h, off+p.height-rows)-1 // rows of the block on screen
		rows += last - first + 1
		sep := 0
		if i > 0 {
			sep = 1
		}
		e := p.entries[i]
		whole := max(first, sep)
		if whole <= last && e.it.copyText() != "" && copyable(e.it) {
			blocks = append(blocks, pickBlock{e: e, code: -1, row: whole})
		} else {
			whole = -1
		}
		for c, cr := range p.drawn(i).code {
			start, end := max(cr.Start+sep, first), min(cr.End+sep, last+1)
			if start == whole { // the answer opens with it: label the next line
				start++
			}
			if start >= end || cr.Text == "" {
				continue
			}
			blocks = append(blocks, pickBlock{e: e, code: c, row: start})
		}
	}
	if len(blocks) > len(pickLabels) {
		blocks = blocks[len(blocks)-len(pickLabels):] // the lowest, nearest the input
	}
	for j := range blocks {
		blocks[j].label = pickLabels[j : j+1]
	}
	if len(blocks) > 0 {
		p.pick = &picker{blocks: blocks}
	}
	return len(blocks)
}

// Picking reports whether block labels are shown.
func (p *Pane) Picking() bool { return p.pick != nil }

// CancelPick hides the labels.
func (p *Pane) CancelPick() { p.pick = nil }

// Pick ends picking and returns the text of the block labelled label and
// what it is ("the code block", "the answer"…); ok is false when no block
// has that label.
func (p *Pane) Pick(label string) (text, what string, ok bool) {
	pk := p.pick
	p.pick = nil
	if pk == nil {
		return "", "", false
	}
	for _, b := range pk.blocks {
		if b.label != label {
			continue
		}
		if b.code >= 0 {
			i := p.indexOf(b.e)
			if i < 0 {
				return "", "", false
			}
			code := p.drawn(i).code
			if b.code >= len(code) {
				return "", "", false
			}
			what := "the code block"
			if l := code[b.code].Lang; l != "" {
				what = "the " + l + " code block"
			}
			return code[b.code].Text, what, true
		}
		return b.e.it.copyText(), blockName(b.e.it), true
	}
	return "", "", false
}

// labelAt returns the label drawn on row n of entry e's block, if any.
func (pk *picker) labelAt(e *entry, n int) string {
	for _, b := range pk.blocks {
		if b.e == e && b.row == n {
			return b.label
		}
	}
	return ""
}

// copyable reports whether a whole entry is offered for copying: notices
// are herm's own words, not part of the work.
func copyable(it item) bool {
	_, notice := it.(*noticeItem)
	return !notice
}

// blockName says what a block is, for "copied …".
func blockName(it item) string {
	switch it := it.(type) {
	case *userItem:
		return "your message"
	case *assistantItem:
		return "the answer"
	case *toolItem:
		if it.name != "" {
			return "the " + it.name + " output"
		}
		return "the tool output"
	case *compactionItem:
		return "the summary"
	}
	return "the block"
}

// Labels returns the labels on screen, in order (for the hint line).
func (p *Pane) Labels() string {
	if p.pick == nil {
		return ""
	}
	var b strings.Builder
	for _, bl := range p.pick.blocks {
		b.WriteString(bl.label)
	}
	return b.String()
}
