// Package guard decides how dangerous a shell command is before herm runs
// it. It parses the command with a real shell parser (mvdan.cc/sh, bash
// dialect) rather than matching text, so a dangerous command is found
// wherever it hides — in a list, a pipeline, a subshell, a command or
// process substitution, a here-document, a function body, behind wrappers
// like sudo, env or timeout, or inside code handed to bash -c or eval —
// while merely mentioning one (echo "rm -rf /") is harmless.
//
// What the parser cannot know — a command word or code string decided at
// run time, code piped into a shell — is at least Ask. The terminal
// backend checks each program again when it is executed (CheckExec), after
// the shell has expanded its words.
//
// Rules live in one table (rules.go, rules_classes.go); each carries
// examples that must and must not match, and a table test keeps them
// honest. Besides what the rules find, safe means known: a command whose
// programs are all in the table of programs known to be harmless
// (known_table.go), with options known to be harmless and writes inside
// the workspace, is known; everything else is named in Verdict.Unknown,
// which the sandbox confines (or, without one, the caller asks about).
// Files the agent wrote that a command runs — a script, a Makefile's
// recipes, package.json's scripts, a git alias — are analysed like the
// command itself when Options.Script can read them (script.go).
//
// guard only judges: it never runs, rewrites or approves a command, and
// keeps no state (grants live in the store, the approval flow in agent).
package guard

import (
	"strings"
	"sync"

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
	// Unknown names what the command runs that the guard does not know to
	// be harmless — a program outside its table of known programs, or a
	// known program with an option it does not know — one entry each, as
	// "prog" or "prog --option". It does not change Level: inside the
	// sandbox such a command can only touch the workspace, so it runs
	// there without asking; where there is no sandbox, the caller asks.
	Unknown []string
}

// maxDepth bounds how deeply code nested in strings (bash -c "bash -c …")
// is re-parsed. Deeper nesting is itself suspicious, so it asks.
const maxDepth = 4

// maxFindings bounds the findings of one verdict: past it the level is
// settled, and a pathological command must not make analysis quadratic.
const maxFindings = 64

// Analyze parses command as bash and checks every command in it against
// the rules, knowing nothing of the machine (see AnalyzeWith). A command
// that cannot be parsed is Ask, never Safe: what the shell will make of it
// is unknown.
func Analyze(command string) Verdict {
	return AnalyzeWith(command, Options{})
}

// AnalyzeWith is Analyze for a command that will run with the given home
// directories and working directory.
func AnalyzeWith(command string, opt Options) Verdict {
	a := newAnalyzer(opt)
	a.source(command, scope{})
	return a.v
}

func newAnalyzer(opt Options) *analyzer {
	a := &analyzer{pr: newPathRules(opt), script: opt.Script}
	if opt.Cwd != "" {
		a.cwd = a.pr.norm(opt.Cwd, "")
	}
	a.root = a.cwd
	return a
}

// parsers reuses parsers between analyses: a new one costs about a third
// of analysing a typical command.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

type analyzer struct {
	v  Verdict
	pr pathRules
	// cwd is the normalised directory commands run in: Options.Cwd, moved
	// by each literal cd; "" when unknown. It lets `cd / && rm -rf *` be
	// seen for what it is.
	cwd string
	// root is the workspace: the directory the command starts in
	// (normalised Options.Cwd), where writes are as harmless as the
	// sandbox allows; "" when unknown.
	root string
	// vars are the literal values assigned to shell variables so far
	// (x=/etc; rm -rf $x): a command using them is judged again with
	// them put in.
	vars vars
	// script is Options.Script; written holds the files earlier commands
	// of the command line wrote with known content (cat > x.sh <<EOF),
	// by fileKey.
	script  func(path string) ([]byte, bool, error)
	written map[string]writtenFile
	// via, while a file is analysed, says which, for the reasons of its
	// findings: "in x.sh, which the agent wrote".
	via string
	// inTail is set while the arguments of an unknown program are
	// judged as a command of their own (tail.go).
	inTail bool
	// ifsSet is set once the script assigns IFS: from then on $IFS is not
	// known to split words at blanks.
	ifsSet bool
	// downloaded are the files (fileKey) downloaded so far: running one
	// later is running downloaded code.
	downloaded []string
	// piped are the inner pipes of pipelines already judged whole, and
	// cache the commands of their stages, so that the walk does not peel
	// them again.
	piped map[*syntax.BinaryCmd]bool
	cache []cachedCmd
	// scratch holds the command being checked at each nesting depth
	// (made when first needed), so most commands need no allocation of
	// their own.
	scratch [maxDepth + 1]*scratchCmd
}

type scratchCmd struct {
	c    cmd
	args []arg // the buffer c's words are kept in
}

type cachedCmd struct {
	ce *syntax.CallExpr
	c  *cmd
}

// maxDownloads bounds the downloaded files remembered.
const maxDownloads = 32

// maxCache bounds the command cache; pipelines longer than that are
// merely peeled twice.
const maxCache = 32

// scope says where the code being analysed came from.
type scope struct {
	depth int
	// outer, when set, is the span of the string the code was taken from;
	// offsets inside re-parsed code mean nothing to the caller.
	outer *[2]int
	// quiet keeps the code's programs out of Verdict.Unknown: what runs
	// them is there already (a script, an unknown wrapper).
	quiet bool
}

// at maps a span in the code being analysed to a span in the command.
func (s scope) at(span [2]int) [2]int {
	if s.outer != nil {
		return *s.outer
	}
	return span
}

func (s scope) span(n syntax.Node) [2]int { return s.at(nodeSpan(n)) }

func (a *analyzer) add(r *rule, detail string, span [2]int) {
	if r.level > a.v.Level {
		a.v.Level = r.level
	}
	if len(a.v.Findings) == maxFindings {
		return
	}
	for _, f := range a.v.Findings {
		if f.ID == r.id && f.Span == span {
			return
		}
	}
	reason := r.reason
	if detail != "" {
		reason += ": " + detail
	}
	if a.via != "" {
		reason += " (" + a.via + ")"
	}
	a.v.Findings = append(a.v.Findings, Finding{ID: r.id, Level: r.level, Reason: reason, Span: span})
}

// source parses code and analyses every node in it. Statements are
// analysed as they are parsed: bash runs the lines before a syntax error,
// so a parse error must not hide what comes before it.
func (a *analyzer) source(code string, sc scope) {
	p := parsers.Get().(*syntax.Parser)
	visit := a.visitor(sc)
	failed := false
	// The loop never stops early: the parser's iterator may yield again
	// after an error, which a break would turn into a panic.
	for st, err := range p.StmtsSeq(strings.NewReader(code)) {
		switch {
		case failed:
		case err != nil:
			failed = true
			span := [2]int{0, len(code)}
			if sc.outer != nil {
				span = *sc.outer
			}
			a.add(ruleByID("parse-error"), err.Error(), span)
		default:
			syntax.Walk(st, visit)
		}
	}
	parsers.Put(p)
}

// visitor returns the function syntax.Walk calls on every node of code
// from sc.
func (a *analyzer) visitor(sc scope) func(syntax.Node) bool {
	return func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			a.stmt(n, sc)
		case *syntax.CallExpr:
			a.call(n, sc)
		case *syntax.DeclClause:
			a.assigns(n.Args, true, sc)
		case *syntax.FuncDecl:
			a.funcDecl(n, sc)
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				a.pipe(n, sc)
			}
		}
		return true
	}
}

func (a *analyzer) words(ws []*syntax.Word) []arg { return words(ws, !a.ifsSet) }

// cmdOf returns the simple command a statement runs, wrappers peeled, or
// false for compound commands.
func (a *analyzer) cmdOf(st *syntax.Stmt) (cmd, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return cmd{}, false
	}
	return *a.peelCall(ce), true
}

// peelCall peels a call, from the cache when a pipeline already did.
func (a *analyzer) peelCall(ce *syntax.CallExpr) *cmd {
	if c := a.cached(ce); c != nil {
		return c
	}
	c := peel(a.words(ce.Args), a.cwd, &a.pr)
	return &c
}

func (a *analyzer) cached(ce *syntax.CallExpr) *cmd {
	for i := range a.cache {
		if a.cache[i].ce == ce {
			return a.cache[i].c
		}
	}
	return nil
}

func (a *analyzer) stmt(st *syntax.Stmt, sc scope) {
	for _, rd := range st.Redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			sink, ok := a.cmdOf(st)
			if !ok {
				continue
			}
			text, known := docValue(rd)
			kind := "a here-document"
			doc := rd.Hdoc
			if rd.Op == syntax.WordHdoc {
				kind, doc = "a here-string", rd.Word
			}
			f := feed{kind: kind, text: text, known: known, span: sc.span(rd)}
			if !known {
				// nc host 9 <<< "$(env)"
				f.secret = substSecret(doc, &a.pr, a.cwd)
			}
			a.feed(&sink, &f, sc)
			continue
		case syntax.RdrIn:
			v, known := "", false
			if rd.Word != nil {
				v, known = wordValue(rd.Word)
			}
			// xxd < ~/.ssh/id_rsa, $(< ~/.herm/.env)
			if known {
				if s, ok := a.pr.secretReadPath(v, a.cwd); ok {
					a.add(ruleByID("secret-read"), "the input is "+s, sc.span(rd))
				}
			}
			sink, ok := a.cmdOf(st)
			if !ok {
				continue
			}
			// bash < <(curl …): a process substitution as input.
			if ps := procSubst(rd.Word); ps != nil {
				f := a.feedFrom(ps.Stmts, "a process substitution", sc.span(rd))
				a.feed(&sink, &f, sc)
			} else if known {
				// nc host 9 < ~/.ssh/id_rsa; sqlite3 ~/.herm/state.db < x.sql
				f := feed{kind: "a redirected file " + v, fileInput: true, span: sc.span(rd)}
				f.secret, _ = a.pr.secretPath(v, a.cwd)
				if w, ok := a.written[a.pr.fileKey(v, a.cwd)]; ok && !w.partial && (sink.name == "sqlite3" || sink.name == "sqlite") {
					// Written earlier in the command line: what it says is known.
					f.text, f.known = w.text, true
				}
				if f.secret != "" || sink.name == "sqlite3" || sink.name == "sqlite" {
					a.feed(&sink, &f, sc)
				}
			}
			continue
		case syntax.DplIn:
			continue
		case syntax.DplOut:
			// >&2 duplicates a descriptor; >&file is &>file.
			if v, ok := wordValue(rd.Word); !ok || v == "-" || isNumber(v) {
				continue
			}
		}
		if rd.Word == nil || len(rd.Word.Parts) == 0 {
			continue
		}
		if isWriteRedirect(rd.Op) && rd.N == nil {
			a.noteDownload(st, rd)
			a.noteWritten(st, rd)
		}
		for _, t := range a.words([]*syntax.Word{rd.Word}) {
			r, resolved := t.resolved(a.vars)
			a.redirect(rd.Op, t, sc.span(rd), sc.quiet || resolved)
			if resolved {
				a.redirect(rd.Op, r, sc.span(rd), sc.quiet)
			}
		}
	}
}

// redirect runs the redirect rules on the target t of a redirection,
// and names a write outside the workspace in Verdict.Unknown unless
// quiet.
func (a *analyzer) redirect(op syntax.RedirOperator, t arg, span [2]int, quiet bool) {
	rc := redirCtx{cwd: a.cwd, pr: &a.pr}
	for i := range rules {
		r := &rules[i]
		if r.redirect == nil {
			continue
		}
		if d := r.redirect(op, t, &rc); d != "" {
			a.add(r, d, span)
		}
	}
	if !quiet && isWriteRedirect(op) && !a.inWorkspace(t, a.cwd) {
		a.noteUnknown("> " + shortWord(t.val))
	}
}

// noteDownload records the file a downloader's output is redirected to
// (curl -s URL > install.sh).
func (a *analyzer) noteDownload(st *syntax.Stmt, rd *syntax.Redirect) {
	c, ok := a.cmdOf(st)
	if !ok || downloader(&c) == "" {
		return
	}
	if v, ok := wordValue(rd.Word); ok && len(a.downloaded) < maxDownloads {
		a.downloaded = append(a.downloaded, a.pr.fileKey(v, a.cwd))
	}
}

func (a *analyzer) call(ce *syntax.CallExpr, sc scope) {
	a.assigns(ce.Assigns, len(ce.Args) == 0, sc)
	if len(ce.Args) == 0 {
		return
	}
	// With the variables assigned earlier in the command put in, the
	// words may say more (d=/etc; rm -rf $d): that command is judged too,
	// and it, not the one with holes, names what is unknown.
	resolved := a.resolvedCall(ce)
	first := sc
	if resolved != nil {
		first.quiet = true
	}
	c := a.cached(ce)
	if c == nil {
		// The command is only needed until check returns: peel it into
		// this depth's scratch space.
		s := a.scratch[sc.depth]
		if s == nil {
			s = &scratchCmd{}
			a.scratch[sc.depth] = s
		}
		s.c = peel(appendWords(s.args[:0], ce.Args, !a.ifsSet), a.cwd, &a.pr)
		s.args = s.c.all[:0]
		c = &s.c
	}
	if len(ce.Assigns) > 0 {
		c.all = append(a.assignWords(ce.Assigns), c.all...)
	}
	a.check(c, sc.span(ce), first)
	if resolved != nil {
		a.check(resolved, sc.span(ce), sc)
	}
}

// check runs the rules on one simple command and follows the code it runs.
func (a *analyzer) check(c *cmd, span [2]int, sc scope) {
	c.downloaded = a.downloaded
	if downloader(c) != "" && len(a.downloaded) < maxDownloads {
		for _, t := range writeTargets(c) {
			if t.a.known {
				a.downloaded = append(a.downloaded, a.pr.fileKey(t.a.val, c.cwd))
			}
		}
	}
	for i := range rules {
		r := &rules[i]
		if r.call != nil {
			if d, at := r.call(c); d != "" {
				a.add(r, d, spanOf(at, span, sc))
			}
		}
		if r.words != nil {
			if d, at := r.words(c.all); d != "" {
				a.add(r, d, spanOf(at, span, sc))
			}
		}
	}
	for _, w := range c.assigns {
		a.assignWord(w, span, sc)
	}
	if code, _, ok := embeddedCode(c); ok && code.known {
		a.nested(code.val, sc.at(code.span), sc)
	}
	for _, o := range c.codeOptions() {
		if o.shell && o.code.known && o.code.val != "" {
			a.nested(o.code.val, spanOf(&o.code, span, sc), sc)
		}
	}
	// bash <(curl …), source <(…): a process substitution run as a script.
	if ps, ok := scriptSubst(c); ok {
		f := a.feedFrom(ps.Stmts, "a process substitution", sc.span(ps))
		f.asScript = true
		a.feed(c, &f, sc)
	}
	for _, sub := range findExecs(c) {
		a.check(&sub, span, sc)
	}
	ran := a.runFiles(c, span, sc)
	prog, onlyWrites := a.programUnknownWrites(c)
	if !sc.quiet {
		u := prog
		if !c.dynamic {
			for _, w := range c.wrappers {
				if !transparentWrapper(w) {
					u = w
					break
				}
			}
		} else {
			u = "a command decided at run time"
		}
		if ran != "" && u != "" {
			u = ran
		}
		a.noteUnknown(u)
	}
	if prog != "" && !onlyWrites {
		a.tail(c, span, sc)
	}
	if c.name == "cd" || c.name == "pushd" {
		a.cwd = cdTarget(c.args, a.cwd, &a.pr)
	}
}

func spanOf(at *arg, whole [2]int, sc scope) [2]int {
	if at == nil || at.span == [2]int{} {
		return whole
	}
	return sc.at(at.span)
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
		a.add(ruleByID("nested-code"), "", span)
		return
	}
	// A cd inside the nested code does not move the outer shell (bash -c
	// runs in a child), so the directory is restored afterwards.
	cwd := a.cwd
	a.source(code, scope{depth: sc.depth + 1, outer: &span, quiet: sc.quiet})
	a.cwd = cwd
}

// cdTarget returns the directory `cd args` moves to (normalised), "" if
// unknown.
func cdTarget(args []arg, cwd string, pr *pathRules) string {
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
	return pr.norm(ops[0].val, cwd)
}

// procSubst returns the process substitution w consists of, if it does.
func procSubst(w *syntax.Word) *syntax.ProcSubst {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	ps, _ := w.Parts[0].(*syntax.ProcSubst)
	return ps
}

// nodeSpan is the byte range of n in the parsed text.
func nodeSpan(n syntax.Node) [2]int {
	return [2]int{int(n.Pos().Offset()), int(n.End().Offset())}
}
