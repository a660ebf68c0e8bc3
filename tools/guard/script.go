package guard

import (
	"encoding/json"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file holds what the guard does with files a command runs as code:
// a script (bash x.sh, ./x.sh, source x), a Makefile's recipes
// (make.go), package.json's scripts (npm run), a git alias. A file the
// agent wrote — in this session (Options.Script says) or earlier in the
// same command line (cat > x.sh <<EOF) — is analysed like a command, and
// the command inherits its findings. The exec-time check does the same
// with the file as it is when it runs.

// MaxScript bounds the size of a file the agent wrote that is analysed
// (Options.Script need read no more than one byte past it); a bigger one
// asks.
const MaxScript = 64 << 10

// writtenFile is a file an earlier command of the command line wrote
// with known content.
type writtenFile struct {
	text string
	// partial is set when the command appended to the file: what it held
	// before is not known.
	partial bool
}

// noteWritten records the content a redirection writes into a file,
// when the command printing it is known: echo, printf, cat of a
// here-document.
func (a *analyzer) noteWritten(st *syntax.Stmt, rd *syntax.Redirect) {
	target, ok := wordValue(rd.Word)
	if !ok {
		return
	}
	key := a.pr.fileKey(target, a.cwd)
	s := a.stageFacts(st, false)
	if !s.ok || !s.known || !s.prints {
		delete(a.written, key) // written, with what is not known
		return
	}
	if a.written == nil {
		a.written = map[string]writtenFile{}
	}
	if len(a.written) >= maxDownloads {
		return
	}
	w := writtenFile{text: s.text}
	if rd.Op == syntax.AppOut || rd.Op == syntax.AppAll {
		if old, ok := a.written[key]; ok {
			w.text, w.partial = old.text+w.text, old.partial
		} else {
			w.partial = true
		}
	}
	a.written[key] = w
}

// fileContent returns the content of the file p (relative to cwd) when
// the agent wrote it, whether it did, and whether the file is there at
// all (as far as anyone can tell).
func (a *analyzer) fileContent(p, cwd string) (content string, agent, exists bool) {
	key := a.pr.fileKey(p, cwd)
	w, ok := a.written[key]
	if ok && !w.partial {
		return w.text, true, true
	}
	if a.script == nil {
		return w.text, ok, ok
	}
	abs := a.absPath(p, cwd)
	if abs == "" {
		return w.text, ok, ok
	}
	data, agentWritten, err := a.script(abs)
	if err != nil {
		return w.text, ok, ok
	}
	if !agentWritten {
		return w.text, ok, true
	}
	if len(data) > MaxScript+1 {
		data = data[:MaxScript+1]
	}
	return string(data) + w.text, true, true
}

// absPath returns p (relative to cwd) as an absolute path of this
// machine, "" when that is not known.
func (a *analyzer) absPath(p, cwd string) string {
	n := a.pr.norm(p, cwd)
	switch {
	case n == "":
		return ""
	case n == homeMark || strings.HasPrefix(n, homeMark+"/"):
		if a.pr.home == "" {
			return ""
		}
		return a.pr.home + n[len(homeMark):]
	case strings.HasPrefix(n, "/"):
		return n
	}
	return ""
}

// runFiles analyses the files c runs as code when the agent wrote them,
// and returns the Unknown entry of a command running a script or a
// program file ("bash x.sh", "python3 app.py"), "" for others.
func (a *analyzer) runFiles(c *cmd, span [2]int, sc scope) string {
	switch {
	case c.name == "":
		return ""
	case isShell(c.name):
		hasC, _, op := shellArgs(c.args)
		if hasC || op == nil || !op.known || op.val == "-" {
			return ""
		}
		a.shellFile(op.val, c.cwd, true, span, sc)
		return c.name + " " + op.val
	case c.name == "source" || c.name == ".":
		if len(c.args) == 0 || !c.args[0].known {
			return ""
		}
		a.shellFile(c.args[0].val, c.cwd, true, span, sc)
		return c.name + " " + c.args[0].val
	case interpreter(c.name) != "":
		if ia := interpreterArgs(c); ia.code == nil && ia.script != nil && ia.script.known && ia.script.val != "-" {
			return c.name + " " + ia.script.val
		}
		return ""
	case c.name == "make" || c.name == "gmake":
		a.makeRecipes(c, span, sc)
	case c.name == "npm" || c.name == "yarn" || c.name == "pnpm" || c.name == "bun":
		a.packageScripts(c, span, sc)
	case c.name == "git":
		a.gitAlias(c, span, sc)
	case strings.Contains(c.word.val, "/") && c.word.known && !inSystemBin(c.word.val):
		a.shellFile(c.word.val, c.cwd, false, span, sc)
	}
	return ""
}

// shellFile analyses the script p (relative to cwd) when the agent wrote
// it. explicit says a shell runs it (bash x.sh), whatever its first line
// says; otherwise the kernel picks the interpreter from it, and a script
// for another language, or a binary, is not looked into.
func (a *analyzer) shellFile(p, cwd string, explicit bool, span [2]int, sc scope) {
	content, agent, _ := a.fileContent(p, cwd)
	if !agent {
		return
	}
	if isBinary(content) {
		return
	}
	if !explicit {
		if interp := shebang(content); interp != "" && !isShell(interp) {
			return
		}
	}
	a.analyseFile(p, content, cwd, span, sc)
}

// isBinary reports whether content looks like a program rather than text.
func isBinary(content string) bool {
	head := content[:min(len(content), 1024)]
	return strings.IndexByte(head, 0) >= 0 || strings.HasPrefix(head, "\x7fELF")
}

// shebang returns the interpreter a script's #! line names ("bash",
// "python3"), "" when it has none.
func shebang(content string) string {
	if !strings.HasPrefix(content, "#!") {
		return ""
	}
	line, _, _ := strings.Cut(content[2:], "\n")
	f := strings.Fields(line)
	if len(f) == 0 {
		return ""
	}
	interp := baseName(f[0])
	if interp == "env" {
		for _, w := range f[1:] {
			if !strings.HasPrefix(w, "-") && !strings.Contains(w, "=") {
				return baseName(w)
			}
		}
	}
	return interp
}

// analyseFile analyses the content of a file the agent wrote as shell
// code run in dir, reporting its findings at span with the file named.
func (a *analyzer) analyseFile(name, content, dir string, span [2]int, sc scope) {
	if len(content) > MaxScript {
		a.add(ruleByID("agent-script"), name+" is too large to check", span)
		return
	}
	if sc.depth >= maxDepth {
		a.add(ruleByID("nested-code"), "", span)
		return
	}
	via, cwd, vs := a.via, a.cwd, a.vars
	a.via, a.cwd, a.vars = "in "+name+", which the agent wrote", dir, nil
	a.source(content, scope{depth: sc.depth + 1, outer: &span, quiet: true})
	a.via, a.cwd, a.vars = via, cwd, vs
}

// packageScripts analyses the package.json scripts a package manager
// runs — npm run NAME and its pre and post scripts, npm test, the
// install scripts of npm install — when the agent wrote package.json.
func (a *analyzer) packageScripts(c *cmd, span [2]int, sc scope) {
	dir := c.cwd
	var ops []arg
	for i := 0; i < len(c.args); i++ {
		v := c.args[i]
		switch {
		case !v.known:
			ops = append(ops, v)
		case v.val == "--":
			i = len(c.args)
		case v.val == "--prefix" || v.val == "-C" || v.val == "--dir" || v.val == "--cwd":
			if i+1 < len(c.args) && c.args[i+1].known {
				dir = a.pr.norm(c.args[i+1].val, c.cwd)
			}
			i++
		case strings.HasPrefix(v.val, "--prefix=") || strings.HasPrefix(v.val, "--dir=") || strings.HasPrefix(v.val, "--cwd="):
			_, d, _ := strings.Cut(v.val, "=")
			dir = a.pr.norm(d, c.cwd)
		case strings.HasPrefix(v.val, "-"):
		default:
			ops = append(ops, v)
		}
	}
	if dir == "" && c.cwd != "" {
		return
	}
	var names []string
	sub := ""
	if len(ops) > 0 {
		if !ops[0].known {
			return
		}
		sub = ops[0].val
	}
	switch {
	case sub == "run" || sub == "run-script" || sub == "rum" || sub == "urn":
		if len(ops) < 2 || !ops[1].known {
			return
		}
		names = prePost(ops[1].val)
	case sub == "test" || sub == "t" || sub == "tst" || sub == "start" || sub == "stop":
		if sub == "t" || sub == "tst" {
			sub = "test"
		}
		names = prePost(sub)
	case sub == "restart":
		names = append(prePost("restart"), append(prePost("stop"), prePost("start")...)...)
	case sub == "" && c.name == "yarn" || (sub == "install" || sub == "i" || sub == "ci" || sub == "add") && len(ops) <= 1:
		names = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}
	case c.name != "npm" && sub != "":
		names = prePost(sub) // yarn build, pnpm build: a script by that name
	default:
		return
	}
	file := path.Join(dir, "package.json")
	if dir == "" {
		file = "package.json"
	}
	content, agent, _ := a.fileContent(file, "")
	if !agent {
		return
	}
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if err := json.Unmarshal([]byte(content), &pkg); err != nil {
		a.add(ruleByID("agent-script"), "package.json cannot be read", span)
		return
	}
	for _, n := range names {
		if script, ok := pkg.Scripts[n]; ok {
			a.analyseFile("package.json's "+n+" script", script, dir, span, sc)
		}
	}
}

// prePost returns the scripts npm runs for the script name.
func prePost(name string) []string { return []string{"pre" + name, name, "post" + name} }

// gitAlias analyses the alias git runs for a command that is not one of
// its own, when the agent wrote the configuration defining it: the
// repository's (found from the directory up), or the user's.
func (a *analyzer) gitAlias(c *cmd, span [2]int, sc scope) {
	dir := c.cwd
	i := 0
	for ; i < len(c.args) && c.args[i].known && strings.HasPrefix(c.args[i].val, "-"); i++ {
		switch v := c.args[i].val; {
		case v == "-C" && i+1 < len(c.args):
			i++
			dir = a.pr.norm(c.args[i].val, dir)
		case v == "-c" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" || v == "--config-env":
			i++
		}
	}
	if i >= len(c.args) || !c.args[i].known {
		return
	}
	name := c.args[i].val
	if gitBuiltin(name) {
		return
	}
	var files []string
	for d, n := dir, 0; d != "" && n < 16; n++ {
		files = append(files, path.Join(d, ".git", "config"))
		parent := path.Dir(d)
		if parent == d || d == homeMark {
			break
		}
		d = parent
	}
	files = append(files, homeMark+"/.gitconfig", homeMark+"/.config/git/config")
	for _, f := range files {
		content, agent, _ := a.fileContent(f, "")
		if !agent {
			continue
		}
		if value, ok := gitConfigAlias(content, name); ok {
			code := "git " + value
			if s, ok := strings.CutPrefix(value, "!"); ok {
				code = s
			}
			a.analyseFile(f+"'s alias "+name, code, dir, span, sc)
			return
		}
	}
}

// gitConfigAlias returns the value of alias name in a git configuration.
func gitConfigAlias(content, name string) (string, bool) {
	section := ""
	for _, line := range strings.Split(content, "\n") {
		l := strings.TrimSpace(line)
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		if l[0] == '[' {
			section = strings.ToLower(strings.Trim(strings.TrimSpace(strings.Trim(l, "[]")), `"`))
			continue
		}
		if section != "alias" {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), name) {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`)
		}
		return v, true
	}
	return "", false
}

// gitBuiltin reports whether name is one of git's own commands, which
// an alias cannot replace.
func gitBuiltin(name string) bool {
	for i := range gitSubs {
		if gitSubs[i].name == name {
			return true
		}
	}
	switch name {
	case "push", "help", "bisect", "submodule", "filter-branch", "difftool", "mergetool", "send-email",
		"daemon", "instaweb", "gui", "citool", "gitk", "p4", "svn", "request-pull", "bundle", "maintenance",
		"prune", "repack", "pack-objects", "update-ref", "update-index", "symbolic-ref", "hash-object",
		"write-tree", "read-tree", "commit-tree", "mktag", "var", "credential", "check-ignore",
		"check-attr", "interpret-trailers", "rerere", "replace", "verify-commit", "verify-tag", "mailinfo",
		"mailsplit", "upload-pack", "receive-pack", "http-backend", "shell", "column", "stripspace", "init-db":
		return true
	}
	return false
}
