package guard

import (
	"path"
	"strings"
)

// This file holds what the options of particular tools make them run
// (findCodeOptions dispatches to it).

// sshCodeKeys are ssh options (-o Key=Value) that run a command or load
// code, lower-cased.
var sshCodeKeys = []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand", "pkcs11provider", "securitykeyprovider", "ssh_command"}

// sshOptions returns the code an ssh-like command line's options run:
// -o ProxyCommand=…, -F with another configuration, -I a library.
func sshOptions(args []arg, name string) []codeOption {
	var out []codeOption
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		if !a.known || !strings.HasPrefix(v, "-") || v == "--" {
			if !strings.HasPrefix(v, "-") {
				break // the host: the rest is the remote command
			}
			continue
		}
		var opt arg
		switch {
		case v == "-o" && i+1 < len(args):
			opt = args[i+1]
			i++
		case strings.HasPrefix(v, "-o"):
			opt = a
			opt.val = v[2:]
		case (v == "-F" || v == "-I") && i+1 < len(args):
			f := args[i+1]
			i++
			if v == "-I" {
				out = append(out, codeOption{id: "exec-option", what: name + " -I loads a PKCS#11 library", code: f})
			} else if f.val != "/dev/null" && f.val != "~/.ssh/config" {
				out = append(out, codeOption{id: "exec-option", what: name + " -F reads a configuration that may run commands (ProxyCommand)", code: f})
			}
			continue
		default:
			if len(v) > 2 && v[1] != '-' && strings.IndexByte("bcDEeFIiJLlmOopQRSWw", v[len(v)-1]) >= 0 {
				i++ // -p 22, -i key: a value follows
			}
			continue
		}
		key, val, ok := strings.Cut(opt.val, "=")
		if !ok {
			key, val, _ = strings.Cut(opt.val, " ")
		}
		if contains(sshCodeKeys, strings.ToLower(strings.TrimSpace(key))) {
			code := opt
			code.val = strings.TrimSpace(val)
			shell := !strings.Contains(strings.ToLower(key), "provider") && !strings.EqualFold(strings.TrimSpace(key), "PermitLocalCommand")
			out = append(out, codeOption{id: "exec-option", what: name + " -o " + strings.TrimSpace(key) + " runs a command", code: code, shell: shell && opt.known})
		}
	}
	return out
}

// harmlessSSHCommand reports whether a command line given for ssh
// (rsync -e, GIT_SSH_COMMAND) is ssh itself with options that run
// nothing.
func harmlessSSHCommand(a arg) bool {
	if !a.known {
		return false
	}
	f := strings.Fields(a.val)
	if len(f) == 0 || baseName(f[0]) != "ssh" {
		return false
	}
	l := strings.ToLower(a.val)
	for _, k := range sshCodeKeys {
		if strings.Contains(l, k) {
			return false
		}
	}
	for _, w := range f[1:] {
		if w == "-F" || w == "-I" || strings.HasPrefix(w, "-F") && len(w) > 2 {
			return false
		}
	}
	return true
}

// tarCompressors are the programs tar -I may run without anything else
// being run.
var tarCompressors = []string{"gzip", "bzip2", "xz", "zstd", "lz4", "pigz", "pbzip2", "lzip", "lzop", "lzma", "brotli", "pixz", "plzip", "unpigz"}

func tarOptions(args []arg) []codeOption {
	var out []codeOption
	exec := func(what string, code arg, shell bool) {
		out = append(out, codeOption{id: "exec-option", what: what, code: code, shell: shell})
	}
	for i, a := range args {
		if !a.known {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(a.val, "--"), "=")
		if !strings.HasPrefix(a.val, "--") {
			name, hasVal = "", false
		}
		next := func() arg {
			if hasVal {
				a.val = val
				return a
			}
			if i+1 < len(args) {
				return args[i+1]
			}
			return arg{}
		}
		switch {
		case name == "checkpoint-action":
			v := next()
			code := v
			code.val = strings.TrimPrefix(v.val, "exec=")
			if strings.HasPrefix(v.val, "exec=") || !v.known {
				exec("tar --checkpoint-action runs a command", code, true)
			}
		case name == "to-command":
			exec("tar --to-command runs a command for every file", next(), true)
		case name == "use-compress-program":
			if v := next(); !tarCompressor(v) {
				exec("tar --use-compress-program runs a program", v, true)
			}
		case name == "info-script" || name == "new-volume-script":
			exec("tar --"+name+" runs a script", next(), true)
		case name == "rsh-command" || name == "rmt-command":
			exec("tar --"+name+" runs a program", next(), false)
		case a.val == "-I" || strings.HasPrefix(a.val, "-I") && !strings.HasPrefix(a.val, "--"):
			v := a
			v.val = a.val[2:]
			if a.val == "-I" && i+1 < len(args) {
				v = args[i+1]
			}
			if !tarCompressor(v) {
				exec("tar -I runs a program", v, true)
			}
		case a.val == "-F" && i+1 < len(args):
			exec("tar -F runs a script", args[i+1], true)
		}
	}
	return out
}

func tarCompressor(v arg) bool {
	f := strings.Fields(v.val)
	return v.known && len(f) > 0 && contains(tarCompressors, baseName(f[0])) && !strings.ContainsAny(v.val, ";|&$`<>()")
}

func gdbOptions(c *cmd) []codeOption {
	var out []codeOption
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		if !a.known || !strings.HasPrefix(a.val, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a.val, "-"), "=")
		var v arg
		switch {
		case hasVal:
			v = a
			v.val = val
		case i+1 < len(c.args):
			v = c.args[i+1]
		}
		switch name {
		case "ex", "eval-command", "iex", "init-eval-command":
			o := codeOption{id: "exec-option", what: "gdb -" + name + " runs debugger commands", code: v}
			if s, ok := strings.CutPrefix(strings.TrimSpace(v.val), "shell "); ok && v.known {
				o.code.val, o.shell = s, true
			} else if s, ok := strings.CutPrefix(strings.TrimSpace(v.val), "!"); ok && v.known {
				o.code.val, o.shell = s, true
			}
			out = append(out, o)
		case "x", "command", "ix", "init-command", "P", "python":
			out = append(out, codeOption{id: "exec-option", what: "gdb -" + name + " runs a script of debugger commands", code: v})
		case "p", "pid":
			out = append(out, codeOption{id: "exec-option", what: "gdb -p takes over a running process", code: v})
		}
	}
	return out
}

func vimOptions(c *cmd) []codeOption {
	var out []codeOption
	cmdCode := func(what string, v arg) {
		o := codeOption{id: "exec-option", what: what, code: v}
		s := strings.TrimLeft(strings.TrimSpace(v.val), ":")
		if rest, ok := strings.CutPrefix(s, "!"); ok && v.known {
			o.code.val, o.shell = rest, true
		}
		out = append(out, o)
	}
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		v := a.val
		if !a.known {
			continue
		}
		switch {
		case v == "-c" || v == "--cmd":
			if i+1 < len(c.args) {
				cmdCode(c.name+" "+v+" runs editor commands", c.args[i+1])
				i++
			}
		case strings.HasPrefix(v, "+") && len(v) > 1 && !isNumber(v[1:]) && v[1] != '/':
			code := a
			code.val = v[1:]
			cmdCode(c.name+" +COMMAND runs editor commands", code)
		case v == "-S" || v == "-u" && i+1 < len(c.args) && !contains([]string{"NONE", "NORC", "DEFAULTS"}, c.args[i+1].val):
			f := arg{}
			if i+1 < len(c.args) {
				f = c.args[i+1]
			}
			out = append(out, codeOption{id: "exec-option", what: c.name + " " + v + " runs a script of editor commands", code: f})
			i++
		}
	}
	return out
}

// makeOptions: make --eval adds makefile code; SHELL= on the command line
// replaces the shell that runs every recipe.
func makeOptions(c *cmd) []codeOption {
	var out []codeOption
	if v, ok := longOrShortValue(c.args, "E", "eval"); ok {
		out = append(out, codeOption{id: "exec-option", what: "make --eval adds makefile code (which can run commands)", code: v})
	}
	for _, a := range c.args {
		if !a.known {
			continue
		}
		if name, _, ok := strings.Cut(a.val, "="); ok && (name == "SHELL" || name == ".SHELLFLAGS" || name == "MAKESHELL") {
			out = append(out, codeOption{id: "exec-option", what: "make " + name + "= replaces the shell that runs every recipe", code: a})
		}
	}
	return out
}

// npmConfigCode are the npm settings whose value is a program npm runs.
var npmConfigCode = []string{"script-shell", "shell", "git", "node-options", "editor", "browser", "viewer"}

func npmOptions(c *cmd) []codeOption {
	var out []codeOption
	if v, ok := longOrShortValue(c.args, "", "script-shell"); ok {
		out = append(out, codeOption{id: "exec-option", what: c.name + " --script-shell runs every package script with another program", code: v})
	}
	ops := operands(c.args)
	if len(ops) >= 3 && (ops[0].val == "config" && ops[1].val == "set" || ops[0].val == "set") {
		kv := ops[2:]
		if ops[0].val == "set" {
			kv = ops[1:]
		}
		key, _, _ := strings.Cut(kv[0].val, "=")
		if contains(npmConfigCode, key) {
			out = append(out, codeOption{id: "exec-option", what: c.name + " config set " + key + " sets a program npm runs", code: kv[0]})
		}
	}
	// npm exec -c CODE, npx -c CODE: shell code, analysed like a command.
	if c.name == "npx" || len(ops) > 0 && (ops[0].val == "exec" || ops[0].val == "x") {
		if v, ok := longOrShortValue(c.args, "c", "call"); ok {
			out = append(out, codeOption{code: v, shell: true})
		}
	}
	return out
}

func goOptions(c *cmd) []codeOption {
	var out []codeOption
	for i, a := range c.args {
		if !a.known || !strings.HasPrefix(a.val, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a.val, "-"), "=")
		if name != "toolexec" && name != "exec" && name != "vettool" {
			continue
		}
		v := a
		v.val = val
		if !hasVal && i+1 < len(c.args) {
			v = c.args[i+1]
		}
		out = append(out, codeOption{id: "exec-option", what: "go -" + name + " runs a program on every build step", code: v, shell: name != "vettool"})
	}
	if !hasLongWord(c.args, "env") || !hasAnyOpt(c.args, "w") {
		return out
	}
	ops := operands(c.args)
	if len(ops) >= 2 && ops[0].val == "env" {
		for _, kv := range ops[1:] {
			key, val, _ := strings.Cut(kv.val, "=")
			switch {
			case key == "CC" || key == "CXX" || key == "FC" || key == "PKG_CONFIG" || key == "GOTOOLCHAIN" && strings.Contains(val, "/"):
				out = append(out, codeOption{id: "exec-option", what: "go env -w " + key + " sets a program every build runs", code: kv})
			case key == "GOFLAGS" && containsAny(val, "toolexec", "-exec", "vettool", "overlay"):
				out = append(out, codeOption{id: "exec-option", what: "go env -w GOFLAGS makes every build run a program", code: kv})
			}
		}
	}
	return out
}

// hostMounts are paths whose mount into a container hands it the host.
var hostMounts = []string{"/", "/etc", "/root", "/home", "/var/run/docker.sock", "/run/docker.sock", "/proc", "/sys", "/boot", "/dev", "/var", "/usr", homeMark}

func dockerOptions(c *cmd) []codeOption {
	var out []codeOption
	exec := func(what string, a arg) {
		out = append(out, codeOption{id: "exec-option", what: what, code: a})
	}
	// Options before the subcommand talk to another daemon.
	for _, a := range c.args {
		if !a.known || !strings.HasPrefix(a.val, "-") {
			break
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a.val, "-"), "=")
		if contains([]string{"H", "host", "url", "connection", "identity", "remote", "context", "c"}, name) {
			exec(c.name+" "+a.val+" sends the command to another container engine", a)
		}
	}
	ops := operands(c.args)
	if len(ops) == 0 || !contains([]string{"run", "create", "exec"}, ops[0].val) && !(len(ops) > 1 && ops[0].val == "container" && contains([]string{"run", "create", "exec"}, ops[1].val)) {
		return out
	}
	for i, a := range c.args {
		if !a.known {
			continue
		}
		v := a.val
		name, val, hasVal := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if !strings.HasPrefix(v, "-") {
			continue
		}
		if !hasVal && i+1 < len(c.args) {
			val = c.args[i+1].val
		}
		switch {
		case name == "privileged":
			exec(c.name+" --privileged gives the container the whole host", a)
		case (name == "pid" || name == "userns" || name == "uts" || name == "ipc") && val == "host":
			exec(c.name+" --"+name+"=host shares the host's "+name+" namespace", a)
		case name == "cap-add" && contains([]string{"ALL", "SYS_ADMIN", "SYS_PTRACE", "SYS_MODULE", "DAC_READ_SEARCH", "DAC_OVERRIDE"}, strings.ToUpper(strings.TrimPrefix(val, "CAP_"))):
			exec(c.name+" --cap-add="+val+" lets the container reach the host", a)
		case name == "security-opt" && strings.Contains(val, "unconfined"):
			exec(c.name+" --security-opt "+val+" lifts the container's confinement", a)
		case name == "v" || name == "volume" || name == "mount":
			src := val
			if name == "mount" {
				for _, f := range strings.Split(val, ",") {
					if s, ok := strings.CutPrefix(f, "source="); ok {
						src = s
					} else if s, ok := strings.CutPrefix(f, "src="); ok {
						src = s
					}
				}
			} else {
				src, _, _ = strings.Cut(val, ":")
			}
			if p := path.Clean(src); src != "" && contains(hostMounts, p) || strings.HasPrefix(src, homeMark) && path.Clean(src) == homeMark {
				exec(c.name+" mounts "+src+" (the host's own files) into the container", a)
			}
		}
	}
	return out
}

// tmuxCommands are tmux's commands that run a shell command in the tmux
// server — which may run outside herm's sandbox.
var tmuxCommands = []string{
	"new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp",
	"respawn-window", "respawnw", "run-shell", "run", "if-shell", "if", "pipe-pane", "pipep",
	"display-popup", "popup", "send-keys", "send",
}

func tmuxOptions(c *cmd) []codeOption {
	if v, ok := longOrShortValue(c.args, "c", ""); ok {
		return []codeOption{{id: "exec-option", what: "tmux -c runs a command, outside herm's control", code: v, shell: true}}
	}
	ops := operands(c.args)
	for i, o := range ops {
		if o.known && contains(tmuxCommands, o.val) {
			co := codeOption{id: "exec-option", what: "tmux " + o.val + " runs a command in the tmux server, outside herm's control"}
			if i+1 < len(ops) {
				code, _ := joinArgs(ops[len(ops)-1:])
				co.code, co.shell = code, o.val != "send-keys" && o.val != "send"
			}
			return []codeOption{co}
		}
	}
	return nil
}

// sqlShellEscapes returns the shell commands a database client's input
// runs: sqlite3's .shell and .system, output piped to a command, psql's
// \! and COPY … PROGRAM, mysql's system and \!.
func sqlShellEscapes(client string, sql arg) []codeOption {
	var out []codeOption
	for _, line := range strings.Split(sql.val, "\n") {
		l := strings.TrimSpace(line)
		low := strings.ToLower(l)
		code := sql
		switch {
		case strings.HasPrefix(low, ".shell ") || strings.HasPrefix(low, ".system "):
			_, code.val, _ = strings.Cut(l, " ")
			out = append(out, codeOption{id: "exec-option", what: client + " " + strings.Fields(low)[0] + " runs a shell command", code: code, shell: true})
		case strings.HasPrefix(low, ".load "):
			out = append(out, codeOption{id: "exec-option", what: client + " .load loads an extension (native code)"})
		case strings.HasPrefix(low, ".") && strings.Contains(l, "'|") || strings.HasPrefix(low, ".") && strings.Contains(l, " |") ||
			strings.HasPrefix(low, `\o |`) || strings.HasPrefix(low, `\g |`) || strings.HasPrefix(low, `\w |`):
			_, code.val, _ = strings.Cut(l, "|")
			code.val = strings.Trim(code.val, `'" `)
			out = append(out, codeOption{id: "exec-option", what: client + " pipes its output to a command", code: code, shell: true})
		case strings.HasPrefix(l, `\!`):
			code.val = strings.TrimSpace(l[2:])
			out = append(out, codeOption{id: "exec-option", what: client + ` \! runs a shell command`, code: code, shell: true})
		case strings.HasPrefix(low, "system "):
			code.val = strings.TrimSpace(l[len("system "):])
			out = append(out, codeOption{id: "exec-option", what: client + " system runs a shell command", code: code, shell: true})
		case strings.Contains(low, " program ") && (strings.Contains(low, "copy ") || strings.HasPrefix(low, `\copy`)):
			out = append(out, codeOption{id: "exec-option", what: client + " COPY … PROGRAM runs a command"})
		}
	}
	return out
}

// moreCodeOptions returns the code the options of the long tail of tools
// run: compilers' wrappers and plugins, TeX's shell escape, document
// filters, hooks of certificate, download and backup tools…
func moreCodeOptions(c *cmd) []codeOption {
	var out []codeOption
	exec := func(what string, code arg, shell bool) {
		out = append(out, codeOption{id: "exec-option", what: what, code: code, shell: shell})
	}
	switch c.name {
	case "enable":
		if hasAnyOpt(c.args, "f") {
			exec("enable -f loads a builtin from a library (native code)", arg{}, false)
		}
	case "openssl", "curl":
		if v, ok := longOrShortValue(c.args, "engine", "engine"); ok {
			exec(c.name+" -engine loads a library (native code)", v, false)
		}
	case "hg":
		for _, v := range optValues(c.args, 0, "config", "") {
			key, val, _ := strings.Cut(v.val, "=")
			if k := strings.ToLower(key); strings.HasPrefix(k, "alias.") && strings.HasPrefix(val, "!") || strings.HasPrefix(k, "hooks.") {
				code := v
				code.val = strings.TrimPrefix(val, "!")
				exec("hg --config "+key+" runs a command", code, true)
			}
		}
	case "gcc", "g++", "cc", "clang", "clang++":
		if v, ok := longOrShortValue(c.args, "wrapper", ""); ok {
			exec(c.name+" -wrapper runs every compiler step through a program", v, false)
		}
		for _, a := range c.args {
			if a.known && strings.HasPrefix(a.val, "-fplugin=") {
				exec(c.name+" -fplugin loads a compiler plugin (native code)", a, false)
			}
		}
	case "latex", "pdflatex", "xelatex", "lualatex", "tex", "pdftex", "luatex", "xetex":
		if hasAnyOpt(c.args, "shell-escape") || hasLongWord(c.args, "-shell-escape") {
			exec(c.name+" --shell-escape lets the document run commands", arg{}, false)
		}
	case "latexmk":
		for _, a := range c.args {
			if name, _, ok := strings.Cut(strings.TrimLeft(a.val, "-"), "="); ok && a.known && strings.HasSuffix(name, "latex") {
				exec("latexmk -"+name+"= runs another program for LaTeX", a, false)
			}
		}
	case "pandoc":
		for _, o := range []string{"filter", "lua-filter", "F", "L"} {
			if v, ok := longOrShortValue(c.args, o, o); ok {
				exec("pandoc --"+o+" runs a program (or Lua code) on the document", v, false)
				break
			}
		}
	case "certbot":
		for _, o := range []string{"pre-hook", "post-hook", "deploy-hook", "manual-auth-hook", "manual-cleanup-hook"} {
			if v, ok := longOrShortValue(c.args, "", o); ok {
				exec("certbot --"+o+" runs a command", v, true)
			}
		}
	case "aria2c":
		for _, a := range c.args {
			if a.known && strings.HasPrefix(a.val, "--on-") {
				exec("aria2c "+a.val+" runs a command", a, false)
			}
		}
	case "mysqldump", "mysqladmin":
		if v, ok := longOrShortValue(c.args, "", "plugin-dir"); ok {
			exec(c.name+" --plugin-dir loads plugins (native code)", v, false)
		}
	case "fzf":
		for _, a := range c.args {
			if a.known && (strings.Contains(a.val, "execute(") || strings.Contains(a.val, "execute-silent(") || strings.Contains(a.val, "become(")) {
				exec("fzf --bind execute runs a command", a, false)
			}
		}
	case "dhclient":
		if v, ok := longOrShortValue(c.args, "sf", ""); ok {
			exec("dhclient -sf runs a script", v, false)
		}
	case "openvpn":
		for _, o := range []string{"up", "down", "route-up", "ipchange", "client-connect", "learn-address", "tls-verify", "auth-user-pass-verify"} {
			if v, ok := longOrShortValue(c.args, "", o); ok {
				exec("openvpn --"+o+" runs a command", v, true)
				break
			}
		}
	case "ssh-keygen":
		if v, ok := longOrShortValue(c.args, "D", ""); ok {
			exec("ssh-keygen -D loads a PKCS#11 library (native code)", v, false)
		}
	case "restic":
		if v, ok := longOrShortValue(c.args, "", "password-command"); ok {
			exec("restic --password-command runs a command", v, true)
		}
	case "rpm", "rpmdb", "rpmquery", "rpmverify", "rpmbuild":
		if v, ok := longOrShortValue(c.args, "E", "eval"); ok && strings.Contains(v.val, "%(") {
			exec(c.name+" --eval runs a shell command in a macro", v, false)
		}
		if v, ok := longOrShortValue(c.args, "", "pipe"); ok {
			exec(c.name+" --pipe runs a command", v, true)
		}
	case "pip", "pip3":
		if v, ok := longOrShortValue(c.args, "", "editor"); ok {
			exec(c.name+" --editor runs a command", v, true)
		}
	case "gem":
		if v, ok := longOrShortValue(c.args, "e", "editor"); ok {
			exec("gem -e runs a command as the editor", v, true)
		}
	case "puppet":
		if v, ok := longOrShortValue(c.args, "e", "execute"); ok {
			exec("puppet -e applies code (which runs commands)", v, false)
		}
	case "lftp":
		if v, ok := longOrShortValue(c.args, "c", ""); ok && strings.Contains(v.val, "!") {
			exec("lftp -c ! runs a shell command", v, false)
		}
	case "mail", "mailx", "s-nail":
		if v, ok := longOrShortValue(c.args, "", "exec"); ok {
			exec(c.name+" --exec runs commands", v, false)
		}
	case "yt-dlp", "youtube-dl":
		if v, ok := longOrShortValue(c.args, "", "exec"); ok {
			exec(c.name+" --exec runs a command on every download", v, true)
		}
	case "enscript":
		if v, ok := longOrShortValue(c.args, "I", "filter"); ok {
			exec("enscript -I runs an input filter", v, true)
		}
	case "dnsmasq":
		for _, o := range []string{"conf-script", "dhcp-script", "dhcp-luascript"} {
			if v, ok := longOrShortValue(c.args, "", o); ok {
				exec("dnsmasq --"+o+" runs a script", v, false)
			}
		}
	case "busctl":
		for _, a := range c.args {
			if a.known && strings.Contains(a.val, "unixexec:") {
				exec("busctl --address=unixexec runs a program", a, false)
			}
		}
	}
	if c.name == "mysql" || c.name == "mariadb" {
		for _, o := range []string{"plugin-dir", "default-auth"} {
			if v, ok := longOrShortValue(c.args, "", o); ok {
				exec(c.name+" --"+o+" loads a plugin (native code)", v, false)
			}
		}
	}
	return out
}
