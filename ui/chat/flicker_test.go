package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
)

// While following, every frame of a streamed answer — paragraphs, a list,
// a code block opened and closed, a table — shows the newest text at the
// bottom: the view never jumps to the top of the transcript, and never
// shows fewer lines than it has.
func TestStreamingNeverJumpsToTheTop(t *testing.T) {
	p := newPane(60, 12)
	p.Load(conversation(1, 30), false)
	p.View()
	p.AddUser("explain")
	var answer strings.Builder
	for i := range 8 {
		fmt.Fprintf(&answer, "Paragraph %d explains a step in enough words to wrap the line.\n\n", i)
		fmt.Fprintf(&answer, "- point %d\n- another point\n\n```go\nfunc step%d() {\n\treturn\n}\n```\n\n| a | b |\n|---|---|\n| %d | x |\n\n", i, i, i)
	}
	text := answer.String()
	for i := 0; i < len(text); i += 5 {
		p.Apply(agent.TextDelta{Text: text[i:min(i+5, len(text))]})
		v := plain(p.View())
		lines := strings.Split(v, "\n")
		if len(lines) != 12 {
			t.Fatalf("after %d bytes the view has %d lines", i, len(lines))
		}
		if strings.Contains(v, "question 1\n") || strings.Contains(v, "question 3\n") {
			t.Fatalf("after %d bytes the view jumped to the top:\n%s", i, v)
		}
		if !p.Following() {
			t.Fatalf("after %d bytes the view stopped following", i)
		}
		// The last word that arrived is on screen.
		seen := strings.Fields(text[:min(i+5, len(text))])
		if last := strings.Trim(seen[len(seen)-1], "|-`*"); len(last) > 2 && !strings.Contains(v, last[:2]) {
			t.Fatalf("after %d bytes the newest text %q is not shown:\n%s", i, last, v)
		}
	}
}
