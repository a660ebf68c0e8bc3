package store

import (
	"context"
	"database/sql"
)

// The raw-SQL layer: the statements of the hot paths (see the package doc)
// are written out and run through these helpers, on a pool (s.w, s.r) or
// inside a write transaction. They return the driver's errors as they are;
// the exported method that called them wraps the error once, with opError.

// querier is what eachRow and allRows read from: a pool or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// withTx runs fn in a write transaction (BEGIN IMMEDIATE on the single write
// connection) and commits it; any error rolls it back.
func (s *Store) withTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// eachRow runs query and calls fn for every row it returns, stopping at
// the first error.
func eachRow(ctx context.Context, q querier, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// allRows runs query and returns its rows as scan reads them, in order.
func allRows[T any](ctx context.Context, q querier, query string, args []any, scan func(*sql.Rows) (T, error)) ([]T, error) {
	var out []T
	err := eachRow(ctx, q, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

// changed returns how many rows the statement whose ExecContext results
// it is given changed: n, err := changed(tx.ExecContext(ctx, …)). Taking
// the results rather than running the statement keeps the call on the
// concrete *sql.Tx or *sql.DB, whose arguments stay on the stack.
func changed(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// scanOne reads a row of one column.
func scanOne[T any](rows *sql.Rows) (v T, err error) {
	return v, rows.Scan(&v)
}
