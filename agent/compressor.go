package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// ErrNothingToCompress is returned by Compress when the conversation is no
// longer than its protected first and last messages.
var ErrNothingToCompress = errors.New("nothing to compress: the conversation is no longer than its protected first and last messages")

// Compress compresses the conversation now, whatever its size (/compress,
// herm sessions compress): the middle is summarised and the session
// continues in a child session, whose id s.ID() returns afterwards. It
// waits for a running turn to finish. Events (Compressed, Retrying, Notice)
// go to emit, which may be nil and must not block, as for Run.
func (s *Session) Compress(ctx context.Context, emit func(Event)) error {
	s.turn.Lock()
	defer s.turn.Unlock()
	t := s.newTurn(ctx, emit)
	_, err := t.compress(CompressManual)
	return err
}

// maybeCompress compresses when the next request would reach the
// threshold, unless compression is disabled or has stopped helping.
func (t *turn) maybeCompress() error {
	s, a := t.s, t.s.agent
	if a.Compression.Disabled {
		return nil
	}
	o := a.Compression.withDefaults()
	ep := t.endpoint()
	b := newBudgets(ep.window, o, t.fixed)
	s.mu.Lock()
	tokens := requestTokens(s.calib, s.history, t.fixed)
	s.mu.Unlock()
	if tokens < b.threshold {
		return nil
	}
	if s.ineffective >= maxIneffective {
		if !s.thrashNoticed {
			s.thrashNoticed = true
			t.emit(Notice{Text: fmt.Sprintf("the conversation is at about %d of %d tokens and compressing it no longer frees enough room; herm stopped compressing automatically (start a new session with /new, or /compress to try anyway)", tokens, ep.window)})
		}
		return nil
	}
	_, err := t.compress(CompressThreshold)
	if errors.Is(err, ErrNothingToCompress) {
		return nil
	}
	return err
}

// compress rewrites the history per plan and moves the session to a child
// session holding it.
func (t *turn) compress(reason CompressReason) (Compressed, error) {
	s, a := t.s, t.s.agent
	o := a.Compression.withDefaults()
	ep := t.endpoint()
	b := newBudgets(ep.window, o, t.fixed)
	s.mu.Lock()
	history, calib, parentID := s.history, s.calib, s.id
	s.mu.Unlock()
	est := func(m *llm.Message) int { return scale(estimateMessage(m), calib) }
	before := requestTokens(calib, history, t.fixed)
	p := planCompression(history, o, b, before, est)
	if p.empty() {
		return Compressed{}, ErrNothingToCompress
	}
	if reason != CompressThreshold {
		// Asked for explicitly, or the provider counts more tokens than
		// the estimate: summarise rather than only clear outputs.
		p.summarize = true
	}
	ev := Compressed{ParentID: parentID, Reason: reason, TokensBefore: before}
	var next []llm.Message
	var summaryUsage llm.Usage
	if p.summarize {
		middle := history[p.headEnd:p.tailStart]
		previous := ""
		for _, m := range middle {
			if IsSummary(m) {
				previous = summaryBody(m.Content)
				break
			}
		}
		summary, usage, err := t.summarize(ep, b, previous, transcript(middle))
		summaryUsage = usage
		if err != nil {
			if t.ctx.Err() != nil {
				return Compressed{}, t.ctx.Err()
			}
			summary = mechanicalSummary(previous, history[:p.headEnd], middle, err)
			ev.Mechanical = true
			t.emit(Notice{Text: fmt.Sprintf("the summary call failed (%v); herm summarised the older messages itself", err)})
		}
		ev.Summary = summary
		ev.SummarizedMessages = len(middle)
		next = p.apply(history, summaryMessage(parentID, summary))
	} else {
		ev.PrunedOutputs = len(p.prune)
		next = p.apply(history, "")
	}
	ev.TokensAfter = scale(t.fixed+estimateMessages(next), calib)
	ev.Effective = ev.TokensAfter < b.threshold && ev.TokensAfter <= before*9/10

	childID, err := s.persistCompression(t.persist, parentID, next, summaryUsage)
	if err != nil {
		return Compressed{}, fmt.Errorf("compress the conversation: %w", err)
	}
	ev.SessionID = childID
	s.mu.Lock()
	s.id = childID
	s.history = next
	// The reported prompt size no longer describes the history; keep the
	// ratio between reported and estimated tokens for the estimates.
	s.calib = calibration{tokens: calib.tokens, raw: calib.raw}
	s.mu.Unlock()
	s.Env.SetSessionID(childID)
	if ev.Effective {
		s.ineffective, s.thrashNoticed = 0, false
	} else {
		s.ineffective++
	}
	t.record("compression", map[string]any{
		"parent_session_id": parentID, "reason": reason, "summary": ev.Summary,
		"mechanical": ev.Mechanical, "summarized_messages": ev.SummarizedMessages,
		"pruned_outputs": ev.PrunedOutputs, "tokens_before": ev.TokensBefore,
		"tokens_after": ev.TokensAfter, "effective": ev.Effective, "window": ep.window,
	})
	t.emit(ev)
	return ev, nil
}

// summarize asks the model for the structured summary of entries, folding
// them into previous; a transcript too long for one call is folded in
// chunk by chunk.
func (t *turn) summarize(ep endpoint, b budgets, previous string, entries []string) (string, llm.Usage, error) {
	maxOut := min(max(b.window/10, 512), 8192)
	// A summary call carries the instructions, the summary so far (at most
	// maxOut tokens) and one chunk, and must leave room for the answer.
	budget := max(b.window*7/10-estimateText(summarizerPrompt)-2*maxOut, 1024)
	summary := previous
	var total llm.Usage
	if len(entries) == 0 && previous != "" {
		return previous, total, nil
	}
	for _, chunk := range chunkTranscript(entries, budget) {
		req := llm.Request{
			Model:     ep.model,
			System:    summarizerPrompt,
			Messages:  []llm.Message{{Role: llm.RoleUser, Content: summaryRequest(summary, chunk)}},
			MaxTokens: maxOut,
		}
		text, usage, err := t.complete(ep, req)
		total.Add(usage)
		if err != nil {
			return "", total, err
		}
		if strings.TrimSpace(text) == "" {
			return "", total, errors.New("the model returned an empty summary")
		}
		summary = strings.TrimSpace(text)
	}
	return summary, total, nil
}

// complete runs a request without tools to its end and returns the text,
// retrying what is retryable. Nothing is streamed to the front end.
func (t *turn) complete(ep endpoint, req llm.Request) (string, llm.Usage, error) {
	var total llm.Usage
	for retry := 1; ; retry++ {
		var acc llm.Accumulator
		var err error
		for part, e := range ep.provider.Stream(t.ctx, req) {
			if e != nil {
				err = e
				break
			}
			acc.Add(part)
		}
		total.Add(acc.Usage)
		t.usage.Add(acc.Usage)
		if err == nil {
			return acc.Text(), total, nil
		}
		if t.ctx.Err() != nil {
			return "", total, t.ctx.Err()
		}
		class := llm.Classify(err)
		if !class.Retryable() {
			return "", total, err
		}
		wait, ok := t.retryWait(retry, ep, err)
		if !ok {
			return "", total, err
		}
		if werr := t.backoff(retry, wait, ep, class, err); werr != nil {
			return "", total, werr
		}
	}
}

// persistCompression stores the compressed history as a child session of
// parentID and ends the parent with end_reason store.EndCompression.
func (s *Session) persistCompression(ctx context.Context, parentID string, msgs []llm.Message, usage llm.Usage) (string, error) {
	st := s.agent.Store
	parent, err := st.Session(ctx, parentID)
	if err != nil {
		return "", err
	}
	child := &store.Session{
		Source: parent.Source, Title: parent.Title, Model: s.Model(), Provider: parent.Provider,
		ParentID: parentID, Cwd: s.Env.Cwd(),
	}
	if err := st.CreateSession(ctx, child); err != nil {
		return "", err
	}
	recs := make([]*store.Message, 0, len(msgs)+1)
	recs = append(recs, &store.Message{SessionID: child.ID, Role: string(llm.RoleSystem), Content: s.system, Complete: true})
	for _, m := range msgs {
		recs = append(recs, toStore(child.ID, m, "", llm.Usage{}))
	}
	if err := st.AppendMessages(ctx, recs); err != nil {
		return "", err
	}
	if usage != (llm.Usage{}) {
		if err := st.AddUsage(ctx, child.ID, store.Usage{
			InputTokens: usage.InputTokens, OutputTokens: usage.OutputTokens,
			CacheReadTokens: usage.CacheReadTokens, CacheWriteTokens: usage.CacheWriteTokens,
			ReasoningTokens: usage.ReasoningTokens,
		}, 0); err != nil {
			return "", err
		}
	}
	reason, now := store.EndCompression, time.Now()
	if err := st.UpdateSession(ctx, parentID, store.SessionUpdate{EndReason: &reason, EndedAt: &now}); err != nil {
		return "", err
	}
	return child.ID, nil
}
