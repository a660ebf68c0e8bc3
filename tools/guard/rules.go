package guard

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// rule is one thing the guard looks for. Exactly one of call, redirect or
// fn is set: the node kind the rule inspects. Each returns a short detail
// for the finding, or "" when it does not match.
type rule struct {
	id     string
	level  Level
	reason string

	call     func(c *cmd) string
	redirect func(op syntax.RedirOperator, target arg, cwd string) string
	fn       func(fd *syntax.FuncDecl) string

	// match and noMatch are commands that must and must not produce this
	// finding; TestRuleExamples checks every one.
	match, noMatch []string
}

// rules is the whole rule table. It is never modified.
//
// So far it holds the Block rules of the SPEC; the Ask rules (recursive
// deletes elsewhere, sudo, curl | sh, force pushes…) join this table.
var rules = []rule{
	{
		id:     "delete-system-dir",
		level:  Block,
		reason: "recursively deletes the root, a system directory or the home directory",
		call:   deletesSystemDir,
		match: []string{
			"rm -rf /", "rm -r -f ~", "rm -fr /*", "rm -rf --no-preserve-root /",
			"rm -rf ~/", `rm -rf "$HOME"`, "rm -rf ${HOME}/*", "rm -R /etc", "rm --recursive /usr",
			"rm -rf /var/", "rm -rf /usr/../", "rm / -rf", "rm -rf -- /boot", "/bin/rm -rf /",
			"sudo rm -rf --no-preserve-root /", "env X=1 rm -rf ~", `bash -c "rm -rf /"`,
			"echo ok; rm -rf /", "$(rm -rf /)", "`rm -rf /`", `r\m -rf /`, "r''m -rf /", `\rm -rf /`,
			"cat <(rm -rf /)", "cd / && rm -rf *", "cd; rm -rf .", "rm -rf ~root", "rm -rf /{etc,tmp}",
			"rm -rf ~/..", `eval "rm -rf /"`, "echo 'rm -rf /' | sh", "bash <<< 'rm -rf /'",
			"sudo -u root nice -n 5 nohup rm -rf /sys", "rm -rf /u*", "rm -rf --no-preserve-root $DIR",
			"find . -name x | xargs rm -rf /", "env -S 'rm -rf /'", "trap 'rm -rf ~' EXIT",
			"rm -rf $'/'", "(rm -rf /lib64)", "if true; then rm -rf /sbin; fi",
		},
		noMatch: []string{
			`echo "rm -rf /"`, `grep -r 'rm -rf /' .`, "rm notes.txt", "rm -rf ./build",
			"rm -rf /tmp/x", "rm -rf ~/project/build", "rm /etc/hosts.bak", "rm -rf build /tmp/cache",
			`rm -rf "~"`, "rm -rf $DIR", "rm -rf *", "cd /tmp && rm -rf *", "rm -rf /etc/nginx",
			"rm -rf /usr/local/share/x", "ls -la /", "rm -f /", "rm -rf /var/log/*.gz",
			`printf '%s\n' 'rm -rf /'`, "command -v rm",
		},
	},
	{
		id:     "mkfs",
		level:  Block,
		reason: "creates a filesystem, erasing what the target holds",
		call: func(c *cmd) string {
			if strings.HasPrefix(c.name, "mkfs") || c.name == "mke2fs" {
				return c.name
			}
			return ""
		},
		match: []string{
			"mkfs.ext4 /dev/sda1", "mkfs -t ext4 /dev/sdb", "sudo mke2fs /dev/sdb1",
			"timeout 5 mkfs.ext4 /dev/sda1", "/sbin/mkfs.xfs -f /dev/nvme0n1",
		},
		noMatch: []string{"echo mkfs", "man mkfs", "mkfifo pipe", "which mkfs.ext4", "apt install mkfs-tools"},
	},
	{
		id:     "write-block-device",
		level:  Block,
		reason: "writes directly to a disk device, destroying its data",
		call:   writesBlockDevice,
		match: []string{
			"dd if=/dev/zero of=/dev/sda", "dd if=disk.img of=/dev/nvme0n1 bs=4M",
			"sudo dd of=/dev/mmcblk0 if=x", "cp disk.img /dev/sdb", "echo x | tee /dev/vda",
			"dd of=/dev/disk2 if=img",
		},
		noMatch: []string{
			"dd if=/dev/sda of=disk.img", "dd if=/dev/zero of=./file bs=1M count=1",
			`git commit -m "dd of=/dev/sda"`, "cp /dev/sda1 backup.img", "tee /dev/null", "echo hi > /dev/null",
		},
	},
	{
		id:       "write-block-device",
		level:    Block,
		reason:   "writes directly to a disk device, destroying its data",
		redirect: redirectsToBlockDevice,
		match: []string{
			"echo a > /dev/sda", "cat image >> /dev/hda", "cat x &> /dev/xvda1",
			"cat img >| /dev/vdb", "exec 3<> /dev/sdc", "cd /dev && cat x > sda",
		},
		noMatch: []string{"echo a > /dev/null", "cat /dev/sda > disk.img", "echo x 2>/dev/stderr", "cat < /dev/sda"},
	},
	{
		id:     "wipe-device",
		level:  Block,
		reason: "wipes a disk device",
		call:   wipesDevice,
		match:  []string{"wipefs -a /dev/sdb", "shred /dev/sda", "sudo shred -n 3 -z /dev/nvme0n1", "blkdiscard /dev/sdb"},
		noMatch: []string{
			"shred -u secret.txt", "wipefs --help", "echo shred /dev/sda", "shred /dev/null",
		},
	},
	{
		id:     "fork-bomb",
		level:  Block,
		reason: "defines a fork bomb (a function that calls itself in the background)",
		fn:     forkBomb,
		match: []string{
			":(){ :|:& };:", "bomb() { bomb | bomb & }; bomb", "function f { f|f& }",
			"f(){ f & f; }", `bash -c ':(){ :|:& };:'`,
		},
		noMatch: []string{
			"f(){ echo hi; }", "retry(){ sleep 1; retry; }", "f(){ g | h & }", `echo ":(){ :|:& };:"`,
			"serve(){ python3 -m http.server & }",
		},
	},
	{
		id:     "kill-all",
		level:  Block,
		reason: "signals every process the user can reach (kill -1)",
		call:   killsAll,
		match:  []string{"kill -1", "kill -9 -1", "kill -KILL -1", "kill -s KILL -1", "kill -- -1", "sudo kill -SIGTERM -- -1"},
		noMatch: []string{
			"kill 1234", "kill -1 1234", "kill -9 4321", "kill -l", "echo kill -9 -1", "kill %1",
		},
	},
	{
		id:     "shutdown",
		level:  Block,
		reason: "shuts down or restarts the machine",
		call:   shutsDown,
		match: []string{
			"shutdown -h now", "sudo reboot", "halt", "poweroff", "systemctl poweroff",
			"systemctl --force reboot", "sudo systemctl halt", "init 0", "telinit 6", "shutdown -r +5",
		},
		noMatch: []string{
			"shutdown -c", "systemctl restart nginx", "init_db", "echo reboot", "systemctl status",
			"git log --grep=reboot", "init 3",
		},
	},
}

// parseErrorRule and tooDeepRule are findings about the analysis itself
// rather than about a command, so they have no examples of their own.
var (
	parseErrorRule = rule{id: "parse-error", level: Ask, reason: "the command could not be parsed, so it cannot be checked"}
	tooDeepRule    = rule{id: "nested-code", level: Ask, reason: "the command nests shell code too deeply to check"}
)

// systemDirs are the directories whose recursive deletion wrecks the
// machine.
var systemDirs = []string{
	"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32",
	"/proc", "/root", "/sbin", "/sys", "/usr", "/var",
}

func deletesSystemDir(c *cmd) string {
	if c.name != "rm" {
		return ""
	}
	recursive, noPreserveRoot := false, false
	var targets []arg
	opts := true
	for _, a := range c.args {
		v := a.val
		switch {
		case !a.known || !opts || len(v) < 2 || v[0] != '-':
			targets = append(targets, a)
		case v == "--":
			opts = false
		case v == "--recursive":
			recursive = true
		case v == "--no-preserve-root":
			noPreserveRoot = true
		case strings.HasPrefix(v, "--"):
		default:
			// GNU rm takes options anywhere (rm / -rf), so there is
			// no stopping at the first operand.
			recursive = recursive || strings.ContainsAny(v[1:], "rR")
		}
	}
	if !recursive {
		return ""
	}
	for _, t := range targets {
		if t.known {
			if p := protectedPath(t.val, c.cwd); p != "" {
				return "rm -r " + p
			}
		}
	}
	if noPreserveRoot {
		// Nobody needs this flag except to delete /.
		return "rm --no-preserve-root"
	}
	return ""
}

// protectedPath returns the cleaned path when p is the root, a system
// directory or a home directory — or a glob matching one of them or
// everything inside one (/*, ~/*). It returns "" otherwise.
func protectedPath(p, cwd string) string {
	full := resolve(p, cwd)
	if full == "" {
		return ""
	}
	clean := path.Clean(full)
	if strings.HasPrefix(full, homeMark) && !strings.HasPrefix(clean, homeMark) {
		return full // ~/.. climbs out of the home directory
	}
	if isProtectedDir(clean) {
		return clean
	}
	dir, base := path.Split(clean)
	if dir != "/" {
		dir = strings.TrimSuffix(dir, "/")
	}
	if strings.Trim(base, "*") == "" || base == ".*" {
		if isProtectedDir(dir) {
			return clean
		}
	}
	if strings.ContainsAny(clean, "*?[") {
		for _, d := range systemDirs {
			if ok, _ := path.Match(clean, d); ok {
				return clean
			}
		}
	}
	return ""
}

func isProtectedDir(d string) bool {
	if strings.HasPrefix(d, homeMark) {
		// ~ or ~user
		return !strings.Contains(d, "/")
	}
	return contains(systemDirs, d)
}

// isBlockDevice reports whether p names a disk or partition device node.
func isBlockDevice(p, cwd string) bool {
	full := resolve(p, cwd)
	if full == "" {
		return false
	}
	full = path.Clean(full)
	for _, prefix := range []string{
		"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk",
		"/dev/disk", "/dev/rdisk", "/dev/mapper/", "/dev/dm-", "/dev/md",
	} {
		if strings.HasPrefix(full, prefix) {
			return true
		}
	}
	return false
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

func writesBlockDevice(c *cmd) string {
	switch c.name {
	case "dd":
		for _, a := range c.args {
			if of, ok := strings.CutPrefix(a.val, "of="); ok && a.known && isBlockDevice(of, c.cwd) {
				return "dd of=" + of
			}
		}
	case "tee":
		for _, a := range operands(c.args) {
			if a.known && isBlockDevice(a.val, c.cwd) {
				return "tee " + a.val
			}
		}
	case "cp", "mv":
		if ops := operands(c.args); len(ops) >= 2 {
			if last := ops[len(ops)-1]; last.known && isBlockDevice(last.val, c.cwd) {
				return c.name + " to " + last.val
			}
		}
	}
	return ""
}

func redirectsToBlockDevice(op syntax.RedirOperator, target arg, cwd string) string {
	switch op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrClob, syntax.AppClob,
		syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
		if target.known && isBlockDevice(target.val, cwd) {
			return "redirect to " + target.val
		}
	}
	return ""
}

func wipesDevice(c *cmd) string {
	switch c.name {
	case "wipefs", "shred", "blkdiscard":
		for _, a := range operands(c.args) {
			if a.known && isBlockDevice(a.val, c.cwd) {
				return c.name + " " + a.val
			}
		}
	}
	return ""
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
			if len(n.Args) > 0 && peel(words(n.Args[:1]), "").name == name {
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

func killsAll(c *cmd) string {
	if c.name != "kill" {
		return ""
	}
	args := c.args
	// The first word may be the signal: -9, -KILL, -s KILL, -n 9.
	if len(args) > 0 && args[0].known {
		switch v := args[0].val; {
		case v == "-s" || v == "-n" || v == "--signal":
			if len(args) > 1 {
				args = args[2:]
			} else {
				args = nil
			}
		case v == "-1" && len(args) == 1:
			return "kill -1" // no pid given: read as kill all
		case v != "--" && len(v) > 1 && v[0] == '-':
			args = args[1:]
		}
	}
	// Pids may be negative, so everything left is an operand; -1 is
	// every process.
	for _, a := range args {
		if a.known && a.val == "-1" {
			return "kill -1"
		}
	}
	return ""
}

func shutsDown(c *cmd) string {
	switch c.name {
	case "shutdown":
		for _, a := range c.args {
			if a.known && (a.val == "-c" || a.val == "--help") {
				return ""
			}
		}
		return c.name
	case "reboot", "halt", "poweroff":
		return c.name
	case "systemctl", "loginctl":
		if ops := operands(c.args); len(ops) > 0 && ops[0].known {
			switch ops[0].val {
			case "poweroff", "reboot", "halt", "kexec", "soft-reboot":
				return c.name + " " + ops[0].val
			}
		}
	case "init", "telinit":
		if ops := operands(c.args); len(ops) > 0 && ops[0].known && (ops[0].val == "0" || ops[0].val == "6") {
			return c.name + " " + ops[0].val
		}
	}
	return ""
}
