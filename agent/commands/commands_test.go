package commands

import (
	"slices"
	"testing"
)

func TestTUICommandsFromTheIssue(t *testing.T) {
	for _, name := range []string{"new", "clear", "retry", "undo", "model", "compress", "title", "help", "quit"} {
		if _, ok := Find(TUI, name); !ok {
			t.Errorf("/%s missing from the TUI", name)
		}
	}
	if _, ok := Find(TUI, "stop"); ok {
		t.Errorf("/stop is a gateway command; the TUI interrupts with Esc")
	}
	for _, name := range []string{"new", "reset", "stop", "status", "model", "help", "usage", "title", "compress"} {
		if _, ok := Find(Gateway, name); !ok {
			t.Errorf("/%s missing from the gateway", name)
		}
	}
}

func TestFindAliasesAndCase(t *testing.T) {
	c, ok := Find(TUI, "/EXIT")
	if !ok || c.Name != "quit" {
		t.Fatalf("Find(/EXIT) = %v %v", c, ok)
	}
	if _, ok := Find(TUI, "nope"); ok {
		t.Fatal("unknown command found")
	}
}

func TestComplete(t *testing.T) {
	names := func(cs []Command) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	if got := names(Complete(TUI, "/c")); !slices.Equal(got, []string{"clear", "compress"}) {
		t.Errorf("complete /c = %v", got)
	}
	if got := names(Complete(TUI, "re")); !slices.Equal(got, []string{"retry", "rewind", "new"}) {
		t.Errorf("complete re = %v (name matches first, then aliases)", got)
	}
	if got := Complete(TUI, ""); len(got) != len(List(TUI)) {
		t.Errorf("empty prefix lists %d of %d", len(got), len(List(TUI)))
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in, name, args string
		ok             bool
	}{
		{"/model gpt-5", "model", "gpt-5", true},
		{"  /Title  my   work ", "title", "my   work", true},
		{"/new", "new", "", true},
		{"/usr/bin/env is where?", "", "", false},
		{"// comment", "", "", false},
		{"/", "", "", false},
		{"hello /new", "", "", false},
		{"/1abc", "", "", false},
	} {
		name, args, ok := Parse(tc.in)
		if name != tc.name || args != tc.args || ok != tc.ok {
			t.Errorf("Parse(%q) = %q %q %v, want %q %q %v", tc.in, name, args, ok, tc.name, tc.args, tc.ok)
		}
	}
}

func TestUsageAndNames(t *testing.T) {
	c, _ := Find(TUI, "model")
	if c.Usage() != "/model [NAME]" {
		t.Errorf("usage %q", c.Usage())
	}
	if n := Names(TUI); !slices.Contains(n, "exit") || !slices.IsSorted(n) {
		t.Errorf("names %v", n)
	}
}
