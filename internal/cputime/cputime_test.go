package cputime

import "testing"

func TestProcessCounts(t *testing.T) {
	start := Process()
	if start <= 0 {
		t.Fatalf("Process() = %v at the start of a test; a running process has used some CPU", start)
	}
	x := 0
	for i := range 50_000_000 {
		x += i ^ x
	}
	if Process() <= start {
		t.Errorf("Process() did not grow over a busy loop (%d)", x)
	}
}
