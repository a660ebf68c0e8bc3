package memory

import (
	"strings"

	mem "github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/promptscan"
)

// The current session's prompt holds the memory files as they were when it
// started (agent.PromptBuilder freezes a snapshot). The viewer compares that
// snapshot with the files on disk now, entry by entry, so people can see
// what the model is working from and what it will only see next session.

// mark is how an entry on disk relates to the session's prompt.
type mark int

const (
	markNone    mark = iota // no session yet: nothing to compare with
	markPrompt              // in this session's prompt
	markAdded               // on disk, not in the prompt (added or changed since)
	markRemoved             // in the prompt, gone from disk
)

// sectionEnds are the starts of the sections that can follow a memory
// section in a system prompt (agent/prompt.go lays them out; the
// environment section always ends the prompt, so one of them is found).
var sectionEnds = []string{
	"\n\n# USER PROFILE (",
	"\n\n# Skills\n",
	"\n\n# Project context (",
	"\n\n# Environment\n",
	"\n\nYou are running ",
	"\n\nYou are talking to the user through ",
}

// promptEntries returns the entries of t's section in a session's system
// prompt (each as the prompt holds it: passed through the injection
// scanner). ok is false when the section holds no list herm can compare:
// the file could not be read when the session started. A prompt without
// the section (the file was empty then) gives no entries and ok.
func promptEntries(system string, t mem.Target) (entries []string, ok bool) {
	head := "\n\n# " + t.Title() + " ("
	start := strings.Index(system, head)
	if start < 0 {
		return nil, true
	}
	rest := system[start+2:]
	end := len(rest)
	for _, s := range sectionEnds {
		if s == head {
			continue
		}
		if i := strings.Index(rest, s); i >= 0 && i < end {
			end = i
		}
	}
	rest = rest[:end]
	// The heading line, then one line of introduction, then the entries
	// after a blank line.
	for range 2 {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			return nil, true
		}
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "\n"+t.FileName()+" could not be read") {
		return nil, false
	}
	rest = strings.TrimPrefix(rest, "\n")
	if rest == "" {
		return nil, true
	}
	return strings.Split(rest, "\n"+mem.Separator+"\n"), true
}

// compare marks the entries on disk against the prompt's and returns the
// prompt entries that are gone from disk.
func compare(disk, prompt []string) (marks []mark, removed []string) {
	held := make(map[string]int, len(prompt))
	for _, p := range prompt {
		held[p]++
	}
	onDisk := make(map[string]bool, len(disk))
	marks = make([]mark, len(disk))
	for i, e := range disk {
		clean, _ := promptscan.Sanitize(e)
		onDisk[clean] = true
		if held[clean] > 0 {
			marks[i] = markPrompt
		} else {
			marks[i] = markAdded
		}
	}
	for _, p := range prompt {
		if !onDisk[p] {
			removed = append(removed, p)
		}
	}
	return marks, removed
}
