package openai_test

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// wireBody is the part of the sent request body the mapping tests inspect.
type wireBody struct {
	Model               string   `json:"model"`
	Stream              bool     `json:"stream"`
	MaxTokens           *int     `json:"max_tokens"`
	MaxCompletionTokens *int     `json:"max_completion_tokens"`
	Temperature         *float64 `json:"temperature"`
	ReasoningEffort     string   `json:"reasoning_effort"`
	StreamOptions       struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Messages []struct {
		Role             string          `json:"role"`
		Content          json.RawMessage `json:"content"`
		ReasoningContent string          `json:"reasoning_content"`
		ToolCallID       string          `json:"tool_call_id"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
}

func sentBody(t *testing.T, s *fakeopenai.Server, i int) wireBody {
	t.Helper()
	var b wireBody
	if err := json.Unmarshal(s.Script.Requests()[i].Body, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRequestMapping(t *testing.T) {
	s := fakeopenai.New()
	defer s.Close()
	p := openai.New(openai.Config{
		BaseURL: s.URL + "/", // a trailing slash must not matter
		APIKey:  testKey,
		Name:    "openrouter",
		Headers: map[string]string{"X-Title": "herm", "HTTP-Referer": "https://herm.dev"},
	})
	png := []byte("\x89PNG\r\n\x1a\nfake image bytes")
	zero := 0.0
	req := llm.Request{
		Model:  "some/model",
		System: "You are herm.",
		Messages: []llm.Message{
			{Role: llm.RoleUser, Content: "What is in this picture?", Images: []llm.Image{{MediaType: "image/png", Data: png}, {Data: png}}},
			{Role: llm.RoleAssistant, Reasoning: "I should check.", ToolCalls: []llm.ToolCall{
				{ID: "call_1", Name: "read_file", Arguments: `{"path":"a.txt"}`},
				{ID: "call_2", Name: "todo"},
			}},
			{Role: llm.RoleTool, ToolCallID: "call_1", ToolName: "read_file", Content: "hello"},
			{Role: llm.RoleTool, ToolCallID: "call_2", ToolName: "todo", Content: ""},
			{Role: llm.RoleAssistant, Content: ""}, // interrupted before any output: not sent
			{Role: llm.RoleUser, Content: "thanks"},
		},
		Tools: []llm.ToolSpec{
			{Name: "read_file", Description: "Read a file", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
			{Name: "todo", Description: "Track tasks"},
		},
		MaxTokens:       512,
		Temperature:     &zero,
		ReasoningEffort: "high",
	}
	if _, _, err := collect(p.Stream(t.Context(), req)); err != nil {
		t.Fatal(err)
	}

	r := s.Script.Requests()[0]
	if r.Model != "some/model" || r.System != "You are herm." || !r.Stream {
		t.Errorf("request = %+v", r)
	}
	if r.Header.Get("Authorization") != "Bearer "+testKey || r.Header.Get("X-Title") != "herm" || r.Header.Get("HTTP-Referer") != "https://herm.dev" {
		t.Errorf("headers = %v", r.Header)
	}
	if len(r.Messages) != 5 {
		t.Fatalf("messages = %+v", r.Messages)
	}
	if u := r.Messages[0]; u.Role != "user" || u.Content != "What is in this picture?" || u.Images != 2 {
		t.Errorf("user message = %+v", u)
	}
	a := r.Messages[1]
	if a.Role != "assistant" || a.Reasoning != "I should check." || len(a.ToolCalls) != 2 ||
		a.ToolCalls[0].ID != "call_1" || a.ToolCalls[0].Name != "read_file" || a.ToolCalls[0].Arguments != `{"path":"a.txt"}` ||
		a.ToolCalls[1].Arguments != "{}" {
		t.Errorf("assistant message = %+v", a)
	}
	if m := r.Messages[2]; m.Role != "tool" || m.ToolCallID != "call_1" || m.Content != "hello" {
		t.Errorf("tool message = %+v", m)
	}
	if m := r.Messages[3]; m.ToolCallID != "call_2" || m.Content == "" {
		t.Errorf("empty tool result must still have content: %+v", m)
	}
	if r.LastUser() != "thanks" {
		t.Errorf("last user = %q", r.LastUser())
	}
	if strings.Join(r.Tools, ",") != "read_file,todo" {
		t.Errorf("tools = %v", r.Tools)
	}

	b := sentBody(t, s, 0)
	if b.Messages[0].Role != "system" {
		t.Errorf("system prompt is not the first message")
	}
	if b.MaxTokens == nil || *b.MaxTokens != 512 || b.MaxCompletionTokens != nil {
		t.Errorf("max tokens: %v %v", b.MaxTokens, b.MaxCompletionTokens)
	}
	if b.Temperature == nil || *b.Temperature > 1e-30 {
		t.Errorf("temperature 0 must be sent, got %v", b.Temperature)
	}
	if b.ReasoningEffort != "high" || !b.StreamOptions.IncludeUsage || !b.Stream {
		t.Errorf("body = %+v", b)
	}
	var parts []struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		ImageURL struct {
			URL string `json:"url"`
		} `json:"image_url"`
	}
	if err := json.Unmarshal(b.Messages[1].Content, &parts); err != nil {
		t.Fatalf("user content with images should be a list of parts: %s", b.Messages[1].Content)
	}
	wantURL := "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
	if len(parts) != 3 || parts[0].Text != "What is in this picture?" || parts[1].ImageURL.URL != wantURL || parts[2].ImageURL.URL != wantURL {
		t.Errorf("parts = %+v", parts)
	}
	if len(b.Tools) != 2 || b.Tools[0].Type != "function" || b.Tools[0].Function.Description != "Read a file" ||
		!strings.Contains(string(b.Tools[0].Function.Parameters), `"required":["path"]`) {
		t.Errorf("tools = %+v", b.Tools)
	}
	if string(b.Tools[1].Function.Parameters) != `{"type":"object","properties":{}}` {
		t.Errorf("a tool without a schema needs an empty object schema, got %s", b.Tools[1].Function.Parameters)
	}
}

func TestReasoningModelsGetMaxCompletionTokens(t *testing.T) {
	s := fakeopenai.New()
	defer s.Close()
	p := openai.New(openai.Config{BaseURL: s.URL})
	temp := 0.7
	req := userReq("hi")
	req.Model, req.MaxTokens, req.Temperature = "gpt-5-mini", 300, &temp
	if _, _, err := collect(p.Stream(t.Context(), req)); err != nil {
		t.Fatal(err)
	}
	b := sentBody(t, s, 0)
	if b.MaxTokens != nil || b.MaxCompletionTokens == nil || *b.MaxCompletionTokens != 300 || b.Temperature != nil {
		t.Errorf("max_tokens %v max_completion_tokens %v temperature %v", b.MaxTokens, b.MaxCompletionTokens, b.Temperature)
	}
	if s.Script.Requests()[0].Header.Get("Authorization") != "" {
		t.Error("Authorization sent without an API key")
	}
}

func TestDefaultsLeaveOptionalFieldsOut(t *testing.T) {
	s := fakeopenai.New()
	defer s.Close()
	p := openai.New(openai.Config{BaseURL: s.URL})
	if _, _, err := collect(p.Stream(t.Context(), userReq("hi"))); err != nil {
		t.Fatal(err)
	}
	body := string(s.Script.Requests()[0].Body)
	for _, field := range []string{"max_tokens", "temperature", "reasoning_effort", "tools", "max_completion_tokens"} {
		if strings.Contains(body, `"`+field+`"`) {
			t.Errorf("%s sent though unset: %s", field, body)
		}
	}
	if p.Name() != "openai" {
		t.Errorf("default name = %q", p.Name())
	}
}

func TestMappingErrors(t *testing.T) {
	_, p := newFake(t)
	bad := []llm.Request{
		{Model: "m", Messages: []llm.Message{{Role: "narrator", Content: "x"}}},
		{Model: "m", Messages: []llm.Message{{Role: llm.RoleTool, Content: "orphan"}}},
	}
	for _, req := range bad {
		_, _, err := collect(p.Stream(t.Context(), req))
		if err == nil || !strings.HasPrefix(err.Error(), "fake: message 0: ") {
			t.Errorf("err = %v", err)
		}
	}
}
