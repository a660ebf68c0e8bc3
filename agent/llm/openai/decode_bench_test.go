package openai

import (
	"testing"

	"github.com/herm-dev/herm/agent/llm"
)

// BenchmarkDecodeChunk isolates decoding of typical text and tool-call
// chunks from the network.
func BenchmarkDecodeChunk(b *testing.B) {
	chunks := [][]byte{
		[]byte(`{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"content":"abcd"},"logprobs":null,"finish_reason":null}],"usage":null}`),
		[]byte(`{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","system_fingerprint":"fp_1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"type":"function","function":{"arguments":"\"ls"}}]},"logprobs":null,"finish_reason":null}],"usage":null}`),
	}
	d := newDecoder("bench", llm.Redactor{})
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range chunks {
			if _, err := d.decode(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}
