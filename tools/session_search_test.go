package tools

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/store"
)

// seedSessions stores: a cli session about a flaky test with a tool call,
// its continuation, a hidden subagent session and the "current" session.
func seedSessions(t *testing.T) (*store.Store, map[string]*store.Session) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ss := map[string]*store.Session{}
	mk := func(name, source, title, parent string, msgs ...store.Message) {
		sess := &store.Session{Source: source, Title: title, Model: "gpt-4o", ParentID: parent}
		if err := st.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		ss[name] = sess
		var ptrs []*store.Message
		for i := range msgs {
			msgs[i].SessionID, msgs[i].Complete = sess.ID, true
			ptrs = append(ptrs, &msgs[i])
		}
		if err := st.AppendMessages(ctx, ptrs); err != nil {
			t.Fatal(err)
		}
	}
	mk("flaky", "cli", "Flaky integration test", "",
		store.Message{Role: "system", Content: "You are herm."},
		store.Message{Role: "user", Content: "the payments integration test is flaky on CI"},
		store.Message{Role: "assistant", Content: "Let me run it a few times.", ToolCalls: []store.ToolCall{{ID: "c1", Name: "terminal", Arguments: `{"command":"go test -count=20 ./payments"}`}}},
		store.Message{Role: "tool", ToolCallID: "c1", ToolName: "terminal", Content: "--- FAIL: TestCharge (timeout after 30s)"},
		store.Message{Role: "assistant", Content: "The payments test times out waiting for the mock gateway."})
	mk("cont", "cli", "Flaky integration test (continued)", ss["flaky"].ID,
		store.Message{Role: "user", Content: "did the payments fix hold?"},
		store.Message{Role: "assistant", Content: "Yes, twenty green runs."})
	mk("sub", "subagent", "", "",
		store.Message{Role: "user", Content: "subagent checking payments logs"})
	mk("current", "cli", "", "",
		store.Message{Role: "user", Content: "what did we do about payments?"})
	return st, ss
}

func runSessionSearch(t *testing.T, st *store.Store, current, args string) Result {
	t.Helper()
	tool := sessionSearchTool{store: st}
	return tool.Run(context.Background(), &Call{Args: []byte(args), Env: NewEnv(current, t.TempDir(), "")})
}

func TestSessionSearchDiscovery(t *testing.T) {
	st, ss := seedSessions(t)
	res := runSessionSearch(t, st, ss["current"].ID, `{"query": "payments"}`)
	if res.IsError {
		t.Fatal(res.Output)
	}
	out := res.Output
	// One group for the lineage (flaky + its continuation); the subagent
	// and the current session are left out.
	if !strings.Contains(out, "1 conversation(s) match") || strings.Contains(out, ss["sub"].ID) || strings.Contains(out, ss["current"].ID) {
		t.Fatalf("discovery output:\n%s", out)
	}
	for _, want := range []string{"«payments»", "part of a conversation of several sessions (started in " + ss["flaky"].ID,
		"before: [", "after: [", "Read a session with session_search"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The tool call's arguments are searchable and shown around hits.
	res = runSessionSearch(t, st, "", `{"query": "count=20"}`)
	if res.IsError || !strings.Contains(res.Output, "Flaky integration test") {
		t.Errorf("argument search:\n%s", res.Output)
	}
	res = runSessionSearch(t, st, "", `{"query": "timeout", "role_filter": "tool"}`)
	if res.IsError || !strings.Contains(res.Output, "[tool,") || !strings.Contains(res.Output, "before: [assistant] Let me run it a few times. [calls terminal: go test -count=20 ./payments]") {
		t.Errorf("role filter and context:\n%s", res.Output)
	}
	res = runSessionSearch(t, st, "", `{"query": "nonexistentword"}`)
	if res.IsError || !strings.Contains(res.Output, "No past conversation matches") {
		t.Errorf("no match:\n%s", res.Output)
	}
	// Hidden sessions are reachable when asked for by source.
	res = runSessionSearch(t, st, "", `{"query": "payments source:subagent"}`)
	if res.IsError || !strings.Contains(res.Output, ss["sub"].ID) {
		t.Errorf("explicit source:\n%s", res.Output)
	}
}

func TestSessionSearchReadAndSearchInside(t *testing.T) {
	st, ss := seedSessions(t)
	id := ss["flaky"].ID
	res := runSessionSearch(t, st, "", fmt.Sprintf(`{"session_id": %q}`, id))
	if res.IsError {
		t.Fatal(res.Output)
	}
	out := res.Output
	for _, want := range []string{`"Flaky integration test"`, "continued or forked in session " + ss["cont"].ID,
		"[user,", "[tool,", "terminal → --- FAIL: TestCharge", "[calls terminal: go test -count=20 ./payments]"} {
		if !strings.Contains(out, want) {
			t.Errorf("read output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "You are herm.") {
		t.Errorf("system prompt shown by default:\n%s", out)
	}
	res = runSessionSearch(t, st, "", fmt.Sprintf(`{"session_id": %q, "limit": 1, "role_filter": ["assistant"]}`, id))
	if res.IsError || strings.Count(res.Output, "[assistant,") != 1 || strings.Contains(res.Output, "[user,") || !strings.Contains(res.Output, "1 messages shown of 5") {
		t.Errorf("limited read:\n%s", res.Output)
	}
	res = runSessionSearch(t, st, "", fmt.Sprintf(`{"session_id": %q, "query": "mock gateway"}`, id))
	if res.IsError || !strings.Contains(res.Output, "1 message(s) match") || !strings.Contains(res.Output, "«mock» «gateway»") {
		t.Errorf("search inside:\n%s", res.Output)
	}
	// The subagent session can be read by id.
	res = runSessionSearch(t, st, "", fmt.Sprintf(`{"session_id": %q}`, ss["sub"].ID))
	if res.IsError || !strings.Contains(res.Output, "subagent checking payments logs") {
		t.Errorf("read hidden by id:\n%s", res.Output)
	}
}

func TestSessionSearchRecent(t *testing.T) {
	st, ss := seedSessions(t)
	res := runSessionSearch(t, st, ss["current"].ID, `{}`)
	if res.IsError {
		t.Fatal(res.Output)
	}
	out := res.Output
	if !strings.Contains(out, "The 2 most recent sessions") || strings.Contains(out, ss["sub"].ID) || strings.Contains(out, ss["current"].ID) ||
		!strings.Contains(out, "first message: did the payments fix hold?") {
		t.Errorf("recent:\n%s", out)
	}
	if strings.Index(out, ss["cont"].ID) > strings.Index(out, ss["flaky"].ID) {
		t.Errorf("not newest first:\n%s", out)
	}
	res = runSessionSearch(t, st, ss["current"].ID, `{"limit": 1}`)
	if strings.Count(res.Output, "\n- ") != 1 {
		t.Errorf("limit 1:\n%s", res.Output)
	}
}

func TestSessionSearchErrors(t *testing.T) {
	st, _ := seedSessions(t)
	for args, want := range map[string]string{
		`{"query": "x after:someday"}`:         "after:someday",
		`{"query": "---"}`:                     "nothing to search for",
		`{"session_id": "nope"}`:               `no session "nope"`,
		`{"role_filter": "wizard"}`:            `"wizard" is not a role`,
		`{"role_filter": 5}`:                   "role_filter must be a string",
		`{"limit": 0}`:                         "limit must be a positive number",
		`{"limit": "many"}`:                    "limit",
		`{"query": 42}`:                        "query",
		`{"query": "x", "session_id": "nope"}`: `no session "nope"`,
	} {
		res := runSessionSearch(t, st, "", args)
		if !res.IsError || !strings.Contains(res.Output, want) || strings.Contains(res.Output, "store:") {
			t.Errorf("%s: %v %q, want an error mentioning %q (and not the store)", args, res.IsError, res.Output, want)
		}
	}
}

func TestSessionSearchOutputFits(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sess := &store.Session{Source: "cli"}
	if err := st.CreateSession(ctx, sess); err != nil {
		t.Fatal(err)
	}
	var msgs []*store.Message
	for i := range 300 {
		msgs = append(msgs, &store.Message{SessionID: sess.ID, Role: "user", Complete: true,
			Content: fmt.Sprintf("message %d about llamas ", i) + strings.Repeat("wool ", 400)})
	}
	if err := st.AppendMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{fmt.Sprintf(`{"session_id": %q, "limit": 200}`, sess.ID), `{"query": "llamas", "limit": 20}`} {
		res := runSessionSearch(t, st, "", args)
		if res.IsError || len(res.Output) > ssMaxOutput+100 {
			t.Errorf("%s: %d bytes (error %v)", args, len(res.Output), res.IsError)
		}
	}
}

func TestBuiltinsRegisterSessionSearch(t *testing.T) {
	st, _ := seedSessions(t)
	if _, ok := NewRegistry(Builtins(Options{Sessions: st})...).Get("session_search"); !ok {
		t.Error("session_search not registered when a store is given")
	}
	if _, ok := NewRegistry(Builtins(Options{})...).Get("session_search"); ok {
		t.Error("session_search registered without a store")
	}
}
