package tools

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// decodeArgs unmarshals a call's JSON arguments into dst, a pointer to a
// struct, and explains any problem in words the model can act on.
// Unknown arguments are ignored: models add them, and refusing the whole
// call for one would only cost a turn.
func decodeArgs(raw json.RawMessage, dst any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		raw = []byte("{}")
	}
	err := json.Unmarshal(raw, dst)
	if err == nil {
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) {
		if typeErr.Field == "" {
			return fmt.Errorf("the arguments must be a JSON object, not %s", typeErr.Value)
		}
		return fmt.Errorf("argument %q must be %s, not %s", typeErr.Field, describeType(typeErr.Type), typeErr.Value)
	}
	var syntaxErr *json.SyntaxError
	if errors.As(err, &syntaxErr) {
		return fmt.Errorf("the arguments are not valid JSON (%v)", err)
	}
	return fmt.Errorf("the arguments could not be read: %v", err)
}

func describeType(t reflect.Type) string {
	switch t {
	case reflect.TypeFor[flexInt](), reflect.TypeFor[int]():
		return "an integer"
	case reflect.TypeFor[flexBool](), reflect.TypeFor[bool]():
		return "true or false"
	case reflect.TypeFor[string]():
		return "a string"
	}
	switch t.Kind() {
	case reflect.Slice:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a " + t.String()
}

// flexInt is an optional integer argument. Models sometimes send numbers
// as strings ("50"); those are accepted too.
type flexInt struct {
	Set   bool
	Value int
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" {
		*f = flexInt{}
		return nil
	}
	if unq, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(unq)
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		// A float with no fraction (5.0) is an integer all the same.
		if fl, ferr := strconv.ParseFloat(s, 64); ferr == nil && fl == float64(int(fl)) {
			n, err = int(fl), nil
		}
	}
	if err != nil {
		return &json.UnmarshalTypeError{Value: "the value " + string(b), Type: reflect.TypeFor[flexInt]()}
	}
	*f = flexInt{Set: true, Value: n}
	return nil
}

// flexBool is an optional boolean argument; "true" and "false" as
// strings are accepted too.
type flexBool struct {
	Set   bool
	Value bool
}

func (f *flexBool) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" {
		*f = flexBool{}
		return nil
	}
	if unq, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(unq)
	}
	v, err := strconv.ParseBool(s)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "the value " + string(b), Type: reflect.TypeFor[flexBool]()}
	}
	*f = flexBool{Set: true, Value: v}
	return nil
}

// argErrorf is a failed Result for a bad argument, with the problem first
// so the model sees it at once.
func argErrorf(format string, a ...any) Result {
	return Errorf("invalid arguments: "+format, a...)
}

func missing(name, what string) Result {
	return argErrorf("missing required argument %q (%s)", name, what)
}
