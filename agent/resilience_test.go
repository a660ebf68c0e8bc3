package agent_test

import (
	"context"
	"encoding/json"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
	"github.com/herm-dev/herm/internal/fakeanthropic"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/store"
)

// recorder collects a turn's events.
type recorder struct {
	mu     sync.Mutex
	events []agent.Event
}

func (r *recorder) emit(e agent.Event) {
	r.mu.Lock()
	r.events = append(r.events, e)
	r.mu.Unlock()
}

func eventsOf[T agent.Event](r *recorder) []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []T
	for _, e := range r.events {
		if v, ok := e.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// sleeper replaces the agent's clock: it records the waits asked for and
// returns at once.
type sleeper struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleeper) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.waits = append(s.waits, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeper) got() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

// resilient makes f's agent wait on a recording clock with fixed jitter.
func resilient(f *fixture) *sleeper {
	s := &sleeper{}
	f.agent.Sleep = s.sleep
	f.agent.Jitter = func() float64 { return 0.5 } // +25%
	return s
}

func storedEvents(t *testing.T, st *store.Store, id, kind string) []map[string]any {
	t.Helper()
	evs, err := st.Events(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, e := range evs {
		if e.Kind != kind {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(e.Data, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestRateLimitedTwiceThenAnswers(t *testing.T) {
	f := newFixture(t)
	clock := resilient(f)
	f.srv.Script.Push(
		fakellm.Reply{Status: 429, RetryAfter: "7"},
		fakellm.Reply{Status: 429},
		fakellm.Reply{Text: "the answer"},
	)
	s := f.session(t)
	rec := &recorder{}
	done := s.Run(context.Background(), agent.Input{Text: "q"}, rec.emit)
	if done.Reason != agent.StopDone || done.Answer != "the answer" {
		t.Fatalf("%+v", done)
	}
	// Retry-After is honoured exactly; the second wait is the backoff
	// 5·2¹ s plus the fixed 25% jitter.
	want := []time.Duration{7 * time.Second, 12500 * time.Millisecond}
	if got := clock.got(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("waits = %v, want %v", got, want)
	}
	retries := eventsOf[agent.Retrying](rec)
	if len(retries) != 2 || retries[0].Attempt != 1 || retries[1].Attempt != 2 ||
		retries[0].Class != llm.ClassRateLimit || retries[0].MaxRetries != agent.DefaultMaxRetries {
		t.Fatalf("retry events: %+v", retries)
	}
	stored := storedEvents(t, f.store, s.ID(), "retry")
	if len(stored) != 2 || stored[0]["wait_ms"] != float64(7000) || stored[1]["class"] != "rate_limit" {
		t.Errorf("stored retry events: %v", stored)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant" {
		t.Errorf("roles %q", got)
	}
	if n := len(f.srv.Script.Requests()); n != 3 {
		t.Errorf("%d requests", n)
	}
}

// fallbackFixture adds an Anthropic-protocol fallback to f.
func fallbackFixture(t *testing.T, f *fixture) *fakeanthropic.Server {
	t.Helper()
	fb := fakeanthropic.New()
	t.Cleanup(fb.Close)
	f.agent.Fallbacks = []agent.Fallback{{
		Provider: anthropic.New(anthropic.Config{BaseURL: fb.URL, APIKey: "fallback-key"}),
		Model:    "claude-fallback",
	}}
	return fb
}

func TestServerErrorsExhaustRetriesThenFallbackAnswers(t *testing.T) {
	f := newFixture(t)
	clock := resilient(f)
	fb := fallbackFixture(t, f)
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply { return fakellm.Reply{Status: 500} })
	fb.Script.Push(fakellm.Reply{Text: "from the fallback"})
	s := f.session(t)
	rec := &recorder{}
	done := s.Run(context.Background(), agent.Input{Text: "q"}, rec.emit)
	if done.Reason != agent.StopDone || done.Answer != "from the fallback" {
		t.Fatalf("%+v", done)
	}
	if n := len(f.srv.Script.Requests()); n != 1+agent.DefaultMaxRetries {
		t.Errorf("primary got %d requests, want %d", n, 1+agent.DefaultMaxRetries)
	}
	if got := clock.got(); len(got) != 3 || got[0] != 6250*time.Millisecond || got[2] != 25*time.Second {
		t.Errorf("waits %v", got)
	}
	fo := eventsOf[agent.FallbackActivated](rec)
	if len(fo) != 1 || fo[0].FromProvider != "openai" || fo[0].ToProvider != "anthropic" ||
		fo[0].ToModel != "claude-fallback" || fo[0].Class != llm.ClassServerError {
		t.Fatalf("fallback events: %+v", fo)
	}
	if reqs := fb.Script.Requests(); len(reqs) != 1 || reqs[0].Model != "claude-fallback" || reqs[0].LastUser() != "q" {
		t.Fatalf("fallback requests: %+v", reqs)
	}
	if n := len(storedEvents(t, f.store, s.ID(), "fallback")); n != 1 {
		t.Errorf("%d stored fallback events", n)
	}
	// Failover is turn-scoped: the next turn starts with the primary.
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: "primary is back"} })
	done = s.Run(context.Background(), agent.Input{Text: "again"}, nil)
	if done.Answer != "primary is back" || len(fb.Script.Requests()) != 1 {
		t.Fatalf("second turn: %+v (fallback requests %d)", done, len(fb.Script.Requests()))
	}
}

func TestFailoverAtOnceOnAuthBillingModelNotFound(t *testing.T) {
	for _, tc := range []struct {
		status int
		class  llm.ErrorClass
	}{
		{401, llm.ClassAuth},
		{402, llm.ClassBilling},
		{403, llm.ClassAuth},
		{404, llm.ClassModelNotFound},
	} {
		t.Run(string(tc.class), func(t *testing.T) {
			f := newFixture(t)
			clock := resilient(f)
			fb := fallbackFixture(t, f)
			f.srv.Script.Push(fakellm.Reply{Status: tc.status})
			fb.Script.Push(fakellm.Reply{Text: "fallback answer"})
			s := f.session(t)
			rec := &recorder{}
			done := s.Run(context.Background(), agent.Input{Text: "q"}, rec.emit)
			if done.Answer != "fallback answer" {
				t.Fatalf("%+v", done)
			}
			if n := len(f.srv.Script.Requests()); n != 1 {
				t.Errorf("primary asked %d times", n)
			}
			if len(clock.got()) != 0 || len(eventsOf[agent.Retrying](rec)) != 0 {
				t.Errorf("retried an error retrying cannot fix")
			}
			if fo := eventsOf[agent.FallbackActivated](rec); len(fo) != 1 || fo[0].Class != tc.class {
				t.Errorf("fallback events %+v", fo)
			}
		})
	}
}

func TestNoFallbackLeftReportsTheError(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	f.srv.Script.Push(fakellm.Reply{Status: 401})
	s := f.session(t)
	done := s.Run(context.Background(), agent.Input{Text: "q"}, nil)
	if done.Reason != agent.StopError || !strings.Contains(done.Err.Error(), "401") {
		t.Fatalf("%+v", done)
	}
}

func TestStreamCutMidToolCallRetriedWithoutDuplicates(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	f.echo.readOnly = false
	call := fakellm.ToolCall{ID: "call_1", Name: "echo", Arguments: `{"text": "only once, please"}`}
	f.srv.Script.Push(
		// Cut after the call's start and a few argument fragments.
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{call}, ChunkSize: 3, CutAfter: 5},
		fakellm.Reply{ToolCalls: []fakellm.ToolCall{call}},
		fakellm.Reply{Text: "done"},
	)
	s := f.session(t)
	rec := &recorder{}
	done := s.Run(context.Background(), agent.Input{Text: "do it"}, rec.emit)
	if done.Reason != agent.StopDone || done.Answer != "done" {
		t.Fatalf("%+v", done)
	}
	if n := f.echo.runs.Load(); n != 1 {
		t.Errorf("tool ran %d times", n)
	}
	if r := eventsOf[agent.Retrying](rec); len(r) != 1 || r[0].Class != llm.ClassNetwork {
		t.Errorf("retry events %+v", r)
	}
	if got := f.roles(t, s.ID()); got != "system user assistant tool assistant" {
		t.Errorf("stored roles %q", got)
	}
	reqs := f.srv.Script.Requests()
	if len(reqs) != 3 || len(reqs[1].Messages) != len(reqs[0].Messages) {
		t.Fatalf("the retried request differs from the failed one: %d vs %d messages", len(reqs[1].Messages), len(reqs[0].Messages))
	}
}

func TestStreamCutAfterLongTextLeavesNoPartialBehind(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	// Slow enough that the partial answer gets a draft row in the store
	// before the connection drops.
	partial := strings.Repeat("partial words ", 20)
	f.srv.Script.Push(
		fakellm.Reply{Text: partial, ChunkSize: 4, EventDelay: 8 * time.Millisecond, CutAfter: 12},
		fakellm.Reply{Text: "the clean answer"},
	)
	s := f.session(t)
	var deltas strings.Builder
	done := s.Run(context.Background(), agent.Input{Text: "q"}, func(e agent.Event) {
		if d, ok := e.(agent.TextDelta); ok {
			deltas.WriteString(d.Text)
		}
	})
	if done.Answer != "the clean answer" {
		t.Fatalf("%+v", done)
	}
	if !strings.HasPrefix(deltas.String(), "partial") {
		t.Fatalf("the failed attempt did not stream: %q", deltas.String())
	}
	msgs, _ := f.store.Messages(context.Background(), s.ID())
	if len(msgs) != 3 || msgs[2].Content != "the clean answer" {
		t.Fatalf("stored messages: %+v", msgs)
	}
	for _, m := range msgs {
		if strings.Contains(m.Content, "partial") {
			t.Errorf("the failed attempt's text stayed in the store: %+v", m)
		}
	}
	if h := s.History(); len(h) != 2 || h[1].Content != "the clean answer" {
		t.Errorf("history %+v", h)
	}
	if reqs := f.srv.Script.Requests(); len(reqs[1].Messages) != 1 {
		t.Errorf("the retry sent the partial answer back: %+v", reqs[1].Messages)
	}
}

// fill runs n quick turns with compression off, to build up history.
func fill(t *testing.T, f *fixture, s *agent.Session, n int, size int) {
	t.Helper()
	was := f.agent.Compression.Disabled
	f.agent.Compression.Disabled = true
	defer func() { f.agent.Compression.Disabled = was }()
	for i := 0; i < n; i++ {
		f.srv.Script.Push(fakellm.Reply{Text: "reply " + strings.Repeat("r", size)})
		if done := s.Run(context.Background(), agent.Input{Text: "request " + strings.Repeat("q", size)}, nil); done.Reason != agent.StopDone {
			t.Fatalf("fill: %+v", done)
		}
	}
}

func isSummaryRequest(r fakellm.Request) bool {
	return strings.HasPrefix(r.System, "You compress the middle of a long conversation")
}

func TestContextOverflowCompressesAndRetries(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	s := f.session(t)
	parent := s.ID()
	fill(t, f, s, 15, 50)
	f.srv.Script.Push(fakellm.Reply{Status: 400, ErrorBody: `{"error":{"message":"This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`})
	f.srv.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if isSummaryRequest(r) {
			return fakellm.Reply{Text: "## Goal\nAnswer the requests.\n## Decisions\nNone yet."}
		}
		return fakellm.Reply{Text: "final answer"}
	})
	rec := &recorder{}
	done := s.Run(context.Background(), agent.Input{Text: "last question"}, rec.emit)
	if done.Reason != agent.StopDone || done.Answer != "final answer" {
		t.Fatalf("%+v", done)
	}
	cs := eventsOf[agent.Compressed](rec)
	if len(cs) != 1 || cs[0].Reason != agent.CompressOverflow || cs[0].Mechanical || cs[0].ParentID != parent || cs[0].SessionID != s.ID() || s.ID() == parent {
		t.Fatalf("compressed events %+v (session %s)", cs, s.ID())
	}
	ctx := context.Background()
	prec, _ := f.store.Session(ctx, parent)
	crec, _ := f.store.Session(ctx, s.ID())
	if prec.EndReason != "compression" || prec.EndedAt == nil || crec.ParentID != parent {
		t.Fatalf("lineage: parent %+v child %+v", prec, crec)
	}
	reqs := f.srv.Script.Requests()
	last := reqs[len(reqs)-1]
	if last.Messages[0].Content != "request "+strings.Repeat("q", 50) || !strings.HasPrefix(last.Messages[3].Content, agent.SummaryPrefix) ||
		last.Messages[len(last.Messages)-1].Content != "last question" {
		t.Fatalf("retried request: %+v", last.Messages)
	}
	if n := len(storedEvents(t, f.store, s.ID(), "compression")); n != 1 {
		t.Errorf("%d stored compression events", n)
	}
	// The child session reloads to exactly what was sent.
	re, err := f.agent.OpenSession(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	h := re.History()
	if len(h) != len(last.Messages)+1 || h[3].Content != last.Messages[3].Content {
		t.Errorf("reopened child: %d messages, sent %d", len(h), len(last.Messages))
	}
}

func TestSummaryFailureFallsBackToMechanicalSummary(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	f.agent.ContextLength = 4000 // compress at 2,000 tokens
	s := f.session(t)
	fill(t, f, s, 12, 400) // ~2,600 tokens
	f.srv.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if isSummaryRequest(r) {
			return fakellm.Reply{Status: 400, ErrorBody: `{"error":{"message":"Invalid 'messages': unsupported shape.","type":"invalid_request_error"}}`}
		}
		return fakellm.Reply{Text: "carried on"}
	})
	rec := &recorder{}
	done := s.Run(context.Background(), agent.Input{Text: "and now?"}, rec.emit)
	if done.Reason != agent.StopDone || done.Answer != "carried on" {
		t.Fatalf("%+v", done)
	}
	cs := eventsOf[agent.Compressed](rec)
	if len(cs) != 1 || !cs[0].Mechanical || cs[0].Reason != agent.CompressThreshold {
		t.Fatalf("compressed %+v", cs)
	}
	sum := cs[0].Summary
	for _, want := range []string{"## Goal", "## Completed actions", "## Remaining work", "summary call failed", "request qqq"} {
		if !strings.Contains(sum, want) {
			t.Errorf("mechanical summary lacks %q:\n%s", want, sum)
		}
	}
	var notice bool
	for _, n := range eventsOf[agent.Notice](rec) {
		notice = notice || strings.Contains(n.Text, "summary call failed")
	}
	if !notice {
		t.Error("no notice about the failed summary")
	}
	reqs := f.srv.Script.Requests()
	last := reqs[len(reqs)-1]
	if isSummaryRequest(last) || !strings.Contains(last.Messages[3].Content, "## Completed actions") {
		t.Errorf("the conversation did not continue with the mechanical summary: %+v", last.Messages[3])
	}
}

func TestManualCompressContinuesInChildSession(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	parent := s.ID()
	if err := s.Compress(context.Background(), nil); err != agent.ErrNothingToCompress {
		t.Fatalf("compressing an empty session: %v", err)
	}
	fill(t, f, s, 14, 20)
	f.srv.Script.Push(fakellm.Reply{Text: "## Goal\nmanual summary"})
	rec := &recorder{}
	if err := s.Compress(context.Background(), rec.emit); err != nil {
		t.Fatal(err)
	}
	cs := eventsOf[agent.Compressed](rec)
	if len(cs) != 1 || cs[0].Reason != agent.CompressManual || !strings.Contains(cs[0].Summary, "manual summary") || s.ID() == parent {
		t.Fatalf("%+v", cs)
	}
	h := s.History()
	// head 3 + summary + the last 20
	if len(h) != 24 || !agent.IsSummary(h[3]) || !strings.Contains(h[3].Content, parent) {
		t.Fatalf("history after compression (%d): %+v", len(h), h[3])
	}
	f.srv.Script.Push(fakellm.Reply{Text: "next"})
	if done := s.Run(context.Background(), agent.Input{Text: "go on"}, nil); done.Answer != "next" {
		t.Fatalf("%+v", done)
	}
	msgs, _ := f.store.Messages(context.Background(), s.ID())
	if len(msgs) != 1+24+2 {
		t.Errorf("child session holds %d messages", len(msgs))
	}
}

// A front end may read the session's id while compression changes it (the
// TUI's status line during /compress); -race holds ID to its lock, and the
// tools follow the session to its child.
func TestSessionIDReadDuringCompression(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	parent := s.ID()
	fill(t, f, s, 14, 20)
	f.srv.Script.Push(fakellm.Reply{Text: "## Goal\nsummary"})
	compressed := make(chan error, 1)
	go func() { compressed <- s.Compress(context.Background(), nil) }()
	seen := map[string]bool{}
	for {
		seen[s.ID()] = true
		select {
		case err := <-compressed:
			if err != nil {
				t.Fatal(err)
			}
			if child := s.ID(); child == parent || s.Env.SessionID() != child {
				t.Errorf("after compression: session %s, tools' session %s (parent %s)", child, s.Env.SessionID(), parent)
			}
			if !seen[parent] {
				t.Errorf("ids seen %v", seen)
			}
			return
		default:
			runtime.Gosched()
		}
	}
}

func TestIneffectiveCompressionStopsAfterTwo(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	f.agent.ContextLength = 2000 // compress at 1,000 tokens
	f.agent.Compression.ProtectLast = 4
	s := f.session(t)
	// The first request alone is over the threshold and protected.
	f.srv.Script.Push(fakellm.Reply{Text: "ok"})
	was := f.agent.Compression
	f.agent.Compression.Disabled = true
	s.Run(context.Background(), agent.Input{Text: strings.Repeat("huge first request ", 300)}, nil)
	f.agent.Compression = was
	f.srv.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if isSummaryRequest(r) {
			return fakellm.Reply{Text: "## Goal\nsmall"}
		}
		return fakellm.Reply{Text: "answer"}
	})
	rec := &recorder{}
	for i := 0; i < 6; i++ {
		if done := s.Run(context.Background(), agent.Input{Text: "more " + strings.Repeat("x", 200)}, rec.emit); done.Reason != agent.StopDone {
			t.Fatalf("turn %d: %+v", i, done)
		}
	}
	cs := eventsOf[agent.Compressed](rec)
	if len(cs) != 2 || cs[0].Effective || cs[1].Effective {
		t.Fatalf("compressions: %+v", cs)
	}
	var stopped int
	for _, n := range eventsOf[agent.Notice](rec) {
		if strings.Contains(n.Text, "stopped compressing") {
			stopped++
		}
	}
	if stopped != 1 {
		t.Errorf("%d notices about stopping", stopped)
	}
}

func TestLoopGuardWarnsThenStops(t *testing.T) {
	f := newFixture(t)
	f.echo.readOnly = false
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply {
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{{Name: "echo", Arguments: `{"text":"same"}`}}}
	})
	s := f.session(t)
	rec := &recorder{}
	done := s.Run(context.Background(), agent.Input{Text: "loop"}, rec.emit)
	if done.Reason != agent.StopLoop || done.Err == nil || !strings.Contains(done.Err.Error(), "echo") {
		t.Fatalf("%+v", done)
	}
	if n := f.echo.runs.Load(); n != agent.DefaultLoopLimit-1 {
		t.Errorf("tool ran %d times", n)
	}
	if w := eventsOf[agent.LoopWarning](rec); len(w) != 3 || w[0].Count != 3 || w[2].Count != 5 {
		t.Errorf("loop warnings %+v", w)
	}
	reqs := f.srv.Script.Requests()
	last := reqs[len(reqs)-1].Messages
	if !strings.Contains(last[len(last)-1].Content, "4 times in a row") {
		t.Errorf("the model was not warned: %q", last[len(last)-1].Content)
	}
	// Every call is answered, the stopped one too.
	if got := f.roles(t, s.ID()); got != "system user"+strings.Repeat(" assistant tool", 5) {
		t.Errorf("roles %q", got)
	}
	// Different arguments are not a loop.
	n := 0
	f.srv.Script.Respond(func(fakellm.Request) fakellm.Reply {
		n++
		if n > 8 {
			return fakellm.Reply{Text: "finished"}
		}
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("echo", map[string]int{"n": n})}}
	})
	if done := s.Run(context.Background(), agent.Input{Text: "count"}, nil); done.Reason != agent.StopDone {
		t.Errorf("%+v", done)
	}
}

func TestRetryWaitIsInterruptible(t *testing.T) {
	f := newFixture(t)
	f.srv.Script.Push(fakellm.Reply{Status: 503})
	ctx, cancel := context.WithCancel(context.Background())
	f.agent.Sleep = func(ctx context.Context, d time.Duration) error {
		cancel() // Esc while waiting
		return agent.SleepContext(ctx, d)
	}
	s := f.session(t)
	done := s.Run(ctx, agent.Input{Text: "q"}, nil)
	if done.Reason != agent.StopInterrupted {
		t.Fatalf("%+v", done)
	}
}

// TestAnthropicPromptTooLongCompresses: Anthropic words a context overflow
// differently from OpenAI; it compresses all the same.
func TestAnthropicPromptTooLongCompresses(t *testing.T) {
	f := newFixture(t)
	resilient(f)
	fa := fakeanthropic.New()
	t.Cleanup(fa.Close)
	f.agent.Provider = anthropic.New(anthropic.Config{BaseURL: fa.URL, APIKey: "k"})
	s := f.session(t)
	for i := 0; i < 12; i++ {
		fa.Script.Push(fakellm.Reply{Text: "ok"})
		s.Run(context.Background(), agent.Input{Text: "question " + strings.Repeat("z", 40)}, nil)
	}
	fa.Script.Push(fakellm.Reply{Status: 400, ErrorBody: `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210415 tokens > 200000 maximum"}}`})
	fa.Script.Respond(func(r fakellm.Request) fakellm.Reply {
		if isSummaryRequest(r) {
			return fakellm.Reply{Text: "## Goal\nq"}
		}
		return fakellm.Reply{Text: "fits now"}
	})
	rec := &recorder{}
	if done := s.Run(context.Background(), agent.Input{Text: "one more"}, rec.emit); done.Answer != "fits now" {
		t.Fatalf("%+v", done)
	}
	if cs := eventsOf[agent.Compressed](rec); len(cs) != 1 || cs[0].Reason != agent.CompressOverflow {
		t.Fatalf("%+v", cs)
	}
}
