package guard

import (
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
		out = append(out, moreCodeOptions(c)...) // mysql's plugins
	case "git":
		out = append(out, gitCodeOptions(c)...)
	default:
		out = append(out, moreCodeOptions(c)...)
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
