// Package fakeopenai is an in-process fake of the OpenAI Chat Completions
// API for tests, in the spirit of net/http/httptest. It listens on
// 127.0.0.1, answers POST /v1/chat/completions (streaming and not) and
// GET /v1/models, and renders each scripted fakellm.Reply as real OpenAI wire
// output — including the quirks real servers show: arguments split
// mid-token, parallel tool calls whose deltas interleave, "type" repeated on
// every tool-call delta, reasoning_content before text, usage only in a last
// chunk with empty choices. Faults (HTTP errors, cut or malformed streams,
// delays) come from the same Reply.
//
// Like OpenAI, the fake answers 400 — without consuming a scripted reply —
// when a conversation's tool messages do not answer the preceding
// assistant tool calls one for one, so a client that leaves a call
// unanswered fails here as it would in production. RequireAPIKey makes it
// check the bearer token too.
//
// Code under test must not know it talks to a fake: only its base URL
// changes.
package fakeopenai

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
)

// Model is the model id GET /v1/models lists.
const Model = "fake-gpt"

// maxBody bounds what the fake reads from a request, so a runaway client
// fails its test instead of exhausting memory.
const maxBody = 32 << 20

// Server is a running fake. Script decides the replies and records every
// chat request; URL is the base URL including /v1, ready to hand to a client
// as its OpenAI base URL.
type Server struct {
	Script *fakellm.Script
	URL    string

	srv *httptest.Server
	seq atomic.Int64 // source of completion and tool call ids

	mu     sync.Mutex
	apiKey string
}

// New starts a fake on 127.0.0.1 with an empty script (every request is
// answered "ok"). Call Close when done.
func New() *Server {
	s := &Server{Script: &fakellm.Script{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.chatCompletions)
	mux.HandleFunc("GET /v1/models", s.models)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "invalid_request_error", "unknown_url",
			fmt.Sprintf("Invalid URL (%s %s)", r.Method, r.URL.Path))
	})
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL + "/v1"
	return s
}

// Close shuts the server down and waits for in-flight requests to finish.
func (s *Server) Close() {
	// Streams parked in a Delay end when their client goes away; closing
	// client connections first makes Close prompt even if a test forgot to
	// cancel one.
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// RequireAPIKey makes the fake answer 401, as OpenAI does, to any request
// whose Authorization header is not "Bearer key". An empty key (the default)
// accepts every request, like a local server.
func (s *Server) RequireAPIKey(key string) {
	s.mu.Lock()
	s.apiKey = key
	s.mu.Unlock()
}

func (s *Server) authorized(r *http.Request) bool {
	s.mu.Lock()
	key := s.apiKey
	s.mu.Unlock()
	return key == "" || r.Header.Get("Authorization") == "Bearer "+key
}

func (s *Server) models(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(r) {
		writeUnauthorized(w)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list",
		"data": []map[string]any{
			{"id": Model, "object": "model", "created": 1700000000, "owned_by": "fakeopenai"},
		},
	})
}

func (s *Server) chatCompletions(w http.ResponseWriter, r *http.Request) {
	if !s.authorized(r) {
		writeUnauthorized(w)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "", "could not read the request body: "+err.Error())
		return
	}
	var wr wireRequest
	if err := json.Unmarshal(body, &wr); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "",
			"We could not parse the JSON body of your request. ("+err.Error()+")")
		return
	}
	req, err := wr.neutral()
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "", err.Error())
		return
	}
	if msg := wr.validate(); msg != "" {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "", msg)
		return
	}
	req.Path = r.URL.Path
	req.Header = r.Header.Clone()
	req.Body = body

	reply := s.Script.Next(req)
	if !sleep(r, reply.Delay) {
		return
	}
	if reply.Status != 0 {
		writeReplyError(w, reply, wr.Model)
		return
	}
	comp := s.completion(wr.Model, req, reply)
	if wr.Stream {
		s.stream(w, r, comp, reply, wr.StreamOptions != nil && wr.StreamOptions.IncludeUsage)
		return
	}
	s.whole(w, comp, reply)
}

// sleep waits d unless the client goes away first; it reports whether the
// handler should go on.
func sleep(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// wireRequest is the part of a chat completion request the fake reads.
type wireRequest struct {
	Model         string        `json:"model"`
	Messages      []wireMessage `json:"messages"`
	Tools         []wireTool    `json:"tools"`
	Stream        bool          `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
}

type wireMessage struct {
	Role             string          `json:"role"`
	Content          json.RawMessage `json:"content"`
	ReasoningContent string          `json:"reasoning_content"`
	Reasoning        string          `json:"reasoning"`
	ToolCalls        []wireToolCall  `json:"tool_calls"`
	ToolCallID       string          `json:"tool_call_id"`
}

type wireToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type wireTool struct {
	Type     string `json:"type"`
	Function struct {
		Name string `json:"name"`
	} `json:"function"`
}

type wirePart struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	ImageURL *struct {
		URL string `json:"url"`
	} `json:"image_url"`
}

// neutral converts the wire request into fakellm's protocol-neutral view.
// System and developer messages go to System, the rest to Messages.
func (wr *wireRequest) neutral() (fakellm.Request, error) {
	req := fakellm.Request{Model: wr.Model, Stream: wr.Stream}
	var system []string
	for i, m := range wr.Messages {
		text, images, err := content(m.Content)
		if err != nil {
			return req, fmt.Errorf("Invalid value for 'messages[%d].content': %v", i, err)
		}
		if m.Role == "system" || m.Role == "developer" {
			system = append(system, text)
			continue
		}
		nm := fakellm.Message{
			Role:       m.Role,
			Content:    text,
			Reasoning:  m.ReasoningContent,
			ToolCallID: m.ToolCallID,
			Images:     images,
		}
		if nm.Reasoning == "" {
			nm.Reasoning = m.Reasoning
		}
		for _, tc := range m.ToolCalls {
			nm.ToolCalls = append(nm.ToolCalls, fakellm.ToolCall{
				ID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments,
			})
		}
		req.Messages = append(req.Messages, nm)
	}
	req.System = strings.Join(system, "\n\n")
	for _, t := range wr.Tools {
		req.Tools = append(req.Tools, t.Function.Name)
	}
	return req, nil
}

// content reads a message's content, which is a string, null, or an array
// of parts; text parts are concatenated and image parts counted.
func content(raw json.RawMessage) (text string, images int, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", 0, nil
	}
	if raw[0] == '"' {
		err = json.Unmarshal(raw, &text)
		return text, 0, err
	}
	var parts []wirePart
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", 0, fmt.Errorf("expected a string or an array of content parts")
	}
	var b strings.Builder
	for _, p := range parts {
		switch p.Type {
		case "text":
			b.WriteString(p.Text)
		case "image_url":
			if p.ImageURL == nil || p.ImageURL.URL == "" {
				return "", 0, fmt.Errorf("image_url part without a url")
			}
			images++
		default:
			return "", 0, fmt.Errorf("unsupported content part type %q", p.Type)
		}
	}
	return b.String(), images, nil
}

// validate applies the tool-call consistency rules OpenAI enforces, in its
// words, so a client that leaves a call unanswered (or answers an unknown
// one) fails against the fake as it would in production. "" means valid.
func (wr *wireRequest) validate() string {
	if wr.Model == "" {
		return "you must provide a model parameter"
	}
	if len(wr.Messages) == 0 {
		return "'messages' must contain at least one message"
	}
	pending := map[string]bool{} // ids of the last assistant message's calls not yet answered
	for i, m := range wr.Messages {
		if m.Role == "tool" {
			if m.ToolCallID == "" {
				return fmt.Sprintf("Missing parameter 'tool_call_id': messages[%d] with role 'tool' must have a 'tool_call_id'.", i)
			}
			if !pending[m.ToolCallID] {
				return fmt.Sprintf("Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'. (messages[%d], tool_call_id %q)", i, m.ToolCallID)
			}
			delete(pending, m.ToolCallID)
			continue
		}
		if len(pending) > 0 {
			return "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: " + strings.Join(sortedKeys(pending), ", ")
		}
		for _, tc := range m.ToolCalls {
			if m.Role != "assistant" {
				return fmt.Sprintf("Invalid parameter: only messages with role 'assistant' can have 'tool_calls' (messages[%d]).", i)
			}
			pending[tc.ID] = true
		}
	}
	// Calls left unanswered at the end are rejected too, as OpenAI does.
	if len(pending) > 0 {
		return "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: " + strings.Join(sortedKeys(pending), ", ")
	}
	return ""
}

func sortedKeys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }

// writeReplyError answers with the scripted HTTP status, in OpenAI's error
// shape unless the script supplied its own body.
func writeReplyError(w http.ResponseWriter, reply fakellm.Reply, model string) {
	if reply.RetryAfter != "" {
		w.Header().Set("Retry-After", reply.RetryAfter)
	}
	if reply.ErrorBody != "" {
		ct := "application/json"
		if !json.Valid([]byte(reply.ErrorBody)) {
			ct = "text/plain; charset=utf-8"
		}
		w.Header().Set("Content-Type", ct)
		w.WriteHeader(reply.Status)
		io.WriteString(w, reply.ErrorBody)
		return
	}
	typ, code, msg := errorFor(reply.Status, model)
	writeError(w, reply.Status, typ, code, msg)
}

// errorFor returns the type, code and message OpenAI uses for a status.
func errorFor(status int, model string) (typ, code, msg string) {
	switch status {
	case http.StatusBadRequest:
		return "invalid_request_error", "", "Invalid request."
	case http.StatusUnauthorized:
		return "invalid_request_error", "invalid_api_key",
			"Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys."
	case http.StatusPaymentRequired:
		return "insufficient_quota", "insufficient_quota",
			"You exceeded your current quota, please check your plan and billing details."
	case http.StatusForbidden:
		return "permission_denied", "unsupported_country_region_territory", "Country, region, or territory not supported"
	case http.StatusNotFound:
		return "invalid_request_error", "model_not_found",
			fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", model)
	case http.StatusRequestEntityTooLarge:
		return "invalid_request_error", "request_too_large", "Request too large."
	case http.StatusTooManyRequests:
		return "requests", "rate_limit_exceeded",
			fmt.Sprintf("Rate limit reached for %s on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.", model)
	case http.StatusServiceUnavailable:
		return "server_error", "", "The engine is currently overloaded, please try again later."
	}
	if status >= 500 {
		return "server_error", "", "The server had an error while processing your request. Sorry about that!"
	}
	return "invalid_request_error", "", http.StatusText(status)
}

func writeUnauthorized(w http.ResponseWriter) {
	typ, code, msg := errorFor(http.StatusUnauthorized, "")
	writeError(w, http.StatusUnauthorized, typ, code, msg)
}

// writeError writes {"error":{"message","type","param","code"}}; an empty
// code is sent as null, as OpenAI does.
func writeError(w http.ResponseWriter, status int, typ, code, msg string) {
	var c any
	if code != "" {
		c = code
	}
	writeJSON(w, status, map[string]any{
		"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": c},
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only fake-built values reach here
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}
