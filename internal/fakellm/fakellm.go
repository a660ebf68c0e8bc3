// Package fakellm holds the protocol-neutral scripting shared by herm's fake
// LLM servers (internal/fakeopenai, internal/fakeanthropic). A test queues
// Replies — text, reasoning, tool calls, or faults — and each server renders
// them in its real wire protocol, with the quirks real servers show. Every
// request is recorded in a neutral form so tests can assert on what herm sent.
package fakellm

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// Reply is one scripted model response.
type Reply struct {
	Text      string
	Reasoning string
	ToolCalls []ToolCall
	// Finish overrides the finish reason ("stop", "length", "tool_calls",
	// "content_filter"); empty means tool_calls when there are calls, else stop.
	Finish string
	// Usage overrides the reported usage; nil reports a rough count.
	Usage *Usage

	// Status, when non-zero, answers with that HTTP status and an error body
	// in the protocol's format instead of a completion (429, 500, 401…).
	Status     int
	RetryAfter string // Retry-After header sent with Status
	ErrorBody  string // raw error body; empty uses the protocol's usual shape
	// CutAfter > 0 drops the connection after that many stream events,
	// without the protocol's end marker.
	CutAfter int
	// MalformedAfter > 0 sends an invalid JSON event after that many events
	// and then ends the stream.
	MalformedAfter int
	// Delay waits before answering; EventDelay waits between stream events.
	// Both respect the client going away.
	Delay      time.Duration
	EventDelay time.Duration
	// ChunkSize splits text, reasoning and tool arguments into pieces of at
	// most this many bytes (default 4), so JSON arrives split mid-token.
	ChunkSize int
	// Raw, when set, is sent verbatim as the stream's data payloads (one SSE
	// event each) for protocol-level quirk tests.
	Raw []string
}

// ToolCall is a scripted tool call. An empty ID gets a generated one.
type ToolCall struct {
	ID        string
	Name      string
	Arguments string
}

// Usage is the token count a reply reports.
type Usage struct {
	InputTokens  int
	OutputTokens int
}

// Call builds a ToolCall whose arguments are args marshalled as JSON.
func Call(name string, args any) ToolCall {
	b, err := json.Marshal(args)
	if err != nil {
		panic(err)
	}
	return ToolCall{Name: name, Arguments: string(b)}
}

// Message is a neutral view of one message a client sent.
type Message struct {
	Role       string // system, user, assistant, tool
	Content    string
	Reasoning  string
	ToolCalls  []ToolCall
	ToolCallID string
	Images     int // number of image parts
}

// Request is a neutral view of one request a client sent.
type Request struct {
	Path     string
	Model    string
	System   string
	Messages []Message
	Tools    []string
	Stream   bool
	Header   http.Header
	Body     []byte
}

// LastUser returns the content of the last user message, or "".
func (r Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == "user" {
			return r.Messages[i].Content
		}
	}
	return ""
}

// Script hands out replies to a fake server and records its requests. The
// zero value answers every request with a short text reply.
type Script struct {
	mu       sync.Mutex
	queue    []Reply
	respond  func(Request) Reply
	requests []Request
}

// Push queues replies, served in order, one per request.
func (s *Script) Push(replies ...Reply) {
	s.mu.Lock()
	s.queue = append(s.queue, replies...)
	s.mu.Unlock()
}

// Respond sets the function that answers when the queue is empty.
func (s *Script) Respond(f func(Request) Reply) {
	s.mu.Lock()
	s.respond = f
	s.mu.Unlock()
}

// Next records req and returns the reply for it.
func (s *Script) Next(req Request) Reply {
	s.mu.Lock()
	s.requests = append(s.requests, req)
	if len(s.queue) > 0 {
		r := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		return r
	}
	f := s.respond
	s.mu.Unlock()
	if f != nil {
		return f(req)
	}
	return Reply{Text: "ok"}
}

// Requests returns a copy of every request received so far.
func (s *Script) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Pending reports how many queued replies have not been served.
func (s *Script) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// Split cuts s into pieces of at most n bytes (n<=0 means 4). It splits
// bytes, not runes, only when the text is ASCII; otherwise on rune edges, so
// each piece stays valid UTF-8 as real servers send it.
func Split(s string, n int) []string {
	if n <= 0 {
		n = 4
	}
	var out []string
	for len(s) > 0 {
		k := n
		if k > len(s) {
			k = len(s)
		}
		for k < len(s) && k > 0 && !isRuneStart(s[k]) {
			k++
		}
		out = append(out, s[:k])
		s = s[k:]
	}
	return out
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// Approx returns a rough token count for text (4 bytes a token).
func Approx(text string) int { return (len(text) + 3) / 4 }
