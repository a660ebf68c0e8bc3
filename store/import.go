package store

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"
)

// ImportOptions shape an import.
type ImportOptions struct {
	// Source is given to conversations without herm's session record
	// (default "import").
	Source string
	// BatchMessages is about how many messages one transaction writes
	// (default 20,000): big enough that the index is built in few passes,
	// small enough that a crash loses little and other writers wait at
	// most a fraction of a second.
	BatchMessages int
	// Progress, when set, is called after each committed batch.
	Progress func(ImportResult)
}

// ImportResult says what an import did.
type ImportResult struct {
	// Lines counts the lines read (blank ones included).
	Lines int
	// Sessions and Messages count what was stored.
	Sessions, Messages int
	// Skipped are conversations whose session id is already in the store
	// (an export imported twice).
	Skipped []LineError
	// Errors are lines that could not be read; the other lines were
	// imported.
	Errors []LineError
}

// LineError is a problem with one line of an import file.
type LineError struct {
	Line int
	Err  error
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e LineError) Unwrap() error { return e.Err }

const (
	defaultImportSource  = "import"
	defaultBatchMessages = 20000
	// maxBatchSessions bounds a batch of many tiny conversations.
	maxBatchSessions = 5000
	// importChunkRows is how many messages one INSERT carries.
	importChunkRows = 5000
	// importHashSize is the FTS5 pending-terms limit (bytes) set for bulk
	// writes: with the default 1 MB the index is flushed and merged every
	// few thousand messages, which doubles the cost of an import. It only
	// matters inside big transactions; an append commits (and flushes)
	// long before reaching it.
	importHashSize = 16 << 20
)

// importItem is one conversation on its way into the store.
type importItem struct {
	line   int
	conv   Conversation
	keepID bool // the id came from the file: skip on conflict, never renumber
}

type importBatch struct {
	items   []importItem
	nmsgs   int
	lines   int // lines read for this batch
	errs    []LineError
	readErr error
	// sessions and messages are the rows as JSON arrays, encoded by the
	// reader (off the writer's path); renumbering a session re-encodes.
	sessions []byte
	messages [][]byte
}

// encode prepares the batch's rows.
func (b *importBatch) encode() error {
	var err error
	if b.sessions, err = sessionRows(b.items); err != nil {
		return err
	}
	b.messages, err = messageRows(b.items)
	return err
}

// ImportJSONL reads conversations from r, one JSON object per line, in
// OpenAI fine-tuning shape ({"messages": [{"role", "content", …}]}, what
// ExportJSONL writes) or ShareGPT shape ({"conversations": [{"from",
// "value"}]}), and stores each as a session. Lines that cannot be read are
// reported with their line number and the rest are imported; sessions
// whose id is already stored are skipped. Reading and parsing run beside
// the writes, which go in batched transactions; a batch is all or nothing.
// The error is for failures that stop the import (I/O, the database);
// batches committed before it stay.
func (s *Store) ImportJSONL(ctx context.Context, r io.Reader, opts ImportOptions) (ImportResult, error) {
	opts = opts.withDefaults()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan *importBatch, 2)
	go func() {
		defer close(batches)
		s.readBatches(ctx, r, opts, batches)
	}()
	var res ImportResult
	w := s.newImportWriter()
	for b := range batches {
		res.Lines += b.lines
		res.Errors = append(res.Errors, b.errs...)
		if err := w.write(ctx, b, &res); err != nil {
			return res, opError(err, "import")
		}
		if b.readErr != nil {
			return res, opError(b.readErr, "import: read line %d", res.Lines+1)
		}
		if opts.Progress != nil && len(b.items) > 0 {
			opts.Progress(res)
		}
	}
	if err := ctx.Err(); err != nil {
		return res, opError(err, "import")
	}
	return res, nil
}

// ImportConversations stores conversations as ImportJSONL does with the
// lines of a file (Line in errors is the index plus one).
func (s *Store) ImportConversations(ctx context.Context, convs []Conversation, opts ImportOptions) (ImportResult, error) {
	opts = opts.withDefaults()
	var res ImportResult
	w := s.newImportWriter()
	b := &importBatch{}
	base := nowUTC()
	for i, c := range convs {
		if len(c.Messages) == 0 {
			res.Errors = append(res.Errors, LineError{i + 1, errors.New("the conversation has no messages")})
			continue
		}
		c.Messages = slices.Clone(c.Messages) // times are filled in; leave the caller's alone
		b.items = append(b.items, s.importItem(i+1, c, c.Session.ID != "", opts, base))
		b.nmsgs += len(c.Messages)
		if b.nmsgs >= opts.BatchMessages || len(b.items) >= maxBatchSessions || i == len(convs)-1 {
			if err := w.write(ctx, b, &res); err != nil {
				return res, opError(err, "import")
			}
			b = &importBatch{}
		}
	}
	if len(b.items) > 0 {
		if err := w.write(ctx, b, &res); err != nil {
			return res, opError(err, "import")
		}
	}
	res.Lines = len(convs)
	return res, nil
}

func (o ImportOptions) withDefaults() ImportOptions {
	if o.Source == "" {
		o.Source = defaultImportSource
	}
	if o.BatchMessages <= 0 {
		o.BatchMessages = defaultBatchMessages
	}
	return o
}

// readBatches parses r into batches. It runs on its own goroutine, so the
// JSON work overlaps the database writes.
func (s *Store) readBatches(ctx context.Context, r io.Reader, opts ImportOptions, out chan<- *importBatch) {
	br := bufio.NewReaderSize(r, 1<<20)
	base := nowUTC()
	b := &importBatch{}
	send := func() bool {
		if err := b.encode(); err != nil && b.readErr == nil {
			b.readErr = err
		}
		select {
		case out <- b:
			b = &importBatch{}
			return true
		case <-ctx.Done():
			return false
		}
	}
	for line := 1; ; line++ {
		data, err := br.ReadBytes('\n')
		if len(data) > 0 || err == nil {
			b.lines++
			if trimmed := bytes.TrimSpace(data); len(trimmed) > 0 {
				conv, keepID, perr := parseLine(trimmed)
				if perr != nil {
					b.errs = append(b.errs, LineError{line, perr})
				} else {
					b.items = append(b.items, s.importItem(line, conv, keepID, opts, base))
					b.nmsgs += len(conv.Messages)
				}
			}
		}
		if err != nil {
			if err != io.EOF {
				b.readErr = err
			}
			send()
			return
		}
		if b.nmsgs >= opts.BatchMessages || len(b.items) >= maxBatchSessions {
			if !send() {
				return
			}
		}
	}
}

// importItem fills what a conversation from a file lacks: an id, a source,
// times. Conversations without times get the import time plus their line
// number in nanoseconds, so the file's order is the sessions' order.
func (s *Store) importItem(line int, conv Conversation, keepID bool, opts ImportOptions, base time.Time) importItem {
	sess := &conv.Session
	if sess.Source == "" {
		sess.Source = opts.Source
	}
	if sess.StartedAt.IsZero() {
		sess.StartedAt = base.Add(time.Duration(line))
	}
	latest := sess.StartedAt
	for i := range conv.Messages {
		m := &conv.Messages[i]
		if m.CreatedAt.IsZero() {
			m.CreatedAt = sess.StartedAt
		}
		if m.CreatedAt.After(latest) {
			latest = m.CreatedAt
		}
	}
	if sess.UpdatedAt.IsZero() {
		sess.UpdatedAt = latest
	}
	sess.MessageCount = len(conv.Messages)
	if !keepID {
		sess.ID = s.newID(sess.StartedAt)
	}
	return importItem{line: line, conv: conv, keepID: keepID}
}

// importWriter writes batches.
type importWriter struct {
	s *Store
	// hashSet records that the FTS5 pending-terms size was raised.
	hashSet bool
}

func (s *Store) newImportWriter() *importWriter { return &importWriter{s: s} }

// write commits one batch: its sessions, their messages and the index
// entries for them, in one transaction, so a crash loses at most the batch
// in flight and never leaves messages unindexed. The new rows are indexed
// with one INSERT … SELECT over their id range, which costs a third of
// indexing them row by row.
func (w *importWriter) write(ctx context.Context, b *importBatch, res *ImportResult) error {
	if len(b.items) == 0 {
		return nil
	}
	s := w.s
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		changed, err := w.dedupe(ctx, tx, b, res)
		if err != nil {
			return err
		}
		if changed || b.sessions == nil {
			if err := b.encode(); err != nil {
				return err
			}
		}
		if len(b.items) == 0 {
			return nil
		}
		if !w.hashSet {
			if err := raiseHashSize(ctx, tx); err != nil {
				return err
			}
		}
		var before int64
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM messages`).Scan(&before); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, insertSessionsSQL, string(b.sessions)); err != nil {
			return fmt.Errorf("insert sessions: %w", err)
		}
		for _, chunk := range b.messages {
			if _, err := tx.ExecContext(ctx, insertMessagesJSONSQL, string(chunk)); err != nil {
				return fmt.Errorf("insert messages: %w", err)
			}
		}
		// Every id above before is this batch's: the transaction holds
		// the write lock, and AUTOINCREMENT only grows.
		if _, err := tx.ExecContext(ctx, `INSERT INTO messages_fts (rowid, content, tool_name, tool_args)
			SELECT id, content, tool_name, tool_args FROM messages WHERE id > ?`, before); err != nil {
			return fmt.Errorf("index the imported messages: %w", err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.hashSet = true
	for _, it := range b.items {
		res.Sessions++
		res.Messages += len(it.conv.Messages)
	}
	return nil
}

// raiseHashSize sets the FTS5 pending-terms size (a setting stored in the
// index) unless it is already at least importHashSize.
func raiseHashSize(ctx context.Context, tx *sql.Tx) error {
	var cur int64
	err := tx.QueryRowContext(ctx, `SELECT v FROM messages_fts_config WHERE k = 'hashsize'`).Scan(&cur)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("read the index settings: %w", err)
	}
	if cur >= importHashSize {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO messages_fts (messages_fts, rank) VALUES ('hashsize', ?)`, importHashSize); err != nil {
		return fmt.Errorf("tune the index for bulk writes: %w", err)
	}
	return nil
}

// dedupe drops conversations whose id (from the file) is already stored or
// repeated in the batch, and renumbers generated ids that collide. It
// reports whether the batch changed.
func (w *importWriter) dedupe(ctx context.Context, tx *sql.Tx, b *importBatch, res *ImportResult) (bool, error) {
	ids := make([]string, len(b.items))
	for i, it := range b.items {
		ids[i] = it.conv.Session.ID
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return false, err
	}
	stored, err := allRows(ctx, tx, `SELECT id FROM sessions WHERE id IN (SELECT value FROM json_each(?))`,
		[]any{string(list)}, scanOne[string])
	if err != nil {
		return false, err
	}
	taken := make(map[string]bool, len(stored))
	for _, id := range stored {
		taken[id] = true
	}
	changed := false
	kept := b.items[:0]
	for _, it := range b.items {
		id := it.conv.Session.ID
		if taken[id] {
			changed = true
			if it.keepID {
				res.Skipped = append(res.Skipped, LineError{it.line, fmt.Errorf("session %s is already in the store", id)})
				continue
			}
			for taken[id] {
				id = w.s.newID(it.conv.Session.StartedAt)
			}
			it.conv.Session.ID = id
		}
		taken[id] = true
		kept = append(kept, it)
	}
	b.items = kept
	return changed, nil
}

// The rows of a batch go in as JSON arrays, one statement for the sessions
// and one per importChunkRows messages: the driver compiles every
// statement anew, so a statement per row would cost more than the rows.
// jsonb_each walks the array in order, so message ids follow it.
const (
	insertSessionsSQL = `INSERT INTO sessions
		(id, source, title, model, provider, parent_session_id, started_at, ended_at, end_reason, message_count,
		 input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens,
		 cost_usd, cwd, archived, updated_at)
		SELECT v->>0, v->>1, v->>2, v->>3, v->>4, v->>5, v->>6, v->>7, v->>8, v->>9,
		 v->>10, v->>11, v->>12, v->>13, v->>14, v->>15, v->>16, v->>17, v->>18
		FROM (SELECT value AS v FROM jsonb_each(?))`
	insertMessagesJSONSQL = `INSERT INTO messages
		(session_id, role, content, tool_calls, tool_call_id, tool_name, tool_args,
		 reasoning, reasoning_signature, finish_reason, created_at)
		SELECT v->>0, v->>1, v->>2, v->>3, v->>4, v->>5, v->>6, v->>7, v->>8, v->>9, v->>10
		FROM (SELECT value AS v FROM jsonb_each(?))`
)

func sessionRows(items []importItem) ([]byte, error) {
	rows := make([][]any, len(items))
	for i, it := range items {
		s := &it.conv.Session
		var ended any
		if s.EndedAt != nil {
			ended = toNanos(*s.EndedAt)
		}
		rows[i] = []any{s.ID, s.Source, s.Title, s.Model, s.Provider, nullString(s.ParentID),
			toNanos(s.StartedAt), ended, s.EndReason, s.MessageCount,
			s.Usage.InputTokens, s.Usage.OutputTokens, s.Usage.CacheReadTokens, s.Usage.CacheWriteTokens, s.Usage.ReasoningTokens,
			s.CostUSD, s.Cwd, s.Archived, toNanos(s.UpdatedAt)}
	}
	return json.Marshal(rows)
}

func messageRows(items []importItem) ([][]byte, error) {
	var chunks [][]byte
	rows := make([][]any, 0, importChunkRows)
	flush := func() error {
		if len(rows) == 0 {
			return nil
		}
		data, err := json.Marshal(rows)
		chunks = append(chunks, data)
		rows = rows[:0]
		return err
	}
	for _, it := range items {
		id := it.conv.Session.ID
		for i := range it.conv.Messages {
			m := &it.conv.Messages[i]
			var calls any
			if len(m.ToolCalls) > 0 {
				b, err := json.Marshal(m.ToolCalls)
				if err != nil {
					return nil, err
				}
				calls = string(b)
			}
			rows = append(rows, []any{id, m.Role, m.Content, calls, m.ToolCallID, m.ToolName,
				toolSearchText(m.ToolCalls), m.Reasoning, m.ReasoningSignature, m.FinishReason, toNanos(m.CreatedAt)})
			if len(rows) == importChunkRows {
				if err := flush(); err != nil {
					return nil, err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return chunks, nil
}
