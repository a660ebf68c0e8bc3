package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestJobsCRUDAndClaim(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due := now.Add(-time.Minute)
	later := now.Add(time.Hour)
	a := &Job{Name: "a", Prompt: "say hi", Schedule: "every 1m", Deliver: "origin",
		Origin: JobOrigin{Platform: "telegram", Chat: "42", Session: "s1"}, Timeout: 90 * time.Second, NextRunAt: &due}
	b := &Job{Name: "b", Prompt: "later", Schedule: "1h", NextRunAt: &later}
	for _, j := range []*Job{a, b} {
		if err := s.CreateJob(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	if len(a.ID) != 8 || a.ID == b.ID {
		t.Fatalf("ids %q %q", a.ID, b.ID)
	}
	if err := s.CreateJob(ctx, &Job{Prompt: "  "}); err == nil {
		t.Error("empty prompt accepted")
	}
	got, err := s.Job(ctx, a.ID)
	if err != nil || got.Origin != a.Origin || got.Timeout != 90*time.Second || !got.NextRunAt.Equal(due) || got.Deliver != "origin" {
		t.Fatalf("%+v %v", got, err)
	}
	if _, err := s.Job(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing job: %v", err)
	}
	if next, err := s.NextJobDue(ctx, now); err != nil || !next.Equal(due) {
		t.Errorf("next due %v %v", next, err)
	}

	// Only the due job is claimed, and only once while leased.
	claimed, err := s.ClaimDueJobs(ctx, now, time.Minute, 10)
	if err != nil || len(claimed) != 1 || claimed[0].ID != a.ID {
		t.Fatalf("claim: %+v %v", claimed, err)
	}
	if again, err := s.ClaimDueJobs(ctx, now.Add(time.Second), time.Minute, 10); err != nil || len(again) != 0 {
		t.Fatalf("claimed twice: %+v %v", again, err)
	}
	if next, err := s.NextJobDue(ctx, now); err != nil || next == nil || !next.Equal(later) {
		t.Errorf("a claimed job still counts as due: %v %v", next, err)
	}
	run := &JobRun{JobID: a.ID, ScheduledAt: due, StartedAt: now}
	if err := s.StartJobRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	run.Status, run.Output, run.Delivered, run.SessionID = "ok", "hi", "telegram:42", "sess"
	if err := s.FinishJobRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	next := now.Add(time.Minute)
	if err := s.FinishJobOccurrence(ctx, a.ID, now, "ok", &next); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Job(ctx, a.ID)
	if got.RunCount != 1 || got.LastStatus != "ok" || !got.NextRunAt.Equal(next) || !got.LastRunAt.Equal(now) {
		t.Fatalf("after run: %+v", got)
	}
	// The lease is released: the next occurrence can be claimed.
	if c, err := s.ClaimDueJobs(ctx, next, time.Minute, 10); err != nil || len(c) != 1 {
		t.Fatalf("next occurrence: %+v %v", c, err)
	}
	runs, err := s.JobRuns(ctx, a.ID, 0)
	if err != nil || len(runs) != 1 || runs[0].Output != "hi" || runs[0].FinishedAt == nil || runs[0].Delivered != "telegram:42" {
		t.Fatalf("runs %+v %v", runs, err)
	}

	// Paused jobs are never claimed.
	b.Paused = true
	b.NextRunAt = &due
	if err := s.UpdateJob(ctx, b); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.ClaimDueJobs(ctx, now.Add(time.Hour), time.Minute, 10); len(c) != 1 || c[0].ID != a.ID {
		t.Fatalf("paused job claimed: %+v", c)
	}
	if err := s.SetJobNextRun(ctx, "nope", now); !errors.Is(err, ErrNotFound) {
		t.Errorf("set next of missing job: %v", err)
	}
	if err := s.DeleteJob(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if runs, _ := s.JobRuns(ctx, a.ID, 0); len(runs) != 0 {
		t.Error("runs outlived their job")
	}
	jobs, err := s.Jobs(ctx)
	if err != nil || len(jobs) != 1 || jobs[0].ID != b.ID || !jobs[0].Paused {
		t.Fatalf("jobs %+v %v", jobs, err)
	}
}

// Two stores on one file (two processes) never both claim an occurrence.
func TestClaimDueJobsAcrossProcesses(t *testing.T) {
	path := t.TempDir() + "/state.db"
	s1, s2 := openAt(t, path), openAt(t, path)
	ctx := context.Background()
	now := time.Now()
	for i := 0; i < 20; i++ {
		if err := s1.CreateJob(ctx, &Job{Prompt: "p", Schedule: "every 1m", NextRunAt: &now}); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]int{}
	done := make(chan []Job, 2)
	for _, s := range []*Store{s1, s2} {
		go func() {
			var all []Job
			for i := 0; i < 20; i++ {
				c, err := s.ClaimDueJobs(ctx, now, time.Minute, 1)
				if err != nil {
					t.Error(err)
				}
				all = append(all, c...)
			}
			done <- all
		}()
	}
	for range 2 {
		for _, j := range <-done {
			seen[j.ID]++
		}
	}
	if len(seen) != 20 {
		t.Errorf("%d jobs claimed, want 20", len(seen))
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("job %s claimed %d times", id, n)
		}
	}
}
