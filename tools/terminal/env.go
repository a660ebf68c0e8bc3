package terminal

import (
	"bytes"
	"sort"
	"strings"
)

// secretSuffixes end the names of variables that commonly hold
// credentials. Commands the model runs never see them: a prompt-injected
// `env | curl …` then has nothing to leak.
var secretSuffixes = []string{
	"_API_KEY", "_APIKEY", "_TOKEN", "_SECRET", "_SECRET_KEY", "_PASSWORD", "_PASSWD",
	"_ACCESS_KEY", "_PRIVATE_KEY", "_CREDENTIALS",
}

// secretNames are credentials matched by exact name, beyond the suffixes.
var secretNames = []string{
	"API_KEY", "TOKEN", "SECRET", "PASSWORD",
	"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENROUTER_API_KEY", "GEMINI_API_KEY",
	"GOOGLE_API_KEY", "GROQ_API_KEY", "MISTRAL_API_KEY", "DEEPSEEK_API_KEY",
	"TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN",
	"GITHUB_TOKEN", "GH_TOKEN", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
}

// IsSecretName reports whether an environment variable called name is
// kept from commands: credentials by name, and herm's own HERM_*
// settings except HERM_HOME.
func IsSecretName(name string) bool {
	up := strings.ToUpper(name)
	if strings.HasPrefix(up, "HERM_") {
		return up != "HERM_HOME"
	}
	for _, s := range secretNames {
		if up == s {
			return true
		}
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(up, s) {
			return true
		}
	}
	return false
}

// AgentMarker is set in the environment of every command the agent runs,
// so a herm started by one knows no person started it: it refuses to
// record a person's confirmation of a setting that lowers safety, or to
// run with --yolo. A command can unset it; the sandbox, which keeps
// HERM_HOME read-only and its key unreadable, is what holds then.
const AgentMarker = "HERM_AGENT_SESSION"

// fixedEnv is set for every command: a terminal that understands colour
// (the output is stripped of escapes for the model anyway), no pager,
// which would wait for a keypress that never comes, and AgentMarker.
var fixedEnv = []string{
	AgentMarker + "=1",
	"TERM=xterm-256color",
	"PAGER=cat",
	"GIT_PAGER=cat",
	"MANPAGER=cat",
	"SYSTEMD_PAGER=",
	"LESS=-R",
}

// volatileVars change on their own in every shell, so they are not part
// of the session's exported state.
var volatileVars = []string{"_", "SHLVL", "PWD"}

// baseEnv returns base without secrets, plus the fixed settings, as a
// map.
func baseEnv(base []string) map[string]string {
	m := make(map[string]string, len(base)+len(fixedEnv))
	for _, kv := range base {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || IsSecretName(k) {
			continue
		}
		m[k] = v
	}
	for _, kv := range fixedEnv {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// childEnv is the environment of one command: the base, the session's
// exported variables over it, and the fixed settings over those (a session
// that exported PAGER=less must still not hang on a pager).
func childEnv(base map[string]string, vars map[string]string) []string {
	m := make(map[string]string, len(base)+len(vars))
	for k, v := range base {
		m[k] = v
	}
	for k, v := range vars {
		m[k] = v
	}
	for _, kv := range fixedEnv {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	env := make([]string, 0, len(m))
	for k, v := range m {
		env = append(env, k+"="+v)
	}
	sort.Strings(env)
	return env
}

// parseState reads what the EXIT trap wrote: the working directory, a NUL,
// then `env -0`. It returns the directory and the exported variables that
// differ from base — the session's own state.
func parseState(data []byte, base map[string]string) (dir string, vars map[string]string, ok bool) {
	d, rest, found := bytes.Cut(data, []byte{0})
	if !found || len(d) == 0 {
		return "", nil, false
	}
	vars = map[string]string{}
	for _, kv := range bytes.Split(rest, []byte{0}) {
		k, v, ok := strings.Cut(string(kv), "=")
		if !ok || k == "" || contains(volatileVars, k) {
			continue
		}
		if bv, inBase := base[k]; inBase && bv == v {
			continue
		}
		vars[k] = v
	}
	return string(d), vars, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
