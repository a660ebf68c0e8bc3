package guard

import (
	"path"
	"strings"
)

// cmd is a simple command as the rules see it: wrappers peeled, the
// command word reduced to its base name.
type cmd struct {
	// name is the base name of the command run ("rm" for /bin/rm), or ""
	// when it is decided at run time ($CMD) or absent (a bare `sudo -s`).
	name string
	// args are the words after the command word.
	args []arg
	// wrappers are the commands peeled off, outermost first.
	wrappers []string
	// cwd is the directory an earlier literal cd moved to, "" if unknown.
	cwd string
	// code is a string the command line itself runs as code (env -S).
	code *arg
}

// peel strips the wrappers that run their arguments as a command (sudo,
// env, nohup, timeout…) so the rules see the command that really runs.
func peel(args []arg, cwd string) cmd {
	c := cmd{cwd: cwd}
	for len(args) > 0 {
		if !args[0].known {
			return c
		}
		name := baseName(args[0].val)
		rest := args[1:]
		switch name {
		case "sudo":
			rest = skipAssigns(skipOpts(rest, "CDgpRrtTUu",
				"close-from", "chdir", "group", "prompt", "chroot", "role", "type",
				"command-timeout", "other-user", "user"))
		case "doas":
			rest = skipOpts(rest, "Cu")
		case "env":
			rest, c.code = envArgs(rest)
		case "command":
			if hasShortOpt(rest, 'v') || hasShortOpt(rest, 'V') {
				// command -v only looks the name up.
				return c
			}
			rest = skipOpts(rest, "")
		case "builtin", "nohup", "setsid", "busybox":
			rest = skipOpts(rest, "")
		case "exec":
			rest = skipOpts(rest, "a")
		case "nice":
			rest = skipOpts(rest, "n", "adjustment")
		case "ionice":
			rest = skipOpts(rest, "cnpPu", "class", "classdata", "pid", "pgid", "uid")
		case "time":
			rest = skipOpts(rest, "fo", "format", "output")
		case "stdbuf":
			rest = skipOpts(rest, "ioe", "input", "output", "error")
		case "timeout":
			rest = skipOpts(rest, "ks", "kill-after", "signal")
			if len(rest) > 0 {
				rest = rest[1:] // the duration
			}
		case "xargs":
			rest = skipOpts(rest, "adEILnPs",
				"arg-file", "delimiter", "max-lines", "max-args", "max-procs",
				"max-chars", "process-slot-var")
		default:
			c.name = name
			c.args = rest
			return c
		}
		c.wrappers = append(c.wrappers, name)
		args = rest
	}
	return c
}

// baseName is the command name without its directory, as the shell would
// find it on PATH.
func baseName(p string) string {
	if p == "" {
		return ""
	}
	return path.Base(p)
}

// skipOpts drops the leading options of a wrapper's argument list.
// shortVal lists the short options that take a value; longVal the long
// ones (without "--") that take one when not written --name=value.
func skipOpts(args []arg, shortVal string, longVal ...string) []arg {
	for len(args) > 0 && args[0].known {
		v := args[0].val
		if v == "--" {
			return args[1:]
		}
		if len(v) < 2 || v[0] != '-' {
			return args
		}
		args = args[1:]
		if strings.HasPrefix(v, "--") {
			name, _, hasValue := strings.Cut(v[2:], "=")
			if !hasValue && contains(longVal, name) && len(args) > 0 {
				args = args[1:]
			}
			continue
		}
		for i := 1; i < len(v); i++ {
			if strings.IndexByte(shortVal, v[i]) >= 0 {
				// -uroot carries its value; -u root takes the next word.
				if i == len(v)-1 && len(args) > 0 {
					args = args[1:]
				}
				break
			}
		}
	}
	return args
}

// skipAssigns drops NAME=value words (sudo and env accept them before the
// command).
func skipAssigns(args []arg) []arg {
	for len(args) > 0 && args[0].known && isAssign(args[0].val) {
		args = args[1:]
	}
	return args
}

func isAssign(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// envArgs skips env's options and assignments. env -S STRING splits
// STRING into a command line, so it is returned as code.
func envArgs(args []arg) ([]arg, *arg) {
	var code *arg
	for len(args) > 0 && args[0].known {
		v := args[0].val
		switch {
		case v == "--":
			return skipAssigns(args[1:]), code
		case v == "-S" || v == "--split-string":
			if len(args) > 1 {
				s := args[1]
				code = &s
				args = args[2:]
				continue
			}
			return nil, code
		case strings.HasPrefix(v, "--split-string="):
			s := args[0]
			s.val = strings.TrimPrefix(v, "--split-string=")
			code = &s
		case strings.HasPrefix(v, "-S"):
			s := args[0]
			s.val = v[2:]
			code = &s
		case v == "-u" || v == "-C" || v == "--unset" || v == "--chdir":
			if len(args) > 1 {
				args = args[1:]
			}
		case isAssign(v):
		case len(v) > 1 && v[0] == '-':
		default:
			return args, code
		}
		args = args[1:]
	}
	return args, code
}

func hasShortOpt(args []arg, o byte) bool {
	for _, a := range args {
		if !a.known || len(a.val) < 2 || a.val[0] != '-' || a.val == "--" {
			return false
		}
		if a.val[1] != '-' && strings.IndexByte(a.val[1:], o) >= 0 {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// isShell reports whether name is a shell that takes -c CODE.
func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish":
		return true
	}
	return false
}

// shellArgs parses a shell's command line: whether -c was given, and the
// first operand (the code with -c, the script file otherwise).
func shellArgs(args []arg) (hasC bool, operand *arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.known {
			return hasC, &args[i]
		}
		v := a.val
		switch {
		case v == "--" || v == "-":
			if i+1 < len(args) {
				return hasC, &args[i+1]
			}
			return hasC, nil
		case v == "--rcfile" || v == "--init-file":
			i++
		case strings.HasPrefix(v, "--"):
			if v == "--command" { // fish
				hasC = true
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'c':
					hasC = hasC || v[0] == '-'
				case 'o', 'O':
					if j == len(v)-1 {
						i++ // -o pipefail
					}
				}
			}
		default:
			return hasC, &args[i]
		}
	}
	return hasC, nil
}

// embeddedCode returns the string a command runs as shell code: bash -c
// CODE, eval ARGS…, su -c CODE, trap CODE SIGNAL, env -S STRING.
func embeddedCode(c *cmd) (arg, bool) {
	if c.code != nil {
		return *c.code, c.code.known
	}
	switch {
	case isShell(c.name):
		if hasC, op := shellArgs(c.args); hasC && op != nil {
			return *op, op.known
		}
	case c.name == "eval":
		return joinArgs(c.args)
	case c.name == "su":
		for i, a := range c.args {
			if !a.known {
				continue
			}
			if (a.val == "-c" || a.val == "--command") && i+1 < len(c.args) {
				return c.args[i+1], c.args[i+1].known
			}
			if v, ok := strings.CutPrefix(a.val, "--command="); ok {
				a.val = v
				return a, true
			}
		}
	case c.name == "trap":
		if len(c.args) >= 2 && !strings.HasPrefix(c.args[0].val, "-") {
			return c.args[0], c.args[0].known
		}
	}
	return arg{}, false
}

// readsStdinCode reports whether c is a shell reading its code from stdin
// (no -c and no script file).
func readsStdinCode(c cmd) bool {
	if !isShell(c.name) {
		return false
	}
	hasC, op := shellArgs(c.args)
	return !hasC && op == nil
}

// printedText returns what echo or printf with literal arguments prints,
// near enough to re-parse it as code when it is piped into a shell.
func printedText(c cmd) (string, bool) {
	args := c.args
	switch c.name {
	case "echo":
		for len(args) > 0 && args[0].known && len(args[0].val) > 1 &&
			strings.Trim(args[0].val, "-neE") == "" && args[0].val[0] == '-' {
			args = args[1:]
		}
	case "printf":
		if len(args) > 0 && args[0].known && args[0].val == "--" {
			args = args[1:]
		}
	default:
		return "", false
	}
	a, ok := joinArgs(args)
	return a.val, ok
}

func joinArgs(args []arg) (arg, bool) {
	if len(args) == 0 {
		return arg{}, false
	}
	vals := make([]string, len(args))
	for i, a := range args {
		if !a.known {
			return arg{}, false
		}
		vals[i] = a.val
	}
	return arg{
		val:   strings.Join(vals, " "),
		known: true,
		span:  [2]int{args[0].span[0], args[len(args)-1].span[1]},
	}, true
}

// resolve makes p absolute (or home-relative) against cwd, "" when cwd is
// needed and unknown. It does not clean the result.
func resolve(p, cwd string) string {
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, homeMark) {
		return p
	}
	if cwd == "" {
		return ""
	}
	return cwd + "/" + p
}
