package guard

import (
	"path"
	"strings"
)

// This file reads a Makefile the agent wrote, near enough to know which
// recipes `make [targets]` runs, so they can be analysed like commands.
// What it cannot follow (include, define, functions) is at worst
// analysed too much: when a goal has no rule it knows, every recipe is.

// maxExpansion bounds the length of a recipe line with its variables put
// in.
const maxExpansion = 16 << 10

// maxMakeTargets bounds the targets followed from the goals.
const maxMakeTargets = 64

// makefile is what the guard knows of a Makefile.
type makefile struct {
	vars  map[string]string
	rules []makeRule
	// shell are the commands $(shell …) and != run while the file is read.
	shell []string
}

type makeRule struct {
	targets, prereqs []string
	recipe           []string
}

// makeRecipes analyses the recipes make runs, when the agent wrote the
// Makefile.
func (a *analyzer) makeRecipes(c *cmd, span [2]int, sc scope) {
	dir := c.cwd
	var files, goals []string
	overrides := map[string]string{}
	for i := 0; i < len(c.args); i++ {
		v := c.args[i]
		if !v.known {
			continue
		}
		next := func() string {
			if i+1 < len(c.args) {
				i++
				return c.args[i].val
			}
			return ""
		}
		switch s := v.val; {
		case s == "-C" || s == "--directory":
			dir = a.pr.norm(next(), dir)
		case strings.HasPrefix(s, "--directory="):
			dir = a.pr.norm(strings.TrimPrefix(s, "--directory="), dir)
		case strings.HasPrefix(s, "-C") && len(s) > 2:
			dir = a.pr.norm(s[2:], dir)
		case s == "-f" || s == "--file" || s == "--makefile":
			files = append(files, next())
		case strings.HasPrefix(s, "--file=") || strings.HasPrefix(s, "--makefile="):
			_, f, _ := strings.Cut(s, "=")
			files = append(files, f)
		case strings.HasPrefix(s, "-f") && len(s) > 2:
			files = append(files, s[2:])
		case s == "-I" || s == "-o" || s == "-W" || s == "--include-dir" || s == "--old-file" || s == "--what-if" || s == "-E" || s == "--eval":
			next()
		case s == "-j" || s == "-l" || s == "--jobs" || s == "--load-average":
			if i+1 < len(c.args) && isNumber(c.args[i+1].val) {
				i++
			}
		case strings.HasPrefix(s, "-"):
		case strings.Contains(s, "="):
			k, val, _ := strings.Cut(s, "=")
			overrides[strings.TrimRight(strings.TrimSpace(k), ":?+")] = val
		default:
			goals = append(goals, s)
		}
	}
	if dir == "" && c.cwd != "" {
		return
	}
	if len(files) == 0 {
		files = []string{"GNUmakefile", "makefile", "Makefile"}
	}
	for _, f := range files {
		p := f
		if !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, homeMark) && dir != "" {
			p = path.Join(dir, f)
		}
		content, agent, exists := a.fileContent(p, dir)
		if !exists {
			continue
		}
		if agent {
			a.analyseMakefile(f, content, dir, goals, overrides, span, sc)
		}
		return // make reads the first it finds
	}
}

func (a *analyzer) analyseMakefile(name, content, dir string, goals []string, overrides map[string]string, span [2]int, sc scope) {
	if len(content) > MaxScript {
		a.add(ruleByID("agent-script"), name+" is too large to check", span)
		return
	}
	mf := parseMakefile(content)
	for k, v := range overrides {
		mf.vars[k] = v
	}
	for _, s := range mf.shell {
		a.analyseFile(name+" ($(shell …))", mf.expand(s, 0), dir, span, sc)
	}
	for _, line := range mf.recipes(goals) {
		a.analyseFile(name, mf.expand(line, 0), dir, span, sc)
	}
}

// parseMakefile reads the rules, recipes and variables of a Makefile.
func parseMakefile(content string) *makefile {
	mf := &makefile{vars: map[string]string{
		"RM": "rm -f", "CC": "cc", "CXX": "g++", "MAKE": "make", "AR": "ar", "SHELL": "/bin/sh",
		"CP": "cp", "MV": "mv", "INSTALL": "install",
	}}
	content = strings.ReplaceAll(content, "\\\n", " ")
	var cur *makeRule
	for _, line := range strings.Split(content, "\n") {
		if strings.HasPrefix(line, "\t") {
			if cur != nil {
				if l := strings.TrimLeft(strings.TrimSpace(line), "@-+"); l != "" {
					cur.recipe = append(cur.recipe, strings.TrimSpace(l))
				}
			}
			continue
		}
		l := stripMakeComment(line)
		if strings.TrimSpace(l) == "" {
			continue
		}
		mf.shell = append(mf.shell, shellCalls(l)...)
		word := strings.Fields(l)[0]
		switch word {
		case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "include", "-include", "sinclude",
			"define", "endef", "vpath", "unexport", ".PHONY:":
			cur = nil
			if word == ".PHONY:" {
				continue
			}
			continue
		}
		if k, v, op, ok := makeAssign(l); ok {
			cur = nil
			switch op {
			case "+=":
				mf.vars[k] = strings.TrimSpace(mf.vars[k] + " " + v)
			case "?=":
				if _, set := mf.vars[k]; !set {
					mf.vars[k] = v
				}
			case "!=":
				mf.shell = append(mf.shell, v)
			default:
				mf.vars[k] = v
			}
			continue
		}
		colon := strings.IndexByte(l, ':')
		if colon < 0 {
			cur = nil
			continue
		}
		targets := strings.Fields(l[:colon])
		rest := strings.TrimLeft(l[colon+1:], ":")
		var inline string
		if semi := strings.IndexByte(rest, ';'); semi >= 0 {
			rest, inline = rest[:semi], strings.TrimSpace(rest[semi+1:])
		}
		mf.rules = append(mf.rules, makeRule{targets: targets, prereqs: strings.Fields(rest)})
		cur = &mf.rules[len(mf.rules)-1]
		if inline != "" {
			cur.recipe = append(cur.recipe, strings.TrimLeft(inline, "@-+"))
		}
	}
	return mf
}

func stripMakeComment(l string) string {
	if i := strings.IndexByte(l, '#'); i >= 0 && (i == 0 || l[i-1] != '\\') {
		return l[:i]
	}
	return l
}

// makeAssign reads a variable assignment: NAME = value, NAME := value,
// override/export NAME ?= value…
func makeAssign(l string) (name, value, op string, ok bool) {
	s := strings.TrimSpace(l)
	for _, p := range []string{"override ", "export ", "private "} {
		s = strings.TrimPrefix(s, p)
	}
	i := strings.IndexAny(s, "=:!?+")
	if i <= 0 {
		return "", "", "", false
	}
	for _, o := range []string{"::=", ":::=", ":=", "?=", "+=", "!=", "="} {
		if strings.HasPrefix(s[i:], o) {
			name = strings.TrimSpace(s[:i])
			if strings.ContainsAny(name, " \t") {
				return "", "", "", false
			}
			return name, strings.TrimSpace(s[i+len(o):]), o, true
		}
	}
	return "", "", "", false
}

// shellCalls returns the commands of $(shell …) in l.
func shellCalls(l string) []string {
	var out []string
	for {
		i := strings.Index(l, "$(shell ")
		if i < 0 {
			return out
		}
		body, rest := matchParen(l[i+2:])
		out = append(out, strings.TrimPrefix(body, "shell "))
		l = rest
	}
}

// matchParen returns what is inside the parenthesis s starts after (s is
// just after the "("), and what follows it.
func matchParen(s string) (inside, rest string) {
	depth := 1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[:i], s[i+1:]
			}
		}
	}
	return s, ""
}

// recipes returns the recipe lines make runs for goals (the first
// target when none is given) and what they depend on. When a goal has
// no rule the guard knows, every recipe is returned.
func (mf *makefile) recipes(goals []string) []string {
	if len(goals) == 0 {
		for _, r := range mf.rules {
			for _, t := range r.targets {
				if !strings.HasPrefix(t, ".") && !strings.Contains(t, "%") {
					goals = []string{t}
					break
				}
			}
			if len(goals) > 0 {
				break
			}
		}
	}
	var out []string
	seen := map[string]bool{}
	queue := append([]string(nil), goals...)
	for n := 0; len(queue) > 0 && n < maxMakeTargets; n++ {
		t := queue[0]
		queue = queue[1:]
		if seen[t] {
			continue
		}
		seen[t] = true
		found := false
		for _, r := range mf.rules {
			stem, ok := r.matches(t)
			if !ok {
				continue
			}
			found = true
			for _, p := range r.prereqs {
				queue = append(queue, strings.ReplaceAll(p, "%", stem))
			}
			for _, l := range r.recipe {
				out = append(out, strings.ReplaceAll(l, "$*", stem))
			}
		}
		if !found && n < len(goals) {
			// A goal the guard cannot find a rule for: analyse it all.
			var all []string
			for _, r := range mf.rules {
				all = append(all, r.recipe...)
			}
			return all
		}
	}
	return out
}

// matches reports whether the rule makes target t, and the stem a
// pattern rule matched.
func (r *makeRule) matches(t string) (string, bool) {
	for _, rt := range r.targets {
		if rt == t {
			return "", true
		}
		if pre, post, ok := strings.Cut(rt, "%"); ok && strings.HasPrefix(t, pre) && strings.HasSuffix(t, post) && len(t) >= len(pre)+len(post) {
			return t[len(pre) : len(t)-len(post)], true
		}
	}
	return "", false
}

// expand puts make's variables into a recipe line: $(VAR), ${VAR}, $X;
// $$ is $; automatic variables and functions become words that stand
// for a file. A variable it does not know becomes a shell variable, so
// that the shell analysis sees a word decided at run time.
func (mf *makefile) expand(s string, depth int) string {
	if depth > 8 || !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if b.Len() > maxExpansion {
			return b.String() // X = $(X)$(X): no recipe line is that long
		}
		if s[i] != '$' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case '$':
			b.WriteByte('$')
		case '(', '{':
			closer := byte(')')
			if c == '{' {
				closer = '}'
			}
			end := strings.IndexByte(s[i+1:], closer)
			if c == '(' {
				inside, _ := matchParen(s[i+1:])
				end = len(inside)
			}
			if end < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			ref := s[i+1 : i+1+end]
			i += end + 1
			b.WriteString(mf.ref(ref, depth))
		case '@', '<', '^', '?', '*', '+', '|':
			b.WriteString("target")
		default:
			b.WriteString(mf.ref(string(c), depth))
		}
	}
	return b.String()
}

func (mf *makefile) ref(ref string, depth int) string {
	if strings.ContainsAny(ref, " ,") || strings.HasPrefix(ref, "@") || strings.HasPrefix(ref, "<") {
		if strings.HasPrefix(ref, "@") || strings.HasPrefix(ref, "<") || strings.HasPrefix(ref, "^") {
			return "target"
		}
		return "$MAKE_FUNCTION" // a function call: its value is not known
	}
	if v, ok := mf.vars[ref]; ok {
		return mf.expand(v, depth+1)
	}
	return "$MAKE_" + strings.Map(func(r rune) rune {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, ref)
}
