package guard

import (
	"path"
	"strings"
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
	// targets memoises writes().
	targets    []target
	targetsSet bool
}

// peel strips the wrappers that run their arguments as a command (sudo,
// env, nohup, timeout…) so the rules see the command that really runs.
func peel(args []arg, cwd string, pr *pathRules) cmd {
	c := cmd{cwd: cwd, pr: pr, all: args}
	for len(args) > 0 {
		if !args[0].known {
			c.dynamic, c.word, c.args = true, args[0], args[1:]
			return c
		}
		name := baseName(args[0].val)
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
			rest = skipAssigns(rest)
		case "env":
			var code, dir *arg
			rest, code, dir = envArgs(args[1:])
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

// wrapper describes a command that runs another command given as its
// arguments.
type wrapper struct {
	shortVal string   // short options that take a value
	longVal  []string // long options (without --) that take a value when not written --name=value
	stop     []string // options after which nothing is run (short letters or long names)
	operands int      // operands between the options and the command (timeout's duration)
}

// The wrappers' option tables (see wrapperSpec).
var (
	plainWrapper wrapper
	wSudo        = wrapper{shortVal: "CDghpRrtTUu", longVal: []string{
		"close-from", "chdir", "group", "host", "prompt", "chroot", "role", "type",
		"command-timeout", "other-user", "user"}, stop: []string{"l", "list", "v", "validate", "k", "K", "V", "h", "help"}}
	wDoas    = wrapper{shortVal: "Cu", stop: []string{"C"}}
	wPkexec  = wrapper{longVal: []string{"user"}}
	wRunuser = wrapper{shortVal: "ugGcswf", longVal: []string{"user", "group", "supp-group", "command", "shell", "whitelist-environment"}}
	wCommand = wrapper{stop: []string{"v", "V"}}
	wExec    = wrapper{shortVal: "a"}
	wNice    = wrapper{shortVal: "n", longVal: []string{"adjustment"}}
	wIonice  = wrapper{shortVal: "cnpPu", longVal: []string{"class", "classdata", "pid", "pgid", "uid"},
		stop: []string{"p", "P", "u", "pid", "pgid", "uid"}}
	wTime    = wrapper{shortVal: "fo", longVal: []string{"format", "output"}}
	wStdbuf  = wrapper{shortVal: "ioe", longVal: []string{"input", "output", "error"}}
	wTimeout = wrapper{shortVal: "ks", longVal: []string{"kill-after", "signal"}, operands: 1}
	wXargs   = wrapper{shortVal: "adEILnPs", longVal: []string{
		"arg-file", "delimiter", "max-lines", "max-args", "max-procs",
		"max-chars", "process-slot-var"}}
	wParallel = wrapper{shortVal: "ajSdEILnNlP", longVal: []string{
		"jobs", "sshlogin", "arg-file", "delimiter", "colsep", "results", "joblog", "tmpdir", "timeout"}}
	wChrt = wrapper{shortVal: "TPD", longVal: []string{"sched-runtime", "sched-period", "sched-deadline"},
		stop: []string{"p", "pid", "m", "max"}}
	wTaskset     = wrapper{stop: []string{"p", "pid"}, operands: 1}
	wFlock       = wrapper{shortVal: "wEc", longVal: []string{"timeout", "wait", "conflict-exit-code", "command"}, operands: 1}
	wWatch       = wrapper{shortVal: "n", longVal: []string{"interval"}}
	wScript      = wrapper{shortVal: "cTBIOmE", longVal: []string{"command", "timing", "log-io", "log-in", "log-out", "logging-format", "echo"}}
	wSsh         = wrapper{shortVal: "BbcDEeFIiJLlmOopQRSWw"}
	wChroot      = wrapper{longVal: []string{"userspec", "groups"}, operands: 1}
	wGosu        = wrapper{operands: 1}
	wNsenter     = wrapper{shortVal: "tSGrwWeT", longVal: []string{"target", "setuid", "setgid", "root", "wd"}}
	wUnshare     = wrapper{shortVal: "SGRwl", longVal: []string{"setuid", "setgid", "root", "wd", "map-user", "map-group"}}
	wFakeroot    = wrapper{shortVal: "lisb", longVal: []string{"lib", "faked"}}
	wProxychains = wrapper{shortVal: "f"}
	wTorsocks    = wrapper{shortVal: "upaP"}
	wStrace      = wrapper{shortVal: "abeEIoOpPsSuUX", stop: []string{"p"}}
	wCaffeinate  = wrapper{shortVal: "wt"}
	wXvfbRun     = wrapper{shortVal: "nsfepw"}
	wSystemdRun  = wrapper{shortVal: "upEMH", longVal: []string{"unit", "property", "setenv", "machine", "host", "slice", "uid", "gid", "working-directory", "description"}}
)

// wrapperSpec returns how to peel the wrapper called name. It is a switch
// over package-level values rather than a map, so that nothing is built
// when the program starts and nothing is allocated per call.
func wrapperSpec(name string) (*wrapper, bool) {
	switch name {
	case "sudo":
		return &wSudo, true
	case "doas":
		return &wDoas, true
	case "pkexec":
		return &wPkexec, true
	case "runuser":
		return &wRunuser, true
	case "sg":
		return &plainWrapper, true
	case "env":
		return &plainWrapper, true // envArgs does the work
	case "command":
		return &wCommand, true
	case "builtin", "nohup", "busybox", "toybox", "catchsegv", "eatmydata", "nocache",
		"firejail", "valgrind", "dbus-run-session", "unbuffer":
		return &plainWrapper, true
	case "setsid":
		return &plainWrapper, true
	case "exec":
		return &wExec, true
	case "nice":
		return &wNice, true
	case "ionice":
		return &wIonice, true
	case "time":
		return &wTime, true
	case "stdbuf":
		return &wStdbuf, true
	case "timeout":
		return &wTimeout, true
	case "xargs":
		return &wXargs, true
	case "parallel":
		return &wParallel, true
	case "chrt":
		return &wChrt, true
	case "taskset":
		return &wTaskset, true
	case "flock":
		return &wFlock, true
	case "watch":
		return &wWatch, true
	case "script":
		return &wScript, true
	case "ssh":
		return &wSsh, true
	case "chroot":
		return &wChroot, true
	case "gosu", "su-exec":
		return &wGosu, true
	case "nsenter":
		return &wNsenter, true
	case "unshare":
		return &wUnshare, true
	case "fakeroot":
		return &wFakeroot, true
	case "proxychains", "proxychains4":
		return &wProxychains, true
	case "torsocks":
		return &wTorsocks, true
	case "strace", "ltrace":
		return &wStrace, true
	case "caffeinate":
		return &wCaffeinate, true
	case "xvfb-run":
		return &wXvfbRun, true
	case "systemd-run":
		return &wSystemdRun, true
	case "direnv":
		return &plainWrapper, true
	}
	return nil, false
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

// skipAssigns drops NAME=value words (sudo and env accept them before the
// command).
func skipAssigns(args []arg) []arg {
	for len(args) > 0 && isAssignArg(args[0]) {
		args = args[1:]
	}
	return args
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

// envArgs skips env's options and assignments. env -S STRING splits
// STRING into a command line, so it is returned as code; env -C DIR runs
// the command in DIR, returned as dir.
func envArgs(args []arg) (rest []arg, code, dir *arg) {
	for len(args) > 0 && (args[0].known || isAssignArg(args[0])) {
		v := args[0].val
		switch {
		case !args[0].known: // NAME=$value
		case v == "--":
			return skipAssigns(args[1:]), code, dir
		case v == "-S" || v == "--split-string":
			if len(args) > 1 {
				s := args[1]
				code = &s
				args = args[2:]
				continue
			}
			return nil, code, dir
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
		case len(v) > 1 && v[0] == '-':
		default:
			return args, code, dir
		}
		args = args[1:]
	}
	return args, code, dir
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
	if !isShell(c.name) {
		return false
	}
	hasC, hasS, op := shellArgs(c.args)
	return hasS || !hasC && op == nil
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
