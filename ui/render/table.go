package render

import (
	"bytes"
	"strings"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// GitHub-style tables. goldmark's own table extension compiles regular
// expressions at process start (and pulls in linkify's, ~3 ms), so herm
// recognises tables itself: a paragraph whose second line is a delimiter row
// (| --- | :-: |) becomes a table whose cells are parsed as inline markdown.

var (
	kindTable     = ast.NewNodeKind("HermTable")
	kindTableRow  = ast.NewNodeKind("HermTableRow")
	kindTableCell = ast.NewNodeKind("HermTableCell")
)

type align uint8

const (
	alignNone align = iota
	alignLeft
	alignCenter
	alignRight
)

type tableNode struct {
	ast.BaseBlock
	aligns []align
}

func (n *tableNode) Kind() ast.NodeKind                { return kindTable }
func (n *tableNode) Dump(src []byte, level int)        { ast.DumpHelper(n, src, level, nil, nil) }
func (n *tableRow) Kind() ast.NodeKind                 { return kindTableRow }
func (n *tableRow) Dump(src []byte, level int)         { ast.DumpHelper(n, src, level, nil, nil) }
func (n *tableCell) Kind() ast.NodeKind                { return kindTableCell }
func (n *tableCell) Dump(src []byte, level int)        { ast.DumpHelper(n, src, level, nil, nil) }
func (tableTransformer) delimiter(line []byte) []align { return parseDelimiter(line) }

type tableRow struct {
	ast.BaseBlock
	header bool
}

type tableCell struct{ ast.BaseBlock }

type tableTransformer struct{}

func (t tableTransformer) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	if lines.Len() < 2 {
		return
	}
	src := reader.Source()
	delim := lines.At(1)
	aligns := t.delimiter(delim.Value(src))
	if aligns == nil {
		return
	}
	header := lines.At(0)
	hcells := splitRow(src, header)
	if len(hcells) != len(aligns) {
		return
	}
	table := &tableNode{aligns: aligns}
	table.AppendChild(table, newRow(hcells, len(aligns), true))
	for i := 2; i < lines.Len(); i++ {
		seg := lines.At(i)
		table.AppendChild(table, newRow(splitRow(src, seg), len(aligns), false))
	}
	parent := node.Parent()
	parent.InsertAfter(parent, node, table)
	parent.RemoveChild(parent, node)
}

func newRow(cells []text.Segment, n int, header bool) *tableRow {
	row := &tableRow{header: header}
	for i := 0; i < n; i++ {
		c := &tableCell{}
		if i < len(cells) {
			c.Lines().Append(cells[i])
		}
		row.AppendChild(row, c)
	}
	return row
}

// splitRow cuts a table line into cell segments at unescaped pipes outside
// code spans.
func splitRow(src []byte, seg text.Segment) []text.Segment {
	seg = seg.TrimLeftSpace(src)
	seg = seg.TrimRightSpace(src)
	line := seg.Value(src)
	start, end := 0, len(line)
	if end > 0 && line[0] == '|' {
		start++
	}
	if end > start && line[end-1] == '|' && (end < 2 || line[end-2] != '\\') {
		end--
	}
	var cells []text.Segment
	inCode := false
	from := start
	for i := start; i <= end; i++ {
		if i < end {
			switch line[i] {
			case '`':
				inCode = !inCode
				continue
			case '\\':
				i++
				continue
			case '|':
				if inCode {
					continue
				}
			default:
				continue
			}
		}
		cell := text.NewSegment(seg.Start+from, seg.Start+min(i, end))
		cell = cell.TrimLeftSpace(src)
		cells = append(cells, cell.TrimRightSpace(src))
		from = i + 1
	}
	return cells
}

func parseDelimiter(line []byte) []align {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || bytes.IndexByte(line, '-') < 0 {
		return nil
	}
	if line[0] == '|' {
		line = line[1:]
	}
	if len(line) > 0 && line[len(line)-1] == '|' {
		line = line[:len(line)-1]
	}
	var out []align
	for _, col := range bytes.Split(line, []byte{'|'}) {
		col = bytes.TrimSpace(col)
		if len(col) == 0 {
			return nil
		}
		left, right := col[0] == ':', col[len(col)-1] == ':'
		dashes := bytes.Trim(col, ":")
		if len(dashes) == 0 || len(bytes.Trim(dashes, "-")) != 0 {
			return nil
		}
		switch {
		case left && right:
			out = append(out, alignCenter)
		case left:
			out = append(out, alignLeft)
		case right:
			out = append(out, alignRight)
		default:
			out = append(out, alignNone)
		}
	}
	return out
}

// table draws a table with box lines, shrinking and wrapping columns to
// fit width.
func (m *mdRender) table(t *tableNode, width int) Block {
	ink := &m.r.ink
	var rows [][][]span
	var header []bool
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		row, ok := r.(*tableRow)
		if !ok {
			continue
		}
		var cells [][]span
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			open := ink.text
			if row.header {
				open = ink.tableHeader
			}
			cells = append(cells, m.inlines(c, open))
		}
		rows = append(rows, cells)
		header = append(header, row.header)
	}
	cols := len(t.aligns)
	if cols == 0 || len(rows) == 0 {
		return Block{}
	}
	widths := make([]int, cols)
	for _, row := range rows {
		for i, c := range row {
			if i < cols {
				widths[i] = max(widths[i], Width(spanText(c)), 1)
			}
		}
	}
	// Each column takes 3 cells of border and padding, plus one at the end.
	avail := width - 3*cols - 1
	if avail < cols {
		return m.tableAsList(rows, width)
	}
	fitColumns(widths, avail)

	border := func(l, mid, r string) string {
		var b strings.Builder
		b.WriteString(l)
		for i, w := range widths {
			b.WriteString(strings.Repeat("─", w+2))
			if i < cols-1 {
				b.WriteString(mid)
			}
		}
		b.WriteString(r)
		return Paint(ink.tableBorder, b.String())
	}
	bar := Paint(ink.tableBorder, "│")
	out := Block{Lines: []string{border("┌", "┬", "┐")}}
	for ri, row := range rows {
		cellLines := make([][]string, cols)
		height := 1
		for i := 0; i < cols; i++ {
			var c []span
			if i < len(row) {
				c = row[i]
			}
			cellLines[i] = wrapSpans(c, widths[i], prefix{}, prefix{})
			height = max(height, len(cellLines[i]))
		}
		for h := 0; h < height; h++ {
			var b strings.Builder
			b.WriteString(bar)
			for i := 0; i < cols; i++ {
				cell := ""
				if h < len(cellLines[i]) {
					cell = cellLines[i][h]
				}
				b.WriteString(" ")
				b.WriteString(pad(cell, widths[i], t.aligns[i]))
				b.WriteString(" ")
				b.WriteString(bar)
			}
			out.Lines = append(out.Lines, b.String())
		}
		if header[ri] && ri < len(rows)-1 {
			out.Lines = append(out.Lines, border("├", "┼", "┤"))
		}
	}
	out.Lines = append(out.Lines, border("└", "┴", "┘"))
	return out
}

// fitColumns narrows the widest columns until they fit avail (which must be
// at least one cell per column).
func fitColumns(widths []int, avail int) {
	total := 0
	for _, w := range widths {
		total += w
	}
	for total > avail {
		widest := 0
		for i, w := range widths {
			if w > widths[widest] {
				widest = i
			}
		}
		widths[widest]--
		total--
	}
}

// tableAsList shows a table too wide for any grid as one block per row,
// each cell on its own line after its column's header.
func (m *mdRender) tableAsList(rows [][][]span, width int) Block {
	var out Block
	if len(rows) == 0 {
		return out
	}
	head := rows[0]
	for ri, row := range rows[1:] {
		if ri > 0 {
			out.Lines = append(out.Lines, "")
		}
		for i, cell := range row {
			var line []span
			if i < len(head) {
				line = append(line, head[i]...)
				line = append(line, span{text: ": "})
			}
			line = append(line, cell...)
			out.Lines = append(out.Lines, wrapSpans(line, width, prefix{}, prefix{})...)
		}
	}
	return out
}

func pad(cell string, w int, a align) string {
	gap := w - Width(cell)
	if gap <= 0 {
		return cell
	}
	switch a {
	case alignRight:
		return strings.Repeat(" ", gap) + cell
	case alignCenter:
		return strings.Repeat(" ", gap/2) + cell + strings.Repeat(" ", gap-gap/2)
	}
	return cell + strings.Repeat(" ", gap)
}
