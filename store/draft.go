package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// DefaultDraftInterval is how often a streaming draft is written at most.
// At ~30 ms a crash loses a blink of text, and a fast stream costs ~33
// small writes a second instead of one per token.
const DefaultDraftInterval = 30 * time.Millisecond

// ErrDraftDone is returned by Commit and Abandon on a draft that was already
// committed or abandoned.
var ErrDraftDone = errors.New("draft already finished")

// Draft is a message being streamed. The message row exists from the start
// (Complete=false), so text produced before a crash is kept; Append only
// buffers deltas and the buffered text is written in the background at most
// once per interval. Commit or Abandon writes the final state at once.
//
// Append may be called from any goroutine, concurrently with the draft's own
// background writes.
type Draft struct {
	s         *Store
	id        int64
	sessionID string
	role      string
	created   time.Time
	// bg is used for background writes: the caller's context may be the
	// stream's, cancelled on interrupt, but the text produced so far should
	// still reach the store.
	bg context.Context

	mu        sync.Mutex
	idle      sync.Cond // signalled when a background write ends
	interval  time.Duration
	content   strings.Builder
	reasoning strings.Builder
	version   uint64 // bumped by every Append
	written   uint64 // the version the last successful write held
	timer     *time.Timer
	writing   bool
	done      bool
	lastWrite time.Time
	writes    int   // background writes issued, for tests and metrics
	err       error // last background write error, cleared by a success
}

// Draft appends m with Complete=false (setting m.ID and m.CreatedAt) and
// returns a writer for its streamed text. m.Content and m.Reasoning are the
// starting text that deltas are added to.
func (s *Store) Draft(ctx context.Context, m *Message) (*Draft, error) {
	m.Complete = false
	if err := s.AppendMessage(ctx, m); err != nil {
		return nil, err
	}
	d := &Draft{
		s:         s,
		id:        m.ID,
		sessionID: m.SessionID,
		role:      m.Role,
		created:   m.CreatedAt,
		bg:        context.WithoutCancel(ctx),
		interval:  DefaultDraftInterval,
	}
	d.idle.L = &d.mu
	d.content.WriteString(m.Content)
	d.reasoning.WriteString(m.Reasoning)
	return d, nil
}

// ID is the draft's message id.
func (d *Draft) ID() int64 { return d.id }

// SetInterval changes the least time between two background writes. Zero or
// negative means DefaultDraftInterval.
func (d *Draft) SetInterval(interval time.Duration) {
	if interval <= 0 {
		interval = DefaultDraftInterval
	}
	d.mu.Lock()
	d.interval = interval
	d.mu.Unlock()
}

// Append adds streamed text and reasoning. It never waits for the database:
// it arms a timer for the next write slot (immediately if the last write is
// older than the interval) unless one is already pending. After Commit or
// Abandon it does nothing.
func (d *Draft) Append(text, reasoning string) {
	if text == "" && reasoning == "" {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return
	}
	d.content.WriteString(text)
	d.reasoning.WriteString(reasoning)
	d.version++
	d.schedule()
}

// schedule arms the write timer unless a write is pending or running (a
// running write reschedules itself when it ends). Called with d.mu held.
func (d *Draft) schedule() {
	if d.timer != nil || d.writing || d.done {
		return
	}
	wait := max(d.interval-time.Since(d.lastWrite), 0)
	d.timer = time.AfterFunc(wait, d.flush)
}

// flush writes the buffered text; it runs on the timer's goroutine.
func (d *Draft) flush() {
	d.mu.Lock()
	d.timer = nil
	if d.done || d.version == d.written {
		d.mu.Unlock()
		return
	}
	// strings.Builder never changes bytes it has handed out, so these
	// snapshots stay valid while Append keeps writing.
	content, reasoning, version := d.content.String(), d.reasoning.String(), d.version
	d.writing = true
	d.lastWrite = time.Now()
	d.writes++
	d.mu.Unlock()

	_, err := d.s.updateDraft.ExecContext(d.bg, content, reasoning, d.id)

	d.mu.Lock()
	d.writing = false
	if err != nil {
		// Retried on the next Append rather than on a timer, so a draft
		// left open on a closed store does not spin.
		d.err = opError(err, "write draft message %d", d.id)
	} else {
		d.written, d.err = version, nil
		if d.version != d.written {
			d.schedule() // more text arrived during the write
		}
	}
	d.idle.Broadcast()
	d.mu.Unlock()
}

// Err returns the error of the last background write, or nil once a later
// write succeeded. A failed background write is retried with the next
// Append, and Commit or Abandon writes everything anyway, so callers only
// need it to warn early.
func (d *Draft) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}

// Commit writes final as the message's complete state (content, reasoning,
// role, tool calls, finish reason, token count) and marks it complete; it is
// durable when Commit returns. final's ID, SessionID and CreatedAt are set to
// the draft's, and its Complete to true. A nil final commits the text
// appended so far. If the write fails the draft stays open, so Commit or
// Abandon may be called again.
func (d *Draft) Commit(ctx context.Context, final *Message) error {
	content, reasoning, err := d.finish()
	if err != nil {
		return opError(err, "commit draft message %d", d.id)
	}
	if final == nil {
		final = &Message{Content: content, Reasoning: reasoning}
	}
	if final.Role == "" {
		final.Role = d.role
	}
	final.ID, final.SessionID, final.CreatedAt, final.Complete = d.id, d.sessionID, d.created, true
	if err := d.writeFinal(ctx, final); err != nil {
		d.reopen()
		return opError(err, "commit draft message %d", d.id)
	}
	return nil
}

// Abandon ends the draft without a final message: the text appended so far
// is written, the message is marked complete and finishReason (e.g.
// "interrupted", "error") records why it stopped.
func (d *Draft) Abandon(ctx context.Context, finishReason string) error {
	content, reasoning, err := d.finish()
	if err != nil {
		return opError(err, "abandon draft message %d", d.id)
	}
	n, err := changed(d.s.w.ExecContext(ctx, `UPDATE messages
		SET content = ?, reasoning = ?, finish_reason = ?, complete = 1 WHERE id = ?`,
		content, reasoning, finishReason, d.id))
	if err == nil {
		err = d.checkUpdated(n)
	}
	if err != nil {
		d.reopen()
		return opError(err, "abandon draft message %d", d.id)
	}
	return nil
}

// finish stops background writes, waits for a running one to end (so it
// cannot land after the final state) and returns the buffered text.
func (d *Draft) finish() (content, reasoning string, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return "", "", ErrDraftDone
	}
	d.done = true
	if d.timer != nil {
		// If the timer already fired, flush will see done and return.
		d.timer.Stop()
		d.timer = nil
	}
	for d.writing {
		d.idle.Wait()
	}
	return d.content.String(), d.reasoning.String(), nil
}

// reopen undoes finish after a failed final write.
func (d *Draft) reopen() {
	d.mu.Lock()
	d.done = false
	d.mu.Unlock()
}

func (d *Draft) writeFinal(ctx context.Context, m *Message) error {
	var toolCalls sql.NullString
	if len(m.ToolCalls) > 0 {
		b, err := json.Marshal(m.ToolCalls)
		if err != nil {
			return fmt.Errorf("encode tool calls: %w", err)
		}
		toolCalls = sql.NullString{String: string(b), Valid: true}
	}
	u := m.Usage
	return d.s.withTx(ctx, func(tx *sql.Tx) error {
		n, err := changed(tx.ExecContext(ctx, `UPDATE messages SET
			role = ?, content = ?, tool_calls = ?, tool_call_id = ?,
			tool_name = ?, tool_args = ?, reasoning = ?, reasoning_signature = ?,
			finish_reason = ?, token_count = ?,
			input_tokens = ?, output_tokens = ?, cache_read_tokens = ?, cache_write_tokens = ?, reasoning_tokens = ?,
			complete = 1
			WHERE id = ?`,
			m.Role, m.Content, toolCalls, m.ToolCallID, m.ToolName, toolSearchText(m.ToolCalls),
			m.Reasoning, m.ReasoningSignature, m.FinishReason, m.TokenCount,
			u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens, d.id))
		if err != nil {
			return err
		}
		if err := d.checkUpdated(n); err != nil {
			return err
		}
		if u == (Usage{}) {
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE sessions SET
			input_tokens = input_tokens + ?, output_tokens = output_tokens + ?,
			cache_read_tokens = cache_read_tokens + ?, cache_write_tokens = cache_write_tokens + ?,
			reasoning_tokens = reasoning_tokens + ?
			WHERE id = ?`,
			u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens, d.sessionID)
		return err
	})
}

// checkUpdated turns an update that changed n = 0 rows into ErrNotFound.
func (d *Draft) checkUpdated(n int64) error {
	if n == 0 {
		return fmt.Errorf("message %d: %w (deleted while streaming?)", d.id, ErrNotFound)
	}
	return nil
}
