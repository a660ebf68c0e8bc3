package chat

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/herm-dev/herm/store"
)

// A rebuilt transcript joins each approval record to the call it answered:
// the same command (or write, however the call spelled its path), recorded
// between the call and its result. A later call of the same command that
// needed no asking (a grant) gets none.
func TestApprovalsJoinTheirCalls(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	call := func(id, name string, args map[string]any) store.ToolCall {
		b, _ := json.Marshal(args)
		return store.ToolCall{ID: id, Name: name, Arguments: string(b)}
	}
	rm := map[string]any{"command": "rm -rf build"}
	msgs := []store.Message{
		{ID: 1, Role: "user", Content: "clean", CreatedAt: at(0)},
		{ID: 2, Role: "assistant", ToolCalls: []store.ToolCall{call("c1", "terminal", rm)}, CreatedAt: at(1)},
		{ID: 3, Role: "tool", ToolCallID: "c1", ToolName: "terminal", Content: "command refused: the user denied this", CreatedAt: at(3)},
		{ID: 4, Role: "user", Content: "again", CreatedAt: at(4)},
		{ID: 5, Role: "assistant", ToolCalls: []store.ToolCall{call("c2", "terminal", rm)}, CreatedAt: at(5)},
		{ID: 6, Role: "tool", ToolCallID: "c2", ToolName: "terminal", Content: "[exit code: 0]", CreatedAt: at(6)},
		{ID: 7, Role: "assistant", ToolCalls: []store.ToolCall{call("c3", "write_file", map[string]any{"path": "~/.bashrc", "content": "x"}),
			call("c4", "patch", map[string]any{"path": "./conf/.env", "old_string": "a", "new_string": "b"})}, CreatedAt: at(7)},
		{ID: 8, Role: "tool", ToolCallID: "c3", ToolName: "write_file", Content: "wrote", CreatedAt: at(9)},
		{ID: 9, Role: "tool", ToolCallID: "c4", ToolName: "patch", Content: "patched", CreatedAt: at(11)},
	}
	ev := func(s int, data map[string]any) store.Event {
		b, _ := json.Marshal(data)
		return store.Event{Kind: "approval", Data: b, CreatedAt: at(s)}
	}
	events := []store.Event{
		{Kind: "retry", Data: []byte(`{}`), CreatedAt: at(2)},
		ev(2, map[string]any{"command": "rm -rf build", "decision": "deny", "by": "tui"}),
		ev(8, map[string]any{"command": "write_file /home/me/.bashrc", "decision": "session", "by": "telegram:42"}),
		ev(10, map[string]any{"command": "patch /work/conf/.env", "decision": "once", "by": "yolo"}),
	}
	p := newPane(100, 40)
	p.SetApprovals(ApprovalsFrom(events))
	p.Load(msgs, false)
	got := map[string]string{}
	for _, e := range p.entries {
		if tl, ok := e.it.(*toolItem); ok {
			got[tl.callID] = ""
			if tl.approval != nil {
				got[tl.callID] = approvalText(tl.approval)
			}
			if tl.callID == "c1" && tl.state != toolFailed {
				t.Errorf("a denied call is shown as run")
			}
		}
	}
	want := map[string]string{"c1": "denied by you", "c2": "", "c3": "approved for the session by telegram:42", "c4": "approved by yolo mode"}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q", id, got[id], w)
		}
	}
}
