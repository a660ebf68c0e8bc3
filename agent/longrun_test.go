package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// The scripted model of the long conversation: every user message "step N"
// gets a call to the fetch tool, whose result is large, and every tool
// result a short answer. Turn 1's answer states a fact the last question asks about; the
// summariser keeps facts of that form, as a real summary keeps decisions.
const (
	longTurns  = 300
	longWindow = 12_000
	theFact    = "the deployment codename is BLUEFALCON-7"
)

var (
	stepRE  = regexp.MustCompile(`^step (\d+):`)
	factRE  = regexp.MustCompile(`the deployment codename is [A-Z0-9-]+`)
	finalQ  = "What was the deployment codename we settled on at the start?"
	payload = strings.Repeat("lorem ipsum dolor sit amet ", 45) // ~1,200 bytes
)

// longModel answers the fake's requests for the long conversation.
func longModel(summaries *[]fakellm.Request) func(fakellm.Request) fakellm.Reply {
	return func(r fakellm.Request) fakellm.Reply {
		if isSummaryRequest(r) {
			*summaries = append(*summaries, r)
			in := r.Messages[len(r.Messages)-1].Content
			facts := map[string]bool{}
			for _, f := range factRE.FindAllString(in, -1) {
				facts[f] = true
			}
			var b strings.Builder
			b.WriteString("## Goal\nWork through the numbered steps the user gives.\n## Completed actions\nEchoed each step's payload.\n## Decisions\n")
			for f := range facts {
				fmt.Fprintf(&b, "- Agreed: %s.\n", f)
			}
			b.WriteString("## Remaining work\nContinue with the next step.")
			return fakellm.Reply{Text: b.String(), ChunkSize: 1 << 12}
		}
		last := r.Messages[len(r.Messages)-1]
		switch {
		case last.Role == "tool":
			n := 0
			for i := len(r.Messages) - 1; i >= 0; i-- {
				if m := stepRE.FindStringSubmatch(r.Messages[i].Content); r.Messages[i].Role == "user" && m != nil {
					n, _ = strconv.Atoi(m[1])
					break
				}
			}
			if n == 1 {
				return fakellm.Reply{Text: "Step 1 done. Noted: " + theFact + ".", ChunkSize: 1 << 12}
			}
			return fakellm.Reply{Text: fmt.Sprintf("Step %d done.", n), ChunkSize: 1 << 12}
		case last.Content == finalQ:
			for _, m := range r.Messages {
				if f := factRE.FindString(m.Content); f != "" {
					return fakellm.Reply{Text: "We settled on this: " + f + "."}
				}
			}
			return fakellm.Reply{Text: "I no longer know."}
		}
		m := stepRE.FindStringSubmatch(last.Content)
		if m == nil {
			return fakellm.Reply{Text: "?"}
		}
		return fakellm.Reply{ToolCalls: []fakellm.ToolCall{fakellm.Call("fetch", map[string]string{"step": m[1]})}, ChunkSize: 1 << 12}
	}
}

// fetchTool returns a large, step-specific output, as a file read or a
// command's log does.
type fetchTool struct{}

func (fetchTool) Spec() tools.Spec {
	return tools.Spec{Name: "fetch", Description: "fetch a step's data",
		Parameters: json.RawMessage(`{"type":"object","properties":{"step":{"type":"string"}}}`)}
}
func (fetchTool) Toolset() string { return "test" }
func (fetchTool) ReadOnly() bool  { return true }
func (fetchTool) Run(_ context.Context, c *tools.Call) tools.Result {
	var args struct{ Step string }
	json.Unmarshal(c.Args, &args)
	return tools.Result{Output: "data for step " + args.Step + ": " + payload}
}

// requestTokens counts a request the way the fake reports usage (four
// bytes a token), tool schemas included.
func requestTokens(r fakellm.Request, tools int) int {
	n := fakellm.Approx(r.System) + tools
	for _, m := range r.Messages {
		n += fakellm.Approx(m.Content) + fakellm.Approx(m.Reasoning) + 4
		for _, c := range m.ToolCalls {
			n += fakellm.Approx(c.Arguments) + fakellm.Approx(c.Name)
		}
	}
	return n
}

func TestThreeHundredTurnConversation(t *testing.T) {
	if testing.Short() {
		t.Skip("long conversation")
	}
	f := newFixture(t)
	f.agent.Tools = tools.NewRegistry(fetchTool{})
	f.agent.ContextLength = longWindow
	var summaries []fakellm.Request
	f.srv.Script.Respond(longModel(&summaries))
	s := f.session(t)
	first := s.ID()
	ctx := context.Background()
	rec := &recorder{}
	// Everything committed, across the child sessions, in order.
	var all []store.Message
	emit := func(e agent.Event) {
		switch e := e.(type) {
		case agent.MessageSaved:
			all = append(all, e.Message)
		case agent.Compressed:
			rec.emit(e)
		}
	}
	firstRequest := "step 1: remember what we decide, then echo the payload"
	for i := 1; i <= longTurns; i++ {
		text := fmt.Sprintf("step %d: echo the payload", i)
		if i == 1 {
			text = firstRequest
		}
		if done := s.Run(ctx, agent.Input{Text: text}, emit); done.Reason != agent.StopDone {
			t.Fatalf("turn %d: %+v", i, done)
		}
	}
	done := s.Run(ctx, agent.Input{Text: finalQ}, emit)
	if done.Reason != agent.StopDone || !strings.Contains(done.Answer, "BLUEFALCON-7") {
		t.Fatalf("final answer %+v", done)
	}

	cs := eventsOf[agent.Compressed](rec)
	summarized, pruned := 0, 0
	for _, c := range cs {
		if c.Summary != "" {
			summarized++
		} else if c.PrunedOutputs > 0 {
			pruned++
		}
		if !c.Effective {
			t.Errorf("ineffective compression: %+v", c)
		}
	}
	if summarized < 2 || pruned < 2 {
		t.Fatalf("%d compressions: %d summarised, %d clearing old tool outputs only", len(cs), summarized, pruned)
	}
	t.Logf("%d compressions (%d summarised, %d clearing tool outputs), %d summary calls", len(cs), summarized, pruned, len(summaries))
	iterative := false
	for _, r := range summaries[1:] {
		iterative = iterative || strings.Contains(r.Messages[0].Content, "Previous summary")
	}
	if !iterative {
		t.Error("no summary call updated the previous summary")
	}

	// No request ever exceeded the window, by the fake's own count.
	tools := 0
	for _, sp := range f.agent.Tools.Specs() {
		tools += fakellm.Approx(sp.Name+sp.Description+string(sp.Parameters)) + 4
	}
	reqs := f.srv.Script.Requests()
	peak := 0
	for i, r := range reqs {
		n := requestTokens(r, tools)
		peak = max(peak, n)
		if n > longWindow {
			t.Fatalf("request %d carried ~%d tokens, over the %d-token window", i, n, longWindow)
		}
	}
	t.Logf("%d requests, peak ~%d tokens of %d", len(reqs), peak, longWindow)

	// The final request keeps the first request and the last 20 messages
	// verbatim, and has the fact only through the summary.
	last := reqs[len(reqs)-1].Messages
	if last[0].Content != firstRequest {
		t.Errorf("first request not kept: %q", last[0].Content)
	}
	tail := all[len(all)-21 : len(all)-1] // the final answer was not sent
	sent := last[len(last)-20:]
	for i := range tail {
		if sent[i].Role != tail[i].Role || sent[i].Content != tail[i].Content {
			t.Fatalf("message %d of the last 20 differs:\n sent %q\n want %q", i, sent[i].Content, tail[i].Content)
		}
	}
	carriers := 0
	for _, m := range last {
		if strings.Contains(m.Content, "BLUEFALCON-7") {
			carriers++
			if !strings.HasPrefix(m.Content, agent.SummaryPrefix) {
				t.Errorf("the fact reached the last request outside the summary: %q", m.Content)
			}
		}
	}
	if carriers != 1 {
		t.Errorf("%d messages carry the fact", carriers)
	}

	// The lineage runs from the last child back to the first session.
	id, hops := s.ID(), 0
	for id != first {
		rec, err := f.store.Session(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		parent, err := f.store.Session(ctx, rec.ParentID)
		if err != nil {
			t.Fatalf("session %s: parent %q: %v", id, rec.ParentID, err)
		}
		if parent.EndReason != "compression" {
			t.Errorf("parent %s ended with %q", parent.ID, parent.EndReason)
		}
		id, hops = parent.ID, hops+1
	}
	if hops != len(cs) {
		t.Errorf("lineage has %d links for %d compressions", hops, len(cs))
	}
}
