package guard

import (
	"strings"
	"testing"
)

// TestMakefileRecipes: the recipes of the goals and what they depend on,
// with make's variables put in.
func TestMakefileRecipes(t *testing.T) {
	mf := parseMakefile("GO ?= go\nBIN := bin/app\nX != date\n\nall: build\nbuild: gen\n\t$(GO) build -o $(BIN) .\n" +
		"gen:\n\t@echo $$HOME $@\nclean:\n\trm -rf $(BIN)\n%.o: %.c\n\t$(CC) -c $< -o $@\nrun: ; ./$(BIN)\n")
	got := func(goals ...string) string {
		var out []string
		for _, l := range mf.recipes(goals) {
			out = append(out, mf.expand(l, 0))
		}
		return strings.Join(out, " | ")
	}
	for goals, want := range map[string]string{
		"":      "go build -o bin/app . | echo $HOME target",
		"clean": "rm -rf bin/app",
		"x.o":   "cc -c target -o target",
		"run":   "./bin/app",
		// A goal with no rule the guard knows: every recipe.
		"missing": "go build -o bin/app . | echo $HOME target | rm -rf bin/app | cc -c target -o target | ./bin/app",
	} {
		var g []string
		if goals != "" {
			g = strings.Fields(goals)
		}
		if s := got(g...); s != want {
			t.Errorf("make %s: %q, want %q", goals, s, want)
		}
	}
	if len(mf.shell) != 1 || mf.shell[0] != "date" {
		t.Errorf("shell at parse time: %q", mf.shell)
	}
	// Variables that expand to themselves stop growing.
	bomb := parseMakefile("A = $(A)$(A)$(A)$(A)\nall:\n\t$(A)\n")
	if l := bomb.expand(bomb.recipes(nil)[0], 0); len(l) > 2*maxExpansion {
		t.Errorf("expansion of %d bytes", len(l))
	}
}
