package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxTailTries bounds how many of an unknown program's words are tried
// as the start of a command of their own.
const maxTailTries = 6

// tail judges what an unknown program may run: a program the guard does
// not know (poetry, kubectl exec, an unknown wrapper) whose arguments
// are themselves a dangerous command — `sometool rm -rf ~` — gets that
// command's findings, and a wrapped-command finding naming both. Each
// word that could name a program starts a try; the first that finds
// something ends them.
func (a *analyzer) tail(c *cmd, span [2]int, sc scope) {
	if a.inTail || c.name == "" || c.dynamic || isShell(c.name) || interpreter(c.name) != "" ||
		c.name == "eval" || wrapperSpecOK(c.name) {
		return
	}
	tries := 0
	first := true
	for i, w := range c.args {
		if tries == maxTailTries {
			break
		}
		if !w.known || strings.HasPrefix(w.val, "-") && w.val != "--" && !contains(tailVerbs, w.val) {
			continue
		}
		start := i
		if (w.val == "-c" || w.val == "--command" || w.val == "--run") && i+1 < len(c.args) && strings.ContainsAny(c.args[i+1].val, " ;|&") {
			// nix-shell --run 'CODE': code to run, judged as such.
			code := c.args[i+1]
			if !code.known || !parses(code.val) {
				continue // psql -c 'select …' is not shell code
			}
			tries++
			before, level := len(a.v.Findings), a.v.Level
			a.inTail = true
			a.nested(code.val, spanOf(&code, span, sc), scope{depth: sc.depth, outer: sc.outer, quiet: true})
			a.inTail = false
			if len(a.v.Findings) > before || a.v.Level > level {
				a.add(ruleByID("wrapped-command"), c.name+" "+w.val+" runs code given to it", span)
				return
			}
			continue
		}
		switch {
		case w.val == "--" || contains(tailVerbs, w.val):
			start = i + 1 // poetry run CMD, kubectl exec POD -- CMD
			if w.val != "--" {
				first = false
			}
		case first && tailStart(w.val):
			first = false // aa-exec /bin/sh, sometool bash -c …, foo rm -rf /
		default:
			first = false
			continue
		}
		if start >= len(c.args) || !c.args[start].known || !looksLikeProgram(c.args[start].val) {
			continue
		}
		tries++
		before, level := len(a.v.Findings), a.v.Level
		cwd, downloads := a.cwd, len(a.downloaded)
		sub := peel(c.args[start:], c.cwd, c.pr)
		inner := sc
		inner.quiet = true
		a.inTail = true
		a.check(&sub, span, inner)
		a.inTail = false
		a.cwd, a.downloaded = cwd, a.downloaded[:downloads]
		if len(a.v.Findings) > before || a.v.Level > level {
			a.add(ruleByID("wrapped-command"), c.name+" runs "+c.args[start].val+", given as its arguments", span)
			return
		}
	}
}

// tailVerbs are the words after which tools take a command to run:
// poetry run, pipenv run, npm exec, pnpm dlx, nix develop -c…
var tailVerbs = []string{"run", "exec", "x", "dlx", "do", "spawn", "-c", "--command", "--run"}

// tailStart reports whether the first operand of an unknown program, w,
// is a command of its own for sure: a program in a directory of programs
// or the working one, a shell, an interpreter, a wrapper, or a program
// that destroys. (A plain word is
// more often a subcommand — vagrant halt, virsh shutdown — than a
// command to run.)
func tailStart(w string) bool {
	b := baseName(w)
	if inSystemBin(w) || strings.HasPrefix(w, "./") || isShell(b) || interpreter(b) != "" || wrapperSpecOK(b) {
		return true
	}
	switch b {
	case "rm", "dd", "shred", "wipefs", "find", "chmod", "chown", "truncate", "mv", "cp", "curl", "wget":
		return true
	}
	return strings.HasPrefix(b, "mkfs")
}

// parses reports whether code is shell code the parser reads whole.
func parses(code string) bool {
	p := parsers.Get().(*syntax.Parser)
	defer parsers.Put(p)
	_, err := p.Parse(strings.NewReader(code), "")
	return err == nil
}

func wrapperSpecOK(name string) bool {
	_, ok := wrapperSpec(name)
	return ok
}

// looksLikeProgram reports whether w could be a program's name or path:
// no options, assignments, URLs, spaces or image tags.
func looksLikeProgram(w string) bool {
	if w == "" || w[0] == '-' || isNumber(w) || strings.ContainsAny(w, "=: \t\n'\"$`*?[]{}()<>|;&,@") {
		return false
	}
	base := baseName(w)
	return base != "" && base != "." && base != ".."
}
