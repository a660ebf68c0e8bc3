package guard

import (
	"strings"
)

// This file holds the matchers of the rules about deleting: rm, find
// -delete and -exec, shred.

// rmFlags reads rm's options. GNU rm takes them anywhere (rm / -rf), so
// there is no stopping at the first operand.
func rmFlags(args []arg) (recursive, force, noPreserveRoot bool, targets []arg) {
	opts := true
	for _, a := range args {
		v := a.val
		switch {
		case !a.known || !opts || len(v) < 2 || v[0] != '-':
			targets = append(targets, a)
		case v == "--":
			opts = false
		case v == "--recursive":
			recursive = true
		case v == "--force":
			force = true
		case v == "--no-preserve-root":
			noPreserveRoot = true
		case strings.HasPrefix(v, "--"):
		default:
			recursive = recursive || strings.ContainsAny(v[1:], "rR")
			force = force || strings.Contains(v[1:], "f")
		}
	}
	return recursive, force, noPreserveRoot, targets
}

func deletesSystemDir(c *cmd) (string, *arg) {
	switch c.name {
	case "rm":
		recursive, _, noPreserveRoot, targets := rmFlags(c.args)
		if !recursive {
			return "", nil
		}
		for i, t := range targets {
			if t.known {
				if p := c.pr.protectedPath(t.val, c.cwd); p != "" {
					return "rm -r " + p, &targets[i]
				}
			}
		}
		if noPreserveRoot {
			// Nobody needs this flag except to delete /.
			return "rm --no-preserve-root", nil
		}
	case "mv":
		ops := operands(c.args)
		for i := 0; i+1 < len(ops); i++ {
			if ops[i].known {
				if p := c.pr.protectedPath(ops[i].val, c.cwd); p != "" {
					return "mv moves away " + p, &ops[i]
				}
			}
		}
	case "find":
		f := parseFind(c.args)
		if !f.deletes || f.narrowed {
			return "", nil
		}
		for i, s := range f.starts {
			if s.known {
				if p := c.pr.protectedPath(s.val, c.cwd); p != "" {
					return "find " + p + " deleting everything in it", &f.starts[i]
				}
			}
		}
	}
	return "", nil
}

// recursiveDelete matches deletes that remove more than a named file or
// cannot be undone by looking: rm -r, rm -f, rm with words decided at run
// time (they may be options), deletes fed by xargs, find -delete,
// find -exec rm, shred -u.
func recursiveDelete(c *cmd) (string, *arg) {
	switch c.name {
	case "rm":
		if c.fromInput {
			return "rm given its files by " + c.wrappers[len(c.wrappers)-1], nil
		}
		recursive, force, _, _ := rmFlags(c.args)
		switch {
		case recursive && force:
			return "rm -rf", nil
		case recursive:
			return "rm -r", nil
		case force:
			return "rm -f", nil
		}
		// A word decided at run time may turn into options (-rf) —
		// unless it follows --, or is the only one and quoted: one word
		// cannot be both the option and the target.
		for i, a := range c.args {
			if a.known && a.val == "--" {
				break
			}
			if !a.known && (len(c.args) > 1 || splittable(a.word)) {
				return "rm of a path decided at run time (it may be an option such as -rf)", &c.args[i]
			}
		}
	case "find":
		f := parseFind(c.args)
		switch {
		case f.deleteFlag:
			return "find -delete", nil
		case f.deletes:
			return "find -exec rm", nil
		}
	case "shred":
		if hasAnyOpt(c.args, "u", "remove") || hasAnyOpt(c.args, "zu") {
			return "shred -u", nil
		}
	}
	return "", nil
}

// findCmd is what the rules need from a find command line.
type findCmd struct {
	starts []arg // the starting points
	// deleteFlag is -delete; deletes is -delete or an -exec/-ok of rm.
	deleteFlag, deletes bool
	// narrowed is set when a test picks files by name: find / -name
	// '*.pyc' -delete is not a wipe.
	narrowed bool
	execs    [][]arg // the commands of -exec, -execdir, -ok, -okdir
}

func parseFind(args []arg) findCmd {
	var f findCmd
	i := 0
	// Leading options: -H -L -P -D debugopts -Olevel.
	for i < len(args) && args[i].known {
		v := args[i].val
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") {
			i++
			continue
		}
		if v == "-D" {
			i += 2
			continue
		}
		break
	}
	for i < len(args) {
		v := args[i].val
		if args[i].known && (strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == ")") {
			break
		}
		f.starts = append(f.starts, args[i])
		i++
	}
	if len(f.starts) == 0 {
		f.starts = []arg{{val: ".", known: true}}
	}
	for ; i < len(args); i++ {
		if !args[i].known {
			continue
		}
		switch v := args[i].val; v {
		case "-delete":
			f.deleteFlag, f.deletes = true, true
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && !(args[j].known && (args[j].val == ";" || args[j].val == "+")) {
				j++
			}
			sub := args[i+1 : j]
			if len(sub) > 0 {
				f.execs = append(f.execs, sub)
				if sub[0].known && baseName(sub[0].val) == "rm" {
					f.deletes = true
				}
			}
			i = j
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
			"-lname", "-ilname", "-inum", "-samefile":
			// Only a pattern that names something narrows the delete:
			// -name '*' or -regex '.*' match everything, and tests of
			// time, size or owner match most of a system.
			if i+1 < len(args) && (!args[i+1].known || strings.Trim(args[i+1].val, "*?./") != "") {
				f.narrowed = true
			}
		}
	}
	return f
}

// findExecs returns the commands find runs with -exec and friends, so
// every rule sees them as commands.
func findExecs(c *cmd) []cmd {
	if c.name != "find" {
		return nil
	}
	f := parseFind(c.args)
	if len(f.execs) == 0 {
		return nil
	}
	out := make([]cmd, 0, len(f.execs))
	for _, e := range f.execs {
		sub := peel(e, c.cwd, c.pr)
		out = append(out, sub)
	}
	return out
}
