package terminal

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// A command the sandbox refused something fails as the kernel's error
// makes it: "Permission denied" (EACCES) for a file or a TCP connection,
// "Invalid cross-device link" for a move Landlock refuses. The kernel
// tells no one else (its audit log needs privileges herm does not have),
// so the denials are read back from the command's output: each line with
// such an error is searched for the paths it names, and a path counts
// when the rules forbid what the command did with it while herm itself,
// outside the sandbox, could do it — so "Permission denied" on a file the
// user may not write anyway is not blamed on the sandbox. With the
// network off every TCP connection fails, so a failed connection counts
// whatever the words of the error.

// DenialKind says what the sandbox refused a command.
type DenialKind int

const (
	// DeniedWrite is a write outside the writable roots, or to a
	// protected path.
	DeniedWrite DenialKind = iota + 1
	// DeniedRead is reading a secret file.
	DeniedRead
	// DeniedNetwork is a TCP connection or a listening socket.
	DeniedNetwork
	// DeniedRestored is a change to the workspace repository's config or
	// hooks, which herm put back after the command.
	DeniedRestored
	// DeniedGitReplaced is the workspace's .git replaced by the command:
	// herm could not tell its config and hooks are still the ones it
	// kept.
	DeniedGitReplaced
)

// Denial is one thing the sandbox refused a command.
type Denial struct {
	Kind DenialKind
	// Path is the file (all but DeniedNetwork).
	Path string
	// Line is the line of output that shows it, "" for what herm found
	// itself (DeniedRestored, DeniedGitReplaced).
	Line string
	// Why says which rule refused it, for the model.
	Why string
}

// String says what was refused, in words for the model and the person.
func (d Denial) String() string { return describe(d.Kind, []string{d.Path}, d.Why) }

// describe words denials of one kind and reason, of the given paths.
func describe(kind DenialKind, paths []string, why string) string {
	list := strings.Join(paths, ", ")
	if list == "" {
		list = "a file it did not name"
	}
	if len(paths) > 3 {
		list = strings.Join(paths[:3], ", ") + " and " + strconv.Itoa(len(paths)-3) + " more"
	}
	switch kind {
	case DeniedWrite:
		return "writing " + list + ": " + why
	case DeniedRead:
		return "reading " + list + ": secret files are never readable in the sandbox"
	case DeniedNetwork:
		return "a network connection: the network is off in the sandbox"
	case DeniedRestored:
		return list + " changed, and herm put it back: commands in the sandbox may not change the repository's config or hooks"
	case DeniedGitReplaced:
		return "the command replaced " + list + ", so herm could not check the repository's config and hooks: look at them before running git outside herm"
	}
	return "something (unknown kind)"
}

// Summary words denials for the model and the person, one entry for
// each kind and reason, naming at most three paths each.
func Summary(ds []Denial) []string {
	type group struct {
		kind  DenialKind
		why   string
		paths []string
	}
	var groups []*group
	for _, d := range ds {
		var g *group
		for _, have := range groups {
			if have.kind == d.Kind && have.why == d.Why {
				g = have
			}
		}
		if g == nil {
			g = &group{kind: d.Kind, why: d.Why}
			groups = append(groups, g)
		}
		if d.Path != "" {
			g.paths = append(g.paths, d.Path)
		}
	}
	out := make([]string, len(groups))
	for i, g := range groups {
		out[i] = describe(g.kind, g.paths, g.why)
	}
	return out
}

// maxDenials bounds the denials found in one command's output.
const maxDenials = 32

// detectDenials finds in output what the sandbox refused a command that
// ran under r and ended in dir.
func detectDenials(output, dir string, r *Rules) []Denial {
	var out []Denial
	lines := strings.Split(output, "\n")
	for i, line := range lines {
		if len(out) == maxDenials {
			break
		}
		low := strings.ToLower(line)
		if strings.Contains(low, "readonly database") {
			// SQLite opens a database it may not write read-only without
			// an error, and fails only at the first write, naming no file.
			why := sqliteReadOnly
			if len(r.Writable) == 0 {
				why = readOnlySandbox
			}
			out = addDenial(out, Denial{Kind: DeniedWrite, Line: strings.TrimSpace(line), Why: why})
			continue
		}
		refused := containsAny(low, refusals...)
		if !refused && (r.Network || !containsAny(low, netFailures...)) {
			continue
		}
		d, ok := Denial{}, false
		switch {
		case !r.Network && netLine(low, refused):
			d, ok = Denial{Kind: DeniedNetwork}, true
		default:
			for _, p := range mentionedPaths(line) {
				if !filepath.IsAbs(p) {
					p = filepath.Join(dir, p)
				}
				if d, ok = r.explain(canonical(p)); ok {
					break
				}
			}
			if !ok && !r.Network && refused && netTraceback(lines[max(0, i-3):i]) {
				d, ok = Denial{Kind: DeniedNetwork}, true
			}
		}
		if ok {
			d.Line = strings.TrimSpace(line)
			out = addDenial(out, d)
		}
	}
	return out
}

// sqliteReadOnly explains SQLite's "attempt to write a readonly
// database" in the sandbox, where it is what a database outside the
// writable places gives.
const sqliteReadOnly = "SQLite found the database read-only: in the sandbox, only databases in the workspace, the temporary directories and terminal.writable can be written"

const readOnlySandbox = "the sandbox is read-only (terminal.sandbox: read-only)"

// refusals are the words of the errors the sandbox causes: EACCES, EPERM
// (macOS), and EXDEV for a move between directories Landlock refuses.
var refusals = []string{"permission denied", "operation not permitted", "eacces", "eperm", "cross-device link"}

func addDenial(ds []Denial, d Denial) []Denial {
	for _, have := range ds {
		if have.Kind == d.Kind && have.Path == d.Path {
			return ds
		}
	}
	return append(ds, d)
}

// explain says whether the rules, rather than the system, refused path.
func (r *Rules) explain(path string) (Denial, bool) {
	if path == "" || strings.HasPrefix(path, "/dev/tcp/") || strings.HasPrefix(path, "/dev/udp/") {
		return Denial{}, false // bash's names for connections, not files
	}
	if !r.readable(path) && osAllows(path, false) {
		return Denial{Kind: DeniedRead, Path: path}, true
	}
	if r.writable(path) || !osAllows(path, true) {
		return Denial{}, false
	}
	d := Denial{Kind: DeniedWrite, Path: path}
	switch {
	case slices.ContainsFunc(r.ReadOnly, func(ro string) bool { return within(path, ro) }):
		d.Why = "herm's home, ssh and gnupg keys, shell start-up files and git's global config are never writable in the sandbox"
	case len(r.Writable) == 0:
		d.Why = readOnlySandbox
	case r.Workspace != "":
		d.Why = "commands in the sandbox may write only the workspace (" + r.Workspace + "), the temporary directories and the paths of terminal.writable"
	default:
		d.Why = "commands in the sandbox may write only the temporary directories and the paths of terminal.writable"
	}
	return d, true
}

// netFailures are the words of failed connections: with the network off
// the sandbox fails every TCP connection, whatever the error says.
var netFailures = []string{
	"failed to connect to", "couldn't connect to server", "could not connect to server",
	"failed to establish a new connection", "connect to host", "(tcp) failed", "urlopen error",
}

// netRefusals are the words around a permission error that make it a
// refused connection or listening socket: bash's /dev/tcp, Go's dial and
// listen errors, Node's, wget's.
var netRefusals = []string{
	"connect: ", "bind: ", "listen: ", "connect eacces", "bind eacces", "listen eacces",
	"/dev/tcp/", "/dev/udp/", "dial tcp", "listen tcp", "connecting to ",
}

// netLine reports whether a line shows a refused connection or listening
// socket; refused says it has a permission error.
func netLine(low string, refused bool) bool {
	return containsAny(low, netFailures...) || refused && containsAny(low, netRefusals...)
}

// netTraceback reports whether the lines above a bare permission error
// are a traceback through a socket call (Python names the call there).
func netTraceback(before []string) bool {
	for _, b := range before {
		if containsAny(strings.ToLower(b), ".connect(", ".bind(", ".listen(", "create_connection", "socket.") {
			return true
		}
	}
	return false
}

// mentionedPaths returns what a line of error output may name as a file,
// likeliest first: its quoted words ('x', ‘x’, "x", `x'); the field just
// before the error, between ": " separators (bash: x: Permission denied),
// and its last word (open x: permission denied); then, of the other
// fields but the first (the program's name) and of the line's words,
// those that look like paths.
func mentionedPaths(line string) []string {
	var out []string
	add := func(p string, any bool) {
		p = strings.Trim(p, " \t\r,;()[]<>")
		if p != "" && len(p) < 4096 && !slices.Contains(out, p) && (any || looksLikePath(p)) {
			out = append(out, p)
		}
	}
	for _, q := range [][2]string{{"'", "'"}, {"‘", "’"}, {"\"", "\""}, {"`", "'"}, {"“", "”"}} {
		rest := line
		for {
			i := strings.Index(rest, q[0])
			if i < 0 {
				break
			}
			rest = rest[i+len(q[0]):]
			j := strings.Index(rest, q[1])
			if j < 0 {
				break
			}
			add(rest[:j], true)
			rest = rest[j+len(q[1]):]
		}
	}
	fields := strings.Split(line, ": ")
	for i := len(fields) - 1; i > 0; i-- {
		if containsAny(strings.ToLower(fields[i]), refusals...) {
			before := strings.TrimSpace(fields[i-1])
			if !strings.ContainsAny(before, " \t") {
				add(before, i > 1)
			} else if k := strings.LastIndexAny(before, " \t"); k >= 0 {
				add(before[k+1:], false)
			}
			break
		}
	}
	for i := len(fields) - 1; i > 0; i-- {
		add(strings.TrimSpace(fields[i]), false)
	}
	rest := line
	if len(fields) > 1 {
		rest = strings.Join(fields[1:], ": ") // not the program's name
	}
	for _, w := range strings.Fields(rest) {
		if strings.HasPrefix(w, "/") {
			add(strings.TrimRight(w, ":."), false)
		}
	}
	return out
}

// looksLikePath keeps words that name files: with a slash, or starting
// with a dot (.env), and no spaces.
func looksLikePath(p string) bool {
	if strings.ContainsAny(p, " \t") || strings.Contains(p, "://") {
		return false
	}
	return strings.Contains(p, "/") || strings.HasPrefix(p, ".") && len(p) > 1 && p != ".."
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func sortDenials(ds []Denial) {
	slices.SortFunc(ds, func(a, b Denial) int { return strings.Compare(a.Path, b.Path) })
}
