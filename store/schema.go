package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A migration moves the schema from version-1 to version. Migrations are
// never edited once released: a change is a new migration appended to the
// list, so every database goes through the same steps.
type migration struct {
	name string
	up   func(ctx context.Context, tx *sql.Tx) error
}

// migrations lists every schema change in order; version N is migrations()[N-1].
func migrations() []migration {
	return []migration{
		{"sessions, messages and full-text search", execSQL(schemaV1)},
		{"session events and approval grants", execSQL(schemaV2)},
		{"cron jobs, gateway routes and inbox, pairing", execSQL(schemaV3)},
		{"full-text index vocabulary, for prefix search", execSQL(schemaV4)},
		{"message images and file snapshots for rewind", execSQL(schemaV5)},
		{"signed approval grants", execSQL(schemaV6)},
	}
}

func execSQL(stmts string) func(context.Context, *sql.Tx) error {
	return func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, stmts)
		return err
	}
}

// Timestamps are stored as INTEGER unix nanoseconds (UTC), which sort and
// compare exactly; the Go API uses time.Time.
//
// messages.tool_args holds the names and argument text of an assistant
// message's tool calls, computed in Go, so the FTS index (whose external
// content is the messages table, read by column name) can cover them.
const schemaV1 = `
CREATE TABLE sessions (
	id                 TEXT PRIMARY KEY,
	source             TEXT NOT NULL DEFAULT '',
	title              TEXT NOT NULL DEFAULT '',
	model              TEXT NOT NULL DEFAULT '',
	provider           TEXT NOT NULL DEFAULT '',
	-- Not a foreign key on purpose: a child session (e.g. after compression)
	-- keeps naming its parent even if the parent is deleted later.
	parent_session_id  TEXT,
	started_at         INTEGER NOT NULL,
	ended_at           INTEGER,
	end_reason         TEXT NOT NULL DEFAULT '',
	message_count      INTEGER NOT NULL DEFAULT 0,
	input_tokens       INTEGER NOT NULL DEFAULT 0,
	output_tokens      INTEGER NOT NULL DEFAULT 0,
	cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
	cache_write_tokens INTEGER NOT NULL DEFAULT 0,
	reasoning_tokens   INTEGER NOT NULL DEFAULT 0,
	cost_usd           REAL NOT NULL DEFAULT 0,
	cwd                TEXT NOT NULL DEFAULT '',
	archived           INTEGER NOT NULL DEFAULT 0,
	updated_at         INTEGER NOT NULL
) STRICT;

CREATE INDEX sessions_updated ON sessions (updated_at, id);
CREATE INDEX sessions_source_updated ON sessions (source, updated_at, id);
CREATE INDEX sessions_parent ON sessions (parent_session_id) WHERE parent_session_id IS NOT NULL;

CREATE TABLE messages (
	id                  INTEGER PRIMARY KEY AUTOINCREMENT,
	session_id          TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	role                TEXT NOT NULL,
	content             TEXT NOT NULL DEFAULT '',
	tool_calls          TEXT, -- JSON array of {"id","name","arguments"}, NULL if none
	tool_call_id        TEXT NOT NULL DEFAULT '',
	tool_name           TEXT NOT NULL DEFAULT '',
	tool_args           TEXT NOT NULL DEFAULT '',
	reasoning           TEXT NOT NULL DEFAULT '',
	reasoning_signature TEXT NOT NULL DEFAULT '',
	finish_reason       TEXT NOT NULL DEFAULT '',
	token_count         INTEGER NOT NULL DEFAULT 0,
	-- What the provider reported for the model call that produced this
	-- message (assistant messages); also summed into the session's counters.
	input_tokens        INTEGER NOT NULL DEFAULT 0,
	output_tokens       INTEGER NOT NULL DEFAULT 0,
	cache_read_tokens   INTEGER NOT NULL DEFAULT 0,
	cache_write_tokens  INTEGER NOT NULL DEFAULT 0,
	reasoning_tokens    INTEGER NOT NULL DEFAULT 0,
	complete            INTEGER NOT NULL DEFAULT 1, -- 0 while a streamed draft is being written
	created_at          INTEGER NOT NULL
) STRICT;

CREATE INDEX messages_session ON messages (session_id, id);

CREATE VIRTUAL TABLE messages_fts USING fts5 (
	content, tool_name, tool_args,
	content = 'messages',
	content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2'
);

-- Rows are added to the index by the code that inserts messages, in the same
-- transaction (store: indexNew, Fork, import): an AFTER INSERT trigger would
-- make every insert a multi-table write with a statement journal, which
-- doubled the cost of the agent's one-message appends. Updates and deletes,
-- which are rare, keep their triggers.

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
	INSERT INTO messages_fts (messages_fts, rowid, content, tool_name, tool_args)
	VALUES ('delete', old.id, old.content, old.tool_name, old.tool_args);
END;

-- Only the indexed columns: a draft's finish_reason or complete flag changing
-- does not need the index rewritten.
CREATE TRIGGER messages_fts_update AFTER UPDATE OF content, tool_name, tool_args ON messages BEGIN
	INSERT INTO messages_fts (messages_fts, rowid, content, tool_name, tool_args)
	VALUES ('delete', old.id, old.content, old.tool_name, old.tool_args);
	INSERT INTO messages_fts (rowid, content, tool_name, tool_args)
	VALUES (new.id, new.content, new.tool_name, new.tool_args);
END;
`

// schemaV2 adds the session event log (retries, fallbacks, compressions,
// approvals: what happened around the conversation, kept with it) and the
// persisted approval grants.
const schemaV2 = `
CREATE TABLE session_events (
	id         INTEGER PRIMARY KEY,
	session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	kind       TEXT NOT NULL,
	data       TEXT NOT NULL DEFAULT '{}', -- JSON object, shape depends on kind
	created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX session_events_session ON session_events (session_id, id);

-- An "always" answer to an approval request: the finding id it covers and,
-- when the user chose so, the exact command (empty = any command with that
-- finding).
CREATE TABLE approval_grants (
	id         INTEGER PRIMARY KEY,
	finding_id TEXT NOT NULL,
	command    TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL,
	UNIQUE (finding_id, command)
) STRICT;
`

// migrate applies the migrations this database has not seen, each in its own
// transaction. The version is re-read inside each transaction, which holds
// the write lock, so two processes opening a fresh file at once apply every
// migration exactly once.
func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		applied_at INTEGER NOT NULL
	)`); err != nil {
		return fmt.Errorf("create the migrations table: %w", err)
	}
	all := migrations()
	for {
		done, err := s.migrateOne(ctx, all)
		if err != nil || done {
			return err
		}
	}
}

// migrateOne applies the next pending migration; done reports that none was
// pending.
func (s *Store) migrateOne(ctx context.Context, all []migration) (done bool, err error) {
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		var version int
		if err := tx.QueryRowContext(ctx,
			`SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&version); err != nil {
			return fmt.Errorf("read the schema version: %w", err)
		}
		if version > len(all) {
			return fmt.Errorf("%w (schema version %d; this herm knows up to %d): upgrade herm", ErrNewerSchema, version, len(all))
		}
		if version == len(all) {
			done = true
			return nil
		}
		m := all[version]
		if err := m.up(ctx, tx); err != nil {
			return fmt.Errorf("migrate to schema version %d (%s): %w", version+1, m.name, err)
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)`,
			version+1, time.Now().UnixNano()); err != nil {
			return fmt.Errorf("record schema version %d: %w", version+1, err)
		}
		return nil
	})
	return done, err
}

// SchemaVersion is the newest schema version this build knows.
func SchemaVersion() int { return len(migrations()) }
