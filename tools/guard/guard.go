// Package guard decides how dangerous a shell command is before herm runs
// it. It parses the command with a real shell parser (mvdan.cc/sh, bash
// dialect) rather than matching text, so a dangerous command is found
// wherever it hides — in a list, a pipeline, a subshell, a command or
// process substitution, behind wrappers like sudo or env, or inside code
// handed to bash -c or eval — while merely mentioning one (echo "rm -rf /")
// is harmless.
//
// Rules live in one table (rules.go); each carries examples that must and
// must not match, and a table test keeps them honest.
package guard

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Level is how a command may be run.
type Level int

const (
	// Safe commands run without asking.
	Safe Level = iota
	// Ask commands need a person's approval.
	Ask
	// Block commands never run, whatever the approval mode.
	Block
)

func (l Level) String() string {
	switch l {
	case Safe:
		return "safe"
	case Ask:
		return "ask"
	case Block:
		return "block"
	}
	return "unknown"
}

// Finding is one reason a command is not safe.
type Finding struct {
	// ID names the rule, stable across releases, so an approval grant
	// can refer to it.
	ID     string
	Level  Level
	Reason string
	// Span is the byte range [start, end) of the command text the finding
	// is about. For code nested in a string (bash -c '…'), it is the span
	// of that string in the original command.
	Span [2]int
}

// Verdict is the outcome of analysing a command: the highest level of its
// findings, and the findings themselves.
type Verdict struct {
	Level    Level
	Findings []Finding
}

// maxDepth bounds how deeply code nested in strings (bash -c "bash -c …")
// is re-parsed. Deeper nesting is itself suspicious, so it asks.
const maxDepth = 4

// Analyze parses command as bash and checks every command in it against
// the rules. A command that cannot be parsed is Ask, never Safe: what the
// shell will make of it is unknown.
func Analyze(command string) Verdict {
	a := analyzer{}
	a.source(command, scope{})
	return a.v
}

type analyzer struct {
	v Verdict
	// cwd is the directory a literal cd earlier in the command moved to
	// ("~" for home), or "" when unknown. It lets `cd / && rm -rf *` be
	// seen for what it is.
	cwd string
}

// scope says where the code being analysed came from.
type scope struct {
	depth int
	// outer, when set, is the span of the string the code was taken from;
	// offsets inside re-parsed code mean nothing to the caller.
	outer *[2]int
}

// at maps a span in the code being analysed to a span in the command.
func (s scope) at(span [2]int) [2]int {
	if s.outer != nil {
		return *s.outer
	}
	return span
}

func (s scope) span(n syntax.Node) [2]int { return s.at(nodeSpan(n)) }

// maxFindings bounds the findings of one verdict: past it the level is
// settled, and a pathological command must not make analysis quadratic.
const maxFindings = 64

func (a *analyzer) add(r *rule, detail string, span [2]int) {
	if r.level > a.v.Level {
		a.v.Level = r.level
	}
	if len(a.v.Findings) == maxFindings {
		return
	}
	reason := r.reason
	if detail != "" {
		reason += ": " + detail
	}
	for _, f := range a.v.Findings {
		if f.ID == r.id && f.Span == span {
			return
		}
	}
	a.v.Findings = append(a.v.Findings, Finding{ID: r.id, Level: r.level, Reason: reason, Span: span})
}

// source parses code and analyses every node in it.
func (a *analyzer) source(code string, sc scope) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(code), "")
	if err != nil {
		span := [2]int{0, len(code)}
		if sc.outer != nil {
			span = *sc.outer
		}
		a.add(&parseErrorRule, err.Error(), span)
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			a.stmt(n, sc)
		case *syntax.CallExpr:
			a.call(n, sc)
		case *syntax.FuncDecl:
			a.funcDecl(n, sc)
		case *syntax.BinaryCmd:
			a.pipe(n, sc)
		}
		return true
	})
}

func (a *analyzer) stmt(st *syntax.Stmt, sc scope) {
	for _, rd := range st.Redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			// bash <<'EOF' … / bash <<< "…" runs the document as code.
			ce, ok := st.Cmd.(*syntax.CallExpr)
			if !ok || !readsStdinCode(peel(words(ce.Args), a.cwd)) {
				continue
			}
			w := rd.Word
			if rd.Op != syntax.WordHdoc {
				w = rd.Hdoc
			}
			if w == nil || len(w.Parts) == 0 {
				continue
			}
			if v, ok := wordValue(w); ok {
				a.nested(v, sc.span(w), sc)
			}
			continue
		}
		if rd.Word == nil || len(rd.Word.Parts) == 0 {
			continue
		}
		targets := words([]*syntax.Word{rd.Word})
		for i := range rules {
			r := &rules[i]
			if r.redirect == nil {
				continue
			}
			for _, t := range targets {
				if d := r.redirect(rd.Op, t, a.cwd); d != "" {
					a.add(r, d, sc.span(rd))
				}
			}
		}
	}
}

func (a *analyzer) call(ce *syntax.CallExpr, sc scope) {
	if len(ce.Args) == 0 {
		return
	}
	c := peel(words(ce.Args), a.cwd)
	span := sc.span(ce)
	for i := range rules {
		r := &rules[i]
		if r.call == nil {
			continue
		}
		if d := r.call(&c); d != "" {
			a.add(r, d, span)
		}
	}
	if code, ok := embeddedCode(&c); ok {
		a.nested(code.val, sc.at(code.span), sc)
	}
	if c.name == "cd" || c.name == "pushd" {
		a.cwd = cdTarget(c.args, a.cwd)
	}
}

// pipe finds `echo 'code' | sh`: literal text piped into a shell is code.
func (a *analyzer) pipe(b *syntax.BinaryCmd, sc scope) {
	if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
		return
	}
	x, ok1 := b.X.Cmd.(*syntax.CallExpr)
	y, ok2 := b.Y.Cmd.(*syntax.CallExpr)
	if !ok1 || !ok2 || len(x.Args) == 0 || len(y.Args) == 0 {
		return
	}
	if !readsStdinCode(peel(words(y.Args), a.cwd)) {
		return
	}
	if code, ok := printedText(peel(words(x.Args), a.cwd)); ok {
		a.nested(code, sc.span(b), sc)
	}
}

func (a *analyzer) funcDecl(fd *syntax.FuncDecl, sc scope) {
	for i := range rules {
		r := &rules[i]
		if r.fn == nil {
			continue
		}
		if d := r.fn(fd); d != "" {
			a.add(r, d, sc.span(fd))
		}
	}
}

// nested analyses code found in a string, reporting findings at span.
func (a *analyzer) nested(code string, span [2]int, sc scope) {
	if sc.depth >= maxDepth {
		a.add(&tooDeepRule, "", span)
		return
	}
	a.source(code, scope{depth: sc.depth + 1, outer: &span})
}

// cdTarget returns the directory `cd args` moves to, "" if unknown.
func cdTarget(args []arg, cwd string) string {
	var ops []arg
	for _, x := range args {
		if x.known && strings.HasPrefix(x.val, "-") && x.val != "-" {
			continue // -L, -P, --
		}
		ops = append(ops, x)
	}
	switch {
	case len(ops) == 0:
		return homeMark
	case len(ops) > 1 || !ops[0].known || ops[0].val == "-":
		return ""
	}
	if p := resolve(ops[0].val, cwd); p != "" {
		return path.Clean(p)
	}
	return ""
}
