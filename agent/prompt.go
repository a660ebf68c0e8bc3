package agent

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/promptscan"
	"github.com/herm-dev/herm/skills"
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
// (and provider prompt caches keep hitting). That also freezes the memory
// snapshot: memory writes land on disk at once and reach the prompt of the
// next session.
type PromptBuilder struct {
	SoulFile string // HERM_HOME/SOUL.md
	Cwd      string
	Model    string
	Platform string // cli, tui, telegram, cron…
	Now      func() time.Time
	// Memory, when set, adds the memory and user-profile sections.
	Memory *memory.Store
	// Skills, when set, adds the skills index (names and descriptions;
	// the model loads a skill's body with skill_view).
	Skills *skills.Library
}

// Section is one named part of the system prompt.
type Section struct {
	Name string
	Text string
}

// Tokens estimates the section's size in tokens, at four bytes a token
// (close for English, code and JSON; real tokenizers differ by model). It
// is for seeing what each part of the prompt costs.
func (s Section) Tokens() int { return (len(s.Text) + 3) / 4 }

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

// Tokens estimates the whole prompt's size in tokens, as Section.Tokens.
func (p Prompt) Tokens() int { return (len(p.Text()) + 3) / 4 }

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
	if b.Memory != nil {
		p = append(p, memorySections(b.Memory.Snapshot())...)
	}
	if b.Skills != nil {
		if list := b.Skills.Index(); list != "" {
			p = append(p, Section{Name: "skills", Text: skillsIntro + list})
		}
	}
	if name, text := b.contextFile(); text != "" {
		header := name
		text, found := promptscan.Sanitize(text)
		if len(found) > 0 {
			header += "; herm removed suspicious text from it, marked below"
		}
		p = append(p, Section{Name: "project context", Text: fmt.Sprintf("# Project context (%s)\n\n%s", header, text)})
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

// memorySections renders the memory snapshot: each file with its usage
// (the limits are in characters, so the model can see how full it is) and
// its entries, every entry passed through the injection scanner. A file
// that cannot be read is named with its problem instead.
func memorySections(snap memory.Snapshot) []Section {
	var out []Section
	for _, f := range []struct {
		file    memory.File
		problem error
		name    string
		intro   string
	}{
		{snap.Agent, snap.AgentErr, "memory", "Your notes from earlier sessions (MEMORY.md)"},
		{snap.User, snap.UserErr, "user profile", "What you know about the user (USER.md)"},
	} {
		if len(f.file.Entries) == 0 && f.problem == nil {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# %s (%s)\n%s, as they were when this session started. "+
			"Changes saved with the memory tool go to disk at once and show here from the next session.\n",
			f.file.Target.Title(), f.file.Usage(), f.intro)
		if f.problem != nil {
			fmt.Fprintf(&b, "\n%s could not be read, so it is left out: %v. Tell the user.\n", f.file.Target.FileName(), f.problem)
		}
		for i, e := range f.file.Entries {
			clean, _ := promptscan.Sanitize(e)
			if i == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString("\n" + memory.Separator + "\n")
			}
			b.WriteString(clean)
		}
		out = append(out, Section{Name: f.name, Text: strings.TrimRight(b.String(), "\n")})
	}
	return out
}

// skillsIntro heads the skills index (skills.Library.Index): how to use
// the progressive disclosure.
const skillsIntro = "# Skills\n" +
	"Skills are saved procedures. Before a task that matches one below, load it with skill_view(name) and follow it; " +
	"its other files load with skill_view(name, file_path). When you work out a procedure worth reusing, or a skill " +
	"proves wrong or incomplete, save it with skill_manage.\n"
