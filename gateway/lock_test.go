package gateway

import (
	"strings"
	"testing"
)

// TestLockOneGatewayPerHome: a second gateway for a home is refused while
// the first holds the lock, and status sees who holds it.
func TestLockOneGatewayPerHome(t *testing.T) {
	home := t.TempDir()
	if running, err := Running(home); err != nil || running {
		t.Fatalf("before any gateway: running %v, %v", running, err)
	}
	release, err := Lock(home)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Lock(home); err == nil || !strings.Contains(err.Error(), "already running") {
		t.Errorf("a second gateway for the home: %v", err)
	}
	if running, err := Running(home); err != nil || !running {
		t.Errorf("while locked: running %v, %v", running, err)
	}
	release()
	if running, err := Running(home); err != nil || running {
		t.Errorf("after release: running %v, %v", running, err)
	}
	release, err = Lock(home)
	if err != nil {
		t.Fatalf("the lock was not given back: %v", err)
	}
	release()
}
