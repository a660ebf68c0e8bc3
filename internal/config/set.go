package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/redact"
)

// Set writes key (a dotted path such as model.name) with value into the
// home's config.yaml, keeping the file's other keys and comments. The value
// is parsed as YAML (so numbers, booleans and [lists] work) and checked
// against the key's type before anything is written.
func Set(home Home, key, value string) error {
	valNode, _, err := parse(key, value)
	if err != nil {
		return err
	}

	path := home.ConfigFile()
	var root yaml.Node
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("read %s: %w", path, err)
	default:
		if err := yaml.Unmarshal(data, &root); err != nil {
			return fmt.Errorf("%w (fix the file by hand before using herm config set)", syntaxError(path, err))
		}
	}
	if root.Kind == 0 {
		root = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode}}}
	}
	if len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		if len(root.Content) == 0 || (root.Content[0].Kind == yaml.ScalarNode && root.Content[0].Tag == "!!null") {
			root.Content = []*yaml.Node{{Kind: yaml.MappingNode}}
		} else {
			return fmt.Errorf("%s: the top level must be a mapping of keys", path)
		}
	}
	m := root.Content[0]
	parts := strings.Split(key, ".")
	for i, p := range parts {
		last := i == len(parts)-1
		child := lookup(m, p)
		if last {
			if child == nil {
				m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: p}, valNode)
			} else {
				valNode.HeadComment, valNode.LineComment = child.HeadComment, child.LineComment
				*child = *valNode
			}
			break
		}
		if child == nil || child.Kind != yaml.MappingNode {
			nm := &yaml.Node{Kind: yaml.MappingNode}
			if child == nil {
				m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: p}, nm)
			} else {
				*child = *nm
			}
			child = nm
		}
		m = child
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(&root); err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	if err := home.Ensure(); err != nil {
		return err
	}
	return atomicfile.Write(path, buf.Bytes(), 0o600)
}

// parse reads value as YAML and checks it against key's type, enum and
// range.
func parse(key, value string) (*yaml.Node, reflect.Value, error) {
	field, err := fieldFor(key)
	if err != nil {
		return nil, reflect.Value{}, err
	}
	var valDoc yaml.Node
	if err := yaml.Unmarshal([]byte(value), &valDoc); err != nil {
		return nil, reflect.Value{}, fmt.Errorf("value for %s is not valid YAML: %w", key, err)
	}
	valNode := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: ""}
	if len(valDoc.Content) > 0 {
		valNode = valDoc.Content[0]
	}
	d := &decoder{file: "value", getenv: func(string) string { return "" }}
	probe := reflect.New(field.Type).Elem()
	fail := func(err error) (*yaml.Node, reflect.Value, error) {
		var fe *FieldError
		if errors.As(err, &fe) {
			return nil, reflect.Value{}, fmt.Errorf("cannot set %s: %w", key, fe.Err)
		}
		return nil, reflect.Value{}, fmt.Errorf("cannot set %s: %w", key, err)
	}
	if err := d.decode(valNode, probe, key); err != nil {
		return fail(err)
	}
	if enum := field.Tag.Get("enum"); enum != "" {
		if err := d.checkEnum(valNode, probe, key, enum); err != nil {
			return fail(err)
		}
	}
	if err := checkRange(field, probe); err != nil {
		return nil, reflect.Value{}, fmt.Errorf("cannot set %s: %w", key, err)
	}
	return valNode, probe, nil
}

func lookup(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// fieldFor finds the struct field a dotted key names.
func fieldFor(key string) (reflect.StructField, error) {
	t := reflect.TypeOf(Config{})
	var f reflect.StructField
	parts := strings.Split(key, ".")
	for i, p := range parts {
		fields := yamlFields(t)
		idx, ok := fields[p]
		if !ok {
			return f, fmt.Errorf("unknown config key %q%s; known keys: %s", strings.Join(parts[:i+1], "."), suggest(p, fields), strings.Join(Keys(), ", "))
		}
		f = t.Field(idx)
		t = f.Type
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() == reflect.Map && i == len(parts)-2 {
			// keys.ACTION: the last part names an entry of the map.
			return reflect.StructField{Name: f.Name, Type: t.Elem(), Tag: f.Tag}, nil
		}
		if i < len(parts)-1 && t.Kind() != reflect.Struct {
			return f, fmt.Errorf("config key %q has no sub-keys", strings.Join(parts[:i+1], "."))
		}
	}
	return f, nil
}

// Keys lists every settable dotted key.
func Keys() []string {
	var out []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			ft := t.Field(i).Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				walk(ft, join(prefix, name))
				continue
			}
			out = append(out, join(prefix, name))
		}
	}
	walk(reflect.TypeOf(Config{}), "")
	return out
}

// Redacted returns the configuration as YAML with secrets masked, for
// `herm config show`.
func (s *Settings) Redacted() ([]byte, error) {
	c := s.Config
	c.Model.APIKey = redact.Mask(c.Model.APIKey)
	c.FallbackProviders = append([]Fallback(nil), c.FallbackProviders...)
	for i := range c.FallbackProviders {
		c.FallbackProviders[i].APIKey = redact.Mask(c.FallbackProviders[i].APIKey)
	}
	c.maskGatewaySecrets()
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(c); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
