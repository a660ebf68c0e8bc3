package config

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FieldError is a config value that could not be used, with where it was.
type FieldError struct {
	File string
	Line int
	Key  string // dotted path, e.g. model.max_tokens
	Err  error
}

func (e *FieldError) Error() string {
	return fmt.Sprintf("%s:%d: %s: %v", e.File, e.Line, e.Key, e.Err)
}

func (e *FieldError) Unwrap() error { return e.Err }

// Warning is something in a config file worth telling the user about that
// does not stop herm from running (an unknown key, a typo).
type Warning struct {
	File string
	Line int
	Key  string
	Msg  string
}

func (w Warning) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", w.File, w.Line, w.Key, w.Msg)
}

// decoder walks a YAML tree into a Go value field by field, so errors can
// name the key and line, and unknown keys become warnings.
type decoder struct {
	file     string
	getenv   func(string) string
	warnings []Warning
}

// expand replaces ${VAR} and ${VAR:-default} with values from the environment.
// A bare $ (or a ${ that is not a variable reference) is left alone so values
// like passwords with $ survive.
func (d *decoder) expand(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			if b.Len() == 0 {
				return s
			}
			b.WriteString(s)
			return b.String()
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			b.WriteString(s)
			return b.String()
		}
		ref := s[i+2 : i+end]
		name, def, hasDef := strings.Cut(ref, ":-")
		b.WriteString(s[:i])
		if !isEnvName(name) {
			b.WriteString(s[i : i+end+1])
		} else if v := d.getenv(name); v != "" {
			b.WriteString(v)
		} else if hasDef {
			b.WriteString(def)
		}
		s = s[i+end+1:]
	}
}

func isEnvName(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func (d *decoder) decode(n *yaml.Node, v reflect.Value, path string) error {
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return nil
		}
		n = n.Content[0]
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if nd, ok := v.Addr().Interface().(nodeDecoder); ok {
		if err := nd.decodeNode(d.file, n); err != nil {
			return d.errf(n, path, "%v", err)
		}
		return nil
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil // an empty value keeps the default
	}
	if u, ok := v.Addr().Interface().(yaml.Unmarshaler); ok {
		// The type reads its own value and says what it accepts.
		if n.Kind == yaml.ScalarNode {
			scalar := *n
			scalar.Value = d.expand(n.Value)
			n = &scalar
		}
		if err := n.Decode(u); err != nil {
			return d.errf(n, path, "%v", err)
		}
		return nil
	}
	switch k := v.Kind(); {
	case k == reflect.Map:
		if n.Kind != yaml.MappingNode {
			return d.errf(n, path, "expected a mapping of keys, got %s", describe(n))
		}
		return d.decodeMap(n, v, path)
	case k == reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return d.errf(n, path, "expected a mapping of keys, got %s", describe(n))
		}
		return d.decodeStruct(n, v, path)
	case k == reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return d.errf(n, path, "expected a list, got %s", describe(n))
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, item := range n.Content {
			if err := d.decode(item, s.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	case k == reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if err := d.decode(n, p.Elem(), path); err != nil {
			return err
		}
		v.Set(p)
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return d.errf(n, path, "expected a single value, got %s", describe(n))
	}
	scalar := *n
	scalar.Value = d.expand(n.Value)
	if scalar.Value != n.Value && scalar.Style == 0 {
		// An expanded plain scalar is re-resolved (so ${PORT} can fill an int).
		scalar.Tag = ""
	}
	if err := scalar.Decode(v.Addr().Interface()); err != nil {
		return d.errf(n, path, "%s is not a valid %s", quoteValue(n.Value), kindName(v))
	}
	return nil
}

// nodeDecoder is a value that reads its own YAML node, for settings that
// may be written more than one way (a key binding: one key or a list) or
// that keep where they were written. Errors it returns are reported with
// the node's file, line and key.
type nodeDecoder interface {
	decodeNode(file string, n *yaml.Node) error
}

// decodeMap decodes a mapping with string keys (a user-named set such as
// keys:); every key is kept, there are no unknown ones.
func (d *decoder) decodeMap(n *yaml.Node, v reflect.Value, path string) error {
	if v.Type().Key().Kind() != reflect.String {
		return d.errf(n, path, "unsupported map key type %s", v.Type().Key())
	}
	if v.IsNil() {
		v.Set(reflect.MakeMap(v.Type()))
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			return d.errf(k, path, "expected a name, got %s", describe(k))
		}
		elem := reflect.New(v.Type().Elem()).Elem()
		if err := d.decode(val, elem, join(path, k.Value)); err != nil {
			return err
		}
		v.SetMapIndex(reflect.ValueOf(k.Value).Convert(v.Type().Key()), elem)
	}
	return nil
}

// DecodeYAML decodes data (the contents of file) into v, a pointer to a
// struct with yaml tags, the way config.yaml is read: a wrong value is an
// error naming the file, line and dotted key (a *FieldError); unknown keys
// are returned as warnings; enum and range tags are enforced. Other files
// herm reads (user themes) use it so their errors read the same.
func DecodeYAML(file string, data []byte, v any) ([]Warning, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, syntaxError(file, err)
	}
	d := &decoder{file: file, getenv: func(string) string { return "" }}
	if err := d.decode(&root, reflectValue(v), ""); err != nil {
		return d.warnings, err
	}
	return d.warnings, nil
}

func (d *decoder) decodeStruct(n *yaml.Node, v reflect.Value, path string) error {
	fields := yamlFields(v.Type())
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		key := join(path, k.Value)
		idx, ok := fields[k.Value]
		if !ok {
			d.warnings = append(d.warnings, Warning{File: d.file, Line: k.Line, Key: key,
				Msg: "unknown key, ignored" + suggest(k.Value, fields)})
			continue
		}
		if err := d.decode(val, v.Field(idx), key); err != nil {
			return err
		}
		if enum := v.Type().Field(idx).Tag.Get("enum"); enum != "" {
			if err := d.checkEnum(val, v.Field(idx), key, enum); err != nil {
				return err
			}
		}
		if err := checkRange(v.Type().Field(idx), v.Field(idx)); err != nil {
			return d.errf(val, key, "%v", err)
		}
	}
	return nil
}

// checkEnum enforces an enum:"a,b,c" tag on a string or on every string
// of a list.
func (d *decoder) checkEnum(n *yaml.Node, v reflect.Value, key, enum string) error {
	allowed := strings.Split(enum, ",")
	bad := func(got string) bool { return got != "" && !slices.Contains(allowed, got) }
	switch {
	case v.Kind() == reflect.String && bad(v.String()):
		return d.errf(n, key, "%s is not one of %s", quoteValue(v.String()), strings.ReplaceAll(enum, ",", ", "))
	case v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.String:
		for i := 0; i < v.Len(); i++ {
			if got := v.Index(i).String(); bad(got) {
				at := n
				if n.Kind == yaml.SequenceNode && i < len(n.Content) {
					at = n.Content[i]
				}
				return d.errf(at, fmt.Sprintf("%s[%d]", key, i), "%s is not one of %s", quoteValue(got), strings.ReplaceAll(enum, ",", ", "))
			}
		}
	}
	return nil
}

func (d *decoder) errf(n *yaml.Node, path, format string, args ...any) error {
	if path == "" {
		path = "(top level)"
	}
	return &FieldError{File: d.file, Line: n.Line, Key: path, Err: fmt.Errorf(format, args...)}
}

// yamlFields maps YAML keys to struct field indexes.
func yamlFields(t reflect.Type) map[string]int {
	out := make(map[string]int, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			out[name] = i
		}
	}
	return out
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return "the value " + quoteValue(n.Value)
}

func quoteValue(s string) string {
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return fmt.Sprintf("%q", s)
}

func kindName(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "whole number"
	case reflect.Float64, reflect.Float32:
		return "number"
	case reflect.Bool:
		return "boolean (true or false)"
	case reflect.String:
		return "string"
	}
	return v.Type().String()
}

// suggest proposes the known key closest to a misspelt one.
func suggest(key string, fields map[string]int) string {
	best, bestDist := "", 3
	for k := range fields {
		if d := EditDistance(key, k); d < bestDist {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// EditDistance is the Levenshtein distance between a and b, in bytes: what
// "did you mean" suggestions for misspelt names are ranked by.
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// syntaxError rewrites a yaml.v3 parse error ("yaml: line 3: …") to name
// the file.
func syntaxError(file string, err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msg = strings.Join(te.Errors, "; ")
	}
	if strings.HasPrefix(msg, "line ") {
		line, rest, _ := strings.Cut(strings.TrimPrefix(msg, "line "), ":")
		return fmt.Errorf("%s:%s: invalid YAML:%s", file, line, rest)
	}
	return fmt.Errorf("%s: invalid YAML: %s", file, msg)
}

func reflectValue(p any) reflect.Value { return reflect.ValueOf(p).Elem() }

// checkRange enforces a field's range:"min,max" tag on a number.
func checkRange(f reflect.StructField, v reflect.Value) error {
	tag := f.Tag.Get("range")
	if tag == "" {
		return nil
	}
	lo, hi, _ := strings.Cut(tag, ",")
	minV, err1 := strconv.ParseFloat(lo, 64)
	maxV, err2 := strconv.ParseFloat(hi, 64)
	if err1 != nil || err2 != nil {
		return nil
	}
	var got float64
	switch v.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		got = float64(v.Int())
	case reflect.Float64, reflect.Float32:
		got = v.Float()
	default:
		return nil
	}
	if got < minV || got > maxV {
		return fmt.Errorf("%v is out of range: use a value from %s to %s", strconv.FormatFloat(got, 'f', -1, 64), lo, hi)
	}
	return nil
}
