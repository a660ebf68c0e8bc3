package tools

import (
	"strings"
	"testing"
)

func TestTodoReplaceMergeList(t *testing.T) {
	env := newEnv(t)
	if res := runTool(t, todoTool{}, env, `{}`); res.Output != "The todo list is empty." {
		t.Errorf("empty: %q", res.Output)
	}
	res := runTool(t, todoTool{}, env, map[string]any{"todos": []map[string]any{
		{"id": "1", "content": "Read the code", "status": "completed"},
		{"id": "2", "content": "Write the parser", "status": "in_progress"},
		{"id": "3", "content": "Test it"},
	}})
	want := "Todo list (3 items: 1 completed, 1 in progress, 1 pending)\n" +
		"[x] 1. Read the code\n[>] 2. Write the parser\n[ ] 3. Test it"
	if res.IsError || res.Output != want {
		t.Errorf("replace: got %q, want %q", res.Output, want)
	}

	res = runTool(t, todoTool{}, env, map[string]any{"merge": true, "todos": []map[string]any{
		{"id": "2", "status": "completed"},
		{"id": "3", "status": "cancelled", "content": "Test it properly"},
		{"id": 4, "content": "Ship", "status": "in_progress"},
	}})
	want = "Todo list (4 items: 2 completed, 1 in progress, 1 cancelled)\n" +
		"[x] 1. Read the code\n[x] 2. Write the parser\n[-] 3. Test it properly\n[>] 4. Ship"
	if res.IsError || res.Output != want {
		t.Errorf("merge: got %q, want %q", res.Output, want)
	}
	if got := env.Todos(); len(got) != 4 || got[3] != (Todo{ID: "4", Content: "Ship", Status: "in_progress"}) {
		t.Errorf("stored list %+v", got)
	}
	if res := runTool(t, todoTool{}, env, `{}`); res.Output != want {
		t.Errorf("no arguments must show the list: %q", res.Output)
	}

	// merge=false replaces the whole list.
	res = runTool(t, todoTool{}, env, `{"todos": "[{\"id\": \"a\", \"content\": \"only\"}]"}`)
	if res.IsError || len(env.Todos()) != 1 || !strings.Contains(res.Output, "[ ] a. only") {
		t.Errorf("replace with a string-encoded array: %q", res.Output)
	}
}

func TestTodoValidation(t *testing.T) {
	env := newEnv(t)
	tests := []struct{ args, want string }{
		{`{"todos": [{"id": "1", "content": "x", "status": "done"}]}`, "status must be pending, in_progress, completed or cancelled"},
		{`{"todos": [{"id": "1", "content": "x"}, {"id": "1", "content": "y"}]}`, "used twice"},
		{`{"todos": [{"content": "x"}]}`, "needs an id"},
		{`{"todos": [{"id": "1"}]}`, "needs content"},
		{`{"merge": true, "todos": [{"id": "new", "status": "pending"}]}`, "is new, so it needs content"},
	}
	for _, tt := range tests {
		res := runTool(t, todoTool{}, env, tt.args)
		if !res.IsError || !strings.Contains(res.Output, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.args, res.Output, tt.want)
		}
	}
	if len(env.Todos()) != 0 {
		t.Errorf("a rejected call changed the list: %+v", env.Todos())
	}
}
