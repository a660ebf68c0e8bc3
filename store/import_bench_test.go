package store

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/cputime"
	"github.com/herm-dev/herm/internal/sessiongen"
)

// BenchmarkImport100k imports 100,000 generated messages (1,000 sessions)
// into an empty store per iteration and reports messages per second.
func BenchmarkImport100k(b *testing.B) {
	var buf bytes.Buffer
	st, err := sessiongen.Write(&buf, sessiongen.Config{Sessions: 1000, Messages: 100000, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var total, cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		s := openTest(b)
		b.StartTimer()
		start, cpu0 := time.Now(), cputime.Process()
		res, err := s.ImportJSONL(ctx, bytes.NewReader(buf.Bytes()), ImportOptions{})
		if err != nil || res.Messages != st.Messages || len(res.Errors) > 0 {
			b.Fatalf("import: %+v %v", res, err)
		}
		total += time.Since(start)
		cpu += cputime.Process() - cpu0
	}
	b.ReportMetric(float64(b.N*st.Messages)/total.Seconds(), "msgs/s")
	// CPU time per message (both goroutines, GC included): the number that
	// does not depend on how busy the machine is.
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N*st.Messages), "cpu-µs/msg")
	b.ReportMetric(float64(st.Bytes)/float64(st.Messages), "bytes/msg")
}
