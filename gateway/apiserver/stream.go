package apiserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/gateway"
)

// stream answers with server-sent events in OpenAI's chunk format: the
// answer as content deltas, tool activity (when enabled) as
// reasoning_content, approval requests as content (so the person sees why
// the turn waits), a final chunk with the finish reason, optional usage,
// and data: [DONE].
func (s *Server) stream(w http.ResponseWriter, r *http.Request, host gateway.Host, conv gateway.ConverseRequest, id, model string, includeUsage bool) {
	flusher, _ := w.(http.Flusher)
	created := time.Now().Unix()
	started := false
	start := func(sessionID string) {
		if started {
			return
		}
		started = true
		h := w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Accel-Buffering", "no")
		if sessionID != "" {
			h.Set(SessionIDHeader, sessionID)
		}
		w.WriteHeader(http.StatusOK)
	}
	send := func(delta openai.ChatCompletionStreamChoiceDelta, finish openai.FinishReason, usage *openai.Usage) {
		chunk := openai.ChatCompletionStreamResponse{ID: id, Object: "chat.completion.chunk", Created: created, Model: model,
			Choices: []openai.ChatCompletionStreamChoice{{Index: 0, Delta: delta, FinishReason: finish}}, Usage: usage}
		if usage != nil {
			chunk.Choices = []openai.ChatCompletionStreamChoice{}
		}
		data, _ := json.Marshal(chunk)
		fmt.Fprintf(w, "data: %s\n\n", data)
		if flusher != nil {
			flusher.Flush()
		}
	}
	// Emit runs on the turn's delivery queue, not the agent's goroutine
	// (gateway.ConverseRequest): a client slow to read holds up only its
	// stream, and every write here happens before Converse returns.
	conv.Emit = func(e agent.Event) {
		switch e := e.(type) {
		case agent.TurnStarted:
			start(e.SessionID)
			send(openai.ChatCompletionStreamChoiceDelta{Role: openai.ChatMessageRoleAssistant}, "", nil)
		case agent.TextDelta:
			send(openai.ChatCompletionStreamChoiceDelta{Content: e.Text}, "", nil)
		case agent.ReasoningDelta:
			if s.cfg.ToolProgress {
				send(openai.ChatCompletionStreamChoiceDelta{ReasoningContent: e.Text}, "", nil)
			}
		case agent.ToolStarted:
			if s.cfg.ToolProgress {
				send(openai.ChatCompletionStreamChoiceDelta{ReasoningContent: "\n" + describeTool(e.Call.Name, e.Call.Arguments) + "\n"}, "", nil)
			}
		case agent.ToolFinished:
			if s.cfg.ToolProgress {
				mark := "✓"
				if e.Result.IsError {
					mark = "✗"
				}
				send(openai.ChatCompletionStreamChoiceDelta{ReasoningContent: fmt.Sprintf("  %s %s\n", mark, e.Duration.Round(time.Millisecond))}, "", nil)
			}
		case agent.ApprovalRequested:
			how := "Answer by sending /approve, /approve session, /approve always or /deny with the same " + SessionHeader + " header."
			if conv.Session == "" {
				how = "This request has no session (" + SessionHeader + " header or user field), so it cannot be answered and will be denied."
			}
			var why []string
			for _, f := range e.Request.Verdict.Findings {
				why = append(why, f.Reason)
			}
			send(openai.ChatCompletionStreamChoiceDelta{Content: fmt.Sprintf("\n\n⚠️ Approval needed to run: %s\nWhy: %s\n%s\n\n",
				e.Request.Command, strings.Join(why, "; "), how)}, "", nil)
		}
	}
	res, err := host.Converse(r.Context(), conv)
	if err != nil && !started {
		s.fail(w, err)
		return
	}
	if !started {
		start(res.SessionID)
		send(openai.ChatCompletionStreamChoiceDelta{Role: openai.ChatMessageRoleAssistant}, "", nil)
	}
	answer, finish, status := s.outcome(res)
	switch {
	case err != nil:
		return // the client went away mid-stream
	case res.Reply != "":
		send(openai.ChatCompletionStreamChoiceDelta{Content: res.Reply}, "", nil)
	case status != http.StatusOK:
		send(openai.ChatCompletionStreamChoiceDelta{Content: "\n\n⚠️ " + answer}, "", nil)
		finish = openai.FinishReasonStop
	case finish == openai.FinishReasonLength:
		send(openai.ChatCompletionStreamChoiceDelta{Content: strings.TrimPrefix(answer, res.Done.Answer)}, "", nil)
	}
	if finish == "" {
		finish = openai.FinishReasonStop
	}
	send(openai.ChatCompletionStreamChoiceDelta{}, finish, nil)
	if includeUsage {
		u := res.Done.Usage
		send(openai.ChatCompletionStreamChoiceDelta{}, "", &openai.Usage{PromptTokens: u.InputTokens, CompletionTokens: u.OutputTokens, TotalTokens: u.InputTokens + u.OutputTokens})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	if flusher != nil {
		flusher.Flush()
	}
}
