package store

import "database/sql"

// The row structs: one per table, in the table's column order, with the
// column names GORM maps them by. The GORM layer reads and writes them
// whole; the raw-SQL layer scans sessionRow too (scanSession), so a table
// has one Go shape. TestModelsMatchSchema checks every row struct against
// the migrated tables.
//
// Times are INTEGER unix nanoseconds (toNanos, fromNanos). GORM must not
// fill CreatedAt or UpdatedAt itself (it would write seconds), hence the
// autoCreateTime:false and autoUpdateTime:false tags.

// sessionRow is a row of sessions.
type sessionRow struct {
	ID               string  `gorm:"column:id;primaryKey"`
	Source           string  `gorm:"column:source"`
	Title            string  `gorm:"column:title"`
	Model            string  `gorm:"column:model"`
	Provider         string  `gorm:"column:provider"`
	ParentID         *string `gorm:"column:parent_session_id"`
	StartedAt        int64   `gorm:"column:started_at"`
	EndedAt          *int64  `gorm:"column:ended_at"`
	EndReason        string  `gorm:"column:end_reason"`
	MessageCount     int     `gorm:"column:message_count"`
	InputTokens      int     `gorm:"column:input_tokens"`
	OutputTokens     int     `gorm:"column:output_tokens"`
	CacheReadTokens  int     `gorm:"column:cache_read_tokens"`
	CacheWriteTokens int     `gorm:"column:cache_write_tokens"`
	ReasoningTokens  int     `gorm:"column:reasoning_tokens"`
	CostUSD          float64 `gorm:"column:cost_usd"`
	Cwd              string  `gorm:"column:cwd"`
	Archived         bool    `gorm:"column:archived"`
	UpdatedAt        int64   `gorm:"column:updated_at;autoUpdateTime:false"` // herm moves it (messages), not GORM
}

func (sessionRow) TableName() string { return "sessions" }

func (r *sessionRow) session() Session {
	s := Session{
		ID: r.ID, Source: r.Source, Title: r.Title, Model: r.Model, Provider: r.Provider,
		StartedAt: fromNanos(r.StartedAt), UpdatedAt: fromNanos(r.UpdatedAt),
		EndReason: r.EndReason, MessageCount: r.MessageCount,
		Usage: Usage{
			InputTokens: r.InputTokens, OutputTokens: r.OutputTokens,
			CacheReadTokens: r.CacheReadTokens, CacheWriteTokens: r.CacheWriteTokens,
			ReasoningTokens: r.ReasoningTokens,
		},
		CostUSD: r.CostUSD, Cwd: r.Cwd, Archived: r.Archived,
	}
	if r.ParentID != nil {
		s.ParentID = *r.ParentID
	}
	if r.EndedAt != nil {
		t := fromNanos(*r.EndedAt)
		s.EndedAt = &t
	}
	return s
}

// sessionColumns are sessionRow's columns in field order, for the raw
// reads of many sessions (lists, lineage, export).
const sessionColumns = `id, source, title, model, provider, parent_session_id, started_at, ended_at,
	end_reason, message_count, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens,
	reasoning_tokens, cost_usd, cwd, archived, updated_at`

// scanSession reads a row of sessionColumns.
func scanSession(rows *sql.Rows) (Session, error) {
	var r sessionRow
	err := rows.Scan(&r.ID, &r.Source, &r.Title, &r.Model, &r.Provider, &r.ParentID, &r.StartedAt, &r.EndedAt,
		&r.EndReason, &r.MessageCount, &r.InputTokens, &r.OutputTokens, &r.CacheReadTokens, &r.CacheWriteTokens,
		&r.ReasoningTokens, &r.CostUSD, &r.Cwd, &r.Archived, &r.UpdatedAt)
	return r.session(), err
}

// grantRow is a row of approval_grants.
type grantRow struct {
	ID        int64  `gorm:"column:id;primaryKey"`
	FindingID string `gorm:"column:finding_id"`
	Command   string `gorm:"column:command"`
	CreatedAt int64  `gorm:"column:created_at;autoCreateTime:false"`
	MAC       string `gorm:"column:mac"`
}

func (grantRow) TableName() string { return "approval_grants" }

// eventRow is a row of session_events.
type eventRow struct {
	ID        int64  `gorm:"column:id;primaryKey"`
	SessionID string `gorm:"column:session_id"`
	Kind      string `gorm:"column:kind"`
	Data      string `gorm:"column:data"`
	CreatedAt int64  `gorm:"column:created_at;autoCreateTime:false"`
}

func (eventRow) TableName() string { return "session_events" }

// jobRow is a row of cron_jobs.
type jobRow struct {
	ID             string `gorm:"column:id;primaryKey"`
	Name           string `gorm:"column:name"`
	Prompt         string `gorm:"column:prompt"`
	Schedule       string `gorm:"column:schedule"`
	Timezone       string `gorm:"column:timezone"`
	Deliver        string `gorm:"column:deliver"`
	OriginPlatform string `gorm:"column:origin_platform"`
	OriginChat     string `gorm:"column:origin_chat"`
	OriginSession  string `gorm:"column:origin_session"`
	TimeoutSeconds int64  `gorm:"column:timeout_seconds"`
	Paused         bool   `gorm:"column:paused"`
	NextRunAt      *int64 `gorm:"column:next_run_at"`
	LastRunAt      *int64 `gorm:"column:last_run_at"`
	LastStatus     string `gorm:"column:last_status"`
	RunCount       int    `gorm:"column:run_count"`
	// LeaseUntil is the claim of the process running the job (ClaimDueJobs).
	LeaseUntil int64 `gorm:"column:lease_until"`
	CreatedAt  int64 `gorm:"column:created_at;autoCreateTime:false"`
	UpdatedAt  int64 `gorm:"column:updated_at;autoUpdateTime:false"`
}

func (jobRow) TableName() string { return "cron_jobs" }

// jobRunRow is a row of cron_runs.
type jobRunRow struct {
	ID          int64  `gorm:"column:id;primaryKey"`
	JobID       string `gorm:"column:job_id"`
	SessionID   string `gorm:"column:session_id"`
	ScheduledAt int64  `gorm:"column:scheduled_at"`
	StartedAt   int64  `gorm:"column:started_at"`
	FinishedAt  *int64 `gorm:"column:finished_at"`
	Status      string `gorm:"column:status"`
	Output      string `gorm:"column:output"`
	OutputPath  string `gorm:"column:output_path"`
	Error       string `gorm:"column:error"`
	Delivered   string `gorm:"column:delivered"`
}

func (jobRunRow) TableName() string { return "cron_runs" }

// routeRow is a row of gateway_routes.
type routeRow struct {
	Key       string `gorm:"column:route_key;primaryKey"`
	SessionID string `gorm:"column:session_id"`
	Platform  string `gorm:"column:platform"`
	ChatID    string `gorm:"column:chat_id"`
	ChatType  string `gorm:"column:chat_type"`
	UserID    string `gorm:"column:user_id"`
	ThreadID  string `gorm:"column:thread_id"`
	UpdatedAt int64  `gorm:"column:updated_at;autoUpdateTime:false"`
}

func (routeRow) TableName() string { return "gateway_routes" }

// inboxRow is a row of gateway_inbox.
type inboxRow struct {
	ID         int64  `gorm:"column:id;primaryKey"`
	Platform   string `gorm:"column:platform"`
	EventID    string `gorm:"column:event_id"`
	RouteKey   string `gorm:"column:route_key"`
	Payload    string `gorm:"column:payload"` // JSON text: the column is TEXT
	State      string `gorm:"column:state"`
	ReceivedAt int64  `gorm:"column:received_at"`
	UpdatedAt  int64  `gorm:"column:updated_at;autoUpdateTime:false"`
}

func (inboxRow) TableName() string { return "gateway_inbox" }

// pairingRequestRow is a row of pairing_requests.
type pairingRequestRow struct {
	ID        string `gorm:"column:id;primaryKey"`
	Platform  string `gorm:"column:platform"`
	UserID    string `gorm:"column:user_id"`
	UserName  string `gorm:"column:user_name"`
	ChatID    string `gorm:"column:chat_id"`
	CodeHash  string `gorm:"column:code_hash"`
	Salt      string `gorm:"column:salt"`
	CreatedAt int64  `gorm:"column:created_at;autoCreateTime:false"`
	ExpiresAt int64  `gorm:"column:expires_at"`
}

func (pairingRequestRow) TableName() string { return "pairing_requests" }

// pairedUserRow is a row of pairing_users.
type pairedUserRow struct {
	Platform   string `gorm:"column:platform;primaryKey"`
	UserID     string `gorm:"column:user_id;primaryKey"`
	UserName   string `gorm:"column:user_name"`
	ApprovedAt int64  `gorm:"column:approved_at"`
}

func (pairedUserRow) TableName() string { return "pairing_users" }

// pairingThrottleRow is a row of pairing_throttle.
type pairingThrottleRow struct {
	Platform      string `gorm:"column:platform;primaryKey"`
	UserID        string `gorm:"column:user_id;primaryKey"`
	LastRequestAt int64  `gorm:"column:last_request_at"`
}

func (pairingThrottleRow) TableName() string { return "pairing_throttle" }

// pairingLockoutRow is a row of pairing_lockout.
type pairingLockoutRow struct {
	Platform    string `gorm:"column:platform;primaryKey"`
	Failures    int    `gorm:"column:failures"`
	LockedUntil int64  `gorm:"column:locked_until"`
}

func (pairingLockoutRow) TableName() string { return "pairing_lockout" }

// snapshotRow is a row of file_snapshots.
type snapshotRow struct {
	ID        int64  `gorm:"column:id;primaryKey"`
	SessionID string `gorm:"column:session_id"`
	MessageID int64  `gorm:"column:message_id"`
	Path      string `gorm:"column:path"`
	Existed   bool   `gorm:"column:existed"`
	Mode      int64  `gorm:"column:mode"`
	Data      []byte `gorm:"column:data"`
	CreatedAt int64  `gorm:"column:created_at;autoCreateTime:false"`
}

func (snapshotRow) TableName() string { return "file_snapshots" }
