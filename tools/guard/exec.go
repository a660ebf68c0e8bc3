package guard

import "strings"

// CheckExec judges one program at the moment it is executed, with the
// words the shell has already expanded: argv as the kernel received it,
// exe the executable file that was loaded (may be ""), and opt.Cwd the
// directory it runs in. It applies the same rules as AnalyzeWith to a
// command whose words are all known, so `x=rf; rm -$x /` — only Ask before
// it ran, because $x was unknown — is Block here. Shell code the program
// is given (bash -c CODE) is parsed and analysed too.
//
// Spans are meaningless here and left zero.
func CheckExec(argv []string, exe string, opt Options) Verdict {
	if len(argv) == 0 {
		return Verdict{}
	}
	a := newAnalyzer(opt)
	args := make([]arg, len(argv))
	for i, s := range argv {
		// Expansion is over: a word starting with ~ is a file named ~,
		// one starting with $HERM_HOME a file of that name.
		if strings.HasPrefix(s, homeMark) || strings.HasPrefix(s, hermMark) {
			s = "./" + s
		}
		args[i] = arg{val: s, known: true, lit: len(s)}
	}
	a.execCheck(args)
	// A renamed or linked binary (cp /bin/rm x; ./x -rf /) is judged by
	// what it is as well as by what it is called — except multi-call
	// binaries, which do what argv[0] says.
	if name := baseName(exe); exe != "" && name != baseName(argv[0]) && !isMultiCall(name) {
		named := append([]arg{{val: name, known: true, lit: len(name)}}, args[1:]...)
		a.execCheck(named)
	}
	return a.v
}

func (a *analyzer) execCheck(args []arg) {
	c := peel(args, a.cwd, &a.pr)
	a.check(&c, [2]int{}, scope{})
}

func isMultiCall(name string) bool {
	switch name {
	case "busybox", "toybox", "coreutils", "uutils", "box":
		return true
	}
	return false
}

// Blocking returns the block-level findings of v, joined for a message:
// "reason [id]; …". It returns "" when v is not Block.
func (v Verdict) Blocking() string {
	if v.Level != Block {
		return ""
	}
	var parts []string
	for _, f := range v.Findings {
		if f.Level == Block {
			parts = append(parts, f.Reason+" ["+f.ID+"]")
		}
	}
	return strings.Join(parts, "; ")
}

// CheckPath judges writing, replacing or deleting the file at p (absolute,
// or relative to opt.Cwd) by a tool that works without a shell — write_file,
// patch: the same sensitive paths as a shell redirection. Devices and
// herm's database are Block; ~/.ssh, shell start-up files, /etc, .env files
// and herm's configuration are Ask.
func CheckPath(p string, opt Options) Verdict {
	pr := newPathRules(opt)
	s, ok := pr.classify(p, pr.norm(opt.Cwd, ""))
	if !ok {
		return Verdict{}
	}
	r := ruleByID(s.id)
	return Verdict{Level: r.level, Findings: []Finding{{
		ID: r.id, Level: r.level, Reason: r.reason + ": " + s.what, Span: [2]int{0, len(p)},
	}}}
}
