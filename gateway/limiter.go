package gateway

import (
	"container/list"
	"sync"
	"time"
)

// lru is a bounded map that forgets its least recently used entries, so a
// flood of distinct keys cannot grow memory without bound.
type lru[V any] struct {
	max   int
	ll    *list.List
	items map[string]*list.Element
}

type lruEntry[V any] struct {
	key string
	val V
}

func newLRU[V any](max int) *lru[V] {
	return &lru[V]{max: max, ll: list.New(), items: make(map[string]*list.Element)}
}

// get returns the value for key (marking it recently used).
func (c *lru[V]) get(key string) (V, bool) {
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*lruEntry[V]).val, true
	}
	var zero V
	return zero, false
}

// put sets key, evicting the oldest entry when full.
func (c *lru[V]) put(key string, v V) {
	if e, ok := c.items[key]; ok {
		e.Value.(*lruEntry[V]).val = v
		c.ll.MoveToFront(e)
		return
	}
	c.items[key] = c.ll.PushFront(&lruEntry[V]{key, v})
	if c.ll.Len() > c.max {
		old := c.ll.Back()
		c.ll.Remove(old)
		delete(c.items, old.Value.(*lruEntry[V]).key)
	}
}

func (c *lru[V]) len() int { return c.ll.Len() }

// limiter is a token bucket per user: rate messages per window, bursts up
// to rate. It remembers at most maxUsers users (an idle bucket refills to
// full, so forgetting it changes nothing).
type limiter struct {
	mu      sync.Mutex
	rate    float64 // tokens per second
	burst   float64
	buckets *lru[*bucket]
}

type bucket struct {
	tokens float64
	at     time.Time
	warned bool // the user was told they are limited, since the last allowed message
}

const limiterUsers = 10000

func newLimiter(messages int, window time.Duration) *limiter {
	if messages <= 0 || window <= 0 {
		return nil
	}
	return &limiter{rate: float64(messages) / window.Seconds(), burst: float64(messages), buckets: newLRU[*bucket](limiterUsers)}
}

// allow takes a token for key. When it refuses, warn is true the first time
// since the user's last allowed message (tell them once, then stay quiet).
func (l *limiter) allow(key string, now time.Time) (ok, warn bool) {
	if l == nil {
		return true, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, found := l.buckets.get(key)
	if !found {
		b = &bucket{tokens: l.burst, at: now}
		l.buckets.put(key, b)
	}
	if dt := now.Sub(b.at).Seconds(); dt > 0 {
		b.tokens = min(l.burst, b.tokens+dt*l.rate)
	}
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		b.warned = false
		return true, false
	}
	warn = !b.warned
	b.warned = true
	return false, warn
}

// dedupe remembers recently seen message ids per platform (bounded), so a
// redelivered update is dropped before any work; the store's inbox catches
// redeliveries across restarts.
type dedupe struct {
	mu   sync.Mutex
	seen *lru[struct{}]
}

func newDedupe(max int) *dedupe { return &dedupe{seen: newLRU[struct{}](max)} }

// first reports whether id is seen for the first time (and records it).
func (d *dedupe) first(id string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.seen.get(id); ok {
		return false
	}
	d.seen.put(id, struct{}{})
	return true
}

// forget drops id, so a message that could not be accepted is processed
// when the platform delivers it again.
func (d *dedupe) forget(id string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if e, ok := d.seen.items[id]; ok {
		d.seen.ll.Remove(e)
		delete(d.seen.items, id)
	}
}
