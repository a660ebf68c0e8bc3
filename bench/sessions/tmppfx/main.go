package main

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/herm-dev/herm/store"
)

func main() {
	ctx := context.Background()
	st, err := store.Open(ctx, os.Args[1])
	if err != nil {
		panic(err)
	}
	st.FindSessions(ctx, store.SessionFilter{Limit: 50})
	st.SearchSessions(ctx, "hello", store.SearchOptions{Limit: 20, NewestFirst: true, HitsPerGroup: 3})
	if p := os.Getenv("PROF"); p != "" {
		f, _ := os.Create(p)
		pprof.StartCPUProfile(f)
		for range 30 {
			st.SearchSessions(ctx, os.Args[2], store.SearchOptions{Limit: 20, NewestFirst: true, HitsPerGroup: 3})
		}
		pprof.StopCPUProfile()
		return
	}
	for _, w := range os.Args[2:] {
		for i := 3; i <= len(w); i++ {
			q := w[:i] + "*"
			var ts []time.Duration
			for range 3 {
				t0 := time.Now()
				_, err := st.SearchSessions(ctx, q, store.SearchOptions{Limit: 20, NewestFirst: true, HitsPerGroup: 3})
				if err != nil {
					panic(err)
				}
				ts = append(ts, time.Since(t0))
			}
			slices.Sort(ts)
			fmt.Printf("%s %.1f/%.1f  ", q, float64(ts[0].Microseconds())/1000, float64(ts[1].Microseconds())/1000)
		}
		fmt.Println()
	}
}
