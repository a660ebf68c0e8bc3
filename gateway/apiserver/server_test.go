package apiserver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/herm-dev/herm/agent"
	llmopenai "github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/gateway/apiserver"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

const key = "api-key-for-tests-0001"

type fixture struct {
	llm   *fakeopenai.Server
	store *store.Store
	base  string // http://addr/v1
	work  string
}

func start(t *testing.T, progress bool) *fixture {
	t.Helper()
	llm := fakeopenai.New()
	t.Cleanup(llm.Close)
	root := t.TempDir()
	st, err := store.Open(context.Background(), filepath.Join(root, "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	term := terminal.New(terminal.Config{TempDir: root})
	t.Cleanup(func() { term.Close() })
	a := &agent.Agent{Provider: llmopenai.New(llmopenai.Config{BaseURL: llm.URL, APIKey: "k"}), Model: "fake-model", Store: st,
		Tools: tools.NewRegistry(tools.Builtins(tools.Options{Terminal: term})...), HermHome: root,
		Approvals: agent.ApprovalPolicy{Mode: agent.ModeAsk, Timeout: 20 * time.Second}}
	srv, err := apiserver.New(apiserver.Config{Address: "127.0.0.1:0", Key: key, ToolProgress: progress})
	if err != nil {
		t.Fatal(err)
	}
	r, err := gateway.New(gateway.Config{Agent: a, Store: st, Platforms: []gateway.Platform{srv}, Cwd: root, DrainTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	<-r.Ready()
	return &fixture{llm: llm, store: st, base: "http://" + srv.Addr() + "/v1", work: root}
}

func (f *fixture) client() *openai.Client {
	cfg := openai.DefaultConfig(key)
	cfg.BaseURL = f.base
	return openai.NewClientWithConfig(cfg)
}

func TestPlainOpenAIClient(t *testing.T) {
	f := start(t, false)
	c := f.client()
	ctx := context.Background()
	models, err := c.ListModels(ctx)
	if err != nil || len(models.Models) != 1 || models.Models[0].ID != "herm" {
		t.Fatalf("%+v %v", models, err)
	}
	f.llm.Script.Push(fakellm.Reply{Text: "Paris."}, fakellm.Reply{Text: "About 2.1 million."})
	resp, err := c.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: "herm", User: "alice",
		Messages: []openai.ChatCompletionMessage{{Role: "user", Content: "Capital of France?"}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Choices[0].Message.Content != "Paris." || resp.Choices[0].FinishReason != openai.FinishReasonStop || resp.Usage.CompletionTokens == 0 {
		t.Fatalf("%+v", resp)
	}
	// The same user continues the same session: the model sees the history.
	resp, err = c.CreateChatCompletion(ctx, openai.ChatCompletionRequest{Model: "herm", User: "alice",
		Messages: []openai.ChatCompletionMessage{{Role: "user", Content: "Population?"}}})
	if err != nil || resp.Choices[0].Message.Content != "About 2.1 million." {
		t.Fatalf("%+v %v", resp, err)
	}
	reqs := f.llm.Script.Requests()
	if len(reqs[1].Messages) != 3 || reqs[1].Messages[0].Content != "Capital of France?" {
		t.Errorf("second turn saw %+v", reqs[1].Messages)
	}
}

func TestStreamingWithTheClient(t *testing.T) {
	f := start(t, true)
	f.llm.Script.Push(
		fakellm.Reply{Text: "Let me look. ", ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "echo streamed"})}},
		fakellm.Reply{Text: "The command printed streamed."},
	)
	stream, err := f.client().CreateChatCompletionStream(context.Background(), openai.ChatCompletionRequest{Model: "herm", Stream: true,
		StreamOptions: &openai.StreamOptions{IncludeUsage: true},
		Messages:      []openai.ChatCompletionMessage{{Role: "system", Content: "Be brief."}, {Role: "user", Content: "run echo"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	var content, reasoning strings.Builder
	var finish openai.FinishReason
	var usage *openai.Usage
	for {
		chunk, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if chunk.Usage != nil {
			usage = chunk.Usage
		}
		for _, ch := range chunk.Choices {
			content.WriteString(ch.Delta.Content)
			reasoning.WriteString(ch.Delta.ReasoningContent)
			if ch.FinishReason != "" {
				finish = ch.FinishReason
			}
		}
	}
	if content.String() != "Let me look. The command printed streamed." || finish != openai.FinishReasonStop {
		t.Errorf("content %q finish %q", content.String(), finish)
	}
	if !strings.Contains(reasoning.String(), "⚙ terminal echo streamed") || !strings.Contains(reasoning.String(), "✓") {
		t.Errorf("tool progress %q", reasoning.String())
	}
	if usage == nil || usage.CompletionTokens == 0 {
		t.Errorf("usage %+v", usage)
	}
	// The client's system prompt travels with its message; herm keeps its own.
	if first := f.llm.Script.Requests()[0]; !strings.Contains(first.LastUser(), "Be brief.") || !strings.Contains(first.LastUser(), "run echo") {
		t.Errorf("request %q", first.LastUser())
	}
}

// Raw HTTP, as curl -N would see it.
func TestRawSSEAndAuth(t *testing.T) {
	f := start(t, false)
	f.llm.Script.Push(fakellm.Reply{Text: "chunked answer", ChunkSize: 3})
	do := func(auth, body string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, f.base+"/chat/completions", strings.NewReader(body))
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		req.Header.Set(apiserver.SessionHeader, "curl-session")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	for _, auth := range []string{"", "Bearer wrong", "Basic " + key, "Bearer " + key + "x"} {
		resp := do(auth, `{"messages":[{"role":"user","content":"hi"}]}`)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("auth %q: %d", auth, resp.StatusCode)
		}
	}
	for body, want := range map[string]int{
		`{"messages":[]}`: 400, `not json`: 400, `{"messages":[{"role":"assistant","content":"x"}]}`: 400,
		`{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"https://x/y.png"}}]}]}`: 400,
	} {
		resp := do("Bearer "+key, body)
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", body, resp.StatusCode, want)
		}
	}
	resp := do("Bearer "+key, `{"model":"herm","stream":true,"messages":[{"role":"user","content":"stream please"}]}`)
	defer resp.Body.Close()
	if resp.Header.Get("Content-Type") != "text/event-stream" || resp.Header.Get(apiserver.SessionIDHeader) == "" {
		t.Fatalf("headers %v", resp.Header)
	}
	var text strings.Builder
	sc := bufio.NewScanner(resp.Body)
	sawDone := false
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			t.Fatalf("not an SSE data line: %q", line)
		}
		if data == "[DONE]" {
			sawDone = true
			break
		}
		var chunk struct {
			Object  string `json:"object"`
			Choices []struct {
				Delta struct{ Content string } `json:"delta"`
			} `json:"choices"`
		}
		if err := json.Unmarshal([]byte(data), &chunk); err != nil || chunk.Object != "chat.completion.chunk" {
			t.Fatalf("chunk %q: %v", data, err)
		}
		for _, c := range chunk.Choices {
			text.WriteString(c.Delta.Content)
		}
	}
	if !sawDone || text.String() != "chunked answer" {
		t.Errorf("done=%v text=%q", sawDone, text.String())
	}
}

func TestApprovalThroughTheAPI(t *testing.T) {
	f := start(t, false)
	victim := filepath.Join(f.work, "victim")
	os.MkdirAll(victim, 0o755)
	f.llm.Script.Push(
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("terminal", map[string]any{"command": "rm -rf " + victim})}},
		fakellm.Reply{Text: "deleted"},
	)
	c := f.client()
	result := make(chan openai.ChatCompletionResponse, 1)
	go func() {
		resp, err := c.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{User: "bob",
			Messages: []openai.ChatCompletionMessage{{Role: "user", Content: "delete victim"}}})
		if err != nil {
			t.Error(err)
		}
		result <- resp
	}()
	// While the first request waits, a second one answers the approval.
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := c.CreateChatCompletion(context.Background(), openai.ChatCompletionRequest{User: "bob",
			Messages: []openai.ChatCompletionMessage{{Role: "user", Content: "/approve"}}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(resp.Choices[0].Message.Content, "Answered: once") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("never answered: %q", resp.Choices[0].Message.Content)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := <-result; got.Choices[0].Message.Content != "deleted" {
		t.Errorf("%+v", got)
	}
	if _, err := os.Stat(victim); !errors.Is(err, os.ErrNotExist) {
		t.Error("the approved command did not run")
	}
}

func TestNoKeyOnlyOnLoopback(t *testing.T) {
	if _, err := apiserver.New(apiserver.Config{Address: "0.0.0.0:8642"}); err == nil {
		t.Error("an open API on all interfaces was accepted")
	}
	if _, err := apiserver.New(apiserver.Config{Address: "127.0.0.1:8642"}); err != nil {
		t.Error(err)
	}
}
