package guard

import "strings"

// This file holds what makes git run a command: settings given with -c
// or git config, and options of its own.

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
