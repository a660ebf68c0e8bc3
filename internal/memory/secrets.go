package memory

import (
	"fmt"
	"strings"
)

// SecretError refuses an entry that looks like it holds a credential.
// Memory is sent to the model provider with every prompt and kept in plain
// files; secrets belong in HERM_HOME/.env.
type SecretError struct{ Kind string }

func (e *SecretError) Error() string {
	return fmt.Sprintf("refused: the entry looks like it holds a secret (%s). Memory is sent with every prompt; "+
		"keep secrets in HERM_HOME/.env and save only where to find them (\"the deploy key is in the DEPLOY_KEY variable\")", e.Kind)
}

// secretKinds are credential formats recognisable by their prefix, with
// the length of random text that follows in a real one.
var secretKinds = []struct {
	prefix string
	min    int
	kind   string
}{
	{"sk-ant-", 20, "an Anthropic API key"},
	{"sk-or-", 20, "an OpenRouter API key"},
	{"sk-proj-", 20, "an OpenAI API key"},
	{"sk-", 32, "an API key"},
	{"ghp_", 30, "a GitHub token"},
	{"gho_", 30, "a GitHub token"},
	{"ghs_", 30, "a GitHub token"},
	{"github_pat_", 30, "a GitHub token"},
	{"glpat-", 20, "a GitLab token"},
	{"xoxb-", 20, "a Slack token"},
	{"xoxp-", 20, "a Slack token"},
	{"AKIA", 16, "an AWS access key"},
	{"AIza", 35, "a Google API key"},
}

// findSecret returns what kind of secret text seems to hold, or "".
func findSecret(text string) string {
	if strings.Contains(text, "-----BEGIN") && strings.Contains(text, "PRIVATE KEY") {
		return "a private key"
	}
	words := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '\n' || r == '\t' || r == '"' || r == '\'' || r == '`' || r == '=' || r == ':' || r == ',' || r == '(' || r == ')'
	})
	for _, w := range words {
		for _, k := range secretKinds {
			rest, ok := strings.CutPrefix(w, k.prefix)
			if ok && len(rest) >= k.min && tokenChars(rest) {
				return k.kind
			}
		}
	}
	return ""
}

// tokenChars reports text made of the characters API keys use, with
// digits in it (which tells "sk-learn-…" prose from a key).
func tokenChars(s string) bool {
	digit := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digit = true
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '-':
		default:
			return false
		}
	}
	return digit
}

// FindSecret reports what kind of credential text seems to hold (an API
// key, a token, a private key), or "" — for other places that must not
// keep secrets, such as the input history file.
func FindSecret(text string) string { return findSecret(text) }
