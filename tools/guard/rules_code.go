package guard

import (
	"path"
	"strings"
)

// This file holds the matchers of the rules about options and settings
// that make a program run a command or load code: tar's checkpoint
// actions, ssh's ProxyCommand, rsync -e, gdb -ex, vim -c, git's aliases
// and core.* commands, npm's script shell…

// codeOption is code an option or setting makes a program run.
type codeOption struct {
	id   string // the rule: exec-option or git-code; "" to analyse the code only
	what string // for the finding: "tar --checkpoint-action runs a command"
	// code is what runs; with shell set it is shell code, analysed like
	// a command when known.
	code  arg
	shell bool
}

// codeOptions returns the code c's options and settings make it run,
// computed once per command.
func (c *cmd) codeOptions() []codeOption {
	if !c.optsSet {
		c.opts, c.optsSet = findCodeOptions(c), true
	}
	return c.opts
}

func findCodeOptions(c *cmd) []codeOption {
	var out []codeOption
	add := func(id, what string, code arg, shell bool) {
		out = append(out, codeOption{id: id, what: what, code: code, shell: shell})
	}
	exec := func(what string, code arg, shell bool) { add("exec-option", what, code, shell) }
	for _, w := range c.wrappers {
		switch w {
		case "ssh":
			out = append(out, sshOptions(wrapperWords(c, "ssh"), "ssh")...)
		case "systemd-run":
			exec("systemd-run starts the command as a unit, outside herm's sandbox and control", arg{}, false)
		}
	}
	switch c.name {
	case "tar", "gtar", "bsdtar":
		out = append(out, tarOptions(c.args)...)
	case "zip":
		if v, ok := longOrShortValue(c.args, "TT", "unzip-command"); ok {
			exec("zip -TT runs a command to test the archive", v, true)
		}
	case "rsync":
		if v, ok := longOrShortValue(c.args, "e", "rsh"); ok && !harmlessSSHCommand(v) {
			exec("rsync -e runs a command to reach the other side", v, true)
		}
		if v, ok := longOrShortValue(c.args, "", "rsync-path"); ok {
			exec("rsync --rsync-path chooses the command run on the other side", v, true)
		}
	case "scp", "sftp", "sshfs", "autossh":
		out = append(out, sshOptions(c.args, c.name)...)
		if v, ok := longOrShortValue(c.args, "S", ""); ok && (c.name == "scp" || c.name == "sftp") {
			exec(c.name+" -S runs a program instead of ssh", v, false)
		}
	case "gdb", "cgdb", "gdb-multiarch":
		out = append(out, gdbOptions(c)...)
	case "lldb":
		for _, o := range []string{"o", "one-line", "O", "one-line-before-file", "k", "one-line-on-crash", "s", "source", "S", "source-before-file", "K", "source-on-crash"} {
			if v, ok := longOrShortValue(c.args, o, ""); ok {
				exec("lldb -"+o+" runs debugger commands", v, false)
				break
			}
		}
	case "vim", "vi", "nvim", "view", "vimdiff", "rvim", "gvim", "ex", "evim", "gview", "rview":
		out = append(out, vimOptions(c)...)
	case "emacs", "emacsclient":
		for i, a := range c.args {
			switch name, _, _ := strings.Cut(strings.TrimLeft(a.val, "-"), "="); {
			case a.known && strings.HasPrefix(a.val, "-") && contains([]string{"eval", "execute", "l", "load", "f", "funcall", "script", "x", "e"}, name):
				exec("emacs "+a.val+" runs Lisp code", c.args[i], false)
			}
		}
	case "man":
		if v, ok := longOrShortValue(c.args, "P", "pager"); ok {
			exec("man -P runs a command as the pager", v, true)
		}
		if hasAnyOpt(c.args, "H", "html", "browser") {
			exec("man -H runs a browser", arg{}, false)
		}
	case "rg":
		if v, ok := longOrShortValue(c.args, "", "pre"); ok {
			exec("rg --pre runs a program on every file searched", v, false)
		}
		if v, ok := longOrShortValue(c.args, "", "hostname-bin"); ok {
			exec("rg --hostname-bin runs a program", v, false)
		}
	case "sort":
		if v, ok := longOrShortValue(c.args, "", "compress-program"); ok {
			exec("sort --compress-program runs a program", v, false)
		}
	case "split":
		if v, ok := longOrShortValue(c.args, "", "filter"); ok {
			exec("split --filter runs a command on every piece", v, true)
		}
	case "sed", "gsed":
		for _, s := range sedScripts(c.args) {
			if s.known {
				if what := sedScriptDoes(s.val); strings.Contains(what, " runs ") {
					exec("sed's "+what, s, false)
				}
			}
		}
	case "awk", "gawk":
		if v, ok := longOrShortValue(c.args, "l", "load"); ok {
			exec(c.name+" -l loads an extension (native code)", v, false)
		}
	case "make", "gmake":
		out = append(out, makeOptions(c)...)
	case "npm", "pnpm", "yarn", "npx", "bun":
		out = append(out, npmOptions(c)...)
	case "go":
		out = append(out, goOptions(c)...)
	case "cargo":
		for _, v := range optValues(c.args, 0, "config", "") {
			key, _, _ := strings.Cut(v.val, "=")
			if containsAny(strings.ToLower(key), "runner", "linker", "rustc") {
				exec("cargo --config "+key+" sets a program every build runs", v, false)
			}
		}
	case "apt", "apt-get", "aptitude", "apt-cache":
		for _, v := range optValues(c.args, 'o', "option", "ctsq") {
			key, val, _ := strings.Cut(v.val, "=")
			if containsAny(strings.ToLower(key), "invoke", "pre-install-pkgs", "::hook") {
				code := v
				code.val = val
				exec(c.name+" -o "+key+" runs a command", code, true)
			}
		}
	case "dpkg":
		for _, o := range []string{"pre-invoke", "post-invoke"} {
			if v, ok := longOrShortValue(c.args, "", o); ok {
				exec("dpkg --"+o+" runs a command", v, true)
			}
		}
	case "tcpdump":
		if v, ok := longOrShortValue(c.args, "z", ""); ok {
			exec("tcpdump -z runs a command on every capture file", v, false)
		}
	case "wget":
		if v, ok := longOrShortValue(c.args, "", "use-askpass"); ok {
			exec("wget --use-askpass runs a program", v, false)
		}
		for _, v := range optValues(c.args, 'e', "execute", "") {
			if strings.Contains(strings.ToLower(v.val), "askpass") {
				exec("wget -e use_askpass runs a program", v, false)
			}
		}
	case "docker", "podman", "nerdctl":
		out = append(out, dockerOptions(c)...)
	case "tmux":
		out = append(out, tmuxOptions(c)...)
	case "screen":
		if hasAnyOpt(c.args, "d", "D", "X") || hasLongWord(c.args, "-dm") || hasLongWord(c.args, "-dmS") {
			exec("screen runs a command in a detached session, outside herm's control", arg{}, false)
		}
	case "at", "batch":
		if !hasAnyOpt(c.args, "l", "c", "r", "d", "q") {
			exec(c.name+" schedules commands to run later, outside herm's control", arg{}, false)
		}
	case "sqlite3", "sqlite", "psql", "mysql", "mariadb":
		if sql, _, ok := sqlClient(c); ok {
			for _, s := range sql {
				if s.known {
					out = append(out, sqlShellEscapes(c.name, s)...)
				}
			}
		}
	case "git":
		out = append(out, gitCodeOptions(c)...)
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

// wrapperWords returns the words after the wrapper word w in c's
// command line (ssh's options and host, with the remote command).
func wrapperWords(c *cmd, w string) []arg {
	for i, a := range c.all {
		if a.known && baseName(a.val) == w {
			return c.all[i+1:]
		}
	}
	return nil
}

// longOrShortValue returns the value of option -short or --long, given
// as -sVALUE, -s VALUE, --long=VALUE or --long VALUE, anywhere in args.
func longOrShortValue(args []arg, short, long string) (arg, bool) {
	for i, a := range args {
		v := a.val
		if !a.known || len(v) < 2 || v[0] != '-' {
			continue
		}
		if long != "" && strings.HasPrefix(v, "--") {
			name, val, hasVal := strings.Cut(v[2:], "=")
			if name != long {
				continue
			}
			if hasVal {
				a.val = val
				return a, true
			}
			if i+1 < len(args) {
				return args[i+1], true
			}
			continue
		}
		if short == "" || strings.HasPrefix(v, "--") {
			continue
		}
		if v[1:] == short {
			if i+1 < len(args) {
				return args[i+1], true
			}
			continue
		}
		if len(short) == 1 && strings.HasPrefix(v[1:], short) {
			a.val = v[1+len(short):]
			return a, true
		}
	}
	return arg{}, false
}

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

// sedScripts returns sed's scripts: the values of -e and --expression,
// or else the first operand.
func sedScripts(args []arg) []arg {
	var out []arg
	explicit := false
	var first *arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.val
		switch {
		case !a.known:
			if first == nil {
				first = &args[i]
			}
		case v == "--":
			if first == nil && i+1 < len(args) {
				first = &args[i+1]
			}
			i = len(args)
		case v == "-e" || v == "--expression":
			explicit = true
			if i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
		case strings.HasPrefix(v, "--expression="):
			explicit = true
			a.val = v[len("--expression="):]
			out = append(out, a)
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "--file="):
			explicit = true
			if v != "--file=" && !strings.Contains(v, "=") {
				i++
			}
		case v == "-l" || v == "--line-length":
			i++
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'e':
					explicit = true
					if j+1 < len(v) {
						s := a
						s.val = v[j+1:]
						out = append(out, s)
					} else if i+1 < len(args) {
						out = append(out, args[i+1])
						i++
					}
					j = len(v)
				case 'f':
					explicit = true
					if j+1 == len(v) {
						i++
					}
					j = len(v)
				case 'l':
					if j+1 == len(v) {
						i++
					}
					j = len(v)
				case 'i':
					j = len(v) // the rest is a backup suffix
				}
			}
		default:
			if first == nil {
				first = &args[i]
			}
		}
	}
	if !explicit && first != nil {
		out = append(out, *first)
	}
	return out
}

// sedScriptDoes returns what in a sed script runs a command ("e command
// runs a shell command") or writes a file ("w command writes FILE"), ""
// when it does neither.
func sedScriptDoes(s string) string {
	i := 0
	skipSpace := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ';' || s[i] == '\n' || s[i] == '{' || s[i] == '}' || s[i] == '!') {
			i++
		}
	}
	// part reads up to an unescaped delimiter d.
	part := func(d byte) {
		for i < len(s) && s[i] != d {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		i++
	}
	toEOL := func() string {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		v := strings.TrimSpace(s[i : i+j])
		i += j
		return v
	}
	address := func() {
		for i < len(s) {
			switch c := s[i]; {
			case c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+' || c == ' ':
				i++
			case c == '/':
				i++
				part('/')
			case c == '\\' && i+1 < len(s):
				d := s[i+1]
				i += 2
				part(d)
			default:
				return
			}
		}
	}
	for n := 0; i < len(s) && n < 256; n++ {
		skipSpace()
		address()
		skipSpace()
		if i >= len(s) {
			break
		}
		c := s[i]
		i++
		switch c {
		case '#', ':', 'b', 't', 'T', 'a', 'i', 'c', 'r', 'R':
			toEOL()
		case 'e':
			return "e command runs a shell command"
		case 'w', 'W':
			return "w command writes " + toEOL()
		case 's', 'y':
			if i >= len(s) {
				return ""
			}
			d := s[i]
			i++
			part(d)
			part(d)
			if c == 'y' {
				continue
			}
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				switch s[i] {
				case 'e':
					return "s///e runs the result as a shell command"
				case 'w':
					i++
					return "s///w writes " + toEOL()
				}
				i++
			}
		}
	}
	return ""
}

// gitCodeKeys are the git settings whose value is a command git runs
// (or a place it takes commands from), lower-cased; a "*" matches one
// or more dotted parts.
var gitCodeKeys = []string{
	"core.sshcommand", "core.pager", "core.editor", "core.askpass", "core.fsmonitor", "core.hookspath",
	"core.gitproxy", "core.alternaterefscommand", "diff.external", "sequence.editor", "gpg.program",
	"credential.helper", "protocol.ext.allow", "protocol.allow", "uploadpack.packobjectshook",
	"interactive.difffilter", "web.browser", "include.path",
	"alias.*", "pager.*", "diff.*.textconv", "diff.*.command", "merge.*.driver", "filter.*.clean",
	"filter.*.smudge", "filter.*.process", "gpg.*.program", "credential.*.helper", "man.*.cmd",
	"man.*.path", "browser.*.cmd", "browser.*.path", "difftool.*.cmd", "difftool.*.path",
	"mergetool.*.cmd", "mergetool.*.path", "remote.*.uploadpack", "remote.*.receivepack",
	"includeif.*.path", "submodule.*.update",
}

// gitCodeKey reports whether the setting key runs a command.
func gitCodeKey(key string) bool {
	k := strings.ToLower(key)
	for _, p := range gitCodeKeys {
		pre, post, wild := strings.Cut(p, "*")
		if !wild {
			if k == p {
				return true
			}
			continue
		}
		if strings.HasPrefix(k, pre) && strings.HasSuffix(k, post) && len(k) > len(pre)+len(post) {
			return true
		}
	}
	return false
}

// gitSetting returns the option for setting key to val: the command it
// runs, as shell code where git runs it through the shell.
func gitSetting(how, key string, val arg) codeOption {
	o := codeOption{id: "git-code", what: how + " " + key + " makes git run a command", code: val}
	k := strings.ToLower(key)
	switch {
	case strings.HasPrefix(k, "alias."):
		if s, ok := strings.CutPrefix(val.val, "!"); ok {
			o.code.val, o.shell = s, val.known
		} else {
			// An alias of git's own commands: what it runs is judged.
			o.id, o.code.val, o.shell = "", "git "+val.val, val.known
		}
	case k == "core.hookspath" || k == "include.path" || strings.HasSuffix(k, ".path") || strings.HasPrefix(k, "protocol."):
	case strings.HasPrefix(k, "submodule.") || strings.HasPrefix(k, "credential"):
		if s, ok := strings.CutPrefix(val.val, "!"); ok {
			o.code.val, o.shell = s, val.known
		}
	case k == "core.pager" || strings.HasPrefix(k, "pager.") || k == "core.editor" || k == "sequence.editor":
		// A pager or editor that runs nothing else (cat, less -R, vim) is
		// harmless: what it runs is judged.
		harmless := harmlessPagers
		if strings.HasSuffix(k, "editor") {
			harmless = harmlessEditors
		}
		if val.known && (val.val == "true" || val.val == "false" || harmlessCommand(val.val, harmless, strings.ToUpper(k))) {
			o.id = ""
		}
		o.shell = val.known
	default:
		o.shell = val.known && val.val != "true" && val.val != "false"
	}
	return o
}

// gitCodeOptions returns the commands a git command line makes git run:
// -c settings, git config of a setting that runs a command, --exec-path,
// --upload-pack, rebase --exec, submodule foreach, bisect run, ext::
// URLs.
func gitCodeOptions(c *cmd) []codeOption {
	var out []codeOption
	args := c.args
	// Global options, before the subcommand.
	i := 0
	for ; i < len(args) && args[i].known && strings.HasPrefix(args[i].val, "-"); i++ {
		v := args[i].val
		switch {
		case v == "-c" && i+1 < len(args):
			i++
			key, val := cutSetting(args[i])
			if gitCodeKey(key) {
				out = append(out, gitSetting("git -c", key, val))
			}
		case strings.HasPrefix(v, "-c") && len(v) > 2:
			a := args[i]
			a.val = v[2:]
			if key, val := cutSetting(a); gitCodeKey(key) {
				out = append(out, gitSetting("git -c", key, val))
			}
		case v == "--config-env" || strings.HasPrefix(v, "--config-env="):
			kv := strings.TrimPrefix(v, "--config-env=")
			if v == "--config-env" && i+1 < len(args) {
				i++
				kv = args[i].val
			}
			if key, _, _ := strings.Cut(kv, "="); gitCodeKey(key) {
				out = append(out, codeOption{id: "git-code", what: "git --config-env " + key + " makes git run a command from the environment"})
			}
		case strings.HasPrefix(v, "--exec-path="):
			out = append(out, codeOption{id: "git-code", what: "git --exec-path runs git's own commands from another directory", code: args[i]})
		case v == "-C" || v == "--git-dir" || v == "--work-tree" || v == "--namespace":
			i++
		}
	}
	if i >= len(args) || !args[i].known {
		return out
	}
	sub, rest := args[i].val, args[i+1:]
	for _, a := range rest {
		if a.known && strings.HasPrefix(a.val, "ext::") {
			code := a
			code.val = strings.ReplaceAll(strings.TrimPrefix(a.val, "ext::"), "% ", " ")
			out = append(out, codeOption{id: "git-code", what: "git's ext:: transport runs a command", code: code, shell: true})
		}
	}
	switch sub {
	case "config":
		ops, set := gitConfigSet(rest)
		if set && len(ops) >= 2 && gitCodeKey(ops[0].val) {
			out = append(out, gitSetting("git config", ops[0].val, ops[1]))
		}
	case "clone", "fetch", "pull", "ls-remote", "push", "archive", "submodule":
		for _, o := range []struct{ short, long string }{{"u", "upload-pack"}, {"", "receive-pack"}, {"", "exec"}} {
			if sub != "clone" {
				o.short = ""
			}
			if v, ok := longOrShortValue(rest, o.short, o.long); ok {
				out = append(out, codeOption{id: "git-code", what: "git " + sub + " --" + o.long + " runs a command", code: v, shell: true})
			}
		}
		if v, ok := longOrShortValue(rest, "", "template"); ok {
			out = append(out, codeOption{id: "git-code", what: "git " + sub + " --template installs hooks from another directory", code: v})
		}
		for _, v := range optValues(rest, 'c', "config", "") {
			if sub != "clone" {
				break
			}
			if key, val := cutSetting(v); gitCodeKey(key) {
				out = append(out, gitSetting("git clone -c", key, val))
			}
		}
		if sub == "submodule" {
			if ops := operands(rest); len(ops) > 1 && ops[0].val == "foreach" {
				code, _ := joinArgs(ops[1:])
				out = append(out, codeOption{id: "git-code", what: "git submodule foreach runs a command in every submodule", code: code, shell: true})
			}
		}
	case "init":
		if v, ok := longOrShortValue(rest, "", "template"); ok {
			out = append(out, codeOption{id: "git-code", what: "git init --template installs hooks from another directory", code: v})
		}
	case "rebase":
		if v, ok := longOrShortValue(rest, "x", "exec"); ok {
			out = append(out, codeOption{id: "git-code", what: "git rebase --exec runs a command after every commit", code: v, shell: true})
		}
	case "bisect":
		if ops := operands(rest); len(ops) > 1 && ops[0].val == "run" {
			code, _ := joinArgs(ops[1:])
			out = append(out, codeOption{id: "git-code", what: "git bisect run runs a command on every step", code: code, shell: true})
		}
	case "difftool", "mergetool":
		if v, ok := longOrShortValue(rest, "x", "extcmd"); ok {
			out = append(out, codeOption{id: "git-code", what: "git " + sub + " --extcmd runs a command", code: v, shell: true})
		}
	case "filter-branch":
		for i, a := range rest {
			if a.known && strings.HasPrefix(a.val, "--") && strings.HasSuffix(a.val, "-filter") && i+1 < len(rest) {
				out = append(out, codeOption{code: rest[i+1], shell: true})
			}
		}
	}
	return out
}

// cutSetting splits a -c word, key=value, into the key and the value.
func cutSetting(a arg) (string, arg) {
	key, val, _ := strings.Cut(a.val, "=")
	v := a
	v.val = val
	return key, v
}

// gitConfigSet returns git config's operands and whether it sets a
// value (git config KEY VALUE, git config set KEY VALUE, --add…).
func gitConfigSet(args []arg) ([]arg, bool) {
	var ops []arg
	set, read := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch v := a.val; {
		case !a.known:
			ops = append(ops, a)
		case v == "--add" || v == "--replace-all" || v == "set":
			set = true
		case v == "--get" || v == "--get-all" || v == "--get-regexp" || v == "-l" || v == "--list" ||
			v == "get" || v == "list" || v == "--unset" || v == "--unset-all" || v == "unset" || v == "-e" || v == "--edit":
			read = true
		case v == "-f" || v == "--file" || v == "--blob" || v == "--type" || v == "--default" || v == "--comment":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, a)
		}
	}
	return ops, !read && (set || len(ops) >= 2)
}

// execOption matches a program given an option or setting that runs a
// command or loads code.
func execOption(c *cmd) (string, *arg) {
	return firstCodeOption(c, "exec-option")
}

// gitCode matches git made to run a command by a setting or an option.
func gitCode(c *cmd) (string, *arg) {
	return firstCodeOption(c, "git-code")
}

func firstCodeOption(c *cmd, id string) (string, *arg) {
	for _, o := range c.codeOptions() {
		if o.id == id {
			if o.code.span != [2]int{} {
				return o.what, o.code.spanArg()
			}
			return o.what, nil
		}
	}
	return "", nil
}

// execOptionFed matches commands fed to a program that runs them:
// .shell in SQL piped into sqlite3, ! lines fed to ed or ex.
func execOptionFed(sink *cmd, f *feed) string {
	if !f.known {
		return ""
	}
	switch sink.name {
	case "sqlite3", "sqlite", "psql", "mysql", "mariadb":
		if _, readsInput, _ := sqlClient(sink); readsInput {
			if o := sqlShellEscapes(sink.name, arg{val: f.text, known: true}); len(o) > 0 {
				return o[0].what
			}
		}
	case "ed", "ex", "red":
		for _, line := range strings.Split(f.text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "!") {
				return sink.name + " runs a shell command from its input"
			}
		}
	}
	return ""
}
