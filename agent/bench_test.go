package agent_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/fakellm"
)

// roundTripsPerTurn is how many tool round trips each benchmark turn makes.
const roundTripsPerTurn = 10

// instantProvider answers from memory with no I/O at all: tool calls for
// roundTripsPerTurn model calls, then text. It isolates the agent's own
// overhead (bookkeeping, events, durable SQLite writes) from HTTP and SSE.
type instantProvider struct{ n int }

func (p *instantProvider) Name() string { return "instant" }
func (p *instantProvider) Stream(ctx context.Context, req llm.Request) llm.Stream {
	p.n++
	call := p.n%(roundTripsPerTurn+1) != 0
	return func(yield func(llm.Part, error) bool) {
		if call {
			if !yield(llm.Part{Kind: llm.PartToolCallStart, Index: 0, ToolCallID: "c", ToolName: "echo"}, nil) ||
				!yield(llm.Part{Kind: llm.PartToolCallDelta, Index: 0, Text: fmt.Sprintf(`{"text":"hi %d"}`, p.n)}, nil) ||
				!yield(llm.Part{Kind: llm.PartUsage, Usage: llm.Usage{InputTokens: 100, OutputTokens: 10}}, nil) {
				return
			}
			yield(llm.Part{Kind: llm.PartFinish, FinishReason: llm.FinishToolCalls}, nil)
			return
		}
		if !yield(llm.Part{Kind: llm.PartText, Text: "done"}, nil) {
			return
		}
		yield(llm.Part{Kind: llm.PartFinish, FinishReason: llm.FinishStop}, nil)
	}
}

// benchRoundTrips runs b.N turns of roundTripsPerTurn tool round trips each
// (model → tool call → tool run → tool result committed) and reports the
// median cost of one round trip. Each turn runs in a fresh session, created
// outside the timing, so the history does not grow with b.N.
func benchRoundTrips(b *testing.B, f *fixture) {
	ctx := context.Background()
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := f.session(b)
		b.StartTimer()
		start := time.Now()
		if done := s.Run(ctx, agent.Input{Text: "go"}, func(agent.Event) {}); done.Reason != agent.StopDone {
			b.Fatalf("%+v", done)
		}
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/roundTripsPerTurn, "median-µs/roundtrip")
}

// BenchmarkToolRoundTripInProcess: agent overhead alone, store writes included.
func BenchmarkToolRoundTripInProcess(b *testing.B) {
	f := newFixture(b)
	f.agent.Provider = &instantProvider{}
	benchRoundTrips(b, f)
}

// BenchmarkToolRoundTripFakeHTTP: the same against the zero-latency fake
// OpenAI server over loopback HTTP and SSE.
func BenchmarkToolRoundTripFakeHTTP(b *testing.B) {
	f := newFixture(b)
	n := 0
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply {
		n++
		if n%(roundTripsPerTurn+1) != 0 {
			// Distinct arguments: identical calls in a row trip the loop guard.
			return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]string{"text": fmt.Sprint("hi ", n)})}, ChunkSize: 64}
		}
		return fakellm.Reply{Text: "done", ChunkSize: 64}
	})
	benchRoundTrips(b, f)
}
