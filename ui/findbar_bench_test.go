package ui

import (
	"testing"
)

// findQueries are typed and erased in turn: a query growing and
// shrinking, as someone types and corrects it.
var findQueries = []string{"d", "di", "dir", "dir1", "dir12", "dir123", "dir12", "dir1", "dir", "r", "re", "rea", "read", "readme"}

// BenchmarkFindKeystrokeInLongSession is one keystroke in the find bar of
// an open 10,000-message session: the query changed, the loaded
// transcript searched, the view moved to the match and drawn (Update and
// View). The store's search for the pages not loaded runs after a pause
// in typing, off the keystroke (BenchmarkFindStoreSearch).
func BenchmarkFindKeystrokeInLongSession(b *testing.B) {
	st := openStore(b)
	m := openLong(b, st, longSession(b, st, 10_000))
	m.openFind("")
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m.setFindQuery(findQueries[i%len(findQueries)])
		m.View()
	}
}

// BenchmarkFindStoreSearch is the store's search of a 10,000-message
// session for a query's matching messages (once typing pauses).
func BenchmarkFindStoreSearch(b *testing.B) {
	st := openStore(b)
	m := openLong(b, st, longSession(b, st, 10_000))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if msg := m.searchStore(i, findQueries[3+i%3])().(findHitsMsg); len(msg.ids) == 0 {
			b.Fatal("no hits")
		}
	}
}
