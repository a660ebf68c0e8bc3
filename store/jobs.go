package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Job is a scheduled prompt: at each occurrence of Schedule the scheduler
// runs Prompt in a fresh session and delivers the answer to Deliver.
type Job struct {
	// ID is short and typeable (8 hex digits), for herm cron commands.
	ID     string
	Name   string
	Prompt string
	// Schedule is as the user wrote it: "30m", "every 2h", "0 9 * * 1-5",
	// an ISO timestamp. The cron package parses it.
	Schedule string
	// Timezone is an IANA zone for cron expressions; "" is the local zone.
	Timezone string
	// Deliver is local, origin, a platform name or platform:chat_id.
	Deliver string
	// Origin is where the job was created from (the chat that asked for it),
	// for Deliver=origin.
	Origin JobOrigin
	// Timeout bounds one run; zero uses the scheduler's default.
	Timeout time.Duration
	Paused  bool
	// NextRunAt is nil when a one-shot job has run.
	NextRunAt  *time.Time
	LastRunAt  *time.Time
	LastStatus string
	RunCount   int
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// JobOrigin names the chat a job came from.
type JobOrigin struct {
	Platform string
	Chat     string
	Session  string
}

// JobRun is the record of one run of a job.
type JobRun struct {
	ID          int64
	JobID       string
	SessionID   string
	ScheduledAt time.Time
	StartedAt   time.Time
	FinishedAt  *time.Time
	// Status is running, ok, silent, error, timeout or interrupted.
	Status     string
	Output     string
	OutputPath string
	Error      string
	// Delivered says where the output went, or why it did not.
	Delivered string
}

const jobColumns = `id, name, prompt, schedule, timezone, deliver, origin_platform, origin_chat,
	origin_session, timeout_seconds, paused, next_run_at, last_run_at, last_status, run_count,
	created_at, updated_at`

func newJobID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// CreateJob inserts j, filling ID (if empty), CreatedAt and UpdatedAt.
func (s *Store) CreateJob(ctx context.Context, j *Job) error {
	if strings.TrimSpace(j.Prompt) == "" {
		return opError(errors.New("the prompt is empty"), "create job")
	}
	now := nowUTC()
	j.CreatedAt, j.UpdatedAt = now, now
	generated := j.ID == ""
	for attempt := 0; ; attempt++ {
		if generated {
			j.ID = newJobID()
		}
		_, err := s.wdb.ExecContext(ctx, `INSERT INTO cron_jobs (id, name, prompt, schedule, timezone,
			deliver, origin_platform, origin_chat, origin_session, timeout_seconds, paused, next_run_at,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			j.ID, j.Name, j.Prompt, j.Schedule, j.Timezone, j.Deliver, j.Origin.Platform, j.Origin.Chat,
			j.Origin.Session, int64(j.Timeout/time.Second), j.Paused, nanosOrNil(j.NextRunAt),
			toNanos(now), toNanos(now))
		if err == nil {
			return nil
		}
		if generated && attempt < 3 && isUniqueViolation(err) {
			continue
		}
		return opError(err, "create job %s", j.ID)
	}
}

// Job returns the job with that id; a missing one is ErrNotFound.
func (s *Store) Job(ctx context.Context, id string) (*Job, error) {
	row := s.rdb.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM cron_jobs WHERE id = ?`, id)
	j, err := scanJob(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, opError(ErrNotFound, "job %s", id)
	}
	if err != nil {
		return nil, opError(err, "read job %s", id)
	}
	return j, nil
}

// Jobs lists every job, oldest first.
func (s *Store) Jobs(ctx context.Context) ([]Job, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT `+jobColumns+` FROM cron_jobs ORDER BY created_at, id`)
	if err != nil {
		return nil, opError(err, "list jobs")
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, opError(err, "list jobs")
		}
		out = append(out, *j)
	}
	return out, rows.Err()
}

// UpdateJob writes j's editable fields (name, prompt, schedule, timezone,
// deliver, timeout, paused, next run).
func (s *Store) UpdateJob(ctx context.Context, j *Job) error {
	j.UpdatedAt = nowUTC()
	res, err := s.wdb.ExecContext(ctx, `UPDATE cron_jobs SET name = ?, prompt = ?, schedule = ?,
		timezone = ?, deliver = ?, timeout_seconds = ?, paused = ?, next_run_at = ?, updated_at = ?
		WHERE id = ?`, j.Name, j.Prompt, j.Schedule, j.Timezone, j.Deliver, int64(j.Timeout/time.Second),
		j.Paused, nanosOrNil(j.NextRunAt), toNanos(j.UpdatedAt), j.ID)
	return affectedOne(res, err, "update job "+j.ID)
}

// DeleteJob removes a job and its run records.
func (s *Store) DeleteJob(ctx context.Context, id string) error {
	res, err := s.wdb.ExecContext(ctx, `DELETE FROM cron_jobs WHERE id = ?`, id)
	return affectedOne(res, err, "delete job "+id)
}

// NextJobDue returns the earliest next run of an active job nobody holds a
// claim on at now, or nil.
func (s *Store) NextJobDue(ctx context.Context, now time.Time) (*time.Time, error) {
	var n sql.NullInt64
	err := s.rdb.QueryRowContext(ctx, `SELECT MIN(next_run_at) FROM cron_jobs
		WHERE paused = 0 AND next_run_at IS NOT NULL AND lease_until < ?`, toNanos(now)).Scan(&n)
	if err != nil {
		return nil, opError(err, "next job due")
	}
	if !n.Valid {
		return nil, nil
	}
	t := fromNanos(n.Int64)
	return &t, nil
}

// ClaimDueJobs claims up to limit active jobs whose next run is at or before
// now and that nobody holds, leasing each until now+lease. A claim is what
// lets a job run: another process (or scheduler) sharing the database skips
// it until the lease ends, so an occurrence runs once.
func (s *Store) ClaimDueJobs(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Job, error) {
	rows, err := s.wdb.QueryContext(ctx, `UPDATE cron_jobs SET lease_until = ?
		WHERE id IN (SELECT id FROM cron_jobs WHERE paused = 0 AND next_run_at IS NOT NULL
			AND next_run_at <= ? AND lease_until < ? ORDER BY next_run_at LIMIT ?)
		RETURNING `+jobColumns, toNanos(now.Add(lease)), toNanos(now), toNanos(now), limit)
	if err != nil {
		return nil, opError(err, "claim due jobs")
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, opError(err, "claim due jobs")
		}
		out = append(out, *j)
	}
	return out, rows.Err()
}

// FinishJobOccurrence records that a claimed job ran (or was skipped) at
// ranAt with status, sets its next run (nil for none) and releases the claim.
func (s *Store) FinishJobOccurrence(ctx context.Context, id string, ranAt time.Time, status string, next *time.Time) error {
	res, err := s.wdb.ExecContext(ctx, `UPDATE cron_jobs SET last_run_at = ?, last_status = ?,
		run_count = run_count + 1, next_run_at = ?, lease_until = 0, updated_at = ? WHERE id = ?`,
		toNanos(ranAt), status, nanosOrNil(next), toNanos(nowUTC()), id)
	return affectedOne(res, err, "finish a run of job "+id)
}

// SetJobNextRun moves a job's next run (to now, for "run it now") without
// touching its schedule.
func (s *Store) SetJobNextRun(ctx context.Context, id string, next time.Time) error {
	res, err := s.wdb.ExecContext(ctx, `UPDATE cron_jobs SET next_run_at = ?, updated_at = ? WHERE id = ?`,
		toNanos(next), toNanos(nowUTC()), id)
	return affectedOne(res, err, "schedule job "+id)
}

// StartJobRun records a run as started and sets r.ID.
func (s *Store) StartJobRun(ctx context.Context, r *JobRun) error {
	if r.Status == "" {
		r.Status = "running"
	}
	res, err := s.wdb.ExecContext(ctx, `INSERT INTO cron_runs (job_id, session_id, scheduled_at,
		started_at, status) VALUES (?, ?, ?, ?, ?)`, r.JobID, r.SessionID, toNanos(r.ScheduledAt),
		toNanos(r.StartedAt), r.Status)
	if err != nil {
		if isForeignKeyViolation(err) {
			return opError(ErrNotFound, "start a run of job %s", r.JobID)
		}
		return opError(err, "start a run of job %s", r.JobID)
	}
	r.ID, err = res.LastInsertId()
	return err
}

// FinishJobRun writes a run's outcome.
func (s *Store) FinishJobRun(ctx context.Context, r *JobRun) error {
	if r.FinishedAt == nil {
		t := nowUTC()
		r.FinishedAt = &t
	}
	res, err := s.wdb.ExecContext(ctx, `UPDATE cron_runs SET session_id = ?, finished_at = ?, status = ?,
		output = ?, output_path = ?, error = ?, delivered = ? WHERE id = ?`, r.SessionID,
		toNanos(*r.FinishedAt), r.Status, r.Output, r.OutputPath, r.Error, r.Delivered, r.ID)
	return affectedOne(res, err, fmt.Sprintf("finish run %d of job %s", r.ID, r.JobID))
}

// JobRuns returns a job's most recent runs, newest first (limit <= 0: 20).
func (s *Store) JobRuns(ctx context.Context, jobID string, limit int) ([]JobRun, error) {
	if limit <= 0 {
		limit = 20
	}
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, job_id, session_id, scheduled_at, started_at,
		finished_at, status, output, output_path, error, delivered FROM cron_runs
		WHERE job_id = ? ORDER BY id DESC LIMIT ?`, jobID, limit)
	if err != nil {
		return nil, opError(err, "runs of job %s", jobID)
	}
	defer rows.Close()
	var out []JobRun
	for rows.Next() {
		var (
			r                  JobRun
			scheduled, started int64
			finished           sql.NullInt64
		)
		if err := rows.Scan(&r.ID, &r.JobID, &r.SessionID, &scheduled, &started, &finished, &r.Status,
			&r.Output, &r.OutputPath, &r.Error, &r.Delivered); err != nil {
			return nil, opError(err, "runs of job %s", jobID)
		}
		r.ScheduledAt, r.StartedAt, r.FinishedAt = fromNanos(scheduled), fromNanos(started), timeOrNil(finished)
		out = append(out, r)
	}
	return out, rows.Err()
}

type rowScanner interface{ Scan(dest ...any) error }

func scanJob(row rowScanner) (*Job, error) {
	var (
		j                Job
		timeout          int64
		next, last       sql.NullInt64
		created, updated int64
	)
	err := row.Scan(&j.ID, &j.Name, &j.Prompt, &j.Schedule, &j.Timezone, &j.Deliver, &j.Origin.Platform,
		&j.Origin.Chat, &j.Origin.Session, &timeout, &j.Paused, &next, &last, &j.LastStatus, &j.RunCount,
		&created, &updated)
	if err != nil {
		return nil, err
	}
	j.Timeout = time.Duration(timeout) * time.Second
	j.NextRunAt, j.LastRunAt = timeOrNil(next), timeOrNil(last)
	j.CreatedAt, j.UpdatedAt = fromNanos(created), fromNanos(updated)
	return &j, nil
}

func nanosOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return toNanos(*t)
}

func timeOrNil(n sql.NullInt64) *time.Time {
	if !n.Valid {
		return nil
	}
	t := fromNanos(n.Int64)
	return &t
}

// affectedOne turns an Exec result into nil, ErrNotFound (no row changed)
// or a worded error.
func affectedOne(res sql.Result, err error, what string) error {
	if err != nil {
		return opError(err, "%s", what)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return opError(err, "%s", what)
	}
	if n == 0 {
		return opError(ErrNotFound, "%s", what)
	}
	return nil
}
