package gateway

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm/openai"
	"github.com/herm-dev/herm/internal/fakeopenai"
)

// flaky is a platform that fails its first attempts, then stays up.
type flaky struct {
	name      string
	failures  int
	attempts  atomic.Int32
	connected chan struct{}
	once      sync.Once
}

func (f *flaky) Name() string { return f.name }

func (f *flaky) Run(ctx context.Context, host Host) error {
	if int(f.attempts.Add(1)) <= f.failures {
		return errors.New("connection refused")
	}
	host.Connected(f.name)
	f.once.Do(func() { close(f.connected) })
	<-ctx.Done()
	return nil
}

func newTestRunner(t *testing.T, platforms ...Platform) (*Runner, string) {
	t.Helper()
	st := openStore(t)
	llm := fakeopenai.New()
	t.Cleanup(llm.Close)
	a := &agent.Agent{Provider: openai.New(openai.Config{BaseURL: llm.URL}), Model: "m", Store: st}
	home := filepath.Join(t.TempDir(), "home")
	r, err := New(Config{Agent: a, Store: st, Platforms: platforms, Home: home, ReconnectBase: 20 * time.Millisecond,
		StatusInterval: 10 * time.Millisecond, DrainTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return r, home
}

func TestAFailingPlatformIsRetriedWithoutStoppingOthers(t *testing.T) {
	bad := &flaky{name: "bad", failures: 3, connected: make(chan struct{})}
	good := &flaky{name: "good", connected: make(chan struct{})}
	r, home := newTestRunner(t, bad, good)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	select {
	case <-r.Ready():
	case <-time.After(5 * time.Second):
		t.Fatal("not ready although every platform made its first attempt")
	}
	<-good.connected
	st := r.Status()
	if st.Platforms[1].State != "connected" {
		t.Errorf("good platform: %+v", st.Platforms[1])
	}
	select {
	case <-bad.connected:
	case <-time.After(10 * time.Second):
		t.Fatalf("the failing platform was not retried until it connected: %+v", r.Status().Platforms[0])
	}
	if n := bad.attempts.Load(); n != 4 {
		t.Errorf("%d attempts", n)
	}
	// Another gateway on the same home is refused.
	r2, _ := newTestRunner(t)
	r2.cfg.Home = home
	if err := r2.Run(context.Background()); err == nil {
		t.Error("a second gateway ran on the same home")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	saved, running, err := ReadStatus(home)
	if err != nil || running || saved.State != "stopped" || saved.Platforms[0].State != "stopped" {
		t.Errorf("%+v %v %v", saved, running, err)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	st := openStore(t)
	a := &agent.Agent{Store: st}
	if _, err := New(Config{Agent: a, Store: st, Busy: "sometimes"}); err == nil {
		t.Error("bad busy mode accepted")
	}
	p := &flaky{name: "x", connected: make(chan struct{})}
	if _, err := New(Config{Agent: a, Store: st, Platforms: []Platform{p, p}}); err == nil {
		t.Error("a platform configured twice was accepted")
	}
	if _, err := New(Config{Store: st}); err == nil {
		t.Error("no agent accepted")
	}
}

// The periodic status write and the one on a change run at once; the file
// must end with the newest snapshot, never an older one renamed over it.
func TestStatusFileEndsWithTheNewestState(t *testing.T) {
	r, home := newTestRunner(t)
	if err := os.MkdirAll(StateDir(home), 0o700); err != nil {
		t.Fatal(err)
	}
	for round := range 40 {
		stop := make(chan struct{})
		periodic := make(chan struct{})
		go func() { // statusLoop's part
			defer close(periodic)
			for {
				select {
				case <-stop:
					return
				default:
					r.writeStatus()
				}
			}
		}()
		want := ""
		for i := range 5 {
			want = fmt.Sprintf("state-%d-%d", round, i)
			r.mu.Lock()
			r.state = want
			r.mu.Unlock()
			r.writeStatus()
		}
		close(stop)
		<-periodic
		saved, _, err := ReadStatus(home)
		if err != nil {
			t.Fatal(err)
		}
		if saved.State != want {
			t.Fatalf("round %d: status.json says %q after %q was written", round, saved.State, want)
		}
	}
}
