package terminal

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// The sandbox: what any command may do, whatever the guard thought of it.
//
// The guard decides what needs a person; the sandbox limits what every
// command of the local backend can do, so a judgement the guard gets wrong
// cannot reach outside the workspace. A Backend whose Config has a Policy
// runs each command confined to it:
//
//   - it reads everything but the secret files (HERM_HOME/.env, the key
//     herm signs its records with);
//   - it writes only beneath the writable roots — the workspace (the
//     project root of the session's first directory), the temporary
//     directories and what the config adds — and never to the protected
//     paths even there: HERM_HOME, ~/.ssh, the shell's start-up files, the
//     user's git config;
//   - the workspace repository's .git/config and .git/hooks, which git
//     itself must be able to write next to (see below), are checked after
//     each command and put back when it changed them;
//   - it opens no TCP connection and listens on no TCP port unless the
//     network is allowed.
//
// On Linux the kernel enforces this with Landlock (sandbox_linux.go), on
// the command's own processes only: herm itself stays unconfined. On macOS
// the command runs under sandbox-exec with a Seatbelt profile made from
// the same rules (seatbelt.go). Elsewhere — Windows, or a Linux kernel
// without Landlock — there is no sandbox: Backend.Sandbox says why, and
// the caller asks before running what the guard does not know.
//
// Landlock only ever adds rights, and a right granted on a directory holds
// for everything beneath it. So "all but the secrets" is granted as rules
// on the siblings of each directory along the way to a secret, and a
// writable root that holds a protected path is granted the same way: the
// directories along the way keep what the protected path may have, and
// lose the right to create or remove entries of their own. That is why
// .git/config and .git/hooks are checked afterwards rather than
// protected: git creates and renames files in .git at every commit, and
// the right to do so in .git would reach into .git/hooks too.
//
// A command the sandbox refused fails like any other, with "Permission
// denied" in its output; Result.Denials names what was refused, found from
// those messages and checked against the rules (sandbox_denial.go), so the caller
// can tell the model and offer a person to run it again outside the
// sandbox (Request.Unconfined) or with the network (Request.AllowNetwork).
//
// Limits: UDP is not restricted (Landlock has no UDP rules before ABI 8),
// so a name can still be looked up (and data sent in DNS queries); nor
// are Unix domain sockets by path (before ABI 9), so a command can still
// ask a daemon listening on one (Docker's, the D-Bus session bus) to act
// for it. A secret reachable through a second mount of its directory is
// readable there. Repositories nested in the workspace other than its
// own keep writable hooks.

// SandboxMode says how far commands are confined (terminal.sandbox).
type SandboxMode string

const (
	// SandboxWorkspaceWrite lets commands write the workspace and the
	// temporary directories only (the default).
	SandboxWorkspaceWrite SandboxMode = "workspace-write"
	// SandboxReadOnly lets commands write nowhere but /dev/null and the
	// terminal.
	SandboxReadOnly SandboxMode = "read-only"
	// SandboxOff runs commands unconfined.
	SandboxOff SandboxMode = "off"
)

// NetworkMode says whether sandboxed commands may use the network
// (terminal.network).
type NetworkMode string

const (
	// NetworkOff refuses TCP connections and listening (the default).
	NetworkOff NetworkMode = "off"
	// NetworkAsk runs commands with the network off; one that was
	// refused a connection may be run again with it, if a person agrees.
	NetworkAsk NetworkMode = "ask"
	// NetworkAllow lets sandboxed commands use the network.
	NetworkAllow NetworkMode = "allow"
)

// Policy is what sandboxed commands may do. Paths are absolute; the
// zero Policy (Mode "") runs commands unconfined.
type Policy struct {
	Mode    SandboxMode
	Network NetworkMode
	// Home is the user's home directory. A workspace never climbs to it
	// (a dotfiles repository in ~ does not make all of ~ the project).
	Home string
	// Writable are writable roots besides the workspace and the
	// temporary directories (terminal.writable). Unused in read-only
	// mode.
	Writable []string
	// TempDirs are the temporary directories; nil means $TMPDIR, /tmp
	// and, on Linux, /dev/shm (where POSIX shared memory lives), an
	// empty list none.
	TempDirs []string
	// Protected are never writable, even beneath a writable root
	// (ProtectedPaths).
	Protected []string
	// Secrets are never readable (config.Home.SecretFiles).
	Secrets []string
}

// Enabled reports whether the policy confines commands at all.
func (p Policy) Enabled() bool {
	return p.Mode == SandboxWorkspaceWrite || p.Mode == SandboxReadOnly
}

// ProtectedPaths are the paths no sandboxed command may write whatever
// the writable roots: herm's home, and the files of the user's home that
// make later programs run something — ssh keys and config, the shells'
// start-up files, git's global config. home or hermHome may be "".
func ProtectedPaths(home, hermHome string) []string {
	var out []string
	if hermHome != "" {
		out = append(out, hermHome)
	}
	if home == "" {
		return out
	}
	for _, name := range []string{
		".ssh", ".gnupg",
		".profile", ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases",
		".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout", ".config/fish",
		".inputrc", ".gitconfig", ".config/git",
	} {
		out = append(out, filepath.Join(home, name))
	}
	return out
}

// Rules are a Policy made concrete for one command: canonical paths, the
// workspace's project root and its git directories found.
type Rules struct {
	// Workspace is the project root commands may write ("" when none).
	Workspace string
	// Writable are the writable roots, the workspace first.
	Writable []string
	// ReadOnly are the protected paths: never writable.
	ReadOnly []string
	// Unreadable are the secret files.
	Unreadable []string
	// Restored are the workspace repository's config and hooks: put back
	// after a command that changed them.
	Restored []string
	// Network is set when commands may use TCP.
	Network bool

	// files are single files commands must be able to write: the
	// shell's state file.
	files []string
	// abi is the kernel's Landlock ABI version (Linux), 1 on macOS.
	abi int
}

// Rules returns the rules p sets for a command whose workspace is the
// directory workspace (the session's first directory).
func (p Policy) Rules(workspace string) Rules {
	return p.resolved().rules(workspace)
}

// resolved returns p with its paths canonical and its temporary
// directories filled in: what does not depend on the workspace, done
// once per Backend.
func (p Policy) resolved() Policy {
	canon := func(paths []string) []string {
		var out []string
		for _, path := range paths {
			out = appendRoot(out, canonical(path))
		}
		return out
	}
	temp := p.TempDirs
	if temp == nil {
		temp = defaultTempDirs()
	}
	p.Home = canonical(p.Home)
	p.TempDirs = canon(temp)
	p.Writable, p.Protected, p.Secrets = canon(p.Writable), canon(p.Protected), canon(p.Secrets)
	return p
}

// rules is Rules for a resolved policy.
func (p Policy) rules(workspace string) Rules {
	r := Rules{Network: p.Network == NetworkAllow, ReadOnly: p.Protected, Unreadable: p.Secrets}
	if p.Mode != SandboxWorkspaceWrite {
		return r
	}
	if root := projectRoot(canonical(workspace), p.Home); root != "" {
		r.Workspace = root
		r.Writable = append(r.Writable, root)
		for _, dir := range gitDirs(root) {
			if !within(dir, root) {
				r.Writable = appendRoot(r.Writable, dir) // a linked work tree's repository
			}
			for _, name := range []string{"config", "config.worktree", "hooks"} {
				r.Restored = append(r.Restored, filepath.Join(dir, name))
			}
		}
	}
	for _, dir := range p.TempDirs {
		r.Writable = appendRoot(r.Writable, dir)
	}
	for _, w := range p.Writable {
		r.Writable = appendRoot(r.Writable, w)
	}
	// A root found later may hold one found earlier (a linked work
	// tree's git directory lies in its repository's).
	r.Writable = slices.DeleteFunc(r.Writable, func(w string) bool {
		return slices.ContainsFunc(r.Writable, func(o string) bool { return o != w && within(w, o) })
	})
	return r
}

// appendRoot appends path to roots unless it is empty or already within
// one of them.
func appendRoot(roots []string, path string) []string {
	if path == "" || slices.ContainsFunc(roots, func(r string) bool { return within(path, r) }) {
		return roots
	}
	return append(roots, path)
}

// projectRoot is the workspace for a session that started in dir: the top
// of the git work tree dir is in, or dir itself when it is in none (or
// the work tree is the home directory or /). The file system root is
// never a workspace: a service started in / would otherwise let its
// commands write everywhere.
func projectRoot(dir, home string) string {
	if dir == "" || dir == "/" {
		return ""
	}
	for d := dir; ; {
		if d == home || d == "/" {
			return dir
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// gitDirs returns the git directories of the work tree at root: its .git,
// and for a linked work tree (where .git is a file naming its git
// directory) that directory and the repository's common one.
func gitDirs(root string) []string {
	dotGit := filepath.Join(root, ".git")
	fi, err := os.Lstat(dotGit)
	switch {
	case err != nil:
		return nil
	case fi.IsDir():
		return []string{dotGit}
	case !fi.Mode().IsRegular():
		return nil
	}
	data, err := os.ReadFile(dotGit)
	if err != nil {
		return nil
	}
	gitDir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return nil
	}
	gitDir = strings.TrimSpace(gitDir)
	if !filepath.IsAbs(gitDir) {
		gitDir = filepath.Join(root, gitDir)
	}
	gitDir = canonical(gitDir)
	dirs := []string{gitDir}
	if data, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common := strings.TrimSpace(string(data))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
		if common = canonical(common); common != gitDir {
			dirs = append(dirs, common)
		}
	}
	return dirs
}

// canonical returns path absolute, clean and with its symbolic links
// followed as far as it exists: the kernel sees files, not the names
// they were reached by. "" stays "".
func canonical(path string) string {
	if path == "" {
		return ""
	}
	path, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	rest := ""
	for p := path; ; {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return path
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// defaultTempDirs are the temporary directories of Policy.TempDirs.
func defaultTempDirs() []string {
	dirs := []string{os.TempDir()}
	for _, d := range []string{"/tmp", "/dev/shm"} {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// within reports whether path is root or beneath it.
func within(path, root string) bool {
	if root == "/" {
		return strings.HasPrefix(path, "/")
	}
	return path == root || strings.HasPrefix(path, root+string(filepath.Separator))
}

// writable reports whether the rules let a command write path.
func (r *Rules) writable(path string) bool {
	for _, ro := range r.ReadOnly {
		if within(path, ro) {
			return false
		}
	}
	for _, f := range r.files {
		if path == f {
			return true
		}
	}
	for _, w := range r.Writable {
		if within(path, w) {
			return true
		}
	}
	for _, d := range deviceDirs {
		if within(path, d) {
			return true
		}
	}
	return slices.Contains(devices, path)
}

// readable reports whether the rules let a command read path.
func (r *Rules) readable(path string) bool {
	for _, s := range r.Unreadable {
		if within(path, s) {
			return false
		}
	}
	return true
}

// devices are the device files every command may write, whatever the
// mode: programs write to /dev/null and the terminal all the time.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty", "/dev/ptmx"}

// deviceDirs hold the terminals commands may write (the pseudo-terminal
// herm gives them among them).
var deviceDirs = []string{"/dev/pts"}

// SandboxSupport reports whether commands can be sandboxed on this
// machine, and when they cannot, why not in words for the person.
func SandboxSupport() (ok bool, why string) {
	abi, why := sandboxSupport()
	return abi > 0, why
}

// startOn starts cmd from a new thread that first calls enter, when enter
// is not nil: the sandbox confines that thread, so the command inherits
// it, and the thread is locked for good (onFreshThread), so the Go
// runtime ends it rather than run the rest of herm on it.
func startOn(cmd *exec.Cmd, enter func() error) error {
	if enter == nil {
		return cmd.Start()
	}
	started := make(chan error, 1)
	onFreshThread(func() {
		if err := enter(); err != nil {
			started <- sandboxSetupError{err}
			return
		}
		started <- cmd.Start()
	})
	return <-started
}

// onFreshThread runs f in a new goroutine locked for good to an OS
// thread, so that what f does to its thread (confine it, trace from it)
// ends with it: Go ends a thread whose goroutine exits locked to it. Go
// cannot end the process's main thread, though, and parks it for good
// instead; so when the goroutine lands there, f runs in another one while
// the main thread is held (no other goroutine can take it meanwhile),
// which then lets it go unchanged.
func onFreshThread(f func()) {
	go func() {
		runtime.LockOSThread()
		if !isMainThread() {
			f()
			return
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			runtime.LockOSThread()
			f()
		}()
		<-done
		runtime.UnlockOSThread()
	}()
}

// sandboxSetupError is a failure to confine a command, which then does
// not run. It hides its cause from errors.Is: the EPERM of a sandbox is
// not the EPERM of a forbidden ptrace, after which a command runs
// without the exec gate.
type sandboxSetupError struct{ err error }

func (e sandboxSetupError) Error() string { return "set up the sandbox: " + e.err.Error() }
