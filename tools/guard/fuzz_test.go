package guard

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// fuzzBlocked are block-level commands the fuzzer hides among arbitrary
// shell text. Each is one statement, so the test can tell when it really
// stands as a command of its own.
var fuzzBlocked = []string{
	"rm -rf /",
	"rm -rf ~",
	"sudo rm -rf --no-preserve-root /",
	"mkfs.ext4 /dev/sda1",
	"dd if=/dev/zero of=/dev/sda",
	"echo x > /dev/sda",
	"bomb(){ bomb|bomb& }",
	"kill -9 -1",
	"shutdown -h now",
	"find / -delete",
	"env -i rm -rf /etc",
}

var fuzzSeparators = []string{"; ", " && ", "\n", " || ", " & ", " | "}

// FuzzAnalyze checks that the analyser never panics, always returns
// consistent verdicts, and blocks a block-level command whatever
// surrounds it, as long as it stands as a command of its own (the text
// around it may turn it into data: a quote, a comment, a here-document).
//
//	go test -run '^$' -fuzz FuzzAnalyze ./tools/guard
func FuzzAnalyze(f *testing.F) {
	for _, r := range rules {
		for _, ex := range r.match {
			f.Add(ex, "", uint8(0))
		}
		for _, ex := range r.noMatch {
			f.Add("", ex, uint8(1))
		}
	}
	for i, s := range []string{
		"echo ${x:-$(rm -rf /)} $((1+2)) @(a|b) {1..1000}{1..1000}", "cat <<EOF\n$(x)\nEOF",
		"cd /", "if true; then", "f() {", "echo '", "# ", "cat <<EOF", "ls \\", "alias rm=echo",
		"IFS=x", "x=rf", "(", "`", "$(", "case x in", "for i in 1; do", "exit 0", "set -n",
	} {
		f.Add(s, "", uint8(i))
		f.Add("", s, uint8(i*7))
	}
	f.Fuzz(func(t *testing.T, prefix, suffix string, pick uint8) {
		checkVerdict(t, prefix, Analyze(prefix))

		bc := fuzzBlocked[int(pick)%len(fuzzBlocked)]
		sep1 := fuzzSeparators[int(pick/16)%len(fuzzSeparators)]
		sep2 := fuzzSeparators[int(pick)%len(fuzzSeparators)]
		cmd := prefix + sep1 + bc + sep2 + suffix
		v := AnalyzeWith(cmd, Options{Home: "/home/u", Cwd: "/tmp"})
		checkVerdict(t, cmd, v)
		if v.Level != Block && standsAlone(cmd, bc) {
			t.Fatalf("%q holds %q as a command of its own, but the verdict is %v %+v", cmd, bc, v.Level, v.Findings)
		}
	})
}

func checkVerdict(t *testing.T, cmd string, v Verdict) {
	t.Helper()
	top := Safe
	for _, fd := range v.Findings {
		if fd.Level > v.Level {
			t.Fatalf("%q: finding level %v above verdict %v", cmd, fd.Level, v.Level)
		}
		if fd.Level > top {
			top = fd.Level
		}
		if fd.Span[0] < 0 || fd.Span[1] > len(cmd) || fd.Span[0] > fd.Span[1] {
			t.Fatalf("%q: span %v out of range for %d bytes", cmd, fd.Span, len(cmd))
		}
		if fd.ID == "" || fd.Reason == "" {
			t.Fatalf("%q: finding without id or reason: %+v", cmd, fd)
		}
	}
	if len(v.Findings) < maxFindings && top != v.Level {
		t.Fatalf("%q: verdict %v but the highest finding is %v", cmd, v.Level, top)
	}
}

// standsAlone reports whether the shell would parse bc, somewhere in cmd,
// as a statement of its own — among the statements it reads before any
// syntax error, since bash runs those.
func standsAlone(cmd, bc string) bool {
	found := false
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	failed := false
	for st, err := range p.StmtsSeq(strings.NewReader(cmd)) {
		// No break: the iterator may yield again after an error.
		failed = failed || err != nil
		if failed || found {
			continue
		}
		syntax.Walk(st, func(n syntax.Node) bool {
			s, ok := n.(*syntax.Stmt)
			if !ok || s.Cmd == nil || s.Negated {
				return !found
			}
			end := s.Cmd.End()
			for _, r := range s.Redirs {
				if r.End().Offset() > end.Offset() {
					end = r.End()
				}
			}
			if from, to := int(s.Pos().Offset()), int(end.Offset()); to <= len(cmd) && cmd[from:to] == bc {
				found = true
			}
			return !found
		})
	}
	return found
}

// FuzzFileReaders checks that what reads files the agent wrote —
// Makefiles, git configurations, sed scripts — never panics nor runs
// away, whatever the file holds.
//
//	go test -run '^$' -fuzz FuzzFileReaders ./tools/guard
func FuzzFileReaders(f *testing.F) {
	for _, s := range []string{
		"all: build\n\tgo build ./...\n", "X := $(shell id)\nall:\n\t$(X) $$HOME ${X} $(@D)\n", "%.o: %.c\n\tcc -c $< -o $@\n",
		"a: b\nb: a\n\techo $(", "[alias]\n\tx = \"!rm -rf ~\"\n", "A = $(A)$(A)$(A)$(A)\nall:\n\t$(A)\n", "s/a/b/w /etc/x", "1e id", "y/abc/xyz/;$!N;/x/{p;d}", "\\%x%d",
	} {
		f.Add(s, "all")
	}
	f.Fuzz(func(t *testing.T, content, goal string) {
		mf := parseMakefile(content)
		for _, l := range mf.recipes([]string{goal}) {
			mf.expand(l, 0)
		}
		mf.recipes(nil)
		gitConfigAlias(content, goal)
		sedScriptDoes(content)
		shebang(content)
	})
}
