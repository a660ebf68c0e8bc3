package anthropic

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/herm-dev/herm/agent/llm"
)

// emptySchema is the input schema of a tool that declares no parameters.
const emptySchema = `{"type":"object","properties":{}}`

// Wire shapes of a Messages API request. Each content block type has its
// own struct, so that the fields the API requires are always sent — even
// empty — and the optional ones only when set.
type (
	request struct {
		Model     string      `json:"model"`
		MaxTokens int         `json:"max_tokens"`
		System    []textBlock `json:"system,omitempty"`
		Messages  []message   `json:"messages"`
		Tools     []tool      `json:"tools,omitempty"`
		// CacheControl at the top level places one automatic cache
		// breakpoint on the last block: each agent iteration resends the
		// whole conversation, so the next request reads this prefix from
		// the cache instead of paying for it again.
		CacheControl cacheControl  `json:"cache_control"`
		OutputConfig *outputConfig `json:"output_config,omitempty"`
		Stream       bool          `json:"stream"`
	}
	message struct {
		Role    llm.Role `json:"role"`
		Content []any    `json:"content"` // the *Block types below
	}
	cacheControl struct {
		Type string `json:"type"`
	}
	outputConfig struct {
		Effort string `json:"effort"`
	}
	tool struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		InputSchema json.RawMessage `json:"input_schema"`
	}

	textBlock struct {
		Type string `json:"type"` // "text"
		Text string `json:"text"`
	}
	thinkingBlock struct {
		Type      string `json:"type"` // "thinking"
		Thinking  string `json:"thinking"`
		Signature string `json:"signature"`
	}
	imageBlock struct {
		Type   string      `json:"type"` // "image"
		Source imageSource `json:"source"`
	}
	imageSource struct {
		Type      string `json:"type"` // "base64"
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	}
	toolUseBlock struct {
		Type  string          `json:"type"` // "tool_use"
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	}
	toolResultBlock struct {
		Type      string      `json:"type"` // "tool_result"
		ToolUseID string      `json:"tool_use_id"`
		Content   []textBlock `json:"content,omitempty"`
	}
)

// encode returns the JSON body of the streaming request for req.
//
// Request.Temperature is not sent: API version 2026-10-21 (apiVersion)
// rejects temperature, top_p and top_k with a 400 even at their defaults.
func (p *Provider) encode(req llm.Request) ([]byte, error) {
	if req.Model == "" {
		return nil, fmt.Errorf("%s: no model given: set the model in the config or with --model", p.name)
	}
	r := request{
		Model:        req.Model,
		MaxTokens:    req.MaxTokens,
		CacheControl: cacheControl{Type: "ephemeral"},
		Stream:       true,
	}
	if r.MaxTokens <= 0 {
		r.MaxTokens = p.maxTokens
	}
	if strings.TrimSpace(req.System) != "" {
		r.System = append(r.System, textBlock{Type: "text", Text: req.System})
	}
	var b turns
	for _, m := range req.Messages {
		if m.Role == llm.RoleSystem {
			// OpenAI-shaped histories may carry the system prompt as a
			// message; Anthropic wants it apart.
			if strings.TrimSpace(m.Content) != "" {
				r.System = append(r.System, textBlock{Type: "text", Text: m.Content})
			}
			continue
		}
		b.add(m)
	}
	r.Messages = b.finish()
	for _, t := range req.Tools {
		spec, err := toolSpec(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.name, err)
		}
		r.Tools = append(r.Tools, spec)
	}
	switch e := strings.ToLower(req.ReasoningEffort); e {
	case "":
	case "low", "medium", "high":
		r.OutputConfig = &outputConfig{Effort: e}
	default:
		return nil, fmt.Errorf("%s: reasoning effort %q is not one of low, medium, high", p.name, req.ReasoningEffort)
	}

	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// Conversations are full of code and tool output; escaping every <, >
	// and & as \u003c… would only make the body bigger.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&r); err != nil {
		// Only a value json cannot represent gets here (invalid UTF-8 is
		// replaced, not refused), so say which request it was.
		return nil, fmt.Errorf("%s: encoding the request for model %s: %w", p.name, req.Model, err)
	}
	return buf.Bytes(), nil
}

// turns builds the Messages API's alternating user/assistant turns from
// OpenAI-shaped messages. Consecutive messages of one side merge into one
// turn — tool messages become tool_result blocks of a user turn — because
// the API wants a single user turn answering all of an assistant turn's
// tool_use blocks. Within a turn, lead blocks go first: tool_result blocks
// must precede other user content, thinking blocks other assistant content.
type turns struct {
	out        []message
	role       llm.Role // side of the open turn: RoleUser, RoleAssistant or ""
	lead, rest []any
}

func (b *turns) open(role llm.Role) {
	if b.role != role {
		b.flush()
		b.role = role
	}
}

func (b *turns) flush() {
	if len(b.lead)+len(b.rest) == 0 {
		return
	}
	b.out = append(b.out, message{Role: b.role, Content: append(b.lead, b.rest...)})
	b.lead, b.rest = nil, nil
}

func (b *turns) finish() []message {
	b.flush()
	return b.out
}

// add appends m to the open turn, or opens the next one. A message that
// maps to no blocks (an empty assistant message, whitespace-only text) adds
// nothing and so does not split the turn around it.
func (b *turns) add(m llm.Message) {
	var lead, rest []any
	role := llm.RoleUser
	switch m.Role {
	case llm.RoleTool:
		result := toolResultBlock{Type: "tool_result", ToolUseID: toolUseID(m.ToolCallID)}
		if m.Content != "" {
			result.Content = []textBlock{{Type: "text", Text: m.Content}}
		}
		lead = append(lead, result)
	case llm.RoleAssistant:
		role = llm.RoleAssistant
		// A thinking block is only valid with the signature the API gave it.
		if m.Reasoning != "" && m.ReasoningSignature != "" {
			lead = append(lead, thinkingBlock{Type: "thinking", Thinking: m.Reasoning, Signature: m.ReasoningSignature})
		}
		if strings.TrimSpace(m.Content) != "" {
			rest = append(rest, textBlock{Type: "text", Text: m.Content})
		}
		for _, c := range m.ToolCalls {
			rest = append(rest, toolUseBlock{Type: "tool_use", ID: toolUseID(c.ID), Name: c.Name, Input: toolInput(c.Arguments)})
		}
	default: // user, and any role the API has no place for
		// Images before text, as Anthropic recommends.
		for _, img := range m.Images {
			rest = append(rest, imageBlock{Type: "image", Source: imageSource{
				Type:      "base64",
				MediaType: img.MediaType,
				Data:      base64.StdEncoding.EncodeToString(img.Data),
			}})
		}
		// The API refuses empty and whitespace-only text blocks.
		if strings.TrimSpace(m.Content) != "" {
			rest = append(rest, textBlock{Type: "text", Text: m.Content})
		}
	}
	if len(lead)+len(rest) == 0 {
		return
	}
	b.open(role)
	b.lead = append(b.lead, lead...)
	b.rest = append(b.rest, rest...)
}

// toolInput returns a tool call's arguments as the tool_use input object. The
// API requires an object; arguments a model left broken (an interrupted
// stream, a model that emitted bad JSON) are sent as {} rather than failing
// the whole conversation — the tool result already told the model what
// happened.
func toolInput(args string) json.RawMessage {
	raw := bytes.TrimSpace([]byte(args))
	if len(raw) == 0 || raw[0] != '{' || !json.Valid(raw) {
		return json.RawMessage("{}")
	}
	return raw
}

// toolUseID makes a tool call id acceptable to the API (^[a-zA-Z0-9_-]+$).
// Ids minted by other providers — after a failover, or in a session resumed
// with another model — may hold other characters; mapping them the same way
// in tool_use and tool_result blocks keeps each pair matched.
func toolUseID(id string) string {
	ok := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
	}
	for i := 0; i < len(id); i++ {
		if !ok(id[i]) {
			b := []byte(id)
			for j := i; j < len(b); j++ {
				if !ok(b[j]) {
					b[j] = '_'
				}
			}
			return string(b)
		}
	}
	return id
}

// toolSpec maps a tool spec; its JSON schema is sent as given.
func toolSpec(t llm.ToolSpec) (tool, error) {
	schema := bytes.TrimSpace(t.Parameters)
	if len(schema) == 0 || bytes.Equal(schema, []byte("null")) {
		schema = []byte(emptySchema)
	}
	if schema[0] != '{' || !json.Valid(schema) {
		return tool{}, fmt.Errorf("tool %q: parameters are not a JSON schema object", t.Name)
	}
	return tool{Name: t.Name, Description: t.Description, InputSchema: json.RawMessage(schema)}, nil
}
