package ui

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/tools/terminal"
)

// BenchmarkStreamingFrameWithPanels is one frame of an answer streaming at
// 5,000 tokens a second (80 tokens, ~320 bytes, per 16 ms frame: what the
// bridge delivers in one eventsMsg) with the todo panel (12 items) and the
// tasks panel (3 background processes of a real terminal backend and the
// running tool) open: the batch applied and the screen drawn. It reports
// the slowest frame and the 99th percentile; a frame over 16 ms would be
// a dropped one.
func BenchmarkStreamingFrameWithPanels(b *testing.B) {
	b.Run("panels", func(b *testing.B) { streamFrames(b, true) })
	b.Run("none", func(b *testing.B) { streamFrames(b, false) })
}

func streamFrames(b *testing.B, panels bool) {
	term := terminal.New(terminal.Config{DefaultTimeout: time.Minute})
	defer term.Close()
	for i := range 3 {
		if _, err := term.Start(context.Background(), terminal.Request{Command: fmt.Sprintf("sleep %d", 300+i), Dir: b.TempDir()}); err != nil {
			b.Fatal(err)
		}
	}
	m := New(context.Background(), Options{Agent: &agent.Agent{Model: "fake-model"}, Now: fixedNow, Cwd: "/work", Terminal: term, ContextWindow: 200_000})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	var todos []tools.Todo
	for i := range 12 {
		st := []string{"completed", "in_progress", "pending"}[min(i/4, 2)]
		todos = append(todos, tools.Todo{ID: fmt.Sprint(i), Content: fmt.Sprintf("step %d of the plan, described in a sentence", i), Status: st})
	}
	m.pn.todo.Set(todos)
	if panels {
		m.pn.showTodo = true
		m.Update(press("alt+p")) // the tasks panel
	}
	run := userTurn(m, "explain the change")
	call := llm.ToolCall{ID: "c1", Name: "terminal", Arguments: `{"command":"go test ./..."}`}
	feed(m, run, agent.ToolStarted{Call: call})

	var para strings.Builder
	for i := 0; para.Len() < 4096; i++ {
		fmt.Fprintf(&para, "Paragraph %d explains one more step of the change, with `code`, **bold** words and enough text to wrap. ", i)
		if i%3 == 2 {
			para.WriteString("\n\n```go\nfunc step() error {\n\treturn nil\n}\n```\n\n")
		}
	}
	text := para.String()
	const perFrame = 320 // bytes: 80 tokens at ~4 bytes a token
	frames := make([]time.Duration, 0, b.N)
	pos := 0
	m.View()
	b.ResetTimer()
	for range b.N {
		if pos+perFrame > len(text) {
			// A new answer: the transcript keeps growing as in a long turn.
			feed(m, run, saved("assistant", text))
			pos = 0
		}
		chunk := text[pos : pos+perFrame]
		pos += perFrame
		evs := make([]agent.Event, 0, 16)
		for i := 0; i < len(chunk); i += 20 {
			evs = append(evs, agent.TextDelta{Text: chunk[i:min(i+20, len(chunk))]})
		}
		start := time.Now()
		m.Update(eventsMsg{run: run, events: evs})
		m.View()
		frames = append(frames, time.Since(start))
	}
	b.StopTimer()
	if panels && (!strings.Contains(screen(m), "Tasks · 4 running") || !strings.Contains(screen(m), "Plan · 4/12 done")) {
		b.Fatalf("the panels are not open:\n%s", screen(m))
	}
	sort.Slice(frames, func(i, j int) bool { return frames[i] < frames[j] })
	b.ReportMetric(float64(frames[len(frames)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(frames[len(frames)*99/100].Microseconds())/1000, "p99-ms")
	over := 0
	for _, f := range frames {
		if f > 16*time.Millisecond {
			over++
		}
	}
	b.ReportMetric(float64(over), "dropped")
}
