package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// Input is what a person sends in one turn.
type Input struct {
	Text   string
	Images []llm.Image
}

// ContinuePrompt is the user message herm adds when the model's answer was
// cut off by the output token limit, so it picks up where it stopped.
// Front ends recognise it to show it as a notice rather than as the user's.
const ContinuePrompt = "[herm: your previous answer was cut off by the output length limit. Continue exactly where it stopped, without repeating anything.]"

const (
	interruptedBeforeRun = "interrupted by user before this tool call ran"
	interruptedDuring    = "interrupted by user while this tool call was running"
)

// Run runs one turn: the user's input, then model calls and tool runs until
// the model answers without calling tools, the context is cancelled, the
// iteration limit is reached or an error stops it. Every message is
// committed before the loop moves past it; cancelling leaves the session
// consistent (each tool call answered). emit receives events in order and is
// never called concurrently; it may be nil.
func (s *Session) Run(ctx context.Context, in Input, emit func(Event)) TurnDone {
	s.turn.Lock()
	defer s.turn.Unlock()
	persist := context.WithoutCancel(ctx)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	t := &turn{s: s, ctx: ctx, cancel: cancel, persist: persist}
	s.Env.Guard = t.guardCommand
	defer func() { s.Env.Guard = denyAsk(s.agent) }()
	var mu sync.Mutex
	t.emit = func(e Event) {
		if emit == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		emit(e)
	}
	done := t.run(in)
	t.emit(done)
	return done
}

// turn is the state of one Run.
type turn struct {
	s    *Session
	ctx  context.Context
	emit func(Event)
	// persist is ctx without its cancellation: what was produced before an
	// interrupt must still be written.
	persist context.Context
	// cancel stops the turn with a cause (e.g. too many denials).
	cancel     context.CancelCauseFunc
	usage      llm.Usage
	iterations int
}

func (t *turn) run(in Input) TurnDone {
	a := t.s.agent
	t.emit(TurnStarted{SessionID: t.s.ID, Model: t.s.Model()})
	if strings.TrimSpace(in.Text) == "" && len(in.Images) == 0 {
		return t.finish(StopError, "", fmt.Errorf("nothing to send: the message is empty"))
	}
	if err := t.commit(llm.Message{Role: llm.RoleUser, Content: in.Text, Images: in.Images}); err != nil {
		return t.finish(StopError, "", err)
	}
	maxTurns := a.MaxTurns
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}
	continuations, toolRounds := 0, 0
	for {
		msg, finish, err := t.callModel()
		if err != nil {
			if t.ctx.Err() != nil {
				return t.finish(StopInterrupted, msg.Content, nil)
			}
			return t.finish(StopError, msg.Content, err)
		}
		if len(msg.ToolCalls) == 0 {
			if finish == llm.FinishLength && continuations < maxLengthContinuations {
				continuations++
				t.emit(Notice{Text: fmt.Sprintf("the answer hit the output length limit; asking the model to continue (%d/%d)", continuations, maxLengthContinuations)})
				if err := t.commit(llm.Message{Role: llm.RoleUser, Content: ContinuePrompt}); err != nil {
					return t.finish(StopError, msg.Content, err)
				}
				continue
			}
			return t.finish(StopDone, msg.Content, nil)
		}
		if err := t.runTools(msg.ToolCalls); err != nil {
			return t.finish(StopError, "", err)
		}
		if t.ctx.Err() != nil {
			return t.finish(StopInterrupted, "", nil)
		}
		toolRounds++
		if toolRounds >= maxTurns {
			t.emit(Notice{Text: fmt.Sprintf("stopped after %d tool-calling iterations (agent.max_turns); send a message to let it continue", maxTurns)})
			return t.finish(StopMaxTurns, "", nil)
		}
	}
}

func (t *turn) finish(reason StopReason, answer string, err error) TurnDone {
	if reason == StopInterrupted && errors.Is(context.Cause(t.ctx), errTooManyDenials) {
		reason, err = StopDenied, errTooManyDenials
	}
	return TurnDone{Reason: reason, Err: err, Answer: answer, Usage: t.usage, Iterations: t.iterations}
}

// commit writes m to the store and appends it to the history.
func (t *turn) commit(m llm.Message) error {
	rec := toStore(t.s.ID, m, "", llm.Usage{})
	if err := t.s.agent.Store.AppendMessage(t.persist, rec); err != nil {
		return err
	}
	t.appendHistory(m)
	t.emit(MessageSaved{Message: *rec})
	return nil
}

func (t *turn) appendHistory(m llm.Message) {
	t.s.mu.Lock()
	t.s.history = append(t.s.history, m)
	t.s.mu.Unlock()
}

// callModel streams one model response, writing it to the store as it
// arrives (coalesced) and committing it when complete. On error the partial
// text is kept, both in the store and in the history.
func (t *turn) callModel() (llm.Message, llm.FinishReason, error) {
	a := t.s.agent
	t.iterations++
	req := llm.Request{
		Model:           t.s.Model(),
		System:          t.s.system,
		Messages:        t.s.History(),
		Tools:           toolSpecs(a.Tools),
		MaxTokens:       a.MaxTokens,
		Temperature:     a.Temperature,
		ReasoningEffort: a.ReasoningEffort,
	}
	var (
		acc       llm.Accumulator
		draft     *store.Draft
		streamErr error
		announced = map[int]bool{}
		firstText time.Time
	)
	for part, err := range a.Provider.Stream(t.ctx, req) {
		if err != nil {
			streamErr = err
			break
		}
		acc.Add(part)
		switch part.Kind {
		case llm.PartText, llm.PartReasoning:
			if part.Text == "" {
				continue
			}
			if part.Kind == llm.PartText {
				t.emit(TextDelta{Text: part.Text})
			} else {
				t.emit(ReasoningDelta{Text: part.Text})
			}
			if draft != nil {
				if part.Kind == llm.PartText {
					draft.Append(part.Text, "")
				} else {
					draft.Append("", part.Text)
				}
				continue
			}
			// A response that completes within one draft interval is written
			// once, when it is complete; a longer one gets a draft row that
			// the store updates as text arrives, so a crash keeps it.
			if firstText.IsZero() {
				firstText = time.Now()
			}
			if time.Since(firstText) >= store.DefaultDraftInterval {
				d, err := a.Store.Draft(t.persist, &store.Message{SessionID: t.s.ID, Role: string(llm.RoleAssistant),
					Content: acc.Text(), Reasoning: acc.Reasoning()})
				if err != nil {
					return llm.Message{}, "", err
				}
				draft = d
			}
		case llm.PartToolCallStart:
			if !announced[part.Index] && part.ToolName != "" {
				announced[part.Index] = true
				t.emit(ToolCallStreaming{Index: part.Index, Name: part.ToolName})
			}
		}
	}
	t.usage.Add(acc.Usage)
	msg := acc.Message()
	if streamErr != nil {
		return t.keepPartial(msg, acc.Usage, draft, streamErr)
	}
	for i := range msg.ToolCalls {
		if msg.ToolCalls[i].ID == "" {
			msg.ToolCalls[i].ID = fmt.Sprintf("call_%s_%d_%d", t.s.ID, t.iterations, i)
		}
	}
	if msg.Content == "" && msg.Reasoning == "" && len(msg.ToolCalls) == 0 {
		t.emit(Notice{Text: "the model returned an empty answer"})
		if draft != nil {
			draft.Abandon(t.persist, "empty")
		}
		return msg, acc.Finish, nil
	}
	rec := toStore(t.s.ID, msg, acc.Finish, acc.Usage)
	if draft != nil {
		if err := draft.Commit(t.persist, rec); err != nil {
			return msg, "", err
		}
	} else if err := a.Store.AppendMessage(t.persist, rec); err != nil {
		return msg, "", err
	}
	t.appendHistory(msg)
	t.emit(MessageSaved{Message: *rec})
	return msg, acc.Finish, nil
}

// keepPartial saves what arrived of a response that failed or was
// interrupted, and adds it to the history. Tool calls are dropped: their
// arguments may be cut.
func (t *turn) keepPartial(msg llm.Message, usage llm.Usage, draft *store.Draft, streamErr error) (llm.Message, llm.FinishReason, error) {
	partial := llm.Message{Role: llm.RoleAssistant, Content: msg.Content, Reasoning: msg.Reasoning}
	reason := "error"
	if t.ctx.Err() != nil {
		reason, streamErr = "interrupted", t.ctx.Err()
	}
	var err error
	switch {
	case draft != nil:
		err = draft.Abandon(t.persist, reason)
	case partial.Content != "" || partial.Reasoning != "":
		rec := toStore(t.s.ID, partial, llm.FinishReason(reason), usage)
		err = t.s.agent.Store.AppendMessage(t.persist, rec)
	default:
		return partial, "", streamErr
	}
	if err != nil {
		return partial, "", fmt.Errorf("%w (and saving the partial answer failed: %v)", streamErr, err)
	}
	t.appendHistory(partial)
	return partial, "", streamErr
}

func toolSpecs(r *tools.Registry) []llm.ToolSpec {
	if r == nil {
		return nil
	}
	specs := r.Specs()
	out := make([]llm.ToolSpec, len(specs))
	for i, s := range specs {
		out[i] = llm.ToolSpec{Name: s.Name, Description: s.Description, Parameters: s.Parameters}
	}
	return out
}

// runTools runs the calls of one assistant message and commits one tool
// message per call, in call order. Consecutive read-only calls run
// concurrently; anything that may change state runs alone, in order.
func (t *turn) runTools(calls []llm.ToolCall) error {
	for i := 0; i < len(calls); {
		j := i + 1
		if t.readOnly(calls[i]) {
			for j < len(calls) && t.readOnly(calls[j]) {
				j++
			}
		}
		group := calls[i:j]
		results := make([]tools.Result, len(group))
		if t.ctx.Err() != nil {
			for k := range group {
				results[k] = tools.Result{Output: interruptedBeforeRun, IsError: true}
			}
		} else {
			var wg sync.WaitGroup
			for k, c := range group {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[k] = t.runTool(c)
				}()
			}
			wg.Wait()
		}
		for k, c := range group {
			if err := t.commit(llm.Message{Role: llm.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Content: results[k].Output}); err != nil {
				return err
			}
		}
		i = j
	}
	return nil
}

func (t *turn) readOnly(c llm.ToolCall) bool {
	tool, ok := t.s.agent.Tools.Get(c.Name)
	return ok && tool.ReadOnly()
}

// runTool runs one call and returns the result as the model will read it.
func (t *turn) runTool(c llm.ToolCall) (res tools.Result) {
	a := t.s.agent
	start := time.Now()
	t.emit(ToolStarted{Call: c})
	defer func() {
		if r := recover(); r != nil {
			res = tools.Errorf("tool %s crashed: %v (this is a bug in herm; the stack is in the log)", c.Name, r)
			a.logger().Error("tool panicked", "tool", c.Name, "panic", r, "stack", string(debug.Stack()))
		}
		if t.ctx.Err() != nil && !strings.Contains(res.Output, "interrupted") {
			res.Output = strings.TrimRight(res.Output, "\n") + "\n[" + interruptedDuring + "]"
		}
		limit := a.ToolOutputLimit
		if limit == 0 {
			limit = DefaultToolOutputLimit
		}
		res.Output = truncateMiddle(res.Output, limit)
		t.emit(ToolFinished{Call: c, Result: res, Duration: time.Since(start)})
	}()
	tool, ok := a.Tools.Get(c.Name)
	if !ok {
		return tools.Errorf("unknown tool %q; the available tools are: %s", c.Name, strings.Join(toolNames(a.Tools), ", "))
	}
	args := json.RawMessage(c.Arguments)
	if !json.Valid(args) {
		return tools.Errorf("the arguments for %s are not valid JSON (they may have been cut off by the output limit): %.200s", c.Name, c.Arguments)
	}
	return tool.Run(t.ctx, &tools.Call{
		ID:       c.ID,
		Args:     args,
		Env:      t.s.Env,
		Progress: func(chunk string) { t.emit(ToolOutput{CallID: c.ID, Chunk: chunk}) },
	})
}

func toolNames(r *tools.Registry) []string {
	var out []string
	for _, s := range r.Specs() {
		out = append(out, s.Name)
	}
	return out
}
