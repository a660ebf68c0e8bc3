package guard

import (
	"strings"
	"testing"
)

func hasFinding(v Verdict, id string) bool {
	for _, f := range v.Findings {
		if f.ID == id {
			return true
		}
	}
	return false
}

// TestRuleExamples checks every example in the rule table: each match must
// produce the rule's finding, each noMatch must not.
func TestRuleExamples(t *testing.T) {
	for _, r := range rules {
		if len(r.match) == 0 || len(r.noMatch) == 0 {
			t.Errorf("rule %s: needs examples that match and that do not", r.id)
		}
		for _, ex := range r.match {
			v := Analyze(ex)
			if !hasFinding(v, r.id) {
				t.Errorf("rule %s: %q should match; got %+v", r.id, ex, v)
			}
			if v.Level < r.level {
				t.Errorf("rule %s: %q level %v, want at least %v", r.id, ex, v.Level, r.level)
			}
		}
		for _, ex := range r.noMatch {
			if v := Analyze(ex); hasFinding(v, r.id) {
				t.Errorf("rule %s: %q should not match; got %+v", r.id, ex, v)
			}
		}
	}
}

func TestBypassSpellingsBlock(t *testing.T) {
	for _, cmd := range []string{
		"/bin/rm -rf /",
		"sudo rm -rf --no-preserve-root /",
		"env X=1 rm -rf ~",
		`bash -c "rm -rf /"`,
		"echo ok; rm -rf /",
		"$(rm -rf /)",
		`r\m -rf /`,
		"r''m -rf /",
		`\rm -rf /`,
		`"rm" -rf '/'`,
		"timeout 5 mkfs.ext4 /dev/sda1",
		"timeout -s KILL 5 mkfs.ext4 /dev/sda1",
		"command rm -rf /",
		"exec rm -rf /",
		"nohup rm -rf / &",
		"time rm -rf /",
		"stdbuf -oL rm -rf /",
		"setsid rm -rf /",
		"busybox rm -rf /",
		"xargs -0 rm -rf /",
		"nice -n 19 ionice -c3 rm -rf /",
		`sh -c 'bash -c "rm -rf /"'`,
		"bash -lc 'rm -rf ~'",
		"bash -o pipefail -c 'rm -rf /'",
		"su -c 'rm -rf /' root",
		"true && rm -rf / || true",
		"x=$(echo `rm -rf /`)",
		"diff <(ls) >(rm -rf /)",
		"{ rm -rf /; }",
		"for f in a; do rm -rf /; done",
		"bash <<'EOF'\nrm -rf /\nEOF",
		"cat <<EOF\n$(rm -rf /)\nEOF",
		"echo ${x:-$(rm -rf /)}",
		"arr=( $(rm -rf /) )",
		"[[ -n $(rm -rf /) ]]",
		"declare x=$(rm -rf /)",
		"coproc rm -rf /",
		"f() { rm -rf /; }",
		"dd if=/dev/urandom of=/dev/sda",
		"echo 0 > /dev/nvme0n1",
		":(){ :|:& };:",
		"kill -9 -1",
		"sudo shutdown now",
	} {
		if v := Analyze(cmd); v.Level != Block {
			t.Errorf("Analyze(%q) = %v %+v, want block", cmd, v.Level, v.Findings)
		}
	}
}

func TestSafeMentionsPass(t *testing.T) {
	for _, cmd := range []string{
		`echo "rm -rf /"`,
		`grep -r 'rm -rf /' .`,
		`git commit -m "dd of=/dev/sda"`,
		"rm notes.txt",
		"rm -rf ./build",
		"ls -la",
		"go test ./...",
		`echo ":(){ :|:& };:"`,
		"cat README.md | head -20",
		"# rm -rf /",
		"echo 'shutdown' > notes.txt",
		"",
	} {
		if v := Analyze(cmd); v.Level != Safe {
			t.Errorf("Analyze(%q) = %v %+v, want safe", cmd, v.Level, v.Findings)
		}
	}
}

func TestParseErrorAsks(t *testing.T) {
	for _, cmd := range []string{"echo 'unterminated", "if then fi", "rm -rf / (", `bash -c "echo 'x"`} {
		v := Analyze(cmd)
		if v.Level != Ask || !hasFinding(v, "parse-error") {
			t.Errorf("Analyze(%q) = %v %+v, want ask with parse-error", cmd, v.Level, v.Findings)
		}
	}
}

func TestNestingTooDeepAsks(t *testing.T) {
	code := "ls"
	for range maxDepth + 1 {
		code = "bash -c " + quote(code)
	}
	v := Analyze(code)
	if v.Level != Ask || !hasFinding(v, "nested-code") {
		t.Errorf("Analyze(%q) = %v %+v, want ask with nested-code", code, v.Level, v.Findings)
	}
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func TestFindingSpan(t *testing.T) {
	tests := []struct {
		cmd, want string
	}{
		{"echo ok; rm -rf /", "rm -rf /"},
		{"ls && sudo rm -rf ~ ; echo done", "sudo rm -rf ~"},
		// Nested code is reported at the string that holds it.
		{`echo hi; bash -c "rm -rf /"`, `"rm -rf /"`},
		{"cat x > /dev/sda", "> /dev/sda"},
	}
	for _, tt := range tests {
		v := Analyze(tt.cmd)
		if len(v.Findings) != 1 {
			t.Fatalf("Analyze(%q): want 1 finding, got %+v", tt.cmd, v.Findings)
		}
		sp := v.Findings[0].Span
		if got := tt.cmd[sp[0]:sp[1]]; got != tt.want {
			t.Errorf("Analyze(%q): span %v covers %q, want %q", tt.cmd, sp, got, tt.want)
		}
	}
}

func TestFindingsCapped(t *testing.T) {
	v := Analyze(strings.Repeat("rm -rf /; ", 1000))
	if v.Level != Block || len(v.Findings) != maxFindings {
		t.Fatalf("got level %v with %d findings, want block with %d", v.Level, len(v.Findings), maxFindings)
	}
}

func TestFindingReasonNamesTarget(t *testing.T) {
	v := Analyze("rm -rf /etc/")
	if len(v.Findings) != 1 || !strings.Contains(v.Findings[0].Reason, "/etc") {
		t.Fatalf("want one finding naming /etc, got %+v", v.Findings)
	}
}

func TestLevelString(t *testing.T) {
	for l, want := range map[Level]string{Safe: "safe", Ask: "ask", Block: "block", Level(9): "unknown"} {
		if got := l.String(); got != want {
			t.Errorf("Level(%d).String() = %q, want %q", l, got, want)
		}
	}
}

func TestANSICDecoding(t *testing.T) {
	tests := map[string]string{
		`\x2f`:      "/",
		`\057`:      "/",
		`a\tb`:      "a\tb",
		`\u00e9`:    "é",
		`\'`:        "'",
		`\q`:        `\q`,
		`\x`:        `\x`,
		`\cA`:       "\x01",
		`trailing\`: `trailing\`,
	}
	for in, want := range tests {
		if got := ansiC(in); got != want {
			t.Errorf("ansiC(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzAnalyze(f *testing.F) {
	for _, r := range rules {
		for _, ex := range append(r.match, r.noMatch...) {
			f.Add(ex)
		}
	}
	f.Add("echo ${x:-$(rm -rf /)} $((1+2)) @(a|b) {1..1000}{1..1000}")
	f.Add("cat <<EOF\n$(x)\nEOF")
	f.Fuzz(func(t *testing.T, cmd string) {
		v := Analyze(cmd)
		for _, fd := range v.Findings {
			if fd.Level > v.Level {
				t.Fatalf("finding level %v above verdict %v", fd.Level, v.Level)
			}
			if fd.Span[0] < 0 || fd.Span[1] > len(cmd) || fd.Span[0] > fd.Span[1] {
				t.Fatalf("span %v out of range for %d bytes", fd.Span, len(cmd))
			}
		}
	})
}

func BenchmarkAnalyze(b *testing.B) {
	cmd := `cd /tmp/project && git status --short | grep -v '^??' | awk '{print $2}' | ` +
		`xargs -r sudo -u build env CI=1 timeout 60 go test -run 'TestFoo|TestBar' ./... 2>&1 | ` +
		`tee "$HOME/logs/test.log"; echo "done: $(date +%s)"`
	if len(cmd) < 180 || len(cmd) > 220 {
		b.Fatalf("benchmark command is %d bytes, want about 200", len(cmd))
	}
	b.ReportAllocs()
	for b.Loop() {
		Analyze(cmd)
	}
}
