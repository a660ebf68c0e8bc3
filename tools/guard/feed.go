package guard

import (
	"mvdan.cc/sh/v3/syntax"
)

// This file holds what the rules know about input reaching a command —
// through a pipe, a here-document or a process substitution — and the
// matchers of the rules about running it as code.

// feed is input reaching a command: through a pipe, a here-document or
// here-string, or a process substitution it reads as a script.
type feed struct {
	kind string // "a pipe", "a here-document", …
	// text is the input when it is known (a literal here-document, echo
	// of literal words); known says whether it is.
	text  string
	known bool
	// printed is set when the input is printed by echo, printf or cat of
	// a here-document; download and decode name the command that
	// downloaded or decoded it ("curl", "base64 -d").
	printed          bool
	download, decode string
	// asScript is set when the input is the script file of the command
	// (bash <(…), source <(…)) rather than its standard input.
	asScript bool
	// fileInput is set for a plain file redirected to the input
	// (cmd < file): judged only for secrets, as running a script file is.
	fileInput bool
	// secret describes a secret file the input carries, "" if none.
	secret string
	span   [2]int
}

// stageFacts is what one stage of a pipeline contributes to the input of
// the stages after it.
type stageFacts struct {
	c  cmd
	ok bool // a simple command
	// download, decode and secret as in feed.
	download, decode, secret string
	// text is what the stage prints when known (echo, printf, cat of a
	// here-document).
	text          string
	known, prints bool
}

func (a *analyzer) stageFacts(st *syntax.Stmt, wantSecret bool) stageFacts {
	var s stageFacts
	s.c, s.ok = a.cmdOf(st)
	if !s.ok {
		s.download = a.findDownload(st)
		return s
	}
	c := &s.c
	s.download = downloader(c)
	if s.download == "" && hasUnknown(c.all) {
		if d := a.findDownload(st); d != "" {
			s.download = d + " (in a substitution)"
		}
	}
	s.decode = decoder(c)
	if wantSecret {
		s.secret = secretIn(c)
	}
	if t, ok := printedText(c); ok {
		s.text, s.known, s.prints = t, true, true
	} else if c.name == "cat" && len(operands(c.args)) == 0 {
		for _, rd := range st.Redirs {
			if rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc {
				s.text, s.known = docValue(rd)
				s.prints = true
			}
		}
	}
	return s
}

// add folds a stage's output into f, the input of the next stage.
func (f *feed) add(s *stageFacts) {
	if s.download != "" {
		f.download = s.download
	}
	if s.decode != "" {
		f.decode = s.decode
	}
	if f.secret == "" {
		f.secret = s.secret
	}
	// Only the last stage's text reaches the next command.
	f.text, f.known, f.printed = s.text, s.known, s.prints
}

// feedFrom describes the output of stmts (a process substitution's
// statements) as input for a command.
func (a *analyzer) feedFrom(stmts []*syntax.Stmt, kind string, span [2]int) feed {
	f := feed{kind: kind, span: span}
	for _, st := range stmts {
		s := a.stageFacts(st, true)
		f.add(&s)
	}
	return f
}

func hasUnknown(ws []arg) bool {
	for _, w := range ws {
		if !w.known {
			return true
		}
	}
	return false
}

// findDownload returns the name of a command in n that downloads from the
// network, "" if there is none.
func (a *analyzer) findDownload(n syntax.Node) string {
	found := ""
	syntax.Walk(n, func(n syntax.Node) bool {
		if found != "" {
			return false
		}
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			c := peel(a.words(ce.Args), "", &a.pr)
			found = downloader(&c)
		}
		return true
	})
	return found
}

// downloader returns the name of c when it fetches data from the network
// onto its output.
func downloader(c *cmd) string {
	switch c.name {
	case "curl", "wget", "fetch", "aria2c", "http", "https", "xh", "lwp-request", "GET",
		"lynx", "w3m", "nc", "ncat", "netcat", "socat", "ftp", "tftp":
		return c.name
	}
	return ""
}

// decoder returns a description of c when it decodes, decompresses or
// decrypts its input: output nobody has read.
func decoder(c *cmd) string {
	switch c.name {
	case "base64", "base32", "basenc":
		if hasAnyOpt(c.args, "d", "D", "decode") {
			return c.name + " -d"
		}
	case "xxd":
		if hasAnyOpt(c.args, "r", "revert") {
			return "xxd -r"
		}
	case "openssl":
		if hasOperand(c.args, "enc", "base64", "aes-256-cbc", "des3") && (hasLongWord(c.args, "-d") || hasLongWord(c.args, "-base64")) {
			return "openssl -d"
		}
	case "gzip", "bzip2", "xz", "zstd", "lzma", "brotli":
		if hasAnyOpt(c.args, "d", "decompress") {
			return c.name + " -d"
		}
	case "gunzip", "zcat", "bunzip2", "bzcat", "unxz", "xzcat", "unzstd", "zstdcat", "uudecode",
		"rev", "tr", "gpg", "unlzma", "lzcat":
		return c.name
	}
	return ""
}

// hasLongWord reports whether args hold exactly the word w (openssl's
// single-dash long options).
func hasLongWord(args []arg, w string) bool {
	for _, a := range args {
		if a.known && a.val == w {
			return true
		}
	}
	return false
}

// runsShellInput reports whether sink runs f as shell code.
func runsShellInput(sink *cmd, f *feed) bool {
	if f.asScript {
		return isShell(sink.name) || sink.name == "source" || sink.name == "."
	}
	return readsStdinCode(sink)
}

// runsInput reports whether sink runs f as code of any language, and
// names the runner.
func runsInput(sink *cmd, f *feed) bool {
	if runsShellInput(sink, f) || codeFromInput(sink) {
		return true
	}
	if interpreter(sink.name) == "" {
		return false
	}
	if f.asScript {
		return true
	}
	ia := interpreterArgs(sink)
	return ia.code == nil && !ia.module && (ia.script == nil || ia.script.known && ia.script.val == "-")
}

// scriptSubst returns the process substitution c runs as its script:
// bash <(curl …), source <(…), python3 <(…).
func scriptSubst(c *cmd) (*syntax.ProcSubst, bool) {
	var script *arg
	switch {
	case isShell(c.name):
		if hasC, _, op := shellArgs(c.args); !hasC {
			script = op
		}
	case c.name == "source" || c.name == ".":
		if len(c.args) > 0 {
			script = &c.args[0]
		}
	case interpreter(c.name) != "":
		if ia := interpreterArgs(c); ia.code == nil {
			script = ia.script
		}
	}
	if script == nil || script.known {
		return nil, false
	}
	ps := procSubst(script.word)
	return ps, ps != nil
}

func downloadExec(sink *cmd, f *feed) string {
	if f.download == "" || f.fileInput || !runsInput(sink, f) {
		return ""
	}
	return f.download + " output run by " + sink.name
}

func decodeExec(sink *cmd, f *feed) string {
	if f.download != "" || f.fileInput || !runsInput(sink, f) {
		return ""
	}
	switch {
	case f.decode != "":
		return f.decode + " output run by " + sink.name
	case f.printed && f.kind != "a here-document" && f.kind != "a here-string":
		return "printed text run by " + sink.name
	}
	return ""
}

func stdinCode(sink *cmd, f *feed) string {
	if f.download != "" || f.decode != "" || f.fileInput || !runsInput(sink, f) {
		return ""
	}
	if f.printed && f.kind != "a here-document" && f.kind != "a here-string" {
		return "" // decode-exec
	}
	return f.kind + " run as code by " + sink.name
}

// pipe checks what flows into each command of a pipeline: curl … | sh,
// base64 -d | bash, echo 'DROP TABLE t' | sqlite3 db. Pipes nest to the
// left ((a | b) | c); the outermost one judges the whole pipeline, once.
func (a *analyzer) pipe(b *syntax.BinaryCmd, sc scope) {
	if a.piped[b] {
		return
	}
	stages := []*syntax.Stmt{b.Y}
	for x := b.X; ; {
		inner, ok := x.Cmd.(*syntax.BinaryCmd)
		if !ok || inner.Op != syntax.Pipe && inner.Op != syntax.PipeAll {
			stages = append(stages, x)
			break
		}
		if a.piped == nil {
			a.piped = map[*syntax.BinaryCmd]bool{}
		}
		a.piped[inner] = true
		stages = append(stages, inner.Y)
		x = inner.X
	}
	// stages is last-first; put it in pipeline order.
	for i, j := 0, len(stages)-1; i < j; i, j = i+1, j-1 {
		stages[i], stages[j] = stages[j], stages[i]
	}
	facts := make([]stageFacts, len(stages))
	for i, st := range stages {
		facts[i] = a.stageFacts(st, false)
		if ce, ok := st.Cmd.(*syntax.CallExpr); ok && facts[i].ok && len(a.cache) < maxCache {
			if a.cache == nil {
				a.cache = make([]cachedCmd, 0, len(stages))
			}
			a.cache = append(a.cache, cachedCmd{ce, &facts[i].c})
		}
	}
	// Secrets read by a stage matter only when a later stage sends its
	// input away.
	for k := len(stages) - 1; k >= 1; k-- {
		if facts[k].ok && isSender(&facts[k].c) {
			for i := range k {
				if facts[i].ok {
					facts[i].secret = secretIn(&facts[i].c)
				} else if declDump(stages[i]) {
					facts[i].secret = "the environment (API keys and tokens)"
				}
			}
			break
		}
	}
	var f, fk feed
	f.kind = "a pipe"
	for k := 1; k < len(stages); k++ {
		f.add(&facts[k-1])
		if !facts[k].ok {
			continue
		}
		fk = f
		fk.span = sc.at([2]int{int(stages[0].Pos().Offset()), int(stages[k].End().Offset())})
		a.feed(&facts[k].c, &fk, sc)
	}
}

// feed runs the feed rules on input reaching sink, and re-parses input a
// shell will run when its text is known.
func (a *analyzer) feed(sink *cmd, f *feed, sc scope) {
	for i := range rules {
		r := &rules[i]
		if r.feed == nil {
			continue
		}
		if d := r.feed(sink, f); d != "" {
			a.add(r, d, f.span)
		}
	}
	if f.known && runsShellInput(sink, f) {
		a.nested(f.text, f.span, sc)
	}
}
