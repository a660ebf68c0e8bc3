package guard

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds brace expansion of one word ({1..9}{1..9}… would
// otherwise let a short command allocate without limit).
const maxBraceWords = 64

// arg is one shell word after quote removal.
type arg struct {
	val string
	// known is false when the word holds anything decided at run time
	// (parameter expansion other than $HOME, command substitution,
	// arithmetic); val is then only the literal parts and must not be
	// trusted by rules.
	known bool
	span  [2]int
}

// homeMark is what a leading ~, $HOME or ${HOME} becomes, so that rules can
// recognise the home directory however it was spelled.
const homeMark = "~"

// words turns the words of a simple command into args, doing what bash
// does before running it that matters for analysis: quote removal and
// brace expansion. Globs are left as written.
func words(ws []*syntax.Word) []arg {
	out := make([]arg, 0, len(ws))
	for _, w := range ws {
		span := nodeSpan(w)
		if hasBraces(w) {
			c := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts...)}
			if syntax.SplitBraces(c) {
				n := 0
				for bw, err := range expand.BracesSeq(nil, c) {
					if err != nil || n == maxBraceWords {
						break
					}
					v, ok := wordValue(bw)
					out = append(out, arg{val: v, known: ok, span: span})
					n++
				}
				continue
			}
		}
		v, ok := wordValue(w)
		out = append(out, arg{val: v, known: ok, span: span})
	}
	return out
}

func hasBraces(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") {
			return true
		}
	}
	return false
}

// wordValue returns the value of w after quote removal, and whether that
// value is fully known without running anything.
func wordValue(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	known := true
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			// A leading unquoted ~ is the home directory (tilde
			// expansion); it stays "~" for the rules.
			sb.WriteString(unescapeUnquoted(p.Value))
		case *syntax.SglQuoted:
			v := p.Value
			if p.Dollar {
				v = ansiC(v)
			}
			writeQuoted(&sb, i, v)
		case *syntax.DblQuoted:
			v, ok := dblQuotedValue(p.Parts, i == 0)
			known = known && ok
			sb.WriteString(v)
		case *syntax.ParamExp:
			if isHome(p) {
				sb.WriteString(homeMark)
			} else {
				known = false
			}
		default:
			// Command and process substitution, arithmetic, extended
			// globs: decided when the command runs.
			known = false
		}
	}
	return sb.String(), known
}

// writeQuoted appends a quoted value. A quoted "~" at the start of a word
// is a file literally named ~, not the home directory, so it is written
// as ./~ to keep rules from mistaking it.
func writeQuoted(sb *strings.Builder, partIndex int, v string) {
	if partIndex == 0 && strings.HasPrefix(v, "~") {
		sb.WriteString("./")
	}
	sb.WriteString(v)
}

func dblQuotedValue(parts []syntax.WordPart, wordStart bool) (string, bool) {
	var sb strings.Builder
	known := true
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if wordStart && i == 0 {
				writeQuoted(&sb, 0, unescapeDouble(p.Value))
				continue
			}
			sb.WriteString(unescapeDouble(p.Value))
		case *syntax.ParamExp:
			if isHome(p) {
				sb.WriteString(homeMark)
			} else {
				known = false
			}
		default:
			known = false
		}
	}
	return sb.String(), known
}

// isHome reports whether p is a plain $HOME or ${HOME}.
func isHome(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Param.Value == "HOME" && p.Flags == nil &&
		!p.Excl && !p.Length && !p.Width && !p.IsSet && p.NestedParam == nil &&
		p.Index == nil && len(p.Modifiers) == 0 && p.Slice == nil &&
		p.Repl == nil && p.Names == 0 && p.Exp == nil
}

// unescapeUnquoted removes the backslashes of an unquoted literal, so that
// r\m reads as rm. (The parser keeps them; line continuations are already
// gone.)
func unescapeUnquoted(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// unescapeDouble applies the backslash rules inside double quotes: only
// \$ \` \" \\ lose their backslash.
func unescapeDouble(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// ansiC decodes the escapes of a bash $'…' string.
func ansiC(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			sb.WriteByte('\a')
		case 'b':
			sb.WriteByte('\b')
		case 'e', 'E':
			sb.WriteByte(0x1b)
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'v':
			sb.WriteByte('\v')
		case 'c':
			if i+1 < len(s) {
				i++
				sb.WriteByte(s[i] & 0x1f)
			}
		case 'x', 'u', 'U':
			digits := 2
			switch e {
			case 'u':
				digits = 4
			case 'U':
				digits = 8
			}
			j := i + 1
			for j < len(s) && j-i-1 < digits && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				sb.WriteByte('\\')
				sb.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				sb.WriteByte(byte(n))
			} else {
				sb.WriteRune(validRune(rune(n)))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			sb.WriteByte(byte(n))
			i = j - 1
		default:
			// \\ \' \" \? stand for themselves; unknown escapes keep
			// their backslash, as in bash.
			if e != '\\' && e != '\'' && e != '"' && e != '?' {
				sb.WriteByte('\\')
			}
			sb.WriteByte(e)
		}
	}
	return sb.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func validRune(r rune) rune {
	if !utf8.ValidRune(r) {
		return utf8.RuneError
	}
	return r
}

func nodeSpan(n syntax.Node) [2]int {
	return [2]int{int(n.Pos().Offset()), int(n.End().Offset())}
}
