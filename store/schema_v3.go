package store

// schemaV3 adds what the headless gateway and the scheduler keep:
//
//   - cron_jobs and cron_runs: scheduled prompts and the record of each run.
//     next_run_at is NULL once a one-shot job has run; lease_until is the
//     claim of the process running a job, so two processes sharing the file
//     never run the same occurrence twice.
//   - gateway_routes: which herm session a chat (platform, chat, user in
//     groups, thread) talks to, so a restart continues the conversation.
//   - gateway_inbox: every authorised inbound message, recorded before it is
//     acknowledged to the platform. It dedupes platform message ids and lets
//     a restart pick up messages that were accepted but not yet answered.
//   - pairing_*: pending pairing codes (only a salted hash is kept), paired
//     users, per-user request throttling and per-platform lockout.
const schemaV3 = `
CREATE TABLE cron_jobs (
	id              TEXT PRIMARY KEY,
	name            TEXT NOT NULL DEFAULT '',
	prompt          TEXT NOT NULL,
	schedule        TEXT NOT NULL,
	timezone        TEXT NOT NULL DEFAULT '',
	deliver         TEXT NOT NULL DEFAULT 'local',
	origin_platform TEXT NOT NULL DEFAULT '',
	origin_chat     TEXT NOT NULL DEFAULT '',
	origin_session  TEXT NOT NULL DEFAULT '',
	timeout_seconds INTEGER NOT NULL DEFAULT 0,
	paused          INTEGER NOT NULL DEFAULT 0,
	next_run_at     INTEGER,
	last_run_at     INTEGER,
	last_status     TEXT NOT NULL DEFAULT '',
	run_count       INTEGER NOT NULL DEFAULT 0,
	lease_until     INTEGER NOT NULL DEFAULT 0,
	created_at      INTEGER NOT NULL,
	updated_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX cron_jobs_due ON cron_jobs (next_run_at) WHERE paused = 0 AND next_run_at IS NOT NULL;

CREATE TABLE cron_runs (
	id           INTEGER PRIMARY KEY,
	job_id       TEXT NOT NULL REFERENCES cron_jobs (id) ON DELETE CASCADE,
	session_id   TEXT NOT NULL DEFAULT '',
	scheduled_at INTEGER NOT NULL,
	started_at   INTEGER NOT NULL,
	finished_at  INTEGER,
	status       TEXT NOT NULL,
	output       TEXT NOT NULL DEFAULT '',
	output_path  TEXT NOT NULL DEFAULT '',
	error        TEXT NOT NULL DEFAULT '',
	delivered    TEXT NOT NULL DEFAULT ''
) STRICT;

CREATE INDEX cron_runs_job ON cron_runs (job_id, id);

CREATE TABLE gateway_routes (
	route_key  TEXT PRIMARY KEY,
	session_id TEXT NOT NULL,
	platform   TEXT NOT NULL,
	chat_id    TEXT NOT NULL,
	chat_type  TEXT NOT NULL DEFAULT '',
	user_id    TEXT NOT NULL DEFAULT '',
	thread_id  TEXT NOT NULL DEFAULT '',
	updated_at INTEGER NOT NULL
) STRICT;

CREATE INDEX gateway_routes_session ON gateway_routes (session_id);
CREATE INDEX gateway_routes_chat ON gateway_routes (platform, chat_id);

CREATE TABLE gateway_inbox (
	id          INTEGER PRIMARY KEY,
	platform    TEXT NOT NULL,
	event_id    TEXT NOT NULL,
	route_key   TEXT NOT NULL,
	payload     TEXT NOT NULL, -- the message as JSON, to replay it
	state       TEXT NOT NULL, -- pending | running | done
	received_at INTEGER NOT NULL,
	updated_at  INTEGER NOT NULL,
	UNIQUE (platform, event_id)
) STRICT;

CREATE INDEX gateway_inbox_open ON gateway_inbox (state, id) WHERE state <> 'done';
CREATE INDEX gateway_inbox_updated ON gateway_inbox (updated_at);

CREATE TABLE pairing_requests (
	id         TEXT PRIMARY KEY,
	platform   TEXT NOT NULL,
	user_id    TEXT NOT NULL,
	user_name  TEXT NOT NULL DEFAULT '',
	chat_id    TEXT NOT NULL DEFAULT '',
	code_hash  TEXT NOT NULL,
	salt       TEXT NOT NULL,
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX pairing_requests_platform ON pairing_requests (platform, expires_at);

CREATE TABLE pairing_users (
	platform    TEXT NOT NULL,
	user_id     TEXT NOT NULL,
	user_name   TEXT NOT NULL DEFAULT '',
	approved_at INTEGER NOT NULL,
	PRIMARY KEY (platform, user_id)
) STRICT;

CREATE TABLE pairing_throttle (
	platform        TEXT NOT NULL,
	user_id         TEXT NOT NULL,
	last_request_at INTEGER NOT NULL,
	PRIMARY KEY (platform, user_id)
) STRICT;

CREATE TABLE pairing_lockout (
	platform     TEXT PRIMARY KEY,
	failures     INTEGER NOT NULL DEFAULT 0,
	locked_until INTEGER NOT NULL DEFAULT 0
) STRICT;
`
