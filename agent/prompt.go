package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"
)

// DefaultIdentity is the system prompt's opening when HERM_HOME/SOUL.md is
// absent.
const DefaultIdentity = `You are herm, an autonomous AI agent working on the user's machine through tools.
Work carefully and finish the task: run commands with the terminal tool, read files before changing them, prefer patch for small edits, and verify your work (run the tests, read the result).
Be concise. When something fails, say what failed and what you did about it. Never invent command output or file contents.`

// ContextFiles are the project files herm reads into the prompt, the first
// one found in the working directory wins.
var ContextFiles = []string{".herm.md", "HERMES.md", "AGENTS.md", "CLAUDE.md", ".cursorrules"}

const maxContextFileChars = 20000

// PromptBuilder assembles the system prompt of a session. It is built once
// per session and stored with it, so a resumed session sends the same prompt
// (and provider prompt caches keep hitting).
type PromptBuilder struct {
	SoulFile string // HERM_HOME/SOUL.md
	Cwd      string
	Model    string
	Platform string // cli, tui, telegram, cron…
	Now      func() time.Time
}

// Section is one named part of the system prompt.
type Section struct {
	Name string
	Text string
}

// Prompt is an assembled system prompt, by section, so users can see what
// each part costs.
type Prompt []Section

// Text joins the sections into the prompt sent to the model.
func (p Prompt) Text() string {
	parts := make([]string, 0, len(p))
	for _, s := range p {
		parts = append(parts, s.Text)
	}
	return strings.Join(parts, "\n\n")
}

// Build assembles the prompt from the files on disk now.
func (b PromptBuilder) Build() Prompt {
	var p Prompt
	identity := DefaultIdentity
	if b.SoulFile != "" {
		if data, err := os.ReadFile(b.SoulFile); err == nil && strings.TrimSpace(string(data)) != "" {
			identity = strings.TrimSpace(string(data))
		}
	}
	p = append(p, Section{Name: "identity", Text: identity})
	if name, text := b.contextFile(); text != "" {
		p = append(p, Section{Name: "project context", Text: fmt.Sprintf("# Project context (%s)\n\n%s", name, text)})
	}
	if hint := platformHint(b.Platform); hint != "" {
		p = append(p, Section{Name: "platform", Text: hint})
	}
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	env := fmt.Sprintf("# Environment\nDate: %s\nWorking directory: %s", now().Format("Monday, 2 January 2006"), b.Cwd)
	if b.Model != "" {
		env += "\nModel: " + b.Model
	}
	p = append(p, Section{Name: "environment", Text: env})
	return p
}

// contextFile returns the first project context file in the working
// directory, capped at 20,000 characters (head and tail kept).
func (b PromptBuilder) contextFile() (string, string) {
	if b.Cwd == "" {
		return "", ""
	}
	for _, name := range ContextFiles {
		data, err := os.ReadFile(filepath.Join(b.Cwd, name))
		if err != nil || !utf8.Valid(data) {
			continue
		}
		text := strings.TrimSpace(string(data))
		if text == "" {
			continue
		}
		return name, truncateMiddle(text, maxContextFileChars)
	}
	return "", ""
}

func platformHint(platform string) string {
	switch platform {
	case "cli":
		return "You are running from the command line (herm chat -q); your final answer is printed to stdout. Plain text or light Markdown."
	case "tui":
		return "You are running in herm's terminal UI, which renders Markdown."
	case "cron":
		return "You are running as a scheduled job; nobody is watching live. Your final answer is delivered as the job's result."
	case "":
		return ""
	}
	return fmt.Sprintf("You are talking to the user through %s; keep answers suited to a chat app.", platform)
}
