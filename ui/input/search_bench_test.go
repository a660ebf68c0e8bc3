package input

import (
	"strings"
	"testing"
)

// BenchmarkReverseSearchKeystroke is one keystroke of ctrl+r over a full
// history of long messages, the match near the oldest end.
func BenchmarkReverseSearchKeystroke(b *testing.B) {
	m := newInput()
	h := make([]string, maxHistory)
	for i := range h {
		h[i] = strings.Repeat("some long message about the build and the tests ", 20) + itoa(i)
	}
	h[3] = "deploy the api to staging"
	m.SetHistory(h)
	m.OpenSearch()
	for b.Loop() {
		m.search.query, m.search.at = "deplo", -1
		m.find(len(m.history)-1, -1)
		_ = m.searchView()
	}
	if m.Value() != "deploy the api to staging" {
		b.Fatalf("match %q", m.Value())
	}
}
