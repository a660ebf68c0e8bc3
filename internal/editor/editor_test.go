package editor

import (
	"slices"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"neither set", nil, []string{"vi"}},
		{"EDITOR", map[string]string{"EDITOR": "nano -w"}, []string{"nano", "-w"}},
		{"VISUAL first", map[string]string{"EDITOR": "nano", "VISUAL": "code --wait"}, []string{"code", "--wait"}},
		{"blank VISUAL skipped", map[string]string{"VISUAL": "  \t", "EDITOR": "nvim"}, []string{"nvim"}},
		{"blank both", map[string]string{"VISUAL": " ", "EDITOR": "\n"}, []string{"vi"}},
		{"spaces trimmed", map[string]string{"EDITOR": "  emacs  -nw "}, []string{"emacs", "-nw"}},
		{"quoted path", map[string]string{"EDITOR": `"/Applications/Sublime Text.app/bin/subl" -w`}, []string{"/Applications/Sublime Text.app/bin/subl", "-w"}},
		{"variable", map[string]string{"EDITOR": `$HOME/bin/ed -x`, "HOME": "/home/me"}, []string{"/home/me/bin/ed", "-x"}},
		{"unclosed quote", map[string]string{"EDITOR": `nano "-w`}, []string{"nano", `"-w`}},
	} {
		getenv := func(k string) string { return c.env[k] }
		if got := Argv(getenv); !slices.Equal(got, c.want) {
			t.Errorf("%s: Argv = %q, want %q", c.name, got, c.want)
		}
	}
	// The command line keeps what a shell would read, arguments included.
	getenv := func(k string) string { return map[string]string{"EDITOR": ` code  --wait `}[k] }
	if got := Command(getenv); got != "code  --wait" {
		t.Errorf("Command = %q", got)
	}
}
