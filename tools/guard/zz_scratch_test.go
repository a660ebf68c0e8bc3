package guard

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	f, err := os.Open(os.Getenv("GUARD_SCRATCH"))
	if err != nil {
		t.Skip()
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		v := AnalyzeWith(line, exampleOptions)
		ids := ""
		for _, f := range v.Findings {
			ids += " " + f.ID
		}
		fmt.Printf("%-5s %-60q%s\n", v.Level, line, ids)
	}
}
