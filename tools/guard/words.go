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
	// lit is how many leading bytes of val are known even when the word
	// as a whole is not: "/dev/" in /dev/$disk.
	lit  int
	span [2]int
	// word is the parsed word, for rules that look inside substitutions
	// (bash <(curl …)). Nil for words that did not come from the parser
	// (argv at exec time).
	word *syntax.Word
}

// prefix is the part of the value known before anything dynamic.
func (a arg) prefix() string {
	if a.known {
		return a.val
	}
	return a.val[:min(max(a.lit, 0), len(a.val))]
}

// homeMark is what a leading ~, $HOME or ${HOME} becomes, so that rules can
// recognise the home directory however it was spelled.
const homeMark = "~"

// hermMark is what $HERM_HOME becomes: herm's own directory, wherever
// Options put it (pathRules.norm resolves it), so that a write through
// the variable is judged as a write to the directory.
const hermMark = "$HERM_HOME"

// vars are the values of shell variables known when a word is read: the
// literal assignments seen earlier in the command (see analyzer.vars).
// Nil knows none.
type vars map[string]string

// words turns the words of a simple command into args, doing what bash
// does before running it that matters for analysis: quote removal, brace
// expansion and — unless the script assigned IFS — splitting at an
// unquoted $IFS (rm${IFS}-rf${IFS}/ is three words). Globs are left as
// written.
func words(ws []*syntax.Word, splitIFS bool) []arg {
	return appendWords(make([]arg, 0, len(ws)), ws, splitIFS)
}

// appendWords is words appending to out.
func appendWords(out []arg, ws []*syntax.Word, splitIFS bool) []arg {
	if cap(out)-len(out) < len(ws) {
		out = append(make([]arg, 0, len(out)+len(ws)+4), out...)
	}
	for _, w := range ws {
		if splitIFS && hasIFS(w) {
			for _, part := range splitAtIFS(w) {
				out = appendWord(out, part, nodeSpan(w))
			}
			continue
		}
		out = appendWord(out, w, nodeSpan(w))
	}
	return out
}

func appendWord(out []arg, w *syntax.Word, span [2]int) []arg {
	if hasBraces(w) {
		c := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts...)}
		if syntax.SplitBraces(c) {
			n := 0
			for bw, err := range expand.BracesSeq(nil, c) {
				if err != nil || n == maxBraceWords {
					break
				}
				a := wordArg(bw)
				a.span, a.word = span, w
				out = append(out, a)
				n++
			}
			return out
		}
	}
	a := wordArg(w)
	a.span = span
	return append(out, a)
}

func wordArg(w *syntax.Word) arg {
	v, known, lit := wordValueLit(w)
	return arg{val: v, known: known, lit: lit, word: w}
}

// resolved returns a with the variables of vs put in, and whether that
// made a difference: x=/etc; rm -rf $x is judged as rm -rf /etc too.
func (a arg) resolved(vs vars) (arg, bool) {
	if a.known || a.word == nil || len(vs) == 0 {
		return a, false
	}
	v, known, lit := wordValueVars(a.word, vs)
	if v == a.val && known == a.known {
		return a, false
	}
	a.val, a.known, a.lit = v, known, lit
	return a, true
}

// splittable reports whether w holds an unquoted expansion, which word
// splitting may turn into several words.
func splittable(w *syntax.Word) bool {
	if w == nil {
		return true
	}
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			return true
		}
	}
	return false
}

// hasIFS reports whether w holds an unquoted, unmodified $IFS.
func hasIFS(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && isPlainParam(pe, "IFS") {
			return true
		}
	}
	return false
}

// splitAtIFS cuts w at each unquoted $IFS, as word splitting with the
// default IFS does.
func splitAtIFS(w *syntax.Word) []*syntax.Word {
	var out []*syntax.Word
	var cur []syntax.WordPart
	for _, p := range w.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && isPlainParam(pe, "IFS") {
			if len(cur) > 0 {
				out = append(out, &syntax.Word{Parts: cur})
				cur = nil
			}
			continue
		}
		cur = append(cur, p)
	}
	if len(cur) > 0 {
		out = append(out, &syntax.Word{Parts: cur})
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
	v, known, _ := wordValueLit(w)
	return v, known
}

// wordValueLit is wordValue that also returns how many leading bytes of
// the value are known.
func wordValueLit(w *syntax.Word) (val string, known bool, lit int) {
	return wordValueVars(w, nil)
}

// paramValue returns what the rules take parameter p to be: ~ for $HOME,
// hermMark for $HERM_HOME, a value from vs; ok is false when the value is
// decided at run time.
func paramValue(p *syntax.ParamExp, vs vars) (string, bool) {
	if isHome(p) {
		return homeMark, true
	}
	if isPlainParam(p, "HERM_HOME") {
		if v, ok := vs["HERM_HOME"]; ok {
			return v, true
		}
		return hermMark, true
	}
	if p.Param != nil && vs != nil && isPlainParam(p, p.Param.Value) {
		v, ok := vs[p.Param.Value]
		return v, ok
	}
	return "", false
}

// wordValueVars is wordValueLit knowing the variables vs.
func wordValueVars(w *syntax.Word, vs vars) (val string, known bool, lit int) {
	// Most words are one plain part: no need to build a string.
	if len(w.Parts) == 1 {
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			if !strings.Contains(p.Value, `\`) {
				return p.Value, true, len(p.Value)
			}
		case *syntax.SglQuoted:
			if !p.Dollar && !strings.HasPrefix(p.Value, "~") {
				return p.Value, true, len(p.Value)
			}
		case *syntax.DblQuoted:
			if len(p.Parts) == 1 {
				if l, ok := p.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, `\~`) {
					return l.Value, true, len(l.Value)
				}
			}
		}
	}
	var sb strings.Builder
	known = true
	unknown := func() {
		if known {
			lit = sb.Len()
		}
		known = false
	}
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
			v, ok, n := dblQuotedValue(p.Parts, i == 0, vs)
			if !ok && known {
				lit = sb.Len() + n
				known = false
			}
			sb.WriteString(v)
		case *syntax.ParamExp:
			if v, ok := paramValue(p, vs); ok {
				sb.WriteString(v)
			} else {
				unknown()
			}
		default:
			// Command and process substitution, arithmetic, extended
			// globs: decided when the command runs.
			unknown()
		}
	}
	if known {
		lit = sb.Len()
	}
	return sb.String(), known, lit
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

func dblQuotedValue(parts []syntax.WordPart, wordStart bool, vs vars) (val string, known bool, lit int) {
	var sb strings.Builder
	known = true
	for i, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if wordStart && i == 0 {
				writeQuoted(&sb, 0, unescapeDouble(p.Value))
				continue
			}
			sb.WriteString(unescapeDouble(p.Value))
		default:
			if pe, ok := p.(*syntax.ParamExp); ok {
				if v, ok := paramValue(pe, vs); ok {
					sb.WriteString(v)
					continue
				}
			}
			if known {
				lit = sb.Len()
			}
			known = false
		}
	}
	if known {
		lit = sb.Len()
	}
	return sb.String(), known, lit
}

// isHome reports whether p is $HOME: plain, or with a default or check
// that leaves it as it is when set (${HOME:?}, ${HOME:-/x}) — HOME is
// always set.
func isHome(p *syntax.ParamExp) bool {
	if p.Exp == nil {
		return isPlainParam(p, "HOME")
	}
	if p.Exp.Op == syntax.AlternateUnset || p.Exp.Op == syntax.AlternateUnsetOrNull {
		return false
	}
	q := *p
	q.Exp = nil
	return isPlainParam(&q, "HOME")
}

// isPlainParam reports whether p is $name or ${name} with nothing else.
func isPlainParam(p *syntax.ParamExp, name string) bool {
	return p.Param != nil && p.Param.Value == name && p.Flags == nil &&
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

// docValue returns the text of a here-document body and whether it is
// fully known. With a quoted delimiter (<<'EOF') the body is literal;
// otherwise the shell expands it, and only \$ \` \\ and \newline are
// escapes.
func docValue(rd *syntax.Redirect) (string, bool) {
	w := rd.Hdoc
	if rd.Op == syntax.WordHdoc {
		w = rd.Word
	}
	if w == nil || len(w.Parts) == 0 {
		return "", true
	}
	if rd.Op == syntax.WordHdoc {
		return wordValue(w)
	}
	quoted := false
	for _, p := range rd.Word.Parts {
		if _, ok := p.(*syntax.Lit); !ok {
			quoted = true // 'EOF' or "EOF"
		} else if strings.Contains(p.(*syntax.Lit).Value, `\`) {
			quoted = true // \EOF
		}
	}
	var sb strings.Builder
	known := true
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if quoted {
				sb.WriteString(p.Value)
			} else {
				sb.WriteString(unescapeDoc(p.Value))
			}
		default:
			known = false
		}
	}
	return sb.String(), known
}

func unescapeDoc(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
