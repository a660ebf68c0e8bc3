package config

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestTerminalSandboxKeys(t *testing.T) {
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": writeHome(t, nil)}))
	if err != nil {
		t.Fatal(err)
	}
	if s.Terminal.Sandbox != "workspace-write" || s.Terminal.Network != "off" || len(s.Terminal.Writable) != 0 {
		t.Errorf("defaults: sandbox %q network %q writable %v", s.Terminal.Sandbox, s.Terminal.Network, s.Terminal.Writable)
	}
	dir := writeHome(t, map[string]string{"config.yaml": "terminal:\n  sandbox: read-only\n  network: ask\n  writable: [~/.cache/go-build, /opt/build]\n"})
	s, err = load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	// read-only is safer than the default and taken as it is; network ask
	// is less safe, so it waits for a person's confirmation (safety.go).
	if s.Terminal.Sandbox != "read-only" || s.Terminal.Network != "off" || !slices.Equal(s.Terminal.Writable, []string{"~/.cache/go-build", "/opt/build"}) {
		t.Errorf("decoded: %+v", s.Terminal)
	}
	if len(s.Held) != 1 || s.Held[0].Key != "terminal.network" || s.Held[0].Asked != "ask" {
		t.Errorf("held: %+v", s.Held)
	}
	if err := Home(dir).ConfirmSafety(context.Background(), "terminal.network", "ask", "shell"); err != nil {
		t.Fatal(err)
	}
	if s, err = load(Flags{}, envMap(map[string]string{"HERM_HOME": dir})); err != nil || s.Terminal.Network != "ask" || len(s.Held) != 0 {
		t.Errorf("confirmed: network %q held %+v err %v", s.Terminal.Network, s.Held, err)
	}
	for _, bad := range []string{"terminal:\n  sandbox: strict\n", "terminal:\n  network: yes\n"} {
		_, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": writeHome(t, map[string]string{"config.yaml": bad})}))
		if err == nil || !strings.Contains(err.Error(), "is not one of") || !strings.Contains(err.Error(), "config.yaml:2") {
			t.Errorf("%q: err %v, want an enum error at line 2", bad, err)
		}
	}
}
