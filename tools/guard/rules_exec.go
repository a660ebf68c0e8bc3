package guard

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file holds the matchers of the rules about code: commands and code
// decided at run time or downloaded, interpreters given code, privilege,
// reverse shells, herm's own settings and cloud metadata.

// dynamicCommand matches a command word decided at run time.
func dynamicCommand(c *cmd) (string, *arg) {
	if !c.dynamic {
		return "", nil
	}
	what := "the command to run is decided at run time"
	if len(c.wrappers) > 0 {
		what += " (run by " + c.wrappers[len(c.wrappers)-1] + ")"
	}
	return what, &c.word
}

// dynamicCode matches shell code decided at run time: eval "$x",
// bash -c "$(…)". Code downloaded on the spot is download-exec instead.
func dynamicCode(c *cmd) (string, *arg) {
	code, by, ok := embeddedCode(c)
	if !ok || code.known {
		return "", nil
	}
	if downloadInAny(code, c) != "" {
		return "", nil
	}
	return by + " runs code decided at run time", code.spanArg()
}

// downloadRun matches code taken from a download: in a substitution, or
// a file downloaded earlier in the command line.
func downloadRun(c *cmd) (string, *arg) {
	if d, at := downloadCode(c); d != "" {
		return d, at
	}
	return runsDownloaded(c)
}

// downloadCode matches shell or interpreter code taken from a download:
// bash -c "$(curl …)", eval "$(wget -qO- …)".
func downloadCode(c *cmd) (string, *arg) {
	code, by, ok := embeddedCode(c)
	if !ok {
		ia := interpreterArgs(c)
		if ia.code == nil {
			return "", nil
		}
		code, by = *ia.code, c.name+" "+ia.flag
	}
	if code.known {
		return "", nil
	}
	if d := downloadInAny(code, c); d != "" {
		return by + " runs code downloaded by " + d, code.spanArg()
	}
	return "", nil
}

// downloadInAny looks for a download in the code word, or in every word
// of eval's arguments when they were joined.
func downloadInAny(code arg, c *cmd) string {
	if code.word != nil {
		return downloadIn(code.word)
	}
	for _, a := range c.args {
		if a.word != nil {
			if d := downloadIn(a.word); d != "" {
				return d
			}
		}
	}
	return ""
}

// runsDownloaded matches running a file that an earlier command in the
// same command line downloaded: curl -o x.sh …; bash x.sh.
func runsDownloaded(c *cmd) (string, *arg) {
	if len(c.downloaded) == 0 {
		return "", nil
	}
	var script *arg
	switch {
	case isShell(c.name):
		if hasC, _, op := shellArgs(c.args); !hasC {
			script = op
		}
	case c.name == "source" || c.name == ".":
		if len(c.args) > 0 {
			script = &c.args[0]
		}
	case interpreter(c.name) != "":
		if ia := interpreterArgs(c); ia.code == nil {
			script = ia.script
		}
	case c.name != "":
		script = &c.word // ./install.sh
	}
	if script == nil || !script.known {
		return "", nil
	}
	key := c.pr.fileKey(script.val, c.cwd)
	for _, d := range c.downloaded {
		if d == key {
			return "runs " + script.val + ", downloaded earlier in the command", script
		}
	}
	return "", nil
}

// spanArg returns a pointer to a copy of a, for a finding's span.
func (a arg) spanArg() *arg { return &a }

// downloadIn returns the downloader run in a substitution inside w.
func downloadIn(w *syntax.Word) string {
	found := ""
	syntax.Walk(w, func(n syntax.Node) bool {
		if found != "" {
			return false
		}
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			c := peel(words(ce.Args, false), "", nil)
			found = downloader(&c)
		}
		return true
	})
	return found
}

// interpreter returns the language an interpreter named name runs, "" if
// it is not one.
func interpreter(name string) string {
	switch {
	case name == "python" || strings.HasPrefix(name, "python2") || strings.HasPrefix(name, "python3") ||
		strings.HasPrefix(name, "pypy"):
		return "python"
	case name == "perl" || strings.HasPrefix(name, "perl5"):
		return "perl"
	case name == "php" || strings.HasPrefix(name, "php7") || strings.HasPrefix(name, "php8"):
		return "php"
	case name == "lua" || name == "luajit" || strings.HasPrefix(name, "lua5"):
		return "lua"
	}
	switch name {
	case "node", "nodejs", "bun":
		return "node"
	case "ruby", "jruby":
		return "ruby"
	case "osascript", "Rscript", "R", "deno", "pwsh", "powershell", "tclsh", "wish", "mongo", "mongosh":
		return name
	case "awk", "gawk", "mawk", "nawk":
		return "awk"
	}
	if _, ok := otherInterpreter(name); ok {
		return name
	}
	return ""
}

// otherInterpreter returns, for an interpreter of another language, the
// options that give it code — short letters, then long names (with one
// dash or two) after a space — and whether name is one.
func otherInterpreter(name string) (string, bool) {
	switch name {
	case "expect", "guile", "gjs", "genie":
		return "c", true
	case "ghc", "runghc", "julia", "jrunscript", "gnuplot", "slsh", "racket", "groovy", "elixir", "scala", "qjs":
		return "e", true
	case "octave", "octave-cli", "sbcl", "erl":
		return " eval", true
	case "clisp":
		return "x", true
	}
	return "", false
}

// interpArgs is an interpreter's command line as the rules need it.
type interpArgs struct {
	code   *arg   // code given on the command line (-c, -e…)
	flag   string // the option that gave it
	script *arg   // the script file operand ("-" is stdin)
	module bool   // python -m: runs an installed module
}

// interpreterArgs parses an interpreter's options near enough to find
// code given with -c/-e and the script operand.
func interpreterArgs(c *cmd) interpArgs {
	var ia interpArgs
	lang := interpreter(c.name)
	if lang == "" {
		return ia
	}
	// codeFlags are the short options taking code; valueFlags the short
	// options whose value is the rest of the word or the next word.
	var codeFlags, valueFlags string
	var codeLong []string
	switch lang {
	case "python":
		codeFlags, valueFlags = "c", "mWXQ"
	case "perl":
		codeFlags, valueFlags = "eE", "iMmIxFCDd0l"
	case "ruby":
		codeFlags, valueFlags = "e", "rICEFxTWK0l"
	case "node":
		codeFlags, valueFlags, codeLong = "ep", "r", []string{"eval", "print"}
	case "php":
		codeFlags, valueFlags = "rRBE", "fdczSt"
	case "osascript", "lua", "Rscript", "R":
		codeFlags, valueFlags = "e", "l"
	case "pwsh", "powershell":
		for i, a := range c.args {
			l := strings.ToLower(a.val)
			if a.known && (l == "-c" || l == "-command" || l == "-e" || l == "-ec" || l == "-enc" || l == "-encodedcommand") && i+1 < len(c.args) {
				ia.code, ia.flag = &c.args[i+1], a.val
				return ia
			}
		}
		return ia
	case "mongo", "mongosh":
		codeLong = []string{"eval"}
	case "deno":
		if len(c.args) > 1 && c.args[0].val == "eval" {
			ia.code, ia.flag = &c.args[1], "eval"
		}
		return ia
	case "awk":
		return awkArgs(c)
	}
	if flags, ok := otherInterpreter(lang); ok {
		short, long, _ := strings.Cut(flags, " ")
		codeFlags = short
		if long != "" {
			codeLong = strings.Fields(long)
		}
		for i, a := range c.args {
			if name := strings.TrimLeft(a.val, "-"); a.known && strings.HasPrefix(a.val, "-") && contains(codeLong, name) && i+1 < len(c.args) {
				ia.code, ia.flag = &c.args[i+1], a.val
				return ia
			}
		}
	}
	for i := 0; i < len(c.args); i++ {
		a := &c.args[i]
		v := a.val
		if !a.known || v == "-" || len(v) < 2 || v[0] != '-' {
			ia.script = a
			return ia
		}
		if v == "--" {
			if i+1 < len(c.args) {
				ia.script = &c.args[i+1]
			}
			return ia
		}
		if strings.HasPrefix(v, "--") {
			name, val, hasVal := strings.Cut(v[2:], "=")
			if contains(codeLong, name) {
				ia.flag = "--" + name
				if hasVal {
					code := *a
					code.val = val
					ia.code = &code
				} else if i+1 < len(c.args) {
					ia.code = &c.args[i+1]
				}
				return ia
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			switch {
			case strings.IndexByte(codeFlags, v[j]) >= 0:
				ia.flag = "-" + string(v[j])
				if j+1 < len(v) {
					code := *a
					code.val = v[j+1:]
					ia.code = &code
				} else if i+1 < len(c.args) {
					ia.code = &c.args[i+1]
				}
				return ia
			case lang == "python" && v[j] == 'm':
				ia.module = true
				return ia
			case strings.IndexByte(valueFlags, v[j]) >= 0:
				if j == len(v)-1 && strings.IndexByte("mWXQrIfdczSt", v[j]) >= 0 {
					i++ // the value is the next word
				}
				j = len(v)
			}
		}
	}
	return ia
}

// awkArgs finds awk's program. awk reads data, never code, from its
// input, so a program only counts as code to check when it runs
// commands: system(), print | "cmd", "cmd" | getline.
func awkArgs(c *cmd) interpArgs {
	var ia interpArgs
	for i := 0; i < len(c.args); i++ {
		a := &c.args[i]
		v := a.val
		switch {
		case a.known && (v == "-f" || v == "--file" || strings.HasPrefix(v, "-f") && len(v) > 2):
			return ia // the program is in a file
		case a.known && (v == "-F" || v == "-v" || v == "-W"):
			i++
		case a.known && len(v) > 1 && v[0] == '-' && v != "--":
		case a.known && v == "--":
		default:
			if !a.known || awkRunsCommands(v) {
				ia.code, ia.flag = &c.args[i], "program"
			}
			return ia
		}
	}
	return ia
}

func awkRunsCommands(prog string) bool {
	if strings.IndexByte(prog, '|') < 0 && !strings.Contains(prog, "system") {
		return false
	}
	return strings.Contains(prog, "system(") || strings.Contains(prog, "system (") ||
		strings.Contains(prog, "| \"") || strings.Contains(prog, "|\"") ||
		strings.Contains(prog, "|&") || strings.Contains(prog, "| getline") ||
		strings.Contains(prog, "|getline")
}

// interpreterCode matches an interpreter given code on its command line.
func interpreterCode(c *cmd) (string, *arg) {
	if interpreter(c.name) == "" {
		return "", nil
	}
	ia := interpreterArgs(c)
	if ia.code == nil {
		return "", nil
	}
	if ia.flag == "program" {
		return c.name + " program runs commands", ia.code
	}
	return c.name + " " + ia.flag, ia.code
}

// privilegeTools run a command as another user, usually root.
var privilegeTools = []string{"sudo", "doas", "pkexec", "runuser", "gosu", "su-exec", "su", "sudoedit", "run0", "chroot"}

func privilege(c *cmd) (string, *arg) {
	for _, w := range c.wrappers {
		if contains(privilegeTools, w) {
			return w, nil
		}
	}
	if contains(privilegeTools, c.name) {
		return c.name, nil
	}
	return "", nil
}

// reverseShell matches a shell or command handed to a network connection.
func reverseShell(c *cmd) (string, *arg) {
	switch c.name {
	case "ztcp", "zsocket":
		return "zsh's " + c.name + " opens a network connection for the shell", nil
	case "zmodload":
		if hasOperand(c.args, "zsh/net/tcp", "zsh/net/socket") {
			return "zmodload loads zsh's network module", nil
		}
	case "nc", "ncat", "netcat":
		if hasAnyOpt(c.args, "e", "c", "exec", "sh-exec", "lua-exec") {
			return c.name + " -e", nil
		}
	case "socat":
		for i, a := range c.args {
			l := strings.ToLower(a.val)
			if strings.HasPrefix(l, "exec:") || strings.HasPrefix(l, "system:") {
				return "socat " + a.val, &c.args[i]
			}
		}
	}
	return "", nil
}

func redirectsToNetwork(op syntax.RedirOperator, t arg, _ *redirCtx) string {
	p := t.prefix()
	if strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/") {
		return "redirect to " + p
	}
	return ""
}

// hermSelf matches herm commands that change what herm allows: its
// configuration, approval grants, or a run that approves without asking.
func hermSelf(c *cmd) (string, *arg) {
	if c.name != "herm" {
		return "", nil
	}
	for i, a := range c.args {
		if a.val == "--yolo" {
			return "herm --yolo approves commands without asking", &c.args[i]
		}
	}
	// herm [-p NAME] config set …: the first word naming a subcommand,
	// then the first operand after it that is not a flag's value.
	var ops []string
	for i := 0; i < len(c.args); i++ {
		v := c.args[i].val
		switch {
		case v == "-p" || v == "--profile" || v == "--model" || v == "--provider":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, v)
		}
	}
	if len(ops) >= 1 && ops[0] == "approvals" && (len(ops) < 2 || ops[1] != "list") {
		return "herm approvals changes approval grants", nil
	}
	if len(ops) >= 2 && ops[0] == "config" && ops[1] != "get" && ops[1] != "show" && ops[1] != "path" {
		return "herm config " + ops[1] + " changes herm's configuration", nil
	}
	return "", nil
}

// metadataHosts are the addresses of cloud instance metadata services,
// which hand out the machine's credentials to anyone who asks.
var metadataHosts = []string{
	"169.254.169.254", "fd00:ec2::254", "metadata.google.internal", "100.100.100.200",
	"169.254.170.2", "metadata.tencentyun.com", "2852039166", "0xa9fea9fe", "0251.0376.0251.0376",
	"a9fe:a9fe", "://metadata/", "computemetadata/",
}

func mentionsMetadata(ws []arg) (string, *arg) {
	for i, w := range ws {
		if d := metadataIn(w.val); d != "" {
			return d, &ws[i]
		}
	}
	return "", nil
}

func metadataIn(s string) string {
	// Every address is a number or names the metadata service.
	if len(s) < 10 || strings.IndexAny(s, "0123456789") < 0 && !strings.Contains(s, "etadata") && !strings.Contains(s, "ETADATA") {
		return ""
	}
	l := strings.ToLower(s)
	for _, h := range metadataHosts {
		for from := 0; ; {
			i := strings.Index(l[from:], h)
			if i < 0 {
				break
			}
			i += from
			// The address must end there: metadata.google.internal.example.com
			// is another host.
			if end := i + len(h); end == len(l) || strings.IndexByte("/:]?#%'\" \t", l[end]) >= 0 || strings.HasSuffix(h, "/") {
				return h
			}
			from = i + 1
		}
	}
	return ""
}

func redirectsToMetadata(_ syntax.RedirOperator, t arg, _ *redirCtx) string {
	return metadataIn(t.val)
}
