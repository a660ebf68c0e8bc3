package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
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
