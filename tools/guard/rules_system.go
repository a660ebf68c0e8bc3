package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file holds the matchers of the rules about the system: fork bombs,
// signals, power, permissions and ownership.

// forkBomb matches a function that runs itself in the background and
// also more than once (piped into itself, or called twice): each call
// doubles the processes until the machine stops.
func forkBomb(fd *syntax.FuncDecl) string {
	if fd.Name == nil || fd.Body == nil {
		return ""
	}
	name := fd.Name.Value
	selfCalls, piped, background := 0, false, false
	// One pass, bottom up: Walk calls f(nil) after a node's children, so
	// a stack of "does this subtree call the function" flags answers for
	// every statement and pipeline without walking subtrees again.
	type frame struct {
		n     syntax.Node
		calls bool
	}
	var stack []frame
	syntax.Walk(fd.Body, func(n syntax.Node) bool {
		if n != nil {
			stack = append(stack, frame{n: n})
			return true
		}
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n := top.n.(type) {
		case *syntax.CallExpr:
			if len(n.Args) > 0 && peel(words(n.Args[:1], false), "", nil).name == name {
				selfCalls++
				top.calls = true
			}
		case *syntax.Stmt:
			background = background || n.Background && top.calls
		case *syntax.BinaryCmd:
			piped = piped || (n.Op == syntax.Pipe || n.Op == syntax.PipeAll) && top.calls
		}
		if top.calls && len(stack) > 0 {
			stack[len(stack)-1].calls = true
		}
		return true
	})
	if background && (piped || selfCalls >= 2) {
		return name
	}
	return ""
}

// killSignal reads kill's leading signal option and returns it ("" for
// the default TERM) with the operands after it.
func killSignal(args []arg) (sig string, rest []arg) {
	if len(args) == 0 || !args[0].known {
		return "", args
	}
	v := args[0].val
	switch {
	case v == "-s" || v == "-n" || v == "--signal":
		if len(args) > 1 {
			return args[1].val, args[2:]
		}
		return "", nil
	case v == "--":
		return "", args[1:]
	case v == "-l" || v == "-L" || v == "--list" || v == "--table":
		return "", nil
	case v == "-1" && len(args) == 1:
		return "", args // kill -1 alone: no pid given, so -1 is the pid
	case len(v) > 1 && v[0] == '-':
		rest = args[1:]
		if len(rest) > 0 && rest[0].known && rest[0].val == "--" {
			rest = rest[1:]
		}
		return v[1:], rest
	}
	return "", args
}

func killsAll(c *cmd) (string, *arg) {
	switch c.name {
	case "killall5":
		return "killall5", nil
	case "kill":
	default:
		return "", nil
	}
	_, rest := killSignal(c.args)
	// Pids may be negative, so everything left is an operand; -1 is
	// every process.
	for i, a := range rest {
		if a.known && a.val == "-1" {
			return "kill -1", &rest[i]
		}
	}
	return "", nil
}

// killsMany matches pkill and killall (they pick processes by name, often
// more than meant), kill -9 of several processes or a process group, and
// kill of pids decided at run time that may turn out to be -1 (every
// process): with a signal given, any of them; without, one that word
// splitting may turn into "-9 -1". (kill is a shell builtin, which the
// exec-time check never sees.)
func killsMany(c *cmd) (string, *arg) {
	switch c.name {
	case "pkill", "killall", "skill", "slay":
		if len(c.args) == 1 && c.args[0].known && contains([]string{"-l", "--list", "-V", "--version", "-h", "--help"}, c.args[0].val) {
			return "", nil // lists signals or says its version
		}
		return c.name, nil
	case "kill":
	default:
		return "", nil
	}
	sig, rest := killSignal(c.args)
	for i, a := range rest {
		if !a.known && !isLastJobPID(a.word) && (sig != "" || splittable(a.word)) {
			return "kill of processes decided at run time", &rest[i]
		}
	}
	sig = strings.TrimPrefix(strings.ToUpper(sig), "SIG")
	if sig != "9" && sig != "KILL" {
		return "", nil
	}
	n := 0
	for i, a := range rest {
		switch {
		case strings.HasPrefix(a.val, "-") && a.val != "-1":
			return "kill -9 of a whole process group", &rest[i]
		case !strings.HasPrefix(a.val, "%"):
			n++
		}
	}
	if n >= 2 {
		return "kill -9 of several processes", nil
	}
	return "", nil
}

// isLastJobPID reports whether w is $! or "$!", the pid of the last job
// started in the background: never -1.
func isLastJobPID(w *syntax.Word) bool {
	if w == nil || len(w.Parts) != 1 {
		return false
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	pe, ok := p.(*syntax.ParamExp)
	return ok && isPlainParam(pe, "!")
}

func shutsDown(c *cmd) (string, *arg) {
	switch c.name {
	case "shutdown":
		for _, a := range c.args {
			if a.known && (a.val == "-c" || a.val == "--help") {
				return "", nil
			}
		}
		return c.name, nil
	case "reboot", "halt", "poweroff":
		return c.name, nil
	case "systemctl", "loginctl":
		if ops := operands(c.args); len(ops) > 0 && ops[0].known {
			switch ops[0].val {
			case "poweroff", "reboot", "halt", "kexec", "soft-reboot":
				return c.name + " " + ops[0].val, nil
			}
		}
	case "init", "telinit":
		if ops := operands(c.args); len(ops) > 0 && ops[0].known && (ops[0].val == "0" || ops[0].val == "6") {
			return c.name + " " + ops[0].val, nil
		}
	}
	return "", nil
}

// chmodWorldWritable matches modes that let every user write: 777, o+w,
// a=rwx… (A bare +w is masked by the umask, so it does not count.)
func chmodWorldWritable(c *cmd) (string, *arg) {
	mode := chmodMode(c)
	if mode == nil {
		return "", nil
	}
	m := mode.val
	if isOctal(m) {
		if len(m) >= 1 && (m[len(m)-1]-'0')&2 != 0 {
			return "chmod " + m, mode
		}
		return "", nil
	}
	for _, clause := range strings.Split(m, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		who, perms := clause[:i], clause[i+1:]
		if strings.ContainsAny(who, "oa") && strings.Contains(perms, "w") {
			return "chmod " + m, mode
		}
	}
	return "", nil
}

// chmodSetuid matches modes that make a program run as its owner or group.
func chmodSetuid(c *cmd) (string, *arg) {
	mode := chmodMode(c)
	if mode == nil {
		return "", nil
	}
	m := mode.val
	if isOctal(m) {
		if len(m) == 4 && (m[0]-'0')&6 != 0 {
			return "chmod " + m, mode
		}
		return "", nil
	}
	for _, clause := range strings.Split(m, ",") {
		if i := strings.IndexAny(clause, "+="); i >= 0 && strings.Contains(clause[i+1:], "s") {
			return "chmod " + m, mode
		}
	}
	return "", nil
}

// chmodMode returns chmod's mode argument, nil if there is none or it is
// decided at run time.
func chmodMode(c *cmd) *arg {
	if c.name != "chmod" {
		return nil
	}
	for i, a := range c.args {
		if !a.known || strings.HasPrefix(a.val, "--reference") {
			return nil
		}
		// Options are letters; a mode may start with - too (-w), but
		// those only remove permissions.
		if strings.HasPrefix(a.val, "-") {
			continue
		}
		return &c.args[i]
	}
	return nil
}

func isOctal(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}

func chownRecursive(c *cmd) (string, *arg) {
	if (c.name == "chown" || c.name == "chgrp") && hasAnyOpt(c.args, "R", "recursive") {
		return c.name + " -R", nil
	}
	return "", nil
}

// systemPermissions matches a recursive chmod, chown or chgrp of the root
// or a system directory: chmod -R 777 / or chown -R me /usr leave a
// machine that sudo and ssh refuse to trust. (A home directory is not
// included: fixing the owner of one's own files is common, and undone as
// easily.)
func systemPermissions(c *cmd) (string, *arg) {
	switch c.name {
	case "chmod", "chown", "chgrp":
	default:
		return "", nil
	}
	if !hasAnyOpt(c.args, "R", "recursive") {
		return "", nil
	}
	ops := operands(c.args)
	if !hasReference(c.args) && len(ops) > 0 {
		ops = ops[1:] // the mode or owner
	}
	for i, a := range ops {
		if !a.known {
			continue
		}
		p := c.pr.protectedPath(a.val, c.cwd)
		if _, inHome := homeRelative(p + "/"); p == "" || p == homeMark || inHome {
			continue
		}
		return c.name + " -R " + p, &ops[i]
	}
	return "", nil
}

func hasReference(args []arg) bool {
	for _, a := range args {
		if strings.HasPrefix(a.val, "--reference") {
			return true
		}
	}
	return false
}
