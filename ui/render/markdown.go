package render

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Block is rendered text: its lines, and where its code blocks are so a
// front end can select and copy them.
type Block struct {
	Lines []string
	Code  []CodeRef
}

// CodeRef locates a code block in Block.Lines.
type CodeRef struct {
	Start, End int // Lines[Start:End] draw the block
	Lang       string
	Text       string // the code as written, for copying
}

func (b *Block) add(o Block) {
	off := len(b.Lines)
	b.Lines = append(b.Lines, o.Lines...)
	for _, c := range o.Code {
		c.Start += off
		c.End += off
		b.Code = append(b.Code, c)
	}
}

// prefixed returns o with first before its first line and rest before the
// others.
func prefixed(o Block, first, rest string) Block {
	for i, l := range o.Lines {
		if i == 0 {
			o.Lines[i] = first + l
		} else {
			o.Lines[i] = rest + l
		}
	}
	return o
}

// newParser builds the CommonMark parser with herm's table transformer. It
// is built on first use: goldmark's parsers compile regular expressions.
var newParser = sync.OnceValue(func() parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(parser.DefaultInlineParsers()...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(tableTransformer{}, 200))...),
	)
})

// Markdown renders CommonMark (plus GitHub tables) at width cells.
func (r *Renderer) Markdown(src string, width int) Block {
	width = max(width, 8)
	source := []byte(src)
	doc := newParser().Parse(text.NewReader(source))
	mr := mdRender{r: r, src: source}
	return mr.children(doc, width, r.ink.text, false)
}

type mdRender struct {
	r   *Renderer
	src []byte
}

// children renders the blocks under n, one blank line apart unless tight.
func (m *mdRender) children(n ast.Node, width int, base string, tight bool) Block {
	var out Block
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		b := m.block(c, width, base)
		if len(b.Lines) == 0 {
			continue
		}
		if len(out.Lines) > 0 && !tight {
			out.Lines = append(out.Lines, "")
		}
		out.add(b)
	}
	return out
}

func (m *mdRender) block(n ast.Node, width int, base string) Block {
	ink := &m.r.ink
	switch n := n.(type) {
	case *ast.Heading:
		open := ink.h3
		switch n.Level {
		case 1:
			open = ink.h1
		case 2:
			open = ink.h2
		}
		return Block{Lines: wrapSpans(m.inlines(n, open), width, prefix{}, prefix{})}
	case *ast.Paragraph, *ast.TextBlock:
		return Block{Lines: wrapSpans(m.inlines(n, base), width, prefix{}, prefix{})}
	case *ast.ThematicBreak:
		return Block{Lines: []string{Paint(ink.rule, strings.Repeat("─", width))}}
	case *ast.FencedCodeBlock:
		return m.r.codeBlock(string(n.Language(m.src)), m.lines(n), width)
	case *ast.CodeBlock:
		return m.r.codeBlock("", m.lines(n), width)
	case *ast.Blockquote:
		bar := Paint(ink.quoteBar, "│ ")
		return prefixed(m.children(n, width-2, ink.quote, false), bar, bar)
	case *ast.List:
		return m.list(n, width, base)
	case *ast.HTMLBlock:
		src := m.lines(n)
		if n.HasClosure() {
			src += string(n.ClosureLine.Value(m.src))
		}
		return Block{Lines: Wrap(strings.TrimRight(src, "\n"), ink.html, width)}
	case *tableNode:
		return m.table(n, width)
	}
	// Anything else: its text, plainly.
	if n.Lines().Len() > 0 {
		return Block{Lines: Wrap(strings.TrimRight(m.lines(n), "\n"), base, width)}
	}
	return m.children(n, width, base, false)
}

// lines returns the raw text of a block's lines.
func (m *mdRender) lines(n ast.Node) string {
	var b strings.Builder
	ls := n.Lines()
	for i := 0; i < ls.Len(); i++ {
		seg := ls.At(i)
		b.Write(seg.Value(m.src))
	}
	return b.String()
}

func (m *mdRender) list(l *ast.List, width int, base string) Block {
	ink := &m.r.ink
	var out Block
	num := l.Start
	if num == 0 {
		num = 1
	}
	// Ordered markers share a width so the items' text lines up.
	markerW := 2
	if l.IsOrdered() {
		markerW = len(strconv.Itoa(num+l.ChildCount()-1)) + 2
	}
	bullet := "•"
	if depth := listDepth(l); depth%3 == 1 {
		bullet = "◦"
	} else if depth%3 == 2 {
		bullet = "▪"
	}
	first := true
	for c := l.FirstChild(); c != nil; c = c.NextSibling() {
		item, ok := c.(*ast.ListItem)
		if !ok {
			continue
		}
		marker, mopen := bullet, ink.listMarker
		if l.IsOrdered() {
			marker = strconv.Itoa(num) + string(l.Marker)
			num++
		}
		task, done := m.taskState(item)
		if task {
			marker, mopen = "☐", ink.listMarker
			if done {
				marker, mopen = "☑", ink.taskDone
			}
		}
		body := m.children(item, width-markerW, base, l.IsTight)
		if len(body.Lines) == 0 {
			body.Lines = []string{""}
		}
		pad := strings.Repeat(" ", max(markerW-Width(marker), 1))
		body = prefixed(body, Paint(mopen, marker)+pad, strings.Repeat(" ", markerW))
		if !first && !l.IsTight {
			out.Lines = append(out.Lines, "")
		}
		first = false
		out.add(body)
	}
	return out
}

func listDepth(n ast.Node) int {
	d := 0
	for p := n.Parent(); p != nil; p = p.Parent() {
		if _, ok := p.(*ast.List); ok {
			d++
		}
	}
	return d
}

// taskState reports whether a list item is a task ("[ ] " or "[x] ") and
// whether it is done, and removes the marker from the item's text.
func (m *mdRender) taskState(item *ast.ListItem) (task, done bool) {
	blk := item.FirstChild()
	if blk == nil || blk.Lines().Len() == 0 {
		return false, false
	}
	first := blk.Lines().At(0)
	v := first.Value(m.src)
	if len(v) < 4 || v[0] != '[' || v[2] != ']' || v[3] != ' ' || (v[1] != ' ' && v[1] != 'x' && v[1] != 'X') {
		return false, false
	}
	// The inline parser splits "[x]" into several text nodes; drop what lies
	// in the marker's four bytes.
	cut := first.Start + 4
	for c := blk.FirstChild(); c != nil; {
		next := c.NextSibling()
		t, ok := c.(*ast.Text)
		if !ok || t.Segment.Start >= cut {
			break
		}
		if t.Segment.Stop <= cut {
			blk.RemoveChild(blk, c)
		} else {
			t.Segment = t.Segment.WithStart(cut)
		}
		c = next
	}
	return true, v[1] != ' '
}

// inlines flattens a block's inline content into styled spans.
func (m *mdRender) inlines(n ast.Node, base string) []span {
	var out []span
	m.inline(n, base, &out)
	return out
}

func (m *mdRender) inline(n ast.Node, open string, out *[]span) {
	ink := &m.r.ink
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			*out = append(*out, span{text: string(c.Segment.Value(m.src)), open: open})
			switch {
			case c.HardLineBreak():
				*out = append(*out, span{text: "\n", open: open})
			case c.SoftLineBreak():
				*out = append(*out, span{text: " ", open: open})
			}
		case *ast.String:
			*out = append(*out, span{text: string(c.Value), open: open})
		case *ast.CodeSpan:
			var b bytes.Buffer
			for t := c.FirstChild(); t != nil; t = t.NextSibling() {
				switch t := t.(type) {
				case *ast.Text:
					b.Write(t.Segment.Value(m.src))
				case *ast.String:
					b.Write(t.Value)
				}
			}
			// Code keeps its spaces: non-breaking so the wrapper leaves it whole
			// where it can.
			*out = append(*out, span{text: b.String(), open: open + ink.code})
		case *ast.Emphasis:
			style := ink.italic
			if c.Level >= 2 {
				style = ink.bold
			}
			m.inline(c, open+style, out)
		case *ast.Link:
			before := len(*out)
			m.inline(c, open+ink.link, out)
			url := string(c.Destination)
			if url != "" && url != spanText((*out)[before:]) {
				*out = append(*out, span{text: " (" + url + ")", open: open + ink.linkURL})
			}
		case *ast.AutoLink:
			*out = append(*out, span{text: string(c.URL(m.src)), open: open + ink.link})
		case *ast.Image:
			alt := spanText(m.inlines(c, ""))
			*out = append(*out, span{text: "[image: " + alt + "]", open: open + ink.linkURL})
			if d := string(c.Destination); d != "" {
				*out = append(*out, span{text: " (" + d + ")", open: open + ink.linkURL})
			}
		case *ast.RawHTML:
			var b bytes.Buffer
			for i := 0; i < c.Segments.Len(); i++ {
				seg := c.Segments.At(i)
				b.Write(seg.Value(m.src))
			}
			*out = append(*out, span{text: b.String(), open: open + ink.html})
		default:
			m.inline(c, open, out)
		}
	}
}

func spanText(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.text)
	}
	return b.String()
}
