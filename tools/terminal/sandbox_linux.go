package terminal

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// Landlock confines a command on Linux. Its rules apply to the thread
// that calls landlock_restrict_self and to every process that thread
// starts afterwards, never to the rest of herm: so each command is
// started from a thread of its own, locked to its goroutine, that sets
// no_new_privs, restricts itself and starts the command (startOn, or the
// exec gate's tracer, which is such a thread already). The thread is
// never unlocked, so the Go runtime ends it with its goroutine rather
// than run anything else on it. The restricted thread keeps tracing the
// command: Landlock lets a domain trace the processes it contains.
//
// The rules are made afresh for each command (they depend on its
// workspace, and on which files sit next to the secrets): a few dozen
// directory entries listed and rules added: with the rest of the
// sandbox's work, about half a millisecond a command
// (BenchmarkSandboxSetup).

// File system rights, as Landlock names them. Device and block special
// files can never be made (the rights are handled and never granted);
// ioctl is left alone (not handled): the command's own terminal needs it.
const (
	llRead = ll.AccessFSReadFile | ll.AccessFSReadDir | ll.AccessFSExecute
	// llWrite is every right that changes the file system.
	llWrite = ll.AccessFSWriteFile | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile | ll.AccessFSMakeDir |
		ll.AccessFSMakeReg | ll.AccessFSMakeSock | ll.AccessFSMakeFifo | ll.AccessFSMakeSym |
		ll.AccessFSRefer | ll.AccessFSTruncate
	// llFile are the rights that mean something on a file that is not a
	// directory; a rule on such a file may hold no others.
	llFile = ll.AccessFSExecute | ll.AccessFSWriteFile | ll.AccessFSReadFile | ll.AccessFSTruncate
	// llSecret is what a secret file withholds.
	llSecret = ll.AccessFSReadFile | ll.AccessFSExecute
)

// sandboxSupport returns the kernel's Landlock ABI version, or 0 and why
// there is no sandbox here.
func sandboxSupport() (abi int, why string) {
	v, err := ll.LandlockGetABIVersion()
	switch {
	case errors.Is(err, unix.ENOSYS):
		return 0, "this Linux kernel has no Landlock (it needs Linux 5.13 or later)"
	case errors.Is(err, unix.EOPNOTSUPP):
		return 0, "Landlock is turned off in this Linux kernel (add landlock to its lsm= boot parameter)"
	case err != nil:
		return 0, fmt.Sprintf("Landlock cannot be used here: %v", err)
	}
	return v, ""
}

// handledFS are the file system rights the kernel's ABI knows: each is
// denied unless a rule grants it.
func handledFS(abi int) uint64 {
	h := uint64(ll.AccessFSMakeSym<<1 - 1) // ABI 1: execute … make_sym
	if abi >= 2 {
		h |= ll.AccessFSRefer
	}
	if abi >= 3 {
		h |= ll.AccessFSTruncate
	}
	return h
}

// confine prepares a ruleset for r. The thread that starts cmd calls
// enter first; done releases the ruleset once cmd has started (or failed
// to).
func confine(_ *exec.Cmd, r *Rules, abi int) (enter func() error, done func(), err error) {
	fd, err := buildRuleset(r, abi)
	if err != nil {
		return nil, nil, err
	}
	enter = func() error {
		// Landlock needs no_new_privs, which is per thread too: a setuid
		// program can no longer gain privileges in the command.
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("set no_new_privs: %w", err)
		}
		if err := ll.LandlockRestrictSelf(fd, 0); err != nil {
			return fmt.Errorf("enforce the Landlock rules: %w", err)
		}
		return nil
	}
	return enter, func() { unix.Close(fd) }, nil
}

// buildRuleset creates the Landlock ruleset of r and returns its fd.
func buildRuleset(r *Rules, abi int) (int, error) {
	attr := ll.RulesetAttr{HandledAccessFS: handledFS(abi)}
	if !r.Network && abi >= 4 {
		// No rule will grant a port: no TCP connect, no TCP bind.
		attr.HandledAccessNet = ll.AccessNetBindTCP | ll.AccessNetConnectTCP
	}
	if !r.Network && abi >= 6 {
		attr.Scoped = ll.ScopeAbstractUnixSocket
	}
	fd, err := ll.LandlockCreateRuleset(&attr, 0)
	if err != nil {
		return -1, fmt.Errorf("create a Landlock ruleset: %w", err)
	}
	b := rulesetBuilder{fd: fd, handled: attr.HandledAccessFS}
	b.plan(r)
	if b.err != nil {
		unix.Close(fd)
		return -1, b.err
	}
	return fd, nil
}

// grant is a right given beneath a path; cut is a right withheld beneath
// one, whatever a grant above it says.
type grant struct {
	path   string
	rights uint64
}

type cut = grant

// rulesetBuilder turns grants and cuts into Landlock rules, which can
// only grant: see the package's sandbox notes (sandbox.go).
type rulesetBuilder struct {
	fd      int
	handled uint64
	err     error
}

func (b *rulesetBuilder) plan(r *Rules) {
	grants := []grant{{"/", llRead}}
	for _, w := range r.Writable {
		grants = append(grants, grant{w, llRead | llWrite})
	}
	for _, d := range deviceDirs {
		grants = append(grants, grant{d, llRead | ll.AccessFSWriteFile})
	}
	for _, f := range append(slices.Clone(devices), r.files...) {
		grants = append(grants, grant{f, llRead | ll.AccessFSWriteFile | ll.AccessFSTruncate})
	}
	var cuts []cut
	for _, s := range r.Unreadable {
		cuts = append(cuts, cut{s, llSecret})
	}
	for _, p := range r.ReadOnly {
		cuts = append(cuts, cut{p, llWrite})
	}
	for _, g := range grants {
		rights := g.rights & b.handled
		var beneath []cut
		for _, c := range cuts {
			switch {
			case within(g.path, c.path):
				rights &^= c.rights // the whole grant lies in the cut
			case within(c.path, g.path):
				beneath = append(beneath, c)
			}
		}
		b.emit(g.path, rights, beneath)
	}
}

// emit grants rights beneath path except what cuts (all beneath path)
// withhold: path itself gets what none of them withholds, and the
// entries next to the way down to each cut get all of rights.
func (b *rulesetBuilder) emit(path string, rights uint64, cuts []cut) {
	if b.err != nil || rights == 0 {
		return
	}
	var below []cut
	keep := rights
	for _, c := range cuts {
		if c.path == path {
			rights &^= c.rights
			keep &^= c.rights
			continue
		}
		if c.rights&rights != 0 {
			below = append(below, c)
			keep &^= c.rights
		}
	}
	if len(below) == 0 {
		b.rule(path, rights, kindUnknown)
		return
	}
	b.rule(path, keep, kindDir)
	if rights == keep {
		return
	}
	// The entries of path: those on the way to a cut recurse, the others
	// get rights whole.
	byName := map[string][]cut{}
	for _, c := range below {
		rel := strings.TrimPrefix(c.path, path)
		rel = strings.TrimPrefix(rel, "/")
		name, _, _ := strings.Cut(rel, "/")
		byName[name] = append(byName[name], c)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return // unlisted: its entries keep only what path kept
	}
	for _, e := range entries {
		child := filepath.Join(path, e.Name())
		if cs, ok := byName[e.Name()]; ok {
			if e.IsDir() {
				b.emit(child, rights, cs)
			} else if e.Type().IsRegular() {
				var withheld uint64
				for _, c := range cs {
					withheld |= c.rights
				}
				b.rule(child, rights&^withheld, kindFile)
			}
			continue
		}
		switch {
		case e.Type()&os.ModeSymlink != 0:
			// What it points to is judged where it lies.
		case e.IsDir():
			b.rule(child, rights, kindDir)
		case e.Type() == 0 || e.Type()&(os.ModeDevice|os.ModeCharDevice|os.ModeNamedPipe|os.ModeSocket) != 0:
			b.rule(child, rights, kindFile)
		default:
			b.rule(child, rights, kindUnknown)
		}
	}
}

// What rule knows of the file it is given.
const (
	kindUnknown = iota
	kindDir
	kindFile // anything but a directory
)

// rule adds a path-beneath rule. A path that is missing or cannot be
// opened gets none: nothing can be reached through it.
func (b *rulesetBuilder) rule(path string, rights uint64, kind int) {
	rights &= b.handled
	if kind == kindFile {
		rights &= llFile
	}
	if b.err != nil || rights == 0 {
		return
	}
	fd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC|unix.O_NOFOLLOW, 0)
	if err != nil {
		return
	}
	defer unix.Close(fd)
	if kind == kindUnknown {
		var st unix.Stat_t
		if unix.Fstat(fd, &st) == nil && st.Mode&unix.S_IFMT != unix.S_IFDIR {
			rights &= llFile
		}
	}
	if rights == 0 {
		return
	}
	err = ll.LandlockAddPathBeneathRule(b.fd, &ll.PathBeneathAttr{AllowedAccess: rights, ParentFd: fd}, 0)
	if err != nil {
		b.err = fmt.Errorf("add a Landlock rule for %s: %w", path, err)
	}
}

// blocksNetwork reports whether the kernel can refuse TCP (Landlock ABI 4).
func blocksNetwork(abi int) bool { return abi >= 4 }

// isMainThread reports whether the calling thread is the process's main
// one.
func isMainThread() bool { return unix.Gettid() == unix.Getpid() }
