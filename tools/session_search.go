package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
)

// sessionSearchTool lets the model find and read past conversations in the
// session store: discovery (ranked hits grouped by conversation, with the
// messages around each hit), reading one session, and browsing recent
// ones. Hidden sessions (delegated subagents, tool-internal runs; see
// store.HiddenSource) are left out of discovery and browsing, and so is
// the current session, whose messages the model already has.
type sessionSearchTool struct{ store *store.Store }

// Output budget: the agent keeps 10,000 characters of a tool's output by
// default, so the tool shapes its own to fit rather than be cut blindly.
const (
	ssMaxOutput     = 9000
	ssSnippetRunes  = 300 // a hit's own message when no snippet applies
	ssContextRunes  = 200 // a message around a hit
	ssReadRunes     = 1200
	ssDefaultGroups = 5
	ssMaxGroups     = 20
	ssDefaultRead   = 40
	ssMaxRead       = 200
	ssDefaultRecent = 10
	ssMaxRecent     = 50
)

func (sessionSearchTool) Spec() Spec {
	return Spec{
		Name: "session_search",
		Description: "Search and read past conversations (every session is stored). " +
			"With query: find messages across past sessions, best matches first, grouped by conversation, each with the messages around it. " +
			"Query syntax: words must all match; \"exact phrase\"; prefix*; a OR b; -word or NOT word excludes; filters source:cli, model:gpt, " +
			"role:user, after:7d, before:2026-01-31. With session_id: read that session from the start (limit messages); with session_id and query: " +
			"search inside it. With neither: list recent sessions. role_filter keeps only messages of those roles (e.g. \"user,assistant\").",
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "query": {"type": "string", "description": "What to look for; see the syntax above."},
    "session_id": {"type": "string", "description": "A session to read, or to search inside with query."},
    "limit": {"type": "integer", "description": "How many conversations (search, default 5), messages (read, default 40) or sessions (recent, default 10)."},
    "role_filter": {"type": "string", "description": "Comma-separated roles to keep: user, assistant, tool, system."}
  }
}`),
	}
}

func (sessionSearchTool) Toolset() string { return "session_search" }
func (sessionSearchTool) ReadOnly() bool  { return true }

func (t sessionSearchTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Query      string          `json:"query"`
		SessionID  string          `json:"session_id"`
		Limit      flexInt         `json:"limit"`
		RoleFilter json.RawMessage `json:"role_filter"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	roles, err := parseRoles(args.RoleFilter)
	if err != nil {
		return argErrorf("%v", err)
	}
	if args.Limit.Set && args.Limit.Value <= 0 {
		return argErrorf("limit must be a positive number")
	}
	query, id := strings.TrimSpace(args.Query), strings.TrimSpace(args.SessionID)
	current := envOf(call).SessionID()
	var out string
	switch {
	case query != "" && id == "":
		out, err = t.discover(ctx, query, roles, current, limitOr(args.Limit, ssDefaultGroups, ssMaxGroups))
	case query != "":
		out, err = t.searchIn(ctx, id, query, roles, limitOr(args.Limit, 10, 50))
	case id != "":
		out, err = t.read(ctx, id, roles, limitOr(args.Limit, ssDefaultRead, ssMaxRead))
	default:
		out, err = t.recent(ctx, current, limitOr(args.Limit, ssDefaultRecent, ssMaxRecent))
	}
	switch {
	case errors.Is(err, store.ErrEmptyQuery), errors.Is(err, store.ErrBadFilter), errors.Is(err, store.ErrQueryTooLong):
		return Errorf("%s", strings.TrimPrefix(err.Error(), "store: "))
	case errors.Is(err, store.ErrNotFound):
		return Errorf("there is no session %q; call session_search without arguments to list recent sessions", id)
	case err != nil:
		return Errorf("session search failed: %v", err)
	}
	return Result{Output: fitOutput(out)}
}

func limitOr(l flexInt, def, most int) int {
	if !l.Set {
		return def
	}
	return min(l.Value, most)
}

// parseRoles reads role_filter: "user,assistant" or ["user", "assistant"].
func parseRoles(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var list []string
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		list = strings.FieldsFunc(one, func(r rune) bool { return r == ',' || r == ' ' })
	} else if err := json.Unmarshal(raw, &list); err != nil {
		return nil, errors.New(`role_filter must be a string like "user,assistant"`)
	}
	var roles []string
	for _, r := range list {
		r = strings.ToLower(strings.TrimSpace(r))
		switch r {
		case "":
		case "user", "assistant", "tool", "system":
			roles = append(roles, r)
		default:
			return nil, fmt.Errorf("role_filter: %q is not a role; use user, assistant, tool or system", r)
		}
	}
	return roles, nil
}

func (t sessionSearchTool) discover(ctx context.Context, query string, roles []string, current string, limit int) (string, error) {
	opts := store.SearchOptions{Limit: limit, HitsPerGroup: 3, Roles: roles}
	if current != "" {
		opts.ExcludeSessions = []string{current}
	}
	groups, err := t.store.SearchSessions(ctx, query, opts)
	if err != nil {
		return "", err
	}
	if len(groups) == 0 {
		return fmt.Sprintf("No past conversation matches %q. Try fewer or other words, a prefix like deploy*, or call session_search without arguments to see recent sessions.", query), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d conversation(s) match %q, best first:\n", len(groups), query)
	for i, g := range groups {
		best := g.Session(g.Hits[0].SessionID)
		fmt.Fprintf(&b, "\n## %d. %s\n", i+1, sessionTitle(best))
		fmt.Fprintf(&b, "%s\n", sessionFacts(best))
		if len(g.Sessions) > 1 || g.Root.ID != best.ID {
			fmt.Fprintf(&b, "part of a conversation of several sessions (started in %s); hits may come from any of them\n", g.Root.ID)
		}
		for _, h := range g.Hits {
			t.writeHit(ctx, &b, h, g.Hits[0].SessionID != h.SessionID)
		}
		if g.Matches > len(g.Hits) {
			fmt.Fprintf(&b, "(%d more matching messages in this conversation)\n", g.Matches-len(g.Hits))
		}
	}
	b.WriteString("\nRead a session with session_search(session_id=…), or search inside it with session_id and query.")
	return b.String(), nil
}

func (t sessionSearchTool) searchIn(ctx context.Context, id, query string, roles []string, limit int) (string, error) {
	sess, err := t.store.Session(ctx, id)
	if err != nil {
		return "", err
	}
	hits, err := t.store.Search(ctx, query, store.SearchOptions{SessionID: id, Roles: roles, Limit: limit})
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", sessionTitle(sess), sessionFacts(sess))
	if len(hits) == 0 {
		fmt.Fprintf(&b, "\nNothing in this session matches %q.", query)
		return b.String(), nil
	}
	fmt.Fprintf(&b, "\n%d message(s) match %q, best first:\n", len(hits), query)
	for _, h := range hits {
		t.writeHit(ctx, &b, h, false)
	}
	return b.String(), nil
}

// writeHit writes one hit with the message before and after it.
func (t sessionSearchTool) writeHit(ctx context.Context, b *strings.Builder, h store.Hit, showSession bool) {
	where := ""
	if showSession {
		where = ", session " + h.SessionID
	}
	snippet := h.Snippet
	if strings.TrimSpace(snippet) == "" {
		snippet = "(match in a tool name)"
	}
	fmt.Fprintf(b, "- [%s, %s, message %d%s] %s\n", h.Role, localTime(h.CreatedAt), h.MessageID, where, text.Clip(text.OneLine(snippet), ssSnippetRunes))
	around, err := t.store.MessagesAround(ctx, h.SessionID, h.MessageID, 1, 1)
	if err != nil {
		return // deleted meanwhile: the hit itself is still worth showing
	}
	for _, m := range around {
		if m.ID == h.MessageID || m.Role == "system" {
			continue
		}
		label := "before"
		if m.ID > h.MessageID {
			label = "after"
		}
		fmt.Fprintf(b, "    %s: [%s] %s\n", label, m.Role, text.Clip(text.OneLine(messageText(m)), ssContextRunes))
	}
}

func (t sessionSearchTool) read(ctx context.Context, id string, roles []string, limit int) (string, error) {
	sess, err := t.store.Session(ctx, id)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", sessionTitle(sess), sessionFacts(sess))
	if sess.ParentID != "" {
		fmt.Fprintf(&b, "continues session %s\n", sess.ParentID)
	}
	if kids, err := t.store.FindSessions(ctx, store.SessionFilter{ParentID: id, IncludeArchived: true, IncludeHidden: true, Limit: 5}); err == nil {
		for _, k := range kids {
			fmt.Fprintf(&b, "continued or forked in session %s\n", k.ID)
		}
	}
	keep := map[string]bool{}
	for _, r := range roles {
		keep[r] = true
	}
	// Read forward a page at a time until limit messages pass the filter
	// or the output budget is spent.
	shown, after, budget := 0, int64(0), ssMaxOutput-b.Len()-200
	end := false
	b.WriteString("\n")
	for shown < limit && budget > 0 {
		page, err := t.store.MessagesAfter(ctx, id, after, 200)
		if err != nil {
			return "", err
		}
		if len(page) == 0 {
			end = true
			break
		}
		for _, m := range page {
			after = m.ID
			if m.Role == "system" && !keep["system"] || len(keep) > 0 && !keep[m.Role] {
				continue
			}
			line := fmt.Sprintf("[%s, %s, message %d] %s\n", m.Role, localTime(m.CreatedAt), m.ID, text.Clip(messageText(m), ssReadRunes))
			if budget -= len(line); budget < 0 {
				break
			}
			b.WriteString(line)
			if shown++; shown == limit {
				break
			}
		}
	}
	if shown == 0 {
		b.WriteString("(no messages")
		if len(roles) > 0 {
			b.WriteString(" with role " + strings.Join(roles, " or "))
		}
		b.WriteString(")\n")
	}
	if !end && shown > 0 {
		if rest, err := t.store.MessagesAfter(ctx, id, after, 1); err == nil && len(rest) > 0 {
			fmt.Fprintf(&b, "\n(%d messages shown of %d; search inside with session_id and query to find a part)", shown, sess.MessageCount)
		}
	}
	return b.String(), nil
}

func (t sessionSearchTool) recent(ctx context.Context, current string, limit int) (string, error) {
	list, err := t.store.FindSessions(ctx, store.SessionFilter{Limit: limit + 1})
	if err != nil {
		return "", err
	}
	var ids []string
	kept := list[:0]
	for _, s := range list {
		if s.ID != current && len(kept) < limit {
			kept = append(kept, s)
			ids = append(ids, s.ID)
		}
	}
	if len(kept) == 0 {
		return "There are no past sessions yet.", nil
	}
	previews, err := t.store.Previews(ctx, ids, 160)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "The %d most recent sessions, newest first:\n", len(kept))
	for _, s := range kept {
		fmt.Fprintf(&b, "\n- %s\n  %s\n", sessionTitle(&s), sessionFacts(&s))
		if p := previews[s.ID]; p != "" && s.Title != "" {
			fmt.Fprintf(&b, "  first message: %s\n", p)
		} else if p != "" {
			fmt.Fprintf(&b, "  %s\n", p)
		}
	}
	b.WriteString("\nRead one with session_search(session_id=…), or search them all with query.")
	return b.String(), nil
}

func sessionTitle(s *store.Session) string {
	if s.Title != "" {
		return fmt.Sprintf("%q", text.Clip(text.OneLine(s.Title), 100))
	}
	return "(untitled)"
}

func sessionFacts(s *store.Session) string {
	parts := []string{"session " + s.ID}
	if s.Source != "" {
		parts = append(parts, s.Source)
	}
	if s.Model != "" {
		parts = append(parts, s.Model)
	}
	parts = append(parts, "last active "+localTime(s.UpdatedAt), fmt.Sprintf("%d messages", s.MessageCount))
	return strings.Join(parts, " · ")
}

// messageText is what a message says, tool calls included.
func messageText(m store.Message) string {
	text := m.Content
	if m.Role == "tool" && m.ToolName != "" {
		text = m.ToolName + " → " + text
	}
	for _, c := range m.ToolCalls {
		call := "calls " + c.Name
		if arg := KeyArgument(c.Name, c.Arguments); arg != "" {
			call += ": " + arg
		}
		if text != "" {
			text += " "
		}
		text += "[" + call + "]"
	}
	if text == "" {
		return "(empty)"
	}
	return text
}

func localTime(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

// fitOutput cuts at a line boundary within the budget.
func fitOutput(s string) string {
	if len(s) <= ssMaxOutput {
		return s
	}
	cut := strings.LastIndexByte(s[:ssMaxOutput], '\n')
	if cut < 0 {
		cut = ssMaxOutput
	}
	return s[:cut] + "\n(output shortened; ask for fewer results with limit)"
}
