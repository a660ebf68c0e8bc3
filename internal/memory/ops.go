package memory

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/atomicfile"
)

// Change is the outcome of a write.
type Change struct {
	// File is the target's content after the write.
	File File
	// Changed is false when the write was a no-op (an exact duplicate).
	Changed bool
	// Message says what happened, for the model and for people.
	Message string
}

// errNoChange tells Update not to write.
var errNoChange = errors.New("no change")

// Add appends an entry to the target. An exact duplicate is not added
// again. The entry is refused if it is empty, holds a separator line, is
// flagged by the prompt-injection scanner, or would take the file over its
// limit.
func (s *Store) Add(ctx context.Context, t Target, content string) (Change, error) {
	content, err := ValidateEntry(content)
	if err != nil {
		return Change{}, err
	}
	ch := Change{Changed: true, Message: "Entry added."}
	f, err := s.Update(ctx, t, func(f File) ([]string, error) {
		for _, e := range f.Entries {
			if e == content {
				ch.Changed, ch.Message = false, "That entry is already saved; nothing changed."
				return nil, errNoChange
			}
		}
		next := append(append([]string(nil), f.Entries...), content)
		if n := chars(next); n > f.Limit {
			return nil, &LimitError{Target: t, Limit: f.Limit, Current: f.Chars(), After: n}
		}
		return next, nil
	})
	ch.File = f
	return ch, noChangeIsNil(err)
}

// Replace swaps the one entry containing oldText for content. A
// replacement that leaves the file over its limit is refused unless it
// shrinks the file (so a file made too long by hand can be consolidated).
func (s *Store) Replace(ctx context.Context, t Target, oldText, content string) (Change, error) {
	content, err := ValidateEntry(content)
	if err != nil {
		return Change{}, err
	}
	ch := Change{Changed: true, Message: "Entry replaced."}
	f, err := s.Update(ctx, t, func(f File) ([]string, error) {
		i, err := match(t, f.Entries, oldText)
		if err != nil {
			return nil, err
		}
		if f.Entries[i] == content {
			ch.Changed, ch.Message = false, "The entry already says that; nothing changed."
			return nil, errNoChange
		}
		next := append([]string(nil), f.Entries...)
		next[i] = content
		next = Dedupe(next)
		if n, cur := chars(next), f.Chars(); n > f.Limit && n >= cur {
			return nil, &LimitError{Target: t, Limit: f.Limit, Current: cur, After: n}
		}
		return next, nil
	})
	ch.File = f
	return ch, noChangeIsNil(err)
}

// Remove deletes the one entry containing oldText.
func (s *Store) Remove(ctx context.Context, t Target, oldText string) (Change, error) {
	ch := Change{Changed: true, Message: "Entry removed."}
	f, err := s.Update(ctx, t, func(f File) ([]string, error) {
		i, err := match(t, f.Entries, oldText)
		if err != nil {
			return nil, err
		}
		return append(append([]string(nil), f.Entries[:i]...), f.Entries[i+1:]...), nil
	})
	ch.File = f
	return ch, noChangeIsNil(err)
}

// SetEntries replaces all of a target's entries at once (herm memory
// edit, import).
// Each entry is checked for shape and the whole for the limit; entries the
// prompt-injection scanner flags are allowed here, because a person wrote
// them, and are still replaced by a placeholder in prompts.
func (s *Store) SetEntries(ctx context.Context, t Target, entries []string) (File, error) {
	clean := make([]string, 0, len(entries))
	for _, e := range entries {
		e = strings.TrimSpace(strings.ReplaceAll(e, "\r\n", "\n"))
		if e == "" {
			continue
		}
		for _, l := range strings.Split(e, "\n") {
			if strings.TrimSpace(l) == Separator {
				return File{}, fmt.Errorf("an entry holds a line with only %s, which separates entries", Separator)
			}
		}
		clean = append(clean, e)
	}
	clean = Dedupe(clean)
	f, err := s.Update(ctx, t, func(f File) ([]string, error) {
		if n := chars(clean); n > f.Limit {
			return nil, &LimitError{Target: t, Limit: f.Limit, Current: f.Chars(), After: n}
		}
		return clean, nil
	})
	return f, noChangeIsNil(err)
}

func noChangeIsNil(err error) error {
	if errors.Is(err, errNoChange) {
		return nil
	}
	return err
}

// match finds the one entry holding oldText: an exact substring first,
// then, if none, ignoring case and runs of white space (models often
// re-flow text they quote).
func match(t Target, entries []string, oldText string) (int, error) {
	oldText = strings.TrimSpace(oldText)
	if oldText == "" {
		return -1, &MatchError{Target: t}
	}
	if i, err := matchBy(t, entries, oldText, func(e string) bool { return strings.Contains(e, oldText) }); i >= 0 || err != nil {
		return i, err
	}
	norm := normalize(oldText)
	if i, err := matchBy(t, entries, oldText, func(e string) bool { return strings.Contains(normalize(e), norm) }); i >= 0 || err != nil {
		return i, err
	}
	return -1, &MatchError{Target: t, OldText: oldText}
}

func matchBy(t Target, entries []string, oldText string, hit func(string) bool) (int, error) {
	found := -1
	var all []string
	for i, e := range entries {
		if hit(e) {
			if found < 0 {
				found = i
			}
			all = append(all, e)
		}
	}
	if len(Dedupe(all)) > 1 {
		return -1, &MatchError{Target: t, OldText: oldText, Matches: all}
	}
	return found, nil
}

func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Dedupe drops the entries that repeat an earlier one, keeping the order:
// a file holds each entry once.
func Dedupe(entries []string) []string {
	seen := make(map[string]bool, len(entries))
	out := entries[:0:0]
	for _, e := range entries {
		if !seen[e] {
			seen[e] = true
			out = append(out, e)
		}
	}
	return out
}

// backup copies a file herm refuses to rewrite next to it, once per
// distinct content, and returns the copy's path ("" if it could not).
func (s *Store) backup(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	matches, _ := filepath.Glob(path + ".bad-*")
	for _, m := range matches {
		if old, err := os.ReadFile(m); err == nil && bytes.Equal(old, data) {
			return m
		}
	}
	stamp := time.Now().Format("20060102-150405")
	if s.backupClock != nil {
		stamp = s.backupClock()
	}
	dst := path + ".bad-" + stamp
	if err := atomicfile.Write(dst, data, 0o600); err != nil {
		return ""
	}
	return dst
}

// ConflictError refuses to overwrite a file that changed while a person
// was editing a copy of it (the agent or another herm wrote to it).
type ConflictError struct{ Target Target }

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s changed while you were editing it (the agent or another herm process wrote to it); your version was not saved over it", e.Target.FileName())
}

// Rewrite replaces the target's file with text, a whole file as a person
// edited it, provided the file still holds expect (what the editing
// started from; nil for a file that did not exist). text must parse and
// fit the limit; its entries are not scanned, because the user wrote them
// (the prompt builder still replaces anything suspicious with a
// placeholder). Unlike the other writes, Rewrite works when the file on
// disk does not parse: it is how such a file gets fixed.
func (s *Store) Rewrite(ctx context.Context, t Target, expect, text []byte) (File, error) {
	f := File{Target: t, Path: s.Path(t), Limit: s.Limit(t)}
	entries, err := Parse(text, f.Limit)
	if err != nil {
		return f, err
	}
	if n := chars(entries); n > f.Limit {
		return f, &LimitError{Target: t, Limit: f.Limit, Current: n, After: n}
	}
	unlock, err := s.lock(ctx, t)
	if err != nil {
		return f, err
	}
	defer unlock()
	cur, err := os.ReadFile(f.Path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return f, fmt.Errorf("read %s: %w", f.Path, err)
	}
	if !bytes.Equal(cur, expect) {
		return f, &ConflictError{Target: t}
	}
	if err := s.write(t, entries); err != nil {
		return f, err
	}
	f.Entries = entries
	return f, nil
}
