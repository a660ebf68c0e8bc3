package clock

import (
	"testing"
	"time"
)

func TestFakeTimers(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	f := NewFake(start)
	a, b := f.NewTimer(time.Minute), f.NewTimer(time.Hour)
	if f.Waiters() != 2 {
		t.Fatalf("%d waiters", f.Waiters())
	}
	f.Advance(30 * time.Second)
	select {
	case <-a.C():
		t.Fatal("fired early")
	default:
	}
	f.Advance(30 * time.Second)
	if got := <-a.C(); !got.Equal(start.Add(time.Minute)) {
		t.Errorf("fired at %v", got)
	}
	if !b.Stop() || b.Stop() || a.Stop() {
		t.Error("Stop results wrong")
	}
	if f.Waiters() != 0 {
		t.Errorf("%d waiters left", f.Waiters())
	}
	go func() { f.NewTimer(time.Second) }()
	if !f.WaitForWaiters(1, 5*time.Second) {
		t.Error("waiter not seen")
	}
	if z := f.NewTimer(0); len(z.C()) != 1 {
		t.Error("zero timer did not fire at once")
	}
}
