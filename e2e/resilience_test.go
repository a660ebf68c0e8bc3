package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
)

// writeConfig writes the env's config.yaml.
func (e *env) writeConfig(yaml string) {
	e.t.Helper()
	if err := os.MkdirAll(e.home, 0o700); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(e.home, "config.yaml"), []byte(yaml), 0o600); err != nil {
		e.t.Fatal(err)
	}
}

// TestChatFallsBackToAnotherProvider: the primary rejects the key, the
// Anthropic fallback from config.yaml answers, and the switch is recorded
// with the session.
func TestChatFallsBackToAnotherProvider(t *testing.T) {
	primary := fakeopenai.New()
	defer primary.Close()
	fallback := fakeanthropic.New()
	defer fallback.Close()
	e := newEnv(t)
	e.writeConfig("fallback_providers:\n  - provider: anthropic\n    model: claude-fallback\n    base_url: " + fallback.URL + "\n    api_key: sk-ant-fallback-0002\n")
	primary.Script.Push(fakellm.Reply{Status: 401})
	fallback.Script.Push(fakellm.Reply{Text: "Answered by the fallback."})
	r := e.run(append([]string{"chat", "-q", "hello"}, openaiArgs(primary.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Answered by the fallback.") {
		t.Fatalf("%s", r)
	}
	if n := len(primary.Script.Requests()); n != 1 {
		t.Errorf("primary asked %d times", n)
	}
	if reqs := fallback.Script.Requests(); len(reqs) != 1 || reqs[0].Model != "claude-fallback" || reqs[0].Header.Get("X-Api-Key") != "sk-ant-fallback-0002" {
		t.Fatalf("fallback requests %+v", reqs)
	}
	st := e.openStore()
	evs, err := st.Events(context.Background(), sessionID(t, r))
	if err != nil || len(evs) != 1 || evs[0].Kind != "fallback" || !strings.Contains(string(evs[0].Data), `"class":"auth"`) {
		t.Errorf("session events %+v %v", evs, err)
	}
}

// TestChatRetriesRateLimit: a 429 with a short Retry-After is waited out
// and retried, once, in the real binary.
func TestChatRetriesRateLimit(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	srv.Script.Push(fakellm.Reply{Status: 429, RetryAfter: "0.05"}, fakellm.Reply{Text: "Second time lucky."})
	r := e.run(append([]string{"chat", "-q", "hello"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Second time lucky.") {
		t.Fatalf("%s", r)
	}
	st := e.openStore()
	evs, _ := st.Events(context.Background(), sessionID(t, r))
	if len(evs) != 1 || evs[0].Kind != "retry" || !strings.Contains(string(evs[0].Data), `"wait_ms":50`) {
		t.Errorf("session events %+v", evs)
	}
	msgs, _ := st.Messages(context.Background(), sessionID(t, r))
	if got := roles(msgs); got != "system user assistant" {
		t.Errorf("roles %q", got)
	}
}

// TestChatUnlinkedLangchainProvider: a langchaingo provider left out of
// the binary is refused with the reason.
func TestChatUnlinkedLangchainProvider(t *testing.T) {
	e := newEnv(t)
	r := e.run("chat", "-q", "hi", "--provider", "langchain:googleai", "--model", "gemini-2.5-pro", "--api-key", "k")
	if r.code != 1 || !strings.Contains(r.stderr, "langchain:googleai is not built into herm") || !strings.Contains(r.stderr, "OpenAI-compatible") {
		t.Errorf("%s", r)
	}
}

// TestSessionsCompress: `herm sessions compress ID` summarises a stored
// conversation into a child session that `herm chat --resume` continues.
func TestSessionsCompress(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	e := newEnv(t)
	ctx := context.Background()
	st := e.openStore()
	sess := &store.Session{Source: "cli", Title: "long one", Model: "fake-model", Cwd: e.work}
	if err := st.CreateSession(ctx, sess); err != nil {
		t.Fatal(err)
	}
	msgs := []*store.Message{{SessionID: sess.ID, Role: "system", Content: "You are herm.", Complete: true}}
	for i := 0; i < 15; i++ {
		msgs = append(msgs,
			&store.Message{SessionID: sess.ID, Role: "user", Content: fmt.Sprintf("question %d", i), Complete: true},
			&store.Message{SessionID: sess.ID, Role: "assistant", Content: fmt.Sprintf("answer %d", i), Complete: true})
	}
	if err := st.AppendMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	srv.Script.Push(fakellm.Reply{Text: "## Goal\nAnswer questions 0 to 14."})
	r := e.run(append([]string{"sessions", "compress", sess.ID, "--json"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	var out struct {
		Parent  string `json:"parent_session_id"`
		Child   string `json:"session_id"`
		Summary string `json:"summary"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || out.Parent != sess.ID || out.Child == "" || !strings.Contains(out.Summary, "questions 0 to 14") {
		t.Fatalf("%v\n%s", err, r)
	}
	if req := srv.Script.Requests()[0]; !strings.Contains(req.Messages[0].Content, "question 3") || len(req.Tools) != 0 {
		t.Errorf("summary request: %+v", req)
	}
	parent, _ := st.Session(ctx, sess.ID)
	child, _ := st.Session(ctx, out.Child)
	if parent.EndReason != "compression" || child == nil || child.ParentID != sess.ID || child.Title != "long one" {
		t.Fatalf("lineage: %+v %+v", parent, child)
	}
	srv.Script.Push(fakellm.Reply{Text: "Continuing."})
	r = e.run(append([]string{"chat", "--resume", out.Child, "-q", "go on"}, openaiArgs(srv.URL)...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Continuing.") {
		t.Fatalf("%s", r)
	}
	sent := srv.Script.Requests()[1].Messages
	if len(sent) != 3+1+20+1 || !strings.Contains(sent[3].Content, "questions 0 to 14") {
		t.Errorf("resumed child sent %d messages", len(sent))
	}
	// Nothing to compress is a clear error.
	r = e.run(append([]string{"sessions", "compress", "nope"}, openaiArgs(srv.URL)...)...)
	if r.code != 1 || !strings.Contains(r.stderr, "nope") {
		t.Errorf("%s", r)
	}
}
