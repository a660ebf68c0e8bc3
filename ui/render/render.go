// Package render turns what the chat shows — markdown answers, code, diffs,
// plain text — into lines of styled terminal text at a given width. Every
// style comes from a themes.Theme; the escape sequences for the theme's
// styles are computed once per Renderer.
//
// Rendering is pure: the same input, width and theme give the same lines, so
// callers cache results by (width, version).
package render

import (
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/yuin/goldmark/parser"

	"github.com/herm-dev/herm/themes"
)

// Renderer renders with one theme. It is safe for concurrent use.
type Renderer struct {
	th  *themes.Theme
	ink inks

	parser func() parser.Parser

	mu   sync.Mutex
	code map[chroma.TokenType]string
}

// inks are the open sequences of the theme's styles that rendering uses.
type inks struct {
	text, h1, h2, h3, bold, italic, boldItalic, strike, code, link, linkURL string
	quote, quoteBar, rule, listMarker, taskDone, tableBorder, tableHeader   string
	codeBar, codeLang, codeText, html                                       string
	diffAdd, diffDel, diffHunk, diffHeader, diffContext                     string
}

// New returns a renderer for th.
func New(th *themes.Theme) *Renderer {
	m := th.Markdown
	d := th.Diff
	r := &Renderer{
		th: th,
		ink: inks{
			text: Open(th.Chat.Text), h1: Open(m.H1), h2: Open(m.H2), h3: Open(m.H3),
			bold: Open(m.Bold), italic: Open(m.Italic), boldItalic: Open(m.BoldItalic),
			strike: Open(m.Strike), code: Open(m.Code), link: Open(m.Link), linkURL: Open(m.LinkURL),
			quote: Open(m.Quote), quoteBar: Open(m.QuoteBar), rule: Open(m.Rule),
			listMarker: Open(m.ListMarker), taskDone: Open(m.TaskDone),
			tableBorder: Open(m.TableBorder), tableHeader: Open(m.TableHeader),
			codeBar: Open(m.CodeBar), codeLang: Open(m.CodeLang), codeText: Open(m.CodeText), html: Open(m.HTML),
			diffAdd: Open(d.Add), diffDel: Open(d.Del), diffHunk: Open(d.Hunk), diffHeader: Open(d.Header), diffContext: Open(d.Context),
		},
		parser: newParser,
		code:   map[chroma.TokenType]string{},
	}
	return r
}

// Theme returns the theme r renders with.
func (r *Renderer) Theme() *themes.Theme { return r.th }

// token returns the open sequence for a syntax token type.
func (r *Renderer) token(tt chroma.TokenType) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.code[tt]; ok {
		return s
	}
	s := Open(r.th.Token(tt))
	r.code[tt] = s
	return s
}
