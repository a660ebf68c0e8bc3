package guard

import (
	"path"
	"strings"
)

// This file lists what commands write: the real target of a write, not
// its spelling — the file a copy into a directory creates, the directory
// an archive is unpacked into, the output of sort -o, yq -i, sponge, ed,
// patch, dd of=…

// targetList collects the targets of a command.
type targetList []target

func (l *targetList) add(verb string, as ...arg) {
	for _, a := range as {
		*l = append(*l, target{a: a, verb: verb})
	}
}

// addDir adds a directory filled with files nobody names.
func (l *targetList) addDir(verb string, d arg) {
	*l = append(*l, target{a: d, verb: verb, dir: true})
}

// addPlain adds writes that only count for the workspace.
func (l *targetList) addPlain(verb string, as ...arg) {
	for _, a := range as {
		*l = append(*l, target{a: a, verb: verb, plain: true})
	}
}

// writeTargets lists the paths c writes or deletes.
func writeTargets(c *cmd) []target {
	var l targetList
	add, addDir, addPlain := l.add, l.addDir, l.addPlain
	value := func(short, long string) (arg, bool) { return longOrShortValue(c.args, short, long) }
	switch c.name {
	case "cp", "mv", "install", "ln", "rsync", "scp":
		copyTargets(c, &l)
	case "tee", "sponge":
		add("writes", operands(c.args)...)
	case "truncate":
		_, rest := splitOpts(c.args, "sr", "size", "reference")
		add("truncates", operands(rest)...)
	case "sed":
		for _, s := range sedScripts(c.args) {
			if w, ok := strings.CutPrefix(sedScriptDoes(s.val), "w command writes "); ok && s.known {
				add("writes", arg{val: w, known: true, span: s.span})
			} else if w, ok := strings.CutPrefix(sedScriptDoes(s.val), "s///w writes "); ok && s.known {
				add("writes", arg{val: w, known: true, span: s.span})
			}
		}
		if !hasSedInPlace(c.args) {
			return l
		}
		ops := operands(skipSedScripts(c.args))
		if !hasAnyOpt(c.args, "e", "f", "expression", "file") && len(ops) > 0 {
			ops = ops[1:] // the script
		}
		add("edits", ops...)
	case "dd":
		for _, a := range c.args {
			// Only a literal of= counts: o$x"f=" is not one.
			if strings.HasPrefix(a.prefix(), "of=") {
				a.val, a.lit = a.val[3:], a.lit-3
				add("writes", a)
			}
		}
	case "curl":
		if o, ok := optValue(c.args, 'o', "output"); ok {
			add("downloads to", o)
		}
		if d, ok := value("", "output-dir"); ok {
			addDir("downloads into", d)
		}
	case "wget":
		if o, ok := optValue(c.args, 'O', "output-document"); ok && o.val != "-" {
			add("downloads to", o)
		}
		if d, ok := value("P", "directory-prefix"); ok {
			addDir("downloads into", d)
		}
	case "rm", "shred", "unlink":
		_, _, _, targets := rmFlags(c.args)
		add("deletes", targets...)
	case "crontab":
		if ops := operands(c.args); len(ops) > 0 || hasAnyOpt(c.args, "r") {
			add("replaces", arg{val: "the crontab", known: true})
		}
	case "touch":
		_, rest := splitOpts(c.args, "dtr", "date", "reference")
		add("creates", operands(rest)...)
	case "mkdir", "rmdir":
		_, rest := splitOpts(c.args, "m", "mode")
		verb := "creates"
		if c.name == "rmdir" {
			verb = "removes"
		}
		addPlain(verb, operands(rest)...)
	case "chmod":
		ops := operands(c.args)
		if !hasReference(c.args) && len(ops) > 0 {
			ops = ops[1:] // the mode
		}
		addPlain("changes the mode of", ops...)
	case "mktemp":
		if d, ok := value("p", "tmpdir"); ok {
			addPlain("creates a file in", d)
		} else if ops := operands(c.args); len(ops) > 0 && strings.Contains(ops[0].val, "/") && !hasAnyOpt(c.args, "t") {
			addPlain("creates", ops[0])
		}
	case "sort", "shuf", "base64", "base32", "gpg", "iconv":
		if o, ok := value("o", "output"); ok {
			add("writes", o)
		}
	case "uniq", "xxd":
		if ops := operands(c.args); len(ops) >= 2 {
			add("writes", ops[1])
		}
	case "yq":
		if hasAnyOpt(c.args, "i", "inplace") {
			ops := operands(c.args)
			for len(ops) > 0 && (ops[0].val == "e" || ops[0].val == "eval" || ops[0].val == "ea" || ops[0].val == "eval-all") {
				ops = ops[1:]
			}
			if len(ops) > 0 && !hasAnyOpt(c.args, "from-file") {
				ops = ops[1:] // the expression
			}
			add("edits", ops...)
		}
	case "awk", "gawk", "mawk", "nawk":
		// print > "FILE" in the program.
		if ia := awkProgram(c); ia != nil && ia.known {
			for _, f := range awkOutputs(ia.val) {
				if strings.HasPrefix(f, homeMark) || strings.HasPrefix(f, hermMark) {
					f = "./" + f // awk expands neither
				}
				add("writes", arg{val: f, known: true, span: ia.span})
			}
		}
		if v, ok := value("i", "include"); ok && v.val == "inplace" {
			var ops []arg
			for i := 0; i < len(c.args); i++ {
				a := c.args[i]
				switch {
				case a.known && (a.val == "-i" || a.val == "-v" || a.val == "-F" || a.val == "-f"):
					i++
				case a.known && strings.HasPrefix(a.val, "-"):
				default:
					ops = append(ops, a)
				}
			}
			if len(ops) > 0 {
				add("edits", ops[1:]...) // after the program
			}
		}
	case "ed", "ex", "red":
		add("edits", operands(c.args)...)
	case "patch":
		if o, ok := value("o", "output"); ok {
			add("writes", o)
		} else if ops := operands(c.args); len(ops) > 0 {
			add("edits", ops[0])
		} else {
			d, ok := value("d", "directory")
			if !ok {
				d = arg{val: ".", known: true}
			}
			addDir("patches files in", d)
		}
	case "split", "csplit":
		if ops := operands(c.args); len(ops) >= 2 {
			add("writes", ops[len(ops)-1])
		}
	case "openssl":
		if o, ok := value("", "out"); ok {
			add("writes", o)
		} else {
			for i, a := range c.args {
				if a.known && a.val == "-out" && i+1 < len(c.args) {
					add("writes", c.args[i+1])
				}
			}
		}
	case "ssh-keygen":
		if !hasAnyOpt(c.args, "l", "y", "F", "H", "L", "Y") {
			if f, ok := value("f", ""); ok {
				add("writes", f)
			}
		}
	case "go":
		if !containsAnyWord(c.args, "-o", "--o") {
			break
		}
		if ops := operands(c.args); len(ops) > 0 && (ops[0].val == "build" || ops[0].val == "test") {
			for i, a := range c.args {
				if a.known && (a.val == "-o" || a.val == "--o") && i+1 < len(c.args) {
					add("writes", c.args[i+1])
				} else if v, ok := strings.CutPrefix(a.val, "-o="); ok && a.known {
					a.val = v
					add("writes", a)
				}
			}
		}
	case "gofmt":
		if hasAnyOpt(c.args, "w") {
			add("rewrites", operands(c.args)...)
		}
	case "find":
		for i, a := range c.args {
			if a.known && (a.val == "-fprint" || a.val == "-fprint0" || a.val == "-fprintf" || a.val == "-fls") && i+1 < len(c.args) {
				add("writes", c.args[i+1])
			}
		}
	case "tree", "tcpdump":
		flag := "o"
		if c.name == "tcpdump" {
			flag = "w"
		}
		if o, ok := value(flag, ""); ok {
			add("writes", o)
		}
	case "gzip", "bzip2", "xz", "zstd", "lz4", "lzip", "lzma", "gunzip", "bunzip2", "unxz", "unzstd", "unlzma", "compress", "uncompress":
		if !hasAnyOpt(c.args, "c", "stdout", "to-stdout", "l", "list", "t", "test") {
			add("replaces", operands(c.args)...)
		}
	case "zip":
		if ops := operands(c.args); len(ops) > 0 {
			add("writes", ops[0])
		}
	case "tar", "bsdtar", "gtar":
		tarTargets(c, &l)
	case "sqlite3", "sqlite":
		// .output FILE, .once FILE, .save FILE, .backup FILE
		if sql, _, ok := sqlClient(c); ok {
			for _, s := range sql {
				for _, line := range strings.Split(s.val, "\n") {
					f := strings.Fields(line)
					if s.known && len(f) >= 2 && contains([]string{".output", ".once", ".save", ".backup"}, f[0]) && !strings.HasPrefix(f[len(f)-1], "|") {
						add("writes", arg{val: strings.Trim(f[len(f)-1], `'"`), known: true, span: s.span})
					}
				}
			}
		}
	case "git":
		// git apply --unsafe-paths --directory / x.patch writes where the
		// patch says, under the directory.
		if ops := operands(c.args); len(ops) > 0 && (ops[0].val == "apply" || ops[0].val == "am") && hasAnyOpt(c.args, "unsafe-paths") {
			d, ok := value("", "directory")
			if !ok {
				d = arg{val: "/", known: true}
			}
			addDir("patches files in", d)
		}
	case "unzip":
		if !hasAnyOpt(c.args, "l", "t", "v", "Z") {
			d, ok := value("d", "")
			if !ok {
				d = arg{val: ".", known: true}
			}
			addDir("extracts files into", d)
		}
	case "7z", "7za", "7zr":
		if ops := operands(c.args); len(ops) > 0 && (ops[0].val == "x" || ops[0].val == "e") {
			d := arg{val: ".", known: true}
			for _, a := range c.args {
				if a.known && strings.HasPrefix(a.val, "-o") && len(a.val) > 2 {
					d = a
					d.val = a.val[2:]
				}
			}
			addDir("extracts files into", d)
		}
	case "cpio":
		if hasAnyOpt(c.args, "i", "extract") {
			d, ok := value("D", "directory")
			if !ok {
				d = arg{val: ".", known: true}
			}
			addDir("extracts files into", d)
		}
	}
	return l
}

// copyTargets adds what cp, mv, install, ln, rsync and scp write: the
// destination, the file a source becomes inside a destination directory
// (cp .bashrc ~/ writes ~/.bashrc), and, for a copy of a directory's
// contents (cp -r src/. ~), the directory filled; mv's sources go away.
func copyTargets(c *cmd, l *targetList) {
	add, addDir := l.add, l.addDir
	ops := operands(c.args)
	dest, ok := optValue(c.args, 't', "target-directory")
	var srcs []arg
	switch {
	case ok:
		srcs = ops
	case c.name == "install" && hasAnyOpt(c.args, "d", "directory"):
		add("creates", ops...)
		return
	case len(ops) >= 2 || c.name == "ln" && len(ops) == 1:
		dest, srcs = ops[len(ops)-1], ops[:len(ops)-1]
		if c.name == "ln" && len(ops) == 1 {
			dest, srcs = arg{val: path.Base(ops[0].val), known: ops[0].known}, ops
		}
	default:
		return
	}
	if (c.name == "rsync" || c.name == "scp") && strings.Contains(dest.val, ":") {
		return // a remote destination
	}
	add("writes", dest)
	recursive := c.name == "rsync" || hasAnyOpt(c.args, "r", "R", "a", "recursive", "archive")
	for _, s := range srcs {
		if !s.known || !dest.known {
			continue
		}
		if recursive && (strings.HasSuffix(s.val, "/.") || c.name == "rsync" && strings.HasSuffix(s.val, "/")) {
			addDir("copies files into", dest)
			continue
		}
		if base := path.Base(s.val); base != "." && base != ".." && base != "/" {
			in := dest
			in.val = strings.TrimSuffix(dest.val, "/") + "/" + base
			add("writes", in)
		}
	}
	if c.name == "mv" {
		add("moves away", srcs...)
	}
}

// tarTargets adds what tar writes: the archive it creates, or the
// directory it unpacks into (the root, with -P).
func tarTargets(c *cmd, l *targetList) {
	add, addDir := l.add, l.addDir
	switch tarMode(c.args) {
	case 'c', 'r', 'u', 'A':
		if f, ok := longOrShortValue(c.args, "f", "file"); ok && f.val != "-" {
			add("writes", f)
		} else if f, ok := tarOldStyleFile(c.args); ok {
			add("writes", f)
		}
	case 'x':
		if hasAnyOpt(c.args, "P", "absolute-names") {
			addDir("extracts files into", arg{val: "/", known: true})
			return
		}
		d, ok := longOrShortValue(c.args, "C", "directory")
		if !ok {
			d = arg{val: ".", known: true}
		}
		addDir("extracts files into", d)
	}
}

// tarOldStyleFile returns the archive of tar's old-style command line
// (tar czf out.tgz dir): the word after the letters, when f is among them.
func tarOldStyleFile(args []arg) (arg, bool) {
	if len(args) >= 2 && args[0].known && !strings.HasPrefix(args[0].val, "-") && strings.Contains(args[0].val, "f") {
		return args[1], true
	}
	return arg{}, false
}

// classifyDir says whether putting files nobody names into directory d
// (relative to cwd) can touch something sensitive: the directory is one
// classify protects, or holds such things (a home directory holds its
// start-up files and keys; / holds /etc; herm's home its config).
func (pr *pathRules) classifyDir(d, cwd string) (sensitivity, bool) {
	if s, ok := pr.classify(d, cwd); ok {
		return s, true
	}
	full := pr.norm(d, cwd)
	if full == "" {
		if path.Base(path.Clean(d)) == ".git" || path.Clean(d) == ".git" {
			return sensitivity{"sensitive-write", d + " (git runs its hooks)"}, true
		}
		return sensitivity{}, false
	}
	if full == pr.hermHome {
		return sensitivity{"herm-config", full + " (herm's home: its configuration and secrets)"}, true
	}
	switch {
	case full == "/" || full == "/var" || full == "/private":
		return sensitivity{"sensitive-write", full + " (it holds system files)"}, true
	case isHomeLike(full):
		return sensitivity{"sensitive-write", full + " (a home directory: shell start-up files and keys)"}, true
	case path.Base(full) == ".git":
		return sensitivity{"sensitive-write", full + " (git runs its hooks)"}, true
	}
	if rel, ok := homeRelative(full); ok {
		for _, f := range homeFiles {
			if strings.HasPrefix(f.name, rel+"/") {
				return sensitivity{"sensitive-write", full + " (it holds " + f.what + ")"}, true
			}
		}
	}
	return sensitivity{}, false
}

// isHomeLike reports whether d (normalised) is a home directory.
func isHomeLike(d string) bool {
	if d == homeMark || d == "/root" {
		return true
	}
	for _, parent := range [...]string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(d, parent); ok && rest != "" && !strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// awkProgram returns awk's program text, nil when it comes from a file.
func awkProgram(c *cmd) *arg {
	for i := 0; i < len(c.args); i++ {
		a := &c.args[i]
		switch v := a.val; {
		case !a.known:
			return a
		case v == "-f" || v == "--file" || strings.HasPrefix(v, "-f") && len(v) > 2:
			return nil
		case v == "-F" || v == "-v" || v == "-W" || v == "-i" || v == "-l":
			i++
		case len(v) > 1 && v[0] == '-' && v != "--":
		case v == "--":
		default:
			return a
		}
	}
	return nil
}

// awkOutputs returns the files an awk program prints into: print > "f",
// printf … >> "f".
func awkOutputs(prog string) []string {
	var out []string
	for i := 0; i < len(prog) && len(out) < 8; i++ {
		if prog[i] != '>' {
			continue
		}
		j := i + 1
		if j < len(prog) && prog[j] == '>' {
			j++
		}
		for j < len(prog) && prog[j] == ' ' {
			j++
		}
		if j < len(prog) && prog[j] == '"' {
			if k := strings.IndexByte(prog[j+1:], '"'); k > 0 {
				out = append(out, prog[j+1:j+1+k])
				i = j + k
			}
		}
	}
	return out
}
