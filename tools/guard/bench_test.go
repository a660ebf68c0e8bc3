package guard

import (
	"testing"

	"github.com/herm-dev/herm/internal/cputime"
)

// BenchmarkAnalyze analyses a typical 200-character command. Besides the
// wall time per command it reports the CPU time (cpu-ns/op, the process's
// user and system time, so the garbage collector's share included), which
// stays meaningful on a machine busy with other work.
func BenchmarkAnalyze(b *testing.B) {
	cmd := `cd /tmp/project && git status --short | grep -v '^??' | awk '{print $2}' | ` +
		`xargs -r sudo -u build env CI=1 timeout 60 go test -run 'TestFoo|TestBar' ./... 2>&1 | ` +
		`tee "$HOME/logs/test.log"; echo "done: $(date +%s)"`
	if len(cmd) < 180 || len(cmd) > 220 {
		b.Fatalf("benchmark command is %d bytes, want about 200", len(cmd))
	}
	b.ReportAllocs()
	start := cputime.Process()
	for b.Loop() {
		Analyze(cmd)
	}
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}
