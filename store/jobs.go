package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
		row := jobRow{ID: j.ID, Name: j.Name, Prompt: j.Prompt, Schedule: j.Schedule, Timezone: j.Timezone,
			Deliver: j.Deliver, OriginPlatform: j.Origin.Platform, OriginChat: j.Origin.Chat,
			OriginSession: j.Origin.Session, TimeoutSeconds: int64(j.Timeout / time.Second), Paused: j.Paused,
			NextRunAt: nanosOrNil(j.NextRunAt), CreatedAt: toNanos(now), UpdatedAt: toNanos(now)}
		err := s.orm(ctx, s.w).Create(&row).Error
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
	var row jobRow
	err := s.orm(ctx, s.r).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, opError(ErrNotFound, "job %s", id)
	}
	if err != nil {
		return nil, opError(err, "read job %s", id)
	}
	j := row.job()
	return &j, nil
}

// Jobs lists every job, oldest first.
func (s *Store) Jobs(ctx context.Context) ([]Job, error) {
	var rows []jobRow
	if err := s.orm(ctx, s.r).Order("created_at, id").Find(&rows).Error; err != nil {
		return nil, opError(err, "list jobs")
	}
	return fromRows(rows, (*jobRow).job), nil
}

// UpdateJob writes j's editable fields (name, prompt, schedule, timezone,
// deliver, timeout, paused, next run).
func (s *Store) UpdateJob(ctx context.Context, j *Job) error {
	j.UpdatedAt = nowUTC()
	res := s.orm(ctx, s.w).Model(&jobRow{}).Where("id = ?", j.ID).Updates(map[string]any{
		"name": j.Name, "prompt": j.Prompt, "schedule": j.Schedule, "timezone": j.Timezone,
		"deliver": j.Deliver, "timeout_seconds": int64(j.Timeout / time.Second), "paused": j.Paused,
		"next_run_at": nanosOrNil(j.NextRunAt), "updated_at": toNanos(j.UpdatedAt),
	})
	return changedOne(res, "update job %s", j.ID)
}

// DeleteJob removes a job and its run records.
func (s *Store) DeleteJob(ctx context.Context, id string) error {
	return changedOne(s.orm(ctx, s.w).Where("id = ?", id).Delete(&jobRow{}), "delete job %s", id)
}

// NextJobDue returns the earliest next run of an active job nobody holds a
// claim on at now, or nil.
func (s *Store) NextJobDue(ctx context.Context, now time.Time) (*time.Time, error) {
	var n *int64
	err := s.orm(ctx, s.r).Model(&jobRow{}).Select("min(next_run_at)").
		Where("paused = 0 AND next_run_at IS NOT NULL AND lease_until < ?", toNanos(now)).Row().Scan(&n)
	if err != nil {
		return nil, opError(err, "next job due")
	}
	return timeOrNil(n), nil
}

// ClaimDueJobs claims up to limit active jobs whose next run is at or before
// now and that nobody holds, leasing each until now+lease. A claim is what
// lets a job run: another process (or scheduler) sharing the database skips
// it until the lease ends, so an occurrence runs once. The claim is one
// UPDATE … RETURNING, so two processes never claim the same job.
func (s *Store) ClaimDueJobs(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Job, error) {
	db := s.orm(ctx, s.w)
	due := db.Model(&jobRow{}).Select("id").
		Where("paused = 0 AND next_run_at IS NOT NULL AND next_run_at <= ? AND lease_until < ?", toNanos(now), toNanos(now)).
		Order("next_run_at").Limit(limit)
	var rows []jobRow
	err := db.Model(&rows).Clauses(clause.Returning{}).Where("id IN (?)", due).
		Update("lease_until", toNanos(now.Add(lease))).Error
	if err != nil {
		return nil, opError(err, "claim due jobs")
	}
	return fromRows(rows, (*jobRow).job), nil
}

// FinishJobOccurrence records that a claimed job ran (or was skipped) at
// ranAt with status, sets its next run (nil for none) and releases the claim.
func (s *Store) FinishJobOccurrence(ctx context.Context, id string, ranAt time.Time, status string, next *time.Time) error {
	res := s.orm(ctx, s.w).Model(&jobRow{}).Where("id = ?", id).Updates(map[string]any{
		"last_run_at": toNanos(ranAt), "last_status": status, "run_count": gorm.Expr("run_count + 1"),
		"next_run_at": nanosOrNil(next), "lease_until": 0, "updated_at": toNanos(nowUTC()),
	})
	return changedOne(res, "finish a run of job %s", id)
}

// SetJobNextRun moves a job's next run (to now, for "run it now") without
// touching its schedule.
func (s *Store) SetJobNextRun(ctx context.Context, id string, next time.Time) error {
	res := s.orm(ctx, s.w).Model(&jobRow{}).Where("id = ?", id).
		Updates(map[string]any{"next_run_at": toNanos(next), "updated_at": toNanos(nowUTC())})
	return changedOne(res, "schedule job %s", id)
}

// StartJobRun records a run as started and sets r.ID.
func (s *Store) StartJobRun(ctx context.Context, r *JobRun) error {
	if r.Status == "" {
		r.Status = "running"
	}
	row := jobRunRow{JobID: r.JobID, SessionID: r.SessionID, ScheduledAt: toNanos(r.ScheduledAt),
		StartedAt: toNanos(r.StartedAt), Status: r.Status}
	if err := s.orm(ctx, s.w).Create(&row).Error; err != nil {
		if isForeignKeyViolation(err) {
			return opError(ErrNotFound, "start a run of job %s", r.JobID)
		}
		return opError(err, "start a run of job %s", r.JobID)
	}
	r.ID = row.ID
	return nil
}

// FinishJobRun writes a run's outcome.
func (s *Store) FinishJobRun(ctx context.Context, r *JobRun) error {
	if r.FinishedAt == nil {
		t := nowUTC()
		r.FinishedAt = &t
	}
	res := s.orm(ctx, s.w).Model(&jobRunRow{}).Where("id = ?", r.ID).Updates(map[string]any{
		"session_id": r.SessionID, "finished_at": toNanos(*r.FinishedAt), "status": r.Status,
		"output": r.Output, "output_path": r.OutputPath, "error": r.Error, "delivered": r.Delivered,
	})
	return changedOne(res, "finish run %d of job %s", r.ID, r.JobID)
}

// JobRuns returns a job's most recent runs, newest first (limit <= 0: 20).
func (s *Store) JobRuns(ctx context.Context, jobID string, limit int) ([]JobRun, error) {
	if limit <= 0 {
		limit = 20
	}
	var rows []jobRunRow
	if err := s.orm(ctx, s.r).Where("job_id = ?", jobID).Order("id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, opError(err, "runs of job %s", jobID)
	}
	return fromRows(rows, func(r *jobRunRow) JobRun {
		return JobRun{ID: r.ID, JobID: r.JobID, SessionID: r.SessionID, ScheduledAt: fromNanos(r.ScheduledAt),
			StartedAt: fromNanos(r.StartedAt), FinishedAt: timeOrNil(r.FinishedAt), Status: r.Status,
			Output: r.Output, OutputPath: r.OutputPath, Error: r.Error, Delivered: r.Delivered}
	}), nil
}

func (r *jobRow) job() Job {
	return Job{ID: r.ID, Name: r.Name, Prompt: r.Prompt, Schedule: r.Schedule, Timezone: r.Timezone,
		Deliver: r.Deliver, Origin: JobOrigin{Platform: r.OriginPlatform, Chat: r.OriginChat, Session: r.OriginSession},
		Timeout: time.Duration(r.TimeoutSeconds) * time.Second, Paused: r.Paused,
		NextRunAt: timeOrNil(r.NextRunAt), LastRunAt: timeOrNil(r.LastRunAt), LastStatus: r.LastStatus,
		RunCount: r.RunCount, CreatedAt: fromNanos(r.CreatedAt), UpdatedAt: fromNanos(r.UpdatedAt)}
}

func nanosOrNil(t *time.Time) *int64 {
	if t == nil {
		return nil
	}
	n := toNanos(*t)
	return &n
}

func timeOrNil(n *int64) *time.Time {
	if n == nil {
		return nil
	}
	t := fromNanos(*n)
	return &t
}
