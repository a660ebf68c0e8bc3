package memory

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/herm-dev/herm/internal/promptscan"
)

// ErrEmpty refuses an empty entry.
var ErrEmpty = errors.New("the entry is empty: give the text to save in content")

// LimitError refuses a write that would take a file over its limit.
type LimitError struct {
	Target  Target
	Limit   int
	Current int // characters now
	After   int // characters the write would leave
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s is at %s/%s chars; this change would make it %s/%s. Nothing was written: make room first "+
		"(remove stale entries, or replace several related entries with one shorter entry), then retry",
		e.Target.FileName(), Thousands(e.Current), Thousands(e.Limit), Thousands(e.After), Thousands(e.Limit))
}

// MatchError refuses a replace or remove whose old_text does not pick
// exactly one entry.
type MatchError struct {
	Target  Target
	OldText string
	// Matches are the entries holding OldText when there are several.
	Matches []string
}

func (e *MatchError) Error() string {
	switch {
	case strings.TrimSpace(e.OldText) == "":
		return "old_text is required: a short piece of the entry to change, found in that entry only"
	case len(e.Matches) == 0:
		return fmt.Sprintf("no entry in %s contains %q; old_text must be a piece of the entry's exact text", e.Target.FileName(), e.OldText)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%q is in %d entries of %s; give a longer piece of the one you mean:", e.OldText, len(e.Matches), e.Target.FileName())
	for _, m := range e.Matches {
		fmt.Fprintf(&b, "\n- %s", preview(m, 80))
	}
	return b.String()
}

// InjectionError refuses an entry the prompt-injection scanner flags.
type InjectionError struct {
	Findings []promptscan.Finding
}

func (e *InjectionError) Error() string {
	return fmt.Sprintf("refused: the entry contains %s. Memory goes into every future system prompt, so it must not "+
		"hold instructions to the model, hidden text or invisible characters, or commands that send secrets out; "+
		"save the fact in plain words", e.Findings[0])
}

// ParseError reports a memory file that herm cannot read without risking
// its content (usually after a hand edit). The file is never rewritten
// while it is in this state.
type ParseError struct {
	Path   string
	Line   int
	Reason string
	// Backup is the copy made when a write found the file in this state
	// ("" when reading only, or when the copy failed).
	Backup string
}

func (e *ParseError) Error() string {
	name := filepath.Base(e.Path)
	if name == "." || name == "" {
		name = "the memory file"
	}
	msg := fmt.Sprintf("%s line %d: %s. herm has not changed the file", name, e.Line, e.Reason)
	if e.Backup != "" {
		msg += fmt.Sprintf(" (a copy is at %s)", e.Backup)
	}
	return msg + "; fix it with `herm memory edit`, then retry"
}

func preview(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
