package store

import (
	"bytes"
	"context"
	"os"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/sessiongen"
)

func perfStore(t *testing.T) *Store {
	path := "/tmp/sb/state.db"
	if _, err := os.Stat(path); err != nil {
		os.MkdirAll("/tmp/sb", 0o755)
		s := openAt(t, path)
		var buf bytes.Buffer
		sessiongen.Write(&buf, sessiongen.Config{Sessions: 500, Messages: 50000, BigSession: 2000, Seed: 1})
		if _, err := s.ImportJSONL(context.Background(), &buf, ImportOptions{}); err != nil {
			t.Fatal(err)
		}
		return s
	}
	return openAt(t, path)
}

func TestZZPerf(t *testing.T) {
	s := perfStore(t)
	ctx := context.Background()
	for _, q := range []string{"xylophonic", "k*", "ka*", "kubernetes*", "deploy* role:user", "context", "kubernetes timeout"} {
		c0, t0 := processCPU(), time.Now()
		g, err := s.SearchSessions(ctx, q, SearchOptions{Limit: 20})
		t.Logf("%-22s %3d groups wall %v cpu %v err %v", q, len(g), time.Since(t0), processCPU()-c0, err)
	}
}

