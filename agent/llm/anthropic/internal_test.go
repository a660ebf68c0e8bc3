package anthropic

import (
	"testing"
)

func TestToolUseID(t *testing.T) {
	for in, want := range map[string]string{
		"toolu_01A-b":      "toolu_01A-b",
		"call:1":           "call_1",
		"functions.read:0": "functions_read_0",
		"id with spaces/é": "id_with_spaces___",
		"":                 "",
	} {
		if got := toolUseID(in); got != want {
			t.Errorf("toolUseID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNormalizeBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"":                             "",
		"https://api.anthropic.com":    "https://api.anthropic.com",
		"https://api.anthropic.com/":   "https://api.anthropic.com",
		"https://api.anthropic.com/v1": "https://api.anthropic.com",
		" https://proxy/anthropic/v1/": "https://proxy/anthropic",
		"https://proxy/v1beta":         "https://proxy/v1beta",
	} {
		if got := normalizeBaseURL(in); got != want {
			t.Errorf("normalizeBaseURL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestToolInput(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1}`:   `{"a":1}`,
		` {"a":1} `: `{"a":1}`,
		``:          `{}`,
		`{"a":`:     `{}`,
		`[1,2]`:     `{}`,
		`"text"`:    `{}`,
	} {
		if got := string(toolInput(in)); got != want {
			t.Errorf("toolInput(%q) = %s, want %s", in, got, want)
		}
	}
}
