package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
)

func openaiArgs(url string) []string {
	return []string{"--provider", "custom", "--base-url", url, "--model", "fake-model", "--api-key", "sk-test-secret-key-0001"}
}

// A prompt that makes the model create a file with terminal, read it back
// with read_file, then answer.
func TestChatTerminalThenReadFile(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(
		fakellm.Reply{Text: "I'll create it.", ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo 'hello from herm' > greeting.txt && echo created"})}},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("read_file", map[string]any{"path": "greeting.txt"})}},
		fakellm.Reply{Text: "The file greeting.txt says: hello from herm."},
	)
	r := e.run(append([]string{"chat", "-q", "make greeting.txt and tell me what it says"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("herm failed:\n%s", r)
	}
	if !strings.Contains(r.stdout, "The file greeting.txt says: hello from herm.") {
		t.Errorf("answer not printed:\n%s", r)
	}
	if !strings.Contains(r.stderr, "⚙ terminal echo 'hello from herm'") || !strings.Contains(r.stderr, "⚙ read_file greeting.txt") {
		t.Errorf("tool progress not on stderr:\n%s", r)
	}
	data, err := os.ReadFile(filepath.Join(e.work, "greeting.txt"))
	if err != nil || strings.TrimSpace(string(data)) != "hello from herm" {
		t.Fatalf("file: %q %v", data, err)
	}

	// The model saw each tool's result.
	reqs := srv.Script.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	last := reqs[2].Messages
	if got := last[len(last)-1]; got.Role != "tool" || !strings.Contains(got.Content, "hello from herm") {
		t.Errorf("read_file result not sent back: %+v", got)
	}
	if got := reqs[1].Messages[len(reqs[1].Messages)-1]; !strings.Contains(got.Content, "created") {
		t.Errorf("terminal output not sent back: %+v", got)
	}
	if reqs[0].Header.Get("Authorization") != "Bearer sk-test-secret-key-0001" {
		t.Errorf("api key not sent")
	}

	// state.db holds the whole conversation in order, searchable.
	st := e.openStore()
	id := sessionID(t, r)
	msgs, err := st.Messages(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := roles(msgs), "system user assistant+1 tool assistant+1 tool assistant"; got != want {
		t.Fatalf("stored roles = %q, want %q", got, want)
	}
	if msgs[2].ToolCalls[0].ID != msgs[3].ToolCallID || msgs[3].ToolName != "terminal" {
		t.Errorf("tool message not linked to its call: %+v / %+v", msgs[2].ToolCalls, msgs[3])
	}
	for _, m := range msgs {
		if !m.Complete {
			t.Errorf("message %d left incomplete", m.ID)
		}
	}
	for _, q := range []string{"greeting", "read_file", "\"hello from herm\""} {
		hits, err := st.Search(context.Background(), q, store.SearchOptions{Limit: 10})
		if err != nil || len(hits) == 0 {
			t.Errorf("search %q: %d hits, %v", q, len(hits), err)
		}
	}
	sess, err := st.Session(context.Background(), id)
	if err != nil || sess.Source != "cli" || sess.Model != "fake-model" || sess.MessageCount != 7 {
		t.Errorf("session record: %+v %v", sess, err)
	}
}

func TestChatParallelToolCalls(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	for _, n := range []string{"a.txt", "b.txt"} {
		os.WriteFile(filepath.Join(e.work, n), []byte("content of "+n+"\n"), 0o644)
	}
	srv.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{
			fakellm.Call("read_file", map[string]any{"path": "a.txt"}),
			fakellm.Call("read_file", map[string]any{"path": "b.txt"}),
			fakellm.Call("terminal", map[string]any{"command": "cat a.txt b.txt | wc -l"}),
		}},
		fakellm.Reply{Text: "Both files read."},
	)
	r := e.run(append([]string{"chat", "-q", "read both"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("herm failed:\n%s", r)
	}
	st := e.openStore()
	msgs, _ := st.Messages(context.Background(), sessionID(t, r))
	if got, want := roles(msgs), "system user assistant+3 tool tool tool assistant"; got != want {
		t.Fatalf("roles = %q, want %q", got, want)
	}
	calls := msgs[2].ToolCalls
	for i, m := range msgs[3:6] {
		if m.ToolCallID != calls[i].ID {
			t.Errorf("tool message %d answers %q, want %q (call order)", i, m.ToolCallID, calls[i].ID)
		}
	}
	if !strings.Contains(msgs[3].Content, "content of a.txt") || !strings.Contains(msgs[4].Content, "content of b.txt") || !strings.Contains(msgs[5].Content, "2") {
		t.Errorf("tool results: %q / %q / %q", msgs[3].Content, msgs[4].Content, msgs[5].Content)
	}
	// Every call id went back to the model with its result.
	sent := srv.Script.Requests()[1].Messages
	ids := map[string]bool{}
	for _, m := range sent {
		if m.Role == "tool" {
			ids[m.ToolCallID] = true
		}
	}
	for _, c := range calls {
		if !ids[c.ID] {
			t.Errorf("call %s not answered in the next request", c.ID)
		}
	}
}

func TestChatAnthropic(t *testing.T) {
	srv := fakeanthropic.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(
		fakellm.Reply{Reasoning: "The user wants a file.", Text: "Creating it now.", ToolCalls: []fakellm.ToolCall{
			fakellm.Call("terminal", map[string]any{"command": "printf 'anthropic was here' > note.txt"}),
			fakellm.Call("read_file", map[string]any{"path": "note.txt"}),
		}},
		fakellm.Reply{Text: "note.txt says: anthropic was here"},
	)
	r := e.run("chat", "-q", "write note.txt", "--provider", "anthropic", "--base-url", srv.URL, "--api-key", "sk-ant-test-key-0002", "--model", "claude-test")
	if r.code != 0 {
		t.Fatalf("herm failed:\n%s", r)
	}
	if !strings.Contains(r.stdout, "note.txt says: anthropic was here") {
		t.Errorf("answer missing:\n%s", r)
	}
	st := e.openStore()
	msgs, _ := st.Messages(context.Background(), sessionID(t, r))
	if got, want := roles(msgs), "system user assistant+2 tool tool assistant"; got != want {
		t.Fatalf("roles = %q, want %q", got, want)
	}
	if msgs[2].Reasoning != "The user wants a file." || msgs[2].ReasoningSignature == "" {
		t.Errorf("thinking not stored with its signature: %+v", msgs[2])
	}
	second := srv.Script.Requests()[1]
	if second.Header.Get("X-Api-Key") != "sk-ant-test-key-0002" {
		t.Errorf("x-api-key not sent")
	}
	var results int
	for _, m := range second.Messages {
		if m.Role == "tool" {
			results++
		}
	}
	if results != 2 {
		t.Errorf("second request carried %d tool results, want 2", results)
	}
}

func TestChatStreamCutSavesPartialAndResumes(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	// With retries off the cut is final (retries are e2e/resilience_test.go's).
	os.MkdirAll(e.home, 0o700)
	os.WriteFile(filepath.Join(e.home, "config.yaml"), []byte("retry:\n  max_retries: 0\n"), 0o600)
	srv.Script.Push(fakellm.Reply{Text: "Here is the first half of a long answer, and then", ChunkSize: 5, CutAfter: 6})
	r := e.run(append([]string{"chat", "-q", "explain"}, openaiArgs(srv.URL)...)...)
	if r.code != 1 {
		t.Fatalf("want exit 1 on a cut stream:\n%s", r)
	}
	if !strings.Contains(r.stderr, "stream ended before the response was complete") || !strings.Contains(r.stderr, "--resume") {
		t.Errorf("unclear error:\n%s", r)
	}
	if strings.Contains(r.stderr, "sk-test-secret-key-0001") {
		t.Errorf("api key leaked into the error")
	}
	st := e.openStore()
	sess, err := st.LatestSession(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	msgs, _ := st.Messages(context.Background(), sess.ID)
	if got := roles(msgs); got != "system user assistant" {
		t.Fatalf("roles = %q", got)
	}
	partial := msgs[2]
	if !strings.HasPrefix("Here is the first half of a long answer, and then", partial.Content) || partial.Content == "" || !partial.Complete || partial.FinishReason != "error" {
		t.Fatalf("partial answer not saved: %+v", partial)
	}

	srv.Script.Push(fakellm.Reply{Text: "Resumed fine."})
	r = e.run(append([]string{"chat", "--resume", sess.ID, "-q", "go on"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Resumed fine.") {
		t.Fatalf("resume failed:\n%s", r)
	}
	sent := srv.Script.Requests()[1].Messages
	if len(sent) < 3 || sent[len(sent)-2].Content != partial.Content || sent[len(sent)-1].Content != "go on" {
		t.Errorf("resumed request history: %+v", sent)
	}
}

func TestChatInterruptMidTool(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{
		fakellm.Call("terminal", map[string]any{"command": "echo started; sleep 30; echo never > never.txt"}),
		fakellm.Call("terminal", map[string]any{"command": "echo second > second.txt"}),
	}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd, _, errb := e.command(ctx, append([]string{"chat", "-q", "run something slow"}, openaiArgs(srv.URL)...)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return strings.Contains(errb.String(), "⚙ terminal echo started") })
	time.Sleep(300 * time.Millisecond) // let the command get going
	start := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(interface{ ExitCode() int }); !ok || ee.ExitCode() != 130 {
		t.Fatalf("want exit 130, got %v\n%s", err, errb)
	}
	if time.Since(start) > 10*time.Second {
		t.Errorf("interrupt took %v", time.Since(start))
	}
	for _, f := range []string{"never.txt", "second.txt"} {
		if _, err := os.Stat(filepath.Join(e.work, f)); err == nil {
			t.Errorf("%s exists: the interrupted turn kept running", f)
		}
	}
	st := e.openStore()
	sess, _ := st.LatestSession(context.Background(), "")
	msgs, _ := st.Messages(context.Background(), sess.ID)
	if got := roles(msgs); got != "system user assistant+2 tool tool" {
		t.Fatalf("roles = %q: every call needs an answer", got)
	}
	if !strings.Contains(msgs[3].Content, "interrupted") || !strings.Contains(msgs[3].Content, "started") {
		t.Errorf("first tool message: %q", msgs[3].Content)
	}
	if !strings.Contains(msgs[4].Content, "before this tool call ran") {
		t.Errorf("second tool message: %q", msgs[4].Content)
	}

	srv.Script.Push(fakellm.Reply{Text: "ok, stopped."})
	r := e.run(append([]string{"chat", "--continue", "-q", "what happened?"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("continue after interrupt:\n%s", r)
	}
}

func TestChatJSONOutput(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(fakellm.Reply{Text: "forty-two", Usage: &fakellm.Usage{InputTokens: 11, OutputTokens: 3}})
	r := e.run(append([]string{"chat", "--json", "-q", "answer?"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	var out struct {
		SessionID  string `json:"session_id"`
		Answer     string `json:"answer"`
		StopReason string `json:"stop_reason"`
		Usage      struct {
			InputTokens  int `json:"input_tokens"`
			OutputTokens int `json:"output_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, r)
	}
	if out.Answer != "forty-two" || out.SessionID == "" || out.StopReason != "done" || out.Usage.InputTokens != 11 || out.Usage.OutputTokens != 3 {
		t.Errorf("%+v", out)
	}
}

func TestChatConfigErrors(t *testing.T) {
	e := newEnv(t)
	r := e.run("chat", "-q", "hi")
	if r.code != 1 || !strings.Contains(r.stderr, "no model provider is configured") || !strings.Contains(r.stderr, "OPENAI_API_KEY") {
		t.Errorf("no provider:\n%s", r)
	}
	os.MkdirAll(e.home, 0o700)
	os.WriteFile(filepath.Join(e.home, "config.yaml"), []byte("model:\n  provider: openai\n  max_tokens: plenty\n"), 0o600)
	r = e.run("chat", "-q", "hi")
	if r.code != 1 || !strings.Contains(r.stderr, "config.yaml:3: model.max_tokens") {
		t.Errorf("malformed config:\n%s", r)
	}
	r = e.run("chat")
	if r.code != 2 || !strings.Contains(r.stderr, "-q") {
		t.Errorf("missing prompt:\n%s", r)
	}
}

func TestChatProviderErrorIsClear(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(fakellm.Reply{Status: 401, ErrorBody: `{"error":{"message":"Incorrect API key provided: sk-test-***0001","type":"invalid_request_error","code":"invalid_api_key"}}`})
	r := e.run(append([]string{"chat", "-q", "hi"}, openaiArgs(srv.URL)...)...)
	if r.code != 1 || !strings.Contains(r.stderr, "401") || !strings.Contains(r.stderr, "Incorrect API key") {
		t.Errorf("%s", r)
	}
}

func TestConfigCommands(t *testing.T) {
	e := newEnv(t)
	r := e.run("config", "set", "model.name", "my-model")
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	r = e.run("config", "set", "model.api_key", "sk-very-secret-value-9876")
	if r.code != 0 || strings.Contains(r.stdout, "very-secret") {
		t.Fatalf("set api key echoed the secret:\n%s", r)
	}
	r = e.run("config", "show")
	if r.code != 0 || !strings.Contains(r.stdout, "name: my-model") || strings.Contains(r.stdout, "very-secret") || !strings.Contains(r.stdout, "****9876") {
		t.Errorf("show:\n%s", r)
	}
	r = e.run("config", "path")
	if strings.TrimSpace(r.stdout) != filepath.Join(e.home, "config.yaml") {
		t.Errorf("path: %s", r)
	}
	r = e.run("config", "path", "-p", "work")
	if strings.TrimSpace(r.stdout) != filepath.Join(e.home, "profiles", "work", "config.yaml") {
		t.Errorf("profile path: %s", r)
	}
	r = e.run("--version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "herm ") {
		t.Errorf("version: %s", r)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
