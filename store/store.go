// Package store is herm's durable state: sessions, their messages and a
// full-text index over them, kept in one SQLite file (HERM_HOME/state.db).
//
// The store is the source of truth for conversations. A message handed to
// AppendMessage is committed when the call returns, so a crash or kill -9
// right after it loses nothing; resuming a session is reloading it.
//
// Concurrency: inside one process all writes go through a single connection,
// so they never contend with each other. Several processes (the TUI and the
// headless gateway) may share the file; SQLite's WAL mode lets readers run
// beside the writer, and writers of different processes wait for each other
// through busy_timeout instead of failing with "database is locked".
//
// # Two layers, one rule
//
// A Store holds one handle per pool: a *sql.DB for the writer and one for
// the readers. Every statement runs on one of them, through one of two
// layers, and which one is decided by the path, not the table:
//
//   - Raw SQL (sql.go) for the hot paths: everything on the messages
//     table, its full-text index and images — appending one message or a
//     batch, importing, drafts, search, reading and paging messages, fork,
//     rewind, delete and prune — and the reads of many sessions at once
//     (lists and counts, lineage, export, stats), which the sessions pane
//     runs per keystroke. The statements are written out, the hottest
//     prepared once (prepare), and rows are read with eachRow and allRows.
//   - GORM (orm.go, models.go) for the low-volume CRUD, one row at a time,
//     a few per turn at most: sessions' metadata (create, read, update,
//     usage, title), approval grants, pairing, cron jobs and runs, gateway
//     routes and inbox, session events and file snapshots. GORM maps the
//     row structs and builds the statements; it opens no connections of
//     its own (orm binds it to a pool per call).
//
// The schema is neither: it is versioned SQL (schema*.go) applied by
// migrate, because FTS5 tables, triggers and STRICT tables have no GORM
// form and a migration must run exactly once even when two processes open
// a new file together. GORM's part in the schema is the row structs, which
// a test checks against the migrated tables.
//
// Errors are typed: every failing method returns an *Error saying what the
// store was doing, wrapping causes a caller can test with errors.Is
// (ErrNotFound, ErrNotDatabase…) or errors.As (*QueryError).
package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
)

// busyTimeoutMS is how long a connection waits for another writer (in this or
// another process) before giving up. Writes are short, so 5 s is only reached
// when something is badly stuck.
const busyTimeoutMS = 5000

// Store is an open state database. It is safe for concurrent use.
type Store struct {
	path string

	// w is the pool of the one connection that writes, so writes in this
	// process are serialised by database/sql handing it out to one caller
	// at a time. Its transactions begin IMMEDIATE: they take the write
	// lock up front and wait for it via busy_timeout, instead of failing
	// when a read-then-write transaction cannot upgrade its lock.
	w *sql.DB
	// r is a pool of read-only connections; WAL lets them read a
	// consistent snapshot while a write is in progress.
	r *sql.DB
	// gorm is GORM's configuration, with no connections of its own: orm
	// binds it to w or r for one call (orm.go).
	gorm *gorm.DB

	// Prepared statements for the hot paths: inserting one message, a full
	// chunk of a batch, and a draft's text.
	insertOne   *sql.Stmt
	insertChunk *sql.Stmt
	updateDraft *sql.Stmt

	// newID makes session ids; tests replace it to force collisions.
	newID func(time.Time) string

	// hotWords are common words sampled for prefix search (searchhot.go).
	hotWords hotWords
}

// Open opens the state database at path, creating it (0600, and its parent
// directory 0700) if needed, and brings its schema up to date. A file that is
// not a SQLite database (ErrNotDatabase, ErrCorrupt), or one written by a
// newer herm (ErrNewerSchema), is refused with an error naming the path.
func Open(ctx context.Context, path string) (*Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, opError(err, "open %s", path)
	}
	if err := prepareFile(abs); err != nil {
		return nil, err
	}

	s := &Store{path: abs, newID: newSessionID}
	if s.w, err = openPool(abs, writePragmas()); err != nil {
		return nil, openError(abs, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	s.w.SetConnMaxIdleTime(0)

	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}

	if s.r, err = openPool(abs, readPragmas()); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}
	readers := min(max(runtime.GOMAXPROCS(0), 2), 8)
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	// Open the first reader now, so a file the readers cannot open is
	// refused here rather than by the first read.
	if err := s.r.PingContext(ctx); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}

	if s.gorm, err = openGORM(s.w); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}
	return s, nil
}

// writePragmas are applied by the driver to every new write connection.
func writePragmas() url.Values {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMS))
	q.Add("_pragma", "journal_mode(WAL)")
	// In WAL mode synchronous=NORMAL keeps every committed transaction
	// across a process crash or kill -9 (the WAL is in the OS page cache
	// when COMMIT returns); only a power loss or kernel panic can roll back
	// the last few commits, never corrupt the file. FULL would add an fsync
	// per message for that rare case.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// Stop the WAL from staying huge after a burst of writes.
	q.Add("_pragma", "journal_size_limit(67108864)")
	q.Set("_txlock", "immediate")
	return q
}

// readPragmas are applied to every pooled read connection. query_only makes
// an accidental write through the read pool fail instead of bypassing the
// single-writer rule.
func readPragmas() url.Values {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMS))
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "query_only(1)")
	return q
}

// openPool opens a pool whose connections all get the given pragmas. The
// DSN is a file: URI so any character in the path is escaped.
func openPool(path string, q url.Values) (*sql.DB, error) {
	dsn := (&url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}).String()
	return sql.Open(sqlite.DriverName, dsn)
}

// prepareFile creates the parent directory (0700) and an empty database file
// (0600) so SQLite never creates them with the umask's looser permissions;
// SQLite gives the -wal and -shm files the database file's mode. An existing
// file must start with the SQLite header.
func prepareFile(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return opError(err, "create the directory for %s", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return opError(err, "open %s", path)
	}
	defer f.Close()
	header := make([]byte, 16)
	n, err := io.ReadFull(f, header)
	switch {
	case n == 0 && (err == io.EOF || err == nil):
		return nil // new or empty file: SQLite initialises it
	case err != nil && err != io.ErrUnexpectedEOF:
		return opError(err, "read %s", path)
	case !bytes.Equal(header[:n], []byte("SQLite format 3\x00")):
		return opError(fmt.Errorf("%w; move it away or point herm at another file", ErrNotDatabase), "open %s", path)
	}
	return nil
}

// prepare compiles the statements used on hot paths.
func (s *Store) prepare(ctx context.Context) error {
	var err error
	if s.insertOne, err = s.w.PrepareContext(ctx, strings.TrimSuffix(insertMessagesSQL(1), " RETURNING id")); err != nil {
		return fmt.Errorf("prepare message insert: %w", err)
	}
	if s.insertChunk, err = s.w.PrepareContext(ctx, insertMessagesSQL(insertChunkRows)); err != nil {
		return fmt.Errorf("prepare message batch insert: %w", err)
	}
	s.updateDraft, err = s.w.PrepareContext(ctx,
		`UPDATE messages SET content = ?, reasoning = ? WHERE id = ?`)
	if err != nil {
		return fmt.Errorf("prepare draft update: %w", err)
	}
	return nil
}

// Path is the absolute path of the database file.
func (s *Store) Path() string { return s.path }

// Close releases the database. Pending drafts should be committed or
// abandoned first; their later writes fail.
func (s *Store) Close() error {
	var errs []error
	for _, st := range []*sql.Stmt{s.insertOne, s.insertChunk, s.updateDraft} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	for _, db := range []*sql.DB{s.r, s.w} {
		if db != nil {
			errs = append(errs, db.Close())
		}
	}
	if err := errors.Join(errs...); err != nil {
		return opError(err, "close %s", s.path)
	}
	return nil
}
