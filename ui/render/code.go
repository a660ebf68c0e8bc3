package render

import (
	"embed"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed lexers/*.xml
var lexerFiles embed.FS

// lexers is the registry of the syntax definitions herm ships, built the
// first time a code block is highlighted: parsing the definitions costs a
// couple of milliseconds that a start-up should not pay.
var lexers = sync.OnceValue(func() *chroma.LexerRegistry {
	reg := chroma.NewLexerRegistry()
	files, _ := fs.Glob(lexerFiles, "lexers/*.xml")
	for _, f := range files {
		lx, err := chroma.NewXMLLexer(lexerFiles, f)
		if err != nil {
			continue // a broken definition only loses its highlighting
		}
		reg.Register(lx)
	}
	reg.Register(goLexer())
	return reg
})

// aliases maps fence labels models write that chroma does not know.
var aliases = map[string]string{
	"sh": "bash", "shell": "bash", "zsh": "bash", "console": "bash", "shell-session": "bash",
	"js": "javascript", "jsx": "react", "ts": "typescript", "tsx": "typescript",
	"py": "python", "python3": "python", "rb": "ruby", "rs": "rust", "yml": "yaml",
	"golang": "go", "c++": "cpp", "cs": "csharp", "kt": "kotlin", "dockerfile": "docker",
	"tf": "terraform", "proto": "protobuf", "ps1": "powershell", "patch": "diff", "make": "makefile",
}

// lexerFor returns the lexer for a fence label or file name, or nil.
func lexerFor(lang string) chroma.Lexer {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if lang == "" || lang == "text" || lang == "plain" || lang == "txt" {
		return nil
	}
	if a, ok := aliases[lang]; ok {
		lang = a
	}
	reg := lexers()
	if l := reg.Get(lang); l != nil {
		return l
	}
	if ext := path.Ext(lang); ext != "" {
		return reg.Get(strings.TrimPrefix(ext, "."))
	}
	return nil
}

// tabWidth is how many spaces a tab in code becomes: terminals put tabs at
// their own stops, which would break line widths.
const tabWidth = 4

// Code renders source code in lang (a fence label or file name; "" for
// none), highlighted with the theme's token styles and hard-wrapped at
// width.
func (r *Renderer) Code(code, lang string, width int) []string {
	code = strings.ReplaceAll(strings.TrimSuffix(code, "\n"), "\t", strings.Repeat(" ", tabWidth))
	lx := lexerFor(lang)
	if lx == nil {
		return hardWrap([]span{{text: code, open: r.ink.codeText}}, width)
	}
	it, err := chroma.Coalesce(lx).Tokenise(nil, code+"\n")
	if err != nil {
		return hardWrap([]span{{text: code, open: r.ink.codeText}}, width)
	}
	var spans []span
	for tok := it(); tok != chroma.EOF; tok = it() {
		spans = append(spans, span{text: tok.Value, open: r.token(tok.Type)})
	}
	lines := hardWrap(spans, width)
	// The tokeniser's final newline leaves an empty last line.
	if n := len(lines); n > 1 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}

// codeBlock draws a fenced block: a language label, then the code behind a
// bar.
func (r *Renderer) codeBlock(lang, code string, width int) Block {
	bar := Paint(r.ink.codeBar, "│ ")
	var b Block
	if lang != "" {
		b.Lines = append(b.Lines, Paint(r.ink.codeBar, "╭ ")+Paint(r.ink.codeLang, lang))
	}
	for _, l := range r.Code(code, lang, width-2) {
		b.Lines = append(b.Lines, bar+l)
	}
	b.Code = []CodeRef{{Start: 0, End: len(b.Lines), Lang: lang, Text: strings.TrimSuffix(code, "\n")}}
	return b
}

// plainCodeBlock is codeBlock without highlighting, for a block still
// being written.
func (r *Renderer) plainCodeBlock(lang, code string, width int) Block {
	bar := Paint(r.ink.codeBar, "│ ")
	var b Block
	if lang != "" {
		b.Lines = append(b.Lines, Paint(r.ink.codeBar, "╭ ")+Paint(r.ink.codeLang, lang))
	}
	code = strings.ReplaceAll(strings.TrimSuffix(code, "\n"), "\t", strings.Repeat(" ", tabWidth))
	if code != "" {
		for _, l := range hardWrap([]span{{text: code, open: r.ink.codeText}}, width-2) {
			b.Lines = append(b.Lines, bar+l)
		}
	}
	b.Code = []CodeRef{{Start: 0, End: len(b.Lines), Lang: lang, Text: code}}
	return b
}
