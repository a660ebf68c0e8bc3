package openai_test

import (
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/fakellm"
)

// BenchmarkStream1000Chunks measures a whole streamed answer of 1,000 text
// chunks from the fake over real HTTP on 127.0.0.1: request, SSE reading,
// chunk decoding and accumulation.
func BenchmarkStream1000Chunks(b *testing.B) {
	s, p := newFake(b)
	text := strings.Repeat("abcd", 1000)
	s.Script.Respond(func(fakellm.Request) fakellm.Reply { return fakellm.Reply{Text: text} })
	req := userReq("hi")
	b.ReportAllocs()
	for b.Loop() {
		var acc llm.Accumulator
		for part, err := range p.Stream(b.Context(), req) {
			if err != nil {
				b.Fatal(err)
			}
			acc.Add(part)
		}
		if len(acc.Text()) != len(text) {
			b.Fatalf("got %d bytes of text", len(acc.Text()))
		}
	}
}
