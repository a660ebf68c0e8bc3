package gateway

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/clock"
	"github.com/herm-dev/herm/store"
)

func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestPairingCodes(t *testing.T) {
	st := openStore(t)
	clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	p := &Pairing{Store: st, Clock: clk}
	ctx := context.Background()
	code, err := p.Request(ctx, "telegram", User{ID: "5", Username: "eve"}, "5")
	if err != nil {
		t.Fatal(err)
	}
	if len(code) != 8 || strings.ContainsAny(code, "01OI") || strings.Trim(code, pairingAlphabet) != "" {
		t.Fatalf("code %q", code)
	}
	reqs, _ := p.Pending(ctx, "telegram")
	if len(reqs) != 1 || strings.Contains(reqs[0].CodeHash, code) || reqs[0].UserName != "@eve" {
		t.Fatalf("%+v", reqs)
	}
	// The same user again within ten minutes gets nothing new.
	if _, err := p.Request(ctx, "telegram", User{ID: "5"}, "5"); !errors.Is(err, store.ErrPairingThrottled) {
		t.Errorf("%v", err)
	}
	if _, err := p.Approve(ctx, "telegram", "AAAAAAAA"); !errors.Is(err, store.ErrPairingNoMatch) {
		t.Errorf("wrong code: %v", err)
	}
	// Case and separators do not matter.
	typed := strings.ToLower(code[:4]) + "-" + code[4:]
	u, err := p.Approve(ctx, "telegram", typed)
	if err != nil || u.UserID != "5" {
		t.Fatalf("%+v %v", u, err)
	}
	if ok, _ := p.Paired(ctx, "telegram", "5"); !ok {
		t.Error("not paired")
	}
	// Codes expire after an hour.
	code2, err := p.Request(ctx, "telegram", User{ID: "6"}, "6")
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(61 * time.Minute)
	if _, err := p.Approve(ctx, "telegram", code2); !errors.Is(err, store.ErrPairingNoMatch) {
		t.Errorf("expired code approved: %v", err)
	}
}

func TestPairingCodesAreUniform(t *testing.T) {
	counts := map[rune]int{}
	for i := 0; i < 4000; i++ {
		for _, r := range newPairingCode() {
			counts[r]++
		}
	}
	if len(counts) != 32 {
		t.Fatalf("%d symbols used", len(counts))
	}
	for r, n := range counts {
		if n < 600 || n > 1400 { // 1000 expected each
			t.Errorf("%c drawn %d times", r, n)
		}
	}
}
