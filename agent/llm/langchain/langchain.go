// Package langchain bridges langchaingo models into herm: Provider adapts
// any llms.Model to llm.Provider, and Open builds the langchaingo clients
// herm links (config providers "langchain:<name>").
//
// langchaingo's streaming is a callback with raw bytes, and some of its
// clients have known faults the adapter works around:
//   - the OpenAI-style clients pass tool-call deltas to the same streaming
//     callback as text, JSON-encoded; those chunks are recognised and kept
//     out of the answer;
//   - the same clients assemble streamed tool calls by appending argument
//     fragments to "the last call", and start a new call for every delta
//     that repeats "type":"function" (as several servers do), so the final
//     response can hold one call split into many; fragments without an id
//     and a name are joined back onto the call they continue;
//   - a model that does not stream (the fake model, some clients) never
//     calls the callback: the final response's text is sent instead;
//   - usage is reported under different keys by each client, or not at
//     all; every known spelling is read.
package langchain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tmc/langchaingo/llms"

	"github.com/herm-dev/herm/agent/llm"
)

// Provider is an llm.Provider over a langchaingo model.
type Provider struct {
	name    string
	model   llms.Model
	secrets []string
}

// New adapts m; name is what herm reports the provider as (e.g.
// "langchain:mistral"). Secrets are redacted from error messages.
func New(name string, m llms.Model, secrets ...string) *Provider {
	var keep []string
	for _, s := range secrets {
		if s != "" {
			keep = append(keep, s)
		}
	}
	return &Provider{name: name, model: m, secrets: keep}
}

// Name implements llm.Provider.
func (p *Provider) Name() string { return p.name }

// Stream implements llm.Provider. langchaingo's call runs on its own
// goroutine; its callbacks hand parts over a channel, so the iterator is
// consumed on the caller's goroutine whatever the client does. Stopping
// early cancels the call.
func (p *Provider) Stream(ctx context.Context, req llm.Request) llm.Stream {
	return func(yield func(llm.Part, error) bool) {
		msgs, err := messages(req)
		if err != nil {
			yield(llm.Part{}, err)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		parts := make(chan llm.Part, 64)
		result := make(chan response, 1)
		send := func(ctx context.Context, part llm.Part) error {
			select {
			case parts <- part:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		var streamed streamState
		opts := append(options(req),
			llms.WithStreamingFunc(func(ctx context.Context, chunk []byte) error {
				if len(chunk) == 0 || isToolCallChunk(chunk) {
					return nil
				}
				streamed.text = true
				return send(ctx, llm.Part{Kind: llm.PartText, Text: string(chunk)})
			}),
			llms.WithStreamingReasoningFunc(func(ctx context.Context, reasoning, _ []byte) error {
				if len(reasoning) == 0 {
					return nil
				}
				streamed.reasoning = true
				return send(ctx, llm.Part{Kind: llm.PartReasoning, Text: string(reasoning)})
			}),
		)
		go func() {
			defer close(parts)
			resp, err := p.model.GenerateContent(ctx, msgs, opts...)
			result <- response{resp, err}
		}()
		for part := range parts {
			if !yield(part, nil) {
				cancel()
				for range parts {
				}
				return
			}
		}
		// parts is closed after the result was sent, and the streaming
		// state is no longer written.
		res := <-result
		if res.err != nil {
			yield(llm.Part{}, p.apiError(ctx, res.err))
			return
		}
		for _, part := range finalParts(res.resp, streamed) {
			if !yield(part, nil) {
				return
			}
		}
	}
}

type response struct {
	resp *llms.ContentResponse
	err  error
}

// streamState records what the callbacks delivered, to avoid sending the
// final response's copy of it again.
type streamState struct{ text, reasoning bool }

// messages converts the request's conversation, system prompt first.
func messages(req llm.Request) ([]llms.MessageContent, error) {
	out := make([]llms.MessageContent, 0, len(req.Messages)+1)
	if req.System != "" {
		out = append(out, llms.TextParts(llms.ChatMessageTypeSystem, req.System))
	}
	for _, m := range req.Messages {
		switch m.Role {
		case llm.RoleSystem:
			out = append(out, llms.TextParts(llms.ChatMessageTypeSystem, m.Content))
		case llm.RoleUser:
			mc := llms.MessageContent{Role: llms.ChatMessageTypeHuman}
			if m.Content != "" || len(m.Images) == 0 {
				mc.Parts = append(mc.Parts, llms.TextContent{Text: m.Content})
			}
			for _, img := range m.Images {
				mc.Parts = append(mc.Parts, llms.BinaryContent{MIMEType: img.MediaType, Data: img.Data})
			}
			out = append(out, mc)
		case llm.RoleAssistant:
			mc := llms.MessageContent{Role: llms.ChatMessageTypeAI}
			if m.Content != "" {
				mc.Parts = append(mc.Parts, llms.TextContent{Text: m.Content})
			}
			for _, c := range m.ToolCalls {
				mc.Parts = append(mc.Parts, llms.ToolCall{ID: c.ID, Type: "function",
					FunctionCall: &llms.FunctionCall{Name: c.Name, Arguments: c.Arguments}})
			}
			if len(mc.Parts) == 0 {
				mc.Parts = append(mc.Parts, llms.TextContent{})
			}
			out = append(out, mc)
		case llm.RoleTool:
			out = append(out, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
				llms.ToolCallResponse{ToolCallID: m.ToolCallID, Name: m.ToolName, Content: m.Content},
			}})
		default:
			return nil, fmt.Errorf("langchain: message role %q is not supported", m.Role)
		}
	}
	return out, nil
}

// options converts the request's model, limits and tools.
func options(req llm.Request) []llms.CallOption {
	var opts []llms.CallOption
	if req.Model != "" {
		opts = append(opts, llms.WithModel(req.Model))
	}
	if req.MaxTokens > 0 {
		opts = append(opts, llms.WithMaxTokens(req.MaxTokens))
	}
	if req.Temperature != nil {
		opts = append(opts, llms.WithTemperature(*req.Temperature))
	}
	if len(req.Tools) > 0 {
		tools := make([]llms.Tool, 0, len(req.Tools))
		for _, t := range req.Tools {
			// Clients (Google's in particular) expect the schema as a
			// decoded map, not as raw JSON.
			var params any = map[string]any{"type": "object"}
			if len(t.Parameters) > 0 {
				var m map[string]any
				if json.Unmarshal(t.Parameters, &m) == nil {
					params = m
				}
			}
			tools = append(tools, llms.Tool{Type: "function", Function: &llms.FunctionDefinition{
				Name: t.Name, Description: t.Description, Parameters: params,
			}})
		}
		opts = append(opts, llms.WithTools(tools))
	}
	return opts
}

// isToolCallChunk recognises the JSON array of tool-call deltas that
// langchaingo's OpenAI-style clients pass to the text callback.
func isToolCallChunk(chunk []byte) bool {
	if len(chunk) < 2 || chunk[0] != '[' || chunk[1] != '{' || !json.Valid(chunk) {
		return false
	}
	var calls []struct {
		Function *json.RawMessage `json:"function"`
	}
	if json.Unmarshal(chunk, &calls) != nil || len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		if c.Function == nil {
			return false
		}
	}
	return true
}

// finalParts turns the final response into the parts the callbacks did
// not deliver: text and reasoning of a model that did not stream, tool
// calls, usage and the finish reason.
func finalParts(resp *llms.ContentResponse, streamed streamState) []llm.Part {
	if resp == nil || len(resp.Choices) == 0 || resp.Choices[0] == nil {
		return []llm.Part{{Kind: llm.PartFinish, FinishReason: llm.FinishStop}}
	}
	c := resp.Choices[0]
	var out []llm.Part
	if !streamed.reasoning && c.ReasoningContent != "" {
		out = append(out, llm.Part{Kind: llm.PartReasoning, Text: c.ReasoningContent})
	}
	if !streamed.text && c.Content != "" {
		out = append(out, llm.Part{Kind: llm.PartText, Text: c.Content})
	}
	calls := repairToolCalls(c.ToolCalls)
	if len(calls) == 0 && c.FuncCall != nil && c.FuncCall.Name != "" {
		calls = []llms.ToolCall{{Type: "function", FunctionCall: c.FuncCall}}
	}
	for i, tc := range calls {
		out = append(out,
			llm.Part{Kind: llm.PartToolCallStart, Index: i, ToolCallID: tc.ID, ToolName: tc.FunctionCall.Name},
			llm.Part{Kind: llm.PartToolCallDelta, Index: i, Text: tc.FunctionCall.Arguments})
	}
	if u, ok := usage(c.GenerationInfo); ok {
		out = append(out, llm.Part{Kind: llm.PartUsage, Usage: u})
	}
	return append(out, llm.Part{Kind: llm.PartFinish, FinishReason: finish(c.StopReason, len(calls) > 0)})
}

// repairToolCalls joins the fragments langchaingo split a streamed call
// into (a "call" with neither id nor name continues the one before it) and
// drops calls without a function.
func repairToolCalls(calls []llms.ToolCall) []llms.ToolCall {
	var out []llms.ToolCall
	for _, c := range calls {
		if c.FunctionCall == nil {
			continue
		}
		fc := *c.FunctionCall
		if c.ID == "" && fc.Name == "" && len(out) > 0 {
			last := out[len(out)-1].FunctionCall
			last.Arguments += fc.Arguments
			continue
		}
		c.FunctionCall = &fc
		out = append(out, c)
	}
	return out
}

// finish normalises the clients' stop reasons ("stop", "end_turn",
// "length", "max_tokens", "MAX_TOKENS", "tool_calls", "tool_use",
// "FinishReasonSafety"…).
func finish(reason string, hasCalls bool) llm.FinishReason {
	r := strings.ToLower(reason)
	switch {
	case strings.Contains(r, "length") || strings.Contains(r, "max_tokens") || strings.Contains(r, "maxtokens"):
		return llm.FinishLength
	case strings.Contains(r, "tool") || strings.Contains(r, "function"):
		return llm.FinishToolCalls
	case strings.Contains(r, "filter") || strings.Contains(r, "safety"):
		return llm.FinishContentFilter
	case hasCalls:
		return llm.FinishToolCalls
	}
	return llm.FinishStop
}

// usage reads token counts from GenerationInfo, where each client uses its
// own keys (PromptTokens, input_tokens, InputTokens…) or a nested usage
// struct (Mistral).
func usage(info map[string]any) (llm.Usage, bool) {
	var u llm.Usage
	found := false
	var walk func(m map[string]any)
	walk = func(m map[string]any) {
		for k, v := range m {
			key := strings.ReplaceAll(strings.ToLower(k), "_", "")
			n, isNum := number(v)
			switch {
			case !isNum:
				if nested := asMap(v); nested != nil && (key == "usage" || key == "usagemetadata") {
					walk(nested)
				}
			case key == "prompttokens" || key == "inputtokens" || key == "prompttokencount":
				u.InputTokens, found = n, true
			case key == "completiontokens" || key == "outputtokens" || key == "candidatestokencount":
				u.OutputTokens, found = n, true
			case key == "reasoningtokens" || key == "thinkingtokens":
				u.ReasoningTokens = n
			case key == "cachedtokens" || key == "promptcachedtokens" || key == "cachereadinputtokens":
				u.CacheReadTokens = n
			case key == "cachecreationinputtokens":
				u.CacheWriteTokens = n
			}
		}
	}
	walk(info)
	return u, found
}

func number(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int32:
		return int(n), true
	case int64:
		return int(n), true
	case float64:
		return int(n), true
	case float32:
		return int(n), true
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	}
	return 0, false
}

// asMap returns v as a map, converting a struct through JSON.
func asMap(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m
}

// apiError converts a client's error into an *llm.APIError the agent can
// classify: langchaingo's standard error codes, an HTTP status the error
// exposes (AWS SDK) or quotes in its text, and the message itself.
func (p *Provider) apiError(ctx context.Context, err error) error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return err
	}
	msg := err.Error()
	for _, s := range p.secrets {
		msg = strings.ReplaceAll(msg, s, "[redacted]")
	}
	out := &llm.APIError{Provider: p.name, Message: msg}
	var le *llms.Error
	if errors.As(err, &le) {
		out.Type = string(le.Code)
		out.StatusCode = statusFor(le.Code)
	}
	var hs interface{ HTTPStatusCode() int }
	if out.StatusCode == 0 && errors.As(err, &hs) {
		out.StatusCode = hs.HTTPStatusCode()
	}
	if out.StatusCode == 0 {
		out.StatusCode = quotedStatus(msg)
	}
	if out.StatusCode == 0 && out.Type == "" {
		// No status and no code: keep the client's error inspectable
		// (timeouts, refused connections) for llm.Classify.
		return &clientError{msg: p.name + ": " + msg, err: err}
	}
	return out
}

// clientError is a client's error with its message redacted.
type clientError struct {
	msg string
	err error
}

func (e *clientError) Error() string { return e.msg }
func (e *clientError) Unwrap() error { return e.err }

func statusFor(code llms.ErrorCode) int {
	switch code {
	case llms.ErrCodeAuthentication:
		return 401
	case llms.ErrCodeRateLimit:
		return 429
	case llms.ErrCodeQuotaExceeded:
		return 402
	case llms.ErrCodeResourceNotFound:
		return 404
	case llms.ErrCodeTimeout:
		return 408
	case llms.ErrCodeProviderUnavailable:
		return 503
	case llms.ErrCodeTokenLimit, llms.ErrCodeInvalidRequest, llms.ErrCodeContentFilter:
		return 400
	}
	return 0
}

// quotedStatus finds an HTTP status quoted in an error text: "status code:
// 429", "status 503", "HTTP 401", "(400)".
func quotedStatus(msg string) int {
	lower := strings.ToLower(msg)
	for _, marker := range []string{"status code:", "status code", "statuscode:", "status:", "status", "http"} {
		i := strings.Index(lower, marker)
		if i < 0 {
			continue
		}
		rest := strings.TrimLeft(lower[i+len(marker):], " :=")
		if len(rest) >= 3 {
			if n, err := strconv.Atoi(rest[:3]); err == nil && n >= 400 && n <= 599 {
				return n
			}
		}
	}
	return 0
}
