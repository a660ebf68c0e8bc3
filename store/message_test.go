package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestMessagesRoundTripInOrder(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	at := time.Date(2026, 2, 2, 2, 2, 2, 123456789, time.UTC)

	in := []*Message{
		{SessionID: sess.ID, Role: "system", Content: "You are herm.", Complete: true},
		{SessionID: sess.ID, Role: "user", Content: "list files ✨ with ünïcode", Complete: true, CreatedAt: at},
		{
			SessionID: sess.ID, Role: "assistant", Reasoning: "need ls", ReasoningSignature: "sig==",
			ToolCalls: []ToolCall{
				{ID: "call_1", Name: "terminal", Arguments: `{"command":"ls -la \"/tmp\"","timeout":30}`},
				{ID: "call_2", Name: "read_file", Arguments: `{"path":"a.txt"}`},
			},
			FinishReason: "tool_calls", TokenCount: 42, Complete: true,
		},
		{SessionID: sess.ID, Role: "tool", ToolCallID: "call_1", ToolName: "terminal", Content: "a.txt\n", Complete: true},
		{SessionID: sess.ID, Role: "assistant", Content: "partial", Complete: false},
	}
	for _, m := range in {
		if err := s.AppendMessage(ctx, m); err != nil {
			t.Fatal(err)
		}
		if m.ID == 0 || m.CreatedAt.IsZero() {
			t.Fatalf("AppendMessage left ID=%d CreatedAt=%v", m.ID, m.CreatedAt)
		}
	}
	if !in[1].CreatedAt.Equal(at) {
		t.Errorf("given CreatedAt replaced: %v", in[1].CreatedAt)
	}

	got, err := s.Messages(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(in) {
		t.Fatalf("%d messages, want %d", len(got), len(in))
	}
	for i := range in {
		if !reflect.DeepEqual(got[i], *in[i]) {
			t.Errorf("message %d:\n got %+v\nwant %+v", i, got[i], *in[i])
		}
	}

	after, err := s.Session(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.MessageCount != len(in) {
		t.Errorf("message_count = %d, want %d", after.MessageCount, len(in))
	}
	if !after.UpdatedAt.Equal(in[len(in)-1].CreatedAt) {
		t.Errorf("updated_at = %v, want the last message's %v", after.UpdatedAt, in[len(in)-1].CreatedAt)
	}

	// The tool_calls column is plain JSON other tools can read.
	var js string
	if err := s.r.QueryRow(`SELECT tool_calls FROM messages WHERE id = ?`, in[2].ID).Scan(&js); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js, `"name":"terminal"`) || !strings.Contains(js, `"arguments":"{\"command\"`) {
		t.Errorf("tool_calls JSON = %s", js)
	}
	var null bool
	if err := s.r.QueryRow(`SELECT tool_calls IS NULL FROM messages WHERE id = ?`, in[0].ID).Scan(&null); err != nil || !null {
		t.Errorf("tool_calls of a message without calls should be NULL (null=%v, err=%v)", null, err)
	}
}

func TestAppendToMissingSession(t *testing.T) {
	s := openTest(t)
	m := &Message{SessionID: "ghost", Role: "user", Content: "hi"}
	err := s.AppendMessage(context.Background(), m)
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "ghost") {
		t.Errorf("AppendMessage to a missing session = %v, want ErrNotFound naming it", err)
	}
	if m.ID != 0 {
		t.Errorf("failed append set ID %d", m.ID)
	}
	for _, bad := range []*Message{{Role: "user"}, {SessionID: "x"}} {
		if err := s.AppendMessage(context.Background(), bad); err == nil {
			t.Errorf("AppendMessage(%+v) succeeded", bad)
		}
	}
}

func TestAppendMessagesIsAtomic(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	a, b := newSession(t, s), newSession(t, s)

	batch := []*Message{
		{SessionID: a.ID, Role: "user", Content: "one"},
		{SessionID: b.ID, Role: "user", Content: "two"},
		{SessionID: a.ID, Role: "assistant", Content: "three"},
	}
	if err := s.AppendMessages(ctx, batch); err != nil {
		t.Fatal(err)
	}
	if !(batch[0].ID < batch[1].ID && batch[1].ID < batch[2].ID) {
		t.Errorf("ids not in slice order: %d %d %d", batch[0].ID, batch[1].ID, batch[2].ID)
	}
	for sess, want := range map[string]int{a.ID: 2, b.ID: 1} {
		got, _ := s.Session(ctx, sess)
		if got.MessageCount != want {
			t.Errorf("session %s message_count = %d, want %d", sess, got.MessageCount, want)
		}
	}

	// One bad message rolls the whole batch back.
	bad := []*Message{
		{SessionID: a.ID, Role: "user", Content: "kept?"},
		{SessionID: "ghost", Role: "user", Content: "no"},
	}
	if err := s.AppendMessages(ctx, bad); !errors.Is(err, ErrNotFound) {
		t.Fatalf("batch with a missing session = %v, want ErrNotFound", err)
	}
	if bad[0].ID != 0 {
		t.Error("rolled-back message got an id")
	}
	msgs, _ := s.Messages(ctx, a.ID)
	if len(msgs) != 2 {
		t.Errorf("session has %d messages after a failed batch, want 2", len(msgs))
	}
	if got, _ := s.Session(ctx, a.ID); got.MessageCount != 2 {
		t.Errorf("message_count = %d after a failed batch, want 2", got.MessageCount)
	}
	if err := s.AppendMessages(ctx, nil); err != nil {
		t.Errorf("empty batch: %v", err)
	}
}

func TestMessagesPage(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	other := newSession(t, s)
	var ids []int64
	for i := range 25 {
		// Interleave another session so ids have gaps.
		m := &Message{SessionID: sess.ID, Role: "user", Content: fmt.Sprint(i)}
		noise := &Message{SessionID: other.ID, Role: "user", Content: "noise"}
		if err := s.AppendMessages(ctx, []*Message{m, noise}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}

	var loaded []int64
	before := int64(0)
	for {
		page, err := s.MessagesPage(ctx, sess.ID, before, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		var pageIDs []int64
		for _, m := range page {
			if m.SessionID != sess.ID {
				t.Fatalf("page holds message of session %s", m.SessionID)
			}
			pageIDs = append(pageIDs, m.ID)
		}
		for i := 1; i < len(pageIDs); i++ {
			if pageIDs[i] <= pageIDs[i-1] {
				t.Fatalf("page not ascending: %v", pageIDs)
			}
		}
		loaded = append(pageIDs, loaded...)
		before = page[0].ID
	}
	if !reflect.DeepEqual(loaded, ids) {
		t.Errorf("paged ids = %v\nwant %v", loaded, ids)
	}
	if page, _ := s.MessagesPage(ctx, sess.ID, 0, 0); len(page) != 0 {
		t.Errorf("limit 0 returned %d messages", len(page))
	}
}

func TestDeleteMessagesAfter(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	other := newSession(t, s)
	var msgs []*Message
	for i := range 6 {
		m := &Message{SessionID: sess.ID, Role: "user", Content: fmt.Sprintf("zebra number %d", i)}
		msgs = append(msgs, m)
	}
	keep := &Message{SessionID: other.ID, Role: "user", Content: "zebra elsewhere"}
	if err := s.AppendMessages(ctx, append(msgs, keep)); err != nil {
		t.Fatal(err)
	}

	n, err := s.DeleteMessagesAfter(ctx, sess.ID, msgs[2].ID)
	if err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("deleted %d, want 3", n)
	}
	left, _ := s.Messages(ctx, sess.ID)
	if len(left) != 3 || left[2].ID != msgs[2].ID {
		t.Errorf("left %d messages ending at %d", len(left), left[len(left)-1].ID)
	}
	if got, _ := s.Session(ctx, sess.ID); got.MessageCount != 3 {
		t.Errorf("message_count = %d, want 3", got.MessageCount)
	}
	if got, _ := s.Messages(ctx, other.ID); len(got) != 1 {
		t.Error("another session's message was deleted")
	}
	hits, err := s.Search(ctx, "zebra", SearchOptions{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 4 {
		t.Errorf("search finds %d messages after the delete, want 4", len(hits))
	}
	ftsIntegrity(t, s)

	if _, err := s.DeleteMessagesAfter(ctx, "ghost", 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete in a missing session = %v, want ErrNotFound", err)
	}
}

func TestToolSearchText(t *testing.T) {
	got := toolSearchText([]ToolCall{
		{Name: "terminal", Arguments: `{"command":"grep -rn \"needle\" .","timeout":12345678901234567890,"background":false}`},
		{Name: "todo", Arguments: `{"todos":[{"id":"1","content":"write tests"}]}`},
		{Name: "broken", Arguments: `{"path": "unterminated`},
	})
	want := "terminal\nfalse\ngrep -rn \"needle\" .\n12345678901234567890\n" +
		"todo\nwrite tests\n1\n" +
		"broken\n{\"path\": \"unterminated"
	if got != want {
		t.Errorf("toolSearchText =\n%q\nwant\n%q", got, want)
	}
	if toolSearchText(nil) != "" {
		t.Error("no calls should index nothing")
	}
}

func TestAppendLargeBatchKeepsOrder(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	// More than two insert chunks plus a remainder.
	batch := make([]*Message, 2*insertChunkRows+7)
	for i := range batch {
		batch[i] = &Message{SessionID: sess.ID, Role: "user", Content: fmt.Sprint("message ", i), Complete: true}
	}
	if err := s.AppendMessages(ctx, batch); err != nil {
		t.Fatal(err)
	}
	got, err := s.Messages(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(batch) {
		t.Fatalf("%d stored, want %d", len(got), len(batch))
	}
	for i, m := range got {
		if m.ID != batch[i].ID || m.Content != batch[i].Content {
			t.Fatalf("message %d stored as id %d %q; batch has id %d %q", i, m.ID, m.Content, batch[i].ID, batch[i].Content)
		}
	}
	if sess, _ := s.Session(ctx, sess.ID); sess.MessageCount != len(batch) {
		t.Errorf("message_count = %d, want %d", sess.MessageCount, len(batch))
	}
	ftsIntegrity(t, s)
}

func TestMessageUsageAddsToSession(t *testing.T) {
	s := openTest(t)
	sess := newSession(t, s)
	ctx := context.Background()
	u := Usage{InputTokens: 100, OutputTokens: 20, CacheReadTokens: 60, CacheWriteTokens: 5, ReasoningTokens: 7}
	if err := s.AppendMessage(ctx, &Message{SessionID: sess.ID, Role: "assistant", Content: "a", Complete: true, Usage: u}); err != nil {
		t.Fatal(err)
	}
	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant"})
	if err != nil {
		t.Fatal(err)
	}
	d.Append("streamed", "")
	if err := d.Commit(ctx, &Message{Content: "streamed", Usage: Usage{InputTokens: 1, OutputTokens: 2}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Session(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := Usage{InputTokens: 101, OutputTokens: 22, CacheReadTokens: 60, CacheWriteTokens: 5, ReasoningTokens: 7}
	if got.Usage != want {
		t.Errorf("session usage = %+v, want %+v", got.Usage, want)
	}
	msgs, _ := s.Messages(ctx, sess.ID)
	if msgs[0].Usage != u || msgs[1].Usage != (Usage{InputTokens: 1, OutputTokens: 2}) {
		t.Errorf("per-message usage: %+v / %+v", msgs[0].Usage, msgs[1].Usage)
	}
}
