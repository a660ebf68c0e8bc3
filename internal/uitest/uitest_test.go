package uitest

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

func TestKey(t *testing.T) {
	for name, want := range map[string]tea.KeyPressMsg{
		"a":          {Code: 'a', Text: "a"},
		"N":          {Code: 'N', Text: "N"},
		"?":          {Code: '?', Text: "?"},
		"+":          {Code: '+', Text: "+"},
		"é":          {Code: 'é', Text: "é"},
		"enter":      {Code: tea.KeyEnter},
		"esc":        {Code: tea.KeyEscape},
		"space":      {Code: tea.KeySpace, Text: " "},
		"pgdown":     {Code: tea.KeyPgDown},
		"f2":         {Code: tea.KeyF2},
		"f12":        {Code: tea.KeyF12},
		"ctrl+s":     {Code: 's', Mod: tea.ModCtrl},
		"alt+f":      {Code: 'f', Mod: tea.ModAlt},
		"shift+down": {Code: tea.KeyDown, Mod: tea.ModShift},
		"ctrl+end":   {Code: tea.KeyEnd, Mod: tea.ModCtrl},
		"ctrl+alt+x": {Code: 'x', Mod: tea.ModCtrl | tea.ModAlt},
		"ctrl++":     {Code: '+', Mod: tea.ModCtrl},
	} {
		if got := Key(name); got != want {
			t.Errorf("Key(%q) = %+v, want %+v", name, got, want)
		}
	}
	// What the key bindings would call them.
	for _, name := range []string{"enter", "ctrl+s", "alt+f", "shift+down", "pgdown", "f2", "a"} {
		if got := Key(name).String(); got != name {
			t.Errorf("Key(%q) is %q to a key binding", name, got)
		}
	}
}

func TestKeyRefusesUnknownNames(t *testing.T) {
	for _, name := range []string{"entr", "ctrl+", "f13", "hyper+x", ""} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Key(%q) did not panic", name)
				}
			}()
			Key(name)
		}()
	}
}

func TestType(t *testing.T) {
	got := Type("hé ")
	want := []tea.KeyPressMsg{{Code: 'h', Text: "h"}, {Code: 'é', Text: "é"}, {Code: ' ', Text: " "}}
	if len(got) != len(want) {
		t.Fatalf("Type = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("press %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestPlain(t *testing.T) {
	if got := Plain("\x1b[1mbold\x1b[m   \nplain  \n"); got != "bold\nplain\n" {
		t.Errorf("Plain = %q", got)
	}
}

func TestGolden(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", "screen.golden"), []byte("the screen\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Golden(t, "screen", "the screen\n")

	var r recorder
	Golden(&r, "screen", "another screen\n")
	if !strings.Contains(r.failures, "screen differs from testdata/screen.golden") || !strings.Contains(r.failures, "another screen") {
		t.Errorf("a differing screen reported %q", r.failures)
	}
	Golden(&r, "missing", "x")
	if !strings.Contains(r.failures, "-update") {
		t.Errorf("a missing golden file reported %q", r.failures)
	}
}

// recorder is a testing.TB that keeps the failures it is told of.
type recorder struct {
	testing.TB // nil: only the methods below are called
	failures   string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures += fmt.Sprintf(format, args...) + "\n"
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.failures += fmt.Sprintf(format, args...) + "\n"
}

func TestRunOpensBatchesAndFollowsCommands(t *testing.T) {
	type step int
	var seen []step
	next := func(s step) tea.Cmd { return func() tea.Msg { return s } }
	update := func(msg tea.Msg) tea.Cmd {
		s := msg.(step)
		seen = append(seen, s)
		if s < 3 {
			return next(s + 10)
		}
		return nil
	}
	Run(tea.Batch(next(1), next(2), func() tea.Msg { return nil }), update)
	if got := fmt.Sprint(seen); got != "[1 11 2 12]" {
		t.Errorf("handled %s, want [1 11 2 12]", got)
	}
}

func TestRunnerFeedsBackOnlyItsOwnMessages(t *testing.T) {
	type own string
	type other string
	var got []string
	var r Runner[own]
	r.Update = func(msg tea.Msg) tea.Cmd {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			got = append(got, "key "+msg.String())
			return tea.Batch(func() tea.Msg { return own("loaded") }, func() tea.Msg { return other("blink") })
		case own:
			got = append(got, string(msg))
		default:
			t.Errorf("Update got %T", msg)
		}
		return nil
	}
	r.Press("enter", "ctrl+s")
	r.Type("hi")
	if s := strings.Join(got, ", "); s != "key enter, loaded, key ctrl+s, loaded, key h, loaded, key i, loaded" {
		t.Errorf("handled %s", s)
	}
}

func TestDriverRunsCommandsOffTheTestGoroutine(t *testing.T) {
	type done struct{}
	var handled atomic.Int32
	d := NewDriver(t, func(msg tea.Msg) tea.Cmd {
		if _, ok := msg.(done); ok {
			handled.Add(1)
		}
		return nil
	}, func() string { return "(no screen)" })
	d.Exec(tea.Batch(func() tea.Msg { return done{} }, func() tea.Msg { return done{} }))
	go d.Post(done{})
	d.Until("three messages", func() bool { return handled.Load() == 3 })
}

func TestCollectRunsABatchAsTheProgramDoes(t *testing.T) {
	ran := make(chan struct{})
	first := func() tea.Msg {
		// Waits for the second: run one after the other, it never would.
		select {
		case <-ran:
			return "first"
		case <-time.After(time.Minute):
			return "first, alone"
		}
	}
	second := func() tea.Msg { close(ran); return "second" }
	nothing := func() tea.Msg { return nil }
	got := fmt.Sprint(Collect(tea.Batch(first, nothing, tea.Batch(second, nothing))))
	if got != "[first second]" {
		t.Errorf("Collect = %s", got)
	}
}

func TestRaw(t *testing.T) {
	cmd := tea.Batch(tea.Raw("\a"), func() tea.Msg { return "not raw" }, tea.Raw("\x1b]9;done\a"))
	if got := Raw(cmd); got != "\a\x1b]9;done\a" {
		t.Errorf("Raw = %q", got)
	}
}

// Only tests import uitest: it imports package testing, whose flags have no
// place in herm's binary.
func TestOnlyTestsImportIt(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	const path = "github.com/herm-dev/herm/internal/uitest"
	err = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && (e.Name() == "third_party" || e.Name() == "testdata" || strings.HasPrefix(e.Name(), ".")) && p != root:
			return filepath.SkipDir
		case e.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == strconv.Quote(path) && !strings.HasPrefix(p, filepath.Join(root, "internal", "uitest")) {
				t.Errorf("%s imports uitest; only _test.go files may", p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
