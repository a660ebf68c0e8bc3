package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Session is one conversation.
type Session struct {
	// ID is sortable and readable: UTC start time plus random hex, e.g.
	// 20261201_153012_a1b2c3. See NewSessionID.
	ID string
	// Source is the front end that started it: "cli", "telegram", "cron"…
	Source   string
	Title    string
	Model    string
	Provider string
	// ParentID names the session this one continues (after compression),
	// or is empty.
	ParentID  string
	StartedAt time.Time
	// UpdatedAt moves forward with every message appended.
	UpdatedAt time.Time
	// EndedAt is nil while the session is open.
	EndedAt      *time.Time
	EndReason    string
	MessageCount int
	Usage        Usage
	CostUSD      float64
	Cwd          string
	Archived     bool
}

// Usage counts tokens.
type Usage struct {
	InputTokens, OutputTokens, CacheReadTokens, CacheWriteTokens, ReasoningTokens int
}

func (u *Usage) add(o Usage) {
	u.InputTokens += o.InputTokens
	u.OutputTokens += o.OutputTokens
	u.CacheReadTokens += o.CacheReadTokens
	u.CacheWriteTokens += o.CacheWriteTokens
	u.ReasoningTokens += o.ReasoningTokens
}

// SessionUpdate names the fields UpdateSession changes: a nil pointer leaves
// the field as it is.
type SessionUpdate struct {
	Title, Model, Provider, Cwd, EndReason *string
	// EndedAt sets the end time; see ClearEnded to reopen a session.
	EndedAt *time.Time
	// ClearEnded sets ended_at back to NULL (and wins over EndedAt).
	ClearEnded bool
	Archived   *bool
}

// ListOptions selects sessions for ListSessions.
type ListOptions struct {
	// Limit defaults to 50 when zero or negative.
	Limit, Offset int
	// Source keeps only sessions from that front end; "" keeps all.
	Source          string
	IncludeArchived bool
}

func toNanos(t time.Time) int64   { return t.UnixNano() }
func fromNanos(n int64) time.Time { return time.Unix(0, n).UTC() }
func nowUTC() time.Time           { return time.Now().UTC() }
func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// NewSessionID returns a new session id: the UTC time to the second and six
// random hex digits, e.g. 20261201_153012_a1b2c3. Ids sort by start time.
func NewSessionID() string {
	return newSessionID(nowUTC())
}

func newSessionID(t time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return t.UTC().Format("20060102_150405") + "_" + hex.EncodeToString(b[:])
}

// CreateSession inserts s. An empty ID is filled with NewSessionID, a zero
// StartedAt with now, and UpdatedAt with StartedAt.
func (s *Store) CreateSession(ctx context.Context, sess *Session) error {
	if sess.StartedAt.IsZero() {
		sess.StartedAt = nowUTC()
	}
	if sess.UpdatedAt.IsZero() {
		sess.UpdatedAt = sess.StartedAt
	}
	generated := sess.ID == ""
	// A generated id collides only if two sessions start in the same second
	// and draw the same 24 random bits; try again rather than fail.
	for attempt := 0; ; attempt++ {
		if generated {
			sess.ID = s.newID(nowUTC())
		}
		row := sessionRow{
			ID: sess.ID, Source: sess.Source, Title: sess.Title, Model: sess.Model,
			Provider: sess.Provider, ParentID: nullString(sess.ParentID),
			StartedAt: toNanos(sess.StartedAt), EndReason: sess.EndReason,
			InputTokens: sess.Usage.InputTokens, OutputTokens: sess.Usage.OutputTokens,
			CacheReadTokens: sess.Usage.CacheReadTokens, CacheWriteTokens: sess.Usage.CacheWriteTokens,
			ReasoningTokens: sess.Usage.ReasoningTokens, CostUSD: sess.CostUSD,
			Cwd: sess.Cwd, Archived: sess.Archived, UpdatedAt: toNanos(sess.UpdatedAt),
		}
		if sess.EndedAt != nil {
			n := toNanos(*sess.EndedAt)
			row.EndedAt = &n
		}
		err := s.orm(ctx, s.w).Create(&row).Error
		if err == nil {
			sess.MessageCount = 0
			return nil
		}
		if generated && attempt < 3 && isUniqueViolation(err) {
			continue
		}
		return opError(err, "create session %s", sess.ID)
	}
}

// Session returns the session with that id; a missing one is ErrNotFound.
func (s *Store) Session(ctx context.Context, id string) (*Session, error) {
	var row sessionRow
	err := s.orm(ctx, s.r).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, opError(ErrNotFound, "session %s", id)
	}
	if err != nil {
		return nil, opError(err, "read session %s", id)
	}
	sess := row.session()
	return &sess, nil
}

// LatestSession returns the most recently updated session that is not
// archived, from source ("" = any). With none it returns ErrNotFound.
func (s *Store) LatestSession(ctx context.Context, source string) (*Session, error) {
	list, err := s.ListSessions(ctx, ListOptions{Limit: 1, Source: source})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		what := "any source"
		if source != "" {
			what = "source " + source
		}
		return nil, opError(ErrNotFound, "latest session from %s", what)
	}
	return &list[0], nil
}

// ListSessions returns sessions newest first (by last update).
func (s *Store) ListSessions(ctx context.Context, opts ListOptions) ([]Session, error) {
	if opts.Limit <= 0 {
		opts.Limit = 50
	}
	var (
		conds []string
		args  []any
	)
	if opts.Source != "" {
		conds, args = append(conds, "source = ?"), append(args, opts.Source)
	}
	if !opts.IncludeArchived {
		conds = append(conds, "archived = 0")
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	out, err := allRows(ctx, s.r, `SELECT `+sessionColumns+` FROM sessions`+where+
		` ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`, append(args, opts.Limit, max(opts.Offset, 0)), scanSession)
	if err != nil {
		return nil, opError(err, "list sessions")
	}
	return out, nil
}

// UpdateSession changes the fields set in u. A missing session is
// ErrNotFound.
func (s *Store) UpdateSession(ctx context.Context, id string, u SessionUpdate) error {
	set := map[string]any{}
	for col, v := range map[string]*string{
		"title": u.Title, "model": u.Model, "provider": u.Provider,
		"cwd": u.Cwd, "end_reason": u.EndReason,
	} {
		if v != nil {
			set[col] = *v
		}
	}
	switch {
	case u.ClearEnded:
		set["ended_at"] = nil
	case u.EndedAt != nil:
		set["ended_at"] = toNanos(*u.EndedAt)
	}
	if u.Archived != nil {
		set["archived"] = *u.Archived
	}
	if len(set) == 0 {
		// Nothing to change, but a missing session is still an error.
		_, err := s.Session(ctx, id)
		return err
	}
	return s.updateSession(ctx, id, "update session", func(db *gorm.DB) *gorm.DB {
		return db.Updates(set)
	})
}

// AddUsage adds u and costUSD to the session's counters.
func (s *Store) AddUsage(ctx context.Context, id string, u Usage, costUSD float64) error {
	return s.updateSession(ctx, id, "add usage to session", func(db *gorm.DB) *gorm.DB {
		return db.Updates(map[string]any{
			"input_tokens":       gorm.Expr("input_tokens + ?", u.InputTokens),
			"output_tokens":      gorm.Expr("output_tokens + ?", u.OutputTokens),
			"cache_read_tokens":  gorm.Expr("cache_read_tokens + ?", u.CacheReadTokens),
			"cache_write_tokens": gorm.Expr("cache_write_tokens + ?", u.CacheWriteTokens),
			"reasoning_tokens":   gorm.Expr("reasoning_tokens + ?", u.ReasoningTokens),
			"cost_usd":           gorm.Expr("cost_usd + ?", costUSD),
		})
	})
}

func (s *Store) updateSession(ctx context.Context, id, what string, apply func(*gorm.DB) *gorm.DB) error {
	res := apply(s.orm(ctx, s.w).Model(&sessionRow{}).Where("id = ?", id))
	if res.Error != nil {
		return opError(res.Error, "%s %s", what, id)
	}
	if res.RowsAffected == 0 {
		return opError(ErrNotFound, "%s %s", what, id)
	}
	return nil
}
