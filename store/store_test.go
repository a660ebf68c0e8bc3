package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openTest opens a fresh store in a temporary directory and closes it when
// the test ends.
func openTest(t testing.TB) *Store {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), "state.db"))
}

func openAt(t testing.TB, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// newSession creates a session for tests.
func newSession(t testing.TB, s *Store) *Session {
	t.Helper()
	sess := &Session{Source: "cli", Title: "test", Model: "m", Provider: "p"}
	if err := s.CreateSession(context.Background(), sess); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	return sess
}

// ftsIntegrity runs FTS5's own check that messages_fts matches the messages
// table exactly (rank 1 = compare against the external content).
func ftsIntegrity(t testing.TB, s *Store) {
	t.Helper()
	if _, err := s.w.Exec(`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`); err != nil {
		t.Fatalf("FTS integrity check: %v", err)
	}
}

func pragma(t testing.TB, db *sql.DB, name string) string {
	t.Helper()
	var v string
	if err := db.QueryRow("PRAGMA " + name).Scan(&v); err != nil {
		t.Fatalf("PRAGMA %s: %v", name, err)
	}
	return v
}

func TestOpenCreatesPrivateFileAndDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "home", "nested")
	path := filepath.Join(dir, "state.db")
	s := openAt(t, path)

	if s.Path() != path {
		t.Errorf("Path() = %q, want %q", s.Path(), path)
	}
	for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != want {
			t.Errorf("%s mode = %v, want %v", p, got, want)
		}
	}
	// The WAL appears once something is written; it must be as private as
	// the database.
	newSession(t, s)
	st, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Mode().Perm(); got != 0o600 {
		t.Errorf("WAL mode = %v, want 0600", got)
	}
}

func TestOpenSetsPragmasOnEveryConnection(t *testing.T) {
	s := openTest(t)
	if got := pragma(t, s.w, "journal_mode"); got != "wal" {
		t.Errorf("journal_mode = %q, want wal", got)
	}
	if got := pragma(t, s.w, "synchronous"); got != "1" {
		t.Errorf("synchronous = %q, want 1 (NORMAL)", got)
	}
	if got := pragma(t, s.w, "busy_timeout"); got != "5000" {
		t.Errorf("busy_timeout = %q, want 5000", got)
	}
	// Hold every read connection at once so each is a new one.
	ctx := context.Background()
	var conns []*sql.Conn
	for range s.r.Stats().MaxOpenConnections {
		c, err := s.r.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var fk, qo int
		if err := c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil {
			t.Fatal(err)
		}
		if err := c.QueryRowContext(ctx, "PRAGMA query_only").Scan(&qo); err != nil {
			t.Fatal(err)
		}
		if fk != 1 || qo != 1 {
			t.Errorf("read connection %d: foreign_keys=%d query_only=%d, want 1 and 1", i, fk, qo)
		}
		c.Close()
	}
}

func TestOpenTwiceAppliesMigrationsOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	ctx := context.Background()
	for i := range 3 {
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("open #%d: %v", i+1, err)
		}
		var n, version int
		if err := s.r.QueryRow(`SELECT count(*), max(version) FROM schema_migrations`).Scan(&n, &version); err != nil {
			t.Fatal(err)
		}
		if n != SchemaVersion() || version != SchemaVersion() {
			t.Errorf("open #%d: %d migration rows, version %d; want %d and %d", i+1, n, version, SchemaVersion(), SchemaVersion())
		}
		if i == 0 {
			newSession(t, s)
		}
		var sessions int
		if err := s.r.QueryRow(`SELECT count(*) FROM sessions`).Scan(&sessions); err != nil {
			t.Fatal(err)
		}
		if sessions != 1 {
			t.Errorf("open #%d: %d sessions, want the 1 created first", i+1, sessions)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.db")
	s := openAt(t, path)
	if _, err := s.w.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)`, SchemaVersion()+5); err != nil {
		t.Fatal(err)
	}

	_, err := Open(context.Background(), path)
	if err == nil {
		t.Fatal("Open of a database from a newer herm succeeded")
	}
	if !errors.Is(err, ErrNewerSchema) {
		t.Errorf("error %q is not ErrNewerSchema", err)
	}
	for _, want := range []string{path, "upgrade herm", "schema version"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestOpenRefusesNonDatabase(t *testing.T) {
	dir := t.TempDir()
	cases := map[string][]byte{
		"text":  []byte("model: gpt-5\nprovider: openai\n"),
		"short": []byte("x"),
		// A valid header followed by garbage: SQLite itself must object.
		"corrupt": append([]byte("SQLite format 3\x00"), make([]byte, 200)...),
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name+".db")
			if err := os.WriteFile(path, content, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Open(context.Background(), path)
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
			if !errors.Is(err, ErrNotDatabase) && !errors.Is(err, ErrCorrupt) {
				t.Errorf("error %q is neither ErrNotDatabase nor ErrCorrupt", err)
			}
			if !strings.Contains(err.Error(), "not a SQLite database") && !strings.Contains(err.Error(), "corrupt") {
				t.Errorf("error %q does not say the file is not a database", err)
			}
			// The file must be left as it was.
			got, _ := os.ReadFile(path)
			if string(got) != string(content) {
				t.Error("Open modified the file")
			}
		})
	}
}

func TestOpenPathWithURICharacters(t *testing.T) {
	path := filepath.Join(t.TempDir(), "we?ird #dir%20", "state&x=1.db")
	s := openAt(t, path)
	newSession(t, s)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not at the literal path: %v", err)
	}
}

func TestReadPoolCannotWrite(t *testing.T) {
	s := openTest(t)
	_, err := s.r.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)`)
	if err == nil {
		t.Fatal("write through the read pool succeeded")
	}
}

// TestORMRunsOnThePoolItIsGiven: GORM has no connections of its own, so a
// write it is given the read pool for fails like a raw one, and the same
// write on the writer succeeds.
func TestORMRunsOnThePoolItIsGiven(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	if err := s.orm(ctx, s.r).Create(&grantRow{FindingID: "f", CreatedAt: 1}).Error; err == nil {
		t.Fatal("a GORM write through the read pool succeeded")
	}
	if err := s.orm(ctx, s.w).Create(&grantRow{FindingID: "f", CreatedAt: 1}).Error; err != nil {
		t.Fatalf("a GORM write through the writer: %v", err)
	}
	if g, err := s.Grants(ctx, nil); err != nil || len(g) != 1 {
		t.Fatalf("Grants = %v, %v; want the one written", g, err)
	}
}

func TestSessionNotFoundIsErrNotFound(t *testing.T) {
	s := openTest(t)
	_, err := s.Session(context.Background(), "nope")
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "nope") {
		t.Errorf("Session(nope) error = %v, want ErrNotFound naming the id", err)
	}
}
