package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The JSONL conversation formats: herm exports OpenAI chat messages, one
// conversation per line, optionally with the session's record; it imports
// that and ShareGPT. These are the wire shapes.

// jsonlLine is one conversation. Session is herm's own record (absent in
// plain exports and in files from elsewhere); Conversations is ShareGPT.
type jsonlLine struct {
	Session       *jsonlSession    `json:"session,omitempty"`
	Messages      []jsonlMessage   `json:"messages"`
	Conversations []shareGPTTurn   `json:"conversations,omitempty"`
	System        *json.RawMessage `json:"system,omitempty"` // some ShareGPT files keep it apart
}

type jsonlSession struct {
	ID        string      `json:"id"`
	Title     string      `json:"title,omitempty"`
	Source    string      `json:"source,omitempty"`
	Model     string      `json:"model,omitempty"`
	Provider  string      `json:"provider,omitempty"`
	ParentID  string      `json:"parent_session_id,omitempty"`
	StartedAt string      `json:"started_at,omitempty"`
	UpdatedAt string      `json:"updated_at,omitempty"`
	EndedAt   string      `json:"ended_at,omitempty"`
	EndReason string      `json:"end_reason,omitempty"`
	Cwd       string      `json:"cwd,omitempty"`
	Archived  bool        `json:"archived,omitempty"`
	Usage     *jsonlUsage `json:"usage,omitempty"`
	CostUSD   float64     `json:"cost_usd,omitempty"`
}

type jsonlUsage struct {
	InputTokens      int `json:"input_tokens,omitempty"`
	OutputTokens     int `json:"output_tokens,omitempty"`
	CacheReadTokens  int `json:"cache_read_tokens,omitempty"`
	CacheWriteTokens int `json:"cache_write_tokens,omitempty"`
	ReasoningTokens  int `json:"reasoning_tokens,omitempty"`
}

// jsonlMessage is an OpenAI chat message. On import Content may be a
// string, null or an array of parts; herm writes a string. Reasoning,
// FinishReason and CreatedAt are herm's additions (omitted in plain
// exports); reasoning_content is what DeepSeek-style files call reasoning.
type jsonlMessage struct {
	Role               string          `json:"role"`
	Content            json.RawMessage `json:"content"`
	Name               string          `json:"name,omitempty"`
	ToolCalls          []jsonlToolCall `json:"tool_calls,omitempty"`
	ToolCallID         string          `json:"tool_call_id,omitempty"`
	FunctionCall       *jsonlFunction  `json:"function_call,omitempty"`
	Reasoning          string          `json:"reasoning,omitempty"`
	ReasoningContent   string          `json:"reasoning_content,omitempty"`
	ReasoningSignature string          `json:"reasoning_signature,omitempty"`
	FinishReason       string          `json:"finish_reason,omitempty"`
	CreatedAt          string          `json:"created_at,omitempty"`
}

type jsonlToolCall struct {
	ID       string        `json:"id"`
	Type     string        `json:"type"`
	Function jsonlFunction `json:"function"`
}

// jsonlFunction's Arguments is JSON text; files that give an object are
// accepted too.
type jsonlFunction struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type shareGPTTurn struct {
	From  string          `json:"from"`
	Value json.RawMessage `json:"value"`
}

// Conversation is a session and its messages, as import and export see
// them.
type Conversation struct {
	Session  Session
	Messages []Message
}

// parseLine reads one JSONL line into a conversation. hasSession reports
// that the line carried herm's session record (its id is to be kept).
func parseLine(line []byte) (conv Conversation, hasSession bool, err error) {
	var l jsonlLine
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&l); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return conv, false, fmt.Errorf("%q must be %s, not %s", typeErr.Field, jsonKind(typeErr.Type.Kind().String()), typeErr.Value)
		}
		return conv, false, fmt.Errorf("not valid JSON: %v", err)
	}
	if dec.More() {
		return conv, false, errors.New("more than one JSON value on the line")
	}
	switch {
	case len(l.Messages) > 0 && len(l.Conversations) > 0:
		return conv, false, errors.New(`has both "messages" and "conversations"; use one`)
	case len(l.Messages) > 0:
		conv.Messages, err = fromOpenAI(l.Messages)
	case len(l.Conversations) > 0:
		conv.Messages, err = fromShareGPT(l.Conversations, l.System)
	default:
		return conv, false, errors.New(`no "messages" (OpenAI) or "conversations" (ShareGPT) list, or it is empty`)
	}
	if err != nil {
		return conv, false, err
	}
	if l.Session != nil {
		if conv.Session, err = l.Session.session(); err != nil {
			return conv, false, err
		}
		hasSession = conv.Session.ID != ""
	}
	return conv, hasSession, nil
}

func jsonKind(k string) string {
	switch k {
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return "a " + k
}

func (j *jsonlSession) session() (Session, error) {
	s := Session{
		ID: j.ID, Title: j.Title, Source: j.Source, Model: j.Model, Provider: j.Provider,
		ParentID: j.ParentID, EndReason: j.EndReason, Cwd: j.Cwd, Archived: j.Archived, CostUSD: j.CostUSD,
	}
	if j.ID != "" && !validSessionID(j.ID) {
		return s, fmt.Errorf("session id %q has characters other than letters, digits, _ and -", j.ID)
	}
	var err error
	if s.StartedAt, err = parseTime("session.started_at", j.StartedAt); err != nil {
		return s, err
	}
	if s.UpdatedAt, err = parseTime("session.updated_at", j.UpdatedAt); err != nil {
		return s, err
	}
	if j.EndedAt != "" {
		t, err := parseTime("session.ended_at", j.EndedAt)
		if err != nil {
			return s, err
		}
		s.EndedAt = &t
	}
	if u := j.Usage; u != nil {
		s.Usage = Usage{u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens}
	}
	return s, nil
}

// validSessionID keeps imported ids to what herm itself makes (and what is
// safe in file names and command lines).
func validSessionID(id string) bool {
	if len(id) > 128 {
		return false
	}
	for _, r := range id {
		if !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func parseTime(field, s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return t, fmt.Errorf("%s %q is not an RFC 3339 time", field, s)
	}
	return t.UTC(), nil
}

// toolLinker gives tool results their call: a result names its call id, or
// answers the oldest call still unanswered.
type toolLinker struct {
	pending []ToolCall
	nextID  int
}

func (l *toolLinker) called(calls []ToolCall) []ToolCall {
	for i := range calls {
		if calls[i].ID == "" {
			l.nextID++
			calls[i].ID = "call_" + strconv.Itoa(l.nextID)
		}
	}
	l.pending = append(l.pending, calls...)
	return calls
}

// answer links a tool result, returning the call it answers.
func (l *toolLinker) answer(id string) (ToolCall, error) {
	if len(l.pending) == 0 {
		if id != "" {
			return ToolCall{}, fmt.Errorf("tool_call_id %q answers no earlier tool call", id)
		}
		return ToolCall{}, errors.New("a tool result answers no earlier tool call")
	}
	i := 0
	if id != "" {
		i = -1
		for j, c := range l.pending {
			if c.ID == id {
				i = j
				break
			}
		}
		if i < 0 {
			return ToolCall{}, fmt.Errorf("tool_call_id %q answers no earlier tool call", id)
		}
	}
	c := l.pending[i]
	l.pending = append(l.pending[:i], l.pending[i+1:]...)
	return c, nil
}

func fromOpenAI(in []jsonlMessage) ([]Message, error) {
	out := make([]Message, 0, len(in))
	var link toolLinker
	for i, jm := range in {
		n := i + 1
		content, err := contentText(jm.Content)
		if err != nil {
			return nil, fmt.Errorf("message %d: %v", n, err)
		}
		m := Message{Content: content, Reasoning: jm.Reasoning, ReasoningSignature: jm.ReasoningSignature, FinishReason: jm.FinishReason, Complete: true}
		if m.Reasoning == "" {
			m.Reasoning = jm.ReasoningContent
		}
		if m.CreatedAt, err = parseTime(fmt.Sprintf("message %d created_at", n), jm.CreatedAt); err != nil {
			return nil, err
		}
		switch role := strings.ToLower(jm.Role); role {
		case "system", "developer":
			m.Role = "system"
		case "user":
			m.Role = "user"
		case "assistant":
			m.Role = "assistant"
			var calls []ToolCall
			for _, tc := range jm.ToolCalls {
				calls = append(calls, ToolCall{ID: tc.ID, Name: tc.Function.Name, Arguments: argumentsText(tc.Function.Arguments)})
			}
			if fc := jm.FunctionCall; fc != nil {
				calls = append(calls, ToolCall{Name: fc.Name, Arguments: argumentsText(fc.Arguments)})
			}
			for _, c := range calls {
				if c.Name == "" {
					return nil, fmt.Errorf("message %d: a tool call has no function name", n)
				}
			}
			m.ToolCalls = link.called(calls)
		case "tool", "function":
			m.Role = "tool"
			c, err := link.answer(jm.ToolCallID)
			if err != nil {
				return nil, fmt.Errorf("message %d: %v", n, err)
			}
			m.ToolCallID, m.ToolName = c.ID, c.Name
			if jm.Name != "" {
				m.ToolName = jm.Name
			}
		case "":
			return nil, fmt.Errorf("message %d has no role", n)
		default:
			return nil, fmt.Errorf("message %d has role %q; use system, user, assistant or tool", n, jm.Role)
		}
		out = append(out, m)
	}
	return out, nil
}

// contentText reads an OpenAI content value: a string, null, or a list of
// parts whose text parts are joined (other parts become a placeholder).
func contentText(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case '[':
		var parts []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(raw, &parts); err != nil {
			return "", errors.New("content must be a string or a list of parts")
		}
		var texts []string
		for _, p := range parts {
			switch {
			case p.Type == "text" || p.Type == "input_text" || p.Type == "output_text" || (p.Type == "" && p.Text != ""):
				texts = append(texts, p.Text)
			default:
				texts = append(texts, "["+p.Type+"]")
			}
		}
		return strings.Join(texts, "\n"), nil
	}
	return "", errors.New("content must be a string or a list of parts")
}

// argumentsText is a tool call's arguments as JSON text: a JSON string is
// the text itself; an object (some files) is kept as written.
func argumentsText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "{}"
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

// fromShareGPT reads ShareGPT turns. Function calls come as "function_call"
// turns ({"name","arguments"}) answered by "observation" turns, or, as in
// Hermes trajectories, as <tool_call> blocks inside "gpt" turns answered by
// <tool_response> blocks in "tool" turns.
func fromShareGPT(turns []shareGPTTurn, system *json.RawMessage) ([]Message, error) {
	var out []Message
	if system != nil {
		var s string
		if err := json.Unmarshal(*system, &s); err != nil {
			return nil, errors.New(`"system" must be a string`)
		}
		if s != "" {
			out = append(out, Message{Role: "system", Content: s, Complete: true})
		}
	}
	var link toolLinker
	for i, t := range turns {
		n := i + 1
		value, err := shareGPTValue(t.Value)
		if err != nil {
			return nil, fmt.Errorf("turn %d: %v", n, err)
		}
		switch strings.ToLower(t.From) {
		case "system":
			out = append(out, Message{Role: "system", Content: value, Complete: true})
		case "human", "user":
			out = append(out, Message{Role: "user", Content: value, Complete: true})
		case "gpt", "assistant", "chatgpt", "model", "bing", "bard":
			m := Message{Role: "assistant", Complete: true}
			m.Reasoning, value = cutTag(value, "think")
			var blocks []string
			m.Content, blocks = cutBlocks(value, "tool_call")
			var calls []ToolCall
			for _, b := range blocks {
				c, err := parseFunctionJSON(b)
				if err != nil {
					return nil, fmt.Errorf("turn %d: <tool_call> %v", n, err)
				}
				calls = append(calls, c...)
			}
			m.ToolCalls = link.called(calls)
			out = append(out, m)
		case "function_call":
			calls, err := parseFunctionJSON(value)
			if err != nil {
				return nil, fmt.Errorf("turn %d: function_call %v", n, err)
			}
			out = append(out, Message{Role: "assistant", ToolCalls: link.called(calls), Complete: true})
		case "tool", "observation", "function_response", "function":
			_, blocks := cutBlocks(value, "tool_response")
			if len(blocks) == 0 {
				blocks = []string{value}
			}
			for _, b := range blocks {
				id, name, content := toolResponse(b)
				c, err := link.answer(id)
				if err != nil {
					return nil, fmt.Errorf("turn %d: %v", n, err)
				}
				if name == "" {
					name = c.Name
				}
				out = append(out, Message{Role: "tool", ToolCallID: c.ID, ToolName: name, Content: content, Complete: true})
			}
		case "":
			return nil, fmt.Errorf(`turn %d has no "from"`, n)
		default:
			return nil, fmt.Errorf(`turn %d is from %q; use system, human, gpt, function_call or observation`, n, t.From)
		}
	}
	return out, nil
}

// shareGPTValue reads a turn's value: text, or JSON kept as text.
func shareGPTValue(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	}
	return string(raw), nil
}

// cutTag removes a leading <tag>…</tag> from s and returns its inside.
func cutTag(s, tag string) (inside, rest string) {
	trimmed := strings.TrimLeft(s, " \t\r\n")
	open, closeTag := "<"+tag+">", "</"+tag+">"
	if !strings.HasPrefix(trimmed, open) {
		return "", s
	}
	in, after, ok := strings.Cut(trimmed[len(open):], closeTag)
	if !ok {
		return "", s
	}
	return strings.TrimSpace(in), strings.TrimLeft(after, " \t\r\n")
}

// cutBlocks removes every <tag>…</tag> block from s, returning the rest
// (trimmed) and the blocks' insides.
func cutBlocks(s, tag string) (rest string, blocks []string) {
	open, closeTag := "<"+tag+">", "</"+tag+">"
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			break
		}
		j := strings.Index(s[i+len(open):], closeTag)
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		blocks = append(blocks, strings.TrimSpace(s[i+len(open):i+len(open)+j]))
		s = s[i+len(open)+j+len(closeTag):]
	}
	if blocks == nil {
		return s, nil
	}
	b.WriteString(s)
	return strings.TrimSpace(b.String()), blocks
}

// parseFunctionJSON reads {"name", "arguments"} (or a list of them).
func parseFunctionJSON(s string) ([]ToolCall, error) {
	type fn struct {
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	var list []fn
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") {
		if err := json.Unmarshal([]byte(s), &list); err != nil {
			return nil, fmt.Errorf(`is not a JSON list of {"name", "arguments"}`)
		}
	} else {
		var one fn
		if err := json.Unmarshal([]byte(s), &one); err != nil {
			return nil, fmt.Errorf(`is not JSON {"name", "arguments"}`)
		}
		list = []fn{one}
	}
	calls := make([]ToolCall, 0, len(list))
	for _, f := range list {
		if f.Name == "" {
			return nil, errors.New(`has no "name"`)
		}
		calls = append(calls, ToolCall{ID: f.ID, Name: f.Name, Arguments: argumentsText(f.Arguments)})
	}
	return calls, nil
}

// toolResponse reads a <tool_response> block: JSON with the call id, name
// and content when it is, plain text otherwise.
func toolResponse(s string) (id, name, content string) {
	var r struct {
		ID      string          `json:"tool_call_id"`
		Name    string          `json:"name"`
		Content json.RawMessage `json:"content"`
	}
	if strings.HasPrefix(s, "{") && json.Unmarshal([]byte(s), &r) == nil && len(r.Content) > 0 {
		text, err := shareGPTValue(r.Content)
		if err == nil {
			return r.ID, r.Name, text
		}
	}
	return "", "", s
}
