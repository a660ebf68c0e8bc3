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
	"github.com/herm-dev/herm/internal/redact"
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

// What a tool message says when the person's interrupt stopped its call:
// before it ran, while it ran (appended to what it produced), or when herm
// itself died during it (repairHistory). Interrupted recognises them.
const (
	interruptedBeforeRun = "interrupted by user before this tool call ran"
	interruptedDuring    = "interrupted by user while this tool call was running"
	interruptedByExit    = "interrupted: herm stopped before this tool call finished; its effects are unknown"
)

// Interrupted reports whether a stored tool message's content says its
// call was cut short by an interrupt or by herm stopping.
func Interrupted(toolContent string) bool {
	return strings.HasPrefix(toolContent, interruptedBeforeRun) ||
		strings.HasPrefix(toolContent, interruptedByExit) ||
		strings.HasSuffix(strings.TrimRight(toolContent, "\n"), "["+interruptedDuring+"]")
}

// Run runs one turn: the user's input, then model calls and tool runs until
// the model answers without calling tools, the context is cancelled, the
// iteration limit is reached or an error stops it. Every message is
// committed before the loop moves past it; cancelling leaves the session
// consistent (each tool call answered). emit receives events in order, is
// never called concurrently and must not block (see Event; front ends pass
// a Queue's Emit); it may be nil. TurnDone is the last event.
func (s *Session) Run(ctx context.Context, in Input, emit func(Event)) TurnDone {
	s.turn.Lock()
	defer s.turn.Unlock()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	t := s.newTurn(ctx, emit)
	t.cancel = cancel
	s.Env.SetGuards(t.guardCommand, t.guardPath)
	defer s.Env.SetGuards(denyAsk(s.agent, s.Env), nil)
	s.Env.SetEscalationGuard(t.guardEscalation)
	defer s.Env.SetEscalationGuard(nil)
	s.openSteering()
	done := t.run(in)
	if left := s.closeSteering(); len(left) > 0 {
		t.emit(SteerReturned{Inputs: left})
	}
	t.emit(done)
	return done
}

// newTurn prepares the state of one turn (or of a compression outside a
// turn). The caller holds s.turn.
func (s *Session) newTurn(ctx context.Context, emit func(Event)) *turn {
	// persist drops only ctx's cancellation: Run wraps ctx in its own
	// cancel, and what was produced before either fired must be written.
	t := &turn{s: s, ctx: ctx, persist: context.WithoutCancel(ctx)}
	var mu sync.Mutex
	t.emit = func(e Event) {
		if emit == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		emit(e)
	}
	t.specs = toolSpecs(s.agent.Tools)
	t.fixed = estimateText(s.system) + estimateTools(t.specs)
	return t
}

// turn is the state of one Run.
type turn struct {
	s    *Session
	ctx  context.Context
	emit func(Event)
	// persist is ctx without its cancellation: what was produced before an
	// interrupt must still be written.
	persist context.Context
	// cancel stops the turn with a cause (e.g. too many denials); nil
	// outside Run.
	cancel     context.CancelCauseFunc
	usage      llm.Usage
	iterations int
	// route is the link of the provider chain in use (failover.go).
	route int
	specs []llm.ToolSpec
	// fixed estimates the tokens of the system prompt and tool schemas.
	fixed int
	loops loopGuard
}

// errLoop ends a turn whose model repeats one tool call (loopguard.go).
// Error is for the person; result answers the calls that did not run.
type errLoop struct{ msg, result string }

func (e *errLoop) Error() string { return e.msg }

func (t *turn) run(in Input) TurnDone {
	a := t.s.agent
	t.emit(TurnStarted{SessionID: t.s.ID(), Model: t.s.Model()})
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
		if err := t.applySteering(t.s.takeSteering(false)); err != nil {
			return t.finish(StopError, "", err)
		}
		msg, finish, err := t.callModel()
		if err != nil {
			if t.ctx.Err() != nil {
				return t.finish(StopInterrupted, msg.Content, nil)
			}
			return t.finish(StopError, msg.Content, err)
		}
		if len(msg.ToolCalls) == 0 {
			// Messages sent while the model answered are its next input.
			if steered := t.s.takeSteering(true); len(steered) > 0 && t.ctx.Err() == nil {
				if err := t.applySteering(steered); err != nil {
					return t.finish(StopError, msg.Content, err)
				}
				continue
			} else if len(steered) > 0 {
				t.s.returnSteering(steered)
			}
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
			var loop *errLoop
			if errors.As(err, &loop) {
				t.emit(Notice{Text: loop.msg})
				return t.finish(StopLoop, "", err)
			}
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
	rec := toStore(t.s.ID(), m, "", llm.Usage{})
	if err := t.s.agent.Store.AppendMessage(t.persist, rec); err != nil {
		return err
	}
	t.appendHistory(m)
	if m.Role == llm.RoleUser && m.Content != ContinuePrompt {
		t.s.setAnchor(rec.SessionID, rec.ID) // later file writes are undone to here
	}
	t.emit(MessageSaved{Message: *rec})
	return nil
}

func (t *turn) appendHistory(m llm.Message) {
	t.s.mu.Lock()
	t.s.history = append(t.s.history, m)
	t.s.mu.Unlock()
}

// callModel gets the model's next message: it compresses the conversation
// first if it has grown past the threshold, then streams the answer and
// commits it. Failures are classified (llm.Classify): retryable ones are
// sent again after a backoff, a prompt that is too long is compressed and
// sent once more, and what the provider cannot answer moves the turn to
// the next provider of the fallback chain. A failed attempt's partial
// answer is discarded before the next attempt, so nothing is stored or
// sent twice; only the last failure's partial text is kept.
func (t *turn) callModel() (llm.Message, llm.FinishReason, error) {
	t.iterations++
	if err := t.maybeCompress(); err != nil {
		return llm.Message{}, "", err
	}
	retries, shrunk := 0, false
	for {
		ep := t.endpoint()
		att, err := t.stream(ep)
		if err == nil {
			return t.commitAnswer(att)
		}
		var sf *storeFailure
		if errors.As(err, &sf) {
			return llm.Message{}, "", sf.err // not the provider's fault: no retry, no fallback
		}
		if t.ctx.Err() != nil {
			return t.keepPartial(att, err)
		}
		class := llm.Classify(err)
		if class.TooLong() && !shrunk {
			shrunk = true
			if derr := t.discard(att); derr != nil {
				return llm.Message{}, "", derr
			}
			t.emit(Notice{Text: fmt.Sprintf("%s says the conversation is too long for %s; compressing it and trying again", ep.provider.Name(), ep.model)})
			if _, cerr := t.compress(CompressOverflow); cerr != nil {
				if t.ctx.Err() != nil {
					return llm.Message{}, "", t.ctx.Err()
				}
				return llm.Message{}, "", fmt.Errorf("%w (compressing the conversation to fit failed: %v)", err, cerr)
			}
			continue
		}
		if class.Retryable() {
			retries++
			if wait, ok := t.retryWait(retries, ep, err); ok {
				if derr := t.discard(att); derr != nil {
					return llm.Message{}, "", derr
				}
				if werr := t.backoff(retries, wait, ep, class, err); werr != nil {
					return llm.Message{}, "", werr
				}
				continue
			}
		}
		if (class.Retryable() || class.FailoverNow() || class.TooLong()) && t.route < len(t.s.agent.Fallbacks) {
			if derr := t.discard(att); derr != nil {
				return llm.Message{}, "", derr
			}
			t.failover(ep, class, err)
			retries, shrunk = 0, false
			continue
		}
		return t.keepPartial(att, err)
	}
}

// storeFailure is a store error met while streaming, told apart from the
// provider's errors.
type storeFailure struct{ err error }

func (e *storeFailure) Error() string { return e.err.Error() }
func (e *storeFailure) Unwrap() error { return e.err }

// attempt is one streamed model response.
type attempt struct {
	msg    llm.Message
	finish llm.FinishReason
	usage  llm.Usage
	// draft is the store row of a response that streamed for longer than
	// one draft interval; nil otherwise.
	draft *store.Draft
	// sent is how many history messages the request carried.
	sent int
	// model answered (the session's, or a fallback's); it prices usage.
	model string
}

// stream sends the history to ep and streams the answer, emitting deltas
// and keeping a long answer's text in a draft row as it arrives.
func (t *turn) stream(ep endpoint) (attempt, error) {
	a := t.s.agent
	history := t.s.History()
	req := llm.Request{
		Model:           ep.model,
		System:          t.s.system,
		Messages:        history,
		Tools:           t.specs,
		MaxTokens:       a.MaxTokens,
		Temperature:     a.Temperature,
		ReasoningEffort: t.s.ReasoningEffort(),
	}
	var (
		acc       llm.Accumulator
		att       = attempt{sent: len(history), model: ep.model}
		streamErr error
		announced = map[int]bool{}
		firstText time.Time
	)
	for part, err := range ep.provider.Stream(t.ctx, req) {
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
			if att.draft != nil {
				if part.Kind == llm.PartText {
					att.draft.Append(part.Text, "")
				} else {
					att.draft.Append("", part.Text)
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
				d, err := a.Store.Draft(t.persist, &store.Message{SessionID: t.s.ID(), Role: string(llm.RoleAssistant),
					Content: acc.Text(), Reasoning: acc.Reasoning()})
				if err != nil {
					return att, &storeFailure{err}
				}
				att.draft = d
			}
		case llm.PartToolCallStart:
			if !announced[part.Index] && part.ToolName != "" {
				announced[part.Index] = true
				t.emit(ToolCallStreaming{Index: part.Index, Name: part.ToolName})
			}
		}
	}
	t.usage.Add(acc.Usage)
	att.msg, att.finish, att.usage = acc.Message(), acc.Finish, acc.Usage
	return att, streamErr
}

// commitAnswer stores a complete response and adds it to the history.
func (t *turn) commitAnswer(att attempt) (llm.Message, llm.FinishReason, error) {
	a := t.s.agent
	msg := att.msg
	for i := range msg.ToolCalls {
		if msg.ToolCalls[i].ID == "" {
			msg.ToolCalls[i].ID = fmt.Sprintf("call_%s_%d_%d", t.s.ID(), t.iterations, i)
		}
	}
	if msg.Content == "" && msg.Reasoning == "" && len(msg.ToolCalls) == 0 {
		t.emit(Notice{Text: "the model returned an empty answer"})
		if att.draft != nil {
			att.draft.Abandon(t.persist, "empty")
		}
		return msg, att.finish, nil
	}
	rec := toStore(t.s.ID(), msg, att.finish, att.usage)
	if att.draft != nil {
		if err := att.draft.Commit(t.persist, rec); err != nil {
			return msg, "", err
		}
	} else if err := a.Store.AppendMessage(t.persist, rec); err != nil {
		return msg, "", err
	}
	t.addCost(rec.SessionID, att)
	s := t.s
	s.mu.Lock()
	s.history = append(s.history, msg)
	if c := calibrate(s.history, att.sent+1, att.usage, t.fixed); c.n > 0 {
		s.calib = c
	}
	s.mu.Unlock()
	t.emit(MessageSaved{Message: *rec})
	return msg, att.finish, nil
}

// discard drops a failed attempt that will be sent again (retry, fallback,
// compression): its partial text must not stay in the history the model
// sees, nor appear twice in the store. Its tool calls never ran.
func (t *turn) discard(att attempt) error {
	if att.draft == nil {
		return nil
	}
	// The row is deleted; if deleting fails, store.FinishRetried keeps it
	// out of the history when the session is reopened (fromStore).
	if err := att.draft.Abandon(t.persist, store.FinishRetried); err != nil {
		return err
	}
	if _, err := t.s.agent.Store.DeleteMessagesAfter(t.persist, t.s.ID(), att.draft.ID()-1); err != nil {
		t.s.agent.logger().Warn("could not delete a retried partial answer; it stays marked", "session", t.s.ID(), "err", err)
	}
	return nil
}

// keepPartial saves what arrived of a response that failed for good or was
// interrupted, and adds it to the history. Tool calls are dropped: their
// arguments may be cut.
func (t *turn) keepPartial(att attempt, streamErr error) (llm.Message, llm.FinishReason, error) {
	msg := att.msg
	partial := llm.Message{Role: llm.RoleAssistant, Content: msg.Content, Reasoning: msg.Reasoning}
	reason := store.FinishError
	if t.ctx.Err() != nil {
		reason, streamErr = store.FinishInterrupted, t.ctx.Err()
	}
	var err error
	switch {
	case att.draft != nil:
		err = att.draft.Abandon(t.persist, reason)
	case partial.Content != "" || partial.Reasoning != "":
		rec := toStore(t.s.ID(), partial, llm.FinishReason(reason), att.usage)
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
	runnable, warn, stop := t.checkLoops(calls)
	for i := 0; i < runnable; {
		j := i + 1
		if t.readOnly(calls[i]) {
			for j < runnable && t.readOnly(calls[j]) {
				j++
			}
		}
		group := calls[i:j]
		results := make([]tools.Result, len(group))
		if t.ctx.Err() != nil {
			why := interruptedBeforeRun
			if t.stoppedByDenials() {
				why = notRunAfterDenials
			}
			for k := range group {
				results[k] = tools.Result{Output: why, IsError: true}
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
			out := results[k].Output
			if w := warn[i+k]; w != "" {
				out = strings.TrimRight(out, "\n") + "\n\n" + w
			}
			if err := t.commit(llm.Message{Role: llm.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Content: out}); err != nil {
				return err
			}
		}
		i = j
	}
	// Calls from the one that tripped the loop guard on are answered
	// without running, so the history stays valid.
	for _, c := range calls[runnable:] {
		if err := t.commit(llm.Message{Role: llm.RoleTool, ToolCallID: c.ID, ToolName: c.Name, Content: stop.result}); err != nil {
			return err
		}
	}
	if stop != nil {
		return stop
	}
	return nil
}

// checkLoops runs calls past the loop guard. The first runnable calls may
// run; warn holds, per call, a warning to add to its result; stop is set
// when a call reached the limit.
func (t *turn) checkLoops(calls []llm.ToolCall) (runnable int, warn []string, stop *errLoop) {
	limit := t.s.agent.LoopLimit
	if limit == 0 {
		limit = DefaultLoopLimit
	}
	warn = make([]string, len(calls))
	for i, c := range calls {
		verdict, count := t.loops.observe(c, limit)
		switch verdict {
		case loopWarn:
			warn[i] = loopWarningText(c.Name, count, limit)
			t.emit(LoopWarning{Tool: c.Name, Arguments: c.Arguments, Count: count, Limit: limit})
		case loopStop:
			t.emit(LoopWarning{Tool: c.Name, Arguments: c.Arguments, Count: count, Limit: limit})
			return i, warn, &errLoop{msg: loopStopMessage(c.Name, count), result: loopStopText(c.Name, count)}
		}
	}
	return len(calls), warn, nil
}

func (t *turn) readOnly(c llm.ToolCall) bool {
	tool, ok := t.s.agent.Tools.Get(c.Name)
	return ok && tool.ReadOnly()
}

// runTool runs one call and returns the result as the model will read it.
//
// Secrets are redacted here, the one place every result and every piece of
// live output passes: what the model reads, the store keeps and front ends
// show never carries one.
func (t *turn) runTool(c llm.ToolCall) (res tools.Result) {
	a := t.s.agent
	start := time.Now()
	t.emit(ToolStarted{Call: c})
	live := a.Redact.Stream(func(chunk string) { t.emit(ToolOutput{CallID: c.ID, Chunk: chunk}) })
	defer func() {
		if r := recover(); r != nil {
			res = tools.Errorf("tool %s crashed: %v (this is a bug in herm; the stack is in the log)", c.Name, r)
			a.logger().Error("tool panicked", "tool", c.Name, "panic", r, "stack", string(debug.Stack()))
		}
		if t.ctx.Err() != nil && !t.stoppedByDenials() && !strings.Contains(res.Output, "interrupted") {
			res.Output = strings.TrimRight(res.Output, "\n") + "\n[" + interruptedDuring + "]"
		}
		redactResult(a.Redact, &res)
		limit := a.ToolOutputLimit
		if limit == 0 {
			limit = DefaultToolOutputLimit
		}
		res.Output = truncateMiddle(res.Output, limit)
		live.Flush()
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
		Progress: live.Write,
	})
}

// redactResult hides the secrets r knows in everything of res that is
// kept, shown or sent.
func redactResult(r *redact.Redactor, res *tools.Result) {
	res.Output = r.Replace(res.Output)
	res.Diff = r.Replace(res.Diff)
	for k, v := range res.Meta {
		res.Meta[k] = r.Replace(v)
	}
}

func toolNames(r *tools.Registry) []string {
	var out []string
	for _, s := range r.Specs() {
		out = append(out, s.Name)
	}
	return out
}
