package agent

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/text"
)

// Defaults from SPEC "Errors and retries".
const (
	DefaultMaxRetries = 3
	DefaultRetryBase  = 5 * time.Second
	DefaultRetryMax   = 120 * time.Second
	// DefaultMaxRetryAfter is the longest Retry-After herm waits out; a
	// provider asking for longer is treated as out of retries, so the
	// fallback chain (or the person) takes over instead of a silent hang.
	DefaultMaxRetryAfter = 5 * time.Minute
)

// RetryPolicy says how often and how patiently a failed model call is sent
// again. Zero fields take the defaults; MaxRetries < 0 disables retries.
type RetryPolicy struct {
	MaxRetries    int
	Base          time.Duration // first wait: Base·2^(n-1), capped at Max
	Max           time.Duration
	MaxRetryAfter time.Duration
}

func (p RetryPolicy) withDefaults() RetryPolicy {
	switch {
	case p.MaxRetries < 0:
		p.MaxRetries = 0
	case p.MaxRetries == 0:
		p.MaxRetries = DefaultMaxRetries
	}
	if p.Base <= 0 {
		p.Base = DefaultRetryBase
	}
	if p.Max <= 0 {
		p.Max = DefaultRetryMax
	}
	if p.MaxRetryAfter <= 0 {
		p.MaxRetryAfter = DefaultMaxRetryAfter
	}
	return p
}

// backoff returns the wait before retry n (1-based): min(Base·2^(n-1), Max)
// plus up to 50% jitter, so that clients failing together do not retry
// together. jitter is in [0, 1).
func (p RetryPolicy) backoff(n int, jitter float64) time.Duration {
	d := p.Base
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	d = min(d, p.Max)
	return d + time.Duration(float64(d)*0.5*jitter)
}

// wait decides how long to wait before retry n after err. A provider's
// Retry-After is honoured exactly — it knows when capacity returns, and
// asking earlier only earns another 429. ok is false when the provider asks
// for longer than MaxRetryAfter.
func (p RetryPolicy) wait(n int, err error, jitter float64) (d time.Duration, ok bool) {
	if ra := retryAfter(err); ra > 0 {
		return ra, ra <= p.MaxRetryAfter
	}
	return p.backoff(n, jitter), true
}

func retryAfter(err error) time.Duration {
	if api, ok := asAPIError(err); ok {
		return api.RetryAfter
	}
	return 0
}

// retryWait decides whether failed attempt number retry (1-based) of a
// retryable error is sent again, and after how long.
func (t *turn) retryWait(retry int, ep endpoint, err error) (time.Duration, bool) {
	a := t.s.agent
	policy := a.Retry.withDefaults()
	if retry > policy.MaxRetries {
		return 0, false
	}
	wait, ok := policy.wait(retry, err, a.jitter())
	if !ok {
		t.emit(Notice{Text: fmt.Sprintf("%s asks to wait %s before trying again; not waiting that long", ep.provider.Name(), wait.Round(time.Second))})
	}
	return wait, ok
}

// backoff announces retry number retry, records it and waits. An error
// means the wait was interrupted.
func (t *turn) backoff(retry int, wait time.Duration, ep endpoint, class llm.ErrorClass, err error) error {
	a := t.s.agent
	maxRetries := a.Retry.withDefaults().MaxRetries
	t.emit(Retrying{Attempt: retry, MaxRetries: maxRetries, Wait: wait, Class: class, Err: err,
		Provider: ep.provider.Name(), Model: ep.model})
	t.record("retry", map[string]any{
		"attempt": retry, "max_retries": maxRetries, "wait_ms": wait.Milliseconds(),
		"class": class, "error": text.Error(err), "provider": ep.provider.Name(), "model": ep.model,
	})
	return a.sleep(t.ctx, wait)
}

// sleep waits d, or until ctx ends, with the agent's Sleep when set.
func (a *Agent) sleep(ctx context.Context, d time.Duration) error {
	if a.Sleep != nil {
		return a.Sleep(ctx, d)
	}
	return SleepContext(ctx, d)
}

// SleepContext waits d or until ctx is done, returning ctx's error then.
func SleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (a *Agent) jitter() float64 {
	if a.Jitter != nil {
		return min(max(a.Jitter(), 0), 1)
	}
	return rand.Float64()
}

func asAPIError(err error) (*llm.APIError, bool) {
	var api *llm.APIError
	ok := errors.As(err, &api)
	return api, ok
}
