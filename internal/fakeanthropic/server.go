// Package fakeanthropic is an in-process fake of the Anthropic Messages API
// for tests, in the spirit of net/http/httptest. It listens on 127.0.0.1,
// answers POST /v1/messages (streaming and not) in the real wire format —
// named SSE events, pings, input_json_delta fragments split mid-token,
// signed thinking blocks — and is scripted with a fakellm.Script, which also
// records every request in a neutral form.
//
// Like the real API it rejects requests without credentials or an
// anthropic-version header, and requests that break the Messages API's
// structural rules (tool_use without a matching tool_result, tampered
// thinking signatures, sampling parameters on API version 2026-10-21…), so a
// client that passes against the fake is unlikely to be refused by the
// service for the same reasons. Such rejections answer 400 without consuming
// a scripted reply.
package fakeanthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/herm-dev/herm/internal/fakellm"
)

// Server is a running fake Anthropic API.
type Server struct {
	// Script supplies the replies and records the requests.
	Script *fakellm.Script
	// URL is the base URL (http://127.0.0.1:port), without /v1: pass it as
	// the client's base URL.
	URL string

	srv       *httptest.Server
	closed    chan struct{}
	closeOnce sync.Once
	ids       atomic.Int64 // message and tool-use id counter
}

// New starts a fake server on 127.0.0.1 with an empty script, which answers
// every request with a short text reply.
func New() *Server {
	s := &Server{Script: &fakellm.Script{}, closed: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.URL = s.srv.URL
	return s
}

// Close stops the server. Streams still being served are cut, and delays in
// progress end at once, so Close never waits on a scripted sleep.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.closed)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// nextID returns a fresh id with the given prefix ("msg_", "toolu_").
func (s *Server) nextID(prefix string) string {
	return prefix + strconv.FormatInt(s.ids.Add(1), 10)
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/messages" {
		writeError(w, http.StatusNotFound, "not_found_error", "Not Found", "")
		return
	}
	if r.Method != http.MethodPost {
		writeError(w, http.StatusMethodNotAllowed, "invalid_request_error", "Method Not Allowed", "")
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return // the client went away mid-request
	}
	version := r.Header.Get("anthropic-version")
	if version == "" {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "anthropic-version: header is required", "")
		return
	}
	// The real API takes the key in x-api-key or as a bearer token.
	if r.Header.Get("x-api-key") == "" && r.Header.Get("Authorization") == "" {
		writeError(w, http.StatusUnauthorized, "authentication_error", "x-api-key header is required", "")
		return
	}

	wr, err := parseRequest(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error(), "")
		return
	}
	if err := wr.validate(version); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", err.Error(), "")
		return
	}
	req := wr.neutral()
	req.Path = r.URL.Path
	req.Header = r.Header.Clone()
	req.Body = body
	reply := s.Script.Next(req)

	if !s.sleep(r.Context(), reply.Delay) {
		// The client left or the server is closing: drop the connection
		// rather than answer an empty 200.
		panic(http.ErrAbortHandler)
	}
	if reply.Status != 0 {
		writeReplyError(w, reply)
		return
	}
	model := wr.Model
	if wr.Stream {
		s.stream(w, r, reply, model, inputTokens(req))
		return
	}
	s.message(w, reply, model, inputTokens(req))
}

// sleep waits d unless the client goes away or the server closes first; it
// reports whether the full time passed.
func (s *Server) sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	case <-s.closed:
		return false
	}
}

// ErrorType returns the error.type the real API sends with status.
func ErrorType(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "invalid_request_error"
	case http.StatusUnauthorized:
		return "authentication_error"
	case http.StatusPaymentRequired:
		return "billing_error"
	case http.StatusForbidden:
		return "permission_error"
	case http.StatusNotFound:
		return "not_found_error"
	case http.StatusRequestEntityTooLarge:
		return "request_too_large"
	case http.StatusTooManyRequests:
		return "rate_limit_error"
	case http.StatusGatewayTimeout:
		return "timeout_error"
	case 529:
		return "overloaded_error"
	}
	return "api_error"
}

func writeReplyError(w http.ResponseWriter, reply fakellm.Reply) {
	if reply.RetryAfter != "" {
		w.Header().Set("retry-after", reply.RetryAfter)
	}
	if reply.ErrorBody != "" {
		w.Header().Set("content-type", "application/json")
		w.Header().Set("request-id", "req_fake")
		w.WriteHeader(reply.Status)
		io.WriteString(w, reply.ErrorBody)
		return
	}
	msg := http.StatusText(reply.Status)
	if reply.Status == 529 {
		msg = "Overloaded"
	}
	writeError(w, reply.Status, ErrorType(reply.Status), msg, "")
}

// writeError answers with the API's error envelope.
func writeError(w http.ResponseWriter, status int, typ, msg, retryAfter string) {
	if retryAfter != "" {
		w.Header().Set("retry-after", retryAfter)
	}
	w.Header().Set("content-type", "application/json")
	w.Header().Set("request-id", "req_fake")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(errorEnvelope(typ, msg))
}

type apiError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

type errorBody struct {
	Type      string   `json:"type"`
	Error     apiError `json:"error"`
	RequestID string   `json:"request_id"`
}

func errorEnvelope(typ, msg string) errorBody {
	return errorBody{Type: "error", Error: apiError{Type: typ, Message: msg}, RequestID: "req_fake"}
}

// ErrorEvent returns a complete mid-stream error event ("event: error" and
// its data) for Reply.Raw, as the API sends when it fails after the stream
// started, e.g. ErrorEvent("overloaded_error", "Overloaded").
func ErrorEvent(typ, msg string) string {
	b, _ := json.Marshal(errorEnvelope(typ, msg))
	return fmt.Sprintf("event: error\ndata: %s", b)
}
