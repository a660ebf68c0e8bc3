package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

var testLimits = PairingLimits{TTL: time.Hour, UserInterval: 10 * time.Minute, Lockout: 30 * time.Minute, MaxPending: 3, MaxFailures: 5}

func pairReq(user string) *PairingRequest {
	return &PairingRequest{ID: "req-" + user, Platform: "telegram", UserID: user, UserName: "@" + user,
		ChatID: user, CodeHash: "hash-" + user, Salt: "salt"}
}

func TestPairingLimits(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, u := range []string{"1", "2", "3"} {
		if err := s.CreatePairingRequest(ctx, pairReq(u), testLimits, now); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreatePairingRequest(ctx, pairReq("4"), testLimits, now); !errors.Is(err, ErrPairingFull) {
		t.Errorf("fourth pending: %v", err)
	}
	if err := s.CreatePairingRequest(ctx, pairReq("1"), testLimits, now.Add(9*time.Minute)); !errors.Is(err, ErrPairingThrottled) {
		t.Errorf("second request within 10 min: %v", err)
	}
	// Another platform has its own quota.
	other := pairReq("9")
	other.Platform, other.ID = "discord", "d9"
	if err := s.CreatePairingRequest(ctx, other, testLimits, now); err != nil {
		t.Errorf("other platform: %v", err)
	}
	reqs, err := s.PairingRequests(ctx, "telegram", now)
	if err != nil || len(reqs) != 3 || reqs[0].ExpiresAt != now.Add(time.Hour) {
		t.Fatalf("%+v %v", reqs, err)
	}
	// After an hour they expire, and the slots free up.
	later := now.Add(61 * time.Minute)
	if reqs, _ := s.PairingRequests(ctx, "telegram", later); len(reqs) != 0 {
		t.Errorf("expired requests listed: %+v", reqs)
	}
	if err := s.CreatePairingRequest(ctx, pairReq("4"), testLimits, later); err != nil {
		t.Errorf("after expiry: %v", err)
	}
}

func TestApprovePairingAndLockout(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := s.CreatePairingRequest(ctx, pairReq("7"), testLimits, now); err != nil {
		t.Fatal(err)
	}
	matchHash := func(h string) func(PairingRequest) bool {
		return func(r PairingRequest) bool { return r.CodeHash == h }
	}
	// Four wrong codes, then the right one: approved, counter reset.
	for i := 0; i < 4; i++ {
		if _, err := s.ApprovePairing(ctx, "telegram", matchHash("wrong"), testLimits, now); !errors.Is(err, ErrPairingNoMatch) {
			t.Fatalf("wrong code %d: %v", i, err)
		}
	}
	u, err := s.ApprovePairing(ctx, "telegram", matchHash("hash-7"), testLimits, now)
	if err != nil || u.UserID != "7" || u.UserName != "@7" {
		t.Fatalf("%+v %v", u, err)
	}
	if ok, _ := s.IsPaired(ctx, "telegram", "7"); !ok {
		t.Error("not paired")
	}
	if ok, _ := s.IsPaired(ctx, "discord", "7"); ok {
		t.Error("paired on another platform")
	}
	// Five wrong codes in a row lock approvals, even for a right code.
	if err := s.CreatePairingRequest(ctx, pairReq("8"), testLimits, now); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		s.ApprovePairing(ctx, "telegram", matchHash("wrong"), testLimits, now)
	}
	if _, err := s.ApprovePairing(ctx, "telegram", matchHash("hash-8"), testLimits, now); !errors.Is(err, ErrPairingLocked) {
		t.Fatalf("locked: %v", err)
	}
	if until, _ := s.PairingLockedUntil(ctx, "telegram", now); !until.Equal(now.Add(testLimits.Lockout)) {
		t.Errorf("locked until %v", until)
	}
	if err := s.CreatePairingRequest(ctx, pairReq("5"), testLimits, now); !errors.Is(err, ErrPairingLocked) {
		t.Errorf("new code while locked: %v", err)
	}
	// The lockout ends.
	if _, err := s.ApprovePairing(ctx, "telegram", matchHash("hash-8"), testLimits, now.Add(testLimits.Lockout+time.Minute)); err != nil {
		t.Fatalf("after lockout: %v", err)
	}
	users, err := s.PairedUsers(ctx, "")
	if err != nil || len(users) != 2 {
		t.Fatalf("%+v %v", users, err)
	}
	if err := s.RevokePairedUser(ctx, "telegram", "7"); err != nil {
		t.Fatal(err)
	}
	if err := s.RevokePairedUser(ctx, "telegram", "7"); !errors.Is(err, ErrNotFound) {
		t.Errorf("revoke twice: %v", err)
	}
	if ok, _ := s.IsPaired(ctx, "telegram", "7"); ok {
		t.Error("still paired after revoke")
	}
}

func TestRoutesAndInbox(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	r := &Route{Key: "telegram:dm:1", SessionID: "s1", Platform: "telegram", ChatID: "1", ChatType: "dm", UserID: "1"}
	if err := s.SetRoute(ctx, r); err != nil {
		t.Fatal(err)
	}
	r.SessionID = "s2"
	if err := s.SetRoute(ctx, r); err != nil {
		t.Fatal(err)
	}
	got, err := s.Route(ctx, r.Key)
	if err != nil || got.SessionID != "s2" || got.ChatID != "1" {
		t.Fatalf("%+v %v", got, err)
	}
	if got, err := s.RouteBySession(ctx, "s2"); err != nil || got.Key != r.Key {
		t.Fatalf("by session %+v %v", got, err)
	}
	if _, err := s.Route(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing route: %v", err)
	}
	if n, _ := s.CountRoutes(ctx); n != 1 {
		t.Errorf("%d routes", n)
	}
	if ok, err := s.KnownChat(ctx, "telegram", "1"); err != nil || !ok {
		t.Errorf("chat with a route unknown: %v", err)
	}
	if ok, _ := s.KnownChat(ctx, "telegram", "2"); ok {
		t.Error("a stranger's chat is known")
	}

	var ids []int64
	for i := 0; i < 3; i++ {
		it := &InboxItem{Platform: "telegram", EventID: fmt.Sprint(100 + i), RouteKey: r.Key, Payload: []byte(`{"text":"hi"}`)}
		added, err := s.AddInbox(ctx, it)
		if err != nil || !added || it.ID == 0 {
			t.Fatalf("add %d: %v %v", i, added, err)
		}
		ids = append(ids, it.ID)
	}
	dup := &InboxItem{Platform: "telegram", EventID: "100", RouteKey: r.Key, Payload: []byte(`{}`)}
	if added, err := s.AddInbox(ctx, dup); err != nil || added {
		t.Fatalf("duplicate added: %v %v", added, err)
	}
	if err := s.SetInboxState(ctx, ids[0], InboxDone); err != nil {
		t.Fatal(err)
	}
	if err := s.SetInboxState(ctx, ids[1], InboxRunning); err != nil {
		t.Fatal(err)
	}
	open, err := s.OpenInbox(ctx)
	if err != nil || len(open) != 2 || open[0].State != InboxRunning || string(open[1].Payload) != `{"text":"hi"}` {
		t.Fatalf("%+v %v", open, err)
	}
	batch := []*InboxItem{
		{Platform: "telegram", EventID: "200", RouteKey: r.Key, Payload: []byte(`{}`)},
		{Platform: "telegram", EventID: "101", RouteKey: r.Key, Payload: []byte(`{}`)}, // seen
		{Platform: "telegram", EventID: "201", RouteKey: r.Key, Payload: []byte(`{}`)},
	}
	added, err := s.AddInboxBatch(ctx, batch)
	if err != nil || !added[0] || added[1] || !added[2] || batch[0].ID == 0 || batch[1].ID != 0 {
		t.Fatalf("batch: %v %v %+v", added, err, batch)
	}
	if err := s.SetInboxStates(ctx, []InboxState{{batch[0].ID, InboxRunning}, {batch[0].ID, InboxDone}, {batch[2].ID, InboxDone}}); err != nil {
		t.Fatal(err)
	}
	if open, _ := s.OpenInbox(ctx); len(open) != 2 {
		t.Errorf("%d open after the batch", len(open))
	}
	if n, err := s.PruneInbox(ctx, time.Now().Add(time.Minute)); err != nil || n != 3 {
		t.Errorf("pruned %d %v", n, err)
	}
}
