package openai

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"

	goopenai "github.com/sashabaranov/go-openai"

	"github.com/herm-dev/herm/agent/llm"
)

// emptyParameters is the schema sent for a tool without one: several
// servers reject a function whose "parameters" is missing or null.
const emptyParameters = `{"type":"object","properties":{}}`

// noOutput stands in for an empty tool result: OpenAI rejects a tool
// message without content, and the SDK omits empty content.
const noOutput = "(no output)"

// chatRequest maps an llm.Request to the Chat Completions wire request.
func (p *Provider) chatRequest(r llm.Request) (goopenai.ChatCompletionRequest, error) {
	if r.Model == "" {
		return goopenai.ChatCompletionRequest{}, fmt.Errorf("%s: no model set: configure the model name to use with this provider", p.name)
	}
	msgs := make([]goopenai.ChatCompletionMessage, 0, len(r.Messages)+1)
	if r.System != "" {
		msgs = append(msgs, goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleSystem, Content: r.System})
	}
	for i, m := range r.Messages {
		cm, ok, err := message(m)
		if err != nil {
			return goopenai.ChatCompletionRequest{}, fmt.Errorf("%s: message %d: %w", p.name, i, err)
		}
		if ok {
			msgs = append(msgs, cm)
		}
	}
	creq := goopenai.ChatCompletionRequest{
		Model:           r.Model,
		Messages:        msgs,
		MaxTokens:       r.MaxTokens,
		ReasoningEffort: r.ReasoningEffort,
		Stream:          true,
		// Without include_usage, OpenAI and most compatible servers report
		// no token counts at all for streamed responses.
		StreamOptions: &goopenai.StreamOptions{IncludeUsage: true},
	}
	if r.Temperature != nil {
		creq.Temperature = float32(*r.Temperature)
		if creq.Temperature == 0 {
			// The SDK omits a zero temperature, which would leave the
			// server's default (usually 1) in force. The smallest positive
			// float32 serialises as a number the server treats as 0.
			creq.Temperature = math.SmallestNonzeroFloat32
		}
	}
	for _, t := range r.Tools {
		params := t.Parameters
		if len(params) == 0 || string(params) == "null" {
			params = json.RawMessage(emptyParameters)
		}
		creq.Tools = append(creq.Tools, goopenai.Tool{
			Type: goopenai.ToolTypeFunction,
			Function: &goopenai.FunctionDefinition{
				Name:        t.Name,
				Description: t.Description,
				Parameters:  params,
			},
		})
	}
	if err := fitModel(&creq); err != nil {
		return goopenai.ChatCompletionRequest{}, fmt.Errorf("%s: model %s cannot take this request: %w", p.name, r.Model, err)
	}
	return creq, nil
}

// fitModel adjusts the request to what OpenAI's reasoning models (o-series,
// gpt-5…) accept, using the SDK's own knowledge of them: the output cap
// moves to max_completion_tokens, and a temperature other than the default
// is dropped rather than failing the call, so one configured temperature
// can serve a fallback chain of mixed models. Anything else the SDK rejects
// is returned.
func fitModel(creq *goopenai.ChatCompletionRequest) error {
	v := goopenai.NewReasoningValidator()
	for {
		err := v.Validate(*creq)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, goopenai.ErrReasoningModelMaxTokensDeprecated) && creq.MaxTokens > 0:
			creq.MaxCompletionTokens, creq.MaxTokens = creq.MaxTokens, 0
		case (errors.Is(err, goopenai.ErrReasoningModelLimitationsOther) ||
			errors.Is(err, goopenai.ErrReasoningSamplingUnsupported)) && creq.Temperature != 0:
			creq.Temperature = 0
		default:
			return err
		}
	}
}

// message maps one llm.Message. ok is false for a message that must not be
// sent: an assistant message with neither text nor tool calls (left by an
// interrupted turn), which servers reject as empty.
func message(m llm.Message) (cm goopenai.ChatCompletionMessage, ok bool, err error) {
	switch m.Role {
	case llm.RoleSystem:
		return goopenai.ChatCompletionMessage{Role: goopenai.ChatMessageRoleSystem, Content: m.Content}, true, nil

	case llm.RoleUser:
		cm.Role = goopenai.ChatMessageRoleUser
		if len(m.Images) == 0 {
			cm.Content = m.Content
			return cm, true, nil
		}
		if m.Content != "" {
			cm.MultiContent = append(cm.MultiContent, goopenai.ChatMessagePart{
				Type: goopenai.ChatMessagePartTypeText, Text: m.Content,
			})
		}
		for _, img := range m.Images {
			cm.MultiContent = append(cm.MultiContent, goopenai.ChatMessagePart{
				Type:     goopenai.ChatMessagePartTypeImageURL,
				ImageURL: &goopenai.ChatMessageImageURL{URL: dataURL(img)},
			})
		}
		return cm, true, nil

	case llm.RoleAssistant:
		if m.Content == "" && len(m.ToolCalls) == 0 {
			return cm, false, nil
		}
		cm = goopenai.ChatCompletionMessage{
			Role:    goopenai.ChatMessageRoleAssistant,
			Content: m.Content,
			// Servers that think out loud (DeepSeek, vLLM, llama.cpp) want
			// their reasoning back during a tool loop; it is only ever set
			// when the server produced it.
			ReasoningContent: m.Reasoning,
		}
		for _, tc := range m.ToolCalls {
			args := tc.Arguments
			if args == "" {
				args = "{}"
			}
			cm.ToolCalls = append(cm.ToolCalls, goopenai.ToolCall{
				ID:       tc.ID,
				Type:     goopenai.ToolTypeFunction,
				Function: goopenai.FunctionCall{Name: tc.Name, Arguments: args},
			})
		}
		return cm, true, nil

	case llm.RoleTool:
		if m.ToolCallID == "" {
			return cm, false, errors.New("tool result without the id of the call it answers")
		}
		content := m.Content
		if content == "" {
			content = noOutput
		}
		return goopenai.ChatCompletionMessage{
			Role: goopenai.ChatMessageRoleTool, Content: content, ToolCallID: m.ToolCallID,
		}, true, nil
	}
	return cm, false, fmt.Errorf("unknown role %q", m.Role)
}

// dataURL inlines an image as a data: URL, the form every OpenAI-compatible
// server accepts.
func dataURL(img llm.Image) string {
	mt := img.MediaType
	if mt == "" {
		mt = http.DetectContentType(img.Data)
	}
	return "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(img.Data)
}
