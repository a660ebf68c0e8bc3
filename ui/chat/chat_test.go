package chat

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

func newPane(w, h int) *Pane {
	p := New(render.New(themes.Dark()), keys.Default())
	p.Now = func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	p.SetSize(w, h)
	return p
}

// conversation returns n stored turns (user, assistant) with ids from
// firstID, oldest first.
func conversation(firstID int64, n int) []store.Message {
	var out []store.Message
	id := firstID
	for i := 0; i < n; i++ {
		out = append(out,
			store.Message{ID: id, Role: "user", Content: fmt.Sprintf("question %d", id), Complete: true},
			store.Message{ID: id + 1, Role: "assistant", Content: fmt.Sprintf("answer %d\n\nwith a second paragraph", id+1), Complete: true})
		id += 2
	}
	return out
}

func plain(s string) string { return ansi.Strip(s) }

func rendered(p *Pane) int {
	n := 0
	for _, e := range p.entries {
		if e.cached {
			n++
		}
	}
	return n
}

func TestFollowScrollAndResume(t *testing.T) {
	p := newPane(60, 10)
	p.Load(conversation(1, 50), false)
	if v := plain(p.View()); !strings.Contains(v, "answer 100") {
		t.Fatalf("the bottom is not shown:\n%s", v)
	}
	p.Scroll(-7)
	if p.Following() {
		t.Fatal("scrolling up kept following")
	}
	v := plain(p.View())
	if strings.Contains(v, "answer 100") {
		t.Fatalf("still at the bottom:\n%s", v)
	}
	// New output does not move a reader who scrolled up.
	p.Apply(agent.TextDelta{Text: "streaming text"})
	if plain(p.View()) != v {
		t.Fatalf("the view moved while scrolled up")
	}
	p.Scroll(100)
	if !p.Following() || !strings.Contains(plain(p.View()), "streaming text") {
		t.Fatalf("scrolling to the end did not follow again:\n%s", plain(p.View()))
	}
}

func TestOnlyVisibleEntriesRender(t *testing.T) {
	p := newPane(80, 20)
	p.Load(conversation(1, 5000), true)
	p.View()
	if n := rendered(p); n > 20 {
		t.Fatalf("%d of %d entries rendered for a 20-line view", n, len(p.entries))
	}
	p.Page(-1)
	p.View()
	if n := rendered(p); n > 40 {
		t.Fatalf("%d entries rendered after a page up", n)
	}
	// A resize re-renders what is visible, not everything.
	p.SetSize(100, 20)
	p.View()
	fresh := 0
	for _, e := range p.entries {
		if e.cached && e.cw == p.contentWidth() {
			fresh++
		}
	}
	if fresh > 20 {
		t.Fatalf("%d entries rendered at the new width", fresh)
	}
}

func TestLazyLoadingKeepsThePlace(t *testing.T) {
	p := newPane(60, 8)
	var asked int64 = -1
	p.LoadOlder = func(before int64) tea.Cmd {
		asked = before
		return func() tea.Msg { return nil }
	}
	p.Load(conversation(201, 10), true)
	if cmd := p.Scroll(-3); cmd != nil {
		t.Fatal("asked for older messages while far from the top")
	}
	var cmd tea.Cmd
	for i := 0; i < 40 && cmd == nil; i++ {
		cmd = p.Scroll(-2)
	}
	if cmd == nil || asked != 201 {
		t.Fatalf("no load near the top (asked before %d)", asked)
	}
	if p.Scroll(-1) != nil {
		t.Fatal("asked twice while loading")
	}
	before := plain(p.View())
	p.HandleOlder(OlderLoadedMsg{Msgs: conversation(1, 100), HasOlder: false})
	if len(p.entries) != 220 {
		t.Fatalf("%d entries", len(p.entries))
	}
	if after := plain(p.View()); after != before {
		t.Fatalf("the view jumped:\n--- before\n%s\n--- after\n%s", before, after)
	}
}

func TestLongTranscriptIsBoundedWhileFollowing(t *testing.T) {
	p := newPane(80, 20)
	for i := 0; i < 1000; i++ {
		p.AddUser(fmt.Sprintf("message %d", i))
		p.Apply(agent.MessageSaved{Message: store.Message{ID: int64(2*i + 1), Role: "user", Content: fmt.Sprintf("message %d", i)}})
		p.Apply(agent.TextDelta{Text: "answer"})
		p.Apply(agent.MessageSaved{Message: store.Message{ID: int64(2*i + 2), Role: "assistant", Content: "answer"}})
		p.Apply(agent.TurnDone{Reason: agent.StopDone})
		p.View()
	}
	if len(p.entries) > maxEntries {
		t.Fatalf("%d entries kept", len(p.entries))
	}
	if !p.hasOlder || p.entries[0].firstID <= 1 {
		t.Fatalf("dropped turns cannot be reloaded: hasOlder=%v first=%d", p.hasOlder, p.entries[0].firstID)
	}
	if _, ok := p.entries[0].it.(*userItem); !ok {
		t.Fatalf("eviction cut inside a turn")
	}
}

func TestStreamingRendersTheTailOnly(t *testing.T) {
	p := newPane(80, 20)
	para := "A paragraph of streamed text that is long enough to wrap a little.\n\n"
	for i := 0; i < 200; i++ {
		p.Apply(agent.TextDelta{Text: para})
		p.View()
	}
	a := p.turn.cur.it.(*assistantItem)
	if a.stream == nil || a.stream.Stable() < len(a.content)-len(para) {
		t.Fatalf("the stable part is re-rendered each frame")
	}
	p.Apply(agent.MessageSaved{Message: store.Message{ID: 1, Role: "assistant", Content: a.content}})
	if a.streaming || a.stream != nil && p.View() == "" {
		t.Fatal("not finalised")
	}
}

func TestSelectCodeBlocksAndCopy(t *testing.T) {
	p := newPane(80, 30)
	p.Load([]store.Message{
		{ID: 1, Role: "user", Content: "show code"},
		{ID: 2, Role: "assistant", Content: "First:\n\n```sh\necho one\n```\n\nSecond:\n\n```py\nprint(2)\n```\n", Complete: true},
	}, false)
	p.SetFocused(true)
	if got, _ := p.Selected(); !strings.Contains(got, "First:") {
		t.Fatalf("focus selects the last entry, got %q", got)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if got, _ := p.Selected(); got != "show code" {
		t.Fatalf("up selected %q", got)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	p.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if got, _ := p.Selected(); got != "echo one" {
		t.Fatalf("first code block: %q", got)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyDown})
	if got, _ := p.Selected(); got != "print(2)" {
		t.Fatalf("second code block: %q", got)
	}
	marked := 0
	for _, l := range strings.Split(plain(p.View()), "\n") {
		if strings.HasPrefix(l, "▌") {
			marked++
			if !strings.Contains(l, "print(2)") && !strings.Contains(l, "py") {
				t.Errorf("marked line outside the block: %q", l)
			}
		}
	}
	if marked != 2 {
		t.Errorf("%d lines marked", marked)
	}
	if got, _ := p.LastAnswer(); !strings.HasPrefix(got, "First:") {
		t.Errorf("last answer %q", got)
	}
}

func TestToolResultsFromTheStore(t *testing.T) {
	p := newPane(100, 30)
	diff := "--- a/x.go\n+++ b/x.go\n@@ -1 +1 @@\n-a\n+b\n"
	p.Load([]store.Message{
		{ID: 1, Role: "user", Content: "go"},
		{ID: 2, Role: "assistant", Complete: true, ToolCalls: []store.ToolCall{
			{ID: "a", Name: "terminal", Arguments: `{"command":"false"}`},
			{ID: "b", Name: "patch", Arguments: `{"path":"x.go"}`},
			{ID: "c", Name: "terminal", Arguments: `{"command":"never answered"}`},
		}},
		{ID: 3, Role: "tool", ToolCallID: "a", ToolName: "terminal", Content: "(no output)\n[exit code: 1]"},
		{ID: 4, Role: "tool", ToolCallID: "b", ToolName: "patch", Content: "patched x.go: replaced 1 occurrence(s)\n" + diff},
	}, false)
	v := plain(p.View())
	for _, want := range []string{"✗ terminal false", "exit 1", "✓ patch x.go", "+1 -1", "│ -a", "│ +b", "✗ terminal never answered"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
}

func TestToolOutputIsCleaned(t *testing.T) {
	got := clean("\x1b[31mred\x1b[0m\r\nprogress 10%\rprogress 100%\n\ttab\a")
	if got != "red\nprogress 100%\n    tab" {
		t.Fatalf("%q", got)
	}
}

func TestRetryDropsTheDiscardedAttempt(t *testing.T) {
	p := newPane(80, 20)
	p.AddUser("hi")
	p.Apply(agent.TextDelta{Text: "half an answ"})
	p.Apply(agent.ToolCallStreaming{Index: 0, Name: "terminal"})
	p.DropStreamed()
	p.Apply(agent.TextDelta{Text: "a full answer"})
	v := plain(p.View())
	if strings.Contains(v, "half") || strings.Contains(v, "terminal") || !strings.Contains(v, "a full answer") {
		t.Fatalf("view:\n%s", v)
	}
}

// longAnswer is a realistic long answer: paragraphs, lists and code.
var longAnswer = strings.Repeat("## Step\n\nThis paragraph explains what happens next in a few sentences, "+
	"wrapping over two or three lines at usual widths, with `inline code` and **bold** words.\n\n"+
	"- a point about the change\n- another point\n\n```go\nfunc step(n int) int {\n\tfor i := 0; i < n; i++ {\n\t\tn += i\n\t}\n\treturn n\n}\n```\n\n", 60)

// BenchmarkStreamingFrame is one frame of an answer streaming at 5,000
// tokens a second: ~84 tokens (~330 bytes) arrive, the pane re-renders and
// draws. A frame must stay under 33 ms for 30 fps (16 ms for 60).
func BenchmarkStreamingFrame(b *testing.B) {
	const perFrame = 330
	p := newPane(120, 40)
	p.Load(conversation(1, 200), false)
	p.View()
	pos := 0
	var worst time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if pos >= len(longAnswer) { // the answer is done: the next one starts
			p.Apply(agent.MessageSaved{Message: store.Message{Role: "assistant", Content: longAnswer}})
			p.Apply(agent.TurnDone{Reason: agent.StopDone})
			pos = 0
		}
		end := min(pos+perFrame, len(longAnswer))
		p.Apply(agent.TextDelta{Text: longAnswer[pos:end]})
		pos = end
		p.View()
		worst = max(worst, time.Since(start))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms/frame")
}
