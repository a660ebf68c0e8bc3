package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func importString(t *testing.T, s *Store, data string, opts ImportOptions) ImportResult {
	t.Helper()
	res, err := s.ImportJSONL(context.Background(), strings.NewReader(data), opts)
	if err != nil {
		t.Fatalf("ImportJSONL: %v", err)
	}
	return res
}

// onlySession returns the messages of the store's only session with that
// source.
func importedMessages(t *testing.T, s *Store, nth int) (*Session, []Message) {
	t.Helper()
	list, err := s.FindSessions(context.Background(), SessionFilter{IncludeArchived: true, IncludeHidden: true, Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	// FindSessions is newest first; imports keep file order in time.
	sess := list[len(list)-1-nth]
	msgs, err := s.Messages(context.Background(), sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	return &sess, msgs
}

func TestImportOpenAIShape(t *testing.T) {
	s := openTest(t)
	data := `{"messages": [{"role": "developer", "content": "be brief"}, {"role": "user", "content": [{"type": "text", "text": "what is in"}, {"type": "image_url", "image_url": {"url": "x"}}, {"type": "text", "text": "this dir?"}]}, {"role": "assistant", "content": null, "tool_calls": [{"id": "call_a", "type": "function", "function": {"name": "terminal", "arguments": "{\"command\":\"ls\"}"}}, {"type": "function", "function": {"name": "read_file", "arguments": {"path": "notes.txt"}}}]}, {"role": "tool", "tool_call_id": "call_a", "content": "notes.txt"}, {"role": "tool", "content": "quokka facts"}, {"role": "assistant", "content": "A notes file.", "reasoning_content": "look first"}], "tools": [], "weight": 1}
{"messages": [{"role": "user", "content": "legacy"}, {"role": "assistant", "function_call": {"name": "todo", "arguments": "{}"}}, {"role": "function", "name": "todo", "content": "empty list"}]}
`
	res := importString(t, s, data, ImportOptions{Source: "openai"})
	if res.Sessions != 2 || res.Messages != 9 || len(res.Errors) != 0 || res.Lines != 2 {
		t.Fatalf("result %+v", res)
	}
	sess, msgs := importedMessages(t, s, 0)
	if sess.Source != "openai" || sess.MessageCount != 6 {
		t.Errorf("session %+v", sess)
	}
	if r := roles(msgs); r != "system user assistant tool tool assistant" {
		t.Fatalf("roles %q", r)
	}
	if msgs[1].Content != "what is in\n[image_url]\nthis dir?" {
		t.Errorf("parts content %q", msgs[1].Content)
	}
	calls := msgs[2].ToolCalls
	if len(calls) != 2 || calls[0].ID != "call_a" || calls[1].ID == "" || calls[1].Arguments != `{"path": "notes.txt"}` {
		t.Errorf("tool calls %+v", calls)
	}
	// The second result had no id: it answers the call still open.
	if msgs[3].ToolCallID != "call_a" || msgs[3].ToolName != "terminal" || msgs[4].ToolCallID != calls[1].ID || msgs[4].ToolName != "read_file" {
		t.Errorf("tool links: %+v / %+v", msgs[3], msgs[4])
	}
	if msgs[5].Reasoning != "look first" || !msgs[5].Complete {
		t.Errorf("last message %+v", msgs[5])
	}
	_, legacy := importedMessages(t, s, 1)
	if len(legacy[1].ToolCalls) != 1 || legacy[2].ToolCallID != legacy[1].ToolCalls[0].ID || legacy[2].ToolName != "todo" {
		t.Errorf("legacy function call: %+v", legacy)
	}
	// Imported messages are in the index, tool arguments included.
	for _, q := range []string{"quokka", "notes", "read_file", "legacy"} {
		if ids := searchIDs(t, s, q, SearchOptions{}); len(ids) == 0 {
			t.Errorf("%s not found after import", q)
		}
	}
	ftsIntegrity(t, s)
}

func TestImportShareGPT(t *testing.T) {
	s := openTest(t)
	data := `{"system": "you are a helper", "conversations": [{"from": "human", "value": "weather in Paris?"}, {"from": "function_call", "value": "{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Paris\"}}"}, {"from": "observation", "value": "{\"temp\": 21}"}, {"from": "gpt", "value": "It is 21 degrees."}]}
{"conversations": [{"from": "system", "value": "hermes"}, {"from": "human", "value": "list files"}, {"from": "gpt", "value": "<think>use the terminal</think>Let me look.\n<tool_call>\n{\"name\": \"terminal\", \"arguments\": {\"command\": \"ls\"}}\n</tool_call>\n<tool_call>\n{\"name\": \"terminal\", \"arguments\": {\"command\": \"pwd\"}}\n</tool_call>"}, {"from": "tool", "value": "<tool_response>\n{\"tool_call_id\": \"\", \"name\": \"terminal\", \"content\": \"a.go b.go\"}\n</tool_response>\n<tool_response>\n/home/me\n</tool_response>"}, {"from": "gpt", "value": "Two Go files."}]}
`
	res := importString(t, s, data, ImportOptions{})
	if res.Sessions != 2 || len(res.Errors) != 0 {
		t.Fatalf("result %+v", res)
	}
	sess, a := importedMessages(t, s, 0)
	if sess.Source != "import" {
		t.Errorf("default source %q", sess.Source)
	}
	if r := roles(a); r != "system user assistant tool assistant" {
		t.Fatalf("roles %q", r)
	}
	if c := a[2].ToolCalls; len(c) != 1 || c[0].Name != "get_weather" || c[0].Arguments != `{"city": "Paris"}` || a[3].ToolCallID != c[0].ID || a[3].Content != `{"temp": 21}` {
		t.Errorf("function call turn: %+v %+v", a[2], a[3])
	}
	_, b := importedMessages(t, s, 1)
	if r := roles(b); r != "system user assistant tool tool assistant" {
		t.Fatalf("hermes roles %q", r)
	}
	if b[2].Content != "Let me look." || b[2].Reasoning != "use the terminal" || len(b[2].ToolCalls) != 2 {
		t.Errorf("hermes assistant %+v", b[2])
	}
	if b[3].Content != "a.go b.go" || b[4].Content != "/home/me" || b[4].ToolCallID != b[2].ToolCalls[1].ID {
		t.Errorf("hermes tool results %+v %+v", b[3], b[4])
	}
}

func TestImportReportsBadLinesAndKeepsTheRest(t *testing.T) {
	s := openTest(t)
	good := `{"messages": [{"role": "user", "content": "good %d"}]}`
	lines := []string{
		fmt.Sprintf(good, 1),
		`{"messages": [{"role": "user", "content": "unterminated}`,
		``,
		`{"messages": [{"role": "wizard", "content": "x"}]}`,
		`{"messages": []}`,
		`{"messages": [{"role": "tool", "content": "orphan"}]}`,
		fmt.Sprintf(good, 2),
		`{"messages": "not a list"}`,
		`{"conversations": [{"from": "alien", "value": "x"}]}`,
		`{"messages": [{"role": "user", "content": "a"}], "conversations": [{"from": "human", "value": "b"}]}`,
		`[1, 2]`,
		`{"messages": [{"role": "user", "content": 42}]}`,
		`{"messages": [{"role": "user", "content": "x"}]} {"extra": true}`,
		`{"session": {"id": "../../etc"}, "messages": [{"role": "user", "content": "x"}]}`,
		`{"messages": [{"role": "user", "content": "x", "created_at": "yesterday"}]}`,
		`{"messages": [{"role": "assistant", "tool_calls": [{"id": "c", "function": {"arguments": "{}"}}]}]}`,
		fmt.Sprintf(good, 3),
	}
	res := importString(t, s, strings.Join(lines, "\n"), ImportOptions{BatchMessages: 1})
	if res.Sessions != 3 || res.Messages != 3 || res.Lines != len(lines) {
		t.Errorf("result %+v", res)
	}
	want := map[int]string{
		2: "not valid JSON", 4: `role "wizard"`, 5: "no \"messages\"", 6: "answers no earlier tool call",
		8: `"messages" must be an array`, 9: `from "alien"`, 10: "both", 11: "not valid JSON",
		12: "content must be a string", 13: "more than one JSON value", 14: "session id", 15: "RFC 3339",
		16: "no function name",
	}
	got := map[int]string{}
	for _, e := range res.Errors {
		got[e.Line] = e.Error()
	}
	for line, frag := range want {
		if !strings.Contains(got[line], frag) || !strings.HasPrefix(got[line], fmt.Sprintf("line %d: ", line)) {
			t.Errorf("line %d: error %q, want it to mention %q", line, got[line], frag)
		}
	}
	if len(got) != len(want) {
		t.Errorf("errors on lines %v, want %d of them", got, len(want))
	}
	for i := 1; i <= 3; i++ {
		if ids := searchIDs(t, s, fmt.Sprintf(`"good %d"`, i), SearchOptions{}); len(ids) != 1 {
			t.Errorf("good line %d not imported", i)
		}
	}
}

// seedRich stores sessions using every field an export carries.
func seedRich(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	ended := time.Date(2026, 2, 3, 4, 5, 6, 789, time.UTC)
	parent := &Session{Source: "cli", Title: "Fix the «build» \"now\" <html>", Model: "gpt-4o", Provider: "openai",
		StartedAt: time.Date(2026, 2, 1, 10, 0, 0, 123456789, time.UTC), Cwd: "/work/app", EndedAt: &ended, EndReason: "compression", CostUSD: 0.0125}
	if err := s.CreateSession(ctx, parent); err != nil {
		t.Fatal(err)
	}
	at := func(min int) time.Time { return parent.StartedAt.Add(time.Duration(min) * time.Minute) }
	appendAll(t, s,
		&Message{SessionID: parent.ID, Role: "system", Content: "You are herm.\n", CreatedAt: at(0)},
		&Message{SessionID: parent.ID, Role: "user", Content: "build fails: «x» & <y> \u2028 \"quoted\" \t tab \U0001F600", CreatedAt: at(1)},
		&Message{SessionID: parent.ID, Role: "assistant", Content: "", Reasoning: "check go build", ReasoningSignature: "sig==",
			ToolCalls: []ToolCall{{ID: "c1", Name: "terminal", Arguments: `{"command": "go build ./..."}`}}, FinishReason: "tool_calls",
			Usage: Usage{InputTokens: 100, OutputTokens: 20, CacheReadTokens: 50}, CreatedAt: at(2)},
		&Message{SessionID: parent.ID, Role: "tool", ToolCallID: "c1", ToolName: "terminal", Content: "main.go:3: undefined: x", CreatedAt: at(3)},
		&Message{SessionID: parent.ID, Role: "assistant", Content: "Fixed.", FinishReason: "stop", CreatedAt: at(4)},
	)
	child := &Session{Source: "cli", Model: "gpt-4o", ParentID: parent.ID, StartedAt: at(10), Archived: true}
	if err := s.CreateSession(ctx, child); err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, &Message{SessionID: child.ID, Role: "user", Content: "and now?", CreatedAt: at(11)})
	bare := &Session{Source: "telegram", StartedAt: at(20)}
	if err := s.CreateSession(ctx, bare); err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, &Message{SessionID: bare.ID, Role: "user", Content: "hi", CreatedAt: at(21)})
}

func TestExportImportRoundTripIsIdentical(t *testing.T) {
	for _, plain := range []bool{false, true} {
		t.Run(fmt.Sprintf("plain=%v", plain), func(t *testing.T) {
			ctx := context.Background()
			a := openTest(t)
			seedRich(t, a)
			var first bytes.Buffer
			n, err := a.ExportJSONL(ctx, &first, nil, ExportOptions{Plain: plain})
			if err != nil || n != 3 {
				t.Fatalf("export: %d %v", n, err)
			}
			b := openTest(t)
			res, err := b.ImportJSONL(ctx, bytes.NewReader(first.Bytes()), ImportOptions{})
			if err != nil || res.Sessions != 3 || len(res.Errors) > 0 {
				t.Fatalf("import: %+v %v", res, err)
			}
			var second bytes.Buffer
			if _, err := b.ExportJSONL(ctx, &second, nil, ExportOptions{Plain: plain}); err != nil {
				t.Fatal(err)
			}
			if first.String() != second.String() {
				t.Fatalf("round trip differs:\n%s\n---\n%s", first.String(), second.String())
			}
			if !plain {
				// Importing the same export again skips every session.
				res, err = b.ImportJSONL(ctx, bytes.NewReader(first.Bytes()), ImportOptions{})
				if err != nil || res.Sessions != 0 || len(res.Skipped) != 3 || !strings.Contains(res.Skipped[0].Error(), "already in the store") {
					t.Errorf("second import: %+v %v", res, err)
				}
				st, _ := b.Stats(ctx)
				if st.Usage.InputTokens != 100 || st.CostUSD != 0.0125 {
					t.Errorf("counters not restored: %+v", st)
				}
			}
			ftsIntegrity(t, b)
		})
	}
}

func TestExportSelectedAndMarkdown(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	seedRich(t, s)
	list, _ := s.FindSessions(ctx, SessionFilter{Sources: []string{"cli"}, IncludeArchived: true})
	parent := list[len(list)-1]
	var jl bytes.Buffer
	if n, err := s.ExportJSONL(ctx, &jl, []string{parent.ID}, ExportOptions{}); err != nil || n != 1 || strings.Count(jl.String(), "\n") != 1 {
		t.Fatalf("export one: %d %v", n, err)
	}
	if !strings.Contains(jl.String(), `"tool_calls":[{"id":"c1","type":"function","function":{"name":"terminal","arguments":"{\"command\": \"go build ./...\"}"}}]`) ||
		!strings.Contains(jl.String(), `<html>`) {
		t.Errorf("export line: %s", jl.String())
	}
	if _, err := s.ExportJSONL(ctx, &jl, []string{"missing"}, ExportOptions{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing session: %v", err)
	}

	var md bytes.Buffer
	if err := s.ExportMarkdown(ctx, &md, parent.ID); err != nil {
		t.Fatal(err)
	}
	out := md.String()
	for _, want := range []string{"# Fix the «build» \"now\" <html>", "- **Session:** `" + parent.ID + "`", "### User ·",
		"**Tool call** `terminal`", "```json\n{\"command\": \"go build ./...\"}\n```", "### Tool result · terminal", "<summary>Reasoning</summary>"} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
	if got := fence("has ``` inside", ""); !strings.HasPrefix(got, "````\n") {
		t.Errorf("fence %q", got)
	}
}

func TestImportBatchesKeepOrderAndTheTrigger(t *testing.T) {
	s := openTest(t)
	var b strings.Builder
	for i := range 50 {
		fmt.Fprintf(&b, `{"messages": [{"role": "user", "content": "q%d-a"}, {"role": "assistant", "content": "q%d-b"}, {"role": "user", "content": "q%d-c"}]}`+"\n", i, i, i)
	}
	var progress []int
	res := importString(t, s, b.String(), ImportOptions{BatchMessages: 7, Progress: func(r ImportResult) { progress = append(progress, r.Messages) }})
	if res.Sessions != 50 || res.Messages != 150 {
		t.Fatalf("result %+v", res)
	}
	if len(progress) < 10 || progress[len(progress)-1] != 150 {
		t.Errorf("progress %v", progress)
	}
	// Every message in file order: ids follow the lines, and each
	// session holds its own three.
	rows, err := s.r.Query(`SELECT session_id, content FROM messages ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var i int
	seen := map[string]bool{}
	for ; rows.Next(); i++ {
		var sid, content string
		if err := rows.Scan(&sid, &content); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("q%d-%s", i/3, "abc"[i%3:i%3+1]); content != want {
			t.Fatalf("message %d = %q, want %q", i, content, want)
		}
		if i%3 == 0 {
			if seen[sid] {
				t.Fatalf("session %s reused", sid)
			}
			seen[sid] = true
		}
	}
	rows.Close()
	if i != 150 || len(seen) != 50 {
		t.Errorf("%d messages in %d sessions", i, len(seen))
	}
	// The index trigger is back: an ordinary append is indexed.
	sess := newSession(t, s)
	appendAll(t, s, &Message{SessionID: sess.ID, Role: "user", Content: "afterwards"})
	if ids := searchIDs(t, s, "afterwards", SearchOptions{}); len(ids) != 1 {
		t.Errorf("append after import not indexed")
	}
	ftsIntegrity(t, s)
}

func TestImportRenumbersCollidingIDs(t *testing.T) {
	s := openTest(t)
	n := 0
	s.newID = func(time.Time) string {
		n++
		if n <= 3 {
			return "same_id" // three sessions draw the same id
		}
		return fmt.Sprintf("id_%d", n)
	}
	res := importString(t, s, strings.Repeat(`{"messages": [{"role": "user", "content": "x"}]}`+"\n", 3), ImportOptions{})
	if res.Sessions != 3 || len(res.Errors) != 0 {
		t.Fatalf("result %+v", res)
	}
	if c, _ := s.CountSessions(context.Background(), SessionFilter{IncludeHidden: true}); c != 3 {
		t.Errorf("%d sessions", c)
	}
}

func TestImportReadErrorKeepsCommittedBatches(t *testing.T) {
	s := openTest(t)
	data := strings.Repeat(`{"messages": [{"role": "user", "content": "x"}]}`+"\n", 5)
	gone := errors.New("disk gone")
	r := io.MultiReader(strings.NewReader(data), iotest.ErrReader(gone))
	res, err := s.ImportJSONL(context.Background(), r, ImportOptions{BatchMessages: 1})
	if !errors.Is(err, gone) || !strings.Contains(err.Error(), "read line 6") {
		t.Fatalf("err %v", err)
	}
	if res.Sessions != 5 {
		t.Errorf("lines before the read error not kept: %+v", res)
	}
	if c, _ := s.CountSessions(context.Background(), SessionFilter{}); c != res.Sessions {
		t.Errorf("%d sessions stored, result says %d", c, res.Sessions)
	}
}

func TestImportConversations(t *testing.T) {
	s := openTest(t)
	convs := []Conversation{
		{Session: Session{Title: "one", Source: "hermes"}, Messages: []Message{{Role: "user", Content: "alpha"}}},
		{},
		{Messages: []Message{{Role: "user", Content: "beta"}, {Role: "assistant", Content: "gamma"}}},
	}
	res, err := s.ImportConversations(context.Background(), convs, ImportOptions{})
	if err != nil || res.Sessions != 2 || res.Messages != 3 || len(res.Errors) != 1 || res.Errors[0].Line != 2 {
		t.Fatalf("result %+v %v", res, err)
	}
	if !convs[0].Messages[0].CreatedAt.IsZero() {
		t.Error("caller's messages were changed")
	}
}
