package guard

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// corpusOptions are the options the corpus is analysed with: the same
// home and directory as the rule examples, and no file the agent wrote.
var corpusOptions = Options{Home: "/home/user", Cwd: "/home/user/project"}

// corpusLine is one labelled command of testdata/corpus.tsv.
type corpusLine struct {
	cmd, source string
	want        Level
	ids         []string // findings it must have; none for a safe line
	unknown     bool     // a safe line that runs something outside the table
	line        int
}

func readCorpus(t testing.TB) []corpusLine {
	t.Helper()
	f, err := os.Open("testdata/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 4 {
			t.Fatalf("corpus.tsv:%d: %d columns, want 4", n, len(cols))
		}
		l := corpusLine{cmd: strings.NewReplacer("↵", "\n", "⇥", "\t").Replace(cols[0]), source: cols[3], line: n}
		switch cols[1] {
		case "safe":
			l.want = Safe
		case "ask":
			l.want = Ask
		case "block":
			l.want = Block
		default:
			t.Fatalf("corpus.tsv:%d: level %q", n, cols[1])
		}
		switch {
		case l.want == Safe && cols[2] == "safe":
		case l.want == Safe && cols[2] == "unknown":
			l.unknown = true
		case l.want != Safe:
			l.ids = strings.Split(cols[2], ",")
		default:
			t.Fatalf("corpus.tsv:%d: a safe line labelled %q", n, cols[2])
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpus measures the guard on the labelled corpus built from the
// public material issue 15 names: every dangerous line is flagged at its
// level with the findings it is labelled with, every block-level one is
// blocked, and at least 95% of the safe ones pass with no finding. A
// safe line labelled "unknown" must name something in Verdict.Unknown,
// one labelled "safe" nothing.
func TestCorpus(t *testing.T) {
	lines := readCorpus(t)
	var safe, quiet, unknown, unknownRight, dangerous, flagged, blocks, blocked, everyday, everydayUnknown int
	for _, l := range lines {
		v := AnalyzeWith(l.cmd, corpusOptions)
		if l.source == "everyday" {
			everyday++
		}
		switch l.want {
		case Safe:
			safe++
			if v.Level == Safe && len(v.Findings) == 0 {
				quiet++
			} else {
				t.Logf("corpus.tsv:%d: safe line flagged: %q → %v %+v", l.line, l.cmd, v.Level, v.Findings)
			}
			if len(v.Unknown) > 0 {
				unknown++
				if l.source == "everyday" {
					everydayUnknown++
				}
			}
			if l.unknown == (len(v.Unknown) > 0) {
				unknownRight++
			} else {
				t.Errorf("corpus.tsv:%d: %q: Unknown = %q, labelled unknown=%v", l.line, l.cmd, v.Unknown, l.unknown)
			}
		default:
			dangerous++
			ok := v.Level >= l.want
			for _, id := range l.ids {
				ok = ok && hasFinding(v, id)
			}
			if ok {
				flagged++
			} else {
				t.Errorf("corpus.tsv:%d: %q: got %v %+v, want %v with %q", l.line, l.cmd, v.Level, v.Findings, l.want, l.ids)
			}
			if l.want == Block {
				blocks++
				if v.Level == Block {
					blocked++
				}
			} else if v.Level == Block {
				t.Logf("corpus.tsv:%d: ask-level line blocked: %q → %+v", l.line, l.cmd, v.Findings)
			}
		}
	}
	rate := 100 * float64(quiet) / float64(max(safe, 1))
	t.Logf("corpus: %d lines (%d everyday, %d of which run something unknown); safe %d: %d quiet (%.1f%%), %d of them running something unknown; "+
		"dangerous %d: %d flagged at their level; block-level %d: %d blocked",
		len(lines), everyday, everydayUnknown, safe, quiet, rate, unknown, dangerous, flagged, blocks, blocked)
	if len(lines) < 400 || everyday < 150 {
		t.Errorf("the corpus has %d lines, %d everyday; it needs at least 400 and 150", len(lines), everyday)
	}
	if rate < 95 {
		t.Errorf("only %.1f%% of the safe lines pass quietly; the target is 95%%", rate)
	}
	if blocked != blocks || flagged != dangerous {
		t.Errorf("flagged %d of %d dangerous lines, blocked %d of %d block-level ones; every one must be", flagged, dangerous, blocked, blocks)
	}
}

// TestCorpusYoloNeverRunsBlock: what the corpus labels block-level is
// Blocking — the message the agent refuses with whatever the approval
// mode, --yolo included — naming each blocking finding.
func TestCorpusYoloNeverRunsBlock(t *testing.T) {
	for _, l := range readCorpus(t) {
		if l.want != Block {
			continue
		}
		v := AnalyzeWith(l.cmd, corpusOptions)
		why := v.Blocking()
		if why == "" {
			t.Errorf("corpus.tsv:%d: %q is not blocking: %v", l.line, l.cmd, v.Level)
			continue
		}
		for _, f := range v.Findings {
			if f.Level == Block && !strings.Contains(why, "["+f.ID+"]") {
				t.Errorf("corpus.tsv:%d: Blocking() %q leaves out %s", l.line, why, f.ID)
			}
		}
		if !slices.ContainsFunc(v.Findings, func(f Finding) bool { return f.Level == Block }) {
			t.Errorf("corpus.tsv:%d: no block-level finding", l.line)
		}
	}
}
