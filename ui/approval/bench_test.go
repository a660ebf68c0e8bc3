package approval

import (
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/tools/guard"
	"github.com/herm-dev/herm/ui/keys"
	"github.com/herm-dev/herm/ui/render"
)

// A typical risky command of about 200 characters.
const benchCommand = `cd /srv/app && git fetch origin && git reset --hard origin/main && rm -rf node_modules dist && ` +
	`curl -fsSL https://get.example.com/install.sh | bash -s -- --prefix "$HOME/.local" && chmod -R 777 ./var`

// Drawing the command (highlight, spans, wrap): what a new request or a
// resize costs.
func BenchmarkDrawCommand(b *testing.B) {
	r := render.New(themes.Dark())
	risk := render.Open(r.Theme().Chat.ErrorLabel)
	f := guard.Analyze(benchCommand).Findings
	for b.Loop() {
		drawCommand(r, risk, benchCommand, f, 96, maxCommandRows, "$ ")
	}
}

// A frame of the prompt while it waits (the command drawing is cached):
// what every spinner tick costs.
func BenchmarkViewFrame(b *testing.B) {
	now := time.Unix(0, 0)
	p := New(Options{Renderer: render.New(themes.Dark()), Keys: keys.Default(), Now: func() time.Time { return now }})
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "r", Kind: agent.KindCommand, Command: benchCommand,
		Cwd: "/srv/app", Backend: "local", Verdict: guard.Analyze(benchCommand), Deadline: now.Add(time.Minute)}}, 1)
	p.Focus()
	if !strings.Contains(p.View(100, 40), "Run this command?") {
		b.Fatal("no prompt")
	}
	for b.Loop() {
		p.View(100, 40)
	}
}

// Drawing the whole prompt when something it shows changed (the command's
// drawing cached): once a second while it waits.
func BenchmarkViewRedraw(b *testing.B) {
	now := time.Unix(0, 0)
	p := New(Options{Renderer: render.New(themes.Dark()), Keys: keys.Default(), Now: func() time.Time { return now }})
	p.Add(agent.ApprovalRequested{Request: agent.ApprovalRequest{ID: "r", Kind: agent.KindCommand, Command: benchCommand,
		Cwd: "/srv/app", Backend: "local", Verdict: guard.Analyze(benchCommand), Deadline: now.Add(time.Minute)}}, 1)
	p.Focus()
	it := p.queue[0]
	for b.Loop() {
		p.draw(it, 100, 40)
	}
}
