package store

import (
	"context"
	"database/sql"

	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// The GORM layer: the low-volume CRUD (see the package doc) reads and
// writes one row struct per table (models.go) through GORM. GORM has no
// connections of its own: its configuration is opened once over the
// writer's pool, and orm binds it to the pool a call needs, so each pool
// stays one handle and the single-writer rule holds for GORM too.

// openGORM opens GORM's configuration over the writer's pool.
func openGORM(w *sql.DB) (*gorm.DB, error) {
	return gorm.Open(sqlite.Dialector{Conn: w}, &gorm.Config{
		// The store reports its own errors; GORM's logger would print to
		// stdout, under the TUI.
		Logger: logger.Discard,
		// A single statement is atomic already; a transaction around it
		// would only cost a BEGIN and a COMMIT.
		SkipDefaultTransaction: true,
	})
}

// orm returns a GORM session for one call on pool (s.w to write, s.r to
// read). Its Transaction begins IMMEDIATE on the writer like withTx.
func (s *Store) orm(ctx context.Context, pool *sql.DB) *gorm.DB {
	db := s.gorm.Session(&gorm.Session{Context: ctx, NewDB: true})
	db.Statement.ConnPool = pool
	return db
}

// changedOne turns the result of a GORM write that must change a row into
// nil, ErrNotFound (it changed none) or the *Error of the operation.
func changedOne(res *gorm.DB, format string, args ...any) error {
	switch {
	case res.Error != nil:
		return opError(res.Error, format, args...)
	case res.RowsAffected == 0:
		return opError(ErrNotFound, format, args...)
	}
	return nil
}

// fromRows converts the rows GORM read into the API's type; none is nil,
// as from the raw-SQL reads.
func fromRows[R, T any](rows []R, f func(*R) T) []T {
	if len(rows) == 0 {
		return nil
	}
	out := make([]T, len(rows))
	for i := range rows {
		out[i] = f(&rows[i])
	}
	return out
}
