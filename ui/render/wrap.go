package render

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// reset ends every styled run. Each rendered line closes its own styles, so
// any line can be drawn alone (the chat pane shows a window of lines).
const reset = "\x1b[m"

// Open returns the escape sequence that starts text in style s ("" for a
// style that changes nothing). Rendering text as open+text+reset is much
// cheaper than Style.Render for the many small runs of a rendered message.
func Open(s lipgloss.Style) string {
	out := s.Render("\uE000")
	open, _, ok := strings.Cut(out, "\uE000")
	if !ok {
		return ""
	}
	return open
}

// Paint renders text with an open sequence from Open.
func Paint(open, text string) string {
	if open == "" || text == "" {
		return text
	}
	return open + text + reset
}

// span is a run of text in one style.
type span struct {
	text string
	open string
}

// Width is the number of terminal cells s occupies; s may hold escape
// sequences. Plain ASCII is measured without parsing.
func Width(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// prefix is a styled lead of a line (a list marker, a quote bar) and its
// width.
type prefix struct {
	text  string
	width int
}

func newPrefix(open, text string) prefix {
	return prefix{text: Paint(open, text), width: Width(text)}
}

// wrapper fills lines of at most width cells from spans, breaking at spaces
// and, for words longer than a line, inside words.
type wrapper struct {
	width       int
	first, rest prefix
	lines       []string

	cur      strings.Builder
	curW     int // cells on the current line, prefix included
	curOpen  string
	started  bool // the current line has its prefix
	pendingW int  // a space waiting to be written before the next word
	pendSp   span
}

func (w *wrapper) lineStart() {
	if w.started {
		return
	}
	p := w.rest
	if len(w.lines) == 0 {
		p = w.first
	}
	w.cur.WriteString(p.text)
	w.curW = p.width
	w.started = true
}

func (w *wrapper) avail() int {
	p := w.rest
	if len(w.lines) == 0 {
		p = w.first
	}
	return max(w.width-p.width, 1)
}

func (w *wrapper) emit(s span, text string, tw int) {
	if s.open != w.curOpen {
		if w.curOpen != "" {
			w.cur.WriteString(reset)
		}
		w.cur.WriteString(s.open)
		w.curOpen = s.open
	}
	w.cur.WriteString(text)
	w.curW += tw
}

func (w *wrapper) newline() {
	w.lineStart()
	if w.curOpen != "" {
		w.cur.WriteString(reset)
		w.curOpen = ""
	}
	w.lines = append(w.lines, w.cur.String())
	w.cur.Reset()
	w.curW, w.started, w.pendingW = 0, false, 0
}

// word places one unbreakable word (no spaces, no newlines).
func (w *wrapper) word(s span, text string) {
	tw := Width(text)
	w.lineStart()
	lineEmpty := w.curW == w.firstWidth()
	if !lineEmpty && w.curW+w.pendingW+tw > w.width {
		w.newline()
		w.lineStart()
		lineEmpty = true
	}
	if !lineEmpty && w.pendingW > 0 {
		w.emit(w.pendSp, strings.Repeat(" ", w.pendingW), w.pendingW)
	}
	w.pendingW = 0
	for tw > w.width-w.curW && tw > 0 {
		// Longer than what is left of an empty line: cut it.
		room := w.width - w.curW
		if room <= 0 {
			w.newline()
			w.lineStart()
			continue
		}
		head, rest := cutWidth(text, room)
		if head == "" { // a character wider than the line
			head, rest = firstRune(text)
		}
		w.emit(s, head, Width(head))
		w.newline()
		w.lineStart()
		text, tw = rest, Width(rest)
	}
	if text != "" {
		w.emit(s, text, tw)
	}
}

func (w *wrapper) firstWidth() int {
	if len(w.lines) == 0 {
		return w.first.width
	}
	return w.rest.width
}

// add places a span, splitting it at spaces and newlines.
func (w *wrapper) add(s span) {
	text := s.text
	for len(text) > 0 {
		i := strings.IndexAny(text, " \n\t")
		if i < 0 {
			w.word(s, text)
			return
		}
		if i > 0 {
			w.word(s, text[:i])
		}
		switch text[i] {
		case '\n':
			w.newline()
		default:
			w.lineStart()
			if w.curW > w.firstWidth() || w.pendingW > 0 {
				w.pendingW++
				w.pendSp = s
			}
		}
		text = text[i+1:]
	}
}

func (w *wrapper) finish() []string {
	if w.started || len(w.lines) == 0 {
		w.newline()
	}
	return w.lines
}

// wrapSpans lays spans out in lines of at most width cells; the first line
// starts with first, the others with rest.
func wrapSpans(spans []span, width int, first, rest prefix) []string {
	w := &wrapper{width: max(width, first.width+1, rest.width+1), first: first, rest: rest}
	for _, s := range spans {
		w.add(s)
	}
	return w.finish()
}

// Wrap lays out plain text in one style, breaking at spaces (and inside
// words longer than a line). Newlines in text are kept.
func Wrap(text, open string, width int) []string {
	return wrapSpans([]span{{text: text, open: open}}, width, prefix{}, prefix{})
}

// Hard lays out text in one style keeping every space (output, logs):
// lines are cut at width cells, not at word boundaries.
func Hard(text, open string, width int) []string {
	return hardWrap([]span{{text: text, open: open}}, width)
}

// Truncate cuts a styled line to width cells, ending it with tail when cut.
func Truncate(s string, width int, tail string) string {
	if Width(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, tail)
}

// cutWidth splits plain text after at most w cells.
func cutWidth(s string, w int) (string, string) {
	used := 0
	for i, r := range s {
		rw := runeWidth(r)
		if used+rw > w {
			return s[:i], s[i:]
		}
		used += rw
	}
	return s, ""
}

func firstRune(s string) (string, string) {
	_, n := utf8.DecodeRuneInString(s)
	return s[:n], s[n:]
}

func runeWidth(r rune) int {
	if r < utf8.RuneSelf {
		if r < 0x20 || r == 0x7f {
			return 0
		}
		return 1
	}
	return ansi.StringWidth(string(r))
}

// hardWrap cuts spans into lines of exactly width cells without looking for
// spaces (code keeps its shape). Each line closes its styles.
func hardWrap(spans []span, width int) []string {
	width = max(width, 1)
	var (
		lines []string
		cur   strings.Builder
		curW  int
		open  string
	)
	flush := func() {
		if open != "" {
			cur.WriteString(reset)
			open = ""
		}
		lines = append(lines, cur.String())
		cur.Reset()
		curW = 0
	}
	put := func(s span, text string) {
		if text == "" {
			return
		}
		if s.open != open {
			if open != "" {
				cur.WriteString(reset)
			}
			cur.WriteString(s.open)
			open = s.open
		}
		cur.WriteString(text)
	}
	for _, s := range spans {
		text := s.text
		for len(text) > 0 {
			nl := strings.IndexByte(text, '\n')
			part := text
			if nl >= 0 {
				part = text[:nl]
			}
			for part != "" {
				head, rest := cutWidth(part, width-curW)
				if head == "" {
					if curW == 0 { // wider than the whole line
						head, rest = firstRune(part)
					} else {
						flush()
						continue
					}
				}
				put(s, head)
				curW += Width(head)
				part = rest
				if part != "" {
					flush()
				}
			}
			if nl < 0 {
				break
			}
			flush()
			text = text[nl+1:]
		}
	}
	if curW > 0 || cur.Len() > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}
