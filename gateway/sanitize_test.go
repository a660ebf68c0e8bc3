package gateway

import (
	"fmt"
	"testing"
	"time"
)

func TestCleanText(t *testing.T) {
	for in, want := range map[string]string{
		"plain text\nwith lines\tand tabs":   "plain text\nwith lines\tand tabs",
		"crlf\r\nline":                       "crlf\nline",
		"bell\a and nul\x00 and esc\x1b[31m": "bell and nul and esc[31m",
		"c1 \u0085 and \u009b":               "c1  and ",
		// Trojan Source: an override that makes code read differently.
		"access = \u202euser\u202c":            "access = user",
		"isolates \u2066x\u2069 \u2067y\u2069": "isolates x y",
		"marks \u200e\u200f\u061c":             "marks ",
		"zero\u200bwidth\ufeff\u2060":          "zerowidth",
		"tags hide \U000E0049\U000E0047text":   "tags hide text",
		"emoji 👩\u200d💻 joiner kept":           "emoji 👩\u200d💻 joiner kept",
		"bad \xff\xfe utf8":                    "bad \uFFFD utf8",
		"héllo wörld":                          "héllo wörld",
	} {
		if got := CleanText(in); got != want {
			t.Errorf("CleanText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLimiterBoundsRateAndMemory(t *testing.T) {
	l := newLimiter(5, time.Minute)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	allowed, warned := 0, 0
	for i := 0; i < 1000; i++ {
		ok, warn := l.allow("telegram:1", now)
		if ok {
			allowed++
		}
		if warn {
			warned++
		}
	}
	if allowed != 5 || warned != 1 {
		t.Errorf("flood: %d allowed, %d warnings; want 5 and 1", allowed, warned)
	}
	// A token comes back every 12 s.
	if ok, _ := l.allow("telegram:1", now.Add(11*time.Second)); ok {
		t.Error("refilled too fast")
	}
	if ok, _ := l.allow("telegram:1", now.Add(13*time.Second)); !ok {
		t.Error("did not refill")
	}
	// Another user is not affected.
	if ok, _ := l.allow("telegram:2", now); !ok {
		t.Error("limits leak between users")
	}
	// A flood of distinct users stays bounded.
	for i := 0; i < 3*limiterUsers; i++ {
		l.allow(fmt.Sprint("u", i), now)
	}
	if n := l.buckets.len(); n > limiterUsers {
		t.Errorf("%d buckets kept", n)
	}
}

func TestDedupe(t *testing.T) {
	d := newDedupe(3)
	if !d.first("a") || d.first("a") {
		t.Fatal("a")
	}
	d.first("b")
	d.first("c")
	d.first("d") // evicts a
	if !d.first("a") {
		t.Error("evicted id still remembered")
	}
	d.forget("d")
	if !d.first("d") {
		t.Error("forgotten id still remembered")
	}
}
