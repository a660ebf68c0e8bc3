package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
)

// findPane is a transcript with "needle" in three places: a user message
// near the top, a collapsed tool output in the middle and the last answer.
func findPane(t *testing.T) *Pane {
	t.Helper()
	p := newPane(70, 12)
	msgs := []store.Message{{ID: 1, Role: "user", Content: "where is the needle?", Complete: true}}
	msgs = append(msgs, conversation(2, 20)...)
	msgs = append(msgs,
		store.Message{ID: 50, Role: "assistant", Complete: true, ToolCalls: []store.ToolCall{{ID: "t1", Name: "terminal", Arguments: `{"command":"grep -r hay ."}`}}},
		store.Message{ID: 51, Role: "tool", ToolCallID: "t1", ToolName: "terminal", Content: "hay\nhay\nfound the Needle here\nhay\n[exit code: 0]", Complete: true},
	)
	msgs = append(msgs, conversation(52, 20)...)
	msgs = append(msgs, store.Message{ID: 100, Role: "assistant", Content: "The needle was in the haystack.", Complete: true})
	p.Load(msgs, false)
	p.View()
	return p
}

func TestFindStepsFromTheNewestAndExpandsCollapsedOutput(t *testing.T) {
	p := findPane(t)
	p.SetFind("needle")
	if st := p.FindStatus(); st != (FindStatus{Index: 1, Total: 3}) {
		t.Fatalf("status %+v, want 1/3", st)
	}
	v := plain(p.View())
	if !strings.Contains(v, "The needle was in the haystack.") {
		t.Fatalf("the newest match is not shown:\n%s", v)
	}
	// The next match back in time is in a collapsed tool output: it is
	// expanded and scrolled into view.
	if _, ok := p.FindStep(true); !ok {
		t.Fatal("no older match")
	}
	v = plain(p.View())
	if !strings.Contains(v, "│ found the Needle here") {
		t.Fatalf("the tool output was not expanded into view:\n%s", v)
	}
	if strings.Contains(v, "The needle was in the haystack.") {
		t.Fatalf("the view did not move:\n%s", v)
	}
	if st := p.FindStatus(); st.Index != 2 {
		t.Fatalf("status %+v, want 2/3", st)
	}
	p.FindStep(true)
	if v := plain(p.View()); !strings.Contains(v, "where is the needle?") || p.FindStatus().Index != 3 {
		t.Fatalf("the oldest match (%+v):\n%s", p.FindStatus(), v)
	}
	if _, ok := p.FindStep(true); ok {
		t.Fatal("stepped past the oldest match")
	}
	p.FindWrap(true)
	if p.FindStatus().Index != 1 {
		t.Fatalf("wrapping did not go back to the newest: %+v", p.FindStatus())
	}
	p.FindStep(false)
	if _, ok := p.FindStep(false); ok {
		t.Fatal("stepped past the newest match")
	}
}

func TestFindSmartCaseAndIncrementalTyping(t *testing.T) {
	p := findPane(t)
	for _, c := range []struct {
		q    string
		want int
	}{{"n", -1}, {"ne", -1}, {"nee", 3}, {"needle", 3}, {"needles", 0}, {"needle", 3}, {"Needle", 1}, {"NEEDLE", 0}, {"", 0}} {
		p.SetFind(c.q)
		if got := p.FindStatus().Total; c.want >= 0 && got != c.want {
			t.Errorf("%q: %d matches, want %d", c.q, got, c.want)
		}
	}
}

// Matches are highlighted in place, the current one in its own style, and
// the rest of the line keeps its colours.
func TestFindHighlightsInPlace(t *testing.T) {
	p := findPane(t)
	p.SetFind("haystack")
	v := p.View()
	cur := p.ink.matchCur + "haystack"
	if !strings.Contains(v, cur) {
		t.Fatalf("the current match is not highlighted:\n%q", v)
	}
	if plain(v) != plain(strings.ReplaceAll(v, p.ink.matchCur, "")) {
		t.Fatal("highlighting changed the text")
	}
	p.SetFind("answer")
	v = p.View()
	if n, c := strings.Count(v, p.ink.match+"answer"), strings.Count(v, p.ink.matchCur+"answer"); n < 1 || c != 1 {
		t.Fatalf("%d other matches and %d current highlighted:\n%s", n, c, plain(v))
	}
	p.EndFind()
	if v := p.View(); strings.Contains(v, p.ink.match) || strings.Contains(v, p.ink.matchCur) {
		t.Fatal("highlights stayed after find ended")
	}
}

// Reasoning hidden behind "▸ thinking" is searched, and shown on landing.
func TestFindRevealsReasoning(t *testing.T) {
	p := newPane(70, 16)
	p.Load([]store.Message{
		{ID: 1, Role: "user", Content: "hi", Complete: true},
		{ID: 2, Role: "assistant", Content: "Hello.", Reasoning: "The user greets; a zebra is irrelevant.", Complete: true},
	}, false)
	if v := plain(p.View()); strings.Contains(v, "zebra") {
		t.Fatalf("reasoning shown collapsed:\n%s", v)
	}
	p.SetFind("zebra")
	if v := plain(p.View()); !strings.Contains(v, "a zebra is irrelevant") || p.FindStatus().Total != 1 {
		t.Fatalf("reasoning not revealed:\n%s", v)
	}
}

// New output is searched as it streams, and the current match is kept.
func TestFindFollowsStreaming(t *testing.T) {
	p := findPane(t)
	p.SetFind("needle")
	p.FindStep(true)
	before := p.FindStatus()
	p.AddUser("and another needle?")
	p.Apply(agent.TextDelta{Text: "yes, a needle"})
	p.View()
	if st := p.FindStatus(); st.Total != 5 || st.Index != before.Index+2 {
		t.Fatalf("after streaming %+v (before %+v)", st, before)
	}
}

// A page loaded around a match found in the store lands on it.
func TestFindLandsInALoadedWindow(t *testing.T) {
	p := newPane(70, 12)
	p.Load(conversation(1001, 10), true)
	p.SetFind("question 45")
	if p.FindStatus().Total != 0 {
		t.Fatal("matched before the page loaded")
	}
	win := conversation(401, 30)
	p.LoadAround(win, 455, true, true)
	if _, ok := p.FindLand(455, true); !ok {
		t.Fatal("no match in the window")
	}
	if v := plain(p.View()); !strings.Contains(v, "question 455") || p.Marked() != 0 {
		t.Fatalf("not at the match (marked %d):\n%s", p.Marked(), v)
	}
}

func TestBlockPickerCopiesExactText(t *testing.T) {
	p := newPane(40, 30)
	code := "func main() {\n\tfmt.Println(\"a line long enough to be wrapped on a forty column screen\")\n}"
	answer := "Here:\n\n```go\n" + code + "\n```\n\nand **done**."
	p.Load([]store.Message{
		{ID: 1, Role: "user", Content: "show me", Complete: true},
		{ID: 2, Role: "assistant", Content: answer, Complete: true, ToolCalls: []store.ToolCall{{ID: "t", Name: "terminal", Arguments: `{"command":"printf"}`}}},
		{ID: 3, Role: "tool", ToolCallID: "t", ToolName: "terminal", Content: "col1\tcol2\n\x1b[32mgreen\x1b[0m\n[exit code: 0]", Complete: true},
	}, false)
	p.View()
	if n := p.StartPick(); n != 4 {
		t.Fatalf("%d blocks labelled, want 4 (message, answer, code, tool)", n)
	}
	v := plain(p.View())
	for _, want := range []string{"1 ┃ show me", "2 Here:", "3 ╭ go", "4 ✓ terminal printf"} {
		if !strings.Contains(v, want) {
			t.Errorf("no label %q:\n%s", want, v)
		}
	}
	cases := map[string]string{"1": "show me", "2": answer, "3": code, "4": "col1\tcol2\ngreen"}
	for label, want := range cases {
		p.StartPick()
		got, _, ok := p.Pick(label)
		if !ok || got != want {
			t.Errorf("label %s copied %q, want %q", label, got, want)
		}
	}
	p.StartPick()
	if _, _, ok := p.Pick("z"); ok || p.Picking() {
		t.Fatal("an unknown label copied something or kept picking")
	}
}

// Benchmark: a find keystroke in a 10,000-message session, all loaded.
func BenchmarkFindKeystroke10k(b *testing.B) {
	p := tenThousand()
	queries := []string{"d", "di", "dir", "dir1", "dir12", "dir123", "dir12", "dir1", "dir", "r", "re", "rea", "read", "readme"}
	p.SetFind("x")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p.SetFind(queries[i%len(queries)])
		p.View()
		i++
	}
}

// Benchmark: the first keystroke of a find in a 10,000-message session,
// all loaded: every entry's search text built.
func BenchmarkFindFirstKeystroke10k(b *testing.B) {
	p := tenThousand()
	b.ReportAllocs()
	for b.Loop() {
		p.EndFind()
		p.SetFind("dir1")
		p.View()
	}
}

// tenThousand is a pane holding a 10,000-message session.
func tenThousand() *Pane {
	p := newPane(120, 40)
	var msgs []store.Message
	for i := range 2500 {
		id := int64(4*i + 1)
		call := fmt.Sprintf("c%d", i)
		msgs = append(msgs,
			store.Message{ID: id, Role: "user", Content: fmt.Sprintf("question %d: what is in dir%d?", i, i), Complete: true},
			store.Message{ID: id + 1, Role: "assistant", Content: "Let me look.", Complete: true, ToolCalls: []store.ToolCall{{ID: call, Name: "terminal", Arguments: fmt.Sprintf(`{"command":"ls dir%d"}`, i)}}},
			store.Message{ID: id + 2, Role: "tool", ToolCallID: call, ToolName: "terminal", Content: "a.go\nb.go\nREADME.md\n[exit code: 0]", Complete: true},
			store.Message{ID: id + 3, Role: "assistant", Content: fmt.Sprintf("Directory **dir%d** holds two files:\n\n- `a.go`\n- `b.go`\n\n```go\npackage dir%d\n```\n", i, i), Complete: true},
		)
	}
	p.Load(msgs, false)
	p.View()
	return p
}
