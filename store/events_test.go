package store

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

func TestEvents(t *testing.T) {
	s := openTest(t)
	sess := newSession(t, s)
	ctx := context.Background()
	for _, k := range []string{"retry", "fallback"} {
		if err := s.AppendEvent(ctx, &Event{SessionID: sess.ID, Kind: k, Data: json.RawMessage(`{"attempt":1}`)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AppendEvent(ctx, &Event{SessionID: sess.ID, Kind: "x", Data: json.RawMessage(`{nope`)}); err == nil {
		t.Error("invalid JSON accepted")
	}
	if err := s.AppendEvent(ctx, &Event{SessionID: "missing", Kind: "retry"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown session: %v", err)
	}
	evs, err := s.Events(ctx, sess.ID)
	if err != nil || len(evs) != 2 || evs[0].Kind != "retry" || evs[1].Kind != "fallback" || string(evs[0].Data) != `{"attempt":1}` {
		t.Fatalf("%+v %v", evs, err)
	}
}
