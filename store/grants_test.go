package store

import (
	"context"
	"errors"
	"testing"
)

func TestGrants(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	if err := s.AddGrant(ctx, "recursive-delete", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.AddGrant(ctx, "recursive-delete", ""); err != nil {
		t.Fatalf("duplicate grant: %v", err)
	}
	if err := s.AddGrant(ctx, "git-force-push", "git push -f origin main"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, cmd string
		want    bool
	}{
		{"recursive-delete", "rm -rf build", true},
		{"git-force-push", "git push -f origin main", true},
		{"git-force-push", "git push -f origin dev", false},
		{"sudo", "sudo ls", false},
	} {
		if got, err := s.Granted(ctx, c.id, c.cmd); err != nil || got != c.want {
			t.Errorf("Granted(%s, %q) = %v, %v", c.id, c.cmd, got, err)
		}
	}
	gs, err := s.Grants(ctx)
	if err != nil || len(gs) != 2 {
		t.Fatalf("%+v %v", gs, err)
	}
	if err := s.RevokeGrant(ctx, gs[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeGrant(ctx, gs[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("revoking twice: %v", err)
	}
	if ok, _ := s.Granted(ctx, "recursive-delete", "rm -rf build"); ok {
		t.Error("revoked grant still applies")
	}
}
