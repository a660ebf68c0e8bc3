package guard

import (
	"path"
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
	// dir is set when a is a directory the command puts files it does
	// not name into (tar -x -C DIR, cp -r src/. DIR): judged by what the
	// directory holds.
	dir bool
	// plain is set for writes no sensitive path makes worse (mkdir,
	// chmod): they count only for the workspace.
	plain bool
	// class memoises the path's sensitivity: four rules ask.
	class    sensitivity
	classSet bool
}

// sensitivity returns how sensitive t's path is, computed once.
func (t *target) sensitivity(c *cmd) (sensitivity, bool) {
	if !t.classSet {
		switch {
		case t.plain:
		case t.dir:
			t.class, _ = c.pr.classifyDir(t.a.val, c.cwd)
		default:
			t.class, _ = c.pr.classify(t.a.val, c.cwd)
		}
		t.classSet = true
	}
	return t.class, t.class.id != ""
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

// handsPath returns a matcher for the rule with the given id: a program
// the guard does not know given a path of that sensitivity — as an
// operand or an option's value — may write it (someprog -o ~/.bashrc,
// vim ~/.zshrc). What a known program does with its words is known.
func handsPath(id string) func(c *cmd) (string, *arg) {
	return func(c *cmd) (string, *arg) {
		if c.pr == nil {
			return "", nil
		}
		// The options of a wrapper that adds something of its own
		// (strace -o FILE, script FILE).
		for _, w := range c.wrappers {
			switch w {
			case "strace", "ltrace", "script", "valgrind", "xvfb-run", "firejail":
			default:
				continue
			}
			words := wrapperWords(c, w)
			for i, a := range words {
				if a.span == c.word.span && c.name != "" {
					words = words[:i]
					break
				}
			}
			if d, at := handedPath(c, w, words, id); d != "" {
				return d, at
			}
		}
		if c.name == "" || c.program() != nil && !strings.Contains(c.word.val, "/") ||
			isShell(c.name) || interpreter(c.name) != "" || c.name == "source" || c.name == "." ||
			secretReadExempt(c.name) || c.name == "sqlite3" || c.name == "sqlite" || c.name == "litecli" {
			// ssh -i KEY uses its key; SQL clients are judged by their SQL.
			return "", nil
		}
		return handedPath(c, c.name, c.args, id)
	}
}

// maySensitive is a quick test of whether classify can find p sensitive:
// a hidden file or one under a hidden directory, an absolute path, one
// in a home directory or herm's.
func maySensitive(p string) bool {
	return p[0] == '.' || p[0] == '/' || p[0] == '~' || strings.Contains(p, "/.") || strings.HasPrefix(p, hermMark) ||
		strings.Contains(p, "Library/")
}

// handedPath returns the first of args naming a path of sensitivity id,
// for handsPath.
func handedPath(c *cmd, name string, args []arg, id string) (string, *arg) {
	for i, a := range args {
		if !a.known {
			continue
		}
		v := a.val
		if strings.HasPrefix(v, "-") {
			_, val, ok := strings.Cut(v, "=")
			if !ok {
				continue
			}
			v = val
		}
		if v == "" || !strings.ContainsAny(v, "/.") || !maySensitive(v) && !c.pr.inSecretDir(c.cwd) {
			continue
		}
		s, ok := c.pr.classify(v, c.cwd)
		if !ok || s.id != id && !(id == "herm-config" && s.id == "herm-state") {
			continue
		}
		if strings.HasPrefix(path.Base(v), ".env") {
			continue // dotenv -e .env, --env-file .env: read far more often than written
		}
		return name + " is given " + s.what + ", which it may write", &args[i]
	}
	return "", nil
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
	case "wipefs", "shred", "blkdiscard", "mkswap", "sgdisk", "sfdisk", "badblocks", "cryptsetup",
		"parted", "fdisk", "gdisk", "cfdisk", "cgdisk", "hdparm", "nvme", "sdparm":
	default:
		return "", nil
	}
	switch c.name {
	case "badblocks":
		if !hasAnyOpt(c.args, "w") {
			return "", nil
		}
	case "cryptsetup":
		if !hasOperand(c.args, "luksFormat", "erase", "luksErase") {
			return "", nil
		}
	case "wipefs":
		// wipefs DEVICE only lists the signatures it would erase.
		if !hasAnyOpt(c.args, "a", "all", "o", "offset") {
			return "", nil
		}
	case "sgdisk":
		if hasAnyOpt(c.args, "p", "print", "i", "info", "v", "verify", "L", "list-types") {
			return "", nil
		}
	case "sfdisk":
		if hasAnyOpt(c.args, "l", "list", "d", "dump", "s", "show-size", "J", "json", "V", "verify", "g", "show-geometry", "list-types", "list-free", "F") {
			return "", nil
		}
	case "fdisk", "gdisk", "cfdisk", "cgdisk":
		// Interactive: with commands on its input it writes the table.
		if hasAnyOpt(c.args, "l", "list", "s", "getsz", "x", "list-details", "h", "help", "V", "version") {
			return "", nil
		}
	case "parted":
		if hasAnyOpt(c.args, "l", "list", "v", "version", "h", "help") ||
			!hasOperand(c.args, "mklabel", "mktable", "rm", "mkpart", "mkpartfs", "resizepart", "resize", "rescue", "mkfs", "cp", "move", "name", "set", "toggle", "disk_set") &&
				len(operands(c.args)) > 1 {
			return "", nil
		}
	case "hdparm", "sdparm":
		if !containsAnyWord(c.args, "--security-erase", "--security-erase-enhanced", "--trim-sector-ranges", "--write-sector", "--dco-restore", "--make-bad-sector", "--format") {
			return "", nil
		}
	case "nvme":
		if !hasOperand(c.args, "format", "sanitize", "delete-ns", "write-zeroes") {
			return "", nil
		}
	}
	ops := operands(c.args)
	for i, a := range ops {
		if a.known {
			if p := c.pr.norm(a.val, c.cwd); isBlockDevice(p) {
				return c.name + " " + p, &ops[i]
			}
		}
	}
	return "", nil
}

// containsAnyWord reports whether args hold a word starting with one of
// prefixes (an option, with or without its =value).
func containsAnyWord(args []arg, prefixes ...string) bool {
	for _, a := range args {
		if a.known && hasAnyPrefix(a.val, prefixes...) {
			return true
		}
	}
	return false
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
