package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// todoStatuses are the valid statuses, in the order the summary counts
// them, with the mark each item shows.
var todoStatuses = []struct{ name, mark string }{
	{"completed", "[x]"},
	{"in_progress", "[>]"},
	{"pending", "[ ]"},
	{"cancelled", "[-]"},
}

func validStatus(s string) bool {
	for _, st := range todoStatuses {
		if st.name == s {
			return true
		}
	}
	return false
}

type todoTool struct{}

func (todoTool) Spec() Spec {
	return Spec{
		Name: "todo",
		Description: "Keep a task list for multi-step work. With todos and merge=false (default) the list is " +
			"replaced; with merge=true items are updated by id and new ids appended. With no arguments, " +
			"returns the current list. Keep exactly one item in_progress while working.",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "todos": {
      "type": "array",
      "description": "Items to set (or, with merge, to update by id).",
      "items": {
        "type": "object",
        "properties": {
          "id": {"type": "string", "description": "Stable identifier of the item."},
          "content": {"type": "string", "description": "What is to be done."},
          "status": {"type": "string", "enum": ["pending", "in_progress", "completed", "cancelled"]}
        },
        "required": ["id"]
      }
    },
    "merge": {"type": "boolean", "description": "Update items by id and append new ones instead of replacing the list. Default false."}
  }
}`),
	}
}

func (todoTool) Toolset() string { return "todo" }
func (todoTool) ReadOnly() bool  { return false }

// todoInput is an item as the model sends it; ids may come as numbers.
type todoInput struct {
	ID      json.RawMessage `json:"id"`
	Content *string         `json:"content"`
	Status  *string         `json:"status"`
}

func (todoTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Todos json.RawMessage `json:"todos"`
		Merge flexBool        `json:"merge"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	env := envOf(call)
	if len(args.Todos) == 0 || string(args.Todos) == "null" {
		return Result{Output: renderTodos(env.Todos())}
	}
	items, err := parseTodos(args.Todos)
	if err != nil {
		return argErrorf("%v", err)
	}
	var list []Todo
	if args.Merge.Value {
		list, err = mergeTodos(env.Todos(), items)
	} else {
		list, err = replaceTodos(items)
	}
	if err != nil {
		return argErrorf("%v", err)
	}
	env.SetTodos(list)
	return Result{Output: renderTodos(list)}
}

// parseTodos reads the todos argument: an array of items, or (as some
// models send it) that array encoded in a string.
func parseTodos(raw json.RawMessage) ([]todoInput, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		raw = json.RawMessage(s)
	}
	var items []todoInput
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fmt.Errorf(`todos must be an array of {"id", "content", "status"} objects (%v)`, err)
	}
	return items, nil
}

func todoID(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil && s != "" {
		return s, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String(), nil
	}
	return "", fmt.Errorf("every todo needs an id (a string)")
}

func checkStatus(id string, status *string) error {
	if status != nil && !validStatus(*status) {
		return fmt.Errorf("todo %q: status must be pending, in_progress, completed or cancelled, not %q", id, *status)
	}
	return nil
}

func replaceTodos(items []todoInput) ([]Todo, error) {
	list := make([]Todo, 0, len(items))
	seen := map[string]bool{}
	for _, in := range items {
		id, err := todoID(in.ID)
		if err != nil {
			return nil, err
		}
		if seen[id] {
			return nil, fmt.Errorf("todo id %q is used twice", id)
		}
		seen[id] = true
		if in.Content == nil || strings.TrimSpace(*in.Content) == "" {
			return nil, fmt.Errorf("todo %q needs content (what is to be done)", id)
		}
		if err := checkStatus(id, in.Status); err != nil {
			return nil, err
		}
		t := Todo{ID: id, Content: *in.Content, Status: "pending"}
		if in.Status != nil {
			t.Status = *in.Status
		}
		list = append(list, t)
	}
	return list, nil
}

func mergeTodos(list []Todo, items []todoInput) ([]Todo, error) {
	index := make(map[string]int, len(list))
	for i, t := range list {
		index[t.ID] = i
	}
	for _, in := range items {
		id, err := todoID(in.ID)
		if err != nil {
			return nil, err
		}
		if err := checkStatus(id, in.Status); err != nil {
			return nil, err
		}
		if i, ok := index[id]; ok {
			if in.Content != nil && strings.TrimSpace(*in.Content) != "" {
				list[i].Content = *in.Content
			}
			if in.Status != nil {
				list[i].Status = *in.Status
			}
			continue
		}
		if in.Content == nil || strings.TrimSpace(*in.Content) == "" {
			return nil, fmt.Errorf("todo %q is new, so it needs content (what is to be done)", id)
		}
		t := Todo{ID: id, Content: *in.Content, Status: "pending"}
		if in.Status != nil {
			t.Status = *in.Status
		}
		index[id] = len(list)
		list = append(list, t)
	}
	return list, nil
}

// renderTodos shows the list compactly: a summary line with counts, then
// one line per item.
func renderTodos(list []Todo) string {
	if len(list) == 0 {
		return "The todo list is empty."
	}
	counts := map[string]int{}
	for _, t := range list {
		counts[t.Status]++
	}
	var parts []string
	for _, st := range todoStatuses {
		if n := counts[st.name]; n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+strings.ReplaceAll(st.name, "_", " "))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Todo list (%d items: %s)\n", len(list), strings.Join(parts, ", "))
	for _, t := range list {
		mark := "[?]"
		for _, st := range todoStatuses {
			if st.name == t.Status {
				mark = st.mark
			}
		}
		fmt.Fprintf(&b, "%s %s. %s\n", mark, t.ID, t.Content)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
