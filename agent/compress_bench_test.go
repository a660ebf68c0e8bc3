package agent_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// summaryProvider answers every request at once with a short summary.
type summaryProvider struct{}

func (summaryProvider) Name() string { return "instant" }
func (summaryProvider) Stream(context.Context, llm.Request) llm.Stream {
	return func(yield func(llm.Part, error) bool) {
		if yield(llm.Part{Kind: llm.PartText, Text: "## Goal\nbenchmark"}, nil) {
			yield(llm.Part{Kind: llm.PartFinish, FinishReason: llm.FinishStop}, nil)
		}
	}
}

// BenchmarkCompressSession compresses a stored 2,000-message session with
// Session.Compress, end to end: reading nothing from the model but a short
// summary, it measures the bookkeeping plus the store writes of the child
// session (copying the protected messages, ending the parent, the event).
func BenchmarkCompressSession(b *testing.B) {
	f := newFixture(b)
	f.agent.Provider = summaryProvider{}
	ctx := context.Background()
	var recs []*store.Message
	for i := 0; len(recs) < 2000; i++ {
		id := fmt.Sprintf("c%d", i)
		recs = append(recs,
			&store.Message{Role: "user", Content: fmt.Sprintf("request %d", i), Complete: true},
			&store.Message{Role: "assistant", Complete: true, ToolCalls: []store.ToolCall{{ID: id, Name: "read_file", Arguments: `{"path":"x.go"}`}}},
			&store.Message{Role: "tool", ToolCallID: id, ToolName: "read_file", Content: strings.Repeat("x", 3000), Complete: true},
			&store.Message{Role: "assistant", Content: fmt.Sprintf("answer %d", i), Complete: true})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := f.session(b)
		for _, r := range recs {
			r.SessionID, r.ID = s.ID(), 0
		}
		if err := f.store.AppendMessages(ctx, recs); err != nil {
			b.Fatal(err)
		}
		s, err := f.agent.OpenSession(ctx, s.ID())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := s.Compress(ctx, nil); err != nil {
			b.Fatal(err)
		}
	}
}
