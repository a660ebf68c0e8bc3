package openai

import (
	"bytes"
	"crypto/rand"
	"encoding/json"

	"github.com/herm-dev/herm/agent/llm"
)

// decoder turns the data payloads of a chat.completion.chunk stream into
// llm.Parts. It keeps the state that spans chunks: which tool calls exist,
// the finish reason and the latest usage report.
type decoder struct {
	provider string
	redact   llm.Redactor

	calls    map[int]*callState
	byID     map[string]int // tool call id → index, for deltas without an index
	implicit int            // index the last index-less delta went to; -1 before any
	next     int            // one above the highest index seen

	finish string
	usage  *wireUsage
	parts  []llm.Part // reused between chunks: parts are yielded by value
}

type callState struct{ id, name string }

func newDecoder(provider string, r llm.Redactor) *decoder {
	return &decoder{provider: provider, redact: r, implicit: -1}
}

// Wire shapes of a streamed chunk, as lenient as the servers require.
type (
	wireChunk struct {
		Object  string          `json:"object"`
		Choices []wireChoice    `json:"choices"`
		Usage   *wireUsage      `json:"usage"`
		Error   json.RawMessage `json:"error"`
	}
	wireChoice struct {
		Index        int       `json:"index"`
		Delta        wireDelta `json:"delta"`
		FinishReason string    `json:"finish_reason"`
	}
	wireDelta struct {
		Content          content         `json:"content"`
		ReasoningContent flexString      `json:"reasoning_content"` // DeepSeek, vLLM, llama.cpp, LM Studio
		Reasoning        flexString      `json:"reasoning"`         // OpenRouter, Ollama, newer vLLM
		ToolCalls        []wireToolDelta `json:"tool_calls"`
	}
	wireToolDelta struct {
		Index    *int   `json:"index"`
		ID       string `json:"id"`
		Function struct {
			Name      string    `json:"name"`
			Arguments arguments `json:"arguments"`
		} `json:"function"`
	}
	wireUsage struct {
		PromptTokens         int `json:"prompt_tokens"`
		CompletionTokens     int `json:"completion_tokens"`
		PromptCacheHitTokens int `json:"prompt_cache_hit_tokens"` // DeepSeek
		PromptTokensDetails  *struct {
			CachedTokens     int `json:"cached_tokens"`
			CacheWriteTokens int `json:"cache_write_tokens"` // OpenRouter
		} `json:"prompt_tokens_details"`
		CompletionTokensDetails *struct {
			ReasoningTokens int `json:"reasoning_tokens"`
		} `json:"completion_tokens_details"`
	}
)

// decode handles one data payload. The returned slice is valid until the
// next call.
func (d *decoder) decode(raw []byte) ([]llm.Part, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, nil // an empty data line is a keep-alive
	}
	var c wireChunk
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, &llm.StreamError{Provider: d.provider, Reason: "malformed chunk", Err: err}
	}
	if c.Object == "error" || (len(c.Error) > 0 && string(c.Error) != "null") {
		// An error reported inside the stream (OpenRouter, vLLM): the
		// response is over, whatever else the chunk holds.
		typ, msg := parseErrorBody(raw)
		return nil, &llm.APIError{Provider: d.provider, Type: typ, Message: d.redact.Redact(msg)}
	}
	d.parts = d.parts[:0]
	for i := range c.Choices {
		ch := &c.Choices[i]
		if ch.Index != 0 {
			continue // herm asks for one choice; ignore any others
		}
		reasoning := string(ch.Delta.ReasoningContent)
		if reasoning == "" {
			// Some servers send both fields with the same text; one is enough.
			reasoning = string(ch.Delta.Reasoning)
		}
		d.add(llm.PartReasoning, reasoning+ch.Delta.Content.reasoning)
		d.add(llm.PartText, ch.Delta.Content.text)
		for pos := range ch.Delta.ToolCalls {
			d.toolDelta(pos, &ch.Delta.ToolCalls[pos])
		}
		if ch.FinishReason == "error" {
			return nil, &llm.APIError{Provider: d.provider, Type: "error", Message: "the server reported an error and ended the response"}
		}
		if ch.FinishReason != "" {
			d.finish = ch.FinishReason
		}
	}
	if c.Usage != nil {
		// Servers that report usage on several chunks report running
		// totals; the last report is the answer.
		d.usage = c.Usage
	}
	return d.parts, nil
}

func (d *decoder) add(kind llm.PartKind, text string) {
	if text != "" {
		d.parts = append(d.parts, llm.Part{Kind: kind, Text: text})
	}
}

// toolDelta handles one element of a delta's tool_calls. pos is its place
// in that list.
func (d *decoder) toolDelta(pos int, td *wireToolDelta) {
	idx := d.index(pos, td)
	if d.calls == nil {
		d.calls = make(map[int]*callState)
		d.byID = make(map[string]int)
	}
	c := d.calls[idx]
	name := td.Function.Name
	switch {
	case c == nil:
		c = &callState{id: td.ID, name: name}
		if c.id == "" {
			// A few local servers send no ids; the conversation still
			// needs one to pair the call with its result.
			c.id = "call_" + rand.Text()[:16]
		}
		d.calls[idx] = c
		d.parts = append(d.parts, llm.Part{Kind: llm.PartToolCallStart, Index: idx, ToolCallID: c.id, ToolName: c.name})
	case (td.ID != "" && td.ID != c.id) || (name != "" && name != c.name):
		// Ids and names are often repeated on later deltas; only news is
		// reported.
		if td.ID != "" {
			c.id = td.ID
		}
		if name != "" {
			c.name = name
		}
		d.parts = append(d.parts, llm.Part{Kind: llm.PartToolCallStart, Index: idx, ToolCallID: c.id, ToolName: c.name})
	}
	if td.ID != "" {
		d.byID[td.ID] = idx
	}
	d.next = max(d.next, idx+1)
	if args := string(td.Function.Arguments); args != "" {
		d.parts = append(d.parts, llm.Part{Kind: llm.PartToolCallDelta, Index: idx, Text: args})
	}
}

// index says which call a delta belongs to. Deltas are matched by their
// index, never by arrival order. Some servers omit the index (usually when
// there is one call): then a delta with an unseen id, or a second entry of
// the same delta, starts a new call, a known id finds its call, and
// anything else continues the call the previous index-less delta went to.
func (d *decoder) index(pos int, td *wireToolDelta) int {
	if td.Index != nil {
		return *td.Index
	}
	idx, known := d.byID[td.ID]
	switch {
	case td.ID != "" && known:
	case td.ID != "" || pos > 0 || d.implicit < 0:
		idx = d.next
	default:
		idx = d.implicit
	}
	d.implicit = idx
	return idx
}

// complete reports whether the server said the answer is finished. The SDK
// does not tell a clean close apart from "data: [DONE]", but every
// compatible server sends a finish_reason before either.
func (d *decoder) complete() bool { return d.finish != "" }

// end returns the closing parts: usage, if reported, then the finish reason.
func (d *decoder) end() []llm.Part {
	d.parts = d.parts[:0]
	if u := d.usage; u != nil {
		p := llm.Part{Kind: llm.PartUsage}
		p.Usage.InputTokens = u.PromptTokens
		p.Usage.OutputTokens = u.CompletionTokens
		p.Usage.CacheReadTokens = u.PromptCacheHitTokens
		if det := u.PromptTokensDetails; det != nil {
			if det.CachedTokens != 0 {
				p.Usage.CacheReadTokens = det.CachedTokens
			}
			p.Usage.CacheWriteTokens = det.CacheWriteTokens
		}
		if det := u.CompletionTokensDetails; det != nil {
			p.Usage.ReasoningTokens = det.ReasoningTokens
		}
		d.parts = append(d.parts, p)
	}
	return append(d.parts, llm.Part{Kind: llm.PartFinish, FinishReason: d.finishReason()})
}

// finishReason normalises the server's finish_reason. Some servers (older
// Ollama among them) say "stop" after tool calls; the calls are what
// matters.
func (d *decoder) finishReason() llm.FinishReason {
	switch d.finish {
	case "length", "max_tokens", "model_length":
		return llm.FinishLength
	case "content_filter", "safety":
		return llm.FinishContentFilter
	case "tool_calls", "function_call":
		return llm.FinishToolCalls
	}
	if len(d.calls) > 0 {
		return llm.FinishToolCalls
	}
	return llm.FinishStop
}

// flexString decodes a JSON string and ignores any other value, for
// fields some servers fill with objects of their own.
type flexString string

func (s *flexString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, (*string)(s))
	}
	*s = ""
	return nil
}

// arguments decodes tool-call arguments: normally a string holding a JSON
// fragment, but a few servers send the arguments as a JSON object.
type arguments string

func (a *arguments) UnmarshalJSON(b []byte) error {
	switch {
	case len(b) == 0 || string(b) == "null":
		*a = ""
	case b[0] == '"':
		return json.Unmarshal(b, (*string)(a))
	default:
		var buf bytes.Buffer
		if err := json.Compact(&buf, b); err != nil {
			return err
		}
		*a = arguments(buf.String())
	}
	return nil
}

// content decodes a delta's content: a string, null, or — from Mistral's
// reasoning models — a list of text and thinking parts.
type content struct{ text, reasoning string }

func (c *content) UnmarshalJSON(b []byte) error {
	switch {
	case len(b) == 0:
		return nil
	case b[0] == '"':
		return json.Unmarshal(b, &c.text)
	case b[0] != '[':
		return nil // null, or a shape nobody sends yet
	}
	var parts []struct {
		Type     string `json:"type"`
		Text     string `json:"text"`
		Thinking []struct {
			Text string `json:"text"`
		} `json:"thinking"`
	}
	if err := json.Unmarshal(b, &parts); err != nil {
		return err
	}
	for _, p := range parts {
		switch p.Type {
		case "text":
			c.text += p.Text
		case "thinking":
			for _, t := range p.Thinking {
				c.reasoning += t.Text
			}
		}
	}
	return nil
}
