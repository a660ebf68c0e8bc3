//go:build !windows

package terminal

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPolicyRules(t *testing.T) {
	base := canonical(t.TempDir())
	home := filepath.Join(base, "home")
	repo := filepath.Join(home, "src", "proj")
	sub := filepath.Join(repo, "pkg", "deep")
	tmp := filepath.Join(base, "tmp")
	extra := filepath.Join(base, "cache")
	for _, d := range []string{sub, filepath.Join(repo, ".git", "hooks"), tmp, filepath.Join(home, ".git")} {
		mkdir(t, d)
	}
	p := Policy{Mode: SandboxWorkspaceWrite, Home: home, TempDirs: []string{tmp}, Writable: []string{extra},
		Protected: ProtectedPaths(home, filepath.Join(home, ".herm")), Secrets: []string{filepath.Join(home, ".herm", ".env")}}
	r := p.Rules(sub)
	if r.Workspace != repo {
		t.Errorf("workspace %q, want the repository's top %q", r.Workspace, repo)
	}
	if want := []string{repo, tmp, extra}; !slices.Equal(r.Writable, want) {
		t.Errorf("writable %v, want %v", r.Writable, want)
	}
	if !slices.Contains(r.Restored, filepath.Join(repo, ".git", "hooks")) || !slices.Contains(r.Restored, filepath.Join(repo, ".git", "config")) {
		t.Errorf("restored %v, want the repository's hooks and config", r.Restored)
	}
	if !slices.Contains(r.ReadOnly, filepath.Join(home, ".herm")) || !slices.Contains(r.ReadOnly, filepath.Join(home, ".bashrc")) {
		t.Errorf("read-only %v", r.ReadOnly)
	}
	if r.Network {
		t.Error("network allowed by default")
	}

	// A directory outside any repository is its own workspace; the home's
	// dotfiles repository does not make all of the home the project.
	notes := filepath.Join(home, "notes")
	mkdir(t, notes)
	if r := p.Rules(notes); r.Workspace != notes || len(r.Restored) != 0 {
		t.Errorf("outside a repository: workspace %q restored %v, want %q and none", r.Workspace, r.Restored, notes)
	}
	// / is never a workspace.
	if r := p.Rules("/"); r.Workspace != "" || slices.Contains(r.Writable, "/") {
		t.Errorf("from /: workspace %q writable %v", r.Workspace, r.Writable)
	}
	// Read-only writes nowhere; the network follows the policy.
	p.Mode, p.Network = SandboxReadOnly, NetworkAllow
	if r := p.Rules(sub); len(r.Writable) != 0 || r.Workspace != "" || !r.Network {
		t.Errorf("read-only: %+v", r)
	}
}

func TestPolicyRulesLinkedWorktree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := canonical(t.TempDir())
	main, wt := filepath.Join(base, "main"), filepath.Join(base, "wt")
	for _, args := range [][]string{
		{"init", "-q", main},
		{"-C", main, "-c", "user.name=t", "-c", "user.email=t@x", "commit", "-q", "--allow-empty", "-m", "x"},
		{"-C", main, "worktree", "add", "-q", wt},
	} {
		if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	r := Policy{Mode: SandboxWorkspaceWrite, TempDirs: []string{}}.Rules(wt)
	common := filepath.Join(main, ".git")
	if r.Workspace != wt || !slices.Contains(r.Writable, common) {
		t.Errorf("linked work tree: workspace %q writable %v, want %q and the repository %q", r.Workspace, r.Writable, wt, common)
	}
	if !slices.Contains(r.Restored, filepath.Join(common, "hooks")) || !slices.Contains(r.Restored, filepath.Join(common, "config")) {
		t.Errorf("restored %v, want the common hooks and config", r.Restored)
	}
}

func TestCanonical(t *testing.T) {
	base := canonical(t.TempDir())
	real := filepath.Join(base, "real")
	mkdir(t, real)
	link := filepath.Join(base, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		link:                        real,
		filepath.Join(link, "a/b"):  filepath.Join(real, "a/b"),
		filepath.Join(base, "none"): filepath.Join(base, "none"),
		"":                          "",
	} {
		if got := canonical(in); got != want {
			t.Errorf("canonical(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDetectDenials(t *testing.T) {
	base := canonical(t.TempDir())
	ws, outside, herm := filepath.Join(base, "ws"), filepath.Join(base, "outside"), filepath.Join(base, "herm")
	for _, d := range []string{ws, outside, herm} {
		mkdir(t, d)
	}
	write(t, filepath.Join(herm, ".env"), "x")
	r := &Rules{Workspace: ws, Writable: []string{ws}, ReadOnly: []string{herm}, Unreadable: []string{filepath.Join(herm, ".env")}}
	for _, c := range []struct {
		output string
		kind   DenialKind
		path   string // "" for the network
	}{
		{"/usr/bin/bash: line 1: " + outside + "/x: Permission denied", DeniedWrite, outside + "/x"},
		{"touch: cannot touch '" + outside + "/t': Permission denied", DeniedWrite, outside + "/t"},
		{"mkdir: cannot create directory ‘" + outside + "/d’: Permission denied", DeniedWrite, outside + "/d"},
		{"PermissionError: [Errno 13] Permission denied: '" + outside + "/p'", DeniedWrite, outside + "/p"},
		{"Error: EACCES: permission denied, open '" + outside + "/n'", DeniedWrite, outside + "/n"},
		{"open " + outside + "/g: permission denied", DeniedWrite, outside + "/g"},
		{"mv: cannot move 'a' to '" + outside + "/a': Invalid cross-device link", DeniedWrite, outside + "/a"},
		{"cat: " + herm + "/.env: Permission denied", DeniedRead, herm + "/.env"},
		{"bash: " + herm + "/config.yaml: Permission denied", DeniedWrite, herm + "/config.yaml"},
		{"error: could not lock config file ../outside/c: Permission denied", DeniedWrite, outside + "/c"},
		{"bash: connect: Permission denied\nbash: /dev/tcp/127.0.0.1/80: Permission denied", DeniedNetwork, ""},
		{"curl: (7) Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server", DeniedNetwork, ""},
		{"  File \"x.py\", line 3, in <module>\n    s.bind((\"127.0.0.1\", 0))\nPermissionError: [Errno 13] Permission denied", DeniedNetwork, ""},
		{"dial tcp 1.2.3.4:443: connect: permission denied", DeniedNetwork, ""},
		{"Connecting to example.com (example.com)|1.2.3.4|:80... failed: Permission denied.", DeniedNetwork, ""},
		{"nc: connect to 127.0.0.1 port 80 (tcp) failed: Permission denied", DeniedNetwork, ""},
		// SQLite opened a database outside the writable places read-only.
		{"sqlite3.OperationalError: attempt to write a readonly database", DeniedWrite, ""},
		{"Error: stepping, attempt to write a readonly database (8)", DeniedWrite, ""},
	} {
		ds := detectDenials(c.output, ws, r)
		if len(ds) == 0 || ds[0].Kind != c.kind || ds[0].Path != c.path {
			t.Errorf("%q: denials %+v, want kind %d path %q", c.output, ds, c.kind, c.path)
		}
	}
	for _, quiet := range []string{
		"touch: cannot touch '" + ws + "/w': Permission denied", // writable: the system's refusal
		"all tests passed",
		"curl: (6) Could not resolve host: example.com",
		"/usr/bin/bash: line 1: cannot create temp file for here-document: Permission denied", // names no file
	} {
		if ds := detectDenials(quiet, ws, r); len(ds) != 0 {
			t.Errorf("%q: denials %+v, want none", quiet, ds)
		}
	}
	// In a read-only sandbox the reason is that nothing is writable.
	ro := *r
	ro.Writable = nil
	if ds := detectDenials("attempt to write a readonly database", ws, &ro); len(ds) != 1 || ds[0].Why != readOnlySandbox {
		t.Errorf("read-only sandbox: denials %+v", ds)
	}
	// With the network allowed, failed connections are the network's.
	allowed := *r
	allowed.Network = true
	if ds := detectDenials("curl: (7) Failed to connect to x port 1: Couldn't connect to server", ws, &allowed); len(ds) != 0 {
		t.Errorf("network allowed: denials %+v", ds)
	}
}

func TestSeatbeltProfile(t *testing.T) {
	r := &Rules{
		Workspace:  "/Users/me/proj",
		Writable:   []string{"/Users/me/proj", "/private/tmp", `/Users/me/we"ird\dir`},
		ReadOnly:   []string{"/Users/me/.herm", "/Users/me/.ssh"},
		Unreadable: []string{"/Users/me/.herm/.env", "/Users/me/.herm/.herm-key"},
		Restored:   []string{"/Users/me/proj/.git/config", "/Users/me/proj/.git/hooks"},
		files:      []string{"/private/tmp/herm-shell-state-1"},
	}
	p := seatbeltProfile(r)
	checkSBPL(t, p)
	for _, want := range []string{
		"(deny default)",
		"(allow process-exec)",
		`(require-not (subpath "/Users/me/.herm/.env"))`,
		`(require-not (subpath "/Users/me/.herm/.herm-key"))`,
		`(require-all (subpath "/Users/me/proj")` + "\n" + `    (require-not (subpath "/Users/me/proj/.git/config"))`,
		`(require-not (subpath "/Users/me/proj/.git/hooks"))`,
		`(allow file-write* (subpath "/private/tmp"))`,
		`(subpath "/Users/me/we\"ird\\dir")`,
		`(allow file-write* (literal "/private/tmp/herm-shell-state-1"))`,
		`(literal "/dev/null")`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("profile lacks %s:\n%s", want, p)
		}
	}
	if strings.Contains(p, "network-outbound") {
		t.Errorf("network off, yet the profile allows it:\n%s", p)
	}
	// The home's protected paths do not touch the workspace's rule.
	if strings.Contains(p, `(require-all (subpath "/private/tmp")`) {
		t.Errorf("a writable root without protected paths in it has exceptions:\n%s", p)
	}
	r.Network = true
	p = seatbeltProfile(r)
	checkSBPL(t, p)
	if !strings.Contains(p, "(allow network-outbound)") {
		t.Errorf("network allowed, yet the profile lacks it:\n%s", p)
	}
}

// checkSBPL checks that p is well-formed S-expressions: strings closed,
// parentheses balanced, one form per top level.
func checkSBPL(t *testing.T, p string) {
	t.Helper()
	depth, inString, escaped, inRegex := 0, false, false, false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case inString || inRegex:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString, inRegex = false, false
			}
		case c == ';':
			for i < len(p) && p[i] != '\n' {
				i++
			}
		case c == '#' && i+1 < len(p) && p[i+1] == '"':
			inRegex = true
			i++
		case c == '"':
			inString = true
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				t.Fatalf("unbalanced ) at %d:\n%s", i, p)
			}
		}
	}
	if depth != 0 || inString || inRegex {
		t.Fatalf("unbalanced profile (depth %d, in string %v):\n%s", depth, inString || inRegex, p)
	}
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

func TestDenialSummary(t *testing.T) {
	ds := []Denial{
		{Kind: DeniedWrite, Path: "/h/a", Why: "protected"},
		{Kind: DeniedRead, Path: "/h/.env"},
		{Kind: DeniedWrite, Path: "/h/b", Why: "protected"},
		{Kind: DeniedWrite, Path: "/h/c", Why: "protected"},
		{Kind: DeniedWrite, Path: "/h/d", Why: "protected"},
		{Kind: DeniedWrite, Path: "/etc/x", Why: "outside"},
		{Kind: DeniedNetwork},
	}
	want := []string{
		"writing /h/a, /h/b, /h/c and 1 more: protected",
		"reading /h/.env: secret files are never readable in the sandbox",
		"writing /etc/x: outside",
		"a network connection: the network is off in the sandbox",
	}
	if got := Summary(ds); !slices.Equal(got, want) {
		t.Errorf("Summary:\n%q\nwant\n%q", got, want)
	}
}
