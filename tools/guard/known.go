package guard

import (
	"path"
	"slices"
	"strings"
)

// This file holds what the guard knows to be harmless — the Codex
// approach: a command is known when every program it runs is in the
// table of known programs (known_table.go) with options known to be
// harmless, and whatever it writes is inside the workspace or the temp
// directory. Everything else is named in Verdict.Unknown, without
// changing the level: the sandbox confines it, or, without one, the
// caller asks.

// knownSpec describes a program (or a subcommand) known to be harmless
// when given only the options it allows.
type knownSpec struct {
	name string
	// short and long list the options known to be harmless: option
	// letters (one followed by ':' takes a value, as with getopt) and
	// space-separated long names ("name=" takes a value, the next word
	// unless written --name=value). With any set, every option is
	// harmless except those in deny.
	short, long string
	any         bool
	// vals lists, for a spec with any set, the options (names without
	// dashes, space-separated) that take a value as the next word, so
	// that the value is not taken for the subcommand (npm --prefix DIR).
	vals string
	// deny lists options, by name without dashes and space-separated,
	// that make the command not known: they write, run programs or talk
	// to something else. A word decided at run time could be one of
	// them, so such a program given one is not known either.
	deny string
	// subs are the subcommands known, chosen by the first operand; bare
	// says the program may run without one.
	subs []knownSpec
	bare bool
	// writes says the program writes the paths writeTargets names: it is
	// known only when they are all in the workspace or the temp dir.
	writes bool
	// check, when set, looks at the rest — the words after the program
	// or subcommand, and the operands among them: it returns what is not
	// known ("-x", "e command"), or "".
	check func(c *cmd, args, ops []arg) string
}

// unknownItself is what a check returns when the program as a whole is
// not known, whatever it was given (make, python3 beyond --version).
const unknownItself = "\x00"

// maxUnknown bounds the entries of Verdict.Unknown.
const maxUnknown = 16

// noteUnknown adds an entry to the verdict's Unknown list, once.
func (a *analyzer) noteUnknown(what string) {
	if what == "" || len(a.v.Unknown) >= maxUnknown || slices.Contains(a.v.Unknown, what) {
		return
	}
	a.v.Unknown = append(a.v.Unknown, what)
}

// unknownOf returns what c runs that is not known to be harmless, "" if
// nothing: the program ("make"), the program and an option or
// subcommand ("git push", "rg --pre"), a wrapper ("sudo"), a write
// outside the workspace ("cp writes /opt/x").
func (a *analyzer) unknownOf(c *cmd) string {
	if c.dynamic {
		return "a command decided at run time"
	}
	for _, w := range c.wrappers {
		if !transparentWrapper(w) {
			return w
		}
	}
	return a.programUnknown(c)
}

// programUnknown is unknownOf for the program itself, wrappers aside.
func (a *analyzer) programUnknown(c *cmd) string {
	what, _ := a.programUnknownWrites(c)
	return what
}

// programUnknownWrites is programUnknown that also says whether what is
// unknown is only where a known program writes.
func (a *analyzer) programUnknownWrites(c *cmd) (what string, onlyWrites bool) {
	if c.name == "" {
		return "", false
	}
	if isShell(c.name) {
		// Code given with -c is judged command by command; a shell
		// reading its input is judged by where the input comes from.
		hasC, _, op := shellArgs(c.args)
		switch {
		case hasC && (op == nil || !op.known):
			return c.name + " -c $…", false
		case !hasC && op != nil:
			return c.name + " " + shortWord(op.val), false
		}
		return "", false
	}
	if strings.Contains(c.word.val, "/") && !inSystemBin(c.word.val) {
		return c.word.val, false // ./build.sh, bin/tool: the workspace's own program
	}
	spec := c.program()
	if spec == nil {
		return c.name, false
	}
	if what := spec.judge(c, c.args, c.name); what != "" {
		return what, false
	}
	if spec.writes || c.name == "sed" || c.name == "awk" || c.name == "gawk" {
		for _, t := range c.writes() {
			if t.a.val == "the crontab" {
				return c.name + " replaces the crontab", true
			}
			if !a.inWorkspace(t.a, c.cwd) {
				where := t.a.val
				if !t.a.known {
					where = shortWord(t.a.prefix()) + "$…"
					if t.a.prefix() == "" {
						where = "$…"
					}
				}
				return c.name + " " + t.verb + " " + where, true
			}
		}
	}
	return "", false
}

// judge checks args against the spec and returns what is not known,
// "" if nothing: name is what to call the command in the result ("git",
// "git stash"), built only when something is unknown.
func (s *knownSpec) judge(c *cmd, args []arg, name string) string {
	what, bad := s.judgeRel(c, args)
	switch {
	case !bad:
		return ""
	case what == "":
		return name
	}
	return name + " " + what
}

// judgeRel is judge: what is unknown relative to the spec's own name ("",
// true: the program itself).
func (s *knownSpec) judgeRel(c *cmd, args []arg) (string, bool) {
	bad, ops := s.scan(args)
	if bad != "" {
		return bad, true
	}
	if len(s.subs) > 0 {
		if len(ops) == 0 {
			return "", !s.bare
		}
		sub := ops[0]
		if !sub.known {
			return sub.val + "…", true
		}
		for i := range s.subs {
			if s.subs[i].name == sub.val {
				what, bad := s.subs[i].judgeRel(c, subArgs(args, sub))
				switch {
				case !bad:
					return "", false
				case what == "":
					return sub.val, true
				}
				return sub.val + " " + what, true
			}
		}
		return sub.val, true
	}
	if s.check != nil {
		switch what := s.check(c, args, ops); what {
		case "":
		case unknownItself:
			return "", true
		default:
			return what, true
		}
	}
	return "", false
}

// subArgs returns the words after the subcommand word sub.
func subArgs(args []arg, sub arg) []arg {
	for i := range args {
		if args[i].span == sub.span && args[i].val == sub.val {
			return args[i+1:]
		}
	}
	return nil
}

// scan reads args as options of s: it returns the first option not known
// to be harmless ("-x", "--name", "$OPTS" for a word decided at run time
// where that matters) and the operands. Options may follow operands, as
// GNU tools allow; "--" ends them. A program with subcommands stops at
// the first operand, which is the subcommand's.
func (s *knownSpec) scan(args []arg) (bad string, ops []arg) {
	keep := len(s.subs) > 0 || s.check != nil
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if !a.known {
			if s.deny != "" && (a.lit == 0 || strings.HasPrefix(v, "-")) {
				return shortWord(v), nil
			}
			if keep {
				ops = append(ops, a)
			}
			if len(s.subs) > 0 {
				return "", ops
			}
			continue
		}
		if v == "--" {
			if keep {
				ops = append(ops, args[i+1:]...)
			}
			return "", ops
		}
		if len(v) < 2 || v[0] != '-' {
			if keep {
				ops = append(ops, a)
			}
			if len(s.subs) > 0 {
				return "", ops
			}
			continue
		}
		if strings.HasPrefix(v, "--") {
			name, _, hasVal := strings.Cut(v[2:], "=")
			if s.any {
				if hasWord(s.deny, name) {
					return "--" + name, nil
				}
				if !hasVal && hasWord(s.vals, name) {
					i++
				}
				continue
			}
			takes, ok := longOpt(s.long, name)
			if !ok {
				return "--" + name, nil
			}
			if takes && !hasVal {
				i++
			}
			continue
		}
		if s.any {
			// Single-dash long options (find -name, go -run) and
			// clusters (-la) alike: the name is what follows the dash.
			name, _, hasVal := strings.Cut(v[1:], "=")
			if hasWord(s.deny, name) {
				return "-" + name, nil
			}
			if !hasVal && hasWord(s.vals, name) {
				i++
			}
			switch {
			case len(name) > 1 && isLetters(name):
				for j := range len(name) {
					if hasWord(s.deny, name[j:j+1]) {
						return "-" + name[j:j+1], nil
					}
				}
			case len(name) > 1 && hasWord(s.deny, name[:1]):
				return "-" + name[:1], nil // -ofile: the value attached
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			k := strings.IndexByte(s.short, v[j])
			if k < 0 || v[j] == ':' {
				return "-" + v[j:j+1], nil
			}
			if k+1 < len(s.short) && s.short[k+1] == ':' {
				if j == len(v)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return "", ops
}

// isLetters reports whether name is letters only: a cluster of short
// options (rg -nz) or a single-dash long one (find -delete).
func isLetters(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// longOpt looks name up in a space-separated list of long options:
// whether it is there, and whether it takes a value ("name=").
func longOpt(list, name string) (takesValue, ok bool) {
	for list != "" {
		var w string
		w, list, _ = strings.Cut(list, " ")
		if w == name {
			return false, true
		}
		if len(w) == len(name)+1 && strings.HasPrefix(w, name) {
			switch w[len(name)] {
			case '=':
				return true, true
			case '?': // an optional value, only as --name=value
				return false, true
			}
		}
	}
	return false, false
}

// hasWord reports whether the space-separated list holds w.
func hasWord(list, w string) bool {
	if w == "" || list == "" {
		return false
	}
	for list != "" {
		var x string
		x, list, _ = strings.Cut(list, " ")
		if x == w {
			return true
		}
	}
	return false
}

// shortWord shortens a word for an Unknown entry.
func shortWord(v string) string {
	if v == "" {
		return "$…"
	}
	if len(v) > 40 {
		return v[:40] + "…"
	}
	return v
}

// knownProgram returns the table's entry for a program, nil if it has
// none.
func knownProgram(name string) *knownSpec {
	lo, hi := 0, len(knownTable)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if knownTable[m].name < name {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(knownTable) && knownTable[lo].name == name {
		return &knownTable[lo]
	}
	return nil
}

// transparentWrapper reports whether the wrapper w only runs its command
// (with a time limit, a priority, a lock…), adding nothing of its own.
func transparentWrapper(w string) bool {
	switch w {
	case "env", "command", "builtin", "exec", "nice", "ionice", "time", "stdbuf", "timeout",
		"nohup", "setsid", "xargs", "watch", "flock", "taskset", "chrt", "caffeinate",
		"eatmydata", "nocache", "catchsegv", "unbuffer", "busybox", "toybox":
		return true
	}
	return false
}

// inSystemBin reports whether the program path p is in a directory of
// installed programs, so /usr/bin/git is git.
func inSystemBin(p string) bool {
	switch path.Dir(p) {
	case "/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/usr/local/sbin",
		"/opt/homebrew/bin", "/usr/libexec", "/run/current-system/sw/bin":
		return true
	}
	return false
}

// tempDirs are where a command may write as freely as in the workspace.
var tempDirs = []string{"/tmp", "/var/tmp", "/dev/shm", "/private/tmp", "/private/var/folders", "/var/folders"}

// inWorkspace reports whether t (relative to cwd) is a path in the
// workspace — the directory the command started in — or a temp
// directory, or a harmless device. A path decided at run time is not.
func (a *analyzer) inWorkspace(t arg, cwd string) bool {
	if !t.known {
		return false
	}
	full := a.pr.norm(t.val, cwd)
	if full == "" {
		// Relative, and where it is relative to is unknown: it is where
		// the command runs, the workspace as far as anyone can tell.
		return !strings.HasPrefix(path.Clean(t.val), "..")
	}
	if contains(harmlessDevices, full) || strings.HasPrefix(full, "/dev/fd/") {
		return true
	}
	for _, d := range tempDirs {
		if underDir(full, d) {
			return true
		}
	}
	if a.root == "" {
		return false
	}
	return underDir(full, a.root)
}
