// Package cron runs scheduled prompts: it parses the schedule grammar
// (SPEC "Cron"), keeps jobs in the store, and runs each due job as an agent
// turn in a fresh session whose answer is saved and delivered to a chat.
//
// It lives beside the gateway because the gateway runs it: the scheduler
// loop runs inside the headless process, which gives it a way to deliver
// answers. The grammar and the job operations (Service) also serve the
// `herm cron` commands and the cronjob tool, with no gateway running. cron
// never delivers by itself: it hands answers to the gateway's outbox.
package cron

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // cron expressions name IANA zones; hosts without a zoneinfo database still resolve them

	robfig "github.com/robfig/cron/v3"
)

// Kind is the shape of a schedule.
type Kind int

const (
	Once  Kind = iota + 1 // "30m", an ISO timestamp: runs one time
	Every                 // "every 2h": runs at a fixed interval
	Expr                  // "0 9 * * 1-5": a cron expression
)

// MinInterval is the shortest recurring interval: a job that fires more
// often than this would mostly talk to itself.
const MinInterval = time.Minute

// Schedule is a parsed schedule.
type Schedule struct {
	Spec     string
	Kind     Kind
	Interval time.Duration // Every
	At       time.Time     // Once
	Location *time.Location
	expr     robfig.Schedule
}

// Parse reads a schedule. Relative one-shot schedules ("30m") and the first
// run of an interval count from now; loc is the zone for cron expressions
// and for timestamps written without one (nil means time.Local).
//
//	30m, 2h, 1d, 1h30m      once, that long from now
//	every 2h, every 1d      recurring; the first run is one interval from now
//	0 9 * * 1-5, @daily     a 5-field cron expression (or descriptor)
//	2026-03-01T09:00        once, at that time (RFC 3339, or without a zone)
func Parse(spec string, now time.Time, loc *time.Location) (Schedule, error) {
	spec = strings.TrimSpace(spec)
	if loc == nil {
		loc = time.Local
	}
	s := Schedule{Spec: spec, Location: loc}
	if spec == "" {
		return s, errors.New("the schedule is empty: use e.g. 30m, every 2h, \"0 9 * * 1-5\" or 2026-03-01T09:00")
	}
	lower := strings.ToLower(spec)
	if rest, ok := strings.CutPrefix(lower, "every "); ok {
		d, err := parseDuration(strings.TrimSpace(rest))
		if err != nil {
			return s, fmt.Errorf("schedule %q: %w", spec, err)
		}
		if d < MinInterval {
			return s, fmt.Errorf("schedule %q: the shortest interval is %s", spec, MinInterval)
		}
		s.Kind, s.Interval = Every, d
		return s, nil
	}
	if d, err := parseDuration(lower); err == nil {
		if d <= 0 {
			return s, fmt.Errorf("schedule %q: the delay must be positive", spec)
		}
		s.Kind, s.At = Once, now.Add(d)
		return s, nil
	}
	if t, ok := parseTimestamp(spec, loc); ok {
		if !t.After(now) {
			return s, fmt.Errorf("schedule %q: that time is in the past", spec)
		}
		s.Kind, s.At = Once, t
		return s, nil
	}
	expr, err := parseExpr(spec, loc)
	if err != nil {
		return s, fmt.Errorf("schedule %q is not a delay (30m), an interval (every 2h), a timestamp (2026-03-01T09:00) or a cron expression: %w", spec, err)
	}
	if expr.Next(now).IsZero() {
		return s, fmt.Errorf("schedule %q never fires", spec)
	}
	s.Kind, s.expr = Expr, expr
	return s, nil
}

// First returns the schedule's first run after now.
func (s Schedule) First(now time.Time) time.Time {
	switch s.Kind {
	case Once:
		return s.At
	case Every:
		return now.Add(s.Interval)
	}
	return s.expr.Next(now)
}

// After returns the run that follows an occurrence scheduled at scheduled,
// now that it is now, or ok=false when there is none (a one-shot job).
// Occurrences missed while herm was down or busy are skipped, not replayed:
// the result is always after now, so a recurring job runs once for any
// number of missed runs, and an interval job keeps its cadence.
func (s Schedule) After(scheduled, now time.Time) (next time.Time, ok bool) {
	switch s.Kind {
	case Once:
		return time.Time{}, false
	case Every:
		next = scheduled.Add(s.Interval)
		if !next.After(now) {
			missed := now.Sub(next)/s.Interval + 1
			next = next.Add(missed * s.Interval)
		}
		return next, true
	}
	next = s.expr.Next(now)
	return next, !next.IsZero()
}

// Recurring reports whether the schedule fires more than once.
func (s Schedule) Recurring() bool { return s.Kind != Once }

// Describe says in words when the schedule fires.
func (s Schedule) Describe() string {
	switch s.Kind {
	case Once:
		return "once at " + s.At.In(s.Location).Format("2006-01-02 15:04 MST")
	case Every:
		return "every " + formatDuration(s.Interval)
	}
	zone := ""
	if s.Location != time.Local {
		zone = " (" + s.Location.String() + ")"
	}
	return "cron " + s.Spec + zone
}

// parseDuration accepts Go durations plus days: 30m, 2h, 1d, 1d12h.
func parseDuration(s string) (time.Duration, error) {
	if s == "" {
		return 0, errors.New("no interval given")
	}
	var days time.Duration
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 0 || n > 3650 {
			return 0, fmt.Errorf("%q is not a duration like 30m, 2h or 1d", s)
		}
		days, s = time.Duration(n)*24*time.Hour, s[i+1:]
		if s == "" {
			return days, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration like 30m, 2h or 1d", s)
	}
	return days + d, nil
}

func formatDuration(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	}
	s := d.String() // 1h30m0s
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

var timestampLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"}

func parseTimestamp(s string, loc *time.Location) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	for _, layout := range timestampLayouts {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// parseExpr parses a 5-field expression or descriptor. A CRON_TZ=Zone (or
// TZ=Zone) prefix overrides loc. robfig/cron panics on a prefix with
// nothing after it, so the prefix is handled here.
func parseExpr(spec string, loc *time.Location) (robfig.Schedule, error) {
	if strings.HasPrefix(spec, "CRON_TZ=") || strings.HasPrefix(spec, "TZ=") {
		prefix, rest, ok := strings.Cut(spec, " ")
		if !ok || strings.TrimSpace(rest) == "" {
			return nil, errors.New("a time zone prefix needs an expression after it")
		}
		_, name, _ := strings.Cut(prefix, "=")
		l, err := time.LoadLocation(name)
		if err != nil {
			return nil, fmt.Errorf("unknown time zone %q", name)
		}
		loc, spec = l, strings.TrimSpace(rest)
	}
	sched, err := robfig.ParseStandard(spec)
	if err != nil {
		return nil, err
	}
	if ss, ok := sched.(*robfig.SpecSchedule); ok {
		ss.Location = loc
	}
	return sched, nil
}

// LoadLocation resolves a job's or the config's time zone name ("" = local).
func LoadLocation(name string) (*time.Location, error) {
	if name == "" || strings.EqualFold(name, "local") {
		return time.Local, nil
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("unknown time zone %q: use an IANA name such as Europe/Paris or UTC", name)
	}
	return loc, nil
}
