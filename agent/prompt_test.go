package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPromptBuilder(t *testing.T) {
	dir := t.TempDir()
	soul := filepath.Join(dir, "SOUL.md")
	b := PromptBuilder{SoulFile: soul, Cwd: dir, Model: "m1", Platform: "cli",
		Now: func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }}

	p := b.Build()
	if p[0].Text != DefaultIdentity {
		t.Errorf("without SOUL.md the built-in identity is used")
	}
	text := p.Text()
	for _, want := range []string{"Tuesday, 1 December 2026", "Working directory: " + dir, "Model: m1", "command line"} {
		if !strings.Contains(text, want) {
			t.Errorf("prompt lacks %q:\n%s", want, text)
		}
	}

	os.WriteFile(soul, []byte("You are Ada.\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "CLAUDE.md"), []byte("claude rules"), 0o600)
	os.WriteFile(filepath.Join(dir, "AGENTS.md"), []byte("agents rules"), 0o600)
	p = b.Build()
	if p[0].Text != "You are Ada." {
		t.Errorf("SOUL.md not used: %q", p[0].Text)
	}
	if !strings.Contains(p.Text(), "agents rules") || strings.Contains(p.Text(), "claude rules") {
		t.Errorf("AGENTS.md comes before CLAUDE.md and only one is used:\n%s", p.Text())
	}

	os.WriteFile(filepath.Join(dir, ".herm.md"), []byte(strings.Repeat("a", 30000)+"TAIL"), 0o600)
	ctx := b.Build()[1]
	if ctx.Name != "project context" || !strings.Contains(ctx.Text, ".herm.md") || !strings.HasSuffix(ctx.Text, "TAIL") || len(ctx.Text) > 20500 {
		t.Errorf("context file not capped at 20,000 chars with its tail kept (len %d)", len(ctx.Text))
	}
}
