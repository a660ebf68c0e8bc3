// Package agent runs conversations: it sends the history to a model, streams
// the answer, runs the tools the model calls, and commits every message to
// the store before moving on. Front ends drive it through Session.Run and
// watch it through Events, which a Queue delivers to them off the turn's
// goroutine, so a slow front end never holds up a turn.
//
// It owns the loop, events and approvals (asking, never answering: a
// person answers through a front end), the prompt builder, compression,
// retries and failover. It never imports a front end (ui, gateway, the
// CLI), never draws or formats for one, and never touches a file or runs a
// command itself: tools do, behind the guard.
package agent

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/redact"
	"github.com/herm-dev/herm/internal/seal"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// Defaults from SPEC "Agent loop".
const (
	DefaultMaxTurns        = 90
	DefaultToolOutputLimit = 10000
	maxLengthContinuations = 3
)

// Agent holds what every session shares: the model, tools and store.
type Agent struct {
	Provider llm.Provider
	Model    string
	Tools    *tools.Registry
	Store    *store.Store
	// Prompt builds the system prompt of new sessions.
	Prompt PromptBuilder
	// HermHome is passed to tools so they can protect herm's own files.
	HermHome string
	// Approvals is how ask-level commands are treated; block-level ones
	// never run.
	Approvals ApprovalPolicy
	// Key signs the "always" grants a person gives and verifies the
	// stored ones: a grant it did not sign is never honoured. Nil saves
	// no grant (the answer counts for the session) and honours none.
	Key *seal.Key
	// Redact hides the secrets herm holds in every tool result — the
	// output the model reads, the store keeps and front ends show, live
	// output included — before it leaves the tool. Nil hides nothing.
	Redact *redact.Redactor

	// Log receives diagnostics (never conversation content); nil discards.
	Log *slog.Logger

	MaxTurns        int
	ToolOutputLimit int
	MaxTokens       int
	Temperature     *float64
	ReasoningEffort string

	// ContextLength overrides the model catalog's context window for
	// Model (config model.context_length).
	ContextLength int
	// Fallbacks are tried in order when the provider fails with an error
	// retrying cannot fix (SPEC "Errors and retries"). A fallback lasts
	// for the rest of the turn; the next turn starts with Provider again.
	Fallbacks   []Fallback
	Retry       RetryPolicy
	Compression CompressionOptions
	// LoopLimit stops a turn when the model makes the same tool call this
	// many times in a row (0 = DefaultLoopLimit, negative = never).
	LoopLimit int

	// Sleep waits between retries; nil waits on a timer. Tests replace it
	// to observe the waits without spending them.
	Sleep func(ctx context.Context, d time.Duration) error
	// Jitter returns a number in [0, 1) that spreads retry waits; nil uses
	// math/rand.
	Jitter func() float64
}

// NewSessionOptions describe a new conversation.
type NewSessionOptions struct {
	Source string // cli, tui, telegram, cron…
	Cwd    string
	Title  string
}

// NewSession starts a conversation and commits it, with its system prompt,
// to the store.
func (a *Agent) NewSession(ctx context.Context, opts NewSessionOptions) (*Session, error) {
	if opts.Cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("find the working directory: %w", err)
		}
		opts.Cwd = wd
	}
	if opts.Source == "" {
		opts.Source = "cli"
	}
	rec := &store.Session{
		Source:   opts.Source,
		Title:    opts.Title,
		Model:    a.Model,
		Provider: a.Provider.Name(),
		Cwd:      opts.Cwd,
	}
	if err := a.Store.CreateSession(ctx, rec); err != nil {
		return nil, err
	}
	p := a.Prompt
	p.Cwd, p.Model, p.Platform = opts.Cwd, a.Model, opts.Source
	system := &store.Message{SessionID: rec.ID, Role: string(llm.RoleSystem), Content: p.Build().Text(), Complete: true}
	if err := a.Store.AppendMessage(ctx, system); err != nil {
		return nil, err
	}
	return a.session(rec, []store.Message{*system}), nil
}

// OpenSession resumes a stored conversation. A conversation that herm left
// mid-turn (crash, kill) is repaired: every tool call gets an answer, so the
// history is valid to send again.
func (a *Agent) OpenSession(ctx context.Context, id string) (*Session, error) {
	rec, err := a.Store.Session(ctx, id)
	if err != nil {
		return nil, err
	}
	msgs, err := a.Store.Messages(ctx, id)
	if err != nil {
		return nil, err
	}
	s := a.session(rec, msgs)
	if err := s.repair(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// LatestSession resumes the most recently active conversation.
func (a *Agent) LatestSession(ctx context.Context, source string) (*Session, error) {
	rec, err := a.Store.LatestSession(ctx, source)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("there is no earlier session to continue: %w", err)
		}
		return nil, err
	}
	return a.OpenSession(ctx, rec.ID)
}

func (a *Agent) session(rec *store.Session, msgs []store.Message) *Session {
	cwd := rec.Cwd
	if st, err := os.Stat(cwd); cwd == "" || err != nil || !st.IsDir() {
		cwd, _ = os.Getwd()
	}
	env := tools.NewEnv(rec.ID, cwd, a.HermHome)
	// Outside a turn nobody can be asked: ask-level commands are refused.
	env.SetGuards(denyAsk(a, env), nil)
	s := &Session{agent: a, id: rec.ID, Env: env, model: a.Model, effort: a.ReasoningEffort}
	env.SetBeforeWrite(s.beforeWrite) // snapshots for /rewind (snapshot.go)
	for _, m := range msgs {
		if m.Role == string(llm.RoleSystem) && s.system == "" {
			s.system = m.Content
			continue
		}
		if m.FinishReason == store.FinishRetried {
			continue // a failed attempt that was sent again (loop.go, discard)
		}
		s.history = append(s.history, fromStore(m))
	}
	return s
}

// Session is one conversation. Run serialises turns: a second Run waits for
// the first to finish.
type Session struct {
	// Env is what the session's tools share (tools.Env).
	Env   *tools.Env
	agent *Agent

	turn    sync.Mutex // held for the whole of a turn
	mu      sync.Mutex // guards id, history, calib and model
	id      string     // see ID
	system  string
	history []llm.Message
	model   string
	effort  string // reasoning effort of the next turns (effort.go)
	// calib is the provider's last reported prompt size (tokens.go).
	calib calibration

	// Compression's anti-thrash state, guarded by turn.
	ineffective   int  // ineffective compressions in a row
	thrashNoticed bool // the person was told compression stopped

	approvals approvalState
	snap      snapState  // files kept before the agent changed them (snapshot.go)
	steer     steerState // messages sent into the running turn (steer.go)
}

// ID returns the id that names the session in the store. Compression
// moves the conversation to a child session and changes it, during Run or
// Compress only; front ends learn the new id from the Compressed event, or
// read ID again once the call returns. It is safe to call at any time.
func (s *Session) ID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.id
}

// Model returns the model the session's next turn will use.
func (s *Session) Model() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.model
}

// SetModel switches the model for the session's next turns (same provider)
// and records it on the session.
func (s *Session) SetModel(ctx context.Context, model string) error {
	model = strings.TrimSpace(model)
	if model == "" {
		return fmt.Errorf("no model name given")
	}
	if err := s.agent.Store.UpdateSession(ctx, s.ID(), store.SessionUpdate{Model: &model}); err != nil {
		return err
	}
	s.mu.Lock()
	from := s.model
	s.model = model
	s.mu.Unlock()
	if from != model {
		// /usage attributes the messages after this to the new model.
		recordEvent(ctx, s, "model", map[string]any{"from": from, "to": model})
	}
	return nil
}

// History returns a copy of the conversation without the system prompt.
func (s *Session) History() []llm.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]llm.Message(nil), s.history...)
}

// SystemPrompt returns the prompt the session was started with.
func (s *Session) SystemPrompt() string { return s.system }

func (a *Agent) logger() *slog.Logger {
	if a.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return a.Log
}
