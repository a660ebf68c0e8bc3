package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file holds the matchers of the rules about files, devices and
// processes: deletes, writes, permissions, filesystems, signals, power.

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
		recursive, force, _, targets := rmFlags(c.args)
		switch {
		case recursive && force:
			return "rm -rf", nil
		case recursive:
			return "rm -r", nil
		case force:
			return "rm -f", nil
		}
		for i, t := range targets {
			if !t.known {
				return "rm of a path decided at run time (it may be an option such as -rf)", &targets[i]
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
	// narrowed is set when a test picks files by name, time, size or
	// owner: find / -name '*.pyc' -delete is not a wipe.
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
			"-lname", "-ilname", "-newer", "-anewer", "-cnewer", "-newermt", "-mtime", "-mmin",
			"-atime", "-amin", "-ctime", "-cmin", "-size", "-empty", "-user", "-group", "-uid",
			"-gid", "-perm", "-inum", "-samefile", "-links", "-nouser", "-nogroup", "-used":
			f.narrowed = true
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
			if of, ok := strings.CutPrefix(a.val, "of="); ok {
				a.val = of
				if a.lit >= 3 {
					a.lit -= 3
				}
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
// more than meant) and kill -9 of several processes, a process group or
// pids decided at run time.
func killsMany(c *cmd) (string, *arg) {
	switch c.name {
	case "pkill", "killall", "skill", "slay":
		return c.name, nil
	case "kill":
	default:
		return "", nil
	}
	sig, rest := killSignal(c.args)
	sig = strings.ToUpper(strings.TrimPrefix(strings.ToUpper(sig), "SIG"))
	if sig != "9" && sig != "KILL" {
		return "", nil
	}
	n := 0
	for i, a := range rest {
		switch {
		case !a.known:
			return "kill -9 of processes decided at run time", &rest[i]
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
