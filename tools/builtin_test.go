package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"

	"github.com/herm-dev/herm/tools/terminal"
)

// runTool runs t with args (marshalled to JSON unless already a string)
// in env.
func runTool(t *testing.T, tool Tool, env *Env, args any) Result {
	t.Helper()
	var raw []byte
	if s, ok := args.(string); ok {
		raw = []byte(s)
	} else {
		var err error
		if raw, err = json.Marshal(args); err != nil {
			t.Fatal(err)
		}
	}
	return tool.Run(context.Background(), &Call{ID: "call_1", Args: raw, Env: env})
}

func newEnv(t *testing.T) *Env {
	t.Helper()
	return NewEnv("s1", t.TempDir(), t.TempDir())
}

func TestBuiltins(t *testing.T) {
	b := terminal.New(terminal.Config{})
	defer b.Close()
	want := []string{"terminal", "read_file", "write_file", "patch", "search_files", "todo"}
	ts := Builtins(Options{Terminal: b})
	if len(ts) != len(want) {
		t.Fatalf("got %d tools, want %d", len(ts), len(want))
	}
	reg := NewRegistry(ts...) // panics on duplicate names
	for _, name := range want {
		tool, ok := reg.Get(name)
		if !ok {
			t.Errorf("missing tool %s", name)
			continue
		}
		spec := tool.Spec()
		var schema struct {
			Type       string                     `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if err := json.Unmarshal(spec.Parameters, &schema); err != nil {
			t.Errorf("%s: schema is not valid JSON: %v", name, err)
			continue
		}
		if schema.Type != "object" || spec.Description == "" || tool.Toolset() == "" {
			t.Errorf("%s: want an object schema, a description and a toolset", name)
		}
		for _, r := range schema.Required {
			if _, ok := schema.Properties[r]; !ok {
				t.Errorf("%s: required %q is not a property", name, r)
			}
		}
	}
	if got := len(Builtins(Options{})); got != len(want)-1 {
		t.Errorf("without a terminal backend: %d tools, want %d", got, len(want)-1)
	}
}

// The argument names are a contract with prompts and skills written for
// Hermes.
func TestSchemaArgumentNames(t *testing.T) {
	b := terminal.New(terminal.Config{})
	defer b.Close()
	want := map[string][]string{
		"terminal":     {"command", "timeout", "workdir", "background"},
		"read_file":    {"path", "offset", "limit"},
		"write_file":   {"path", "content"},
		"patch":        {"path", "old_string", "new_string", "replace_all"},
		"search_files": {"pattern", "target", "path", "file_glob", "limit"},
		"todo":         {"todos", "merge"},
	}
	for _, tool := range Builtins(Options{Terminal: b}) {
		var schema struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		json.Unmarshal(tool.Spec().Parameters, &schema)
		names := want[tool.Spec().Name]
		if len(schema.Properties) != len(names) {
			t.Errorf("%s: properties %v, want exactly %v", tool.Spec().Name, schema.Properties, names)
		}
		for _, n := range names {
			if _, ok := schema.Properties[n]; !ok {
				t.Errorf("%s: no argument %q", tool.Spec().Name, n)
			}
		}
	}
}

func TestArgumentErrors(t *testing.T) {
	env := newEnv(t)
	tests := []struct {
		tool Tool
		args string
		want string
	}{
		{readFileTool{}, `{}`, `missing required argument "path"`},
		{readFileTool{}, `{"path": 5}`, `argument "path" must be a string`},
		{readFileTool{}, `{"path": "x", "offset": "abc"}`, `argument "offset" must be an integer`},
		{readFileTool{}, `{"path": "x", "limit": 0}`, `limit must be`},
		{readFileTool{}, `[1,2]`, `must be a JSON object`},
		{readFileTool{}, `{"path": `, `not valid JSON`},
		{writeFileTool{}, `{"path": "a.txt"}`, `missing required argument "content"`},
		{patchTool{}, `{"path": "a.txt", "old_string": "x"}`, `missing required argument "new_string"`},
		{patchTool{}, `{"path": "a.txt", "old_string": "x", "new_string": "y", "replace_all": "maybe"}`, `"replace_all" must be true or false`},
		{searchFilesTool{}, `{"pattern": "x", "target": "dirs"}`, `target must be "content" or "files"`},
		{searchFilesTool{}, `{"pattern": "x", "limit": -1}`, `limit must be 1 or more`},
		{todoTool{}, `{"todos": {"id": "1"}}`, `todos must be an array`},
	}
	for _, tt := range tests {
		res := runTool(t, tt.tool, env, tt.args)
		if !res.IsError || !strings.Contains(res.Output, tt.want) {
			t.Errorf("%s %s: got %q (error %v), want an error containing %q",
				tt.tool.Spec().Name, tt.args, res.Output, res.IsError, tt.want)
		}
	}
}

func TestFlexibleArguments(t *testing.T) {
	env := newEnv(t)
	writeFile(t, env, "f.txt", "a\nb\nc\n")
	res := runTool(t, readFileTool{}, env, `{"path": "f.txt", "offset": "2", "limit": 1.0}`)
	if res.IsError || !strings.HasPrefix(res.Output, "     2\tb\n") {
		t.Errorf("numbers as strings and floats: got %q", res.Output)
	}
}

// The agent swaps an Env's guards at every turn's start and end while the
// UI and tools of other goroutines read the Env; -race holds it to that.
func TestEnvIsSafeForConcurrentUse(t *testing.T) {
	env := NewEnv("s1", t.TempDir(), "")
	allow := func(context.Context, string, string) error { return nil }
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 200 {
			env.SetGuards(allow, nil)
			env.SetBeforeWrite(func(context.Context, string, []byte, fs.FileMode, bool) {})
			env.SetSessionID(fmt.Sprint("s", i))
			env.SetGuards(nil, nil)
		}
	}()
	go func() {
		defer wg.Done()
		for range 200 {
			env.guards()
			env.beforeWrite(context.Background(), "x", nil, 0, false)
			if env.SessionID() == "" {
				t.Error("no session id")
			}
		}
	}()
	wg.Wait()
}
