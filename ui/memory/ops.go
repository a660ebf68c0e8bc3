package memory

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	mem "github.com/herm-dev/herm/internal/memory"
)

// goneError says the entry being changed is no longer in the file: the
// agent or another herm process rewrote it while the viewer showed it.
type goneError struct{ target mem.Target }

func (e *goneError) Error() string {
	return fmt.Sprintf("%s changed on disk while you were looking at it (the agent or another herm wrote to it), "+
		"and that entry is no longer there; the list is reloaded", e.target.FileName())
}

// save writes the entry being edited: an add, or a replacement of the
// entry the edit started from. The checks are the memory tool's: not
// empty, no separator line, nothing the injection scanner or the
// credential check flags, and within the file's limit.
func (p *Pane) save() tea.Cmd {
	e := p.edit
	content := e.ta.Value()
	if e.index >= 0 && strings.TrimSpace(content) == e.original {
		p.edit = nil
		p.setNote("no change", false)
		return nil
	}
	e.saving, e.err = true, ""
	ctx, store, file, original := p.ctx, p.store, e.file, e.original
	t := targets[file]
	if e.index < 0 {
		return func() tea.Msg {
			ch, err := store.Add(ctx, t, content)
			out := savedMsg{file: file, entry: -1, note: ch.Message, err: err}
			if err == nil {
				out.entries = ch.File.Entries
				clean, _ := mem.ValidateEntry(content)
				out.entry = slices.Index(out.entries, clean)
			}
			return Msg{out}
		}
	}
	return func() tea.Msg {
		f, at, err := replaceEntry(ctx, store, t, original, content)
		return Msg{savedMsg{file: file, entries: f.Entries, entry: at, note: "Entry saved.", err: err}}
	}
}

// replaceEntry swaps the entry whose whole text is original for content.
// It is the tool's replace, matched on the whole entry instead of a
// substring (an entry may be part of another).
func replaceEntry(ctx context.Context, store *mem.Store, t mem.Target, original, content string) (mem.File, int, error) {
	clean, err := mem.ValidateEntry(content)
	if err != nil {
		return mem.File{}, -1, err
	}
	f, err := store.Update(ctx, t, func(f mem.File) ([]string, error) {
		i := slices.Index(f.Entries, original)
		if i < 0 {
			return nil, &goneError{target: t}
		}
		next := slices.Clone(f.Entries)
		next[i] = clean
		next = mem.Dedupe(next)
		// Like the tool: a file already over its limit (edited by hand)
		// may still shrink.
		if n, cur := (mem.File{Entries: next}).Chars(), f.Chars(); n > f.Limit && n >= cur {
			return nil, &mem.LimitError{Target: t, Limit: f.Limit, Current: cur, After: n}
		}
		return next, nil
	})
	if err != nil {
		return f, -1, err
	}
	return f, slices.Index(f.Entries, clean), nil
}

// remove deletes the selected entry.
func (p *Pane) remove() tea.Cmd {
	if p.sel < 0 {
		return nil
	}
	p.busy = true
	ctx, store, file := p.ctx, p.store, p.cur
	t, entry, sel := targets[file], p.files[file].file.Entries[p.sel], p.sel
	return func() tea.Msg {
		f, err := store.Update(ctx, t, func(f mem.File) ([]string, error) {
			i := slices.Index(f.Entries, entry)
			if i < 0 {
				return nil, &goneError{target: t}
			}
			return slices.Delete(slices.Clone(f.Entries), i, i+1), nil
		})
		return Msg{savedMsg{file: file, entries: f.Entries, entry: sel, note: "Entry deleted.", err: err}}
	}
}

func (p *Pane) handleSaved(m savedMsg) tea.Cmd {
	p.busy = false
	e := p.edit
	if e != nil && e.file == m.file {
		e.saving = false
	}
	if m.err != nil {
		var gone *goneError
		isGone := errors.As(m.err, &gone)
		if e != nil && e.file == m.file {
			// Refused: the text stays in the editor with the reason.
			e.err = m.err.Error()
			if isGone {
				e.index, e.original = -1, ""
				e.err += ". Enter adds your text as a new entry; esc cancels"
			}
		} else {
			p.setNote(m.err.Error(), true)
		}
		if isGone {
			return p.load()
		}
		return nil
	}
	f := &p.files[m.file]
	f.file.Entries, f.err = m.entries, nil
	if e != nil && e.file == m.file {
		p.edit = nil
	}
	p.cur = m.file
	if m.entry >= 0 {
		p.sel = m.entry
	}
	p.compareAll()
	p.clampSelection()
	p.cache = renderCache{}
	p.setNote(m.note, false)
	return nil
}
