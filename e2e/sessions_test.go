package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// runJSON runs herm with --json and decodes stdout into v.
func (e *env) runJSON(v any, args ...string) result {
	e.t.Helper()
	r := e.run(append(args, "--json")...)
	if err := json.Unmarshal([]byte(r.stdout), v); err != nil {
		e.t.Fatalf("herm %s: stdout is not JSON: %v\n%s", strings.Join(args, " "), err, r)
	}
	return r
}

type listOut struct {
	Sessions []struct {
		ID, Title, Source, Preview string
		MessageCount               int    `json:"message_count"`
		ParentID                   string `json:"parent_session_id"`
	}
	Total int
}

// A one-shot chat in a script titles its new session from the first
// message (no extra request); the session is then listed, searchable and
// readable.
func TestSessionsChatIsTitledListedAndSearchable(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(fakellm.Reply{Text: "Raise the pool size to 20 and the flaky payments test passes."})
	r := e.run(append([]string{"chat", "-q", "why is the payments test flaky?"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Raise the pool size") {
		t.Fatalf("%s", r)
	}
	id := sessionID(t, r)
	if n := len(srv.Script.Requests()); n != 1 {
		t.Fatalf("%d requests: a piped run must not ask for a title", n)
	}

	var list listOut
	e.runJSON(&list, "sessions", "list")
	if list.Total != 1 || list.Sessions[0].ID != id || list.Sessions[0].Title != "why is the payments test flaky?" || list.Sessions[0].MessageCount != 3 {
		t.Errorf("list: %+v", list)
	}
	r = e.run("sessions", "list")
	if r.code != 0 || !strings.Contains(r.stdout, "why is the payments test flaky?") || !strings.Contains(r.stdout, "cli") {
		t.Errorf("list text:\n%s", r)
	}

	var found searchJSONOut
	e.runJSON(&found, "sessions", "search", "pool", "size")
	if len(found.Groups) != 1 || found.Groups[0].Hits[0].SessionID != id || !strings.Contains(found.Groups[0].Hits[0].Snippet, "«pool» «size»") {
		t.Errorf("search: %+v", found)
	}
	r = e.run("sessions", "show", id[:len(id)-3])
	if r.code != 0 || !strings.Contains(r.stdout, "── user") || !strings.Contains(r.stdout, "why is the payments test flaky?") || strings.Contains(r.stdout, "── system") {
		t.Errorf("show by id prefix:\n%s", r)
	}
}

// At a terminal, the model titles the session with one short call after
// the answer; later turns do not ask again.
func TestChatAtATerminalAsksTheModelForATitle(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(
		fakellm.Reply{Text: "Raise the pool size to 20."},
		fakellm.Reply{Text: "Title: Flaky Payments Test Fix."},
	)
	out := e.runInPTY(append([]string{"chat", "-q", "why is the payments test flaky?"}, openaiArgs(srv.URL)...)...)
	if !strings.Contains(out, "Raise the pool size to 20.") {
		t.Fatalf("output:\n%s", out)
	}
	reqs := srv.Script.Requests()
	if len(reqs) != 2 || len(reqs[1].Tools) != 0 || !strings.Contains(reqs[1].LastUser(), "User: why is the payments test flaky?") ||
		!strings.Contains(reqs[1].LastUser(), "Assistant: Raise the pool size") {
		t.Fatalf("title request: %+v", reqs)
	}
	var list listOut
	e.runJSON(&list, "sessions", "list")
	if list.Total != 1 || list.Sessions[0].Title != "Flaky Payments Test Fix" {
		t.Fatalf("list: %+v", list)
	}
	srv.Script.Push(fakellm.Reply{Text: "Yes."})
	e.runInPTY(append([]string{"chat", "--continue", "-q", "sure?"}, openaiArgs(srv.URL)...)...)
	if n := len(srv.Script.Requests()); n != 3 {
		t.Errorf("%d requests after the second turn, want 3", n)
	}
}

// runInPTY runs herm to completion on a pseudo-terminal and returns what
// it printed there.
func (e *env) runInPTY(args ...string) string {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, hermBin, args...)
	cmd.Dir, cmd.Env = e.work, e.vars
	tty, err := pty.Start(cmd)
	if err != nil {
		e.t.Fatalf("start herm on a pty: %v", err)
	}
	defer tty.Close()
	var out bytes.Buffer
	_, _ = io.Copy(&out, tty) // ends with EIO when herm exits
	if err := cmd.Wait(); err != nil {
		e.t.Fatalf("herm %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

type searchJSONOut struct {
	Groups []struct {
		Root    struct{ ID string }
		Matches int
		Hits    []struct {
			MessageID int64  `json:"message_id"`
			SessionID string `json:"session_id"`
			Role      string
			Snippet   string
		}
	}
}

const importFile = `{"messages": [{"role": "system", "content": "be terse"}, {"role": "user", "content": "how do I rotate nginx logs?"}, {"role": "assistant", "content": "Use logrotate with a daily rule.", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "terminal", "arguments": "{\"command\": \"cat /etc/logrotate.d/nginx\"}"}}]}, {"role": "tool", "tool_call_id": "c1", "content": "daily\nrotate 14"}]}
not json at all
{"conversations": [{"from": "human", "value": "東京の天気はどうですか"}, {"from": "gpt", "value": "晴れです。"}]}
{"messages": [{"role": "pirate", "content": "arr"}]}
{"conversations": [{"from": "human", "value": "summarise the quarterly report"}, {"from": "gpt", "value": "Revenue grew."}]}
`

func TestSessionsImportSearchExportRoundTrip(t *testing.T) {
	e := newEnv(t)
	in := filepath.Join(e.work, "in.jsonl")
	if err := os.WriteFile(in, []byte(importFile), 0o600); err != nil {
		t.Fatal(err)
	}
	r := e.run("sessions", "import", in, "--source", "migrated")
	if r.code != 1 || !strings.Contains(r.stdout, "imported 3 session(s), 8 messages") ||
		!strings.Contains(r.stderr, "line 2: not valid JSON") || !strings.Contains(r.stderr, `line 4: message 1 has role "pirate"`) ||
		!strings.Contains(r.stderr, "2 line(s) could not be imported") {
		t.Fatalf("import:\n%s", r)
	}
	var imp struct {
		Sessions int
		Errors   []struct {
			Line  int
			Error string
		}
		Skipped []struct{ Line int }
	}
	// Importing again from stdin adds the same three conversations again
	// (they carry no session ids); --json lists every bad line.
	cmd, out, _ := e.command(t.Context(), "sessions", "import", "-", "--json")
	cmd.Stdin = strings.NewReader(importFile)
	_ = cmd.Run()
	if err := json.Unmarshal([]byte(out.String()), &imp); err != nil || imp.Sessions != 3 || len(imp.Errors) != 2 || imp.Errors[1].Line != 4 {
		t.Fatalf("import --json: %v %+v\n%s", err, imp, out)
	}

	// Search: filters, CJK substring, tool arguments, bad queries.
	var found searchJSONOut
	e.runJSON(&found, "sessions", "search", "logrotate", "source:migrated", "role:assistant")
	if len(found.Groups) != 1 || found.Groups[0].Hits[0].Role != "assistant" {
		t.Errorf("filtered search (only the first import is from migrated): %+v", found)
	}
	e.runJSON(&found, "sessions", "search", "天気")
	if len(found.Groups) != 2 || !strings.Contains(found.Groups[0].Hits[0].Snippet, "«天気»") {
		t.Errorf("CJK search: %+v", found)
	}
	e.runJSON(&found, "sessions", "search", "logrotate.d")
	if len(found.Groups) != 2 || found.Groups[0].Hits[0].Role != "assistant" {
		t.Errorf("tool argument search: %+v", found)
	}
	for q, want := range map[string]string{`"unbalanced`: "", "before:someday x": "not a date", "---": "nothing to search for"} {
		r = e.run("sessions", "search", "--", q)
		if want == "" && r.code != 0 || want != "" && (r.code != 2 || !strings.Contains(r.stderr, want)) || strings.Contains(r.stderr, "fts5") {
			t.Errorf("search %q:\n%s", q, r)
		}
	}

	// Rename, then export everything, import it into another home, and
	// export again: byte-identical.
	var list listOut
	e.runJSON(&list, "sessions", "list")
	if list.Total != 6 {
		t.Fatalf("list: %+v", list)
	}
	target := list.Sessions[0].ID
	if r = e.run("sessions", "rename", target, "Quarterly", "report"); r.code != 0 {
		t.Fatalf("rename:\n%s", r)
	}
	first := filepath.Join(e.work, "export.jsonl")
	if r = e.run("sessions", "export", "--all", "-o", first); r.code != 0 || !strings.Contains(r.stdout, "exported 6 session(s)") {
		t.Fatalf("export:\n%s", r)
	}
	other := newEnv(t)
	if r = other.run("sessions", "import", first); r.code != 0 {
		t.Fatalf("re-import:\n%s", r)
	}
	second := filepath.Join(e.work, "export2.jsonl")
	if r = other.run("sessions", "export", "--all", "-o", second); r.code != 0 {
		t.Fatalf("second export:\n%s", r)
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	if len(a) == 0 || string(a) != string(b) {
		t.Fatalf("round trip differs:\n%s\n---\n%s", a, b)
	}
	if !strings.Contains(string(a), `"title":"Quarterly report"`) {
		t.Errorf("renamed title not exported")
	}
	// The same export imported again is skipped, not duplicated.
	if r = other.run("sessions", "import", first); r.code != 0 || !strings.Contains(r.stderr, "skipped 6 session(s) already in the store") {
		t.Errorf("second re-import:\n%s", r)
	}

	r = e.run("sessions", "export", target, "--format", "markdown")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "# Quarterly report\n") || !strings.Contains(r.stdout, "### User") {
		t.Errorf("markdown:\n%s", r)
	}
	r = e.run("sessions", "export", "--plain", target)
	if r.code != 0 || strings.Contains(r.stdout, `"session"`) || !strings.Contains(r.stdout, `{"messages":[{"role":"user","content":"summarise the quarterly report"}`) {
		t.Errorf("plain export:\n%s", r)
	}
}

func TestSessionsDeletePruneStats(t *testing.T) {
	e := newEnv(t)
	in := filepath.Join(e.work, "in.jsonl")
	lines := `{"session": {"id": "20200101_000000_aaaaaa", "source": "cron", "started_at": "2020-01-01T00:00:00Z"}, "messages": [{"role": "user", "content": "ancient", "created_at": "2020-01-01T00:00:00Z"}]}
{"session": {"id": "20200102_000000_bbbbbb", "source": "cli", "started_at": "2020-01-02T00:00:00Z"}, "messages": [{"role": "user", "content": "old", "created_at": "2020-01-02T00:00:00Z"}]}
{"messages": [{"role": "user", "content": "fresh"}, {"role": "assistant", "content": "hi"}]}
`
	if err := os.WriteFile(in, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := e.run("sessions", "import", in); r.code != 0 {
		t.Fatalf("%s", r)
	}
	var st struct {
		Sessions, Messages int
		FileBytes          int64                   `json:"file_bytes"`
		BySource           []struct{ Name string } `json:"by_source"`
	}
	e.runJSON(&st, "sessions", "stats")
	if st.Sessions != 3 || st.Messages != 4 || st.FileBytes == 0 || len(st.BySource) != 3 {
		t.Errorf("stats: %+v", st)
	}
	if r := e.run("sessions", "stats"); r.code != 0 || !strings.Contains(r.stdout, "Sessions:  3") {
		t.Errorf("stats text:\n%s", r)
	}

	// Without a terminal, destructive commands want --yes.
	r := e.run("sessions", "delete", "20200102")
	if r.code != 2 || !strings.Contains(r.stderr, "--yes") {
		t.Errorf("delete without --yes:\n%s", r)
	}
	var pr struct {
		Sessions int
		DryRun   bool `json:"dry_run"`
	}
	e.runJSON(&pr, "sessions", "prune", "--older-than", "365d", "--dry-run")
	if pr.Sessions != 2 || !pr.DryRun {
		t.Errorf("dry run: %+v", pr)
	}
	e.runJSON(&pr, "sessions", "prune", "--older-than", "365d", "--source", "cron", "--yes", "--vacuum")
	if pr.Sessions != 1 {
		t.Errorf("prune cron: %+v", pr)
	}
	var del struct{ Deleted []string }
	e.runJSON(&del, "sessions", "delete", "20200102", "--yes")
	if len(del.Deleted) != 1 || del.Deleted[0] != "20200102_000000_bbbbbb" {
		t.Errorf("delete: %+v", del)
	}
	var list listOut
	e.runJSON(&list, "sessions", "list")
	if list.Total != 1 || list.Sessions[0].Preview != "fresh" {
		t.Errorf("left: %+v", list)
	}
	if r := e.run("sessions", "show", "20200102"); r.code != 1 || !strings.Contains(r.stderr, "not found") {
		t.Errorf("show deleted:\n%s", r)
	}
	if r := e.run("sessions", "prune"); r.code != 2 || !strings.Contains(r.stderr, "--older-than") {
		t.Errorf("prune without age:\n%s", r)
	}
}

// The agent's session_search tool finds an earlier conversation during a
// later one, in the real binary.
func TestSessionSearchToolInChat(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(fakellm.Reply{Text: "The staging password rotates every 30 days."})
	if r := e.run(append([]string{"chat", "-q", "how often does the staging password rotate?"}, openaiArgs(srv.URL)...)...); r.code != 0 {
		t.Fatalf("%s", r)
	}
	srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("session_search", map[string]any{"query": "staging password"})}},
		fakellm.Reply{Text: "Every 30 days, as we discussed."},
	)
	r := e.run(append([]string{"chat", "-q", "remind me what we said about staging?"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Every 30 days") {
		t.Fatalf("%s", r)
	}
	reqs := srv.Script.Requests()
	sent := reqs[2].Messages
	tool := sent[len(sent)-1]
	if tool.Role != "tool" || !strings.Contains(tool.Content, "«staging» «password» rotates every 30 days") ||
		!strings.Contains(tool.Content, `"how often does the staging password rotate?"`) || strings.Contains(tool.Content, "remind me what we said") {
		t.Errorf("session_search result: %+v", tool)
	}
}
