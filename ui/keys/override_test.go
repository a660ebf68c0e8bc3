package keys

import (
	"errors"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/uitest"
)

func TestActionNames(t *testing.T) {
	m := Default()
	names := map[string]bool{}
	for _, a := range m.Actions() {
		if names[a.Name] {
			t.Errorf("action %s twice", a.Name)
		}
		names[a.Name] = true
	}
	for _, want := range []string{"palette", "copy_last", "scroll_up", "sessions", "sessions.open", "memory.add", "skills.save",
		"panels.todo", "panels.kill", "picker.effort", "vim.delete_line", "approve_once", "confirm.yes"} {
		if !names[want] {
			t.Errorf("no action %s", want)
		}
	}
}

func TestApplyOverrides(t *testing.T) {
	m := Default()
	errs := m.Apply([]Override{
		{Action: "palette", Keys: []string{"Ctrl+Q", "f2"}, File: "config.yaml", Line: 12},
		{Action: "panels.todo", Keys: []string{"alt+k"}, File: "config.yaml", Line: 13},
		{Action: "copy_last", Keys: nil, File: "config.yaml", Line: 14},
	})
	if len(errs) != 0 {
		t.Fatalf("errors: %v", errs)
	}
	if !key.Matches(uitest.Key("ctrl+q"), m.Palette) || !key.Matches(uitest.Key("f2"), m.Palette) || m.Palette.Help().Key != "ctrl+q f2" {
		t.Errorf("palette = %v %q", m.Palette.Keys(), m.Palette.Help().Key)
	}
	if m.Palette.Help().Desc != "command palette" {
		t.Errorf("the description is lost: %q", m.Palette.Help().Desc)
	}
	if !key.Matches(uitest.Key("alt+k"), m.Panels.Todo) {
		t.Error("panels.todo is not alt+k")
	}
	if len(m.CopyLast.Keys()) != 0 || m.CopyLast.Enabled() {
		t.Errorf("copy_last should be unbound: %v", m.CopyLast.Keys())
	}
	// Help shows the new keys: it is generated from the map.
	found := false
	for _, g := range m.Groups() {
		for _, b := range g.Bindings {
			found = found || (b.Help().Desc == "command palette" && b.Help().Key == "ctrl+q f2")
		}
	}
	if !found {
		t.Error("help does not show the override")
	}
}

func TestOverrideProblemsNameFileLineAndKey(t *testing.T) {
	for _, tc := range []struct {
		o    Override
		want string
	}{
		{Override{Action: "palete", Keys: []string{"alt+o"}}, "keys.palete: there is no such action (did you mean palette?)"},
		{Override{Action: "palette", Keys: []string{"ctrl+s"}}, "keys.palette: ctrl+s is already the key of sessions"},
		{Override{Action: "sessions.open", Keys: []string{"ctrl+r"}}, "ctrl+r is already the key of sessions.resume (Sessions"},
		{Override{Action: "panels.tasks", Keys: []string{"alt+t"}}, "alt+t is already the key of panels.todo"},
		{Override{Action: "help", Keys: []string{"q"}}, "q would type into the input"},
		{Override{Action: "palette", Keys: []string{"ctrl+a"}}, "ctrl+a edits text in the input (line start)"},
		{Override{Action: "palette", Keys: []string{"ctrl+m"}}, "cannot be told apart from enter"},
		{Override{Action: "palette", Keys: []string{"ctrl+nope"}}, `"nope" is not a key`},
		{Override{Action: "palette", Keys: []string{"hyperdrive+k"}}, `"hyperdrive" is not a modifier`},
		{Override{Action: "palette", Keys: []string{"shift+g"}}, "write a capital letter, G"},
		{Override{Action: "chat.copy", Keys: []string{"q"}}, "no such action (did you mean copy?)"},
	} {
		m := Default()
		tc.o.File, tc.o.Line = "/home/u/.herm/config.yaml", 7
		errs := m.Apply([]Override{tc.o})
		if len(errs) != 1 {
			t.Errorf("%+v: %d errors %v", tc.o, len(errs), errs)
			continue
		}
		var oe *OverrideError
		msg := errs[0].Error()
		if !errors.As(errs[0], &oe) || !strings.HasPrefix(msg, "/home/u/.herm/config.yaml:7: keys.") || !strings.Contains(msg, tc.want) {
			t.Errorf("%+v:\n got %s\nwant …%s", tc.o, msg, tc.want)
		}
	}
	// A refused override keeps the defaults.
	m := Default()
	m.Apply([]Override{{Action: "palette", Keys: []string{"ctrl+s"}, File: "c", Line: 1}})
	if !key.Matches(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}, m.Palette) {
		t.Error("a refused override changed the binding")
	}
	// Chat keys may be plain characters; a key moved away frees it.
	m = Default()
	if errs := m.Apply([]Override{
		{Action: "sessions", Keys: []string{"alt+2"}, File: "c", Line: 1},
		{Action: "palette", Keys: []string{"ctrl+s"}, File: "c", Line: 2},
		{Action: "copy", Keys: []string{"Y"}, File: "c", Line: 3},
	}); len(errs) != 0 {
		t.Errorf("errors: %v", errs)
	}
}
