package sessions

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
)

// Actions on the selected session. Those that change the store run in a
// command and answer with doneMsg; a rename, a deletion and an export ask
// first, in the pane's question line.

type askKind int

const (
	askRename askKind = iota
	askDelete
	askExport
)

// question is what the pane is asking about a session.
type question struct {
	kind askKind
	sess store.Session
	text string // the title being written
}

type doneMsg struct {
	what string // renamed, archived, unarchived, deleted, exported
	sess store.Session
	path string
	err  error
}

func (doneMsg) sessionsMsg() {}

// open shows the selection in the chat: at the hit, or at the end when
// resuming (or in the list).
func (p *Pane) open(resume bool) tea.Cmd {
	s, around, ok := p.selection()
	if !ok {
		return nil
	}
	msg := OpenMsg{SessionID: s.ID}
	if !resume {
		msg.MessageID = around
	}
	return func() tea.Msg { return msg }
}

// fork copies the selected session up to the previewed message (or the
// hit, or all of it) into a new session and opens it at its end.
func (p *Pane) fork() tea.Cmd {
	s, through, ok := p.selection()
	if !ok {
		return nil
	}
	if id, ok := p.previewed(); ok {
		through = id
	}
	ctx, st, parent := p.ctx, p.st, *s
	return func() tea.Msg {
		child, err := st.Fork(ctx, parent.ID, through, store.ForkOptions{Source: "tui"})
		if err != nil {
			return doneMsg{what: "forked", sess: parent, err: err}
		}
		note := fmt.Sprintf("forked “%s” with its first %s — your next message continues the fork",
			titleOf(&parent), text.Plural(child.MessageCount, "message"))
		if through <= 0 {
			note = fmt.Sprintf("forked “%s” — your next message continues the fork", titleOf(&parent))
		}
		return OpenMsg{SessionID: child.ID, Note: note}
	}
}

func (p *Pane) startRename() tea.Cmd {
	s, _, ok := p.selection()
	if !ok {
		return nil
	}
	p.ask = &question{kind: askRename, sess: *s, text: s.Title}
	return nil
}

func (p *Pane) startDelete() tea.Cmd {
	s, _, ok := p.selection()
	if !ok {
		return nil
	}
	if s.ID == p.current {
		return p.say("the chat shows this session: start another (/new) before deleting it", true)
	}
	p.ask = &question{kind: askDelete, sess: *s}
	return nil
}

func (p *Pane) startExport() tea.Cmd {
	s, _, ok := p.selection()
	if !ok {
		return nil
	}
	p.ask = &question{kind: askExport, sess: *s}
	return nil
}

// answer handles a key while a question is open.
func (p *Pane) answer(msg tea.KeyPressMsg) tea.Cmd {
	q := p.ask
	switch q.kind {
	case askRename:
		switch {
		case msg.String() == "enter":
			p.ask = nil
			return p.rename(q.sess, q.text)
		case msg.String() == "backspace":
			if r := []rune(q.text); len(r) > 0 {
				q.text = string(r[:len(r)-1])
			}
		case key.Matches(msg, p.keys.Clear):
			q.text = ""
		case msg.String() == "ctrl+w" || msg.String() == "alt+backspace":
			q.text = dropWord(q.text)
		case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
			q.text += msg.Text
		}
	case askDelete:
		switch {
		case key.Matches(msg, p.yes.Yes):
			p.ask = nil
			return p.delete(q.sess)
		case key.Matches(msg, p.yes.No):
			p.ask = nil
		}
	case askExport:
		switch msg.String() {
		case "m", "M":
			p.ask = nil
			return p.export(q.sess, "md")
		case "j", "J":
			p.ask = nil
			return p.export(q.sess, "jsonl")
		case "n", "N":
			p.ask = nil
		}
	}
	return nil
}

func (p *Pane) rename(s store.Session, title string) tea.Cmd {
	title = text.OneLine(title)
	if title == "" {
		return p.say("a title cannot be empty", true)
	}
	ctx, st := p.ctx, p.st
	return func() tea.Msg {
		s.Title = title
		err := st.UpdateSession(ctx, s.ID, store.SessionUpdate{Title: &title})
		return doneMsg{what: "renamed", sess: s, err: err}
	}
}

func (p *Pane) toggleArchive() tea.Cmd {
	s, _, ok := p.selection()
	if !ok {
		return nil
	}
	ctx, st, sess := p.ctx, p.st, *s
	return func() tea.Msg {
		sess.Archived = !sess.Archived
		what := "archived"
		if !sess.Archived {
			what = "unarchived"
		}
		err := st.UpdateSession(ctx, sess.ID, store.SessionUpdate{Archived: &sess.Archived})
		return doneMsg{what: what, sess: sess, err: err}
	}
}

func (p *Pane) delete(s store.Session) tea.Cmd {
	ctx, st := p.ctx, p.st
	return func() tea.Msg {
		return doneMsg{what: "deleted", sess: s, err: st.DeleteSession(ctx, s.ID)}
	}
}

// export writes the session to HERM_HOME/exports/ID.md (or .jsonl, which
// `herm sessions import` reads back), readable by its owner only: a
// conversation can hold secrets.
func (p *Pane) export(s store.Session, ext string) tea.Cmd {
	ctx, st, home := p.ctx, p.st, p.home
	return func() tea.Msg {
		path := ExportPath(home, s.ID, ext)
		err := WriteExport(ctx, st, s.ID, path, ext)
		return doneMsg{what: "exported", sess: s, path: path, err: err}
	}
}

// ExportPath is where a session is exported by default:
// HERM_HOME/exports/ID.md (ext "md") or ID.jsonl (ext "jsonl").
func ExportPath(home, id, ext string) string {
	return filepath.Join(home, "exports", id+"."+ext)
}

// WriteExport writes session id to path as Markdown (ext "md") or JSONL
// (ext "jsonl"), atomically and readable by its owner only. The chat's
// /export uses it too.
func WriteExport(ctx context.Context, st *store.Store, id, path, ext string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create the folder %s: %w", filepath.Dir(path), err)
	}
	return atomicfile.WriteFrom(path, 0o600, func(w io.Writer) error {
		if ext == "md" {
			return st.ExportMarkdown(ctx, w, id)
		}
		_, err := st.ExportJSONL(ctx, w, []string{id}, store.ExportOptions{})
		return err
	})
}

func (p *Pane) handleDone(msg doneMsg) tea.Cmd {
	if msg.err != nil {
		return p.say("could not "+verb(msg.what)+" “"+titleOf(&msg.sess)+"”: "+errText(msg.err), true)
	}
	s := msg.sess
	var text string
	switch msg.what {
	case "exported":
		return p.say("exported “"+titleOf(&s)+"” to "+msg.path, false)
	case "renamed":
		text = "renamed to “" + s.Title + "”"
	case "archived":
		text = "archived “" + titleOf(&s) + "” — ctrl+g shows archived sessions, ctrl+a again restores it"
	case "unarchived":
		text = "“" + titleOf(&s) + "” is back in the list"
	case "deleted":
		text = "deleted “" + titleOf(&s) + "”"
	}
	if p.searching() {
		p.search.update(s, msg.what == "deleted")
	}
	changed := ChangedMsg{Session: s, Deleted: msg.what == "deleted"}
	return tea.Batch(p.say(text, false), p.refreshList(), func() tea.Msg { return changed })
}

// update applies a change to a session in the results in place: a
// deleted session's hits go, a renamed or archived one is redrawn.
func (s *searchState) update(sess store.Session, deleted bool) {
	var groups []store.SessionGroup
	for _, g := range s.groups {
		if g.Root.ID == sess.ID && !deleted {
			g.Root = sess
		}
		var keep []store.Session
		for _, gs := range g.Sessions {
			switch {
			case gs.ID != sess.ID:
				keep = append(keep, gs)
			case !deleted:
				keep = append(keep, sess)
			}
		}
		g.Sessions = keep
		var hits []store.Hit
		for _, h := range g.Hits {
			if !deleted || h.SessionID != sess.ID {
				hits = append(hits, h)
			}
		}
		g.Hits = hits
		if len(g.Hits) > 0 {
			groups = append(groups, g)
		}
	}
	s.groups, s.hits = groups, nil
	for gi, g := range groups {
		for h := range g.Hits {
			s.hits = append(s.hits, hitRef{g: gi, h: h})
		}
	}
	s.sel = min(s.sel, max(len(s.hits)-1, 0))
	s.layoutW = -1
}

func verb(what string) string {
	switch what {
	case "renamed":
		return "rename"
	case "archived", "unarchived":
		return strings.TrimSuffix(what, "d")
	case "deleted":
		return "delete"
	case "exported":
		return "export"
	case "forked":
		return "fork"
	}
	return what
}

func titleOf(s *store.Session) string {
	if s.Title != "" {
		return s.Title
	}
	return s.ID
}
