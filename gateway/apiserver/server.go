// Package apiserver serves herm as an OpenAI-compatible HTTP API:
// POST /v1/chat/completions (streaming and not) and GET /v1/models, behind
// a bearer token, so any OpenAI client can talk to the agent. A request's
// X-Herm-Session header (or the OpenAI "user" field) names a herm session
// that keeps its history between requests; without one each request is a
// new session seeded with the messages it carries. Tool activity can be
// streamed as reasoning_content.
//
// It owns the HTTP protocol only; routing, approvals and turns are the
// gateway's (Converse), and it never runs the agent itself.
package apiserver

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/gateway"
	"github.com/herm-dev/herm/tools"
)

// Name is the platform's name in session keys and status.
const Name = "api_server"

// SessionHeader names the herm session a request continues; the response
// carries the session's id in SessionIDHeader.
const (
	SessionHeader   = "X-Herm-Session"
	SessionIDHeader = "X-Herm-Session-Id"
)

const maxBody = 16 << 20

// Config configures the server.
type Config struct {
	// Address to listen on (default 127.0.0.1:8642).
	Address string
	// Key is the bearer token clients must send. It may be empty only
	// when listening on a loopback address.
	Key string
	// Model is the model id /v1/models lists and responses carry.
	Model string
	// ToolProgress streams tool calls and results as reasoning_content.
	ToolProgress bool
	// DrainTimeout is how long shutdown lets running requests finish.
	DrainTimeout time.Duration
	// Redact hides secrets in error messages.
	Redact func(string) string
}

// Server is the API platform.
type Server struct {
	cfg Config

	mu   sync.Mutex
	addr string
}

// New checks cfg. Without a key the server refuses to listen beyond
// localhost: the API runs commands on this machine.
func New(cfg Config) (*Server, error) {
	if cfg.Address == "" {
		cfg.Address = "127.0.0.1:8642"
	}
	if cfg.Model == "" {
		cfg.Model = "herm"
	}
	if cfg.Redact == nil {
		cfg.Redact = func(s string) string { return s }
	}
	if cfg.Key == "" && !loopback(cfg.Address) {
		return nil, fmt.Errorf("api_server: listening on %s needs a key (set API_SERVER_KEY or gateway.api_server.key): the API can run commands on this machine", cfg.Address)
	}
	return &Server{cfg: cfg}, nil
}

func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Name implements gateway.Platform.
func (s *Server) Name() string { return Name }

// Addr is the address the server listens on ("" before it does).
func (s *Server) Addr() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Run serves until ctx ends, then lets requests in flight finish (up to
// DrainTimeout).
func (s *Server) Run(ctx context.Context, host gateway.Host) error {
	ln, err := net.Listen("tcp", s.cfg.Address)
	if err != nil {
		return fmt.Errorf("api_server: listen on %s: %w", s.cfg.Address, err)
	}
	s.mu.Lock()
	s.addr = ln.Addr().String()
	s.mu.Unlock()
	srv := &http.Server{Handler: s.Handler(host), ReadHeaderTimeout: 10 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	if s.cfg.Key == "" {
		host.Logger().Warn("api_server runs without a key (loopback only); set API_SERVER_KEY to require one", "address", s.addr)
	}
	host.Logger().Info("api_server listening", "address", s.addr)
	host.Connected(Name)
	select {
	case <-ctx.Done():
		drain := s.cfg.DrainTimeout
		if drain <= 0 {
			drain = 30 * time.Second
		}
		sctx, cancel := context.WithTimeout(context.Background(), drain)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			srv.Close()
		}
		return nil
	case err := <-serveErr:
		return fmt.Errorf("api_server stopped: %w", err)
	}
}

// Handler is the HTTP API, for tests and embedding.
func (s *Server) Handler(host gateway.Host) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", s.auth(s.models))
	mux.HandleFunc("POST /v1/chat/completions", s.auth(func(w http.ResponseWriter, r *http.Request) { s.chat(w, r, host) }))
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "invalid_request_error", fmt.Sprintf("unknown endpoint %s %s", r.Method, r.URL.Path))
	})
	return mux
}

func (s *Server) auth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.Key != "" {
			got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(s.cfg.Key)) != 1 {
				writeErrorCode(w, http.StatusUnauthorized, "invalid_request_error", "invalid_api_key",
					"missing or wrong API key: send Authorization: Bearer <gateway.api_server.key>")
				return
			}
		}
		next(w, r)
	}
}

func (s *Server) models(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, openai.ModelsList{Models: []openai.Model{{ID: s.cfg.Model, Object: "model", CreatedAt: 1700000000, OwnedBy: "herm"}}})
}

// validSession accepts names safe to use in keys and logs.
func validSession(name string) bool {
	if len(name) > 128 {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._:@-", r)) {
			return false
		}
	}
	return true
}

func (s *Server) chat(w http.ResponseWriter, r *http.Request, host gateway.Host) {
	var req openai.ChatCompletionRequest
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, "invalid_request_error", "the request body is too large")
		return
	}
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "the body is not a chat completion request: "+err.Error())
		return
	}
	session := strings.TrimSpace(r.Header.Get(SessionHeader))
	if session == "" {
		session = strings.TrimSpace(req.User)
	}
	if !validSession(session) {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "the session name may only hold letters, digits and . _ : @ - (at most 128)")
		return
	}
	conv, err := toConverse(req, session)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error())
		return
	}
	model := req.Model
	if model == "" {
		model = s.cfg.Model
	}
	id := "chatcmpl-" + randomID()
	if req.Stream {
		s.stream(w, r, host, conv, id, model, req.StreamOptions != nil && req.StreamOptions.IncludeUsage)
		return
	}
	res, err := host.Converse(r.Context(), conv)
	if err != nil {
		s.fail(w, err)
		return
	}
	if res.SessionID != "" {
		w.Header().Set(SessionIDHeader, res.SessionID)
	}
	answer, finish, status := s.outcome(res)
	if status != http.StatusOK {
		writeError(w, status, "server_error", answer)
		return
	}
	u := res.Done.Usage
	writeJSON(w, http.StatusOK, openai.ChatCompletionResponse{
		ID: id, Object: "chat.completion", Created: time.Now().Unix(), Model: model,
		Choices: []openai.ChatCompletionChoice{{Index: 0, Message: openai.ChatCompletionMessage{Role: openai.ChatMessageRoleAssistant, Content: answer}, FinishReason: finish}},
		Usage:   openai.Usage{PromptTokens: u.InputTokens, CompletionTokens: u.OutputTokens, TotalTokens: u.InputTokens + u.OutputTokens},
	})
}

// outcome maps a finished turn to the answer, finish reason and status.
func (s *Server) outcome(res gateway.ConverseResult) (string, openai.FinishReason, int) {
	if res.Reply != "" {
		return res.Reply, openai.FinishReasonStop, http.StatusOK
	}
	d := res.Done
	switch d.Reason {
	case agent.StopDone:
		return d.Answer, openai.FinishReasonStop, http.StatusOK
	case agent.StopError:
		return "the agent failed: " + s.cfg.Redact(errString(d.Err)), "", http.StatusBadGateway
	case agent.StopInterrupted:
		return d.Answer, openai.FinishReasonStop, http.StatusOK
	}
	note := fmt.Sprintf("\n\n[herm stopped: %s]", d.Reason)
	return strings.TrimSpace(d.Answer + note), openai.FinishReasonLength, http.StatusOK
}

func errString(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

func (s *Server) fail(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, gateway.ErrShuttingDown):
		w.Header().Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, "server_error", err.Error())
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		// The client is gone; nobody reads this.
	default:
		writeError(w, http.StatusInternalServerError, "server_error", s.cfg.Redact(err.Error()))
	}
}

// toConverse takes the last user message as the turn's input and the
// earlier messages as the seed of a new session.
func toConverse(req openai.ChatCompletionRequest, session string) (gateway.ConverseRequest, error) {
	c := gateway.ConverseRequest{Platform: Name, Session: session}
	if len(req.Messages) == 0 {
		return c, errors.New("messages is empty")
	}
	last := req.Messages[len(req.Messages)-1]
	if last.Role != openai.ChatMessageRoleUser {
		return c, fmt.Errorf("the last message must be from the user, not %q", last.Role)
	}
	text, images, err := content(last)
	if err != nil {
		return c, err
	}
	if strings.TrimSpace(text) == "" && len(images) == 0 {
		return c, errors.New("the last user message is empty")
	}
	c.Text, c.Images = text, images
	var system []string
	for _, m := range req.Messages[:len(req.Messages)-1] {
		t, _, err := content(m)
		if err != nil {
			return c, err
		}
		switch m.Role {
		case openai.ChatMessageRoleSystem, "developer":
			system = append(system, t)
		case openai.ChatMessageRoleUser:
			c.Seed = append(c.Seed, llm.Message{Role: llm.RoleUser, Content: t})
		case openai.ChatMessageRoleAssistant:
			c.Seed = append(c.Seed, llm.Message{Role: llm.RoleAssistant, Content: t})
		}
	}
	if len(system) > 0 && session == "" {
		// The client's instructions travel with the request; herm keeps its
		// own system prompt.
		c.Text = "[Instructions from the API client]\n" + strings.Join(system, "\n\n") + "\n\n[Message]\n" + c.Text
	}
	return c, nil
}

// content flattens a message's text parts and decodes data: image parts.
func content(m openai.ChatCompletionMessage) (string, []llm.Image, error) {
	if len(m.MultiContent) == 0 {
		return m.Content, nil, nil
	}
	var (
		texts  []string
		images []llm.Image
	)
	for _, p := range m.MultiContent {
		switch p.Type {
		case openai.ChatMessagePartTypeText:
			texts = append(texts, p.Text)
		case openai.ChatMessagePartTypeImageURL:
			if p.ImageURL == nil {
				continue
			}
			img, err := dataImage(p.ImageURL.URL)
			if err != nil {
				return "", nil, err
			}
			images = append(images, img)
		}
	}
	return strings.Join(texts, "\n"), images, nil
}

func dataImage(url string) (llm.Image, error) {
	rest, ok := strings.CutPrefix(url, "data:")
	meta, data, found := strings.Cut(rest, ",")
	if !ok || !found || !strings.HasSuffix(meta, ";base64") {
		return llm.Image{}, errors.New("images must be data: URLs with base64 content (herm does not fetch remote images)")
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return llm.Image{}, fmt.Errorf("an image's base64 content is invalid: %v", err)
	}
	return llm.Image{MediaType: strings.TrimSuffix(meta, ";base64"), Data: raw}, nil
}

func randomID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// describeTool is one line of tool progress.
func describeTool(name, args string) string {
	key := tools.KeyArgument(name, args)
	if r := []rune(key); len(r) > 120 {
		key = string(r[:119]) + "…"
	}
	return strings.TrimSpace("⚙ " + name + " " + key)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, typ, msg string) {
	writeErrorCode(w, status, typ, "", msg)
}

func writeErrorCode(w http.ResponseWriter, status int, typ, code, msg string) {
	e := map[string]any{"message": msg, "type": typ}
	if code != "" {
		e["code"] = code
	}
	writeJSON(w, status, map[string]any{"error": e})
}
