package store

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/text"
)

// ExportOptions shape an export.
type ExportOptions struct {
	// Plain writes only what OpenAI fine-tuning files hold (role, content,
	// tool_calls, tool_call_id): no session record, reasoning or times.
	Plain bool
}

// exportLine is one exported conversation; field order is the output's.
type exportLine struct {
	Messages []exportMessage `json:"messages"`
	Session  *jsonlSession   `json:"session,omitempty"`
}

type exportMessage struct {
	Role               string           `json:"role"`
	Content            string           `json:"content"`
	ToolCalls          []exportToolCall `json:"tool_calls,omitempty"`
	ToolCallID         string           `json:"tool_call_id,omitempty"`
	Reasoning          string           `json:"reasoning,omitempty"`
	ReasoningSignature string           `json:"reasoning_signature,omitempty"`
	FinishReason       string           `json:"finish_reason,omitempty"`
	CreatedAt          string           `json:"created_at,omitempty"`
}

type exportToolCall struct {
	ID       string         `json:"id"`
	Type     string         `json:"type"`
	Function exportFunction `json:"function"`
}

type exportFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// exportConversation builds the line for a session.
func exportConversation(sess *Session, msgs []Message, opts ExportOptions) exportLine {
	line := exportLine{Messages: make([]exportMessage, 0, len(msgs))}
	for _, m := range msgs {
		em := exportMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
		for _, c := range m.ToolCalls {
			em.ToolCalls = append(em.ToolCalls, exportToolCall{ID: c.ID, Type: "function", Function: exportFunction{Name: c.Name, Arguments: c.Arguments}})
		}
		if !opts.Plain {
			em.Reasoning, em.ReasoningSignature, em.FinishReason = m.Reasoning, m.ReasoningSignature, m.FinishReason
			em.CreatedAt = formatTime(m.CreatedAt)
		}
		line.Messages = append(line.Messages, em)
	}
	if opts.Plain {
		return line
	}
	js := &jsonlSession{
		ID: sess.ID, Title: sess.Title, Source: sess.Source, Model: sess.Model, Provider: sess.Provider,
		ParentID: sess.ParentID, StartedAt: formatTime(sess.StartedAt), UpdatedAt: formatTime(sess.UpdatedAt),
		EndReason: sess.EndReason, Cwd: sess.Cwd, Archived: sess.Archived, CostUSD: sess.CostUSD,
	}
	if sess.EndedAt != nil {
		js.EndedAt = formatTime(*sess.EndedAt)
	}
	if u := sess.Usage; u != (Usage{}) {
		js.Usage = &jsonlUsage{u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens}
	}
	line.Session = js
	return line
}

// ExportJSONL writes the sessions named by ids (every session, oldest
// first, when ids is empty) as JSONL, one conversation per line, in OpenAI
// message shape with herm's session record unless opts.Plain. ImportJSONL
// reads it back; an export of the imported store is byte-identical. It
// returns how many sessions were written.
func (s *Store) ExportJSONL(ctx context.Context, w io.Writer, ids []string, opts ExportOptions) (int, error) {
	bw := bufio.NewWriterSize(w, 256<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	n := 0
	err := s.eachSession(ctx, ids, func(sess *Session, msgs []Message) error {
		if err := enc.Encode(exportConversation(sess, msgs, opts)); err != nil {
			return err
		}
		n++
		return nil
	})
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return n, fmt.Errorf("store: export: %w", err)
	}
	return n, nil
}

// eachSession calls fn with each session named by ids and its messages, or
// with every session (oldest first, paged) when ids is empty.
func (s *Store) eachSession(ctx context.Context, ids []string, fn func(*Session, []Message) error) error {
	visit := func(sess *Session) error {
		msgs, err := s.Messages(ctx, sess.ID)
		if err != nil {
			return err
		}
		return fn(sess, msgs)
	}
	if len(ids) > 0 {
		for _, id := range ids {
			sess, err := s.Session(ctx, id)
			if err != nil {
				return err
			}
			if err := visit(sess); err != nil {
				return err
			}
		}
		return nil
	}
	// Keyset paging on (started_at, id): stable while sessions are added.
	var (
		lastStart int64 = -1 << 63
		lastID          = ""
	)
	for {
		var rows []sessionRow
		err := s.r.WithContext(ctx).Raw(`SELECT * FROM sessions
			WHERE started_at > ? OR (started_at = ? AND id > ?)
			ORDER BY started_at, id LIMIT 500`, lastStart, lastStart, lastID).Scan(&rows).Error
		if err != nil {
			return err
		}
		for i := range rows {
			sess := rows[i].session()
			if err := visit(&sess); err != nil {
				return err
			}
		}
		if len(rows) < 500 {
			return nil
		}
		lastStart, lastID = rows[len(rows)-1].StartedAt, rows[len(rows)-1].ID
	}
}

// ExportMarkdown writes a session as a Markdown document for reading:
// title, facts, then each message under a heading, tool calls and results
// in fenced blocks.
func (s *Store) ExportMarkdown(ctx context.Context, w io.Writer, id string) error {
	sess, err := s.Session(ctx, id)
	if err != nil {
		return err
	}
	msgs, err := s.Messages(ctx, id)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	writeMarkdown(bw, sess, msgs)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("store: export session %s as Markdown: %w", id, err)
	}
	return nil
}

func writeMarkdown(w *bufio.Writer, sess *Session, msgs []Message) {
	title := sess.Title
	if title == "" {
		title = "Untitled session"
	}
	fmt.Fprintf(w, "# %s\n\n", text.OneLine(title))
	fmt.Fprintf(w, "- **Session:** `%s`\n", sess.ID)
	facts := []string{}
	for _, f := range [][2]string{{"Source", sess.Source}, {"Model", sess.Model}, {"Provider", sess.Provider}} {
		if f[1] != "" {
			facts = append(facts, fmt.Sprintf("**%s:** %s", f[0], f[1]))
		}
	}
	if len(facts) > 0 {
		fmt.Fprintf(w, "- %s\n", strings.Join(facts, " · "))
	}
	fmt.Fprintf(w, "- **Started:** %s · **Messages:** %d\n", sess.StartedAt.Format("2006-01-02 15:04 MST"), len(msgs))
	if sess.ParentID != "" {
		fmt.Fprintf(w, "- **Continues:** `%s`\n", sess.ParentID)
	}
	if sess.Cwd != "" {
		fmt.Fprintf(w, "- **Directory:** `%s`\n", sess.Cwd)
	}
	for _, m := range msgs {
		when := m.CreatedAt.Format("2006-01-02 15:04")
		switch m.Role {
		case "system":
			fmt.Fprintf(w, "\n<details><summary>System prompt</summary>\n\n%s\n</details>\n", fence(m.Content, "text"))
			continue
		case "tool":
			fmt.Fprintf(w, "\n### Tool result · %s · %s\n\n%s\n", m.ToolName, when, fence(m.Content, "text"))
			continue
		}
		fmt.Fprintf(w, "\n### %s · %s\n", roleHeading(m.Role), when)
		if m.Reasoning != "" {
			fmt.Fprintf(w, "\n<details><summary>Reasoning</summary>\n\n%s\n</details>\n", strings.TrimRight(m.Reasoning, "\n"))
		}
		if m.Content != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimRight(m.Content, "\n"))
		}
		for _, c := range m.ToolCalls {
			fmt.Fprintf(w, "\n**Tool call** `%s`\n\n%s\n", c.Name, fence(c.Arguments, "json"))
		}
	}
}

func roleHeading(role string) string {
	switch role {
	case "user":
		return "User"
	case "assistant":
		return "Assistant"
	}
	return role
}

// fence puts text in a code block whose fence is longer than any run of
// backticks inside, so no content can close it early.
func fence(text, lang string) string {
	longest, run := 0, 0
	for _, r := range text {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + f
}
