package cli

import (
	"time"

	"github.com/herm-dev/herm/store"
)

// The JSON shapes of `herm sessions … --json`: snake_case, times in RFC
// 3339, empty optional fields left out.

type sessionJSON struct {
	ID           string     `json:"id"`
	Title        string     `json:"title"`
	Source       string     `json:"source"`
	Model        string     `json:"model,omitempty"`
	Provider     string     `json:"provider,omitempty"`
	ParentID     string     `json:"parent_session_id,omitempty"`
	StartedAt    time.Time  `json:"started_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
	EndedAt      *time.Time `json:"ended_at,omitempty"`
	EndReason    string     `json:"end_reason,omitempty"`
	MessageCount int        `json:"message_count"`
	Archived     bool       `json:"archived"`
	Cwd          string     `json:"cwd,omitempty"`
	Tokens       tokensJSON `json:"tokens"`
	CostUSD      float64    `json:"cost_usd"`
	Preview      string     `json:"preview,omitempty"`
}

type tokensJSON struct {
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cache_read"`
	CacheWrite int `json:"cache_write"`
	Reasoning  int `json:"reasoning"`
}

func toTokensJSON(u store.Usage) tokensJSON {
	return tokensJSON{u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens, u.ReasoningTokens}
}

func toSessionJSON(s *store.Session) sessionJSON {
	return sessionJSON{
		ID: s.ID, Title: s.Title, Source: s.Source, Model: s.Model, Provider: s.Provider, ParentID: s.ParentID,
		StartedAt: s.StartedAt, UpdatedAt: s.UpdatedAt, EndedAt: s.EndedAt, EndReason: s.EndReason,
		MessageCount: s.MessageCount, Archived: s.Archived, Cwd: s.Cwd,
		Tokens: toTokensJSON(s.Usage), CostUSD: s.CostUSD,
	}
}

type messageJSON struct {
	ID           int64            `json:"id"`
	Role         string           `json:"role"`
	Content      string           `json:"content"`
	Reasoning    string           `json:"reasoning,omitempty"`
	ToolCalls    []store.ToolCall `json:"tool_calls,omitempty"`
	ToolCallID   string           `json:"tool_call_id,omitempty"`
	ToolName     string           `json:"tool_name,omitempty"`
	FinishReason string           `json:"finish_reason,omitempty"`
	Complete     bool             `json:"complete"`
	CreatedAt    time.Time        `json:"created_at"`
}

func toMessageJSON(m store.Message) messageJSON {
	return messageJSON{
		ID: m.ID, Role: m.Role, Content: m.Content, Reasoning: m.Reasoning, ToolCalls: m.ToolCalls,
		ToolCallID: m.ToolCallID, ToolName: m.ToolName, FinishReason: m.FinishReason,
		Complete: m.Complete, CreatedAt: m.CreatedAt,
	}
}

type hitJSON struct {
	MessageID int64     `json:"message_id"`
	SessionID string    `json:"session_id"`
	Role      string    `json:"role"`
	Snippet   string    `json:"snippet"`
	Rank      float64   `json:"rank"`
	CreatedAt time.Time `json:"created_at"`
}

type groupJSON struct {
	Root     sessionJSON   `json:"root"`
	Sessions []sessionJSON `json:"sessions"`
	Matches  int           `json:"matches"`
	Hits     []hitJSON     `json:"hits"`
}

type searchJSON struct {
	Query  string      `json:"query"`
	Groups []groupJSON `json:"groups"`
}

func toSearchJSON(query string, groups []store.SessionGroup) searchJSON {
	out := searchJSON{Query: query, Groups: []groupJSON{}}
	for _, g := range groups {
		gj := groupJSON{Root: toSessionJSON(&g.Root), Matches: g.Matches}
		for i := range g.Sessions {
			gj.Sessions = append(gj.Sessions, toSessionJSON(&g.Sessions[i]))
		}
		for _, h := range g.Hits {
			gj.Hits = append(gj.Hits, hitJSON{h.MessageID, h.SessionID, h.Role, h.Snippet, h.Rank, h.CreatedAt})
		}
		out.Groups = append(out.Groups, gj)
	}
	return out
}

type countJSON struct {
	Name     string `json:"name"`
	Sessions int    `json:"sessions"`
	Messages int    `json:"messages"`
}

type statsJSON struct {
	Path          string      `json:"path"`
	SchemaVersion int         `json:"schema_version"`
	Sessions      int         `json:"sessions"`
	Messages      int         `json:"messages"`
	Archived      int         `json:"archived"`
	Hidden        int         `json:"hidden"`
	FileBytes     int64       `json:"file_bytes"`
	WALBytes      int64       `json:"wal_bytes"`
	FreeBytes     int64       `json:"free_bytes"`
	Oldest        *time.Time  `json:"oldest,omitempty"`
	Newest        *time.Time  `json:"newest,omitempty"`
	Tokens        tokensJSON  `json:"tokens"`
	CostUSD       float64     `json:"cost_usd"`
	BySource      []countJSON `json:"by_source"`
	ByModel       []countJSON `json:"by_model"`
}

func toStatsJSON(path string, s *store.Stats) statsJSON {
	out := statsJSON{
		Path: path, SchemaVersion: s.SchemaVersion, Sessions: s.Sessions, Messages: s.Messages,
		Archived: s.Archived, Hidden: s.Hidden, FileBytes: s.FileBytes, WALBytes: s.WALBytes, FreeBytes: s.FreeBytes,
		Tokens: toTokensJSON(s.Usage), CostUSD: s.CostUSD, BySource: []countJSON{}, ByModel: []countJSON{},
	}
	if !s.Oldest.IsZero() {
		out.Oldest, out.Newest = &s.Oldest, &s.Newest
	}
	for _, c := range s.BySource {
		out.BySource = append(out.BySource, countJSON(c))
	}
	for _, c := range s.ByModel {
		out.ByModel = append(out.ByModel, countJSON(c))
	}
	return out
}
