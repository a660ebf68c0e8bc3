package anthropic_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/agent/llm/anthropic"
)

// streamBody renders a realistic stream of exactly n events (n >= 8): a text
// block of short deltas and a tool_use block of argument fragments.
func streamBody(n int) []byte {
	var b bytes.Buffer
	ev := func(name, data string) { fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", name, data) }
	ev("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-test-1","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":2048,"cache_read_input_tokens":1024,"cache_creation_input_tokens":0,"output_tokens":1}}}`)
	b.WriteString("event: ping\ndata: {\"type\": \"ping\"}\n\n")
	deltas := n - 7
	json := deltas / 5
	text := deltas - json
	ev("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`)
	for range text {
		ev("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"some words "}}`)
	}
	ev("content_block_stop", `{"type":"content_block_stop","index":0}`)
	ev("content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"terminal","input":{}}}`)
	for range json {
		ev("content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\"ab"}}`)
	}
	ev("content_block_stop", `{"type":"content_block_stop","index":1}`)
	ev("message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":900}}`)
	ev("message_stop", `{"type":"message_stop"}`)
	return b.Bytes()
}

// BenchmarkStream1000Events measures the client side of one 1,000-event
// response over real HTTP on 127.0.0.1: SSE decoding, event unmarshalling
// and the mapping to parts.
func BenchmarkStream1000Events(b *testing.B) {
	body := streamBody(1000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("content-type", "text/event-stream")
		w.Write(body)
	}))
	defer srv.Close()
	p := anthropic.New(anthropic.Config{BaseURL: srv.URL, APIKey: testKey})
	req := userReq("go")
	ctx := context.Background()

	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		parts := 0
		for _, err := range p.Stream(ctx, req) {
			if err != nil {
				b.Fatal(err)
			}
			parts++
		}
		if parts < 990 {
			b.Fatalf("got %d parts", parts)
		}
	}
}

// TestBenchmarkBody keeps the benchmark's input honest: it must parse into
// the message it describes.
func TestBenchmarkBody(t *testing.T) {
	body := streamBody(1000)
	if n := bytes.Count(body, []byte("\n\n")) - 1; n != 1000 { // minus the ping
		t.Fatalf("body has %d events", n)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("content-type", "text/event-stream")
		w.Write(body)
	}))
	defer srv.Close()
	_, acc := mustRun(t, anthropic.New(anthropic.Config{BaseURL: srv.URL}), userReq("go"))
	msg := acc.Message()
	if len(msg.ToolCalls) != 1 || len(msg.ToolCalls[0].Arguments) != 3*198 || acc.Finish != llm.FinishToolCalls {
		t.Errorf("message = %d calls, finish %q", len(msg.ToolCalls), acc.Finish)
	}
	if acc.Usage.InputTokens != 3072 || acc.Usage.OutputTokens != 900 {
		t.Errorf("usage = %+v", acc.Usage)
	}
}
