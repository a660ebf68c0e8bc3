package store

import (
	"context"
	"errors"
	"strings"
	"testing"
)

func TestErrorsAreTyped(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)

	// A method calling another says "store:" once, and keeps the cause.
	_, err := s.Fork(ctx, "nope", 0, ForkOptions{})
	var se *Error
	if !errors.As(err, &se) || !errors.Is(err, ErrNotFound) {
		t.Fatalf("Fork(nope) = %v, want an *Error wrapping ErrNotFound", err)
	}
	if want := "store: fork session nope at message 0: session nope: not found"; err.Error() != want {
		t.Errorf("Fork(nope) says %q, want %q", err, want)
	}
	if se.Op != "fork session nope at message 0: session nope" || se.Err != ErrNotFound {
		t.Errorf("Fork(nope): Op %q, Err %v", se.Op, se.Err)
	}

	for name, err := range map[string]error{
		"DeleteSession": s.DeleteSession(ctx, "nope"),
		"RevokeGrant":   s.RevokeGrant(ctx, 42),
		"UpdateSession": s.UpdateSession(ctx, "nope", SessionUpdate{Title: new("x")}),
		"AppendMessage": s.AppendMessage(ctx, &Message{SessionID: "nope", Role: "user"}),
		"DeleteJob":     s.DeleteJob(ctx, "nope"),
	} {
		if !errors.As(err, &se) || !errors.Is(err, ErrNotFound) || strings.Count(err.Error(), "store: ") != 1 {
			t.Errorf("%s = %v, want one *Error wrapping ErrNotFound", name, err)
		}
	}

	// Errors that are not ErrNotFound are *Errors too. Ids start with
	// the year, so two sessions share a four-character prefix.
	newSession(t, s)
	_, err = s.ResolveSessionID(ctx, sess.ID[:4])
	if !errors.As(err, &se) || errors.Is(err, ErrNotFound) || !strings.Contains(se.Err.Error(), "several sessions") {
		t.Errorf("ResolveSessionID(ambiguous) = %v, want an *Error saying it matches several sessions", err)
	}
}

func TestQueryErrorIsForThePersonTyping(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	for q, want := range map[string]struct {
		kind   error
		reason string
	}{
		"role:wizard x":    {ErrBadFilter, "role:wizard is not a role; use role:user, role:assistant, role:tool or role:system"},
		"before:someday x": {ErrBadFilter, "before:someday: not a date or age"},
		"---":              {ErrEmptyQuery, "the query has no word with letters or digits"},
		"-cat":             {ErrEmptyQuery, "the query only excludes words; add a word to look for"},
	} {
		for name, search := range map[string]func() error{
			"Search":         func() error { _, err := s.Search(ctx, q, SearchOptions{}); return err },
			"SearchSessions": func() error { _, err := s.SearchSessions(ctx, q, SearchOptions{}); return err },
		} {
			err := search()
			var (
				qe *QueryError
				se *Error
			)
			if !errors.As(err, &qe) || !errors.As(err, &se) || !errors.Is(err, want.kind) {
				t.Errorf("%s(%q) = %v, want a *QueryError (%v) inside an *Error", name, q, err, want.kind)
				continue
			}
			if qe.Err != want.kind || !strings.HasPrefix(qe.Reason, want.reason) {
				t.Errorf("%s(%q): Err %v, Reason %q; want %v, %q…", name, q, qe.Err, qe.Reason, want.kind, want.reason)
			}
			if got := qe.Error(); got != want.kind.Error()+": "+qe.Reason || strings.Contains(got, "store") || strings.Contains(got, q) {
				t.Errorf("%s(%q): the person typing reads %q", name, q, got)
			}
			if want := `store: search "` + q + `": ` + qe.Error(); err.Error() != want {
				t.Errorf("%s(%q) says %q, want %q", name, q, err, want)
			}
		}
	}
}
