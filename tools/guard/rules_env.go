package guard

import "strings"

// This file holds the matchers of the rule about environment variables
// that make the next program load or run something: LD_PRELOAD,
// BASH_ENV, PAGER, GIT_SSH_COMMAND, PERL5OPT…, set before a command,
// exported, or given to env or sudo.

// envHook says what setting a variable does.
type envHook struct {
	what string
	// code is the command the variable makes programs run, analysed like
	// a command when known (PAGER='sh -c …'); zero when it is a library
	// or a file.
	code arg
}

// envLoaders are variables whose value makes programs load or run code
// whatever it is (empty unsets them, which is harmless).
var envLoaders = map[string]string{
	"LD_PRELOAD": "loads a library into every program", "LD_AUDIT": "loads a library into every program",
	"LD_LIBRARY_PATH": "makes programs load libraries from elsewhere", "DYLD_INSERT_LIBRARIES": "loads a library into every program",
	"DYLD_LIBRARY_PATH": "makes programs load libraries from elsewhere", "DYLD_FRAMEWORK_PATH": "makes programs load libraries from elsewhere",
	"DYLD_FALLBACK_LIBRARY_PATH": "makes programs load libraries from elsewhere",
	"BASH_ENV":                   "runs a file in every bash script", "ENV": "runs a file in every sh started",
	"ZDOTDIR": "runs other start-up files in every zsh", "PROMPT_COMMAND": "runs a command at every prompt",
	"PS0": "runs commands at every prompt", "PERL5OPT": "gives every perl options (modules that run code)",
	"PERL5LIB": "makes perl load modules from elsewhere", "PERLLIB": "makes perl load modules from elsewhere",
	"PERL5DB": "runs code in perl's debugger", "PYTHONSTARTUP": "runs a file in every interactive python",
	"PYTHONHOME": "makes python load its library from elsewhere", "RUBYOPT": "gives every ruby options (libraries that run code)",
	"RUBYLIB": "makes ruby load libraries from elsewhere", "GCONV_PATH": "makes programs load character-set modules from elsewhere",
	"GIT_EXEC_PATH": "runs git's own commands from another directory", "GIT_TEMPLATE_DIR": "installs hooks from another directory",
	"GIT_CONFIG_PARAMETERS": "gives git settings (which can run commands)", "GIT_CONFIG_GLOBAL": "makes git read another configuration",
	"GIT_CONFIG_SYSTEM": "makes git read another configuration", "GIT_CONFIG": "makes git read another configuration",
	"LESSOPEN": "runs a command on every file less shows", "LESSCLOSE": "runs a command after less shows a file",
	"BROWSER": "sets the browser programs run", "npm_config_script_shell": "runs every package script with another program",
	"NPM_CONFIG_SCRIPT_SHELL": "runs every package script with another program", "MAKEFILES": "adds makefiles to every make",
}

// envCommands are variables whose value is a command programs run, and
// the programs that are harmless there.
var envCommands = map[string][]string{
	"PAGER": harmlessPagers, "GIT_PAGER": harmlessPagers, "MANPAGER": harmlessPagers, "SYSTEMD_PAGER": harmlessPagers,
	"BAT_PAGER": harmlessPagers, "DELTA_PAGER": harmlessPagers, "PSQL_PAGER": harmlessPagers,
	"EDITOR": harmlessEditors, "VISUAL": harmlessEditors, "GIT_EDITOR": harmlessEditors, "GIT_SEQUENCE_EDITOR": harmlessEditors,
	"SVN_EDITOR": harmlessEditors, "KUBE_EDITOR": harmlessEditors, "SUDO_EDITOR": harmlessEditors,
	"GIT_SSH_COMMAND": {"ssh"}, "GIT_SSH": {"ssh"}, "RSYNC_RSH": {"ssh"}, "CVS_RSH": {"ssh"},
	"GIT_ASKPASS": nil, "SSH_ASKPASS": nil, "SUDO_ASKPASS": nil, "GIT_EXTERNAL_DIFF": nil,
	"GIT_PROXY_COMMAND": nil, "RSYNC_CONNECT_PROG": nil, "RESTIC_PASSWORD_COMMAND": nil, "CRASHPAGER": harmlessPagers,
	"RUSTC_WRAPPER": {"sccache", "ccache"}, "RUSTC_WORKSPACE_WRAPPER": {"sccache", "ccache"},
	"CARGO_BUILD_RUSTC_WRAPPER": {"sccache", "ccache"},
}

var (
	harmlessPagers  = []string{"cat", "less", "more", "most", "bat", "delta", "head", "tail"}
	harmlessEditors = []string{"vi", "vim", "nvim", "nano", "emacs", "emacsclient", "code", "subl", "mate", "micro", "hx", "kak", "true", ":", "cat", "ed"}
)

// harmlessNodeOptions are the NODE_OPTIONS that load no code.
var harmlessNodeOptions = []string{
	"--max-old-space-size", "--max-semi-space-size", "--openssl-legacy-provider", "--enable-source-maps",
	"--no-warnings", "--trace-warnings", "--unhandled-rejections", "--experimental-vm-modules",
	"--dns-result-order", "--max-http-header-size", "--stack-size", "--trace-deprecation", "--no-deprecation",
	"--throw-deprecation", "--trace-uncaught", "--use-openssl-ca", "--use-bundled-ca", "--tls-min-v1.2",
	"--experimental-specifier-resolution", "--no-experimental-fetch", "--expose-gc", "--trace-exit",
}

// javaAgentOptions make the JVM load code.
var javaAgentOptions = []string{"-javaagent", "-agentpath", "-agentlib", "-XX:OnOutOfMemoryError", "-XX:OnError", "-Djava.system.class.loader"}

// envHookOf returns what setting name to value does when the variable
// makes a later program load or run something.
func envHookOf(name string, value arg) (envHook, bool) {
	v := value.val
	if value.known && v == "" {
		return envHook{}, false // unset: harmless
	}
	if what, ok := envLoaders[name]; ok {
		if (name == "GIT_CONFIG_GLOBAL" || name == "GIT_CONFIG_SYSTEM") && v == "/dev/null" {
			return envHook{}, false
		}
		return envHook{what: name + " " + what}, true
	}
	if harmless, ok := envCommands[name]; ok {
		if value.known && harmlessCommand(v, harmless, name) {
			return envHook{}, false
		}
		return envHook{what: name + " sets a command programs run", code: value}, true
	}
	switch {
	case strings.HasPrefix(name, "BASH_FUNC_"):
		return envHook{what: name + " defines a function every bash inherits"}, true
	case strings.HasPrefix(name, "CARGO_TARGET_") && (strings.HasSuffix(name, "_RUNNER") || strings.HasSuffix(name, "_LINKER")):
		return envHook{what: name + " sets a program every cargo build runs", code: value}, true
	case strings.HasPrefix(name, "GIT_CONFIG_KEY_"):
		if !value.known || gitCodeKey(v) {
			return envHook{what: name + " gives git a setting that runs a command"}, true
		}
	case name == "GIT_CONFIG_COUNT":
	case name == "PS1" || name == "PS2" || name == "PS4":
		if !value.known || strings.Contains(v, "$(") || strings.Contains(v, "`") {
			code := value
			code.val = ": " + v
			return envHook{what: name + " runs commands when the prompt is shown", code: code}, true
		}
	case name == "NODE_OPTIONS":
		if !value.known || !allHarmless(v, harmlessNodeOptions) {
			return envHook{what: "NODE_OPTIONS gives every node options (which can load code)"}, true
		}
	case name == "JAVA_TOOL_OPTIONS" || name == "_JAVA_OPTIONS" || name == "JDK_JAVA_OPTIONS":
		if !value.known || containsAny(v, javaAgentOptions...) {
			return envHook{what: name + " makes every JVM load code"}, true
		}
	case name == "GOFLAGS":
		if !value.known || containsAny(v, "toolexec", "-exec", "vettool", "overlay") {
			return envHook{what: "GOFLAGS makes every go build run a program"}, true
		}
	case name == "MAKEFLAGS" || name == "MFLAGS" || name == "GNUMAKEFLAGS":
		if !value.known || containsAny(v, "SHELL=", "--eval", "-E ", "-f", "--file", "--makefile") {
			return envHook{what: name + " gives every make code or another shell"}, true
		}
	case name == "TAR_OPTIONS":
		if !value.known || containsAny(v, "checkpoint-action", "to-command", "use-compress-program", "-I", "info-script", "new-volume-script", "rsh-command", "rmt-command") {
			return envHook{what: "TAR_OPTIONS gives every tar options that run programs"}, true
		}
	}
	return envHook{}, false
}

// harmlessCommand reports whether the command line v runs one of the
// programs listed, with options only (ssh with no option that runs
// commands).
func harmlessCommand(v string, programs []string, name string) bool {
	f := strings.Fields(v)
	if len(f) == 0 || !contains(programs, baseName(f[0])) {
		return false
	}
	if strings.ContainsAny(v, ";|&$`<>()") {
		return false
	}
	if contains(programs, "ssh") {
		return harmlessSSHCommand(arg{val: v, known: true})
	}
	for _, w := range f[1:] {
		if !strings.HasPrefix(w, "-") && !(strings.HasPrefix(name, "EDITOR") || strings.HasSuffix(name, "EDITOR")) {
			return false
		}
	}
	return true
}

// allHarmless reports whether every option in v (space-separated) is
// one of the harmless ones (as --name or --name=value).
func allHarmless(v string, harmless []string) bool {
	for _, o := range strings.Fields(v) {
		name, _, _ := strings.Cut(o, "=")
		if !contains(harmless, name) {
			return false
		}
	}
	return true
}

// envHookRule is the assign matcher of env-hook.
func envHookRule(name string, value arg) (string, *arg) {
	h, ok := envHookOf(name, value)
	if !ok {
		return "", nil
	}
	return h.what, nil
}
