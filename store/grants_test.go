package store

import (
	"context"
	"errors"
	"testing"

	"github.com/herm-dev/herm/internal/seal"
)

func testKey(t *testing.T) *seal.Key {
	t.Helper()
	k, err := seal.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestGrants(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	key := testKey(t)
	if err := s.AddGrant(ctx, key, "recursive-delete", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.AddGrant(ctx, key, "recursive-delete", ""); err != nil {
		t.Fatalf("duplicate grant: %v", err)
	}
	if err := s.AddGrant(ctx, key, "git-force-push", "git push -f origin main"); err != nil {
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
		if got, refused, err := s.Granted(ctx, key, c.id, c.cmd); err != nil || got != c.want || len(refused) != 0 {
			t.Errorf("Granted(%s, %q) = %v, %v, %v", c.id, c.cmd, got, refused, err)
		}
	}
	gs, err := s.Grants(ctx, key)
	if err != nil || len(gs) != 2 || gs[0].State != GrantSigned {
		t.Fatalf("%+v %v", gs, err)
	}
	if err := s.RevokeGrant(ctx, gs[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokeGrant(ctx, gs[0].ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("revoking twice: %v", err)
	}
	if ok, _, _ := s.Granted(ctx, key, "recursive-delete", "rm -rf build"); ok {
		t.Error("revoked grant still applies")
	}
	if err := s.AddGrant(ctx, nil, "sudo", ""); err == nil {
		t.Error("a grant was saved without a key to sign it")
	}
}

// TestForgedGrantsNotHonoured writes grants as a command the model ran
// could: `sqlite3 state.db "insert into approval_grants …"`, or an update
// widening a signed grant to every command.
func TestForgedGrantsNotHonoured(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	key := testKey(t)
	if _, err := s.w.Exec(`INSERT INTO approval_grants (finding_id, command, created_at) VALUES ('recursive-delete', '', 1)`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`INSERT INTO approval_grants (finding_id, command, created_at, mac) VALUES ('sudo', '', 1, 'ab')`); err != nil {
		t.Fatal(err)
	}
	if err := s.AddGrant(ctx, key, "git-force-push", "git push -f origin main"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`UPDATE approval_grants SET command = '' WHERE finding_id = 'git-force-push'`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id, cmd string
		state   GrantState
	}{
		{"recursive-delete", "rm -rf ~", GrantUnsigned},
		{"sudo", "sudo sh", GrantTampered},
		{"git-force-push", "git push -f origin dev", GrantTampered},
	} {
		ok, refused, err := s.Granted(ctx, key, c.id, c.cmd)
		if err != nil || ok || len(refused) != 1 || refused[0].State != c.state {
			t.Errorf("Granted(%s) = %v, %+v, %v; want refused as %v", c.id, ok, refused, err, c.state)
		}
	}
	// Signed with another key (another home's, or a key since replaced).
	if ok, _, _ := s.Granted(ctx, testKey(t), "git-force-push", "git push -f origin main"); ok {
		t.Error("a grant verified with another key")
	}
	// The person approving again replaces the unsigned grant.
	if err := s.AddGrant(ctx, key, "recursive-delete", ""); err != nil {
		t.Fatal(err)
	}
	if ok, refused, _ := s.Granted(ctx, key, "recursive-delete", "rm -rf build"); !ok || len(refused) != 0 {
		t.Errorf("re-approved grant: %v %+v", ok, refused)
	}
	gs, _ := s.Grants(ctx, key)
	states := map[string]GrantState{}
	for _, g := range gs {
		states[g.FindingID] = g.State
	}
	if len(gs) != 3 || states["recursive-delete"] != GrantSigned || states["sudo"] != GrantTampered {
		t.Errorf("grants: %+v", gs)
	}
}
