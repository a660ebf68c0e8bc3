// Package uitest is what the terminal UI's model tests share: key presses
// by name, a view as plain text, golden files rewritten with -update, a
// check that nothing is drawn wider than the screen, and drivers that run
// a model's commands the way the Bubble Tea program does.
//
// Only _test.go files import it. It knows no herm model: each test package
// passes the functions that reach its own (an Update, a View), so a pane
// tested alone and the whole program are driven alike.
package uitest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	// teatest's golden package defines -update; importing it makes that
	// the one definition whether or not a test binary uses teatest (a
	// second one would panic).
	_ "github.com/charmbracelet/x/exp/golden"
)

// Plain is a view without escape sequences, each line trimmed of the
// spaces that pad it to the screen's width: what a person reads, in a form
// a test can compare and a golden file can hold.
func Plain(view string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// Golden compares got with testdata/name.golden in the test's package, or
// writes it there when the test runs with -update.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update in this package to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s:\n--- got\n%s\n--- want\n%s", name, path, got, want)
	}
}

// updating reports whether the test binary runs with -update.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// CheckWidth fails the test for every line of view that is wider than
// width cells.
func CheckWidth(t testing.TB, view string, width int) {
	t.Helper()
	for i, l := range strings.Split(view, "\n") {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i, w, width, ansi.Strip(l))
		}
	}
}
