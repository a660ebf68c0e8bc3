package openai_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/fakellm"
)

// Each test feeds the adapter a stream a real server has been seen to send.

func rawStream(t *testing.T, payloads ...string) (*llm.Accumulator, []llm.Part, error) {
	t.Helper()
	s, p := newFake(t)
	s.Script.Push(fakellm.Reply{Raw: payloads})
	parts, acc, err := collect(p.Stream(t.Context(), userReq("hi")))
	return acc, parts, err
}

func TestToolCallDeltasWithoutIndex(t *testing.T) {
	acc, parts, err := rawStream(t,
		`{"choices":[{"delta":{"role":"assistant","tool_calls":[{"id":"call_x","type":"function","function":{"name":"terminal","arguments":""}}]}}]}`,
		`{"choices":[{"delta":{"tool_calls":[{"type":"function","function":{"arguments":"{\"comm"}}]}}]}`,
		`{"choices":[{"delta":{"tool_calls":[{"type":"function","function":{"arguments":"and\":\"ls\"}"}}]}}]}`,
		`{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}`,
	)
	if err != nil {
		t.Fatal(err)
	}
	m := acc.Message()
	if len(m.ToolCalls) != 1 || m.ToolCalls[0].ID != "call_x" || m.ToolCalls[0].Name != "terminal" || m.ToolCalls[0].Arguments != `{"command":"ls"}` {
		t.Errorf("calls = %+v", m.ToolCalls)
	}
	for _, p := range parts {
		if p.Kind == llm.PartToolCallDelta && p.Index != 0 {
			t.Errorf("index-less delta went to index %d", p.Index)
		}
	}
}

func TestCompleteCallsWithoutIndexStayApart(t *testing.T) {
	// Some gateways send each parallel call whole, without an index, in
	// one chunk or in several.
	acc, _, err := rawStream(t,
		`{"choices":[{"delta":{"tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{\"n\":1}"}},{"id":"b","type":"function","function":{"name":"g","arguments":"{\"n\":2}"}}]}}]}`,
		`{"choices":[{"delta":{"tool_calls":[{"id":"c","type":"function","function":{"name":"h","arguments":{"n":3}}}]}}]}`,
		`{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}`,
	)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tc := range acc.Message().ToolCalls {
		got = append(got, tc.ID+":"+tc.Name+":"+tc.Arguments)
	}
	want := `a:f:{"n":1} b:g:{"n":2} c:h:{"n":3}`
	if strings.Join(got, " ") != want {
		t.Errorf("calls = %v, want %s", got, want)
	}
}

func TestToolCallWithoutIDGetsOne(t *testing.T) {
	acc, _, err := rawStream(t,
		`{"choices":[{"delta":{"tool_calls":[{"index":0,"function":{"name":"todo","arguments":"{}"}}]}}]}`,
		`{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}`,
	)
	if err != nil {
		t.Fatal(err)
	}
	if calls := acc.Message().ToolCalls; len(calls) != 1 || !strings.HasPrefix(calls[0].ID, "call_") {
		t.Errorf("calls = %+v", calls)
	}
}

func TestStopAfterToolCallsMeansToolCalls(t *testing.T) {
	acc, _, err := rawStream(t,
		`{"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}`,
		`{"choices":[{"delta":{},"finish_reason":"stop"}]}`,
	)
	if err != nil || acc.Finish != llm.FinishToolCalls {
		t.Errorf("finish %q err %v", acc.Finish, err)
	}
}

func TestReasoningFieldVariants(t *testing.T) {
	acc, _, err := rawStream(t,
		`{"choices":[{"delta":{"reasoning":"openrouter "}}]}`,
		`{"choices":[{"delta":{"reasoning_content":"deepseek ","reasoning":"deepseek "}}]}`,
		`{"choices":[{"delta":{"reasoning":{"unexpected":"object"}}}]}`,
		`{"choices":[{"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"mistral"}]},{"type":"text","text":"Answer"}]}}]}`,
		`{"choices":[{"delta":{"content":null},"finish_reason":"stop"}]}`,
	)
	if err != nil {
		t.Fatal(err)
	}
	if acc.Reasoning() != "openrouter deepseek mistral" || acc.Text() != "Answer" {
		t.Errorf("reasoning %q text %q", acc.Reasoning(), acc.Text())
	}
}

func TestUsageVariants(t *testing.T) {
	acc, parts, err := rawStream(t,
		`{"choices":[{"delta":{"content":"a"}}],"usage":{"prompt_tokens":10,"completion_tokens":1}}`,
		`{"choices":[{"delta":{"content":"b"},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":2,"prompt_cache_hit_tokens":8}}`,
		`{"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":3,"prompt_tokens_details":{"cached_tokens":6,"cache_write_tokens":2},"completion_tokens_details":{"reasoning_tokens":1}}}`,
	)
	if err != nil {
		t.Fatal(err)
	}
	want := llm.Usage{InputTokens: 10, OutputTokens: 3, CacheReadTokens: 6, CacheWriteTokens: 2, ReasoningTokens: 1}
	if acc.Usage != want || count(parts, llm.PartUsage) != 1 {
		t.Errorf("usage = %+v in %d parts, want %+v once", acc.Usage, count(parts, llm.PartUsage), want)
	}
}

func TestKeepAliveAndOtherChoicesAreIgnored(t *testing.T) {
	acc, _, err := rawStream(t,
		``,
		`{"choices":[{"index":1,"delta":{"content":"other choice"}},{"index":0,"delta":{"content":"mine"}}]}`,
		`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
	)
	if err != nil || acc.Text() != "mine" {
		t.Errorf("text %q err %v", acc.Text(), err)
	}
}

func TestErrorInsideTheStream(t *testing.T) {
	cases := map[string][]string{
		// OpenRouter: an error chunk after some output.
		"openrouter": {
			`{"choices":[{"index":0,"delta":{"content":"partial"}}]}`,
			`{"id":"gen-1","object":"chat.completion.chunk","error":{"code":502,"message":"Provider disconnected unexpectedly"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}`,
		},
		// A bare error object as an event, which the SDK intercepts itself.
		"sdk": {
			`{"choices":[{"index":0,"delta":{"content":"partial"}}]}`,
			`{"error":{"message":"Provider disconnected unexpectedly","type":"server_error"}}`,
		},
		// vLLM's flat error object.
		"vllm": {
			`{"choices":[{"index":0,"delta":{"content":"partial"}}]}`,
			`{"object":"error","message":"Provider disconnected unexpectedly","type":"InternalServerError","code":500}`,
		},
	}
	for name, payloads := range cases {
		t.Run(name, func(t *testing.T) {
			acc, _, err := rawStream(t, payloads...)
			ae, ok := errors.AsType[*llm.APIError](err)
			if !ok {
				t.Fatalf("err = %v (%T), want *llm.APIError", err, err)
			}
			if ae.StatusCode != 0 || ae.Provider != "fake" || !strings.Contains(ae.Message, "Provider disconnected unexpectedly") {
				t.Errorf("APIError = %+v", ae)
			}
			if acc.Text() != "partial" {
				t.Errorf("text before the error = %q", acc.Text())
			}
		})
	}
}

func TestFinishReasonErrorWithoutDetails(t *testing.T) {
	_, _, err := rawStream(t, `{"choices":[{"index":0,"delta":{},"finish_reason":"error"}]}`)
	if ae, ok := errors.AsType[*llm.APIError](err); !ok || ae.Type != "error" {
		t.Errorf("err = %v", err)
	}
}

func TestContentFilterFinish(t *testing.T) {
	acc, _, err := rawStream(t, `{"choices":[{"index":0,"delta":{},"finish_reason":"content_filter"}]}`)
	if err != nil || acc.Finish != llm.FinishContentFilter {
		t.Errorf("finish %q err %v", acc.Finish, err)
	}
}
