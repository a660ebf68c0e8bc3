package gateway

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/tools"
)

// A request/response front end whose Emit stops returning (a client that
// no longer reads its stream) holds up its own stream, not the turn: the
// tool runs and the model is called again meanwhile. Every event reaches
// Emit, TurnDone last, before Converse returns.
func TestConverseSlowEmitDoesNotHoldUpTheTurn(t *testing.T) {
	st := openStore(t)
	llm := fakeopenai.New()
	t.Cleanup(llm.Close)
	llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("todo", map[string]any{
			"todos": []map[string]any{{"id": "1", "content": "stream slowly", "status": "pending"}}})}},
		fakellm.Reply{Text: "one item"},
	)
	a := &agent.Agent{Provider: openai.New(openai.Config{BaseURL: llm.URL}), Model: "m", Store: st,
		Tools: tools.NewRegistry(tools.Builtins(tools.Options{})...)}
	r, err := New(Config{Agent: a, Store: st, Home: filepath.Join(t.TempDir(), "home"), Cwd: t.TempDir(), DrainTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan error, 1)
	go func() { stopped <- r.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-stopped
	})
	<-r.Ready()

	var (
		mu  sync.Mutex
		got []agent.Event
	)
	stuck, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	emit := func(e agent.Event) {
		mu.Lock()
		got = append(got, e)
		mu.Unlock()
		once.Do(func() {
			close(stuck)
			<-release
		})
	}
	answered := make(chan ConverseResult, 1)
	go func() {
		res, err := r.Converse(context.Background(), ConverseRequest{Platform: "api_server", Session: "slow", Text: "list it", Emit: emit})
		if err != nil {
			t.Error(err)
		}
		answered <- res
	}()
	<-stuck
	deadline := time.Now().Add(30 * time.Second)
	for len(llm.Script.Requests()) < 2 {
		if time.Now().After(deadline) {
			close(release)
			t.Fatalf("the turn waited for Emit: %d model calls", len(llm.Script.Requests()))
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(release)
	res := <-answered
	mu.Lock()
	defer mu.Unlock()
	var started, finished int
	for _, e := range got {
		switch e.(type) {
		case agent.ToolStarted:
			started++
		case agent.ToolFinished:
			finished++
		}
	}
	if _, last := got[len(got)-1].(agent.TurnDone); !last || started != 1 || finished != 1 || res.Done.Answer != "one item" {
		t.Errorf("Emit got %d events (last %T, %d tool starts, %d finishes); answer %q", len(got), got[len(got)-1], started, finished, res.Done.Answer)
	}
}
