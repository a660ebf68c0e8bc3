package anthropic

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/herm-dev/herm/agent/llm"
)

// emptySchema is the input schema of a tool that declares no parameters.
const emptySchema = `{"type":"object","properties":{}}`

// params maps an llm.Request to the SDK's request parameters.
//
// Request.Temperature is not sent: API version 2026-10-21, which this SDK
// speaks, rejects temperature, top_p and top_k with a 400 even at their
// defaults.
func (p *Provider) params(req llm.Request) (anthropic.MessageNewParams, error) {
	if req.Model == "" {
		return anthropic.MessageNewParams{}, fmt.Errorf("%s: no model given: set the model in the config or with --model", p.name)
	}
	maxTokens := req.MaxTokens
	if maxTokens <= 0 {
		maxTokens = p.maxTokens
	}
	params := anthropic.MessageNewParams{
		Model:     anthropic.Model(req.Model),
		MaxTokens: int64(maxTokens),
		// One automatic cache breakpoint on the last block: each agent
		// iteration resends the whole conversation, so the next request
		// reads this prefix from the cache instead of paying for it again.
		CacheControl: anthropic.NewCacheControlEphemeralParam(),
	}
	if s := strings.TrimSpace(req.System); s != "" {
		params.System = append(params.System, anthropic.TextBlockParam{Text: req.System})
	}
	var b turns
	for _, m := range req.Messages {
		if m.Role == llm.RoleSystem {
			// OpenAI-shaped histories may carry the system prompt as a
			// message; Anthropic wants it apart.
			if strings.TrimSpace(m.Content) != "" {
				params.System = append(params.System, anthropic.TextBlockParam{Text: m.Content})
			}
			continue
		}
		b.add(m)
	}
	params.Messages = b.finish()
	for _, t := range req.Tools {
		tool, err := toolParam(t)
		if err != nil {
			return anthropic.MessageNewParams{}, fmt.Errorf("%s: %w", p.name, err)
		}
		params.Tools = append(params.Tools, tool)
	}
	switch e := strings.ToLower(req.ReasoningEffort); e {
	case "":
	case "low", "medium", "high":
		params.OutputConfig.Effort = anthropic.OutputConfigEffort(e)
	default:
		return anthropic.MessageNewParams{}, fmt.Errorf("%s: reasoning effort %q is not one of low, medium, high", p.name, req.ReasoningEffort)
	}
	return params, nil
}

// turns builds the Messages API's alternating user/assistant turns from
// OpenAI-shaped messages. Consecutive messages of one side merge into one
// turn — tool messages become tool_result blocks of a user turn — because
// the API wants a single user turn answering all of an assistant turn's
// tool_use blocks. Within a turn, lead blocks go first: tool_result blocks
// must precede other user content, thinking blocks other assistant content.
type turns struct {
	out        []anthropic.MessageParam
	role       llm.Role // side of the open turn: RoleUser, RoleAssistant or ""
	lead, rest []anthropic.ContentBlockParamUnion
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
	blocks := append(b.lead, b.rest...)
	switch b.role {
	case llm.RoleUser:
		b.out = append(b.out, anthropic.NewUserMessage(blocks...))
	case llm.RoleAssistant:
		b.out = append(b.out, anthropic.NewAssistantMessage(blocks...))
	}
	b.lead, b.rest = nil, nil
}

func (b *turns) finish() []anthropic.MessageParam {
	b.flush()
	return b.out
}

// add appends m to the open turn, or opens the next one. A message that
// maps to no blocks (an empty assistant message, whitespace-only text) adds
// nothing and so does not split the turn around it.
func (b *turns) add(m llm.Message) {
	var lead, rest []anthropic.ContentBlockParamUnion
	role := llm.RoleUser
	switch m.Role {
	case llm.RoleTool:
		result := anthropic.ToolResultBlockParam{ToolUseID: toolUseID(m.ToolCallID)}
		if m.Content != "" {
			result.Content = []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: m.Content}}}
		}
		lead = append(lead, anthropic.ContentBlockParamUnion{OfToolResult: &result})
	case llm.RoleAssistant:
		role = llm.RoleAssistant
		// A thinking block is only valid with the signature the API gave it.
		if m.Reasoning != "" && m.ReasoningSignature != "" {
			lead = append(lead, anthropic.NewThinkingBlock(m.ReasoningSignature, m.Reasoning))
		}
		if strings.TrimSpace(m.Content) != "" {
			rest = append(rest, anthropic.NewTextBlock(m.Content))
		}
		for _, c := range m.ToolCalls {
			rest = append(rest, anthropic.NewToolUseBlock(toolUseID(c.ID), toolInput(c.Arguments), c.Name))
		}
	default: // user, and any role the API has no place for
		// Images before text, as Anthropic recommends.
		for _, img := range m.Images {
			rest = append(rest, anthropic.NewImageBlockBase64(img.MediaType, base64.StdEncoding.EncodeToString(img.Data)))
		}
		// The API refuses empty and whitespace-only text blocks.
		if strings.TrimSpace(m.Content) != "" {
			rest = append(rest, anthropic.NewTextBlock(m.Content))
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

// toolParam maps a tool spec; its JSON schema is sent as given.
func toolParam(t llm.ToolSpec) (anthropic.ToolUnionParam, error) {
	schema := bytes.TrimSpace(t.Parameters)
	if len(schema) == 0 || bytes.Equal(schema, []byte("null")) {
		schema = []byte(emptySchema)
	}
	if schema[0] != '{' || !json.Valid(schema) {
		return anthropic.ToolUnionParam{}, fmt.Errorf("tool %q: parameters are not a JSON schema object", t.Name)
	}
	tool := anthropic.ToolParam{
		Name:        t.Name,
		InputSchema: param.Override[anthropic.ToolInputSchemaParam](json.RawMessage(schema)),
	}
	if t.Description != "" {
		tool.Description = param.NewOpt(t.Description)
	}
	return anthropic.ToolUnionParam{OfTool: &tool}, nil
}
