package store

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"testing"
	"time"
)

func TestNewSessionID(t *testing.T) {
	re := regexp.MustCompile(`^\d{8}_\d{6}_[0-9a-f]{6}$`)
	suffixes := map[string]bool{}
	for range 1000 {
		id := NewSessionID()
		if !re.MatchString(id) {
			t.Fatalf("NewSessionID() = %q, want YYYYMMDD_HHMMSS_xxxxxx", id)
		}
		suffixes[id[16:]] = true
	}
	// 24 random bits: a few repeats among 1000 are possible, many are not.
	if len(suffixes) < 990 {
		t.Errorf("only %d distinct random suffixes in 1000 ids", len(suffixes))
	}
	at := time.Date(2026, 12, 1, 15, 30, 12, 0, time.FixedZone("X", 3600))
	if got := newSessionID(at)[:15]; got != "20261201_143012" {
		t.Errorf("id time part = %q, want UTC 20261201_143012", got)
	}
}

func TestSessionRoundTrip(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	started := time.Date(2026, 3, 4, 5, 6, 7, 891011121, time.UTC)
	ended := started.Add(time.Hour)
	in := &Session{
		Source: "telegram", Title: "Fix the build", Model: "gpt-5", Provider: "openai",
		ParentID: "20260101_000000_abcdef", StartedAt: started, EndedAt: &ended,
		EndReason: "compression", Usage: Usage{1, 2, 3, 4, 5}, CostUSD: 0.25,
		Cwd: "/home/me/src", Archived: true,
	}
	if err := s.CreateSession(ctx, in); err != nil {
		t.Fatal(err)
	}
	if in.ID == "" {
		t.Fatal("CreateSession did not fill the id")
	}
	got, err := s.Session(ctx, in.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != in.ID || got.Source != in.Source || got.Title != in.Title || got.Model != in.Model ||
		got.Provider != in.Provider || got.ParentID != in.ParentID || got.EndReason != in.EndReason ||
		got.Usage != in.Usage || got.CostUSD != in.CostUSD || got.Cwd != in.Cwd || !got.Archived {
		t.Errorf("Session() = %+v\nwant %+v", got, in)
	}
	if !got.StartedAt.Equal(started) || !got.UpdatedAt.Equal(started) {
		t.Errorf("StartedAt/UpdatedAt = %v/%v, want %v (to the nanosecond)", got.StartedAt, got.UpdatedAt, started)
	}
	if got.EndedAt == nil || !got.EndedAt.Equal(ended) {
		t.Errorf("EndedAt = %v, want %v", got.EndedAt, ended)
	}

	// Defaults: id and start time filled, no end, no parent.
	plain := &Session{Source: "cli"}
	if err := s.CreateSession(ctx, plain); err != nil {
		t.Fatal(err)
	}
	got, err = s.Session(ctx, plain.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.StartedAt.IsZero() || got.EndedAt != nil || got.ParentID != "" || got.Archived {
		t.Errorf("plain session = %+v", got)
	}

	// An explicit duplicate id is an error, not a silent overwrite.
	dup := &Session{ID: in.ID}
	if err := s.CreateSession(ctx, dup); err == nil {
		t.Error("CreateSession with an existing id succeeded")
	}
}

func TestUpdateSession(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)

	title, model, reason := "New title", "claude", "user_exit"
	ended := time.Date(2026, 5, 5, 5, 5, 5, 5, time.UTC)
	archived := true
	err := s.UpdateSession(ctx, sess.ID, SessionUpdate{
		Title: &title, Model: &model, EndReason: &reason, EndedAt: &ended, Archived: &archived,
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Session(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Title != title || got.Model != model || got.EndReason != reason || !got.Archived ||
		got.EndedAt == nil || !got.EndedAt.Equal(ended) {
		t.Errorf("after update: %+v", got)
	}
	if got.Provider != sess.Provider || got.Source != sess.Source {
		t.Errorf("fields not in the update changed: %+v", got)
	}

	if err := s.UpdateSession(ctx, sess.ID, SessionUpdate{ClearEnded: true}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Session(ctx, sess.ID); got.EndedAt != nil {
		t.Errorf("EndedAt = %v after ClearEnded", got.EndedAt)
	}

	for _, u := range []SessionUpdate{{Title: &title}, {}} {
		if err := s.UpdateSession(ctx, "missing", u); !errors.Is(err, ErrNotFound) {
			t.Errorf("UpdateSession(missing, %+v) = %v, want ErrNotFound", u, err)
		}
	}
}

func TestAddUsage(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	for range 3 {
		if err := s.AddUsage(ctx, sess.ID, Usage{10, 20, 30, 40, 50}, 0.5); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Session(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Usage{30, 60, 90, 120, 150}); got.Usage != want || got.CostUSD != 1.5 {
		t.Errorf("usage = %+v cost %v, want %+v cost 1.5", got.Usage, got.CostUSD, want)
	}
	if err := s.AddUsage(ctx, "missing", Usage{}, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("AddUsage(missing) = %v, want ErrNotFound", err)
	}
}

func TestListAndLatestSessions(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()

	if _, err := s.LatestSession(ctx, ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("LatestSession on an empty store = %v, want ErrNotFound", err)
	}

	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	mk := func(source string, minute int, archived bool) *Session {
		sess := &Session{Source: source, StartedAt: base.Add(time.Duration(minute) * time.Minute), Archived: archived}
		if err := s.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		return sess
	}
	a := mk("cli", 1, false)
	b := mk("telegram", 2, false)
	c := mk("cli", 3, false)
	d := mk("cli", 4, true)

	// A message makes the oldest session the most recently updated.
	if err := s.AppendMessage(ctx, &Message{SessionID: a.ID, Role: "user", Content: "hi", CreatedAt: base.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}

	ids := func(list []Session) []string {
		var out []string
		for _, x := range list {
			out = append(out, x.ID)
		}
		return out
	}
	check := func(name string, opts ListOptions, want ...string) {
		t.Helper()
		list, err := s.ListSessions(ctx, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := ids(list); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	check("all", ListOptions{}, a.ID, c.ID, b.ID)
	check("with archived", ListOptions{IncludeArchived: true}, a.ID, d.ID, c.ID, b.ID)
	check("cli", ListOptions{Source: "cli"}, a.ID, c.ID)
	check("page", ListOptions{Limit: 1, Offset: 1}, c.ID)

	latest, err := s.LatestSession(ctx, "")
	if err != nil || latest.ID != a.ID {
		t.Errorf("LatestSession(\"\") = %v, %v; want %s", latest, err, a.ID)
	}
	latest, err = s.LatestSession(ctx, "telegram")
	if err != nil || latest.ID != b.ID {
		t.Errorf("LatestSession(telegram) = %v, %v; want %s", latest, err, b.ID)
	}
	if _, err := s.LatestSession(ctx, "discord"); !errors.Is(err, ErrNotFound) {
		t.Errorf("LatestSession(discord) = %v, want ErrNotFound", err)
	}
}

func TestCreateSessionRetriesIDCollision(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	ids := []string{"20260101_000000_aaaaaa", "20260101_000000_aaaaaa", "20260101_000000_aaaaaa", "20260101_000000_bbbbbb"}
	s.newID = func(time.Time) string {
		id := ids[0]
		ids = ids[1:]
		return id
	}
	first := &Session{}
	if err := s.CreateSession(ctx, first); err != nil {
		t.Fatal(err)
	}
	second := &Session{}
	if err := s.CreateSession(ctx, second); err != nil {
		t.Fatalf("CreateSession after an id collision: %v", err)
	}
	if first.ID != "20260101_000000_aaaaaa" || second.ID != "20260101_000000_bbbbbb" {
		t.Errorf("ids %s and %s", first.ID, second.ID)
	}
}
