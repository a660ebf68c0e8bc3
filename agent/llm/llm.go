// Package llm is herm's provider-neutral view of a chat model.
//
// A Provider turns a Request into a stream of structured Parts: text and
// reasoning deltas, tool-call starts and argument deltas (identified by their
// index, never by arrival order), usage, and the finish reason. Adapters for
// each wire protocol live in subpackages (llm/openai, llm/anthropic); the
// agent assembles parts into a Message with an Accumulator.
//
// It also owns what every adapter shares: the error classes (ErrorClass)
// and the HTTP error path that reads them from a response, and the model
// catalog (context windows, prices). It never retries or fails over (the
// agent decides that from the class) and knows nothing of sessions.
package llm

import (
	"context"
	"encoding/json"
	"iter"
)

// Role of a message in the conversation, in OpenAI's vocabulary.
type Role string

const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"
)

// Message is one conversation entry in OpenAI shape: an assistant message may
// carry tool calls, and a tool message answers exactly one of them.
type Message struct {
	Role    Role
	Content string
	// Images attached to a user message (models that accept them).
	Images []Image
	// Reasoning is the model's visible thinking, when the provider returns it.
	Reasoning string
	// ReasoningSignature is the opaque signature Anthropic attaches to
	// thinking blocks; it must be sent back unchanged with the thinking text.
	ReasoningSignature string
	ToolCalls          []ToolCall
	ToolCallID         string // role=tool: the call this answers
	ToolName           string // role=tool: the tool that produced it
}

// Image is an inline image part of a user message.
type Image struct {
	MediaType string // e.g. image/png
	Data      []byte
}

// ToolCall is a completed request from the model to run a tool.
type ToolCall struct {
	ID        string
	Name      string
	Arguments string // raw JSON object text, as the model produced it
}

// ToolSpec describes a tool offered to the model.
type ToolSpec struct {
	Name        string
	Description string
	Parameters  json.RawMessage // JSON schema of the arguments object
}

// Request is one model call.
type Request struct {
	Model    string
	System   string // the system prompt; adapters place it where their protocol wants
	Messages []Message
	Tools    []ToolSpec
	// MaxTokens caps the output; 0 lets the adapter pick its default.
	MaxTokens       int
	Temperature     *float64
	ReasoningEffort string // low|medium|high where supported; "" = provider default
}

// PartKind says which fields of a Part are meaningful.
type PartKind uint8

const (
	PartText          PartKind = iota + 1 // Text
	PartReasoning                         // Text; Signature on the final reasoning part when the provider signs it
	PartToolCallStart                     // Index, ToolCallID, ToolName
	PartToolCallDelta                     // Index, Text (a fragment of the arguments JSON)
	PartUsage                             // Usage
	PartFinish                            // FinishReason
)

// Part is one element of a streamed response.
type Part struct {
	Kind         PartKind
	Text         string
	Signature    string
	Index        int
	ToolCallID   string
	ToolName     string
	Usage        Usage
	FinishReason FinishReason
}

// Usage is what the provider reports it counted for a request.
type Usage struct {
	InputTokens      int `json:"input_tokens"`
	OutputTokens     int `json:"output_tokens"`
	CacheReadTokens  int `json:"cache_read_tokens,omitempty"`
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
	ReasoningTokens  int `json:"reasoning_tokens,omitempty"`
}

// Add accumulates u into a running total.
func (u *Usage) Add(o Usage) {
	u.InputTokens += o.InputTokens
	u.OutputTokens += o.OutputTokens
	u.CacheReadTokens += o.CacheReadTokens
	u.CacheWriteTokens += o.CacheWriteTokens
	u.ReasoningTokens += o.ReasoningTokens
}

// FinishReason is why the model stopped, normalised across protocols.
type FinishReason string

const (
	FinishStop          FinishReason = "stop"
	FinishLength        FinishReason = "length"
	FinishToolCalls     FinishReason = "tool_calls"
	FinishContentFilter FinishReason = "content_filter"
)

// Stream yields parts until the response ends. A non-nil error ends the
// stream; parts yielded before it are real and may be kept (partial text).
type Stream = iter.Seq2[Part, error]

// Provider is a chat model endpoint.
type Provider interface {
	// Name identifies the provider in logs and events ("openai", "anthropic"…).
	Name() string
	// Stream sends req and streams the answer. Errors before the first part
	// (HTTP status, transport) are yielded as the stream's only element.
	Stream(ctx context.Context, req Request) Stream
}

// ModelLister is a Provider whose endpoint lists the models it serves
// (GET /models on OpenAI-compatible servers): the models of a local server
// or a router are not in the catalog.
type ModelLister interface {
	// ListModels returns the endpoint's model IDs, sorted.
	ListModels(ctx context.Context) ([]string, error)
}
