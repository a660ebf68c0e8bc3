package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// TestCommandsFor checks which subcommands a command line gets built.
func TestCommandsFor(t *testing.T) {
	var all []string
	for _, c := range subcommands() {
		all = append(all, c.name)
	}
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{nil, nil},
		{[]string{"--version"}, nil},
		{[]string{"-v"}, nil},
		{[]string{"--model", "chat", "--provider=custom", "-c"}, nil}, // values are not commands
		{[]string{"--resume", "abc", "--base-url", "http://x"}, nil},
		{[]string{"chat", "-q", "hi"}, []string{"chat"}},
		{[]string{"-p", "work", "sessions", "list"}, []string{"sessions"}},
		{[]string{"--profile=work", "config", "show"}, []string{"config"}},
		{[]string{"--headless"}, nil},
		{[]string{"--help"}, all},
		{[]string{"-h"}, all},
		{[]string{"help", "chat"}, all},
		{[]string{"completion", "bash"}, all},
		{[]string{"__complete", "se"}, all},
		{[]string{"sesions"}, all},        // cobra suggests "sessions"
		{[]string{"--no-such-flag"}, all}, // cobra reports it
		{[]string{"-x"}, all},
	} {
		var got []string
		for _, c := range commandsFor(newRootOnly("test"), tt.args) {
			got = append(got, c.name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("commandsFor(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}

// TestLazyTreeHelpUnchanged: what a person sees from help and from a
// mistyped command is the same as with the whole tree built.
func TestLazyTreeHelpUnchanged(t *testing.T) {
	t.Setenv("HERM_HOME", t.TempDir())
	for _, args := range [][]string{{"--help"}, {"sesions"}, {"chat", "--help"}, {"--version"}, {"-v", "extra"}, {"extra"}} {
		out := func(full bool) string {
			root := newRootCmdFor("test", args)
			if full {
				root = newRootCmd("test")
			}
			var b bytes.Buffer
			root.SetOut(&b)
			root.SetErr(&b)
			root.SetArgs(args)
			if err := root.Execute(); err != nil {
				b.WriteString("error: " + err.Error())
			}
			return b.String()
		}
		if lazy, full := out(false), out(true); lazy != full {
			t.Errorf("herm %q:\nlazy tree:\n%s\nwhole tree:\n%s", args, lazy, full)
		}
	}
}

// TestVersionFlag: herm's own version flag prints what cobra's did, wins
// over arguments, and shows in help as cobra's did.
func TestVersionFlag(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-v"}, {"--version", "extra"}, {"--model", "m", "-v"}} {
		root := newRootCmdFor("test", args)
		var b bytes.Buffer
		root.SetOut(&b)
		root.SetErr(&b)
		root.SetArgs(args)
		if err := root.Execute(); err != nil || b.String() != "herm test\n" {
			t.Errorf("herm %q: %q, %v", args, b.String(), err)
		}
	}
	root := newRootCmdFor("test", []string{"--help"})
	var b bytes.Buffer
	root.SetOut(&b)
	root.SetArgs([]string{"--help"})
	if err := root.Execute(); err != nil || !strings.Contains(b.String(), "-v, --version ") || !strings.Contains(b.String(), "version for herm") {
		t.Errorf("help does not show the version flag: %v\n%s", err, b.String())
	}
}
