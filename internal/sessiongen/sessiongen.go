// Package sessiongen writes deterministic synthetic conversations as JSONL
// (OpenAI message shape, what `herm sessions import` reads), for seeding
// big stores in benchmarks and tests. The same Config always produces the
// same bytes.
//
// The text looks like agent work to the full-text index: a vocabulary of a
// few thousand words drawn with a Zipf distribution (a few very common
// words, a long tail of rare ones), user questions, assistant answers,
// terminal and read_file calls with JSON arguments and their outputs.
package sessiongen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
)

// RareTerm appears in exactly Config.RareHits messages of the output, for
// measuring a search for a term that almost nothing contains.
const RareTerm = "xylophonic"

// Config says what to generate.
type Config struct {
	// Sessions and Messages: Messages are spread evenly over the sessions
	// (after BigSession's share).
	Sessions, Messages int
	// BigSession, when positive, makes the first session this many
	// messages long (a long-running conversation to open).
	BigSession int
	// RareHits is how many messages contain RareTerm (default 10).
	RareHits int
	// Seed makes different but still deterministic data.
	Seed uint64
}

// Stats describe what Write produced.
type Stats struct {
	Sessions, Messages int
	Bytes              int64
	RareHits           int
}

// Write writes c.Sessions lines to w.
func Write(w io.Writer, c Config) (Stats, error) {
	if c.Sessions <= 0 || c.Messages < c.Sessions {
		return Stats{}, fmt.Errorf("sessiongen: need at least one message per session (%d sessions, %d messages)", c.Sessions, c.Messages)
	}
	if c.RareHits <= 0 {
		c.RareHits = 10
	}
	g := newGen(c.Seed)
	bw := bufio.NewWriterSize(w, 1<<20)
	cw := &countWriter{w: bw}
	enc := json.NewEncoder(cw)
	enc.SetEscapeHTML(false)

	var st Stats
	rest := c.Messages
	restSessions := c.Sessions
	if c.BigSession > 0 && c.Sessions > 1 {
		rest -= c.BigSession
		restSessions--
	}
	// Rare messages are spread evenly over the whole output (never in a
	// system prompt: a search there would find every copy of it).
	rareEvery := max(c.Messages/c.RareHits, 1)
	msgIndex, rareDue := 0, false
	for i := range c.Sessions {
		n := rest / restSessions
		if i == 0 && c.BigSession > 0 && c.Sessions > 1 {
			n = c.BigSession
		} else {
			rest -= n
			restSessions--
		}
		msgs := g.conversation(n)
		for j := range msgs {
			if msgIndex%rareEvery == rareEvery/2 {
				rareDue = true
			}
			if rareDue && msgs[j].Role != "system" && st.RareHits < c.RareHits {
				msgs[j].Content += " " + RareTerm
				st.RareHits++
				rareDue = false
			}
			msgIndex++
		}
		if err := enc.Encode(line{Messages: msgs}); err != nil {
			return st, err
		}
		st.Sessions++
		st.Messages += len(msgs)
	}
	if err := bw.Flush(); err != nil {
		return st, err
	}
	st.Bytes = cw.n
	return st, nil
}

type line struct {
	Messages []message `json:"messages"`
}

type message struct {
	Role       string     `json:"role"`
	Content    string     `json:"content"`
	ToolCalls  []toolCall `json:"tool_calls,omitempty"`
	ToolCallID string     `json:"tool_call_id,omitempty"`
}

type toolCall struct {
	ID       string   `json:"id"`
	Type     string   `json:"type"`
	Function function `json:"function"`
}

type function struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

type gen struct {
	r     *rand.Rand
	zipf  *rand.Zipf
	vocab []string
	calls int
}

// technical words mixed into the generated vocabulary.
var technical = strings.Fields(`file function error test build run go module package import return
	value string request response server client handler config database query index table row
	deploy docker kubernetes pod log trace panic retry timeout context cancel commit branch merge
	rebase install upgrade version cache memory cpu thread lock mutex channel goroutine struct
	interface method pointer slice map json yaml http https tls cert token auth session user`)

func newGen(seed uint64) *gen {
	r := rand.New(rand.NewPCG(seed, 0x5e55_1075))
	syll := strings.Fields("ka ri to mo na se lu pe di go ba ve xi zu fa ne co ra mi te lo")
	vocab := append([]string(nil), technical...)
	seen := map[string]bool{}
	for _, w := range vocab {
		seen[w] = true
	}
	for len(vocab) < 6000 {
		n := 2 + r.IntN(3)
		var b strings.Builder
		for range n {
			b.WriteString(syll[r.IntN(len(syll))])
		}
		if w := b.String(); !seen[w] && w != RareTerm {
			seen[w] = true
			vocab = append(vocab, w)
		}
	}
	return &gen{r: r, vocab: vocab, zipf: rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))}
}

func (g *gen) words(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.vocab[g.zipf.Uint64()])
	}
	return b.String()
}

// conversation makes n messages: a system prompt, then user turns answered
// by the assistant, some through a tool call and its result.
func (g *gen) conversation(n int) []message {
	msgs := make([]message, 0, n)
	msgs = append(msgs, message{Role: "system", Content: "You are herm, an autonomous agent. " + g.words(60)})
	for len(msgs) < n {
		left := n - len(msgs)
		switch {
		case msgs[len(msgs)-1].Role != "user" && msgs[len(msgs)-1].Role != "tool":
			msgs = append(msgs, message{Role: "user", Content: g.words(8+g.r.IntN(30)) + "?"})
		case left >= 3 && g.r.IntN(3) == 0:
			g.calls++
			id := fmt.Sprintf("call_%d", g.calls)
			var c toolCall
			if g.r.IntN(2) == 0 {
				args, _ := json.Marshal(map[string]string{"command": "grep -rn " + g.words(1) + " ./" + g.words(1)})
				c = toolCall{ID: id, Type: "function", Function: function{Name: "terminal", Arguments: string(args)}}
			} else {
				args, _ := json.Marshal(map[string]string{"path": g.words(1) + "/" + g.words(1) + ".go"})
				c = toolCall{ID: id, Type: "function", Function: function{Name: "read_file", Arguments: string(args)}}
			}
			msgs = append(msgs,
				message{Role: "assistant", Content: g.words(5 + g.r.IntN(15)), ToolCalls: []toolCall{c}},
				message{Role: "tool", ToolCallID: id, Content: g.words(20 + g.r.IntN(120))})
		default:
			msgs = append(msgs, message{Role: "assistant", Content: g.words(15 + g.r.IntN(90))})
		}
	}
	return msgs[:n]
}
