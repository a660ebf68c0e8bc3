package langchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/fake"
	lcopenai "github.com/tmc/langchaingo/llms/openai"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/langchain"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/internal/fakeopenai"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// collect runs one request and assembles the answer.
func collect(t *testing.T, p llm.Provider, req llm.Request) (llm.Message, llm.Accumulator, []llm.Part, error) {
	t.Helper()
	var acc llm.Accumulator
	var parts []llm.Part
	for part, err := range p.Stream(context.Background(), req) {
		if err != nil {
			return acc.Message(), acc, parts, err
		}
		parts = append(parts, part)
		acc.Add(part)
	}
	return acc.Message(), acc, parts, nil
}

func TestFakeModelAnswers(t *testing.T) {
	p := langchain.New("langchain:fake", fake.NewFakeLLM([]string{"first answer", "second answer"}))
	for _, want := range []string{"first answer", "second answer"} {
		msg, acc, _, err := collect(t, p, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}})
		if err != nil {
			t.Fatal(err)
		}
		if msg.Content != want || acc.Finish != llm.FinishStop {
			t.Errorf("got %q (%s), want %q", msg.Content, acc.Finish, want)
		}
	}
	if p.Name() != "langchain:fake" {
		t.Error(p.Name())
	}
}

func TestFakeModelErrorIsClassified(t *testing.T) {
	p := langchain.New("langchain:fake", fake.NewFakeLLM(nil), "secret-key-123")
	_, _, _, err := collect(t, p, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}})
	if err == nil || !strings.Contains(err.Error(), "no responses configured") || !strings.HasPrefix(err.Error(), "langchain:fake") {
		t.Fatalf("err = %v", err)
	}
	if c := llm.Classify(err); c != llm.ClassUnknown {
		t.Errorf("class %s", c)
	}
}

// TestAgentRunsOnFakeModel drives a whole agent turn through the bridge.
func TestAgentRunsOnFakeModel(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	a := &agent.Agent{
		Provider: langchain.New("langchain:fake", fake.NewFakeLLM([]string{"Hello from langchaingo."})),
		Model:    "fake",
		Store:    st,
		Tools:    tools.NewRegistry(),
	}
	s, err := a.NewSession(context.Background(), agent.NewSessionOptions{Cwd: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var deltas strings.Builder
	done := s.Run(context.Background(), agent.Input{Text: "hi"}, func(e agent.Event) {
		if d, ok := e.(agent.TextDelta); ok {
			deltas.WriteString(d.Text)
		}
	})
	if done.Reason != agent.StopDone || done.Answer != "Hello from langchaingo." || deltas.String() != done.Answer {
		t.Fatalf("%+v (streamed %q)", done, deltas.String())
	}
}

// scripted is a langchaingo model that streams like the OpenAI-style
// clients do, including their faults: tool-call deltas through the text
// callback as JSON, and a final response with the call split in pieces.
type scripted struct {
	chunks []string
	resp   *llms.ContentResponse
	seen   []llms.MessageContent
	opts   llms.CallOptions
}

func (s *scripted) GenerateContent(ctx context.Context, msgs []llms.MessageContent, options ...llms.CallOption) (*llms.ContentResponse, error) {
	s.seen = msgs
	for _, o := range options {
		o(&s.opts)
	}
	for _, c := range s.chunks {
		if err := s.opts.StreamingFunc(ctx, []byte(c)); err != nil {
			return nil, err
		}
	}
	return s.resp, nil
}

func (s *scripted) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, s, prompt, options...)
}

func TestToolCallChunksAndSplitCallsAreRepaired(t *testing.T) {
	m := &scripted{
		chunks: []string{
			"Let me look.",
			`[{"id":"call_1","type":"function","function":{"name":"read_file","arguments":""}}]`,
			`[{"type":"function","function":{"arguments":"{\"pa"}}]`,
			`[{"type":"function","function":{"arguments":"th\":\"a.go\"}"}}]`,
		},
		resp: &llms.ContentResponse{Choices: []*llms.ContentChoice{{
			Content:    "Let me look.",
			StopReason: "tool_calls",
			ToolCalls: []llms.ToolCall{
				{ID: "call_1", Type: "function", FunctionCall: &llms.FunctionCall{Name: "read_file"}},
				{Type: "function", FunctionCall: &llms.FunctionCall{Arguments: `{"pa`}},
				{Type: "function", FunctionCall: &llms.FunctionCall{Arguments: `th":"a.go"}`}},
			},
			GenerationInfo: map[string]any{"PromptTokens": 120, "CompletionTokens": 15},
		}}},
	}
	p := langchain.New("langchain:test", m)
	temp := 0.2
	msg, acc, _, err := collect(t, p, llm.Request{
		Model:       "m1",
		System:      "be brief",
		MaxTokens:   99,
		Temperature: &temp,
		Tools:       []llm.ToolSpec{{Name: "read_file", Description: "read", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}}}`)}},
		Messages: []llm.Message{
			{Role: llm.RoleUser, Content: "read a.go"},
			{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c0", Name: "read_file", Arguments: `{"path":"b.go"}`}}},
			{Role: llm.RoleTool, ToolCallID: "c0", ToolName: "read_file", Content: "package b"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if msg.Content != "Let me look." {
		t.Errorf("tool-call JSON leaked into the text: %q", msg.Content)
	}
	if len(msg.ToolCalls) != 1 || msg.ToolCalls[0].ID != "call_1" || msg.ToolCalls[0].Name != "read_file" || msg.ToolCalls[0].Arguments != `{"path":"a.go"}` {
		t.Fatalf("tool calls: %+v", msg.ToolCalls)
	}
	if acc.Finish != llm.FinishToolCalls || acc.Usage.InputTokens != 120 || acc.Usage.OutputTokens != 15 {
		t.Errorf("finish %s usage %+v", acc.Finish, acc.Usage)
	}
	// What the model was given.
	if m.opts.Model != "m1" || m.opts.MaxTokens != 99 || m.opts.Temperature != 0.2 || len(m.opts.Tools) != 1 {
		t.Errorf("options %+v", m.opts)
	}
	if _, ok := m.opts.Tools[0].Function.Parameters.(map[string]any); !ok {
		t.Errorf("tool schema not decoded: %T", m.opts.Tools[0].Function.Parameters)
	}
	roles := []llms.ChatMessageType{}
	for _, mc := range m.seen {
		roles = append(roles, mc.Role)
	}
	want := []llms.ChatMessageType{llms.ChatMessageTypeSystem, llms.ChatMessageTypeHuman, llms.ChatMessageTypeAI, llms.ChatMessageTypeTool}
	if !slices.Equal(roles, want) {
		t.Errorf("roles %v", roles)
	}
	if tc, ok := m.seen[2].Parts[0].(llms.ToolCall); !ok || tc.FunctionCall.Arguments != `{"path":"b.go"}` {
		t.Errorf("assistant call: %+v", m.seen[2].Parts)
	}
	if tr, ok := m.seen[3].Parts[0].(llms.ToolCallResponse); !ok || tr.ToolCallID != "c0" || tr.Content != "package b" {
		t.Errorf("tool result: %+v", m.seen[3].Parts)
	}
}

func TestStandardErrorsMapToClasses(t *testing.T) {
	for code, want := range map[llms.ErrorCode]llm.ErrorClass{
		llms.ErrCodeRateLimit:           llm.ClassRateLimit,
		llms.ErrCodeAuthentication:      llm.ClassAuth,
		llms.ErrCodeQuotaExceeded:       llm.ClassBilling,
		llms.ErrCodeResourceNotFound:    llm.ClassModelNotFound,
		llms.ErrCodeProviderUnavailable: llm.ClassOverloaded,
		llms.ErrCodeTokenLimit:          llm.ClassContextOverflow,
	} {
		p := langchain.New("langchain:x", failing{llms.NewError(code, "x", "maximum context length exceeded? "+string(code))})
		_, _, _, err := collect(t, p, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}})
		if code == llms.ErrCodeTokenLimit {
			// A 400 says little; the message says "context".
			want = llm.ClassContextOverflow
		}
		if got := llm.Classify(err); got != want {
			t.Errorf("%s → %s, want %s (%v)", code, got, want, err)
		}
	}
	p := langchain.New("langchain:x", failing{errors.New("API returned unexpected status code: 503: upstream overloaded")})
	_, _, _, err := collect(t, p, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}}})
	var api *llm.APIError
	if !errors.As(err, &api) || api.StatusCode != 503 || llm.Classify(err) != llm.ClassOverloaded {
		t.Errorf("quoted status: %#v", err)
	}
}

type failing struct{ err error }

func (f failing) GenerateContent(context.Context, []llms.MessageContent, ...llms.CallOption) (*llms.ContentResponse, error) {
	return nil, f.err
}
func (f failing) Call(context.Context, string, ...llms.CallOption) (string, error) { return "", f.err }

// TestLangchainOpenAIClientOverHTTP runs langchaingo's own OpenAI client
// through the bridge against the fake OpenAI server, whose streams have the
// quirks that trip langchaingo ("type" repeated on every tool-call delta,
// arguments split mid-token).
func TestLangchainOpenAIClientOverHTTP(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	m, err := lcopenai.New(lcopenai.WithBaseURL(srv.URL), lcopenai.WithToken("sk-test"), lcopenai.WithModel("fake-gpt"))
	if err != nil {
		t.Fatal(err)
	}
	p := langchain.New("langchain:openai", m, "sk-test")
	srv.Script.Push(
		fakellm.Reply{Text: "streamed in pieces", ChunkSize: 3},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("read_file", map[string]string{"path": "main.go"})}, ChunkSize: 4},
		fakellm.Reply{Status: 429, RetryAfter: "1"},
	)
	req := llm.Request{Model: "fake-gpt", Messages: []llm.Message{{Role: llm.RoleUser, Content: "hi"}},
		Tools: []llm.ToolSpec{{Name: "read_file", Parameters: json.RawMessage(`{"type":"object"}`)}}}
	msg, _, parts, err := collect(t, p, req)
	if err != nil || msg.Content != "streamed in pieces" {
		t.Fatalf("%q %v", msg.Content, err)
	}
	if n := countText(parts); n < 3 {
		t.Errorf("text arrived in %d parts: not streamed", n)
	}
	msg, _, _, err = collect(t, p, req)
	if err != nil {
		t.Fatal(err)
	}
	if msg.Content != "" || len(msg.ToolCalls) != 1 || msg.ToolCalls[0].Name != "read_file" || msg.ToolCalls[0].Arguments != `{"path":"main.go"}` {
		t.Fatalf("tool call through langchaingo: %+v", msg)
	}
	_, _, _, err = collect(t, p, req)
	if c := llm.Classify(err); c != llm.ClassRateLimit {
		t.Errorf("429 → %s (%v)", c, err)
	}
	if strings.Contains(err.Error(), "sk-test") {
		t.Error("key in the error")
	}
}

// TestMistralOverHTTP runs the linked Mistral client (built by Open, as
// config provider langchain:mistral) against the fake OpenAI server, which
// speaks the same chat-completions protocol.
func TestMistralOverHTTP(t *testing.T) {
	srv := fakeopenai.New()
	defer srv.Close()
	p, err := langchain.Open(context.Background(), "langchain:mistral", langchain.Config{
		Model: "mistral-large-latest", BaseURL: strings.TrimSuffix(srv.URL, "/v1"), APIKey: "mistral-key"})
	if err != nil {
		t.Fatal(err)
	}
	srv.Script.Push(
		fakellm.Reply{Text: "Bonjour.", ChunkSize: 2},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("read_file", map[string]string{"path": "go.mod"})}, ChunkSize: 5},
	)
	req := llm.Request{Model: "mistral-large-latest", System: "sys", Messages: []llm.Message{{Role: llm.RoleUser, Content: "salut"}},
		Tools: []llm.ToolSpec{{Name: "read_file", Parameters: json.RawMessage(`{"type":"object"}`)}}}
	msg, _, _, err := collect(t, p, req)
	if err != nil || msg.Content != "Bonjour." {
		t.Fatalf("%q %v", msg.Content, err)
	}
	got := srv.Script.Requests()[0]
	if got.Model != "mistral-large-latest" || got.Header.Get("Authorization") != "Bearer mistral-key" || got.System != "sys" {
		t.Errorf("request: model %q auth %q system %q", got.Model, got.Header.Get("Authorization"), got.System)
	}
	msg, _, _, err = collect(t, p, req)
	if err != nil {
		t.Fatal(err)
	}
	if len(msg.ToolCalls) != 1 || msg.ToolCalls[0].Arguments != `{"path":"go.mod"}` {
		t.Fatalf("tool call through mistral: %+v", msg.ToolCalls)
	}
}

func countText(parts []llm.Part) int {
	n := 0
	for _, p := range parts {
		if p.Kind == llm.PartText {
			n++
		}
	}
	return n
}

func TestLinkedProvidersMatchConfig(t *testing.T) {
	supported := config.LangchainProviders()
	for _, n := range langchain.Names() {
		if !slices.Contains(supported, n) {
			t.Errorf("%s is linked but config does not accept it", n)
		}
	}
	for _, n := range supported {
		if slices.Contains(langchain.Names(), n) {
			continue
		}
		// Supported but left out of this build: the error says how to
		// get it.
		_, err := langchain.Open(context.Background(), "langchain:"+n, langchain.Config{Model: "m"})
		if err == nil || !strings.Contains(err.Error(), "not built into this herm binary") || !strings.Contains(err.Error(), "-tags") {
			t.Errorf("%s: %v", n, err)
		}
	}
	if !slices.Contains(langchain.Names(), "mistral") {
		t.Error("mistral is not linked")
	}
	_, err := langchain.Open(context.Background(), "langchain:googleai", langchain.Config{})
	if err == nil || !strings.Contains(err.Error(), "not built into herm") {
		t.Errorf("googleai: %v", err)
	}
}
