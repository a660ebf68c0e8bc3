package chat

import tea "charm.land/bubbletea/v2"

// The view is anchored at line off of entry top. Following new output, the
// anchor is recomputed from the bottom each frame; scrolling up stops
// following, and reaching the bottom again resumes it. Every walk below
// touches only the entries between the anchor and the lines it moves, so
// scrolling renders what comes into view and nothing else.

// anchorBottom places the anchor so the last line is at the bottom.
func (p *Pane) anchorBottom() {
	need := p.height
	for i := len(p.entries) - 1; i >= 0; i-- {
		h := p.blockHeight(i)
		if h >= need {
			p.top, p.off = i, h-need
			return
		}
		need -= h
	}
	p.top, p.off = 0, 0
}

// Scroll moves the view by n lines (negative: up). Scrolling near the top
// of what is loaded asks for older messages.
func (p *Pane) Scroll(n int) tea.Cmd {
	if len(p.entries) == 0 || n == 0 {
		return p.maybeLoadOlder()
	}
	if p.follow {
		p.anchorBottom()
	}
	if n < 0 {
		p.follow = false
		for n < 0 {
			if p.off >= -n {
				p.off += n
				break
			}
			n += p.off
			p.off = 0
			if p.top == 0 {
				break
			}
			p.top--
			p.off = p.blockHeight(p.top)
		}
		p.normalize()
		return p.maybeLoadOlder()
	}
	p.off += n
	p.normalize()
	if p.hasNewer {
		return p.maybeLoadNewer()
	}
	if p.atBottom() {
		p.follow = true
	}
	return nil
}

// normalize moves the anchor forward past whole entries above the view.
func (p *Pane) normalize() {
	for p.top < len(p.entries)-1 && p.off >= p.blockHeight(p.top) {
		p.off -= p.blockHeight(p.top)
		p.top++
	}
	if h := p.blockHeight(p.top); p.off >= h {
		p.off = h - 1
	}
	if p.off < 0 {
		p.off = 0
	}
}

// atBottom reports whether the last line is on screen (or above its
// bottom), walking only the entries on screen.
func (p *Pane) atBottom() bool {
	seen := -p.off
	for i := p.top; i < len(p.entries); i++ {
		seen += p.blockHeight(i)
		if seen > p.height {
			return false
		}
	}
	return true
}

// Page scrolls by a screen minus two lines of context.
func (p *Pane) Page(dir int) tea.Cmd {
	return p.Scroll(dir * max(p.height-2, 1))
}

// Top jumps to the first loaded line and loads older messages.
func (p *Pane) Top() tea.Cmd {
	if len(p.entries) == 0 {
		return p.maybeLoadOlder()
	}
	p.follow = false
	p.top, p.off = 0, 0
	if p.focused {
		p.sel, p.selCode = 0, -1
	}
	if p.atBottom() && !p.hasNewer {
		p.follow = true
	}
	return p.maybeLoadOlder()
}

// Bottom jumps to the end and follows new output. In a window opened in
// the middle of a session (jump.go) the end is not loaded: the window is
// dropped and the latest page loads.
func (p *Pane) Bottom() tea.Cmd {
	if p.hasNewer {
		return p.dropWindow()
	}
	p.follow = true
	if p.focused && len(p.entries) > 0 {
		p.sel, p.selCode = len(p.entries)-1, -1
	}
	return nil
}

// maybeLoadOlder asks for the page before the first entry when the view is
// near the top of what is loaded.
func (p *Pane) maybeLoadOlder() tea.Cmd {
	if !p.hasOlder || p.loading || p.LoadOlder == nil || p.follow && len(p.entries) > 0 {
		return nil
	}
	if p.top > 3 {
		return nil
	}
	before := int64(0)
	if len(p.entries) > 0 {
		before = p.entries[0].firstID
	}
	if before <= 0 && len(p.entries) > 0 {
		return nil
	}
	p.loading = true
	return p.LoadOlder(before)
}

// showSelection scrolls so the selected entry (or code block) is visible,
// preferring its top when it is taller than the screen.
func (p *Pane) showSelection() {
	if p.sel < 0 || p.sel >= len(p.entries) {
		return
	}
	d := p.drawn(p.sel)
	start, end := 0, len(d.lines)
	if p.selCode >= 0 && p.selCode < len(d.code) {
		start, end = d.code[p.selCode].Start, d.code[p.selCode].End
	}
	if p.sel > 0 { // the separator line comes first
		start++
		end++
	}
	if p.follow {
		p.anchorBottom()
	}
	// Above the view: put its first line at the top.
	if p.sel < p.top || (p.sel == p.top && start < p.off) {
		p.follow = false
		p.top, p.off = p.sel, start
		return
	}
	// Below the view: scroll down until its last line (or, if it is taller
	// than the screen, its first) is at the bottom.
	target := end
	if end-start > p.height {
		target = start + p.height
	}
	below := p.linesFromAnchor(p.sel) + target - p.height
	if below > 0 {
		p.Scroll(below)
		if !p.atBottom() {
			p.follow = false
		}
	}
}

// linesFromAnchor counts the lines from the anchor to the start of entry i
// (i at or after the anchor).
func (p *Pane) linesFromAnchor(i int) int {
	n := -p.off
	for j := p.top; j < i && j < len(p.entries); j++ {
		n += p.blockHeight(j)
		if n > 4*p.height+1000 {
			break // far below: the scroll walk is bounded anyway
		}
	}
	return n
}
