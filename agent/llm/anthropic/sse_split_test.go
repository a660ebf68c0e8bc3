package anthropic

import (
	"io"
	"math/rand"
	"strings"
	"testing"
)

// randReader returns its string in reads of 1-9 bytes, so every line
// ending falls on every kind of read boundary over the seeds. Like an HTTP
// body, its last read may come with io.EOF.
type randReader struct {
	s string
	r *rand.Rand
}

func (r *randReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := min(1+r.r.Intn(9), len(r.s), len(p))
	copy(p, r.s[:n])
	r.s = r.s[n:]
	if r.s == "" && r.r.Intn(2) == 0 {
		return n, io.EOF
	}
	return n, nil
}

// Events come out whole however the body is cut into reads.
func TestSSERandomReadBoundaries(t *testing.T) {
	body := "event: a\r\ndata: 1\r\n\r\nevent: b\r\ndata: 2\r\n\r\nevent: c\r\ndata: 3\r\n\r\n"
	for seed := int64(0); seed < 2000; seed++ {
		s := newSSEReader(&randReader{s: body, r: rand.New(rand.NewSource(seed))}, 1<<20)
		var got []string
		for {
			n, d, err := s.next()
			if err != nil {
				break
			}
			got = append(got, string(n)+"="+string(d))
		}
		if strings.Join(got, ",") != "a=1,b=2,c=3" {
			t.Fatalf("seed %d: %v", seed, got)
		}
	}
}
