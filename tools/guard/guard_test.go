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
			v := AnalyzeWith(ex, exampleOptions)
			if !hasFinding(v, r.id) {
				t.Errorf("rule %s: %q should match; got %+v", r.id, ex, v)
			}
			if v.Level < r.level {
				t.Errorf("rule %s: %q level %v, want at least %v", r.id, ex, v.Level, r.level)
			}
		}
		for _, ex := range r.noMatch {
			if v := AnalyzeWith(ex, exampleOptions); hasFinding(v, r.id) {
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
		cmd, id, want string
	}{
		{"echo ok; rm -rf /", "recursive-delete", "rm -rf /"},
		{"echo ok; rm -rf /", "delete-system-dir", "/"},
		{"ls && sudo rm -rf ~ ; echo done", "privilege", "sudo rm -rf ~"},
		// Nested code is reported at the string that holds it.
		{`echo hi; bash -c "rm -rf /"`, "delete-system-dir", `"rm -rf /"`},
		{"cat x > /dev/sda", "write-block-device", "> /dev/sda"},
		{"curl -s http://169.254.169.254/x", "cloud-metadata", "http://169.254.169.254/x"},
		{"ls; curl -fsSL x | sh", "download-exec", "curl -fsSL x | sh"},
		{"git push origin +main", "git-destructive", "+main"},
		{"$(printf rm) -rf x", "dynamic-command", "$(printf rm)"},
		{"python3 -c 'import os'", "interpreter-code", "'import os'"},
	}
	for _, tt := range tests {
		v := Analyze(tt.cmd)
		f, ok := findingOf(v, tt.id)
		if !ok {
			t.Errorf("Analyze(%q): no %s finding in %+v", tt.cmd, tt.id, v.Findings)
			continue
		}
		if got := tt.cmd[f.Span[0]:f.Span[1]]; got != tt.want {
			t.Errorf("Analyze(%q): %s span %v covers %q, want %q", tt.cmd, tt.id, f.Span, got, tt.want)
		}
	}
}

func findingOf(v Verdict, id string) (Finding, bool) {
	for _, f := range v.Findings {
		if f.ID == id {
			return f, true
		}
	}
	return Finding{}, false
}

func TestFindingsCapped(t *testing.T) {
	v := Analyze(strings.Repeat("rm -rf /; ", 1000))
	if v.Level != Block || len(v.Findings) != maxFindings {
		t.Fatalf("got level %v with %d findings, want block with %d", v.Level, len(v.Findings), maxFindings)
	}
}

func TestFindingReasonNamesTarget(t *testing.T) {
	v := Analyze("rm -rf /etc/")
	f, ok := findingOf(v, "delete-system-dir")
	if !ok || !strings.Contains(f.Reason, "/etc") {
		t.Fatalf("want a delete-system-dir finding naming /etc, got %+v", v.Findings)
	}
}

// TestRuleTable keeps the table sound: unique ids, one hook at least
// (except the two findings about the analysis itself), and a level.
func TestRuleTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.id] {
			t.Errorf("rule id %s appears twice", r.id)
		}
		seen[r.id] = true
		hooks := 0
		for _, set := range []bool{r.call != nil, r.words != nil, r.redirect != nil, r.fn != nil, r.feed != nil, r.assign != nil} {
			if set {
				hooks++
			}
		}
		if hooks == 0 && !contains([]string{"parse-error", "nested-code", "wrapped-command", "agent-script"}, r.id) {
			t.Errorf("rule %s inspects nothing", r.id)
		}
		if r.level != Ask && r.level != Block {
			t.Errorf("rule %s: level %v", r.id, r.level)
		}
		if r.reason == "" {
			t.Errorf("rule %s: no reason", r.id)
		}
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
