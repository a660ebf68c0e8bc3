package cli

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// stuckWriter is a stdout nobody reads (a full pipe): the first Write waits
// until the test lets it go.
type stuckWriter struct {
	mu      sync.Mutex
	b       bytes.Buffer
	stuck   chan struct{} // closed at the first Write
	release chan struct{}
	once    sync.Once
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	w.once.Do(func() {
		close(w.stuck)
		<-w.release
	})
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *stuckWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// A stdout that stops taking the answer holds up the printing, not the
// turn: the tool runs and the model is called again while the first words
// still wait to be written; then the whole answer comes out, in order.
func TestChatSlowStdoutDoesNotHoldUpTheTurn(t *testing.T) {
	t.Setenv("HERM_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	srv := fakeopenai.New()
	defer srv.Close()
	srv.Script.Push(
		fakellm.Reply{Text: "Making a list. ", ToolCalls: []fakellm.ToolCall{fakellm.Call("todo", map[string]any{
			"todos": []map[string]any{{"id": "1", "content": "write the test", "status": "in_progress"}}})}},
		fakellm.Reply{Text: "The list has one item."},
	)
	stdout := &stuckWriter{stuck: make(chan struct{}), release: make(chan struct{})}
	var stderr bytes.Buffer
	root := newRootCmd("test")
	root.SetOut(stdout)
	root.SetErr(&stderr)
	root.SetArgs([]string{"chat", "-q", "make a list", "--provider", "custom", "--base-url", srv.URL, "--model", "fake-model", "--api-key", "sk-test"})
	ran := make(chan error, 1)
	go func() { ran <- root.Execute() }()
	defer close(stdout.release)
	<-stdout.stuck
	deadline := time.Now().Add(30 * time.Second)
	for len(srv.Script.Requests()) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the turn waited for stdout: %d model calls", len(srv.Script.Requests()))
		}
		time.Sleep(5 * time.Millisecond)
	}
	stdout.release <- struct{}{}
	if err := <-ran; err != nil {
		t.Fatalf("herm chat: %v\n%s", err, stderr.String())
	}
	if got := stdout.String(); got != "Making a list. \nThe list has one item.\n" {
		t.Errorf("stdout %q", got)
	}
}
