package guard

import (
	"path"
	"strings"
)

// Options tell the analyser about the machine the command will run on.
// The zero value works: paths are then judged only as written.
type Options struct {
	// Home is the user's home directory. A path inside it counts as
	// written with ~, so /home/me/.ssh is as sensitive as ~/.ssh and
	// rm -rf /home/me as fatal as rm -rf ~.
	Home string
	// HermHome is herm's own directory (HERM_HOME); its config.yaml, .env
	// and state.db are protected. Empty means ~/.herm.
	HermHome string
	// Cwd is the directory the command starts in; relative paths are
	// resolved against it (and a cd in the command moves it). Empty
	// means unknown: relative paths are then judged by name only.
	Cwd string
	// Resolve, when set, follows the symbolic links of an existing path
	// (filepath.EvalSymlinks). The exec-time check sets it, when the
	// files are there to look at: rm -rf link/, with link pointing to /,
	// is then seen for what it is.
	Resolve func(path string) (string, error)
	// Script, when set, reads a file a command runs as code — bash x.sh,
	// ./x.sh, source x, make's Makefile, npm's package.json, the git
	// config an alias is defined in — given its absolute path. It returns
	// the file's content (the first part of a big one is enough) and
	// whether the agent wrote or changed the file in this session. A file
	// the agent wrote is analysed like a command, and the command inherits
	// its findings, each naming the file; a file it did not write is the
	// user's and is not looked into. Either way a command running a file
	// names it in Verdict.Unknown. An error (no such file) means there is
	// nothing to look into. It is called during the analysis, so it must
	// be quick (one stat and one read).
	Script func(path string) (content []byte, agentWritten bool, err error)
}

// pathRules is Options made ready for comparing paths.
type pathRules struct {
	home     string // clean absolute, "" when unknown
	hermHome string // normalised (see norm), never ""
	resolve  func(string) (string, error)
	// secretDir memoises inSecretDir for one directory.
	secretDir   string
	secretDirIs bool
}

func newPathRules(o Options) pathRules {
	pr := pathRules{home: cleanAbs(o.Home), resolve: o.Resolve}
	pr.hermHome = homeMark + "/.herm"
	if o.HermHome != "" {
		if h := pr.norm(o.HermHome, ""); h != "" {
			pr.hermHome = h
		}
	}
	return pr
}

func cleanAbs(p string) string {
	if !strings.HasPrefix(p, "/") {
		return ""
	}
	return path.Clean(p)
}

// homeStandIn is where ~ is put while a path is cleaned when the real home
// directory is unknown: ~/.. must still climb to /home.
const homeStandIn = "/home/\x00"

// norm returns p as the rules compare paths: absolute and clean, with the
// user's home directory written "~" (so ~/x, $HOME/x and /home/me/x are
// the same path). ~user becomes that user's usual home. It returns ""
// when p is relative and cwd unknown.
func (pr *pathRules) norm(p, cwd string) string {
	switch {
	case p == "":
		return ""
	case strings.HasPrefix(p, hermMark) && (len(p) == len(hermMark) || p[len(hermMark)] == '/'):
		return pr.norm(pr.hermHome+p[len(hermMark):], cwd)
	case strings.HasPrefix(p, homeMark):
		user, rest, _ := strings.Cut(p[1:], "/")
		var base string
		switch user {
		case "":
			base = pr.home
			if base == "" {
				base = homeStandIn
			}
		case "root":
			base = "/root"
		default:
			base = "/home/" + user
		}
		p = base + "/" + rest
	case !strings.HasPrefix(p, "/"):
		if cwd == "" {
			return ""
		}
		if strings.HasPrefix(cwd, homeMark) {
			return pr.norm(cwd+"/"+p, "")
		}
		p = cwd + "/" + p
	}
	p = path.Clean(p)
	for _, h := range [...]string{pr.home, homeStandIn} {
		if h == "" {
			continue
		}
		if p == h {
			return homeMark
		}
		if len(p) > len(h) && p[len(h)] == '/' && strings.HasPrefix(p, h) {
			return homeMark + p[len(h):]
		}
	}
	return p
}

// fileKey is how two spellings of one file (./a.sh, a.sh, $PWD-less
// absolute) compare equal.
func (pr *pathRules) fileKey(p, cwd string) string {
	if n := pr.norm(p, cwd); n != "" {
		return n
	}
	return path.Clean(p)
}

// systemDirs are the directories whose recursive deletion wrecks the
// machine.
var systemDirs = []string{
	"/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32",
	"/opt", "/proc", "/root", "/sbin", "/srv", "/sys", "/usr", "/var", "/Users", "/System",
	"/Library", "/Applications", "/private", "/private/etc", "/private/var",
}

// isProtectedDir reports whether d (normalised) is the root, a system
// directory or someone's home directory.
func isProtectedDir(d string) bool {
	if d == homeMark || contains(systemDirs, d) {
		return true
	}
	// /home/bob, /Users/bob: another user's home.
	for _, parent := range [...]string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(d, parent); ok && rest != "" && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// protectedPath returns the normalised path when p (as written) is the
// root, a system directory or a home directory — or a glob matching one
// of them or everything inside one (/*, ~/*). It returns "" otherwise.
func (pr *pathRules) protectedPath(p, cwd string) string {
	full := pr.norm(p, cwd)
	if full == "" {
		return ""
	}
	if isProtectedDir(full) {
		return full
	}
	dir, base := path.Split(full)
	if dir != "/" {
		dir = strings.TrimSuffix(dir, "/")
	}
	// *, .*, .[!.]*, ?*: patterns of nothing but glob characters and
	// dots match (nearly) everything in dir.
	if strings.Trim(base, "*?[]!^.") == "" {
		if isProtectedDir(dir) {
			return full
		}
	}
	if strings.ContainsAny(full, "*?[") {
		for _, d := range systemDirs {
			if ok, _ := path.Match(full, d); ok {
				return full
			}
		}
		return ""
	}
	return pr.protectedTarget(p, cwd, full)
}

// protectedTarget follows symbolic links in p (relative to cwd; full is
// p normalised) when Options.Resolve allows, and returns where it leads
// if that is protected. A final link is followed only when p ends in /
// or /. — as rm does; rm -rf link removes the link alone.
func (pr *pathRules) protectedTarget(p, cwd, full string) string {
	if pr.resolve == nil {
		return ""
	}
	// Links are resolved before .. is applied, so the path is taken as
	// written, not cleaned.
	abs := p
	switch {
	case strings.HasPrefix(p, "/"):
	case strings.HasPrefix(p, homeMark+"/") || p == homeMark:
		abs = pr.home + p[len(homeMark):]
	case strings.HasPrefix(cwd, "/"):
		abs = cwd + "/" + p
	case strings.HasPrefix(cwd, homeMark):
		abs = pr.home + cwd[len(homeMark):] + "/" + p
	default:
		return ""
	}
	if !strings.HasPrefix(abs, "/") {
		return "" // ~ with the home directory unknown
	}
	var real string
	dir, base := path.Split(strings.TrimRight(abs, "/"))
	if strings.HasSuffix(p, "/") || base == "." || base == ".." {
		r, err := pr.resolve(abs)
		if err != nil {
			return ""
		}
		real = r
	} else {
		r, err := pr.resolve(dir)
		if err != nil {
			return ""
		}
		real = path.Join(r, base)
	}
	if n := pr.norm(real, ""); n != full && isProtectedDir(n) {
		return full + " (which is " + n + ")"
	}
	return ""
}

// isBlockDevice reports whether p (normalised) names a disk or partition
// device node.
func isBlockDevice(p string) bool {
	for _, prefix := range [...]string{
		"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk",
		"/dev/disk", "/dev/rdisk", "/dev/mapper/", "/dev/dm-", "/dev/md", "/dev/loop",
		"/dev/sr", "/dev/mem", "/dev/kmem", "/dev/port",
	} {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// harmlessDevices can be written freely.
var harmlessDevices = []string{
	"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty",
	"/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/ptmx",
}

// sensitivity is what writing or deleting a path would touch.
type sensitivity struct {
	id   string // the finding: write-block-device, herm-state, herm-config, sensitive-write
	what string // for the reason: "~/.ssh (SSH keys and access)"
}

// homeFiles are the files and directories in a home directory that hold
// credentials, run code at login or on a later command, or keep persistent
// jobs. Writing them is how a compromise persists.
var homeFiles = []struct{ name, what string }{
	{".ssh", "SSH keys and access"},
	{".gnupg", "GPG keys"},
	{".aws", "cloud credentials"}, {".kube", "cluster credentials"}, {".docker", "registry credentials"},
	{".azure", "cloud credentials"}, {".config/gcloud", "cloud credentials"},
	{".netrc", "credentials"}, {".git-credentials", "credentials"}, {".pgpass", "credentials"},
	{".my.cnf", "credentials"}, {".npmrc", "credentials"}, {".pypirc", "credentials"},
	{".config/gh", "credentials"}, {".gitconfig", "git configuration (can run code)"},
	{".config/git", "git configuration (can run code)"},
	{".bashrc", "a shell start-up file"}, {".bash_profile", "a shell start-up file"},
	{".bash_login", "a shell start-up file"}, {".bash_logout", "a shell start-up file"},
	{".profile", "a shell start-up file"}, {".zshrc", "a shell start-up file"},
	{".zshenv", "a shell start-up file"}, {".zprofile", "a shell start-up file"},
	{".zlogin", "a shell start-up file"}, {".zlogout", "a shell start-up file"},
	{".kshrc", "a shell start-up file"}, {".mkshrc", "a shell start-up file"},
	{".cshrc", "a shell start-up file"}, {".tcshrc", "a shell start-up file"},
	{".login", "a shell start-up file"}, {".config/fish", "a shell start-up file"},
	{".config/autostart", "programs started at login"}, {".config/systemd", "user services"},
	{"Library/LaunchAgents", "programs started at login"},
}

// systemWriteDirs hold the system's programs and configuration.
var systemWriteDirs = []string{
	"/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/sys", "/proc", "/var/spool/cron", "/var/lib", "/opt", "/System", "/Library",
	"/private/etc", "/private/var/root", "/private/var/db",
}

// classify says whether writing or deleting p (as written) touches
// something sensitive, and what. cwd is the directory p is relative to,
// "" if unknown.
func (pr *pathRules) classify(p, cwd string) (sensitivity, bool) {
	full := pr.norm(p, cwd)
	name := full
	if name == "" {
		name = path.Clean(p) // relative, directory unknown: judge by name
	}
	base := path.Base(name)
	switch {
	case strings.HasPrefix(full, "/dev/"):
		if isBlockDevice(full) {
			return sensitivity{"write-block-device", full + " (a disk or memory device)"}, true
		}
		if contains(harmlessDevices, full) || hasAnyPrefix(full, "/dev/fd/", "/dev/shm/", "/dev/pts/", "/dev/tcp/", "/dev/udp/") {
			return sensitivity{}, false
		}
		return sensitivity{"sensitive-write", full + " (a device)"}, true
	case full != "" && pr.isHermFile(full, "state.db", "state.db-wal", "state.db-shm", "state.db-journal"):
		return sensitivity{"herm-state", full + " (herm's database)"}, true
	case full != "" && pr.isHermFile(full, "config.yaml", ".env", ".herm-key"):
		return sensitivity{"herm-config", full + " (herm's configuration)"}, true
	}
	if full != "" {
		for _, d := range systemWriteDirs {
			if underDir(full, d) {
				what := "a system file"
				if d == "/etc" || d == "/private/etc" {
					what = "system configuration"
				}
				return sensitivity{"sensitive-write", full + " (" + what + ")"}, true
			}
		}
		if rel, ok := homeRelative(full); ok {
			for _, f := range homeFiles {
				if underDir(rel, f.name) {
					return sensitivity{"sensitive-write", full + " (" + f.what + ")"}, true
				}
			}
		}
	}
	switch {
	case base == ".env" || base == ".envrc" ||
		strings.HasPrefix(base, ".env.") && !containsAny(base, "example", "sample", "template", "dist"):
		return sensitivity{"sensitive-write", name + " (secrets or environment settings)"}, true
	case strings.Contains("/"+name+"/", "/.git/hooks/") || strings.HasSuffix("/"+name, "/.git/config"):
		return sensitivity{"sensitive-write", name + " (git runs it on a later command)"}, true
	}
	return sensitivity{}, false
}

// isHermFile reports whether full is one of names in herm's home or in
// one of its profiles.
func (pr *pathRules) isHermFile(full string, names ...string) bool {
	dir, base := path.Split(full)
	if !contains(names, base) {
		return false
	}
	dir = strings.TrimSuffix(dir, "/")
	if dir == pr.hermHome {
		return true
	}
	parent, _ := path.Split(dir)
	return strings.TrimSuffix(parent, "/") == pr.hermHome+"/profiles"
}

// homeRelative returns full relative to the home directory it is in: the
// user's (~), root's, or another user's under /home or /Users.
func homeRelative(full string) (string, bool) {
	if rest, ok := strings.CutPrefix(full, homeMark+"/"); ok {
		return rest, true
	}
	if rest, ok := strings.CutPrefix(full, "/root/"); ok {
		return rest, true
	}
	for _, parent := range [...]string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(full, parent); ok {
			if _, inside, ok := strings.Cut(rest, "/"); ok {
				return inside, true
			}
		}
	}
	return "", false
}

// underDir reports whether p is dir or a path inside it.
func underDir(p, dir string) bool {
	return strings.HasPrefix(p, dir) && (len(p) == len(dir) || p[len(dir)] == '/' || dir == "/")
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func containsAny(s string, subs ...string) bool {
	for _, p := range subs {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
