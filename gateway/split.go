package gateway

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Length measures s in the limit's units.
func (l TextLimit) Length(s string) int {
	if !l.UTF16 {
		return utf8.RuneCountInString(s)
	}
	n := 0
	for _, r := range s {
		n += runeUnits(r, true)
	}
	return n
}

func runeUnits(r rune, utf16Units bool) int {
	if !utf16Units {
		return 1
	}
	if n := utf16.RuneLen(r); n > 0 {
		return n
	}
	return 1
}

const closeFence = "\n```"

// Split cuts text into messages of at most l.Max units. It cuts between
// lines where it can (inside a line, after a space), and never leaves a
// code fence open: a fence that spans a cut is closed at the end of one
// part and reopened, with its language, at the start of the next, so each
// part renders on its own.
func Split(text string, l TextLimit) []string {
	if l.Max <= 0 || l.Length(text) <= l.Max {
		return []string{text}
	}
	s := splitter{l: l, fenceOK: l.Max >= 64}
	for _, line := range strings.SplitAfter(text, "\n") {
		s.add(line)
	}
	s.emit()
	return s.parts
}

type splitter struct {
	l       TextLimit
	fenceOK bool // the limit leaves room to close and reopen fences
	parts   []string
	cur     strings.Builder
	curLen  int
	fence   string // the opening line of the fence open at the end of cur
	opening int    // units of the reopened fence that starts cur
}

func (s *splitter) reserve(fence string) int {
	if fence == "" || !s.fenceOK {
		return 0
	}
	return s.l.Length(closeFence)
}

func (s *splitter) add(line string) {
	next := s.fence
	if s.fenceOK {
		next = nextFence(s.fence, line)
	}
	n := s.l.Length(line)
	if s.curLen+n+s.reserve(next) > s.l.Max && s.curLen > s.opening {
		s.emit()
	}
	for s.curLen+n+s.reserve(next) > s.l.Max {
		room := s.l.Max - s.curLen - s.reserve(s.fence)
		head, tail := cutAt(line, room, s.l)
		s.write(head)
		s.emit()
		line, n = tail, s.l.Length(tail)
		if line == "" {
			break
		}
	}
	s.write(line)
	s.fence = next
}

func (s *splitter) write(text string) {
	s.cur.WriteString(text)
	s.curLen += s.l.Length(text)
}

// emit ends the current part (closing an open fence) and starts the next
// (reopening it).
func (s *splitter) emit() {
	if s.curLen > s.opening {
		body := strings.TrimRight(s.cur.String(), "\n")
		if s.fence != "" && s.fenceOK {
			body += closeFence
		}
		s.parts = append(s.parts, body)
	}
	s.cur.Reset()
	s.curLen, s.opening = 0, 0
	if s.fence != "" && s.fenceOK {
		s.write(s.fence + "\n")
		s.opening = s.curLen
	}
}

// nextFence returns the fence open after line, given the one open before
// it ("" = none), following CommonMark: a line of three or more backticks
// (indented at most three spaces, optionally followed by an info string)
// opens a fence; only a line of at least as many backticks and nothing else
// closes it.
func nextFence(open, line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || !strings.HasPrefix(t, "```") {
		return open
	}
	t = strings.TrimRight(t, " \t\r\n")
	ticks := len(t) - len(strings.TrimLeft(t, "`"))
	if open == "" {
		if strings.Contains(t[ticks:], "`") {
			return "" // backticks in the info string: not a fence
		}
		return t
	}
	openTicks := len(open) - len(strings.TrimLeft(open, "`"))
	if ticks == len(t) && ticks >= openTicks {
		return ""
	}
	return open
}

// cutAt splits line so head is at most room units (at least one rune),
// preferring to cut after a space in its second half.
func cutAt(line string, room int, l TextLimit) (head, tail string) {
	cut, lastSpace, n := 0, -1, 0
	for i, r := range line {
		w := runeUnits(r, l.UTF16)
		if n+w > room {
			break
		}
		n += w
		cut = i + utf8.RuneLen(r)
		if r == ' ' {
			lastSpace = cut
		}
	}
	if cut == 0 {
		_, cut = utf8.DecodeRuneInString(line)
	}
	if lastSpace > cut/2 && cut < len(line) {
		cut = lastSpace
	}
	return line[:cut], line[cut:]
}
