package guard

import "strings"

// isShell reports whether name is a shell that takes -c CODE.
func isShell(name string) bool {
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "csh", "tcsh", "rbash":
		return true
	}
	return false
}

// shellArgs parses a shell's command line: whether -c was given, whether
// -s was (code from stdin), and the first operand (the code with -c, the
// script file otherwise).
func shellArgs(args []arg) (hasC, hasS bool, operand *arg) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.known {
			return hasC, hasS, &args[i]
		}
		v := a.val
		switch {
		case v == "--" || v == "-":
			if i+1 < len(args) {
				return hasC, hasS, &args[i+1]
			}
			return hasC, hasS, nil
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
				case 's':
					hasS = hasS || v[0] == '-'
				case 'o', 'O':
					if j == len(v)-1 {
						i++ // -o pipefail
					}
				}
			}
		default:
			return hasC, hasS, &args[i]
		}
	}
	return hasC, hasS, nil
}

// embeddedCode returns the string a command runs as shell code: bash -c
// CODE, eval ARGS…, su -c CODE, trap CODE SIGNAL, alias NAME=CODE, and
// what wrappers run (env -S, watch, ssh…). ok is false when the command
// runs no code string; a returned arg that is not known is code decided
// at run time.
func embeddedCode(c *cmd) (code arg, by string, ok bool) {
	if c.code != nil {
		return *c.code, c.codeBy, true
	}
	switch {
	case codeFromInput(c):
		return arg{span: c.word.span}, c.wrappers[len(c.wrappers)-1] + " " + c.name + " -c", true
	case isShell(c.name):
		if hasC, hasS, op := shellArgs(c.args); hasC && !hasS && op != nil {
			return *op, c.name + " -c", true
		}
	case c.name == "eval":
		if a, ok := joinArgs(c.args); ok || len(c.args) > 0 {
			return a, "eval", true
		}
	case c.name == "su":
		for i, a := range c.args {
			if !a.known {
				continue
			}
			if (a.val == "-c" || a.val == "--command") && i+1 < len(c.args) {
				return c.args[i+1], "su -c", true
			}
			if v, ok := strings.CutPrefix(a.val, "--command="); ok {
				a.val = v
				return a, "su -c", true
			}
		}
	case c.name == "trap":
		if len(c.args) >= 2 && !strings.HasPrefix(c.args[0].val, "-") {
			return c.args[0], "trap", true
		}
	case c.name == "alias":
		for _, a := range c.args {
			if _, v, found := strings.Cut(a.val, "="); found && a.known {
				a.val = v
				return a, "alias", true
			}
		}
	}
	return arg{}, "", false
}

// codeFromInput reports whether c is a shell whose -c code xargs or
// parallel builds from their input: xargs sh -c, xargs -I{} sh -c '{}'.
func codeFromInput(c *cmd) bool {
	if !c.fromInput || !isShell(c.name) {
		return false
	}
	hasC, _, op := shellArgs(c.args)
	return hasC && (op == nil || strings.Contains(op.val, "{}"))
}

// readsStdinCode reports whether c is a shell reading its code from stdin
// (no -c and no script file, or -s).
func readsStdinCode(c *cmd) bool {
	if c.name == "source" || c.name == "." {
		return len(c.args) > 0 && c.args[0].known && isStdinFile(c.args[0].val)
	}
	if !isShell(c.name) {
		return false
	}
	hasC, hasS, op := shellArgs(c.args)
	return hasS || !hasC && (op == nil || op.known && isStdinFile(op.val))
}

// isStdinFile reports whether p names the standard input: a script read
// from it is code from the input (bash /dev/stdin <<< …).
func isStdinFile(p string) bool {
	switch p {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return false
}

// printedText returns what echo or printf with literal arguments prints,
// near enough to re-parse it as code when it is piped into a shell.
func printedText(c *cmd) (string, bool) {
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
		// printf FORMAT alone: its escapes are what is printed.
		if len(args) == 1 && args[0].known && !strings.Contains(args[0].val, "%") {
			return printfEscapes(args[0].val), true
		}
	default:
		return "", false
	}
	a, ok := joinArgs(args)
	return a.val, ok
}

// joinArgs joins args with spaces, as a shell running them as code sees
// them. The result is known only when every arg is.
func joinArgs(args []arg) (arg, bool) {
	if len(args) == 1 {
		return args[0], args[0].known
	}
	if len(args) == 0 {
		return arg{}, false
	}
	vals := make([]string, len(args))
	known := true
	for i, a := range args {
		known = known && a.known
		vals[i] = a.val
	}
	j := arg{
		val:   strings.Join(vals, " "),
		known: known,
		span:  [2]int{args[0].span[0], args[len(args)-1].span[1]},
	}
	if !known {
		j.lit = 0
	}
	return j, known
}

// operands returns the arguments that are not options (everything after
// "--", and every word not starting with "-").
func operands(args []arg) []arg {
	var out []arg
	opts := true
	for _, a := range args {
		switch {
		case opts && a.known && a.val == "--":
			opts = false
		case opts && a.known && len(a.val) > 1 && a.val[0] == '-':
		default:
			out = append(out, a)
		}
	}
	return out
}

// printfEscapes decodes the backslash escapes printf gives meaning to in
// its format.
func printfEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return ansiC(s)
}
