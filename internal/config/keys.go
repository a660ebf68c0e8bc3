package config

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// KeyBindings are the user's key overrides: action name (as help and
// `herm config` name them, e.g. palette, chat.copy) → keys. The names and
// keys are checked by the UI, which knows its actions; config keeps where
// each was written so a problem can name the file and line.
type KeyBindings map[string]KeyBinding

// KeyBinding is the keys one action is bound to. In YAML it is one key
// ("ctrl+k"), several separated by commas or a list of them; an empty
// list, "" or "none" unbinds the action.
type KeyBinding struct {
	Keys []string
	File string
	Line int
}

func (b *KeyBinding) decodeNode(file string, n *yaml.Node) error {
	b.File, b.Line, b.Keys = file, n.Line, nil
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return nil
		}
		for _, k := range strings.Split(n.Value, ",") {
			if k = strings.TrimSpace(k); k != "" && k != "none" {
				b.Keys = append(b.Keys, k)
			}
		}
		return nil
	case yaml.SequenceNode:
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
				return fmt.Errorf("expected key names such as ctrl+k, got %s", describe(item))
			}
			if k := strings.TrimSpace(item.Value); k != "" {
				b.Keys = append(b.Keys, k)
			}
		}
		return nil
	}
	return fmt.Errorf("expected a key (ctrl+k) or a list of keys, got %s", describe(n))
}

// MarshalYAML writes the binding as its list of keys (herm config show).
func (b KeyBinding) MarshalYAML() (any, error) { return b.Keys, nil }
