package fakeanthropic

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/herm-dev/herm/internal/fakellm"
)

// wireRequest is the subset of a Messages API request body the fake reads.
type wireRequest struct {
	Model       string          `json:"model"`
	MaxTokens   int             `json:"max_tokens"`
	System      json.RawMessage `json:"system"`
	Messages    []wireMessage   `json:"messages"`
	Tools       []wireTool      `json:"tools"`
	Stream      bool            `json:"stream"`
	Temperature *float64        `json:"temperature"`
	TopP        *float64        `json:"top_p"`
	TopK        *int            `json:"top_k"`

	system string // System decoded from a string or text blocks
}

type wireMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`

	blocks []wireBlock // Content decoded; a string becomes one text block
}

type wireBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	Signature string          `json:"signature"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	Source    *struct {
		Type      string `json:"type"`
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source"`
}

type wireTool struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// parseRequest decodes a request body, accepting every shape the API does:
// system and message content as a string or as an array of blocks.
func parseRequest(body []byte) (*wireRequest, error) {
	var r wireRequest
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, fmt.Errorf("There was an error parsing the body of your request: %v", err)
	}
	sys, err := textOf(r.System)
	if err != nil {
		return nil, fmt.Errorf("system: %w", err)
	}
	r.system = sys
	for i := range r.Messages {
		m := &r.Messages[i]
		blocks, err := blocksOf(m.Content)
		if err != nil {
			return nil, fmt.Errorf("messages.%d.content: %w", i, err)
		}
		m.blocks = blocks
	}
	return &r, nil
}

// blocksOf decodes message content: a string or an array of blocks.
func blocksOf(raw json.RawMessage) ([]wireBlock, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, errors.New("Field required")
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		if s == "" {
			return nil, nil
		}
		return []wireBlock{{Type: "text", Text: s}}, nil
	}
	var blocks []wireBlock
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return nil, errors.New("Input should be a valid string or a list of content blocks")
	}
	return blocks, nil
}

// textOf joins the text of a string or of an array of text blocks
// (system prompts, tool_result content).
func textOf(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", nil
	}
	blocks, err := blocksOf(raw)
	if err != nil {
		return "", err
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n"), nil
}

// sign is the fake's thinking-block signature: opaque to clients, and
// checkable when the block comes back, as the real API checks its own.
func sign(thinking string) string {
	sum := sha256.Sum256([]byte("fakeanthropic/thinking\x00" + thinking))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// validate applies the structural rules the real API enforces, with error
// messages in its style.
func (r *wireRequest) validate(version string) error {
	switch {
	case r.Model == "":
		return errors.New("model: Field required")
	case r.MaxTokens <= 0:
		return errors.New("max_tokens: Field required and must be at least 1")
	case len(r.Messages) == 0:
		return errors.New("messages: at least one message is required")
	}
	// API version 2026-10-21 removed the sampling parameters.
	if version >= "2026-10-21" {
		switch {
		case r.Temperature != nil:
			return errors.New("temperature: Extra inputs are not permitted")
		case r.TopP != nil:
			return errors.New("top_p: Extra inputs are not permitted")
		case r.TopK != nil:
			return errors.New("top_k: Extra inputs are not permitted")
		}
	}
	for i, t := range r.Tools {
		if t.Type != "" && t.Type != "custom" {
			continue // a server tool; nothing to check here
		}
		if !validName(t.Name, 128) {
			return fmt.Errorf("tools.%d.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'", i)
		}
		var schema struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(t.InputSchema, &schema) != nil || schema.Type != "object" {
			return fmt.Errorf("tools.%d.custom.input_schema.type: Input should be 'object'", i)
		}
	}
	for i, m := range r.Messages {
		if err := m.validate(i, i == len(r.Messages)-1); err != nil {
			return err
		}
	}
	return r.validateToolPairs()
}

func (m *wireMessage) validate(i int, last bool) error {
	switch m.Role {
	case "user", "assistant", "system":
	default:
		return fmt.Errorf("messages.%d.role: Input should be 'user', 'assistant' or 'system'", i)
	}
	if len(m.blocks) == 0 && !(last && m.Role == "assistant") {
		return fmt.Errorf("messages.%d: all messages must have non-empty content except for the optional final assistant message", i)
	}
	seenOther := false
	for j, b := range m.blocks {
		at := fmt.Sprintf("messages.%d.content.%d", i, j)
		switch b.Type {
		case "text":
			if b.Text == "" {
				return fmt.Errorf("%s: text content blocks must be non-empty", at)
			}
		case "image":
			if m.Role != "user" {
				return fmt.Errorf("%s: image blocks are only allowed in user messages", at)
			}
			if b.Source == nil || b.Source.Type != "base64" && b.Source.Type != "url" {
				return fmt.Errorf("%s.source: Field required", at)
			}
			if b.Source.Type == "base64" {
				if _, err := base64.StdEncoding.DecodeString(b.Source.Data); err != nil {
					return fmt.Errorf("%s.source.data: Input should be valid base64", at)
				}
				switch b.Source.MediaType {
				case "image/jpeg", "image/png", "image/gif", "image/webp":
				default:
					return fmt.Errorf("%s.source.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'", at)
				}
			}
		case "thinking":
			if m.Role != "assistant" {
				return fmt.Errorf("%s: thinking blocks are only allowed in assistant messages", at)
			}
			if b.Signature != sign(b.Thinking) {
				return fmt.Errorf("%s: Invalid `signature` in `thinking` block", at)
			}
		case "redacted_thinking":
		case "tool_use":
			if m.Role != "assistant" {
				return fmt.Errorf("%s: tool_use blocks are only allowed in assistant messages", at)
			}
			if !validName(b.ID, 0) {
				return fmt.Errorf("%s.id: String should match pattern '^[a-zA-Z0-9_-]+$'", at)
			}
			if in := bytes.TrimSpace(b.Input); len(in) == 0 || in[0] != '{' {
				return fmt.Errorf("%s.input: Input should be a valid dictionary", at)
			}
		case "tool_result":
			if m.Role != "user" {
				return fmt.Errorf("%s: tool_result blocks are only allowed in user messages", at)
			}
			if seenOther {
				return fmt.Errorf("%s: tool_result blocks must come before any other content in the user message", at)
			}
			if _, err := textOf(b.Content); err != nil {
				return fmt.Errorf("%s.content: %w", at, err)
			}
			continue
		default:
			return fmt.Errorf("%s.type: unknown content block type %q", at, b.Type)
		}
		seenOther = true
	}
	return nil
}

// validateToolPairs checks that every tool_use is answered by a tool_result
// in the next turn and every tool_result answers a tool_use in the turn
// before. Like the API, it treats consecutive same-role messages as one turn.
func (r *wireRequest) validateToolPairs() error {
	type turn struct {
		role    string
		first   int // index of the turn's first message
		uses    []string
		results []string
	}
	var turns []turn
	for i, m := range r.Messages {
		if m.Role == "system" {
			continue
		}
		if len(turns) == 0 || turns[len(turns)-1].role != m.Role {
			turns = append(turns, turn{role: m.Role, first: i})
		}
		t := &turns[len(turns)-1]
		for _, b := range m.blocks {
			switch b.Type {
			case "tool_use":
				t.uses = append(t.uses, b.ID)
			case "tool_result":
				t.results = append(t.results, b.ToolUseID)
			}
		}
	}
	for k, t := range turns {
		if len(t.uses) > 0 {
			var answered []string
			if k+1 < len(turns) {
				answered = turns[k+1].results
			}
			var missing []string
			for _, id := range t.uses {
				if !contains(answered, id) {
					missing = append(missing, id)
				}
			}
			if len(missing) > 0 {
				return fmt.Errorf("messages.%d: `tool_use` ids were found without `tool_result` blocks immediately after: %s. Each `tool_use` block must have a corresponding `tool_result` block in the next message.", t.first, strings.Join(missing, ", "))
			}
		}
		for _, id := range t.results {
			if k == 0 || !contains(turns[k-1].uses, id) {
				return fmt.Errorf("messages.%d: unexpected `tool_use_id` found in `tool_result` blocks: %s. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.", t.first, id)
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// validName reports whether s matches ^[a-zA-Z0-9_-]+$ and, when max > 0,
// is at most max bytes long.
func validName(s string, max int) bool {
	if s == "" || max > 0 && len(s) > max {
		return false
	}
	for _, c := range []byte(s) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
		if !ok {
			return false
		}
	}
	return true
}

// neutral converts the request to fakellm's protocol-neutral form. A user
// message's tool_result blocks become tool messages (in order, before the
// rest of that message), the way an OpenAI-shaped client holds them.
func (r *wireRequest) neutral() fakellm.Request {
	req := fakellm.Request{Model: r.Model, System: r.system, Stream: r.Stream}
	for _, t := range r.Tools {
		req.Tools = append(req.Tools, t.Name)
	}
	for _, m := range r.Messages {
		out := fakellm.Message{Role: m.Role}
		var text, thinking []string
		for _, b := range m.blocks {
			switch b.Type {
			case "text":
				text = append(text, b.Text)
			case "image":
				out.Images++
			case "thinking":
				thinking = append(thinking, b.Thinking)
			case "tool_use":
				out.ToolCalls = append(out.ToolCalls, fakellm.ToolCall{ID: b.ID, Name: b.Name, Arguments: compact(b.Input)})
			case "tool_result":
				content, _ := textOf(b.Content)
				req.Messages = append(req.Messages, fakellm.Message{Role: "tool", ToolCallID: b.ToolUseID, Content: content})
			}
		}
		out.Content = strings.Join(text, "\n")
		out.Reasoning = strings.Join(thinking, "\n")
		if m.Role == "user" && out.Content == "" && out.Images == 0 && len(m.blocks) > 0 {
			continue // only tool results
		}
		req.Messages = append(req.Messages, out)
	}
	return req
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// inputTokens is a rough prompt size for the default usage report.
func inputTokens(req fakellm.Request) int {
	n := len(req.System)
	for _, m := range req.Messages {
		n += len(m.Content) + len(m.Reasoning)
		for _, c := range m.ToolCalls {
			n += len(c.Name) + len(c.Arguments)
		}
	}
	return max(1, (n+3)/4) // fakellm.Approx's 4 bytes a token
}
