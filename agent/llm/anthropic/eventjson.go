package anthropic

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// eventJSON decodes the JSON data of a stream's events, one value per
// event, with a single json.Decoder for the whole stream. json.Unmarshal
// would set up a fresh decoder state, error context and scanner stack for
// every event: over half of the allocations of decoding one.
type eventJSON struct {
	src bytes.Reader
	dec *json.Decoder
	fed int64 // bytes given to dec so far
}

func newEventJSON() *eventJSON {
	j := &eventJSON{}
	j.dec = json.NewDecoder(&j.src)
	return j
}

// decode decodes data, which must hold exactly one JSON value, into v.
// After an error the eventJSON is unusable.
func (j *eventJSON) decode(data []byte, v any) error {
	j.src.Reset(data)
	j.fed += int64(len(data))
	if err := j.dec.Decode(v); err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			// Not a transport failure: the value ended with the event.
			return errors.New("the event's data is not a complete JSON value")
		}
		return err
	}
	// Whitespace after the value stays in the decoder, to be skipped before
	// the next value; anything else is not one value per event.
	if rest := j.fed - j.dec.InputOffset(); rest > 0 && rest <= int64(len(data)) &&
		len(bytes.TrimSpace(data[int64(len(data))-rest:])) > 0 {
		return errors.New("the event's data holds more than one JSON value")
	}
	return nil
}

// word is a JSON string that is usually one of the protocol's type names.
// Every event carries one or two; decoding them as plain strings would
// allocate a copy each time, while these are the constants.
type word string

func (w *word) UnmarshalJSON(b []byte) error {
	switch string(b) { // compared, not copied
	case `"content_block_delta"`:
		*w = "content_block_delta"
	case `"text_delta"`:
		*w = "text_delta"
	case `"input_json_delta"`:
		*w = "input_json_delta"
	case `"thinking_delta"`:
		*w = "thinking_delta"
	case `"signature_delta"`:
		*w = "signature_delta"
	case `"content_block_start"`:
		*w = "content_block_start"
	case `"content_block_stop"`:
		*w = "content_block_stop"
	case `"message_start"`:
		*w = "message_start"
	case `"message_delta"`:
		*w = "message_delta"
	case `"message_stop"`:
		*w = "message_stop"
	case "null":
	default:
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*w = word(s)
	}
	return nil
}
