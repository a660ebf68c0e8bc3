package llm

import (
	"sort"
	"strings"
)

// Accumulator assembles streamed parts into one assistant Message. Tool calls
// are keyed by their index, so interleaved deltas of parallel calls, repeated
// start parts and arguments split anywhere all assemble correctly.
type Accumulator struct {
	text      strings.Builder
	reasoning strings.Builder
	signature string
	calls     map[int]*partialCall
	Usage     Usage
	Finish    FinishReason
}

type partialCall struct {
	id, name string
	args     strings.Builder
}

// Add folds one part into the message being built.
func (a *Accumulator) Add(p Part) {
	switch p.Kind {
	case PartText:
		a.text.WriteString(p.Text)
	case PartReasoning:
		a.reasoning.WriteString(p.Text)
		if p.Signature != "" {
			a.signature = p.Signature
		}
	case PartToolCallStart, PartToolCallDelta:
		if a.calls == nil {
			a.calls = make(map[int]*partialCall)
		}
		c := a.calls[p.Index]
		if c == nil {
			c = &partialCall{}
			a.calls[p.Index] = c
		}
		if p.ToolCallID != "" {
			c.id = p.ToolCallID
		}
		if p.ToolName != "" {
			c.name = p.ToolName
		}
		c.args.WriteString(p.Text)
	case PartUsage:
		// Providers report cumulative usage; the last report wins per field.
		if p.Usage.InputTokens != 0 {
			a.Usage.InputTokens = p.Usage.InputTokens
		}
		if p.Usage.OutputTokens != 0 {
			a.Usage.OutputTokens = p.Usage.OutputTokens
		}
		if p.Usage.CacheReadTokens != 0 {
			a.Usage.CacheReadTokens = p.Usage.CacheReadTokens
		}
		if p.Usage.CacheWriteTokens != 0 {
			a.Usage.CacheWriteTokens = p.Usage.CacheWriteTokens
		}
		if p.Usage.ReasoningTokens != 0 {
			a.Usage.ReasoningTokens = p.Usage.ReasoningTokens
		}
	case PartFinish:
		a.Finish = p.FinishReason
	}
}

// Text returns the assistant text so far.
func (a *Accumulator) Text() string { return a.text.String() }

// Reasoning returns the reasoning text so far.
func (a *Accumulator) Reasoning() string { return a.reasoning.String() }

// Message returns the assembled assistant message. Tool calls come in index
// order; a call with no arguments gets "{}" so it is valid JSON to echo back.
func (a *Accumulator) Message() Message {
	m := Message{
		Role:               RoleAssistant,
		Content:            a.text.String(),
		Reasoning:          a.reasoning.String(),
		ReasoningSignature: a.signature,
	}
	if len(a.calls) == 0 {
		return m
	}
	idx := make([]int, 0, len(a.calls))
	for i := range a.calls {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		c := a.calls[i]
		args := strings.TrimSpace(c.args.String())
		if args == "" {
			args = "{}"
		}
		m.ToolCalls = append(m.ToolCalls, ToolCall{ID: c.id, Name: c.name, Arguments: args})
	}
	return m
}
