// Package memory keeps what the agent remembers across sessions: its own
// notes (MEMORY.md, 2,200 characters) and what it knows about the user
// (USER.md, 1,375 characters), under HERM_HOME/memories. Entries are
// separated by a line holding only "§".
//
// The limits are in characters (runes), not tokens, so they mean the same
// for every model. A write that would go over a limit is refused with the
// current usage, never trimmed. Every write is a read-modify-write under an
// exclusive lock on a side file, so two herm processes writing at once lose
// nothing, and the file itself is replaced atomically, so readers never see
// a torn file. A file edited by hand into a shape herm cannot read is never
// rewritten: writes are refused, a copy is kept, and the problem is reported.
//
// memory owns the two files and their rules; it never decides what to
// remember (the model does, through the memory tool) and never builds the
// prompt (the agent's prompt builder takes a snapshot).
package memory

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/promptscan"
)

// Target names one of the two memory files.
type Target string

const (
	// Agent is MEMORY.md: the agent's notes (environment facts, project
	// conventions, lessons learned). Its tool name is "memory".
	Agent Target = "memory"
	// User is USER.md: the user's profile (preferences, habits, style).
	User Target = "user"
)

// Default limits, in characters.
const (
	AgentLimit = 2200
	UserLimit  = 1375
)

// Separator is the line between two entries.
const Separator = "§"

// ParseTarget accepts the tool's target names.
func ParseTarget(s string) (Target, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "memory", "memory.md", "agent", "notes":
		return Agent, nil
	case "user", "user.md", "profile":
		return User, nil
	}
	return "", fmt.Errorf("unknown memory target %q: use \"memory\" (your notes, MEMORY.md) or \"user\" (the user's profile, USER.md)", s)
}

// FileName is the target's file name.
func (t Target) FileName() string {
	if t == User {
		return "USER.md"
	}
	return "MEMORY.md"
}

// Title is how the target is named to people and in the prompt.
func (t Target) Title() string {
	if t == User {
		return "USER PROFILE"
	}
	return "MEMORY"
}

// Store reads and writes the memory files of one herm home.
type Store struct {
	dir         string
	agentLimit  int
	userLimit   int
	backupClock func() string
}

// New returns the store for the memory files in dir (HERM_HOME/memories).
// Nothing is created until the first write.
func New(dir string) *Store {
	return &Store{dir: dir, agentLimit: AgentLimit, userLimit: UserLimit}
}

// WithLimits returns a copy of s with other limits (zero keeps the
// default); for configuration and tests.
func (s *Store) WithLimits(agent, user int) *Store {
	c := *s
	if agent > 0 {
		c.agentLimit = agent
	}
	if user > 0 {
		c.userLimit = user
	}
	return &c
}

// Dir is the directory holding the files.
func (s *Store) Dir() string { return s.dir }

// Path is the target's file.
func (s *Store) Path(t Target) string { return filepath.Join(s.dir, t.FileName()) }

// Limit is the target's size limit in characters.
func (s *Store) Limit(t Target) int {
	if t == User {
		return s.userLimit
	}
	return s.agentLimit
}

// File is the parsed content of one memory file.
type File struct {
	Target  Target
	Path    string
	Entries []string
	Limit   int
}

// Chars is the file's size as the limit counts it: the entries joined by
// separator lines, in characters.
func (f File) Chars() int { return chars(f.Entries) }

// Usage is "1,234/2,200 chars".
func (f File) Usage() string {
	return fmt.Sprintf("%s/%s chars", Thousands(f.Chars()), Thousands(f.Limit))
}

// Percent is how full the file is, 0–100 (more when over the limit).
func (f File) Percent() int {
	if f.Limit <= 0 {
		return 0
	}
	return f.Chars() * 100 / f.Limit
}

// Text is the file's content as written to disk.
func (f File) Text() string { return Format(f.Entries) }

func chars(entries []string) int {
	if len(entries) == 0 {
		return 0
	}
	n := (len(entries) - 1) * utf8.RuneCountInString("\n"+Separator+"\n")
	for _, e := range entries {
		n += utf8.RuneCountInString(e)
	}
	return n
}

// Format joins entries into a file's content.
func Format(entries []string) string {
	if len(entries) == 0 {
		return ""
	}
	return strings.Join(entries, "\n"+Separator+"\n") + "\n"
}

// Load reads the target's file. A missing file is an empty one; a file
// that does not parse is a *ParseError (and nothing is changed).
func (s *Store) Load(t Target) (File, error) {
	f := File{Target: t, Path: s.Path(t), Limit: s.Limit(t)}
	data, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return f, fmt.Errorf("read %s: %w", f.Path, err)
	}
	entries, err := Parse(data, f.Limit)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			pe.Path = f.Path
		}
		return f, err
	}
	f.Entries = entries
	return f, nil
}

// Parse splits a memory file into entries. It is tolerant of what editors
// do (CRLF line ends, blank lines, spaces around the separator, a missing
// final newline) and strict about what would lose data if herm rewrote the
// file: bytes that are not UTF-8 text, and an entry longer than the whole
// file's limit (text pasted without separators, which herm would otherwise
// treat as one entry). limit <= 0 skips the length check.
func Parse(data []byte, limit int) ([]string, error) {
	if !utf8.Valid(data) {
		return nil, &ParseError{Line: badUTF8Line(data), Reason: "the file is not UTF-8 text"}
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	text = strings.TrimPrefix(text, "\uFEFF")
	if i := strings.IndexByte(text, 0); i >= 0 {
		return nil, &ParseError{Line: 1 + strings.Count(text[:i], "\n"), Reason: "the file holds a NUL byte (binary data)"}
	}
	var entries []string
	var cur []string
	startLine, line := 1, 0
	end := func() error {
		e := strings.TrimSpace(strings.Join(cur, "\n"))
		cur = cur[:0]
		if e == "" {
			return nil
		}
		if n := utf8.RuneCountInString(e); limit > 0 && n > limit {
			return &ParseError{Line: startLine, Reason: fmt.Sprintf(
				"entry %d is %s chars, more than the file's whole %s-char limit; entries must be separated by a line holding only %s",
				len(entries)+1, Thousands(n), Thousands(limit), Separator)}
		}
		entries = append(entries, e)
		return nil
	}
	for _, l := range strings.Split(text, "\n") {
		line++
		if strings.TrimSpace(l) == Separator {
			if err := end(); err != nil {
				return nil, err
			}
			startLine = line + 1
			continue
		}
		if len(cur) == 0 && strings.TrimSpace(l) == "" {
			startLine = line + 1
			continue
		}
		cur = append(cur, l)
	}
	if err := end(); err != nil {
		return nil, err
	}
	return entries, nil
}

func badUTF8Line(data []byte) int {
	line := 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size <= 1 {
			return line
		}
		if r == '\n' {
			line++
		}
		data = data[size:]
	}
	return line
}

// Snapshot is both files as read at one moment, for a session's prompt.
type Snapshot struct {
	Agent, User File
	// AgentErr and UserErr say why a file could not be read (a
	// *ParseError after a bad hand edit); its entries are then empty.
	AgentErr, UserErr error
}

// Snapshot reads both files. It never fails: a file that cannot be read is
// left out and its problem reported.
func (s *Store) Snapshot() Snapshot {
	var snap Snapshot
	if snap.Agent, snap.AgentErr = s.Load(Agent); snap.AgentErr != nil {
		snap.Agent.Entries = nil
	}
	if snap.User, snap.UserErr = s.Load(User); snap.UserErr != nil {
		snap.User.Entries = nil
	}
	return snap
}

// ValidateEntry checks one entry's content as a write would: not empty, no
// separator line inside, nothing the prompt-injection scanner flags
// (memory goes into every future system prompt), and no credential.
func ValidateEntry(content string) (string, error) {
	content = strings.TrimSpace(strings.ReplaceAll(content, "\r\n", "\n"))
	if content == "" {
		return "", ErrEmpty
	}
	for _, l := range strings.Split(content, "\n") {
		if strings.TrimSpace(l) == Separator {
			return "", fmt.Errorf("the entry holds a line with only %s, which separates entries; save the parts as separate entries", Separator)
		}
	}
	if fs := promptscan.Scan(content); len(fs) > 0 {
		return "", &InjectionError{Findings: fs}
	}
	if kind := findSecret(content); kind != "" {
		return "", &SecretError{Kind: kind}
	}
	return content, nil
}

// Thousands formats n with comma separators: 2200 → "2,200".
func Thousands(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// write replaces the target's file with entries. The caller holds the lock.
func (s *Store) write(t Target, entries []string) error {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", s.dir, err)
	}
	return atomicfile.Write(s.Path(t), []byte(Format(entries)), 0o600)
}

// Update runs fn on the target's current entries under the file lock and
// writes what it returns (unless it returns an error). It is the one
// read-modify-write path: the tool's actions, `herm memory edit` and the
// TUI all go through it.
func (s *Store) Update(ctx context.Context, t Target, fn func(File) ([]string, error)) (File, error) {
	unlock, err := s.lock(ctx, t)
	if err != nil {
		return File{}, err
	}
	defer unlock()
	f, err := s.Load(t)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			pe.Backup = s.backup(f.Path)
		}
		return f, err
	}
	entries, err := fn(f)
	if err != nil {
		return f, err
	}
	if err := s.write(t, entries); err != nil {
		return f, err
	}
	f.Entries = entries
	return f, nil
}
