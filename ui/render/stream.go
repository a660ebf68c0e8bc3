package render

import "strings"

// Stream renders markdown that is still arriving. Text up to the last block
// boundary (a blank line outside a code fence, followed by the start of a new
// block) is rendered once and kept; each Render re-renders only the tail
// after it, so a long answer streams at the cost of its last paragraph.
type Stream struct {
	r      *Renderer
	width  int
	stable int // text[:stable] is rendered in done
	done   Block
}

// NewStream returns a Stream rendering with r.
func (r *Renderer) NewStream() *Stream { return &Stream{r: r} }

// Render returns text rendered at width. text must extend the text of the
// previous call (it is the same message, grown); anything else starts over.
func (s *Stream) Render(text string, width int) Block {
	if width != s.width || len(text) < s.stable {
		s.width, s.stable, s.done = width, 0, Block{}
	}
	if b := Boundary(text, s.stable); b > s.stable {
		chunk := s.r.Markdown(text[s.stable:b], width)
		if len(chunk.Lines) > 0 {
			if len(s.done.Lines) > 0 {
				s.done.Lines = append(s.done.Lines, "")
			}
			s.done.add(chunk)
		}
		s.stable = b
	}
	tail := s.renderTail(text[s.stable:], width)
	out := Block{
		Lines: make([]string, 0, len(s.done.Lines)+1+len(tail.Lines)),
		Code:  make([]CodeRef, 0, len(s.done.Code)+len(tail.Code)),
	}
	out.add(s.done)
	if len(tail.Lines) > 0 {
		if len(out.Lines) > 0 {
			out.Lines = append(out.Lines, "")
		}
		out.add(tail)
	}
	return out
}

// renderTail renders the unstable tail. A code block still open at its end
// is drawn without highlighting: it is re-drawn every frame until its fence
// closes, and highlighting a long block each frame would cost more than a
// frame. Once closed, it becomes part of a stable chunk, highlighted once.
func (s *Stream) renderTail(tail string, width int) Block {
	start, lang, ok := openFence(tail)
	if !ok {
		return s.r.Markdown(tail, width)
	}
	head := s.r.Markdown(tail[:start], width)
	code := tail[start:]
	if nl := strings.IndexByte(code, '\n'); nl >= 0 {
		code = code[nl+1:]
	} else {
		code = ""
	}
	blk := s.r.plainCodeBlock(lang, code, width)
	if len(head.Lines) > 0 {
		head.Lines = append(head.Lines, "")
	}
	head.add(blk)
	return head
}

// openFence finds a code fence left open at the end of text: the offset of
// its opening line and its language.
func openFence(text string) (start int, lang string, ok bool) {
	fence := ""
	for pos := 0; pos < len(text); {
		end := strings.IndexByte(text[pos:], '\n')
		line := text[pos:]
		if end >= 0 {
			line = text[pos : pos+end]
		}
		trimmed := strings.TrimLeft(line, " ")
		if len(line)-len(trimmed) < 4 {
			switch {
			case fence == "":
				if f := fenceMarker(trimmed); f != "" && end >= 0 {
					fence, start = f, pos
					lang = strings.TrimSpace(trimmed[len(f):])
				}
			case closesFence(trimmed, fence):
				fence = ""
			}
		}
		if end < 0 {
			break
		}
		pos += end + 1
	}
	return start, lang, fence != ""
}

// Width is the width of the last Render.
func (s *Stream) Width() int { return s.width }

// Stable reports how many bytes of the text are rendered for good.
func (s *Stream) Stable() int { return s.stable }

// Boundary returns the offset of the last top-level block start in
// text[from:] that follows a blank line outside a code fence, or from if
// there is none. from must itself be such a boundary (or 0).
func Boundary(text string, from int) int {
	best := from
	fence := ""   // the open fence's marker, "" outside a fence
	blank := true // the previous line was blank (or we are at the start)
	for pos := from; pos < len(text); {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			break // the last line is still being written
		}
		line := text[pos : pos+end]
		next := pos + end + 1
		trimmed := strings.TrimLeft(line, " ")
		indent := len(line) - len(trimmed)
		switch {
		case fence != "":
			if indent < 4 && closesFence(trimmed, fence) {
				fence = ""
			}
			blank = false
		case strings.TrimSpace(line) == "":
			blank = true
		default:
			if blank && indent == 0 && pos > from {
				best = pos
			}
			if indent < 4 {
				if f := fenceMarker(trimmed); f != "" {
					fence = f
				}
			}
			blank = false
		}
		pos = next
	}
	return best
}

// fenceMarker returns the fence (``` or ~~~, at least three) a line opens,
// or "".
func fenceMarker(line string) string {
	if len(line) < 3 || (line[0] != '`' && line[0] != '~') {
		return ""
	}
	c := line[0]
	n := 0
	for n < len(line) && line[n] == c {
		n++
	}
	if n < 3 {
		return ""
	}
	if c == '`' && strings.IndexByte(line[n:], '`') >= 0 {
		return "" // an info string with a backtick is not a fence
	}
	return line[:n]
}

// closesFence reports whether a line closes a fence opened with fence: the
// same character at least as many times, then only spaces.
func closesFence(line, fence string) bool {
	n := 0
	for n < len(line) && line[n] == fence[0] {
		n++
	}
	return n >= len(fence) && strings.TrimSpace(line[n:]) == ""
}
