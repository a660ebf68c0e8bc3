package guard

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// cmd is a simple command as the rules see it: wrappers peeled, the
// command word reduced to its base name.
type cmd struct {
	// name is the base name of the command run ("rm" for /bin/rm), or ""
	// when it is decided at run time (dynamic) or absent (a bare `sudo -s`).
	name string
	// dynamic is set when the command word is decided at run time ($CMD,
	// $(…)): nobody can tell what runs.
	dynamic bool
	// word is the command word as written (valid when name != "" or
	// dynamic).
	word arg
	// args are the words after the command word.
	args []arg
	// wrappers are the commands peeled off, outermost first.
	wrappers []string
	// code is a string a wrapper runs as shell code (env -S, watch,
	// ssh, sudo -s, flock -c…), and codeBy names that wrapper.
	code   *arg
	codeBy string
	// fromInput is set when more arguments arrive at run time from the
	// input (xargs, parallel): the words seen are not all of them.
	fromInput bool
	// all is every word of the command line, wrappers included.
	all []arg
	// cwd is the directory the command runs in (normalised), "" if unknown.
	cwd string
	pr  *pathRules
	// downloaded are the files (fileKey) earlier commands of the command
	// line downloaded.
	downloaded []string
	// assigns are the NAME=value words env and sudo were given for the
	// command.
	assigns []arg
	// targets memoises writes(), opts codeOptions().
	targets    []target
	targetsSet bool
	opts       []codeOption
	optsSet    bool
	spec       *knownSpec // memoises program()
	specSet    bool
}

// program returns the table's entry for c's program, nil if it has none.
func (c *cmd) program() *knownSpec {
	if !c.specSet {
		c.spec, c.specSet = knownProgram(c.name), true
	}
	return c.spec
}

// peel strips the wrappers that run their arguments as a command (sudo,
// env, nohup, timeout…) so the rules see the command that really runs.
func peel(args []arg, cwd string, pr *pathRules) cmd {
	c := cmd{cwd: cwd, pr: pr, all: args}
	for len(args) > 0 {
		name := ""
		if args[0].known {
			name = baseName(args[0].val)
		} else if name = knownBase(args[0].word); name == "" {
			c.dynamic, c.word, c.args = true, args[0], args[1:]
			return c
		}
		// "$(go env GOPATH)/bin/tool": the directory is decided at run
		// time, the program is not.
		rest := args[1:]
		w, ok := wrapperSpec(name)
		if !ok {
			c.name, c.word, c.args = name, args[0], rest
			return c
		}
		opts, rest := splitOpts(rest, w.shortVal, w.longVal...)
		c.wrappers = append(c.wrappers, name)
		if hasAnyOpt(opts, w.stop...) {
			return c // sudo -l, command -v, ionice -p: nothing is run
		}
		switch name {
		case "sudo":
			if (hasAnyOpt(opts, "s", "shell") || hasAnyOpt(opts, "i", "login")) && len(rest) > 0 {
				return c.runsArgs(rest, "sudo -s")
			}
			if hasAnyOpt(opts, "e", "edit") {
				c.name, c.args = "sudoedit", rest
				return c
			}
			for len(rest) > 0 && isAssignArg(rest[0]) {
				c.assigns = append(c.assigns, rest[0])
				rest = rest[1:]
			}
		case "env":
			var code, dir *arg
			var assigns []arg
			rest, code, dir, assigns = envArgs(args[1:])
			c.assigns = append(c.assigns, assigns...)
			if dir != nil {
				prev := c.cwd
				c.cwd = ""
				if dir.known && pr != nil {
					c.cwd = pr.norm(dir.val, prev)
				}
			}
			if code != nil {
				return c.runs(*code, "env -S")
			}
		case "xargs", "parallel":
			c.fromInput = true
			if name == "parallel" {
				rest = parallelArgs(rest)
			}
		case "watch":
			if !hasAnyOpt(opts, "x", "exec") {
				return c.runsArgs(rest, "watch")
			}
		case "flock":
			// flock [options] FILE [-c CODE | COMMAND…]: options may
			// also follow the file.
			if len(rest) > 0 {
				more, after := splitOpts(rest[1:], w.shortVal, w.longVal...)
				if len(more) > 0 {
					opts = append(opts, more...)
					rest = append([]arg{rest[0]}, after...)
				}
			}
			if code, ok := optValue(opts, 'c', "command"); ok {
				return c.runs(code, "flock -c")
			}
		case "script":
			if code, ok := optValue(opts, 'c', "command"); ok {
				return c.runs(code, "script -c")
			}
			return c // an interactive shell
		case "runuser":
			if _, ok := optValue(opts, 'u', "user"); !ok && len(rest) > 0 {
				// runuser USER [-c CODE]: options may follow the user.
				more, _ := splitOpts(rest[1:], w.shortVal, w.longVal...)
				opts = append(opts, more...)
				rest = nil
			}
			if code, ok := optValue(opts, 'c', "command"); ok {
				return c.runs(code, "runuser -c")
			}
		case "sg":
			if len(rest) > 0 {
				rest = rest[1:] // the group
			}
			return c.runsArgs(skipOptsOnly(rest, "c"), "sg")
		case "ssh":
			if len(rest) < 2 {
				return c // an interactive login
			}
			return c.runsArgs(rest[1:], "ssh (on the remote host)")
		case "chrt":
			if len(rest) > 0 && isNumber(rest[0].val) {
				rest = rest[1:]
			}
		case "direnv":
			if len(rest) < 2 || rest[0].val != "exec" {
				return c
			}
			rest = rest[2:]
		}
		if w.operands > 0 {
			if len(rest) < w.operands {
				return c
			}
			rest = rest[w.operands:]
		}
		args = rest
	}
	return c
}

// knownBase returns the program name at the end of a command word whose
// directory alone is decided at run time ("$VENV/bin/python"), "" when
// the name itself is not known.
func knownBase(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	parts, quoted := w.Parts, false
	if len(parts) == 1 {
		// "$VENV/bin/python": look inside the quotes.
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts, quoted = dq.Parts, true
		}
	}
	if len(parts) < 2 {
		return ""
	}
	var tail string
	switch p := parts[len(parts)-1].(type) {
	case *syntax.Lit:
		if quoted {
			tail = unescapeDouble(p.Value)
		} else {
			tail = unescapeUnquoted(p.Value)
		}
	case *syntax.SglQuoted:
		if p.Dollar {
			return ""
		}
		tail = p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) == 0 {
			return ""
		}
		l, ok := p.Parts[len(p.Parts)-1].(*syntax.Lit)
		if !ok {
			return ""
		}
		tail = unescapeDouble(l.Value)
	default:
		return ""
	}
	i := strings.LastIndexByte(tail, '/')
	if i < 0 || i == len(tail)-1 || strings.ContainsAny(tail[i+1:], "*?[") {
		return ""
	}
	return tail[i+1:]
}

// runs records code run by a wrapper and returns c.
func (c cmd) runs(code arg, by string) cmd {
	c.code, c.codeBy = &code, by
	return c
}

// runsArgs records the words a wrapper joins and runs as shell code.
func (c cmd) runsArgs(words []arg, by string) cmd {
	if len(words) == 0 {
		return c // nothing given: an interactive shell
	}
	code, _ := joinArgs(words)
	return c.runs(code, by)
}

// baseName is the command name without its directory, as the shell would
// find it on PATH.
func baseName(p string) string {
	if p == "" {
		return ""
	}
	return path.Base(p)
}

// splitOpts splits the leading options off args: it returns the option
// words (values included) and the words after them. shortVal lists the
// short options that take a value; longVal the long ones (without "--")
// that take one when not written --name=value. A word decided at run time
// ends the options: it is the command.
func splitOpts(args []arg, shortVal string, longVal ...string) (opts, rest []arg) {
	i := 0
	for i < len(args) && args[i].known {
		v := args[i].val
		if v == "--" {
			return args[:i], args[i+1:]
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		i++
		if strings.HasPrefix(v, "--") {
			name, _, hasValue := strings.Cut(v[2:], "=")
			if !hasValue && contains(longVal, name) && i < len(args) {
				i++
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			if strings.IndexByte(shortVal, v[j]) >= 0 {
				// -uroot carries its value; -u root takes the next word.
				if j == len(v)-1 && i < len(args) {
					i++
				}
				break
			}
		}
	}
	return args[:i], args[i:]
}

// skipOptsOnly drops leading words that are options without values.
func skipOptsOnly(args []arg, flags string) []arg {
	for len(args) > 0 && args[0].known && len(args[0].val) == 2 && args[0].val[0] == '-' &&
		strings.IndexByte(flags, args[0].val[1]) >= 0 {
		args = args[1:]
	}
	return args
}

// hasAnyOpt reports whether opts (as split by splitOpts) hold one of
// names: single letters are short options (found in clusters too), longer
// names long ones.
func hasAnyOpt(opts []arg, names ...string) bool {
	for _, o := range opts {
		v := o.val
		if !o.known || len(v) < 2 || v[0] != '-' {
			continue
		}
		for _, n := range names {
			if len(n) == 1 {
				if v[1] != '-' && strings.IndexByte(v[1:], n[0]) >= 0 {
					return true
				}
			} else if name, _, _ := strings.Cut(strings.TrimPrefix(v, "--"), "="); strings.HasPrefix(v, "--") && name == n {
				return true
			}
		}
	}
	return false
}

// optValue returns the value given to option -short / --long in opts,
// which must take a value.
func optValue(opts []arg, short byte, long string) (arg, bool) {
	for i, o := range opts {
		v := o.val
		if !o.known || len(v) < 2 || v[0] != '-' {
			continue
		}
		if strings.HasPrefix(v, "--") {
			name, val, hasValue := strings.Cut(v[2:], "=")
			if name != long {
				continue
			}
			if hasValue {
				o.val = val
				return o, true
			}
			if i+1 < len(opts) {
				return opts[i+1], true
			}
			return arg{}, false
		}
		if j := strings.IndexByte(v[1:], short); j >= 0 {
			if j+2 < len(v) {
				o.val = v[j+2:]
				return o, true
			}
			if i+1 < len(opts) {
				return opts[i+1], true
			}
		}
	}
	return arg{}, false
}

// isAssignArg reports whether a is NAME=value; the value may be decided
// at run time (PATH=$PATH), the name may not.
func isAssignArg(a arg) bool {
	return isAssign(a.prefix()) || !a.known && strings.HasSuffix(a.prefix(), "=") && isAssign(a.prefix()+"x")
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

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// envArgs skips env's options and assignments, and returns the
// assignments. env -S STRING splits STRING into a command line, so it is
// returned as code; env -C DIR runs the command in DIR, returned as dir.
func envArgs(args []arg) (rest []arg, code, dir *arg, assigns []arg) {
	for len(args) > 0 && (args[0].known || isAssignArg(args[0])) {
		v := args[0].val
		switch {
		case !args[0].known: // NAME=$value
			assigns = append(assigns, args[0])
		case v == "--":
			rest = args[1:]
			for len(rest) > 0 && isAssignArg(rest[0]) {
				assigns = append(assigns, rest[0])
				rest = rest[1:]
			}
			return rest, code, dir, assigns
		case v == "-S" || v == "--split-string":
			if len(args) > 1 {
				s := args[1]
				code = &s
				args = args[2:]
				continue
			}
			return nil, code, dir, assigns
		case strings.HasPrefix(v, "--split-string="):
			s := args[0]
			s.val = strings.TrimPrefix(v, "--split-string=")
			code = &s
		case strings.HasPrefix(v, "-S"):
			s := args[0]
			s.val = v[2:]
			code = &s
		case v == "-C" || v == "--chdir":
			if len(args) > 1 {
				d := args[1]
				dir = &d
				args = args[1:]
			}
		case strings.HasPrefix(v, "--chdir="):
			d := args[0]
			d.val = strings.TrimPrefix(v, "--chdir=")
			dir = &d
		case v == "-u" || v == "-P" || v == "--unset":
			if len(args) > 1 {
				args = args[1:]
			}
		case isAssign(v):
			assigns = append(assigns, args[0])
		case len(v) > 1 && v[0] == '-':
		default:
			return args, code, dir, assigns
		}
		args = args[1:]
	}
	return args, code, dir, assigns
}

// parallelArgs turns GNU parallel's COMMAND ::: INPUTS into the command
// with its inputs as arguments, near enough for the rules.
func parallelArgs(args []arg) []arg {
	var out []arg
	for _, a := range args {
		if a.known && (a.val == ":::" || a.val == "::::" || a.val == ":::+" || a.val == "::::+") {
			continue
		}
		out = append(out, a)
	}
	return out
}
