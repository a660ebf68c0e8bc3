package skills

import (
	"strconv"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// editor is the full-screen text editor for SKILL.md. It answers to the
// same editing keys as the message input (bubbles' textarea key map), but
// only lays out the lines on screen, so a SKILL.md at the format's 100 KB
// limit edits as fast as a short one (bubbles' textarea renders the whole
// text on every key). Lines wrap at the width; tabs are kept as tabs and
// shown as four cells.
type editor struct {
	lines [][]rune
	row   int // cursor line
	col   int // cursor, in runes into the line
	goalX int // the cell column up/down aim for; -1 for the cursor's own

	top    int // first line on screen
	topSeg int // its first wrapped row on screen

	width, height int
	changed       bool

	km textarea.KeyMap
	th *themes.Theme
}

const tabCells = 4

func newEditor(th *themes.Theme, text string, width, height int) *editor {
	e := &editor{km: textarea.DefaultKeyMap(), th: th, goalX: -1}
	e.setValue(text)
	e.setSize(width, height)
	return e
}

func (e *editor) setValue(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	parts := strings.Split(s, "\n")
	e.lines = make([][]rune, len(parts))
	for i, p := range parts {
		e.lines[i] = []rune(p)
	}
	e.row, e.col, e.top, e.topSeg, e.goalX = 0, 0, 0, 0, -1
}

// value is the text.
func (e *editor) value() string {
	var b strings.Builder
	for i, l := range e.lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(string(l))
	}
	return b.String()
}

func (e *editor) setSize(w, h int) {
	e.width, e.height = max(w, 10), max(h, 1)
	e.follow()
}

// gutter is the width of the line numbers and the space after them.
func (e *editor) gutter() int { return max(len(strconv.Itoa(len(e.lines))), 3) + 2 }

// textWidth leaves a cell for the cursor after a full row.
func (e *editor) textWidth() int { return max(e.width-e.gutter()-1, 4) }

func cells(r rune) int {
	switch {
	case r == '\t':
		return tabCells
	case r < 0x7f:
		return 1
	}
	return ansi.StringWidth(string(r))
}

// segments splits a line into the rune ranges of its wrapped rows.
func (e *editor) segments(l []rune) [][2]int {
	w := e.textWidth()
	segs := make([][2]int, 0, 1)
	start, x := 0, 0
	for i, r := range l {
		c := cells(r)
		if x+c > w && i > start {
			segs = append(segs, [2]int{start, i})
			start, x = i, 0
		}
		x += c
	}
	return append(segs, [2]int{start, len(l)})
}

// cursorSeg is the wrapped row of the cursor in its line and its cell
// column in that row.
func (e *editor) cursorSeg() (seg, x int) {
	segs := e.segments(e.lines[e.row])
	for i, s := range segs {
		if e.col < s[1] || i == len(segs)-1 {
			return i, width(e.lines[e.row][s[0]:e.col])
		}
	}
	return 0, 0
}

func width(rs []rune) int {
	n := 0
	for _, r := range rs {
		n += cells(r)
	}
	return n
}

// colAt is the rune offset in segment s of line l nearest to cell x.
func colAt(l []rune, s [2]int, x int) int {
	cx := 0
	for i := s[0]; i < s[1]; i++ {
		c := cells(l[i])
		if cx+c > x {
			return i
		}
		cx += c
	}
	return s[1]
}

// update handles a key or a paste.
func (e *editor) update(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		e.insert(msg.Content)
	case tea.KeyPressMsg:
		e.key(msg)
	}
	e.follow()
}

func (e *editor) key(msg tea.KeyPressMsg) {
	km := e.km
	vertical := false
	switch {
	case key.Matches(msg, km.InsertNewline):
		e.insert("\n")
	case msg.String() == "tab":
		e.insert("\t")
	case key.Matches(msg, km.CharacterBackward):
		e.left()
	case key.Matches(msg, km.CharacterForward):
		e.right()
	case key.Matches(msg, km.WordBackward):
		e.wordLeft()
	case key.Matches(msg, km.WordForward):
		e.wordRight()
	case key.Matches(msg, km.LinePrevious):
		e.vertical(-1)
		vertical = true
	case key.Matches(msg, km.LineNext):
		e.vertical(1)
		vertical = true
	case key.Matches(msg, km.PageUp):
		for range e.height - 1 {
			e.vertical(-1)
		}
		vertical = true
	case key.Matches(msg, km.PageDown):
		for range e.height - 1 {
			e.vertical(1)
		}
		vertical = true
	case key.Matches(msg, km.LineStart):
		e.col = 0
	case key.Matches(msg, km.LineEnd):
		e.col = len(e.lines[e.row])
	case key.Matches(msg, km.InputBegin):
		e.row, e.col = 0, 0
	case key.Matches(msg, km.InputEnd):
		e.row = len(e.lines) - 1
		e.col = len(e.lines[e.row])
	case key.Matches(msg, km.DeleteCharacterBackward):
		if e.row > 0 || e.col > 0 {
			e.left()
			e.deleteForward(1)
		}
	case key.Matches(msg, km.DeleteCharacterForward):
		e.deleteForward(1)
	case key.Matches(msg, km.DeleteWordBackward):
		end := e.pos()
		e.wordLeft()
		e.deleteForward(end - e.pos())
	case key.Matches(msg, km.DeleteWordForward):
		start := e.pos()
		e.wordRight()
		n := e.pos() - start
		e.setPos(start)
		e.deleteForward(n)
	case key.Matches(msg, km.DeleteAfterCursor):
		if e.col == len(e.lines[e.row]) {
			e.deleteForward(1) // join the next line
		} else {
			e.deleteForward(len(e.lines[e.row]) - e.col)
		}
	case key.Matches(msg, km.DeleteBeforeCursor):
		n := e.col
		e.col = 0
		e.deleteForward(n)
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		e.insert(msg.Text)
	}
	if !vertical {
		e.goalX = -1
	}
}

func (e *editor) left() {
	switch {
	case e.col > 0:
		e.col--
	case e.row > 0:
		e.row--
		e.col = len(e.lines[e.row])
	}
}

func (e *editor) right() {
	switch {
	case e.col < len(e.lines[e.row]):
		e.col++
	case e.row < len(e.lines)-1:
		e.row++
		e.col = 0
	}
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

func (e *editor) wordLeft() {
	e.left()
	for (e.row > 0 || e.col > 0) && !isWord(e.at()) {
		e.left()
	}
	for e.col > 0 && isWord(e.lines[e.row][e.col-1]) {
		e.col--
	}
}

func (e *editor) wordRight() {
	for !isWord(e.at()) && !(e.row == len(e.lines)-1 && e.col == len(e.lines[e.row])) {
		e.right()
	}
	for e.col < len(e.lines[e.row]) && isWord(e.lines[e.row][e.col]) {
		e.col++
	}
}

// at is the rune under the cursor ('\n' at a line's end).
func (e *editor) at() rune {
	if e.col < len(e.lines[e.row]) {
		return e.lines[e.row][e.col]
	}
	return '\n'
}

// vertical moves the cursor one wrapped row up (d=-1) or down, keeping
// its cell column.
func (e *editor) vertical(d int) {
	seg, x := e.cursorSeg()
	if e.goalX < 0 {
		e.goalX = x
	}
	segs := e.segments(e.lines[e.row])
	switch {
	case d < 0 && seg > 0:
		e.col = colAt(e.lines[e.row], segs[seg-1], e.goalX)
	case d < 0 && e.row > 0:
		e.row--
		ps := e.segments(e.lines[e.row])
		e.col = colAt(e.lines[e.row], ps[len(ps)-1], e.goalX)
	case d > 0 && seg < len(segs)-1:
		e.col = colAt(e.lines[e.row], segs[seg+1], e.goalX)
	case d > 0 && e.row < len(e.lines)-1:
		e.row++
		e.col = colAt(e.lines[e.row], e.segments(e.lines[e.row])[0], e.goalX)
	}
	// The last cell of a wrapped row belongs to the next row.
	if s := e.segments(e.lines[e.row]); len(s) > 1 {
		if cur, _ := e.cursorSeg(); cur < len(s)-1 && e.col == s[cur][1] {
			e.col--
		}
	}
}

// pos is the cursor as an offset in the text (a newline counts one).
func (e *editor) pos() int {
	n := e.col
	for _, l := range e.lines[:e.row] {
		n += len(l) + 1
	}
	return n
}

func (e *editor) setPos(p int) {
	for i, l := range e.lines {
		if p <= len(l) {
			e.row, e.col = i, p
			return
		}
		p -= len(l) + 1
	}
	e.row = len(e.lines) - 1
	e.col = len(e.lines[e.row])
}

// insert types s at the cursor.
func (e *editor) insert(s string) {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			return r
		}
		return -1
	}, s)
	if s == "" {
		return
	}
	parts := strings.Split(s, "\n")
	line := e.lines[e.row]
	tail := append([]rune(nil), line[e.col:]...)
	head := append(line[:e.col:e.col], []rune(parts[0])...)
	if len(parts) == 1 {
		e.lines[e.row] = append(head, tail...)
		e.col = len(head)
	} else {
		added := make([][]rune, 0, len(parts)-1)
		for _, p := range parts[1:] {
			added = append(added, []rune(p))
		}
		last := len(added) - 1
		e.col = len(added[last])
		added[last] = append(added[last], tail...)
		e.lines[e.row] = head
		e.lines = append(e.lines[:e.row+1], append(added, e.lines[e.row+1:]...)...)
		e.row += len(added)
	}
	e.changed = true
}

// deleteForward deletes n runes after the cursor (a line break is one).
func (e *editor) deleteForward(n int) {
	for ; n > 0; n-- {
		l := e.lines[e.row]
		switch {
		case e.col < len(l):
			e.lines[e.row] = append(l[:e.col:e.col], l[e.col+1:]...)
		case e.row < len(e.lines)-1:
			e.lines[e.row] = append(l[:e.col:e.col], e.lines[e.row+1]...)
			e.lines = append(e.lines[:e.row+1], e.lines[e.row+2:]...)
		default:
			return
		}
		e.changed = true
	}
}

// gotoLine puts the cursor at the start of line n (1-based) and scrolls
// it into the middle of the screen.
func (e *editor) gotoLine(n int) {
	e.row = max(min(n-1, len(e.lines)-1), 0)
	e.col = 0
	e.top, e.topSeg = e.row, 0
	e.scrollBack(e.height / 3)
}

// follow scrolls so the cursor's row is on screen.
func (e *editor) follow() {
	seg, _ := e.cursorSeg()
	if e.row < e.top || e.row == e.top && seg < e.topSeg {
		e.top, e.topSeg = e.row, seg
		return
	}
	// Rows from the top of the screen to the cursor, counted only as far
	// as the screen reaches.
	rows := 0
	for i := e.top; i < e.row && rows < e.height; i++ {
		rows += len(e.segments(e.lines[i]))
	}
	rows += seg - e.topSeg
	if rows < e.height {
		return
	}
	e.top, e.topSeg = e.row, seg
	e.scrollBack(e.height - 1)
}

// scrollBack moves the top of the screen up by n wrapped rows.
func (e *editor) scrollBack(n int) {
	for ; n > 0; n-- {
		if e.topSeg > 0 {
			e.topSeg--
			continue
		}
		if e.top == 0 {
			return
		}
		e.top--
		e.topSeg = len(e.segments(e.lines[e.top])) - 1
	}
}

// view draws the lines on screen, height rows, with line numbers and the
// cursor.
func (e *editor) view() string {
	c := e.th.Chrome
	textInk, numInk, curNumInk := render.Open(c.Input), render.Open(c.Hint), render.Open(c.Key)
	cursorInk := render.Open(e.th.Tool.Selected)
	gw := e.gutter()
	cseg, _ := e.cursorSeg()
	out := make([]string, 0, e.height)
	for i := e.top; i < len(e.lines) && len(out) < e.height; i++ {
		l := e.lines[i]
		segs := e.segments(l)
		first := 0
		if i == e.top {
			first = e.topSeg
		}
		for si := first; si < len(segs) && len(out) < e.height; si++ {
			num := strings.Repeat(" ", gw)
			if si == 0 {
				num = strings.Repeat(" ", gw-2-len(strconv.Itoa(i+1))) + strconv.Itoa(i+1) + "  "
			}
			ink := numInk
			if i == e.row {
				ink = curNumInk
			}
			row := render.Paint(ink, num)
			s := segs[si]
			if i == e.row && si == cseg {
				row += paintCursorRow(l[s[0]:s[1]], e.col-s[0], textInk, cursorInk)
			} else {
				row += render.Paint(textInk, expand(l[s[0]:s[1]]))
			}
			out = append(out, row)
		}
	}
	for len(out) < e.height {
		out = append(out, render.Paint(numInk, strings.Repeat(" ", gw-2)+"~"))
	}
	return strings.Join(out, "\n")
}

// expand shows tabs as spaces.
func expand(rs []rune) string {
	s := string(rs)
	if strings.ContainsRune(s, '\t') {
		s = strings.ReplaceAll(s, "\t", strings.Repeat(" ", tabCells))
	}
	return s
}

// paintCursorRow draws a row with the cursor (the theme's selection) at
// rune at.
func paintCursorRow(rs []rune, at int, ink, cursor string) string {
	if at >= len(rs) {
		return render.Paint(ink, expand(rs)) + render.Paint(cursor, " ")
	}
	return render.Paint(ink, expand(rs[:at])) + render.Paint(cursor, expand(rs[at:at+1])) + render.Paint(ink, expand(rs[at+1:]))
}
