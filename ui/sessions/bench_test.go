package sessions

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/store"
)

// The numbers of issue 5 for the browser. HERM_BENCH_STORE names a seeded
// state.db (go run ./bench/sessions -keep seeds 1,000,000 messages in
// 10,000 sessions); without it the search benchmark skips.
//
//	HERM_BENCH_STORE=/tmp/…/home/state.db go test -run '^$' -bench . -benchtime 3x ./ui/sessions

func benchStore(b *testing.B) *store.Store {
	path := os.Getenv("HERM_BENCH_STORE")
	if path == "" {
		b.Skip("HERM_BENCH_STORE is not set: seed a store with go run ./bench/sessions -keep")
	}
	st, err := store.Open(context.Background(), path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

// keystroke types r into the pane and runs the search it schedules at
// once (the debounce, a deliberate wait, is left out), up to the frame
// that shows the first page of results.
func keystroke(p *Pane, r rune) time.Duration {
	start := time.Now()
	p.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	if p.searching() {
		cmd := p.Handle(searchDueMsg{seq: p.search.seq})
		p.Handle(cmd().(resultsMsg))
	}
	p.View()
	return time.Since(start)
}

// BenchmarkSearchAsYouType is each keystroke of a few words typed into the
// browser on the seeded store: the search for the prefix typed so far, its
// first page of groups with snippets, and the frame drawn.
func BenchmarkSearchAsYouType(b *testing.B) {
	st := benchStore(b)
	p, _ := newPane(b, st, 200, 50)
	var all []time.Duration
	type slow struct {
		query string
		d     time.Duration
	}
	worst := map[string]slow{}
	for b.Loop() {
		for _, word := range []string{"kubernetes", "deploy", "xylophonic", "database timeout", "context cancel"} {
			p.setQuery("")
			for _, r := range word {
				d := keystroke(p, r)
				if p.searching() {
					all = append(all, d)
					if d > worst[word].d {
						worst[word] = slow{p.query, d}
					}
				}
			}
			if p.search.err != "" || len(p.search.groups) == 0 {
				b.Fatalf("%q: %q, %d groups", word, p.search.err, len(p.search.groups))
			}
		}
	}
	slices.Sort(all)
	b.ReportMetric(ms(all[len(all)/2]), "ms/key-p50")
	b.ReportMetric(ms(all[len(all)*9/10]), "ms/key-p90")
	b.ReportMetric(ms(all[len(all)-1]), "ms/key-max")
	for w, sl := range worst {
		b.Logf("%-20q worst keystroke %.1f ms (at %q)", w, ms(sl.d), sl.query)
	}
}

// BenchmarkListScroll is holding page-down through 100,000 sessions, and
// jumping to the last: each key with the pages it needs read and the frame
// drawn.
func BenchmarkListScroll(b *testing.B) {
	st := openStore(b)
	const n = 100_000
	start := time.Now()
	convs := make([]store.Conversation, 0, 10_000)
	for i := range n {
		c := conv(fmt.Sprintf("2026%08d_x", i), fmt.Sprintf("session number %d", i), "cli", "gpt-4o",
			clock.Add(-time.Duration(n-i)*time.Minute), "hello number "+fmt.Sprint(i))
		convs = append(convs, c)
		if len(convs) == cap(convs) {
			if _, err := st.ImportConversations(context.Background(), convs, store.ImportOptions{}); err != nil {
				b.Fatal(err)
			}
			convs = convs[:0]
		}
	}
	b.Logf("seeded %d sessions in %s", n, time.Since(start).Round(time.Millisecond))
	p, _ := newPane(b, st, 100, 50) // narrow: no preview, whose reads wait on a timer
	run := func(cmd tea.Cmd) {
		var pending []tea.Cmd
		if cmd != nil {
			pending = append(pending, cmd)
		}
		for len(pending) > 0 {
			c := pending[0]
			pending = pending[1:]
			switch msg := c().(type) {
			case tea.BatchMsg:
				pending = append(pending, msg...)
			case countMsg, pageMsg:
				if next := p.Handle(msg.(Msg)); next != nil {
					pending = append(pending, next)
				}
			}
		}
	}
	first := time.Now()
	run(p.refreshList())
	p.View()
	b.Logf("first frame of the list: %.1f ms", ms(time.Since(first)))
	var keys []time.Duration
	var last time.Duration
	for b.Loop() {
		p.list.sel, p.list.top = 0, 0
		for range 400 {
			t := time.Now()
			run(p.ensurePagesAfter(p.moveListQuiet(p.rows() - 1)))
			p.View()
			keys = append(keys, time.Since(t))
		}
		t := time.Now()
		run(p.ensurePagesAfter(p.moveListQuiet(1 << 30)))
		p.View()
		last = time.Since(t)
	}
	slices.Sort(keys)
	b.ReportMetric(ms(keys[len(keys)/2]), "ms/pgdn-p50")
	b.ReportMetric(ms(keys[len(keys)*99/100]), "ms/pgdn-p99")
	b.ReportMetric(ms(keys[len(keys)-1]), "ms/pgdn-max")
	b.ReportMetric(ms(last), "ms/end")
	b.Logf("pages in memory: %d", len(p.list.pages))
}

// moveListQuiet moves the selection as page-down does, without the
// preview (which waits on a timer).
func (p *Pane) moveListQuiet(d int) int {
	p.list.sel += d
	p.list.clamp(p.rows())
	return p.list.sel
}

func (p *Pane) ensurePagesAfter(int) tea.Cmd { return p.ensurePages() }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
