package config

import (
	"strings"
	"testing"
)

// display.busy takes interrupt, queue or steer; anything else is an error
// that names the key.
func TestDisplayBusy(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "display:\n  busy: steer\n"})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil || s.Display.Busy != "steer" {
		t.Fatalf("busy %q, %v", s.Display.Busy, err)
	}
	dir = writeHome(t, map[string]string{"config.yaml": "display:\n  busy: later\n"})
	if _, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir})); err == nil || !strings.Contains(err.Error(), "display.busy") {
		t.Fatalf("a bad display.busy: %v", err)
	}
}
