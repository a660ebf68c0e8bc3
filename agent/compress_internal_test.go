package agent

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/cputime"
)

// conversation builds turns of: user, assistant calling calls tools, one
// tool result per call (outLen bytes each), assistant answer.
func conversation(turns, calls, outLen int) []llm.Message {
	var h []llm.Message
	for i := 0; i < turns; i++ {
		h = append(h, llm.Message{Role: llm.RoleUser, Content: fmt.Sprintf("request %d", i)})
		call := llm.Message{Role: llm.RoleAssistant}
		for j := 0; j < calls; j++ {
			call.ToolCalls = append(call.ToolCalls, llm.ToolCall{ID: fmt.Sprintf("c%d_%d", i, j), Name: "read_file",
				Arguments: fmt.Sprintf(`{"path":"f%d_%d.go"}`, i, j)})
		}
		h = append(h, call)
		for j := 0; j < calls; j++ {
			h = append(h, llm.Message{Role: llm.RoleTool, ToolCallID: fmt.Sprintf("c%d_%d", i, j), ToolName: "read_file",
				Content: fmt.Sprintf("output %d %d\n", i, j) + strings.Repeat("x", outLen)})
		}
		h = append(h, llm.Message{Role: llm.RoleAssistant, Content: fmt.Sprintf("answer %d", i)})
	}
	return h
}

func plainEst(m *llm.Message) int { return estimateMessage(m) }

// valid reports whether every tool message answers a call of the
// assistant message before it.
func valid(h []llm.Message) error {
	open := map[string]bool{}
	for i, m := range h {
		switch m.Role {
		case llm.RoleAssistant:
			open = map[string]bool{}
			for _, c := range m.ToolCalls {
				open[c.ID] = true
			}
		case llm.RoleTool:
			if !open[m.ToolCallID] {
				return fmt.Errorf("message %d answers %s, which the assistant before it did not call", i, m.ToolCallID)
			}
			delete(open, m.ToolCallID)
		default:
			open = map[string]bool{}
		}
	}
	return nil
}

func TestPlanNeverSplitsCallsFromResults(t *testing.T) {
	o := CompressionOptions{}.withDefaults()
	for _, calls := range []int{1, 2, 3} {
		for _, protectLast := range []int{2, 5, 19, 20, 21} {
			for _, protectFirst := range []int{1, 2, 3, 4} {
				o.ProtectLast, o.ProtectFirst = protectLast, protectFirst
				h := conversation(40, calls, 2000)
				b := newBudgets(20_000, o, 500)
				before := b.fixed + estimateMessages(h)
				p := planCompression(h, o, b, before, plainEst)
				if p.empty() {
					t.Fatalf("calls=%d last=%d: nothing to compress", calls, protectLast)
				}
				if h[p.tailStart].Role == llm.RoleTool || (p.headEnd < len(h) && h[p.headEnd].Role == llm.RoleTool) {
					t.Errorf("calls=%d first=%d last=%d: boundary splits a call from its results (head %d, tail %d)", calls, protectFirst, protectLast, p.headEnd, p.tailStart)
				}
				for _, summary := range []string{"", "S"} {
					p.summarize = summary != ""
					if err := valid(p.apply(h, summary)); err != nil {
						t.Errorf("calls=%d first=%d last=%d summarize=%v: %v", calls, protectFirst, protectLast, p.summarize, err)
					}
				}
			}
		}
	}
}

func TestPlanPrunesOldestOutputsFirstAndKeepsTail(t *testing.T) {
	o := CompressionOptions{}.withDefaults()
	h := conversation(30, 1, 4000) // 120 messages, ~1,000 tokens per output
	b := newBudgets(40_000, o, 500)
	before := b.fixed + estimateMessages(h)
	p := planCompression(h, o, b, before, plainEst)
	if p.summarize || len(p.prune) == 0 {
		t.Fatalf("clearing outputs should suffice: %+v", p)
	}
	if p.afterPrune > b.pruneTarget {
		t.Errorf("after pruning %d > target %d", p.afterPrune, b.pruneTarget)
	}
	for k, i := range p.prune {
		if k > 0 && i <= p.prune[k-1] {
			t.Fatal("not oldest first")
		}
		if i < p.headEnd || i >= p.tailStart {
			t.Fatalf("pruned a protected message %d", i)
		}
	}
	next := p.apply(h, "")
	if len(next) != len(h) {
		t.Fatalf("pruning dropped messages: %d → %d", len(h), len(next))
	}
	if n := len(h) - p.tailStart; n != o.ProtectLast {
		t.Errorf("tail has %d messages, want %d", n, o.ProtectLast)
	}
	for i := p.tailStart; i < len(h); i++ {
		if next[i].Content != h[i].Content {
			t.Fatalf("tail message %d changed", i)
		}
	}
	if !isPruned(next[p.prune[0]].Content) || !strings.Contains(next[p.prune[0]].Content, "It began: output") {
		t.Errorf("pruned output: %q", next[p.prune[0]].Content)
	}
	// The tail shrinks to its token budget when the last messages are big.
	big := conversation(30, 1, 40_000)
	p = planCompression(big, o, newBudgets(40_000, o, 500), 0, plainEst)
	tail := estimateMessages(big[p.tailStart:])
	if n := len(big) - p.tailStart; n >= o.ProtectLast || n < 1 {
		t.Errorf("tail of %d messages (%d tokens) for a budget of %d", n, tail, newBudgets(40_000, o, 500).tail)
	}
}

func TestTranscriptAndChunks(t *testing.T) {
	h := conversation(3, 2, 5000)
	h = append(h, llm.Message{Role: llm.RoleUser, Content: summaryMessage("p1", "old summary")}, llm.Message{Role: llm.RoleUser, Content: ContinuePrompt})
	entries := transcript(h)
	if len(entries) != 3*5 {
		t.Fatalf("%d entries", len(entries))
	}
	if !strings.Contains(entries[1], "called read_file") || !strings.HasPrefix(entries[2], "RESULT of read_file") ||
		len(entries[2]) > transcriptTool+200 {
		t.Errorf("entries: %q", entries[:3])
	}
	chunks := chunkTranscript(entries, 800)
	n := 0
	for _, c := range chunks {
		n += len(c)
	}
	if n != len(entries) || len(chunks) < 3 {
		t.Errorf("%d chunks holding %d entries", len(chunks), n)
	}
	if summaryBody(summaryMessage("p1", "old summary")) != "old summary" {
		t.Error("summary body")
	}
}

func TestMechanicalSummaryListsEveryTurn(t *testing.T) {
	h := conversation(5, 1, 100)
	s := mechanicalSummary("earlier facts", h[:3], h[3:], errors.New("HTTP 500"))
	for _, want := range []string{"## Goal", "request 0", "## Completed actions", `read_file({"path":"f3_0.go"}) → output 3 0`,
		"## Files", "f4_0.go", "## Decisions", "earlier facts", "request 4", "HTTP 500"} {
		if !strings.Contains(s, want) {
			t.Errorf("mechanical summary lacks %q:\n%s", want, s)
		}
	}
	long := conversation(200, 1, 10)
	s = mechanicalSummary("", long[:3], long[3:], errors.New("x"))
	if !strings.Contains(s, "earlier tool calls are in the parent session") || !strings.Contains(s, "earlier user messages are in the parent session") {
		t.Errorf("capped lists do not say what they left out")
	}
}

func TestBackoff(t *testing.T) {
	p := RetryPolicy{}.withDefaults()
	for n, want := range map[int]time.Duration{1: 5 * time.Second, 2: 10 * time.Second, 3: 20 * time.Second, 5: 80 * time.Second, 6: 120 * time.Second, 30: 120 * time.Second} {
		if got := p.backoff(n, 0); got != want {
			t.Errorf("backoff(%d) = %v, want %v", n, got, want)
		}
		if got := p.backoff(n, 0.999); got < want || got > want*3/2 {
			t.Errorf("backoff(%d) with jitter = %v", n, got)
		}
	}
	ra := &llm.APIError{StatusCode: 429, RetryAfter: 3 * time.Second}
	if d, ok := p.wait(1, ra, 0.9); !ok || d != 3*time.Second {
		t.Errorf("Retry-After not honoured: %v %v", d, ok)
	}
	if _, ok := p.wait(1, &llm.APIError{StatusCode: 429, RetryAfter: time.Hour}, 0); ok {
		t.Error("waited out an hour-long Retry-After")
	}
	if (RetryPolicy{MaxRetries: -1}).withDefaults().MaxRetries != 0 {
		t.Error("negative MaxRetries should disable retries")
	}
}

func TestLoopGuardCanonicalArguments(t *testing.T) {
	var g loopGuard
	calls := []string{`{"a":1,"b":2}`, `{ "b": 2, "a": 1 }`, "{\"a\":1,\n\"b\":2}", `{"b":2,"a":1}`, `{"a":1,"b":2}`}
	var got []loopVerdict
	for _, a := range calls {
		v, _ := g.observe(llm.ToolCall{Name: "t", Arguments: a}, 5)
		got = append(got, v)
	}
	want := []loopVerdict{loopOK, loopOK, loopWarn, loopWarn, loopStop}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("verdicts %v, want %v", got, want)
	}
	if v, n := g.observe(llm.ToolCall{Name: "t", Arguments: `{"a":2}`}, 5); v != loopOK || n != 1 {
		t.Error("a different call did not reset the count")
	}
}

func TestCalibratedEstimates(t *testing.T) {
	h := conversation(4, 1, 400)
	fixed := 100
	raw := fixed + estimateMessages(h)
	// The provider counted twice what the estimate says.
	c := calibrate(h, len(h), llm.Usage{InputTokens: raw * 2}, fixed)
	if got := requestTokens(c, h, fixed); got != raw*2 {
		t.Errorf("calibrated prefix: %d, want %d", got, raw*2)
	}
	more := append(h, llm.Message{Role: llm.RoleTool, Content: strings.Repeat("y", 4000)})
	if got, want := requestTokens(c, more, fixed), raw*2+2*estimateMessage(&more[len(more)-1]); got != want {
		t.Errorf("new messages scaled by the ratio: %d, want %d", got, want)
	}
	// A rewritten history is not mistaken for the calibrated one.
	rewritten := append([]llm.Message(nil), h[:len(h)-1]...)
	rewritten = append(rewritten, llm.Message{Role: llm.RoleUser, Content: "different"})
	if c.valid(rewritten) {
		t.Error("calibration survived a rewrite")
	}
}

// BenchmarkCompressionBookkeeping measures what a compression of a
// 2,000-message session does besides the model call and the store writes:
// token estimates, the plan (with the tool outputs it clears), and then
// either the new history with the outputs cleared (prune) or the
// summariser's transcript, its chunks, the first summary request and the
// new history around the summary (summarize). cpu-ms/op counts the
// process's CPU time, which a busy machine does not inflate as it does
// wall time.
func BenchmarkCompressionBookkeeping(b *testing.B) {
	h := conversation(400, 3, 3000)[:2000] // turns of 6 messages
	for h[len(h)-1].Role == llm.RoleTool {
		h = h[:len(h)-1]
	}
	o := CompressionOptions{}.withDefaults()
	bud := newBudgets(200_000, o, 3000)
	c := calibrate(h, 1000, llm.Usage{InputTokens: 400_000}, 3000)
	run := func(b *testing.B, summarize bool) {
		b.ReportAllocs()
		start := cputime.Process()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			est := func(m *llm.Message) int { return scale(estimateMessage(m), c) }
			before := requestTokens(c, h, bud.fixed)
			p := planCompression(h, o, bud, before, est)
			if !summarize {
				_ = p.apply(h, "")
				continue
			}
			p.summarize = true
			chunks := chunkTranscript(transcript(h[p.headEnd:p.tailStart]), 100_000)
			_ = summaryRequest("previous", chunks[0])
			_ = p.apply(h, summaryMessage("parent", "summary"))
		}
		b.StopTimer()
		b.ReportMetric(float64((cputime.Process()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
	b.Run("prune", func(b *testing.B) { run(b, false) })
	b.Run("summarize", func(b *testing.B) { run(b, true) })
}
