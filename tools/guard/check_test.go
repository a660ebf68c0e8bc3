package guard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOptionsHomeAndCwd(t *testing.T) {
	opt := Options{Home: "/home/me", HermHome: "/srv/herm", Cwd: "/home/me/work/app"}
	tests := []struct {
		cmd  string
		want Level
		id   string
	}{
		{"rm -rf /home/me", Block, "delete-system-dir"},
		{"rm -rf ../..", Block, "delete-system-dir"},
		{"rm -rf ../../*", Block, "delete-system-dir"},
		{"rm -rf ..", Ask, "recursive-delete"},
		{"cd ../.. && rm -rf .", Block, "delete-system-dir"},
		{"echo x >> ../../.bashrc", Ask, "sensitive-write"},
		{"echo x >> /home/me/.ssh/authorized_keys", Ask, "sensitive-write"},
		{"cp x /srv/herm/config.yaml", Ask, "herm-config"},
		{"cp x /srv/herm/profiles/work/.env", Ask, "herm-config"},
		{"echo > /srv/herm/state.db", Block, "herm-state"},
		// The default herm home is ~/.herm, wherever home is.
		{"echo > /home/me/.herm/config.yaml", Safe, ""},
		{"echo x > notes.txt", Safe, ""},
	}
	for _, tt := range tests {
		v := AnalyzeWith(tt.cmd, opt)
		if v.Level != tt.want || tt.id != "" && !hasFinding(v, tt.id) {
			t.Errorf("%q: got %v %+v, want %v %s", tt.cmd, v.Level, v.Findings, tt.want, tt.id)
		}
	}
	if v := AnalyzeWith("echo > /home/me/.herm/config.yaml", Options{Home: "/home/me"}); !hasFinding(v, "herm-config") {
		t.Errorf("default herm home not protected: %+v", v)
	}
	// Without a working directory, relative paths are judged by name.
	if v := Analyze("rm -rf ../.."); v.Level != Ask {
		t.Errorf("unknown cwd: %v %+v", v.Level, v.Findings)
	}
}

func TestCheckExec(t *testing.T) {
	opt := Options{Home: "/home/me", Cwd: "/"}
	tests := []struct {
		argv []string
		exe  string
		want Level
	}{
		{[]string{"rm", "-rf", "/"}, "/usr/bin/rm", Block},
		// The shell expanded rm -rf * in /.
		{[]string{"rm", "-rf", "bin", "boot", "etc"}, "/usr/bin/rm", Block},
		{[]string{"rm", "-rf", "/home/me"}, "/usr/bin/rm", Block},
		// Renamed and linked binaries are judged by what they are.
		{[]string{"./x", "-rf", "/"}, "/usr/bin/rm", Block},
		{[]string{"foo", "-rf", "/usr"}, "/usr/bin/rm", Block},
		// Multi-call binaries do what argv[0] says.
		{[]string{"rm", "-rf", "/"}, "/bin/busybox", Block},
		{[]string{"ls", "-rf", "/"}, "/bin/busybox", Safe},
		{[]string{"bash", "-c", "rm -rf ~"}, "/usr/bin/bash", Block},
		{[]string{"sudo", "mkfs.ext4", "/dev/sda1"}, "/usr/bin/sudo", Block},
		{[]string{"dd", "if=/dev/zero", "of=/dev/nvme0n1"}, "/usr/bin/dd", Block},
		// After expansion ~ is a file name.
		{[]string{"rm", "-rf", "~"}, "/usr/bin/rm", Ask},
		{[]string{"ls", "-la"}, "/usr/bin/ls", Safe},
		{[]string{"rm", "-rf", "build"}, "/usr/bin/rm", Ask},
		{nil, "", Safe},
	}
	for _, tt := range tests {
		v := CheckExec(tt.argv, tt.exe, opt)
		if v.Level != tt.want {
			t.Errorf("CheckExec(%q, %s) = %v %+v, want %v", tt.argv, tt.exe, v.Level, v.Findings, tt.want)
		}
	}
	v := CheckExec([]string{"rm", "-rf", "/"}, "", opt)
	if why := v.Blocking(); !strings.Contains(why, "[delete-system-dir]") || strings.Contains(why, "recursive-delete") {
		t.Errorf("Blocking() = %q", why)
	}
	if why := CheckExec([]string{"rm", "-rf", "x"}, "", opt).Blocking(); why != "" {
		t.Errorf("Blocking() of an ask verdict = %q", why)
	}
}

func TestCheckPath(t *testing.T) {
	opt := Options{Home: "/home/me", HermHome: "/home/me/.herm", Cwd: "/home/me/app"}
	tests := map[string]struct {
		want Level
		id   string
	}{
		"/home/me/.ssh/authorized_keys": {Ask, "sensitive-write"},
		"/home/me/.zshrc":               {Ask, "sensitive-write"},
		"/etc/hosts":                    {Ask, "sensitive-write"},
		".env":                          {Ask, "sensitive-write"},
		"/home/me/app/.env.production":  {Ask, "sensitive-write"},
		"/home/me/app/.env.example":     {Safe, ""},
		"/home/me/.herm/config.yaml":    {Ask, "herm-config"},
		"/home/me/.herm/state.db":       {Block, "herm-state"},
		"/dev/sda":                      {Block, "write-block-device"},
		"/dev/ttyUSB0":                  {Ask, "sensitive-write"},
		"/dev/null":                     {Safe, ""},
		"/home/me/app/main.go":          {Safe, ""},
		"/home/me/.herm/SOUL.md":        {Safe, ""},
	}
	for p, tt := range tests {
		v := CheckPath(p, opt)
		if v.Level != tt.want || tt.id != "" && (len(v.Findings) != 1 || v.Findings[0].ID != tt.id) {
			t.Errorf("CheckPath(%s) = %v %+v, want %v %s", p, v.Level, v.Findings, tt.want, tt.id)
		}
		for _, f := range v.Findings {
			if f.Span != [2]int{0, len(p)} || !strings.Contains(f.Reason, "(") {
				t.Errorf("CheckPath(%s): finding %+v", p, f)
			}
		}
	}
}

// TestCheckExecFollowsLinks: at exec time the files exist, so a symbolic
// link to / is no disguise.
func TestCheckExecFollowsLinks(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink("/", filepath.Join(dir, "root")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/usr", filepath.Join(dir, "u")); err != nil {
		t.Fatal(err)
	}
	opt := Options{Home: "/home/me", Cwd: dir, Resolve: filepath.EvalSymlinks}
	for _, tt := range []struct {
		argv []string
		want Level
	}{
		{[]string{"rm", "-rf", "root/"}, Block},
		{[]string{"rm", "-rf", dir + "/u/."}, Block},
		{[]string{"rm", "-rf", "u/../etc"}, Block},
		// rm -rf link removes the link, not what it points to.
		{[]string{"rm", "-rf", "root"}, Ask},
		{[]string{"rm", "-rf", "missing/"}, Ask},
	} {
		if v := CheckExec(tt.argv, "/usr/bin/rm", opt); v.Level != tt.want {
			t.Errorf("CheckExec(%q) = %v %+v, want %v", tt.argv, v.Level, v.Findings, tt.want)
		}
	}
	// Without Resolve, nothing on disk is looked at.
	opt.Resolve = nil
	if v := CheckExec([]string{"rm", "-rf", "root/"}, "", opt); v.Level != Ask {
		t.Errorf("without Resolve: %v", v.Level)
	}
}

// TestCheckExecClasses: the exec-time check applies the rules of the
// classes too, to the words the shell expanded: what is block-level
// stops there, whatever the command line looked like.
func TestCheckExecClasses(t *testing.T) {
	opt := Options{Home: "/home/me", HermHome: "/home/me/.herm", Cwd: "/home/me/app"}
	for _, tt := range []struct {
		argv []string
		want Level
		id   string
	}{
		{[]string{"sqlite3", "/home/me/.herm/state.db", "INSERT INTO approval_grants VALUES ('x')"}, Block, "herm-state"},
		{[]string{"bash", "-c", "sqlite3 ~/.herm/state.db 'DELETE FROM approval_grants'"}, Block, "herm-state"},
		{[]string{"git", "-c", "alias.x=!rm -rf /home/me", "x"}, Block, "delete-system-dir"},
		{[]string{"tar", "cf", "/dev/null", "x", "--checkpoint=1", "--checkpoint-action=exec=rm -rf /"}, Block, "delete-system-dir"},
		{[]string{"fdisk", "/dev/sda"}, Block, "wipe-device"},
		{[]string{"poetry", "run", "rm", "-rf", "/home/me"}, Block, "delete-system-dir"},
		{[]string{"env", "LD_PRELOAD=/tmp/x.so", "ls"}, Ask, "env-hook"},
		{[]string{"cat", "/home/me/.herm/.env"}, Ask, "secret-read"},
		{[]string{"kubectl", "delete", "ns", "prod"}, Ask, "infra-destroy"},
		{[]string{"ls", "-la"}, Safe, ""},
	} {
		v := CheckExec(tt.argv, "", opt)
		if v.Level != tt.want || tt.id != "" && !hasFinding(v, tt.id) {
			t.Errorf("CheckExec(%q) = %v %+v, want %v with %s", tt.argv, v.Level, v.Findings, tt.want, tt.id)
		}
	}
}
