package agent_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "github.com/glebarez/go-sqlite" // the "sqlite" driver, as the sqlite3 a command would run

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/redact"
	"github.com/herm-dev/herm/internal/seal"
)

// TestSecretPrintedByCommandNeverLeaves is `cat ~/.herm/.env`: a command
// prints a secret herm holds, split across two pieces of live output. It
// must reach neither the store, nor the events front ends get, nor the
// next request to the provider.
func TestSecretPrintedByCommandNeverLeaves(t *testing.T) {
	const secret = "sk-live-0123456789abcdefXYZ"
	f := newApprovalFixture(t)
	f.agent.Redact = redact.New(secret)
	if err := os.WriteFile(filepath.Join(f.dir, "env"), []byte("OPENAI_API_KEY="+secret+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := f.session(t)
	// The sleep makes the secret arrive in two pieces of live output.
	cmd := "head -c 22 env; sleep 0.3; tail -c +23 env"
	f.srv.Script.Push(fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": cmd})}}, fakellm.Reply{Text: "done"})

	var mu sync.Mutex
	var seen []string
	chunks := 0
	done := s.Run(context.Background(), agent.Input{Text: "show me the env"}, func(e agent.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch e := e.(type) {
		case agent.ToolOutput:
			chunks++
			seen = append(seen, e.Chunk)
		case agent.ToolFinished:
			seen = append(seen, e.Result.Output, e.Result.Diff)
		case agent.MessageSaved:
			seen = append(seen, e.Message.Content)
		}
	})
	if done.Reason != agent.StopDone {
		t.Fatalf("turn: %+v", done)
	}
	leaks := func(where, text string) {
		t.Helper()
		// Only the mask's last four characters may show.
		if strings.Contains(text, secret[:len(secret)-4]) || strings.Contains(text, secret[:12]) {
			t.Errorf("the secret reached %s: %q", where, text)
		}
	}
	live := ""
	for _, c := range seen {
		leaks("an event", c)
		live += c
	}
	leaks("the live output put together", live)
	if chunks < 2 {
		t.Logf("the output came in %d piece(s); the split case was not exercised", chunks)
	}
	msgs, err := f.store.Messages(context.Background(), s.ID())
	if err != nil {
		t.Fatal(err)
	}
	var toolResult string
	for _, m := range msgs {
		leaks("the store", m.Content)
		if m.Role == "tool" {
			toolResult = m.Content
		}
	}
	if !strings.Contains(toolResult, "OPENAI_API_KEY="+redact.Mask(secret)) {
		t.Errorf("the result does not show the masked key: %q", toolResult)
	}
	for _, req := range f.srv.Script.Requests() {
		for _, m := range req.Messages {
			leaks("the provider", m.Content)
		}
	}
}

// TestForgedGrantNotHonoured is `sqlite3 ~/.herm/state.db "insert into
// approval_grants …"` run by the model: the command it covers still asks.
// A grant the person gives is honoured; the same grant read with another
// key (another home, a replaced key) is not.
func TestForgedGrantNotHonoured(t *testing.T) {
	f := newApprovalFixture(t)
	db, err := sql.Open("sqlite", f.store.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`INSERT INTO approval_grants (finding_id, command, created_at) VALUES ('test-touch', '', 1)`); err != nil {
		t.Fatal(err)
	}
	s := f.session(t)
	f.srv.Script.Push(touchCall("a"), fakellm.Reply{Text: "done"})
	if _, asked := f.run(t, s, &agent.ApprovalAnswer{Decision: agent.AllowAlways}); asked != 1 {
		t.Fatalf("a forged grant was honoured (asked=%d)", asked)
	}
	// The person's "always" replaced the forged row with a signed grant.
	f.srv.Script.Push(touchCall("b"), fakellm.Reply{Text: "done"})
	if _, asked := f.run(t, f.session(t), nil); asked != 0 || !f.exists("b") {
		t.Fatalf("the person's grant was not honoured (asked=%d)", asked)
	}
	other, _ := seal.Generate()
	f.agent.Key = other
	f.srv.Script.Push(touchCall("c"), fakellm.Reply{Text: "done"})
	if _, asked := f.run(t, f.session(t), &agent.ApprovalAnswer{Decision: agent.Deny}); asked != 1 || f.exists("c") {
		t.Fatalf("a grant signed with another key was honoured (asked=%d)", asked)
	}
}
