package agent

import (
	"context"
	"net/http"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

func fromStore(m store.Message) llm.Message {
	out := llm.Message{
		Role:               llm.Role(m.Role),
		Content:            m.Content,
		Reasoning:          m.Reasoning,
		ReasoningSignature: m.ReasoningSignature,
		ToolCallID:         m.ToolCallID,
		ToolName:           m.ToolName,
	}
	for _, img := range m.Images {
		out.Images = append(out.Images, llm.Image{MediaType: img.MediaType, Data: img.Data})
	}
	// A draft that never completed carries no tool calls: they may be cut.
	if m.Complete {
		for _, c := range m.ToolCalls {
			out.ToolCalls = append(out.ToolCalls, llm.ToolCall{ID: c.ID, Name: c.Name, Arguments: c.Arguments})
		}
	}
	return out
}

// toStore converts m for the store; usage is what the provider reported for
// the call that produced it (zero for user and tool messages).
func toStore(sessionID string, m llm.Message, finish llm.FinishReason, usage llm.Usage) *store.Message {
	out := &store.Message{
		SessionID:          sessionID,
		Role:               string(m.Role),
		Content:            m.Content,
		Reasoning:          m.Reasoning,
		ReasoningSignature: m.ReasoningSignature,
		ToolCallID:         m.ToolCallID,
		ToolName:           m.ToolName,
		FinishReason:       string(finish),
		TokenCount:         usage.OutputTokens,
		Usage: store.Usage{
			InputTokens: usage.InputTokens, OutputTokens: usage.OutputTokens,
			CacheReadTokens: usage.CacheReadTokens, CacheWriteTokens: usage.CacheWriteTokens, ReasoningTokens: usage.ReasoningTokens,
		},
		Complete: true,
	}
	for _, c := range m.ToolCalls {
		out.ToolCalls = append(out.ToolCalls, store.ToolCall{ID: c.ID, Name: c.Name, Arguments: c.Arguments})
	}
	for _, img := range m.Images {
		mt := img.MediaType
		if mt == "" {
			mt = http.DetectContentType(img.Data)
		}
		out.Images = append(out.Images, store.Image{MediaType: mt, Data: img.Data})
	}
	return out
}

// repair answers tool calls left without a result (herm stopped mid-tool),
// committing the answers so the stored history is valid again.
func (s *Session) repair(ctx context.Context) error {
	answered := make(map[string]bool)
	for _, m := range s.history {
		if m.Role == llm.RoleTool {
			answered[m.ToolCallID] = true
		}
	}
	var fixes []*store.Message
	for i := len(s.history) - 1; i >= 0; i-- {
		m := s.history[i]
		if m.Role != llm.RoleAssistant {
			continue
		}
		for _, c := range m.ToolCalls {
			if !answered[c.ID] {
				fixes = append(fixes, toStore(s.id, llm.Message{
					Role: llm.RoleTool, ToolCallID: c.ID, ToolName: c.Name,
					Content: interruptedByExit,
				}, "", llm.Usage{}))
			}
		}
		break // only the last assistant message can have open calls
	}
	if len(fixes) == 0 {
		return nil
	}
	if err := s.agent.Store.AppendMessages(ctx, fixes); err != nil {
		return err
	}
	for _, f := range fixes {
		s.history = append(s.history, fromStore(*f))
	}
	return nil
}
