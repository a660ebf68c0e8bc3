package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file holds the matchers of the rules about writing: the paths
// commands and redirections write, truncate or delete, and devices.

// writes returns writeTargets(c), computed once per command.
func (c *cmd) writes() []target {
	if !c.targetsSet {
		c.targets, c.targetsSet = writeTargets(c), true
	}
	return c.targets
}

// target is a path a command writes, truncates or deletes.
type target struct {
	a    arg
	verb string // "writes", "deletes"
	// class memoises the path's sensitivity: four rules ask.
	class    sensitivity
	classSet bool
}

// sensitivity returns how sensitive t's path is, computed once.
func (t *target) sensitivity(c *cmd) (sensitivity, bool) {
	if !t.classSet {
		t.class, _ = c.pr.classify(t.a.val, c.cwd)
		t.classSet = true
	}
	return t.class, t.class.id != ""
}

// writeTargets lists the paths c writes or deletes: the destination of
// cp, mv, install and ln, the files of tee, sed -i, truncate, dd of=,
// curl -o and wget -O, what rm, shred and mv's sources remove, and the
// crontab.
func writeTargets(c *cmd) []target {
	var out []target
	add := func(verb string, as ...arg) {
		for _, a := range as {
			out = append(out, target{a: a, verb: verb})
		}
	}
	switch c.name {
	case "cp", "mv", "install", "ln", "rsync", "scp":
		opts := c.args
		if dir, ok := optValue(opts, 't', "target-directory"); ok {
			add("writes into", dir)
			if c.name == "mv" {
				add("moves away", operands(c.args)...)
			}
			return out
		}
		ops := operands(c.args)
		if c.name == "install" && hasAnyOpt(c.args, "d", "directory") {
			add("creates", ops...)
			return out
		}
		if len(ops) >= 2 || c.name == "ln" && len(ops) == 1 {
			last := ops[len(ops)-1]
			if (c.name == "rsync" || c.name == "scp") && strings.Contains(last.val, ":") {
				return out // a remote destination
			}
			add("writes", last)
			if c.name == "mv" {
				add("moves away", ops[:len(ops)-1]...)
			}
		}
	case "tee":
		add("writes", operands(c.args)...)
	case "truncate":
		_, rest := splitOpts(c.args, "sr", "size", "reference")
		add("truncates", operands(rest)...)
	case "sed":
		if !hasSedInPlace(c.args) {
			return nil
		}
		ops := operands(skipSedScripts(c.args))
		if !hasAnyOpt(c.args, "e", "f", "expression", "file") && len(ops) > 0 {
			ops = ops[1:] // the script
		}
		add("edits", ops...)
	case "dd":
		for _, a := range c.args {
			// Only a literal of= counts: o$x"f=" is not one.
			if strings.HasPrefix(a.prefix(), "of=") {
				a.val, a.lit = a.val[3:], a.lit-3
				add("writes", a)
			}
		}
	case "curl":
		if o, ok := optValue(c.args, 'o', "output"); ok {
			add("downloads to", o)
		}
	case "wget":
		if o, ok := optValue(c.args, 'O', "output-document"); ok && o.val != "-" {
			add("downloads to", o)
		}
	case "rm", "shred", "unlink":
		_, _, _, targets := rmFlags(c.args)
		add("deletes", targets...)
	case "crontab":
		if ops := operands(c.args); len(ops) > 0 || hasAnyOpt(c.args, "r") {
			add("replaces", arg{val: "the crontab", known: true})
		}
	}
	return out
}

// hasSedInPlace reports whether sed's options include -i (also in a
// cluster, -Ei) or --in-place.
func hasSedInPlace(args []arg) bool {
	for _, a := range args {
		v := a.val
		if !a.known || len(v) < 2 || v[0] != '-' {
			continue
		}
		if strings.HasPrefix(v, "--in-place") {
			return true
		}
		if v[1] != '-' {
			for j := 1; j < len(v); j++ {
				if v[j] == 'i' {
					return true
				}
				if v[j] == 'e' || v[j] == 'f' || v[j] == 'l' {
					break // the rest is a value
				}
			}
		}
	}
	return false
}

// skipSedScripts drops the values of -e and -f so they are not taken for
// files.
func skipSedScripts(args []arg) []arg {
	var out []arg
	for i := 0; i < len(args); i++ {
		v := args[i].val
		if args[i].known && (v == "-e" || v == "-f" || v == "--expression" || v == "--file" || v == "-l") {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// writesPath returns a matcher for the rule with the given id: it matches
// when a command writes, truncates or deletes a path of that sensitivity.
func writesPath(id string) func(c *cmd) (string, *arg) {
	return func(c *cmd) (string, *arg) {
		ts := c.writes()
		for i := range ts {
			t := &ts[i]
			if t.a.val == "the crontab" {
				if id == "sensitive-write" {
					return "crontab " + t.verb + " " + t.a.val + " (scheduled jobs)", nil
				}
				continue
			}
			if !t.a.known {
				if id == "sensitive-write" && strings.HasPrefix(t.a.prefix(), "/dev/") {
					return c.name + " " + t.verb + " a device decided at run time", &t.a
				}
				if id == "sensitive-write" && c.name == "dd" {
					return "dd writes a target decided at run time", &t.a
				}
				continue
			}
			if t.verb == "deletes" && id == "write-block-device" {
				continue // rm /dev/sda removes a node, not the disk
			}
			if s, ok := t.sensitivity(c); ok && s.id == id {
				return c.name + " " + t.verb + " " + s.what, &t.a
			}
		}
		return "", nil
	}
}

// redirectsTo returns the redirect matcher for the rule with the given id.
func redirectsTo(id string) func(op syntax.RedirOperator, t arg, rc *redirCtx) string {
	return func(op syntax.RedirOperator, t arg, rc *redirCtx) string {
		if !isWriteRedirect(op) {
			return ""
		}
		if !t.known {
			if id == "sensitive-write" && strings.HasPrefix(t.prefix(), "/dev/") &&
				!hasAnyPrefix(t.prefix(), "/dev/fd/", "/dev/tcp/", "/dev/udp/") {
				return "redirect to a device decided at run time"
			}
			return ""
		}
		if s, ok := rc.sensitivity(t); ok && s.id == id {
			return "redirect to " + s.what
		}
		return ""
	}
}

// redirCtx is what redirect matchers know besides the target.
type redirCtx struct {
	cwd string
	pr  *pathRules
	// class memoises the target's sensitivity: four rules ask.
	class    sensitivity
	classSet bool
}

func (rc *redirCtx) sensitivity(t arg) (sensitivity, bool) {
	if !rc.classSet {
		rc.class, _ = rc.pr.classify(t.val, rc.cwd)
		rc.classSet = true
	}
	return rc.class, rc.class.id != ""
}

func isWriteRedirect(op syntax.RedirOperator) bool {
	switch op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob, syntax.DplOut:
		return true
	}
	return false
}

func wipesDevice(c *cmd) (string, *arg) {
	switch c.name {
	case "wipefs", "shred", "blkdiscard", "mkswap", "sgdisk", "sfdisk", "badblocks", "cryptsetup":
		if c.name == "badblocks" && !hasAnyOpt(c.args, "w") {
			return "", nil
		}
		if c.name == "cryptsetup" && !hasOperand(c.args, "luksFormat", "erase", "luksErase") {
			return "", nil
		}
		ops := operands(c.args)
		for i, a := range ops {
			if a.known {
				if p := c.pr.norm(a.val, c.cwd); isBlockDevice(p) {
					return c.name + " " + p, &ops[i]
				}
			}
		}
	}
	return "", nil
}

func hasOperand(args []arg, vals ...string) bool {
	for _, a := range operands(args) {
		if a.known && contains(vals, a.val) {
			return true
		}
	}
	return false
}

func mkfs(c *cmd) (string, *arg) {
	if strings.HasPrefix(c.name, "mkfs") || c.name == "mke2fs" || c.name == "newfs" {
		return c.name, nil
	}
	return "", nil
}
