package config

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// keys: takes one key, a comma list, a YAML list or none, and keeps where
// each was written; display's new keys decode and are checked.
func TestKeysAndDisplay(t *testing.T) {
	dir := writeHome(t, map[string]string{"config.yaml": "display:\n  vim_mode: true\n  status_segments: [model, cost, vim]\n" +
		"keys:\n  palette: ctrl+k\n  panels.todo: alt+k, f4\n  copy_last:\n    - ctrl+y\n    - alt+y\n  help: none\n"})
	s, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Display.VimMode || !reflect.DeepEqual(s.Display.StatusSegments, []string{"model", "cost", "vim"}) {
		t.Errorf("display = %+v", s.Display)
	}
	file := filepath.Join(dir, "config.yaml")
	for action, want := range map[string]KeyBinding{
		"palette":     {Keys: []string{"ctrl+k"}, File: file, Line: 5},
		"panels.todo": {Keys: []string{"alt+k", "f4"}, File: file, Line: 6},
		"copy_last":   {Keys: []string{"ctrl+y", "alt+y"}, File: file, Line: 8},
		"help":        {File: file, Line: 10},
	} {
		if got := s.Keys[action]; !reflect.DeepEqual(got, want) {
			t.Errorf("keys.%s = %+v, want %+v", action, got, want)
		}
	}
}

func TestKeysAndDisplayErrorsNameFileLineAndKey(t *testing.T) {
	for body, want := range map[string]string{
		"keys:\n  palette:\n    a: b\n":                   "config.yaml:3: keys.palette: expected a key (ctrl+k) or a list of keys",
		"keys: [ctrl+k]\n":                                "config.yaml:1: keys: expected a mapping",
		"display:\n  status_segments: [model, weather]\n": "config.yaml:2: display.status_segments[1]: \"weather\" is not one of",
		"display:\n  vim_mode: sometimes\n":               "config.yaml:2: display.vim_mode",
	} {
		dir := writeHome(t, map[string]string{"config.yaml": body})
		_, err := load(Flags{}, envMap(map[string]string{"HERM_HOME": dir}))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want …%s", body, err, want)
		}
	}
}
