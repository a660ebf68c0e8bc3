package render

import (
	c "github.com/alecthomas/chroma/v2"
)

// goLexer is chroma's Go lexer (lexers/go.go in chroma v2.27.0, MIT licence,
// see lexers/COPYING), which chroma defines in Go rather than XML. Raw
// strings are plain strings here instead of Go templates.
func goLexer() c.Lexer {
	return c.MustNewLexer(
		&c.Config{
			Name:      "Go",
			Aliases:   []string{"go", "golang"},
			Filenames: []string{"*.go"},
			MimeTypes: []string{"text/x-gosrc"},
		},
		goRules,
	)
}

func goRules() c.Rules {
	r := func(pattern string, typ c.Emitter) c.Rule { return c.Rule{Pattern: pattern, Type: typ} }
	return c.Rules{
		"root": {
			r(`\n`, c.TextWhitespace),
			r(`\s+`, c.TextWhitespace),
			r(`//[^\s\n\r][^\n\r]*`, c.CommentPreproc),
			r(`//[^\n\r]*`, c.CommentSingle),
			r(`/(\\\n)?[*](.|\n)*?[*](\\\n)?/`, c.CommentMultiline),
			r(`(import|package)\b`, c.KeywordNamespace),
			r(`(var|func|struct|map|chan|type|interface|const)\b`, c.KeywordDeclaration),
			r(c.Words(``, `\b`, `break`, `default`, `select`, `case`, `defer`, `go`, `else`, `goto`, `switch`, `fallthrough`, `if`, `range`, `continue`, `for`, `return`), c.Keyword),
			r(`(true|false|iota|nil)\b`, c.KeywordConstant),
			r(c.Words(``, `\b(\()`, `uint`, `uint8`, `uint16`, `uint32`, `uint64`, `int`, `int8`, `int16`, `int32`, `int64`, `float`, `float32`, `float64`, `complex64`, `complex128`, `byte`, `rune`, `string`, `bool`, `error`, `uintptr`, `print`, `println`, `panic`, `recover`, `close`, `complex`, `real`, `imag`, `len`, `cap`, `append`, `copy`, `delete`, `new`, `make`, `clear`, `min`, `max`), c.ByGroups(c.NameBuiltin, c.Punctuation)),
			r(c.Words(``, `\b`, `uint`, `uint8`, `uint16`, `uint32`, `uint64`, `int`, `int8`, `int16`, `int32`, `int64`, `float`, `float32`, `float64`, `complex64`, `complex128`, `byte`, `rune`, `string`, `bool`, `error`, `uintptr`, `any`), c.KeywordType),
			r(`\d+i`, c.LiteralNumber),
			r(`\d+\.\d*([Ee][-+]\d+)?i`, c.LiteralNumber),
			r(`\.\d+([Ee][-+]\d+)?i`, c.LiteralNumber),
			r(`\d+[Ee][-+]\d+i`, c.LiteralNumber),
			r(`\d+(\.\d+[eE][+\-]?\d+|\.\d*|[eE][+\-]?\d+)`, c.LiteralNumberFloat),
			r(`\.\d+([eE][+\-]?\d+)?`, c.LiteralNumberFloat),
			r(`0[0-7]+`, c.LiteralNumberOct),
			r(`0[xX][0-9a-fA-F_]+`, c.LiteralNumberHex),
			r(`0b[01_]+`, c.LiteralNumberBin),
			r(`(0|[1-9][0-9_]*)`, c.LiteralNumberInteger),
			r(`'(\\['"\\abfnrtv]|\\x[0-9a-fA-F]{2}|\\[0-7]{1,3}|\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}|[^\\])'`, c.LiteralStringChar),
			r("`[^`]*`", c.LiteralString),
			r(`"(\\\\|\\"|[^"])*"`, c.LiteralString),
			r(`(<<=|>>=|<<|>>|<=|>=|&\^=|&\^|\+=|-=|\*=|/=|%=|&=|\|=|&&|\|\||<-|\+\+|--|==|!=|:=|\.\.\.|[+\-*/%&])`, c.Operator),
			r(`([a-zA-Z_]\w*)(\s*)(\()`, c.ByGroups(c.NameFunction, c.UsingSelf("root"), c.Punctuation)),
			r(`[|^<>=!()\[\]{}.,;:~]`, c.Punctuation),
			r(`[^\W\d]\w*`, c.NameOther),
		},
	}
}
