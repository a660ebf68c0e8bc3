package anthropic

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// maxEventSize bounds one SSE line, and the data of one event. The API's
// events are small (a delta is a few words); a compatible server may put a
// whole tool input in content_block_start, but no model writes megabytes of
// arguments. The bound keeps a runaway or hostile server from making herm
// buffer without limit.
const maxEventSize = 8 << 20

// sseReader splits a text/event-stream body into events, as the HTML
// living standard's event stream interpretation does: lines end in LF, CRLF
// or CR; "event:" names the event, "data:" lines are joined with LF, lines
// starting with ":" are comments, a blank line dispatches the event, and an
// event without data is dropped, as is a last event the stream cut before
// its blank line.
type sseReader struct {
	scan *bufio.Scanner
	max  int
	// lastCR records that the previous line ended in CR, so an LF at the
	// start of the next read belongs to it (a CRLF split across reads).
	lastCR bool

	name []byte // event name of the event being read; reused
	data []byte // data of the event being read; reused
}

// errEventTooLarge reports a line or event larger than the reader's bound.
var errEventTooLarge = errors.New("event too large")

func newSSEReader(r io.Reader, max int) *sseReader {
	s := &sseReader{scan: bufio.NewScanner(r), max: max}
	s.scan.Buffer(make([]byte, 0, min(64<<10, max)), max)
	s.scan.Split(s.splitLine)
	return s
}

// splitLine is a bufio.SplitFunc for SSE lines. A CR ends its line at once,
// rather than after a look at the next byte for an LF: an event whose blank
// line is the last byte received is dispatched now, not when more arrives.
//
// The LF of a CRLF split across reads is skipped in the same call that
// returns the next line: once the body has ended, bufio.Scanner gives the
// split function one call per Scan and drops whatever is left when that
// call returns no line, so returning just the skipped LF there would lose
// every event of the body's last read.
func (s *sseReader) splitLine(data []byte, atEOF bool) (advance int, token []byte, err error) {
	skip := 0
	if s.lastCR && len(data) > 0 {
		s.lastCR = false
		if data[0] == '\n' {
			skip, data = 1, data[1:]
		}
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		s.lastCR = data[i] == '\r'
		if s.lastCR && i+1 < len(data) && data[i+1] == '\n' {
			s.lastCR = false
			return skip + i + 2, data[:i], nil
		}
		return skip + i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		// An unterminated last line: never part of a complete event, but
		// returned so the event it belongs to is left undispatched below.
		return skip + len(data), data, nil
	}
	return skip, nil, nil
}

// next returns the next event's name and data, or an error: io.EOF at the
// end of the stream. The slices are valid until the next call.
func (s *sseReader) next() (name, data []byte, err error) {
	s.name, s.data = s.name[:0], s.data[:0]
	hasData := false
	for s.scan.Scan() {
		line := s.scan.Bytes()
		if len(line) == 0 {
			if !hasData {
				s.name = s.name[:0] // no data: nothing to dispatch
				continue
			}
			return s.name, s.data, nil
		}
		if line[0] == ':' {
			continue // a comment; servers send them to keep connections alive
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		if len(value) > 0 && value[0] == ' ' {
			value = value[1:]
		}
		switch string(field) { // no allocation: the conversion is only compared
		case "event":
			s.name = append(s.name[:0], value...)
		case "data":
			if hasData {
				s.data = append(s.data, '\n')
			}
			if len(s.data)+len(value) > s.max {
				return nil, nil, fmt.Errorf("%w: the data of one event exceeds %d bytes", errEventTooLarge, s.max)
			}
			s.data = append(s.data, value...)
			hasData = true
		}
		// id and retry serve reconnection, which a model's answer cannot
		// resume; other fields are ignored, as the standard says.
	}
	if err := s.scan.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, nil, fmt.Errorf("%w: a line exceeds %d bytes", errEventTooLarge, s.max)
		}
		return nil, nil, err
	}
	return nil, nil, io.EOF
}
