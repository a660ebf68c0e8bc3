package guard

import (
	"slices"
	"strings"
	"testing"
)

// TestKnownTableSorted keeps the table sorted and its names unique, as
// the binary search needs.
func TestKnownTableSorted(t *testing.T) {
	for i := 1; i < len(knownTable); i++ {
		if strings.Compare(knownTable[i-1].name, knownTable[i].name) >= 0 {
			t.Errorf("knownTable: %q before %q", knownTable[i-1].name, knownTable[i].name)
		}
	}
	for _, s := range knownTable {
		if knownProgram(s.name) != &knownTable[slices.IndexFunc(knownTable, func(k knownSpec) bool { return k.name == s.name })] {
			t.Errorf("knownProgram(%q) does not find it", s.name)
		}
	}
}
