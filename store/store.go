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
	"gorm.io/gorm/logger"
)

// busyTimeoutMS is how long a connection waits for another writer (in this or
// another process) before giving up. Writes are short, so 5 s is only reached
// when something is badly stuck.
const busyTimeoutMS = 5000

// Store is an open state database. It is safe for concurrent use.
type Store struct {
	path string

	// w is the only connection that writes, so writes in this process are
	// serialised by database/sql handing it out to one caller at a time.
	// Its transactions begin IMMEDIATE: they take the write lock up front and
	// wait for it via busy_timeout, instead of failing when a read-then-write
	// transaction cannot upgrade its lock.
	w   *gorm.DB
	wdb *sql.DB
	// r is a pool of read-only connections; WAL lets them read a consistent
	// snapshot while a write is in progress.
	r   *gorm.DB
	rdb *sql.DB

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
// not a SQLite database, or one written by a newer herm, is refused with an
// error naming the path.
func Open(ctx context.Context, path string) (*Store, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, opError(err, "open %s", path)
	}
	if err := prepareFile(abs); err != nil {
		return nil, err
	}

	s := &Store{path: abs, newID: newSessionID}
	if s.w, s.wdb, err = openHandle(abs, writePragmas()); err != nil {
		return nil, openError(abs, err)
	}
	s.wdb.SetMaxOpenConns(1)
	s.wdb.SetMaxIdleConns(1)
	s.wdb.SetConnMaxLifetime(0)
	s.wdb.SetConnMaxIdleTime(0)

	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}

	if s.r, s.rdb, err = openHandle(abs, readPragmas()); err != nil {
		s.Close()
		return nil, openError(abs, err)
	}
	readers := min(max(runtime.GOMAXPROCS(0), 2), 8)
	s.rdb.SetMaxOpenConns(readers)
	s.rdb.SetMaxIdleConns(readers)

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

// openHandle opens a GORM handle whose connections all get the given
// pragmas. The DSN is a file: URI so any character in the path is escaped.
func openHandle(path string, q url.Values) (*gorm.DB, *sql.DB, error) {
	dsn := (&url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}).String()
	db, err := gorm.Open(sqlite.Open(dsn), &gorm.Config{
		// The store reports its own errors; GORM's logger would print to
		// stdout, under the TUI.
		Logger:                 logger.Discard,
		SkipDefaultTransaction: true,
	})
	if err != nil {
		return nil, nil, err
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, nil, err
	}
	return db, sqlDB, nil
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
	if s.insertOne, err = s.wdb.PrepareContext(ctx, strings.TrimSuffix(insertMessagesSQL(1), " RETURNING id")); err != nil {
		return fmt.Errorf("prepare message insert: %w", err)
	}
	if s.insertChunk, err = s.wdb.PrepareContext(ctx, insertMessagesSQL(insertChunkRows)); err != nil {
		return fmt.Errorf("prepare message batch insert: %w", err)
	}
	s.updateDraft, err = s.wdb.PrepareContext(ctx,
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
	for _, db := range []*sql.DB{s.rdb, s.wdb} {
		if db != nil {
			errs = append(errs, db.Close())
		}
	}
	if err := errors.Join(errs...); err != nil {
		return opError(err, "close %s", s.path)
	}
	return nil
}

// withTx runs fn in a write transaction (BEGIN IMMEDIATE on the single write
// connection) and commits it; any error rolls it back.
func (s *Store) withTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
