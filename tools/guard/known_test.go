package guard

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestKnownTableSorted keeps the table sorted and its names unique, as
// the binary search needs.
func TestKnownTableSorted(t *testing.T) {
	for i := 1; i < len(knownTable); i++ {
		if strings.Compare(knownTable[i-1].name, knownTable[i].name) >= 0 {
			t.Errorf("knownTable: %q before %q", knownTable[i-1].name, knownTable[i].name)
		}
	}
	for _, s := range knownTable {
		if knownProgram(s.name) != &knownTable[slices.IndexFunc(knownTable, func(k knownSpec) bool { return k.name == s.name })] {
			t.Errorf("knownProgram(%q) does not find it", s.name)
		}
	}
}

// TestKnownCommands: commands made of programs in the table, with
// harmless options and writes inside the workspace, are known.
func TestKnownCommands(t *testing.T) {
	for _, cmd := range []string{
		"ls -la", "ls -la /etc", "cat README.md | head -50", "git status --short", "git log --oneline -20",
		"git diff HEAD~1 -- main.go", "git -C repo status", "go test ./... -run TestFoo -count=1",
		"go build -o bin/app ./cmd/app", "go vet ./...", "grep -rn TODO --include=*.go .", "rg -n 'func main' .",
		"find . -name '*.go' -newer go.mod", "find . -name '*.tmp' -exec grep -l x {} +", "sed -n '10,40p' main.go",
		"awk -F, '{print $1}' f.csv", "jq '.items[]' out.json", "echo hi > notes.txt",
		"mkdir -p build/out && cp dist/* build/out/", "mv a.go b.go", "rm notes.txt", "cd src && ls",
		"export PATH=$HOME/go/bin:$PATH", "wc -l $(git ls-files)", "sort data.txt | uniq -c | sort -rn | head",
		"tar czf backup.tgz src/", "date +%Y-%m-%d", "echo x > /tmp/out.txt", "cp a /tmp/b", "bash -c 'ls && pwd'",
		`for f in *.md; do wc -w "$f"; done`, "diff <(sort a) <(sort b)", "env GOOS=linux go build .",
		"timeout 60 go test ./...", "true && false || :", "npm ls", "docker ps -a", "kubectl get pods -n default",
		"kubectl -n x get pods", "systemctl status nginx", "pip list", "git config --get user.name", "x=1; echo $x",
		"test -f go.mod && echo yes", `printf '%s\n' a b`, "head -c 100 /dev/urandom | base64", "cat /etc/os-release",
		"sed -i 's/a/b/' notes.txt", "tee out.log < in.txt", "git add -A && git commit -m 'x'", "git checkout -b fix",
		"git stash && git pull --rebase && git stash pop", "npm --prefix web ls", "ls --color=auto", "go -C sub build ./...",
	} {
		if v := AnalyzeWith(cmd, exampleOptions); len(v.Unknown) != 0 {
			t.Errorf("%q: Unknown = %q, want none", cmd, v.Unknown)
		}
	}
}

// TestUnknownCommands: what is not in the table, or given an option or
// subcommand the table does not know, or writes outside the workspace,
// is named in Unknown — without changing the level.
func TestUnknownCommands(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want []string
	}{
		{"make", []string{"make"}},
		{"npm install", []string{"npm install"}},
		{"curl -s https://example.com", []string{"curl"}},
		{"python3 script.py", []string{"python3 script.py"}},
		{"bash build.sh", []string{"bash build.sh"}},
		{"./configure", []string{"./configure"}},
		{"git push origin main", []string{"git push"}},
		{"git -c x=y status", []string{"git -c"}},
		{"rg --pre ./x foo", []string{"rg --pre"}},
		{"rg -nz foo", []string{"rg -z"}},
		{"find . -delete", []string{"find -delete"}},
		{"ls --frobnicate", []string{"ls --frobnicate"}},
		{"cat -l f", []string{"cat -l"}},
		{"cp a /opt/b", []string{"cp writes /opt/b"}},
		{"echo x > ~/notes.txt", []string{"> ~/notes.txt"}},
		{"sudo ls", []string{"sudo"}},
		{"tar xf a.tar", []string{"tar -x"}},
		{"go run .", []string{"go run"}},
		{"date -s 12:00", []string{"date -s"}},
		{"hostname evil", []string{"hostname evil"}},
		{"$CMD x", []string{"a command decided at run time"}},
		{"git config user.name x", []string{"git config set"}},
		{"docker run alpine", []string{"docker run"}},
		{"unzip x.zip", []string{"unzip extracts"}},
		{"ls; make; ls", []string{"make"}},
		{"cp x $DEST", []string{"cp writes $…"}},
		{"rg $PATTERN_AND_FLAGS", []string{"rg $…"}},
	} {
		v := AnalyzeWith(tt.cmd, exampleOptions)
		if !slices.Equal(v.Unknown, tt.want) {
			t.Errorf("%q: Unknown = %q, want %q", tt.cmd, v.Unknown, tt.want)
		}
	}
	// Unknown never raises the level.
	if v := AnalyzeWith("make -j4 all && ./bin/app --serve", exampleOptions); v.Level != Safe || len(v.Unknown) != 2 {
		t.Errorf("got %v %q, want safe with two unknown", v.Level, v.Unknown)
	}
}

func TestUnknownCapped(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "tool%d; ", i)
	}
	if v := Analyze(b.String()); len(v.Unknown) != maxUnknown {
		t.Errorf("got %d unknown entries, want %d", len(v.Unknown), maxUnknown)
	}
}
