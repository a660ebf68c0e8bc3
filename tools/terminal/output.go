package terminal

import (
	"fmt"
	"unicode/utf8"
)

// Terminal output reaches the model as plain text. Two stages get it there:
// a stripper that drops escape sequences and control characters from the
// byte stream (what front ends see live), then a line stage that applies
// carriage returns the way a terminal would, so a progress bar redrawn a
// hundred times leaves only its last state, into a capped buffer that keeps
// the head and tail of huge output without holding all of it.

type escState uint8

const (
	ground    escState = iota
	escape             // after ESC
	csi                // ESC [ … final byte
	escInter           // ESC followed by intermediate bytes, e.g. ESC ( B
	osc                // ESC ] … BEL or ST
	stringSeq          // DCS, SOS, PM, APC: ESC P/X/^/_ … ST
	stringEsc          // ESC inside an OSC or string sequence
)

// maxSeq bounds an unterminated OSC or string sequence, so a stray ESC ]
// in binary output does not swallow everything after it.
const maxSeq = 4096

// stripper removes terminal escape sequences and control characters,
// keeping text, \n, \t, \b and lone \r. \r\n becomes \n.
type stripper struct {
	state  escState
	seqLen int
	// cr is a held-back \r: it may be the start of \r\n.
	cr bool
}

// strip appends the plain form of p to dst.
func (s *stripper) strip(dst, p []byte) []byte {
	for i := 0; i < len(p); i++ {
		b := p[i]
		switch s.state {
		case ground:
			switch {
			case b == 0x1b:
				s.state = escape
			case b == '\r':
				if s.cr {
					dst = append(dst, '\r')
				}
				s.cr = true
			case b == '\n':
				s.cr = false
				dst = append(dst, '\n')
			default:
				if s.cr {
					dst = append(dst, '\r')
					s.cr = false
				}
				if b >= 0x20 && b != 0x7f || b == '\t' || b == '\b' {
					dst = append(dst, b)
				}
			}
		case escape:
			s.seqLen = 0
			switch {
			case b == '[':
				s.state = csi
			case b == ']':
				s.state = osc
			case b == 'P' || b == 'X' || b == '^' || b == '_':
				s.state = stringSeq
			case b >= 0x20 && b <= 0x2f:
				s.state = escInter
			default:
				s.state = ground // two-byte sequence: ESC 7, ESC =, ESC M…
			}
		case csi:
			switch {
			case b >= 0x40 && b <= 0x7e:
				s.state = ground
			case b == 0x1b:
				s.state = escape
			}
		case escInter:
			if b < 0x20 || b > 0x2f {
				s.state = ground
			}
		case osc, stringSeq:
			s.seqLen++
			switch {
			case b == 0x07:
				s.state = ground
			case b == 0x1b:
				s.state = stringEsc
			case s.seqLen > maxSeq:
				s.state = ground
			}
		case stringEsc:
			if b == '\\' {
				s.state = ground
			} else {
				// Not a string terminator: the ESC starts a new sequence.
				s.state = escape
				i--
			}
		}
	}
	return dst
}

// flush returns any \r still held back at the end of the stream.
func (s *stripper) flush(dst []byte) []byte {
	if s.cr {
		s.cr = false
		dst = append(dst, '\r')
	}
	return dst
}

// maxLine bounds the line stage's buffer: a line longer than this is
// passed on as it stands, giving up carriage-return handling for it.
const maxLine = 16 << 10

// lineStage applies \r and \b to the current line before passing complete
// text to the capped buffer.
type lineStage struct {
	line []byte
	// overwrite is set by a lone \r: the next text replaces the line.
	overwrite bool
	out       *capped
}

func (l *lineStage) write(p []byte) {
	for _, b := range p {
		switch b {
		case '\n':
			l.out.write(l.line)
			l.out.write([]byte{'\n'})
			l.line = l.line[:0]
			l.overwrite = false
		case '\r':
			l.overwrite = true
		case '\b':
			if len(l.line) > 0 {
				_, n := utf8.DecodeLastRune(l.line)
				l.line = l.line[:len(l.line)-n]
			}
		default:
			if l.overwrite {
				l.line = l.line[:0]
				l.overwrite = false
			}
			l.line = append(l.line, b)
			if len(l.line) >= maxLine {
				l.out.write(l.line)
				l.line = l.line[:0]
			}
		}
	}
}

func (l *lineStage) flush() {
	l.out.write(l.line)
	l.line = l.line[:0]
}

// capped keeps the first headMax and the last tailMax bytes written to it,
// counting what falls in between.
type capped struct {
	headMax, tailMax int
	head             []byte
	tail             []byte // ring buffer, allocated once the head is full
	tailStart        int    // index of the oldest byte once the ring is full
	tailLen          int
	total            int64
}

// newCapped returns a buffer keeping at most limit bytes: 40% from the
// head, 60% from the tail, where errors and summaries usually are.
func newCapped(limit int) *capped {
	head := limit * 2 / 5
	return &capped{headMax: head, tailMax: limit - head}
}

func (c *capped) write(p []byte) {
	c.total += int64(len(p))
	if n := min(c.headMax-len(c.head), len(p)); n > 0 {
		c.head = append(c.head, p[:n]...)
		p = p[n:]
	}
	if len(p) == 0 || c.tailMax == 0 {
		return
	}
	if c.tail == nil {
		c.tail = make([]byte, c.tailMax)
	}
	if len(p) >= c.tailMax {
		copy(c.tail, p[len(p)-c.tailMax:])
		c.tailStart, c.tailLen = 0, c.tailMax
		return
	}
	if c.tailLen < c.tailMax {
		// Not yet wrapped: the ring fills from the start.
		n := copy(c.tail[c.tailLen:], p)
		c.tailLen += n
		p = p[n:]
	}
	for len(p) > 0 {
		// Full: overwrite the oldest bytes.
		n := copy(c.tail[c.tailStart:], p)
		c.tailStart = (c.tailStart + n) % c.tailMax
		p = p[n:]
	}
}

func (c *capped) tailBytes() []byte {
	if c.tailLen < c.tailMax {
		return c.tail[:c.tailLen]
	}
	out := make([]byte, 0, c.tailMax)
	out = append(out, c.tail[c.tailStart:]...)
	return append(out, c.tail[:c.tailStart]...)
}

// text returns what was kept and how many bytes were left out of the
// middle. When bytes were left out, a marker saying so joins head and tail,
// both trimmed to whole UTF-8 characters.
func (c *capped) text() (string, int64) {
	tail := c.tailBytes()
	omitted := c.total - int64(len(c.head)) - int64(len(tail))
	if omitted == 0 {
		return string(c.head) + string(tail), 0
	}
	// Drop characters cut in half at the edges.
	head, cut := completeUTF8(c.head)
	omitted += int64(len(cut))
	for len(tail) > 0 && !utf8.RuneStart(tail[0]) {
		tail = tail[1:]
		omitted++
	}
	return fmt.Sprintf("%s\n\n[... %d bytes of output omitted ...]\n\n%s", head, omitted, tail), omitted
}

// completeUTF8 splits b before a character cut off at its end, so live
// output is never handed over in the middle of a character.
func completeUTF8(b []byte) (complete, rest []byte) {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i], b[i:]
			}
			break
		}
	}
	return b, nil
}

// Plain returns s as the model reads terminal output: escape sequences and
// control characters removed, \r\n turned into \n, and carriage-return
// redraws (progress bars) reduced to their final state. Front ends showing
// live output can use it on what they collected.
func Plain(s string) string {
	var st stripper
	out := &capped{headMax: len(s) + 1}
	ls := lineStage{out: out}
	ls.write(st.flush(st.strip(nil, []byte(s))))
	ls.flush()
	text, _ := out.text()
	return text
}
