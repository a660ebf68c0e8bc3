package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Finish reasons herm writes on an assistant message besides the
// provider's. The agent writes them and every reader of the history (the
// agent on resume, the UI, exports) acts on them, so they are named here,
// where the rows live.
const (
	// FinishRetried marks an attempt that failed and was sent again; it
	// is not part of the conversation.
	FinishRetried = "retried"
	// FinishInterrupted marks an answer the person stopped; what arrived
	// is kept.
	FinishInterrupted = "interrupted"
	// FinishError marks an answer cut by a provider failure; what arrived
	// is kept.
	FinishError = "error"
)

// EndCompression is the end reason of a session whose conversation goes on,
// compressed, in a child session (parent_session_id).
const EndCompression = "compression"

// Message is one message of a conversation, in OpenAI shape.
type Message struct {
	// ID increases with every message appended to the store, so it orders a
	// session's messages.
	ID        int64
	SessionID string
	// Role is system, user, assistant or tool.
	Role               string
	Content            string
	Reasoning          string
	ReasoningSignature string
	// ToolCalls are an assistant message's tool calls.
	ToolCalls []ToolCall
	// ToolCallID and ToolName identify the call a tool message answers.
	ToolCallID, ToolName string
	// FinishReason is the provider's (stop, length, tool_calls…) or one
	// herm writes itself: FinishRetried, FinishInterrupted, FinishError.
	FinishReason string
	TokenCount   int
	// Usage is what the provider reported for the model call that produced
	// the message. Appending the message adds it to the session's counters
	// in the same transaction.
	Usage Usage
	// Complete is false while a streamed draft is still being written, and
	// stays false if herm died before finishing it.
	Complete  bool
	CreatedAt time.Time
	// Images attached to a user message (images.go). Messages reads them
	// whole; MessagesPage, which serves screens, reads only their media
	// type and size (Data nil).
	Images []Image
}

// ToolCall is one tool invocation requested by the model. Arguments is the
// JSON text the model produced.
type ToolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// messageColumns is the column list every message query selects, in the
// order scanMessage reads.
const messageColumns = `id, session_id, role, content, tool_calls, tool_call_id, tool_name,
	reasoning, reasoning_signature, finish_reason, token_count,
	input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens,
	complete, created_at`

// AppendMessage commits m to its session and sets m.ID (and m.CreatedAt if
// it was zero). When it returns nil the message survives a crash. A missing
// session is ErrNotFound. m.Complete is stored as given, so set it for a
// finished message; use Draft to stream one.
func (s *Store) AppendMessage(ctx context.Context, m *Message) error {
	if err := s.appendMessages(ctx, []*Message{m}); err != nil {
		return opError(err, "append message to session %s", m.SessionID)
	}
	return nil
}

// AppendMessages commits msgs in one transaction: all of them or none. Each
// gets its ID (in slice order) and, if zero, CreatedAt.
func (s *Store) AppendMessages(ctx context.Context, msgs []*Message) error {
	if len(msgs) == 0 {
		return nil
	}
	if err := s.appendMessages(ctx, msgs); err != nil {
		return opError(err, "append %d messages to session %s", len(msgs), msgs[0].SessionID)
	}
	return nil
}

// prepared is a message's encoded columns, computed before the write lock.
type prepared struct {
	created   int64
	toolCalls *string
	toolArgs  string
}

// sessionTouch is what one batch adds to a session's counters.
type sessionTouch struct {
	count  int
	latest int64
	usage  Usage
}

func (s *Store) appendMessages(ctx context.Context, msgs []*Message) error {
	// Encode everything before taking the write lock, and keep the caller's
	// messages untouched until the commit succeeded.
	prep := make([]prepared, len(msgs))
	touched := map[string]*sessionTouch{}
	var order []string
	now := nowUTC()
	for i, m := range msgs {
		if m.SessionID == "" {
			return errors.New("message has no session id")
		}
		if m.Role == "" {
			return errors.New("message has no role")
		}
		if err := checkImages(m); err != nil {
			return err
		}
		created := m.CreatedAt
		if created.IsZero() {
			created = now
		}
		p := prepared{created: toNanos(created), toolArgs: toolSearchText(m.ToolCalls)}
		if len(m.ToolCalls) > 0 {
			b, err := json.Marshal(m.ToolCalls)
			if err != nil {
				return fmt.Errorf("encode tool calls: %w", err)
			}
			js := string(b)
			p.toolCalls = &js
		}
		prep[i] = p
		t := touched[m.SessionID]
		if t == nil {
			t = &sessionTouch{}
			touched[m.SessionID] = t
			order = append(order, m.SessionID)
		}
		t.count++
		t.latest = max(t.latest, p.created)
		t.usage.add(m.Usage)
	}

	ids := make([]int64, len(msgs))
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		// Updating the session first both checks that it exists and keeps
		// message_count and updated_at in step with the messages.
		for _, id := range order {
			t := touched[id]
			u := t.usage
			n, err := changed(tx.ExecContext(ctx, `UPDATE sessions
				SET message_count = message_count + ?, updated_at = max(updated_at, ?),
				    input_tokens = input_tokens + ?, output_tokens = output_tokens + ?,
				    cache_read_tokens = cache_read_tokens + ?, cache_write_tokens = cache_write_tokens + ?,
				    reasoning_tokens = reasoning_tokens + ?
				WHERE id = ?`, t.count, t.latest,
				u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens, id))
			if err != nil {
				return err
			}
			if n == 0 {
				return fmt.Errorf("session %s: %w", id, ErrNotFound)
			}
		}
		for start := 0; start < len(msgs); start += insertChunkRows {
			end := min(start+insertChunkRows, len(msgs))
			args := make([]any, 0, (end-start)*insertColumns)
			for i := start; i < end; i++ {
				m, p := msgs[i], prep[i]
				args = append(args, m.SessionID, m.Role, m.Content, p.toolCalls,
					m.ToolCallID, m.ToolName, p.toolArgs, m.Reasoning, m.ReasoningSignature,
					m.FinishReason, m.TokenCount,
					m.Usage.InputTokens, m.Usage.OutputTokens, m.Usage.CacheReadTokens, m.Usage.CacheWriteTokens, m.Usage.ReasoningTokens,
					m.Complete, p.created)
			}
			if err := s.insertRows(ctx, tx, ids[start:end], args); err != nil {
				return err
			}
		}
		if err := indexNew(ctx, tx, msgs, prep, ids); err != nil {
			return err
		}
		return insertImages(ctx, tx, msgs, ids)
	})
	if err != nil {
		return err
	}
	for i, m := range msgs {
		m.ID = ids[i]
		m.CreatedAt = fromNanos(prep[i].created)
	}
	return nil
}

// indexNew adds just-inserted messages to the full-text index.
func indexNew(ctx context.Context, tx *sql.Tx, msgs []*Message, prep []prepared, ids []int64) error {
	if len(msgs) == 1 {
		_, err := tx.ExecContext(ctx, `INSERT INTO messages_fts (rowid, content, tool_name, tool_args)
			VALUES (?, ?, ?, ?)`, ids[0], msgs[0].Content, msgs[0].ToolName, prep[0].toolArgs)
		return err
	}
	// The batch's ids are the only ones in [first, last]: the transaction
	// holds the write lock and AUTOINCREMENT only grows.
	_, err := tx.ExecContext(ctx, `INSERT INTO messages_fts (rowid, content, tool_name, tool_args)
		SELECT id, content, tool_name, tool_args FROM messages WHERE id BETWEEN ? AND ?`, ids[0], ids[len(ids)-1])
	return err
}

// insertChunkRows is how many messages one INSERT statement writes. Every
// statement on messages opens a statement journal (the FTS trigger makes it
// a multi-table write) and makes FTS5 flush its pending terms, so a batch is
// written in a few multi-row statements rather than one per message: four
// times faster for a batch of 1,000.
const (
	insertChunkRows = 64
	insertColumns   = 18
)

// insertMessagesSQL is an INSERT of rows messages returning their ids.
func insertMessagesSQL(rows int) string {
	const row = `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	return `INSERT INTO messages
		(session_id, role, content, tool_calls, tool_call_id, tool_name, tool_args,
		 reasoning, reasoning_signature, finish_reason, token_count,
		 input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens,
		 complete, created_at)
		VALUES ` + row + strings.Repeat(", "+row, rows-1) + ` RETURNING id`
}

// insertRows inserts len(ids) messages whose column values are args and
// fills ids in row order. RETURNING gives no order guarantee, but with
// AUTOINCREMENT each row's id is larger than every id before it, so sorting
// the ids restores the VALUES order.
func (s *Store) insertRows(ctx context.Context, tx *sql.Tx, ids []int64, args []any) error {
	var stmt *sql.Stmt
	switch len(ids) {
	case 1:
		// The hot path (the agent appends one message at a time) avoids
		// RETURNING, which costs SQLite a statement journal.
		res, err := tx.StmtContext(ctx, s.insertOne).ExecContext(ctx, args...)
		if err != nil {
			return err
		}
		ids[0], err = res.LastInsertId()
		return err
	case insertChunkRows:
		stmt = tx.StmtContext(ctx, s.insertChunk)
	default:
		var err error
		if stmt, err = tx.PrepareContext(ctx, insertMessagesSQL(len(ids))); err != nil {
			return err
		}
	}
	defer stmt.Close()
	rows, err := stmt.QueryContext(ctx, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		if n == len(ids) {
			return fmt.Errorf("insert returned more than %d ids", len(ids))
		}
		if err := rows.Scan(&ids[n]); err != nil {
			return err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if n != len(ids) {
		return fmt.Errorf("insert returned %d ids for %d messages", n, len(ids))
	}
	slices.Sort(ids)
	return nil
}

// Messages returns a session's messages in order. An unknown session has
// none.
func (s *Store) Messages(ctx context.Context, sessionID string) ([]Message, error) {
	msgs, err := s.queryMessages(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE session_id = ? ORDER BY id`, sessionID)
	if err == nil {
		err = s.loadImages(ctx, sessionID, msgs)
	}
	if err != nil {
		return nil, opError(err, "read messages of session %s", sessionID)
	}
	return msgs, nil
}

// MessagesPage returns up to limit messages of a session that come before
// beforeID (all the latest if beforeID <= 0), in ascending order, for loading
// a long session lazily from its end.
func (s *Store) MessagesPage(ctx context.Context, sessionID string, beforeID int64, limit int) ([]Message, error) {
	if limit <= 0 {
		return nil, nil
	}
	if beforeID <= 0 {
		beforeID = 1<<63 - 1
	}
	msgs, err := s.queryMessages(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE session_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, sessionID, beforeID, limit)
	if err != nil {
		return nil, opError(err, "read messages of session %s before %d", sessionID, beforeID)
	}
	slices.Reverse(msgs)
	if err := s.loadImageInfo(ctx, sessionID, msgs); err != nil {
		return nil, opError(err, "read messages of session %s before %d", sessionID, beforeID)
	}
	return msgs, nil
}

// DeleteMessagesAfter deletes a session's messages whose id is greater than
// afterID (rewinding the conversation to that message) and returns how many
// went. The full-text index follows.
func (s *Store) DeleteMessagesAfter(ctx context.Context, sessionID string, afterID int64) (int, error) {
	var deleted int64
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		deleted, err = changed(tx.ExecContext(ctx, `DELETE FROM messages WHERE session_id = ? AND id > ?`, sessionID, afterID))
		if err != nil {
			return err
		}
		n, err := changed(tx.ExecContext(ctx, `UPDATE sessions
			SET message_count = max(message_count - ?, 0), updated_at = max(updated_at, ?)
			WHERE id = ?`, deleted, toNanos(nowUTC()), sessionID))
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("session %s: %w", sessionID, ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return 0, opError(err, "delete messages of session %s after %d", sessionID, afterID)
	}
	return int(deleted), nil
}

// queryMessages reads the messages query selects (messageColumns).
func (s *Store) queryMessages(ctx context.Context, query string, args ...any) ([]Message, error) {
	return allRows(ctx, s.r, query, args, scanMessage)
}

func scanMessage(rows *sql.Rows) (Message, error) {
	var (
		m         Message
		toolCalls sql.NullString
		created   int64
	)
	err := rows.Scan(&m.ID, &m.SessionID, &m.Role, &m.Content, &toolCalls, &m.ToolCallID,
		&m.ToolName, &m.Reasoning, &m.ReasoningSignature, &m.FinishReason, &m.TokenCount,
		&m.Usage.InputTokens, &m.Usage.OutputTokens, &m.Usage.CacheReadTokens, &m.Usage.CacheWriteTokens, &m.Usage.ReasoningTokens,
		&m.Complete, &created)
	if err != nil {
		return m, err
	}
	m.CreatedAt = fromNanos(created)
	if toolCalls.Valid && toolCalls.String != "" {
		if err := json.Unmarshal([]byte(toolCalls.String), &m.ToolCalls); err != nil {
			return m, fmt.Errorf("decode tool calls of message %d: %w", m.ID, err)
		}
	}
	return m, nil
}

// toolSearchText is what the full-text index sees of tool calls: each call's
// name and the string, number and boolean values of its arguments (not the
// JSON keys and punctuation, which would make every call match "command").
// Arguments that are not valid JSON are indexed as they are.
func toolSearchText(calls []ToolCall) string {
	if len(calls) == 0 {
		return ""
	}
	var b strings.Builder
	for _, c := range calls {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.Name)
		var args any
		dec := json.NewDecoder(strings.NewReader(c.Arguments))
		dec.UseNumber() // index 12345678901234567890 as written, not as a float
		if err := dec.Decode(&args); err != nil {
			if c.Arguments != "" {
				b.WriteByte('\n')
				b.WriteString(c.Arguments)
			}
			continue
		}
		appendJSONValues(&b, args)
	}
	return b.String()
}

func appendJSONValues(b *strings.Builder, v any) {
	switch v := v.(type) {
	case string:
		b.WriteByte('\n')
		b.WriteString(v)
	case json.Number:
		b.WriteByte('\n')
		b.WriteString(v.String())
	case bool:
		b.WriteByte('\n')
		b.WriteString(strconv.FormatBool(v))
	case []any:
		for _, e := range v {
			appendJSONValues(b, e)
		}
	case map[string]any:
		// Map order is random; sort keys so the indexed text is stable.
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			appendJSONValues(b, v[k])
		}
	}
}
