package anthropic

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

type sseEvent struct{ name, data string }

// readAll reads every event of r and the error that ended them.
func readAll(r *sseReader) ([]sseEvent, error) {
	var out []sseEvent
	for {
		name, data, err := r.next()
		if err != nil {
			return out, err
		}
		out = append(out, sseEvent{string(name), string(data)})
	}
}

// chunked delivers s in reads of at most n bytes, so lines and line
// endings (CR and LF of one CRLF) arrive split across reads.
type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[n:]
	return n, nil
}

func TestSSEReader(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []sseEvent
	}{
		{"named events", "event: a\ndata: 1\n\nevent: b\ndata: 2\n\n",
			[]sseEvent{{"a", "1"}, {"b", "2"}}},
		{"multi-line data", "event: a\ndata: first\ndata:\ndata:  third\n\n",
			[]sseEvent{{"a", "first\n\n third"}}},
		{"CRLF", "event: a\r\ndata: {\"x\":1}\r\n\r\nevent: b\r\ndata: 2\r\n\r\n",
			[]sseEvent{{"a", `{"x":1}`}, {"b", "2"}}},
		{"CR", "event: a\rdata: 1\r\rdata: 2\r\r",
			[]sseEvent{{"a", "1"}, {"", "2"}}},
		{"mixed line endings", "data: 1\r\ndata: 2\rdata: 3\n\r\n",
			[]sseEvent{{"", "1\n2\n3"}}},
		{"comments and unknown fields", ": keep-alive\nevent: a\nid: 7\nretry: 1000\nfoo: bar\n: more\ndata: 1\n\n",
			[]sseEvent{{"a", "1"}}},
		{"no space after colon", "event:a\ndata:1\n\n",
			[]sseEvent{{"a", "1"}}},
		{"field without colon", "event: a\ndata\n\n",
			[]sseEvent{{"a", ""}}},
		{"event without data is dropped", "event: ping\n\nevent: a\ndata: 1\n\n",
			[]sseEvent{{"a", "1"}}},
		{"name does not carry over", "event: a\ndata: 1\n\ndata: 2\n\n",
			[]sseEvent{{"a", "1"}, {"", "2"}}},
		{"blank lines between events", "\n\n\r\ndata: 1\n\n\n\n",
			[]sseEvent{{"", "1"}}},
		{"unfinished last event is dropped", "data: 1\n\ndata: 2\n",
			[]sseEvent{{"", "1"}}},
		{"unterminated last line", "data: 1\n\ndata: 2",
			[]sseEvent{{"", "1"}}},
		{"empty", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{1, 2, 3, 5, len(tc.in) + 1} {
				got, err := readAll(newSSEReader(&chunked{tc.in, n}, maxEventSize))
				if err != io.EOF {
					t.Errorf("reads of %d: err = %v, want io.EOF", n, err)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("reads of %d: events = %q, want %q", n, got, tc.want)
				}
			}
		})
	}
}

func TestSSEReaderLimits(t *testing.T) {
	const limit = 64
	ok := "data: " + strings.Repeat("x", 40) + "\n\n"
	got, err := readAll(newSSEReader(strings.NewReader(ok), limit))
	if err != io.EOF || len(got) != 1 || len(got[0].data) != 40 {
		t.Errorf("line under the limit: %q, %v", got, err)
	}

	for name, in := range map[string]string{
		"long line":     ok + "data: " + strings.Repeat("x", 200) + "\n\n" + ok,
		"long unending": ok + "data: " + strings.Repeat("x", 200),
		"many lines":    ok + strings.Repeat("data: "+strings.Repeat("y", 20)+"\n", 5) + "\n" + ok,
	} {
		t.Run(name, func(t *testing.T) {
			got, err := readAll(newSSEReader(iotest.HalfReader(strings.NewReader(in)), limit))
			if !errors.Is(err, errEventTooLarge) || !strings.Contains(err.Error(), "64 bytes") {
				t.Fatalf("err = %v, want errEventTooLarge naming the limit", err)
			}
			if len(got) != 1 {
				t.Errorf("events before the error = %q, want the first one only", got)
			}
		})
	}
}

func TestSSEReaderReadError(t *testing.T) {
	broken := io.MultiReader(strings.NewReader("data: 1\n\ndata: 2\n"), iotest.ErrReader(io.ErrUnexpectedEOF))
	got, err := readAll(newSSEReader(broken, maxEventSize))
	if !errors.Is(err, io.ErrUnexpectedEOF) || len(got) != 1 {
		t.Errorf("events = %q, err = %v; want one event, then io.ErrUnexpectedEOF", got, err)
	}
}

// TestSSEReaderDispatchesAtOnce checks that an event is returned as soon as
// its blank line arrives, with the connection still open: a reader that
// waited for the next byte (to see whether an LF follows a CR) would hold
// back the model's output until the next event.
func TestSSEReaderDispatchesAtOnce(t *testing.T) {
	for _, end := range []string{"\n\n", "\r\r", "\r\n\r\n"} {
		pr, pw := io.Pipe()
		r := newSSEReader(pr, maxEventSize)
		go pw.Write([]byte("data: 1" + end))
		got := make(chan string, 1)
		go func() {
			_, data, err := r.next()
			if err != nil {
				got <- err.Error()
				return
			}
			got <- string(data)
		}()
		select {
		case d := <-got:
			if d != "1" {
				t.Errorf("%q: data = %q", end, d)
			}
		case <-time.After(10 * time.Second): // a hang guard, not a speed check
			t.Errorf("%q: the event was not returned while the stream stayed open", end)
		}
		pw.Close()
	}
}
