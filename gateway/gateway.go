// Package gateway is herm's headless mode: it connects messaging platforms
// (one subpackage per adapter) and the OpenAI-compatible API server to the
// agent, routes each chat to its own session, serves one turn at a time per
// chat and many chats in parallel, keeps unknown users out (allowlists and
// pairing), asks for approvals in the chat, and delivers cron answers.
//
// The flow of a chat message: a Platform's receive loop calls Host.Handle,
// which dedupes, cleans, authorises and rate-limits it, answers slash
// commands and approval replies at once, records the message in the store's
// inbox (so a restart loses nothing) and queues it on its chat's route. A
// worker per busy route runs the turn and sends the answer back, split at
// the platform's limit. Agent events reach a chat through an agent.Queue,
// so a slow platform never holds up the turn.
//
// The gateway owns routing, authorisation and delivery; it never runs a
// model or a tool itself (the agent does), and a platform adapter never
// sees the agent: it only receives and sends messages. The cron scheduler
// (gateway/cron) runs inside the gateway's process.
package gateway

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
)

// Platform is a front end the runner starts and supervises.
type Platform interface {
	// Name is the platform's name in session keys, config and deliveries
	// ("telegram", "api_server").
	Name() string
	// Run connects and feeds inbound messages to host until ctx ends (then
	// it returns nil). A failure to connect or a lost connection returns
	// an error; the runner logs it and calls Run again after a backoff.
	Run(ctx context.Context, host Host) error
}

// Messenger is a chat platform: herm can post into it. Sending works
// whether or not Run is running (replies finish while the gateway drains).
type Messenger interface {
	Platform
	// Send posts m into chatID and returns the new message's id.
	Send(ctx context.Context, chatID string, m OutMessage) (string, error)
	// Edit replaces the text and buttons of a message herm sent.
	Edit(ctx context.Context, chatID, messageID string, m OutMessage) error
	// Typing shows a typing indicator for a few seconds.
	Typing(ctx context.Context, chatID string) error
	// AnswerCallback acknowledges a button press (text may be shown).
	AnswerCallback(ctx context.Context, callbackID, text string) error
	// Download fetches an attachment into dir and returns its path.
	Download(ctx context.Context, a Attachment, dir string) (string, error)
	// TextLimit is the longest message the platform accepts.
	TextLimit() TextLimit
}

// TextLimit is a platform's maximum message length.
type TextLimit struct {
	Max int
	// UTF16 counts UTF-16 code units (Telegram) rather than runes.
	UTF16 bool
}

// Host is what platforms call into: the runner.
type Host interface {
	// Handle takes inbound messages, in the order they came (a platform
	// passes a whole batch of updates at once: it is recorded in one
	// commit). When it returns nil the messages are accepted (durably, if
	// they will be answered) and the platform may acknowledge them; an
	// error means "deliver them again later".
	Handle(ctx context.Context, evs ...*MessageEvent) error
	// Converse runs a turn for a request/response front end (the API
	// server) and returns when it is done.
	Converse(ctx context.Context, req ConverseRequest) (ConverseResult, error)
	// Connected tells the runner a platform is up (for status and
	// readiness).
	Connected(platform string)
	// Logger is the gateway's structured, redacting logger.
	Logger() *slog.Logger
}

// ChatType distinguishes direct messages from group chats.
type ChatType string

const (
	ChatDM      ChatType = "dm"
	ChatGroup   ChatType = "group"
	ChatChannel ChatType = "channel"
)

// Chat is where a message was posted.
type Chat struct {
	ID     string   `json:"id"`
	Type   ChatType `json:"type"`
	Title  string   `json:"title,omitempty"`
	Thread string   `json:"thread,omitempty"`
}

// User is who sent a message.
type User struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Username string `json:"username,omitempty"`
}

// Display is how a user is named in chat messages.
func (u User) Display() string {
	switch {
	case u.Username != "":
		return "@" + u.Username
	case u.Name != "":
		return u.Name
	}
	return u.ID
}

// Attachment is a file that came with a message. The platform fills
// FileID; the runner downloads it (only for authorised users) into Path.
type Attachment struct {
	Kind   string `json:"kind"` // photo, document, audio, voice, video
	FileID string `json:"file_id"`
	Name   string `json:"name,omitempty"`
	MIME   string `json:"mime,omitempty"`
	Size   int64  `json:"size,omitempty"`
	Path   string `json:"path,omitempty"`
}

// Callback is a press of one of herm's buttons.
type Callback struct {
	ID        string `json:"id"`
	Data      string `json:"data"`
	MessageID string `json:"message_id,omitempty"`
}

// MessageEvent is one inbound message (or button press) from a platform.
type MessageEvent struct {
	Platform string `json:"platform"`
	// ID is unique per platform and identifies redeliveries (Telegram's
	// update_id).
	ID          string       `json:"id"`
	Chat        Chat         `json:"chat"`
	User        User         `json:"user"`
	Text        string       `json:"text,omitempty"`
	Attachments []Attachment `json:"attachments,omitempty"`
	MessageID   string       `json:"message_id,omitempty"`
	ReplyTo     string       `json:"reply_to,omitempty"`
	Callback    *Callback    `json:"callback,omitempty"`
	Time        time.Time    `json:"time"`
}

// SessionKey is the chat's key for routing (SPEC "Gateway"): platform, chat
// type and id, plus the user in groups (each member has their own session)
// and the thread.
func (ev *MessageEvent) SessionKey() string {
	k := ev.Platform + ":" + string(ev.Chat.Type) + ":" + ev.Chat.ID
	if ev.Chat.Type != ChatDM {
		k += ":u" + ev.User.ID
	}
	if ev.Chat.Thread != "" {
		k += ":t" + ev.Chat.Thread
	}
	return k
}

// OutMessage is a message herm posts.
type OutMessage struct {
	Text    string
	Buttons [][]Button
	ReplyTo string
	// Thread posts into a forum topic / thread of the chat.
	Thread string
}

// Button is an inline button; Data comes back in a Callback.
type Button struct {
	Text string
	Data string
}

// ConverseRequest is one turn asked for by a request/response front end.
type ConverseRequest struct {
	// Platform names the front end ("api_server").
	Platform string
	// Session is the caller's session name (a header or the OpenAI "user"
	// field); "" starts a new session for this request alone.
	Session string
	Text    string
	Images  []llm.Image
	// Seed is the earlier conversation the client sent; it primes a new
	// session and is ignored when the session already exists.
	Seed []llm.Message
	// Emit receives the turn's events as they happen, in order, on the
	// turn's delivery goroutine (an agent.Queue), never the agent's: it
	// may write to the network, and only later events wait for it. Deltas
	// may arrive merged; every other event arrives once. Every call
	// returns before Converse does. May be nil.
	Emit func(agent.Event)
}

// ConverseResult is how a Converse turn ended.
type ConverseResult struct {
	SessionID string
	Done      agent.TurnDone
	// Reply is set when the request was answered without a turn (an
	// approval answer, a slash command).
	Reply string
}

// ErrShuttingDown refuses new work while the gateway drains.
var ErrShuttingDown = errors.New("herm is shutting down; try again in a moment")
