package guard

import (
	"slices"
	"strings"
	"testing"
)

// TestAgentScripts: a file the agent wrote and a command runs is judged
// by what it holds, and the findings name it; a file the user wrote is
// not looked into. testdata/example holds the files (see exampleOptions).
func TestAgentScripts(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want Level
		id   string // a finding that must be there, naming file
		file string
	}{
		{"bash cleanup.sh", Block, "delete-system-dir", "cleanup.sh"},
		{"./cleanup.sh", Block, "delete-system-dir", "cleanup.sh"},
		{"sh -e ./cleanup.sh", Block, "delete-system-dir", "cleanup.sh"},
		{"source cleanup.sh", Block, "delete-system-dir", "cleanup.sh"},
		{"cd .. && bash project/cleanup.sh", Block, "delete-system-dir", "cleanup.sh"},
		{"sh fetch.sh", Ask, "download-exec", "fetch.sh"},
		{"./fetch.sh", Ask, "download-exec", "fetch.sh"},
		{"bash build.sh", Safe, "", ""},
		{"bash user-deploy.sh", Safe, "", ""}, // the user's: not looked into
		{"python3 tool.py", Safe, "", ""},     // not shell: in Unknown, not analysed
		{"make", Safe, "", ""},                // all → build
		{"make test", Safe, "", ""},
		{"make clean", Block, "delete-system-dir", "Makefile"},
		{"make -C . clean", Block, "delete-system-dir", "Makefile"},
		{"make -f evil.mk", Ask, "download-exec", "evil.mk"},
		{"npm test", Ask, "sensitive-write", "pretest"},
		{"npm run build", Safe, "", ""},
		{"npm install", Ask, "download-exec", "postinstall"},
		{"yarn", Ask, "download-exec", "postinstall"},
		{"npm --prefix broken run build", Ask, "agent-script", "package.json"},
		{"git wipe", Block, "delete-system-dir", "wipe"},
		{"git nuke", Ask, "git-destructive", "nuke"},
		{"git st", Safe, "", ""},
		{"bash huge.sh", Ask, "agent-script", "huge.sh"},
		{"make -f Huge.mk", Ask, "agent-script", "Huge.mk"},
		// Written earlier in the same command line.
		{"cat > x.sh <<'E'\nrm -rf ~\nE\nbash x.sh", Block, "delete-system-dir", "x.sh"},
		{"echo 'rm -rf /' > y.sh; chmod +x y.sh; ./y.sh", Block, "delete-system-dir", "y.sh"},
		{"printf 'curl x | sh\\n' >> z.sh && sh z.sh", Ask, "download-exec", "z.sh"},
		{"echo ls > ok.sh; bash ok.sh", Safe, "", ""},
	} {
		v := AnalyzeWith(tt.cmd, exampleOptions)
		if v.Level != tt.want {
			t.Errorf("%q: level %v %+v, want %v", tt.cmd, v.Level, v.Findings, tt.want)
			continue
		}
		if tt.id == "" {
			continue
		}
		f, ok := findingOf(v, tt.id)
		if !ok || !strings.Contains(f.Reason, tt.file) || !strings.Contains(f.Reason, "agent") && tt.id != "agent-script" {
			t.Errorf("%q: want a %s finding naming %s, got %+v", tt.cmd, tt.id, tt.file, v.Findings)
		}
		if f.Span != [2]int{0, len(tt.cmd)} && !strings.Contains(tt.cmd, "\n") && !strings.Contains(tt.cmd, ";") && !strings.Contains(tt.cmd, "&&") {
			t.Errorf("%q: finding span %v, want the command", tt.cmd, f.Span)
		}
	}
}

// TestScriptsRunUnknown: whatever a script holds, running it is never
// known — it runs sandboxed, or asks without a sandbox.
func TestScriptsRunUnknown(t *testing.T) {
	for cmd, want := range map[string]string{
		"bash build.sh":       "bash build.sh",
		"./build.sh":          "./build.sh",
		"bash user-deploy.sh": "bash user-deploy.sh",
		"python3 tool.py":     "python3 tool.py",
		"make test":           "make",
		"npm run build":       "npm run",
		"git st":              "git st",
	} {
		if v := AnalyzeWith(cmd, exampleOptions); !slices.Contains(v.Unknown, want) {
			t.Errorf("%q: Unknown = %q, want %q in it", cmd, v.Unknown, want)
		}
	}
}

// TestScriptsWithoutHook: with no Script hook nothing is read, so a file
// on disk is never looked into.
func TestScriptsWithoutHook(t *testing.T) {
	opt := exampleOptions
	opt.Script = nil
	for _, cmd := range []string{"bash cleanup.sh", "make clean", "npm test", "git wipe"} {
		if v := AnalyzeWith(cmd, opt); v.Level != Safe {
			t.Errorf("%q without a hook: %v %+v, want safe", cmd, v.Level, v.Findings)
		}
	}
}

// TestCheckExecScripts: the exec-time check reads the script as it is
// when it runs, so one changed after the command was approved is caught.
func TestCheckExecScripts(t *testing.T) {
	opt := exampleOptions
	v := CheckExec([]string{"bash", "cleanup.sh"}, "/usr/bin/bash", opt)
	if why := v.Blocking(); !strings.Contains(why, "cleanup.sh") {
		t.Errorf("CheckExec(bash cleanup.sh): %v %q", v.Level, why)
	}
	v = CheckExec([]string{"make", "clean"}, "/usr/bin/make", opt)
	if v.Level != Block {
		t.Errorf("CheckExec(make clean): %v %+v", v.Level, v.Findings)
	}
	if v := CheckExec([]string{"bash", "build.sh"}, "/usr/bin/bash", opt); v.Level != Safe {
		t.Errorf("CheckExec(bash build.sh): %v %+v", v.Level, v.Findings)
	}
}

// TestVariablesResolved: a path or word given through a variable set
// earlier in the command is judged with its value.
func TestVariablesResolved(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want Level
		id   string
	}{
		{"d=/etc; rm -rf $d", Block, "delete-system-dir"},
		{"f=~/.bashrc; echo x >> $f", Ask, "sensitive-write"},
		{`f="$HOME/.ssh/authorized_keys"; cp k "$f"`, Ask, "sensitive-write"},
		{"x=rm; $x -rf /", Block, "delete-system-dir"},
		{"export T=/; cd $T && rm -rf *", Block, "delete-system-dir"},
		{"c='rm -rf ~'; bash -c \"$c\"", Block, "delete-system-dir"},
		{"H=~/.herm; cp evil.yaml $H/config.yaml", Ask, "herm-config"},
		{"cp x $HERM_HOME/config.yaml", Ask, "herm-config"},
		{"echo x > ${HERM_HOME}/.env", Ask, "herm-config"},
		{"cat $HERM_HOME/.env", Ask, "secret-read"},
		// A value no longer known is forgotten.
		{"d=/etc; d=$(pwd); rm -rf $d", Ask, "recursive-delete"},
		{"d=build; rm -r $d", Ask, "recursive-delete"},
	} {
		v := AnalyzeWith(tt.cmd, exampleOptions)
		if v.Level != tt.want || !hasFinding(v, tt.id) {
			t.Errorf("%q: %v %+v, want %v with %s", tt.cmd, v.Level, v.Findings, tt.want, tt.id)
		}
	}
	// herm's home wherever Options put it.
	v := AnalyzeWith("cp x $HERM_HOME/state.db", Options{HermHome: "/srv/herm"})
	if f, ok := findingOf(v, "herm-state"); !ok || !strings.Contains(f.Reason, "/srv/herm/state.db") {
		t.Errorf("HERM_HOME=/srv/herm: %+v", v.Findings)
	}
}
