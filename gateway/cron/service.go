package cron

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// Service is the job book: create, change and list jobs. It implements
// tools.CronJobs for the cronjob tool and backs the `herm cron` commands.
// It does not run jobs; the Scheduler does.
type Service struct {
	Store *store.Store
	Clock clock.Clock
	// Location is the default zone for cron expressions and bare
	// timestamps (nil = time.Local).
	Location *time.Location
	// DefaultDeliver is used when a job names no delivery (default origin).
	DefaultDeliver string
	// Platforms are the platform names deliveries may name; empty accepts
	// any (the CLI cannot know what a gateway will run).
	Platforms []string
	// Wake, when set, tells an in-process scheduler that jobs changed.
	Wake func()
}

var _ tools.CronJobs = (*Service)(nil)

func (s *Service) clock() clock.Clock {
	if s.Clock == nil {
		return clock.Real{}
	}
	return s.Clock
}

func (s *Service) now() time.Time { return s.clock().Now() }

func (s *Service) wake() {
	if s.Wake != nil {
		s.Wake()
	}
}

func (s *Service) location(name string) (*time.Location, error) {
	if name == "" && s.Location != nil {
		return s.Location, nil
	}
	return LoadLocation(name)
}

// CreateJob validates spec and stores a new job with its first run.
func (s *Service) CreateJob(ctx context.Context, spec tools.CronJobSpec) (*store.Job, error) {
	if strings.TrimSpace(spec.Prompt) == "" {
		return nil, errors.New("the prompt is empty: say what the scheduled run should do")
	}
	loc, err := s.location(spec.Timezone)
	if err != nil {
		return nil, err
	}
	now := s.now()
	sched, err := Parse(spec.Schedule, now, loc)
	if err != nil {
		return nil, err
	}
	j := &store.Job{
		Name: strings.TrimSpace(spec.Name), Prompt: spec.Prompt, Schedule: sched.Spec, Timezone: spec.Timezone,
		Timeout: spec.Timeout,
	}
	if spec.OriginSession != "" {
		j.Origin.Session = spec.OriginSession
		if r, err := s.Store.RouteBySession(ctx, spec.OriginSession); err == nil {
			j.Origin.Platform, j.Origin.Chat = r.Platform, r.ChatID
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	}
	if j.Deliver, err = s.deliverTarget(spec.Deliver, j.Origin); err != nil {
		return nil, err
	}
	first := sched.First(now)
	j.NextRunAt = &first
	if j.Name == "" {
		j.Name = defaultName(spec.Prompt)
	}
	if err := s.Store.CreateJob(ctx, j); err != nil {
		return nil, err
	}
	s.wake()
	return j, nil
}

// deliverTarget checks a delivery. An origin delivery for a job created
// outside any chat becomes local: there is nowhere else to send it.
func (s *Service) deliverTarget(d string, origin store.JobOrigin) (string, error) {
	d = strings.TrimSpace(d)
	if d == "" {
		d = s.DefaultDeliver
	}
	if d == "" {
		d = "origin"
	}
	switch d {
	case "local":
		return d, nil
	case "origin":
		if origin.Platform == "" {
			return "local", nil
		}
		return d, nil
	}
	platform, chat, _ := strings.Cut(d, ":")
	if platform == "" || strings.ContainsAny(platform, " \t/") || (strings.Contains(d, ":") && strings.TrimSpace(chat) == "") {
		return "", fmt.Errorf("deliver %q is not local, origin, a platform name or platform:chat_id", d)
	}
	if len(s.Platforms) > 0 && !contains(s.Platforms, platform) {
		return "", fmt.Errorf("deliver %q names platform %q, but only %s are configured", d, platform, strings.Join(s.Platforms, ", "))
	}
	return d, nil
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func defaultName(prompt string) string {
	name := strings.Join(strings.Fields(prompt), " ")
	if r := []rune(name); len(r) > 40 {
		name = string(r[:39]) + "…"
	}
	return name
}

// Job finds a job by id, or by name when exactly one job has it.
func (s *Service) Job(ctx context.Context, idOrName string) (*store.Job, error) {
	idOrName = strings.TrimSpace(idOrName)
	j, err := s.Store.Job(ctx, idOrName)
	if err == nil || !errors.Is(err, store.ErrNotFound) {
		return j, err
	}
	jobs, lerr := s.Store.Jobs(ctx)
	if lerr != nil {
		return nil, lerr
	}
	var found []store.Job
	for _, j := range jobs {
		if strings.EqualFold(j.Name, idOrName) || strings.HasPrefix(j.ID, idOrName) && len(idOrName) >= 4 {
			found = append(found, j)
		}
	}
	switch len(found) {
	case 1:
		return &found[0], nil
	case 0:
		return nil, fmt.Errorf("no job %q (list them with action=list or herm cron list): %w", idOrName, store.ErrNotFound)
	}
	return nil, fmt.Errorf("%q matches %d jobs; use the job id", idOrName, len(found))
}

// ListJobs returns every job.
func (s *Service) ListJobs(ctx context.Context) ([]store.Job, error) { return s.Store.Jobs(ctx) }

// UpdateJob changes the fields of spec that are set; a new schedule (or
// zone) gets a new next run.
func (s *Service) UpdateJob(ctx context.Context, id string, spec tools.CronJobSpec) (*store.Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	changedSchedule := false
	if v := strings.TrimSpace(spec.Name); v != "" {
		j.Name = v
	}
	if strings.TrimSpace(spec.Prompt) != "" {
		j.Prompt = spec.Prompt
	}
	if spec.Timezone != "" && spec.Timezone != j.Timezone {
		j.Timezone, changedSchedule = spec.Timezone, true
	}
	if v := strings.TrimSpace(spec.Schedule); v != "" {
		j.Schedule, changedSchedule = v, true
	}
	if spec.Timeout > 0 {
		j.Timeout = spec.Timeout
	}
	if spec.Deliver != "" {
		if j.Deliver, err = s.deliverTarget(spec.Deliver, j.Origin); err != nil {
			return nil, err
		}
	}
	if changedSchedule {
		sched, err := s.schedule(*j)
		if err != nil {
			return nil, err
		}
		first := sched.First(s.now())
		j.NextRunAt = &first
	}
	if err := s.Store.UpdateJob(ctx, j); err != nil {
		return nil, err
	}
	s.wake()
	return j, nil
}

func (s *Service) schedule(j store.Job) (Schedule, error) {
	loc, err := s.location(j.Timezone)
	if err != nil {
		return Schedule{}, err
	}
	return Parse(j.Schedule, s.now(), loc)
}

// PauseJob stops a job from running until it is resumed.
func (s *Service) PauseJob(ctx context.Context, id string) (*store.Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	j.Paused = true
	if err := s.Store.UpdateJob(ctx, j); err != nil {
		return nil, err
	}
	s.wake()
	return j, nil
}

// ResumeJob lets a paused job run again. Occurrences missed while paused
// are not replayed: a recurring job continues at its next occurrence, a
// one-shot job whose time passed runs now.
func (s *Service) ResumeJob(ctx context.Context, id string) (*store.Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	j.Paused = false
	now := s.now()
	if j.NextRunAt != nil && j.NextRunAt.Before(now) {
		next := now
		if sched, err := s.schedule(*j); err == nil && sched.Recurring() {
			if n, ok := sched.After(*j.NextRunAt, now); ok {
				next = n
			}
		}
		j.NextRunAt = &next
	}
	if err := s.Store.UpdateJob(ctx, j); err != nil {
		return nil, err
	}
	s.wake()
	return j, nil
}

// RemoveJob deletes a job and its run records (saved output files stay).
func (s *Service) RemoveJob(ctx context.Context, id string) (*store.Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.Store.DeleteJob(ctx, j.ID); err != nil {
		return nil, err
	}
	s.wake()
	return j, nil
}

// RunJob makes a job due now; the scheduler picks it up. A paused job is
// refused: the scheduler skips paused jobs, so the run would never happen.
func (s *Service) RunJob(ctx context.Context, id string) (*store.Job, error) {
	j, err := s.Job(ctx, id)
	if err != nil {
		return nil, err
	}
	if j.Paused {
		return nil, fmt.Errorf("job %s is paused; resume it first", j.ID)
	}
	now := s.now()
	if err := s.Store.SetJobNextRun(ctx, j.ID, now); err != nil {
		return nil, err
	}
	j.NextRunAt = &now
	s.wake()
	return j, nil
}

// DescribeJob is a one-line summary: id, name, schedule, next run, delivery.
func (s *Service) DescribeJob(j store.Job) string {
	what := j.Schedule
	if sched, err := s.schedule(j); err == nil {
		what = sched.Describe()
		if sched.Kind == Once && j.NextRunAt != nil {
			what = "once at " + j.NextRunAt.In(sched.Location).Format("2006-01-02 15:04 MST")
		}
	}
	next := "not scheduled"
	switch {
	case j.Paused:
		next = "paused"
	case j.NextRunAt != nil:
		next = "next " + j.NextRunAt.Local().Format("2006-01-02 15:04:05")
	case j.LastRunAt != nil:
		next = "done"
	}
	deliver := j.Deliver
	if deliver == "origin" && j.Origin.Platform != "" {
		deliver = "origin (" + j.Origin.Platform + ":" + j.Origin.Chat + ")"
	}
	line := fmt.Sprintf("%s  %q  %s  %s  deliver %s", j.ID, j.Name, what, next, deliver)
	if j.LastStatus != "" {
		line += "  last " + j.LastStatus
	}
	return line
}
