package llm

import "testing"

func TestAccumulatorAssemblesByIndex(t *testing.T) {
	var a Accumulator
	parts := []Part{
		{Kind: PartReasoning, Text: "think"},
		{Kind: PartText, Text: "Hel"},
		{Kind: PartToolCallStart, Index: 1, ToolCallID: "b", ToolName: "read_file"},
		{Kind: PartToolCallStart, Index: 0, ToolCallID: "a", ToolName: "terminal"},
		{Kind: PartToolCallDelta, Index: 0, Text: `{"comm`},
		{Kind: PartToolCallDelta, Index: 1, Text: `{"path":`},
		{Kind: PartToolCallStart, Index: 0, ToolName: "terminal"}, // a repeated start adds nothing
		{Kind: PartToolCallDelta, Index: 0, Text: `and":"ls"}`},
		{Kind: PartToolCallDelta, Index: 1, Text: `"x"}`},
		{Kind: PartText, Text: "lo"},
		{Kind: PartToolCallStart, Index: 2, ToolCallID: "c", ToolName: "todo"},
		{Kind: PartUsage, Usage: Usage{InputTokens: 10}},
		{Kind: PartUsage, Usage: Usage{OutputTokens: 5}},
		{Kind: PartFinish, FinishReason: FinishToolCalls},
	}
	for _, p := range parts {
		a.Add(p)
	}
	m := a.Message()
	if m.Content != "Hello" || m.Reasoning != "think" || m.Role != RoleAssistant {
		t.Fatalf("%+v", m)
	}
	want := []ToolCall{
		{ID: "a", Name: "terminal", Arguments: `{"command":"ls"}`},
		{ID: "b", Name: "read_file", Arguments: `{"path":"x"}`},
		{ID: "c", Name: "todo", Arguments: `{}`},
	}
	if len(m.ToolCalls) != len(want) {
		t.Fatalf("calls %+v", m.ToolCalls)
	}
	for i := range want {
		if m.ToolCalls[i] != want[i] {
			t.Errorf("call %d = %+v, want %+v", i, m.ToolCalls[i], want[i])
		}
	}
	if a.Usage != (Usage{InputTokens: 10, OutputTokens: 5}) || a.Finish != FinishToolCalls {
		t.Errorf("usage %+v finish %q", a.Usage, a.Finish)
	}
}
