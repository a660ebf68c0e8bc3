package cron

import (
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

func TestParse(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	cases := []struct {
		spec     string
		kind     Kind
		first    time.Time
		describe string
	}{
		{"30m", Once, t0.Add(30 * time.Minute), "once at 2026-03-01 10:30 UTC"},
		{"1h30m", Once, t0.Add(90 * time.Minute), ""},
		{"2d", Once, t0.Add(48 * time.Hour), ""},
		{"every 2h", Every, t0.Add(2 * time.Hour), "every 2h"},
		{"Every 90m", Every, t0.Add(90 * time.Minute), "every 1h30m"},
		{"every 1d", Every, t0.Add(24 * time.Hour), "every 1d"},
		{"0 9 * * 1-5", Expr, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), "cron 0 9 * * 1-5 (UTC)"}, // 1 March 2026 is a Sunday
		{"@hourly", Expr, t0.Add(time.Hour), ""},
		{"CRON_TZ=Europe/Paris 0 9 * * *", Expr, time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC), ""},
		{"2026-03-01T12:00:00Z", Once, t0.Add(2 * time.Hour), ""},
		{"2026-03-01T12:00", Once, t0.Add(2 * time.Hour), ""},
		{"2026-03-01 11:15", Once, t0.Add(75 * time.Minute), ""},
	}
	for _, c := range cases {
		s, err := Parse(c.spec, t0, time.UTC)
		if err != nil {
			t.Errorf("%q: %v", c.spec, err)
			continue
		}
		if s.Kind != c.kind || !s.First(t0).Equal(c.first) {
			t.Errorf("%q: kind %d first %v, want %d %v", c.spec, s.Kind, s.First(t0), c.kind, c.first)
		}
		if c.describe != "" && s.Describe() != c.describe {
			t.Errorf("%q: describe %q, want %q", c.spec, s.Describe(), c.describe)
		}
	}
	// A zone given with the job applies to expressions and bare timestamps.
	s, err := Parse("0 9 * * *", t0, paris)
	if err != nil || !s.First(t0).Equal(time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)) || !strings.Contains(s.Describe(), "Europe/Paris") {
		t.Errorf("zone: %v %v %q", s.First(t0), err, s.Describe())
	}
	if s, _ := Parse("2026-03-01 12:00", t0, paris); !s.At.Equal(t0.Add(time.Hour)) {
		t.Errorf("bare timestamp in Paris: %v", s.At)
	}
}

func TestParseRejects(t *testing.T) {
	for spec, want := range map[string]string{
		"":                       "empty",
		"every 30s":              "shortest interval",
		"every":                  "not a delay",
		"every soon":             "not a duration",
		"-5m":                    "positive",
		"2020-01-01T00:00:00Z":   "in the past",
		"61 * * * *":             "cron expression",
		"0 0 30 2 *":             "never fires",
		"CRON_TZ=Europe/Paris":   "needs an expression",
		"TZ=Mars/Base 0 * * * *": "unknown time zone",
		"tomorrow-ish":           "not a delay",
	} {
		_, err := Parse(spec, t0, time.UTC)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", spec, err, want)
		}
	}
}

func TestAfterCoalescesMissedRuns(t *testing.T) {
	every, _ := Parse("every 10m", t0, time.UTC)
	sched := t0.Add(10 * time.Minute)
	// On time: the next occurrence keeps the cadence.
	if n, ok := every.After(sched, sched.Add(3*time.Second)); !ok || !n.Equal(sched.Add(10*time.Minute)) {
		t.Errorf("on time: %v %v", n, ok)
	}
	// Three hours late: one run now, the next on the grid after now.
	now := sched.Add(3*time.Hour + 4*time.Minute)
	if n, ok := every.After(sched, now); !ok || !n.Equal(sched.Add(3*time.Hour+10*time.Minute)) {
		t.Errorf("late: %v", n)
	}
	// Exactly on a grid point: strictly after now.
	if n, _ := every.After(sched, sched.Add(20*time.Minute)); !n.Equal(sched.Add(30 * time.Minute)) {
		t.Errorf("grid: %v", n)
	}
	expr, _ := Parse("*/15 * * * *", t0, time.UTC)
	if n, _ := expr.After(t0, t0.Add(2*time.Hour+time.Minute)); !n.Equal(t0.Add(2*time.Hour + 15*time.Minute)) {
		t.Errorf("expr late: %v", n)
	}
	once, _ := Parse("5m", t0, time.UTC)
	if _, ok := once.After(t0.Add(5*time.Minute), t0.Add(time.Hour)); ok || once.Recurring() {
		t.Error("a one-shot schedule recurs")
	}
}
