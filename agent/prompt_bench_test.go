package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/cputime"
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/skills"
)

// promptHome makes a herm home with n skills (a fifth of them in
// categories), full memory files and a project context file.
func promptHome(b *testing.B, n int) (PromptBuilder, string) {
	b.Helper()
	home := b.TempDir()
	root := filepath.Join(home, "skills")
	for i := range n {
		name := fmt.Sprintf("skill-%03d", i)
		dir := filepath.Join(root, name)
		if i%5 == 0 {
			dir = filepath.Join(root, fmt.Sprintf("category-%d", i%7), name)
		}
		os.MkdirAll(dir, 0o755)
		body := strings.Repeat("Step: run the command, check the output, fix what fails.\n", 40)
		os.WriteFile(filepath.Join(dir, "SKILL.md"), []byte(fmt.Sprintf(
			"---\nname: %s\ndescription: Does task number %d for the project (builds, tests and ships it). Use when asked to handle task %d.\nversion: 1.0.0\nmetadata:\n  tags: [a, b]\n---\n%s",
			name, i, i, body)), 0o644)
	}
	mem := memory.New(filepath.Join(home, "memories"))
	ctx := context.Background()
	for i := 0; ; i++ {
		if _, err := mem.Add(ctx, memory.Agent, fmt.Sprintf("Fact %d about the project and its build.", i)); err != nil {
			break
		}
	}
	mem.Add(ctx, memory.User, "Prefers short answers and Go.")
	cwd := b.TempDir()
	os.WriteFile(filepath.Join(cwd, "AGENTS.md"), []byte(strings.Repeat("Run make test before committing. Keep functions small.\n", 300)), 0o644)
	return PromptBuilder{Cwd: cwd, Model: "m", Platform: "cli", Memory: mem, Skills: skills.NewLibrary(root, nil)}, root
}

func reportPromptCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkPromptBuild500Skills is a new session's prompt with 500 skills
// in a long-lived process (the TUI's /new, the gateway's next chat): the
// library watches the skill folders, so unchanged skills cost nothing;
// memory and the context file are read and scanned each time. Budget:
// 5 ms. (Within a session there is no cost at all: the prompt is built
// once and stored with it.)
func BenchmarkPromptBuild500Skills(b *testing.B) {
	pb, _ := promptHome(b, 500)
	for range 3 { // the library starts watching once it is reused
		pb.Build()
	}
	start := cputime.Process()
	for b.Loop() {
		if len(pb.Build()) != 7 {
			b.Fatal("missing sections")
		}
	}
	reportPromptCPU(b, start)
}

// BenchmarkPromptBuild500SkillsNewProcess is the first prompt of a new
// process (herm chat -q) when an earlier one left the skills index cache:
// a stat per skill and one JSON file, no YAML.
func BenchmarkPromptBuild500SkillsNewProcess(b *testing.B) {
	pb, root := promptHome(b, 500)
	cache := filepath.Join(b.TempDir(), "skills-index.json")
	skills.NewLibrary(root, nil).WithIndexCache(cache).Catalog()
	start := cputime.Process()
	for b.Loop() {
		pb.Skills = skills.NewLibrary(root, nil).WithIndexCache(cache)
		if len(pb.Build()) != 7 {
			b.Fatal("missing sections")
		}
	}
	reportPromptCPU(b, start)
}

// BenchmarkPromptBuild500SkillsCold is the first prompt ever: every
// SKILL.md read and parsed.
func BenchmarkPromptBuild500SkillsCold(b *testing.B) {
	pb, root := promptHome(b, 500)
	start := cputime.Process()
	for b.Loop() {
		pb.Skills = skills.NewLibrary(root, nil)
		if len(pb.Build()) != 7 {
			b.Fatal("missing sections")
		}
	}
	reportPromptCPU(b, start)
}
