package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/text"
)

// SessionFilter selects sessions for FindSessions and CountSessions.
type SessionFilter struct {
	// Limit defaults to 50 when zero or negative, and is at most 1000.
	Limit, Offset int
	// Sources keeps only sessions from these front ends; empty keeps all.
	Sources []string
	// Model keeps sessions whose model contains it (case-insensitive).
	Model string
	// Title keeps sessions whose title contains it (case-insensitive for
	// ASCII).
	Title string
	// UpdatedBefore and UpdatedAfter bound the last activity (After
	// inclusive).
	UpdatedBefore, UpdatedAfter time.Time
	// ParentID keeps only the direct children of that session.
	ParentID string
	// IncludeArchived and IncludeHidden widen the list to archived
	// sessions and hidden ones (see HiddenSource). A Sources filter naming
	// a hidden source includes those.
	IncludeArchived, IncludeHidden bool
}

func (f SessionFilter) where() (string, []any) {
	var (
		conds []string
		args  []any
	)
	if len(f.Sources) > 0 {
		conds = append(conds, "source IN "+placeholders(len(f.Sources)))
		for _, s := range f.Sources {
			args = append(args, s)
		}
	}
	if !f.IncludeHidden && !anyHidden(f.Sources) {
		hidden := hiddenSources()
		conds = append(conds, "source NOT IN "+placeholders(len(hidden)))
		for _, s := range hidden {
			args = append(args, s)
		}
	}
	if !f.IncludeArchived {
		conds = append(conds, "archived = 0")
	}
	if f.Model != "" {
		conds = append(conds, `model LIKE ? ESCAPE '\'`)
		args = append(args, "%"+escapeLike(f.Model)+"%")
	}
	if f.Title != "" {
		conds = append(conds, `title LIKE ? ESCAPE '\'`)
		args = append(args, "%"+escapeLike(f.Title)+"%")
	}
	if !f.UpdatedBefore.IsZero() {
		conds = append(conds, "updated_at < ?")
		args = append(args, toNanos(f.UpdatedBefore))
	}
	if !f.UpdatedAfter.IsZero() {
		conds = append(conds, "updated_at >= ?")
		args = append(args, toNanos(f.UpdatedAfter))
	}
	if f.ParentID != "" {
		conds = append(conds, "parent_session_id = ?")
		args = append(args, f.ParentID)
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

func anyHidden(sources []string) bool {
	for _, s := range sources {
		if HiddenSource(s) {
			return true
		}
	}
	return false
}

// FindSessions returns the sessions f selects, most recently active first.
// Paging with Offset stays cheap well past 100,000 sessions: the order is
// the sessions_updated index.
func (s *Store) FindSessions(ctx context.Context, f SessionFilter) ([]Session, error) {
	where, args := f.where()
	limit := min(defaultInt(f.Limit, 50), 1000)
	var rows []sessionRow
	err := s.r.WithContext(ctx).Raw(`SELECT * FROM sessions`+where+
		` ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`, append(args, limit, max(f.Offset, 0))...).
		Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: list sessions: %w", err)
	}
	out := make([]Session, len(rows))
	for i := range rows {
		out[i] = rows[i].session()
	}
	return out, nil
}

// CountSessions counts the sessions f selects (ignoring Limit and Offset).
func (s *Store) CountSessions(ctx context.Context, f SessionFilter) (int, error) {
	where, args := f.where()
	var n int
	if err := s.rdb.QueryRowContext(ctx, `SELECT count(*) FROM sessions`+where, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count sessions: %w", err)
	}
	return n, nil
}

// Previews returns, for each session id, the start of its first user
// message (whitespace collapsed, at most maxRunes characters): what a list
// shows for a session without a title. Sessions without one are absent.
func (s *Store) Previews(ctx context.Context, ids []string, maxRunes int) (map[string]string, error) {
	out := make(map[string]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	// The first user message is found through messages_session; substr
	// keeps a huge pasted prompt from being read whole. Characters are
	// counted by SQLite, so 4 bytes per rune is a safe bound.
	rows, err := s.rdb.QueryContext(ctx, `SELECT j.value, (SELECT substr(content, 1, ?) FROM messages
		WHERE session_id = j.value AND role = 'user' ORDER BY id LIMIT 1)
		FROM json_each(?) j`, maxRunes*4+16, string(list))
	if err != nil {
		return nil, fmt.Errorf("store: session previews: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var content *string
		if err := rows.Scan(&id, &content); err != nil {
			return nil, fmt.Errorf("store: session previews: %w", err)
		}
		if content != nil {
			out[id] = clip(*content, maxRunes)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: session previews: %w", err)
	}
	return out, nil
}

// clip collapses whitespace and cuts s to at most n runes (no limit below
// 1), marking the cut as snippets do: no space before SnippetEllipsis.
func clip(s string, n int) string {
	s = text.OneLine(s)
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimRight(text.Head(s, n-1), " ") + SnippetEllipsis
}

// SetTitleIfEmpty sets the session's title unless it already has one (a
// title a person set while an automatic one was being made wins). It
// reports whether the title was set. A missing session is ErrNotFound.
func (s *Store) SetTitleIfEmpty(ctx context.Context, id, title string) (bool, error) {
	res, err := s.wdb.ExecContext(ctx, `UPDATE sessions SET title = ? WHERE id = ? AND title = ''`, title, id)
	if err != nil {
		return false, fmt.Errorf("store: set title of session %s: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("store: set title of session %s: %w", id, err)
	}
	if n == 0 {
		if _, err := s.Session(ctx, id); err != nil {
			return false, err
		}
	}
	return n > 0, nil
}

// MessagesAround returns the message messageID of a session with up to
// before messages before it and after messages after it, in order: the
// context of a search hit, or the page a viewer opens at. A message that is
// not in the session gives ErrNotFound.
func (s *Store) MessagesAround(ctx context.Context, sessionID string, messageID int64, before, after int) ([]Message, error) {
	head, err := s.queryMessages(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE session_id = ? AND id <= ? ORDER BY id DESC LIMIT ?`, sessionID, messageID, max(before, 0)+1)
	if err != nil {
		return nil, fmt.Errorf("store: read messages of session %s around %d: %w", sessionID, messageID, err)
	}
	if len(head) == 0 || head[0].ID != messageID {
		return nil, fmt.Errorf("store: message %d of session %s: %w", messageID, sessionID, ErrNotFound)
	}
	tail, err := s.MessagesAfter(ctx, sessionID, messageID, after)
	if err != nil {
		return nil, err
	}
	out := make([]Message, 0, len(head)+len(tail))
	for i := len(head) - 1; i >= 0; i-- {
		out = append(out, head[i])
	}
	return append(out, tail...), nil
}

// MessagesAfter returns up to limit messages of a session that come after
// afterID (from the start if afterID <= 0), in order: reading a long
// session forward a page at a time.
func (s *Store) MessagesAfter(ctx context.Context, sessionID string, afterID int64, limit int) ([]Message, error) {
	if limit <= 0 {
		return nil, nil
	}
	msgs, err := s.queryMessages(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?`, sessionID, afterID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: read messages of session %s after %d: %w", sessionID, afterID, err)
	}
	return msgs, nil
}

// sessionsByID reads the sessions named by ids (missing ones are skipped).
func (s *Store) sessionsByID(ctx context.Context, ids []string) ([]Session, error) {
	var out []Session
	const chunk = 500
	for start := 0; start < len(ids); start += chunk {
		var rows []sessionRow
		part := ids[start:min(start+chunk, len(ids))]
		if err := s.r.WithContext(ctx).Where("id IN ?", part).Find(&rows).Error; err != nil {
			return nil, fmt.Errorf("store: read sessions: %w", err)
		}
		for i := range rows {
			out = append(out, rows[i].session())
		}
	}
	return out, nil
}

// maxLineageDepth bounds how far parent links are followed, so a cycle (a
// hand-edited database) or an absurdly deep chain cannot loop forever.
const maxLineageDepth = 256

// withAncestors returns the sessions named by ids and all their stored
// ancestors, by id.
func (s *Store) withAncestors(ctx context.Context, ids []string) (map[string]Session, error) {
	known := make(map[string]Session, len(ids))
	want := ids
	for depth := 0; len(want) > 0 && depth < maxLineageDepth; depth++ {
		list, err := s.sessionsByID(ctx, want)
		if err != nil {
			return nil, err
		}
		want = want[:0:0]
		for _, sess := range list {
			known[sess.ID] = sess
		}
		for _, sess := range list {
			if p := sess.ParentID; p != "" {
				if _, ok := known[p]; !ok && !contains(want, p) {
					want = append(want, p)
				}
			}
		}
	}
	return known, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// lineageRoot follows parent links from id through known and returns the
// oldest ancestor found. A parent that was deleted ends the walk.
func lineageRoot(known map[string]Session, id string) string {
	root := id
	for range maxLineageDepth {
		sess, ok := known[root]
		if !ok || sess.ParentID == "" {
			break
		}
		if _, ok := known[sess.ParentID]; !ok {
			break
		}
		root = sess.ParentID
	}
	return root
}

// LineageRoot returns the id of the oldest stored ancestor of session id
// (id itself for a session without a parent).
func (s *Store) LineageRoot(ctx context.Context, id string) (string, error) {
	known, err := s.withAncestors(ctx, []string{id})
	if err != nil {
		return "", err
	}
	if _, ok := known[id]; !ok {
		return "", fmt.Errorf("store: session %s: %w", id, ErrNotFound)
	}
	return lineageRoot(known, id), nil
}

// Lineage returns every session in the tree that holds id: its root
// ancestor and all the root's descendants (forks, continuations after
// compression), oldest first. Each session's ParentID says where it hangs;
// see LineageTree to nest them.
func (s *Store) Lineage(ctx context.Context, id string) ([]Session, error) {
	root, err := s.LineageRoot(ctx, id)
	if err != nil {
		return nil, err
	}
	var rows []sessionRow
	err = s.r.WithContext(ctx).Raw(`WITH RECURSIVE tree (id, depth) AS (
			SELECT ?, 0
			UNION
			SELECT s.id, t.depth + 1 FROM sessions s JOIN tree t ON s.parent_session_id = t.id
			WHERE t.depth < ?
		)
		SELECT sessions.* FROM sessions JOIN tree ON tree.id = sessions.id
		ORDER BY sessions.started_at, sessions.id`, root, maxLineageDepth).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("store: lineage of session %s: %w", id, err)
	}
	out := make([]Session, len(rows))
	for i := range rows {
		out[i] = rows[i].session()
	}
	return out, nil
}

// LineageNode is a session in a lineage tree.
type LineageNode struct {
	Session  Session
	Children []*LineageNode
}

// LineageTree nests sessions (as Lineage returns them) under their
// parents. Sessions whose parent is not in the list are roots.
func LineageTree(sessions []Session) []*LineageNode {
	nodes := make(map[string]*LineageNode, len(sessions))
	for _, s := range sessions {
		nodes[s.ID] = &LineageNode{Session: s}
	}
	var roots []*LineageNode
	for _, s := range sessions {
		n := nodes[s.ID]
		if p, ok := nodes[s.ParentID]; ok && s.ParentID != s.ID {
			p.Children = append(p.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots
}

// ResolveSessionID returns the id of the session named by ref: an exact id,
// or a prefix of exactly one session's id (ids start with their date and
// time, so 20260131_1530 picks a session started then). An unknown or
// ambiguous ref is an error that says so; unknown wraps ErrNotFound.
func (s *Store) ResolveSessionID(ctx context.Context, ref string) (string, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return "", fmt.Errorf("store: no session id given: %w", ErrNotFound)
	}
	rows, err := s.rdb.QueryContext(ctx, `SELECT id FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT 6`,
		ref, ref+"\U0010FFFF")
	if err != nil {
		return "", fmt.Errorf("store: find session %s: %w", ref, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return "", fmt.Errorf("store: find session %s: %w", ref, err)
		}
		if id == ref {
			return id, nil
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("store: find session %s: %w", ref, err)
	}
	switch len(ids) {
	case 0:
		return "", fmt.Errorf("store: session %s: %w", ref, ErrNotFound)
	case 1:
		return ids[0], nil
	}
	more := ""
	if len(ids) > 5 {
		ids, more = ids[:5], ", …"
	}
	return "", fmt.Errorf("store: %q matches several sessions (%s%s); give more of the id", ref, strings.Join(ids, ", "), more)
}
