package store

import (
	"errors"
	"fmt"

	gosqlite "github.com/glebarez/go-sqlite"
)

// Causes a caller may act on. Test for them with errors.Is; the store wraps
// them in an *Error that says what it was doing.
var (
	// ErrNotFound: the session, message, job, grant… does not exist.
	ErrNotFound = errors.New("not found")
	// ErrNotDatabase: the file is not a SQLite database.
	ErrNotDatabase = errors.New("the file is not a SQLite database")
	// ErrCorrupt: SQLite found the database damaged.
	ErrCorrupt = errors.New("the database is corrupt")
	// ErrNewerSchema: the database was written by a newer herm.
	ErrNewerSchema = errors.New("the database was written by a newer herm")
)

// Error is what a Store method returns when it fails: the operation, in
// words that name what it worked on (`delete session 20260131_…`,
// `search "kub*"`), and the cause. It reads "store: Op: Err".
//
// A front end that shows the error inside its own sentence, where
// "store:" means nothing to a reader, prints Op and Err; one that needs the
// cause tests Err with errors.Is and errors.As (ErrNotFound, *QueryError…).
type Error struct {
	Op  string
	Err error
}

func (e *Error) Error() string { return "store: " + e.Op + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// opError wraps err as the *Error of the operation format names. An err
// that is an *Error already (a method calling another) is folded in, so
// the text says "store: " once: "store: fork session A at message 3:
// session A: not found".
func opError(err error, format string, args ...any) error {
	op := fmt.Sprintf(format, args...)
	if inner, ok := err.(*Error); ok {
		return &Error{Op: op + ": " + inner.Op, Err: inner.Err}
	}
	return &Error{Op: op, Err: err}
}

// QueryError is a search query the store cannot run as it was typed: Err
// is ErrEmptyQuery, ErrBadFilter or ErrQueryTooLong (test with errors.Is)
// and Reason says what is wrong and what to type instead. Its text, such
// as "bad search filter: role:wizard is not a role; use role:user, …", is
// written for the person who typed the query: front ends show it as it
// is. Search and SearchSessions return it inside an *Error naming the
// query.
type QueryError struct {
	Err    error
	Reason string
}

func (e *QueryError) Error() string { return e.Err.Error() + ": " + e.Reason }

func (e *QueryError) Unwrap() error { return e.Err }

func queryError(kind error, format string, args ...any) error {
	return &QueryError{Err: kind, Reason: fmt.Sprintf(format, args...)}
}

// sqliteCode returns the extended SQLite result code in err, or 0.
func sqliteCode(err error) int {
	var se *gosqlite.Error
	if errors.As(err, &se) {
		return se.Code()
	}
	return 0
}

// isUniqueViolation reports a PRIMARY KEY or UNIQUE constraint failure.
func isUniqueViolation(err error) bool {
	c := sqliteCode(err)
	return c == 1555 || c == 2067 // SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE
}

// isForeignKeyViolation reports a FOREIGN KEY constraint failure.
func isForeignKeyViolation(err error) bool {
	return sqliteCode(err) == 787 // SQLITE_CONSTRAINT_FOREIGNKEY
}

// openError words a failure to open or migrate the database at path.
func openError(path string, err error) error {
	switch sqliteCode(err) & 0xff {
	case 26: // SQLITE_NOTADB
		err = fmt.Errorf("%w; move it away or point herm at another file (%w)", ErrNotDatabase, err)
	case 11: // SQLITE_CORRUPT
		err = fmt.Errorf("%w; restore it from a backup or move it away (%w)", ErrCorrupt, err)
	}
	return opError(err, "open %s", path)
}
