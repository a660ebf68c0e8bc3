package store

import (
	"bytes"
	"context"
	"testing"
	"time"

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
	var total time.Duration
	for b.Loop() {
		b.StopTimer()
		s := openTest(b)
		b.StartTimer()
		start := time.Now()
		res, err := s.ImportJSONL(ctx, bytes.NewReader(buf.Bytes()), ImportOptions{})
		if err != nil || res.Messages != st.Messages || len(res.Errors) > 0 {
			b.Fatalf("import: %+v %v", res, err)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(b.N*st.Messages)/total.Seconds(), "msgs/s")
	b.ReportMetric(float64(st.Bytes)/float64(st.Messages), "bytes/msg")
}
