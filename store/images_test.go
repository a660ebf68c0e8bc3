package store

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// Images travel with their message: appended in the same transaction,
// read back by Messages (MessagesPage reads only their type and size),
// copied by Fork, and gone
// with the message.
func TestImagesAreKeptWithTheirMessage(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	sess := newSession(t, s)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 100)...)
	jpg := []byte("\xff\xd8\xff\xe0 jpeg")
	msgs := []*Message{
		{SessionID: sess.ID, Role: "user", Content: "look at these", Images: []Image{{MediaType: "image/png", Data: png}, {MediaType: "image/jpeg", Data: jpg}}, Complete: true},
		{SessionID: sess.ID, Role: "assistant", Content: "two pictures", Complete: true},
		{SessionID: sess.ID, Role: "user", Content: "and this", Images: []Image{{MediaType: "image/png", Data: png[:20]}}, Complete: true},
	}
	if err := s.AppendMessages(ctx, msgs); err != nil {
		t.Fatal(err)
	}
	got, err := s.Messages(ctx, sess.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || len(got[0].Images) != 2 || len(got[1].Images) != 0 || len(got[2].Images) != 1 {
		t.Fatalf("images per message: %d %d %d", len(got[0].Images), len(got[1].Images), len(got[2].Images))
	}
	if im := got[0].Images; im[0].MediaType != "image/png" || !bytes.Equal(im[0].Data, png) || im[1].MediaType != "image/jpeg" || !bytes.Equal(im[1].Data, jpg) {
		t.Fatalf("first message's images came back different: %+v", im[1])
	}
	if one, err := s.MessageImages(ctx, got[2].ID); err != nil || len(one) != 1 || !bytes.Equal(one[0].Data, png[:20]) {
		t.Fatalf("MessageImages = %v, %v", one, err)
	}
	page, err := s.MessagesPage(ctx, sess.ID, 0, 10)
	if err != nil || len(page) != 3 || len(page[0].Images) != 2 || len(page[1].Images) != 0 || len(page[2].Images) != 1 {
		t.Fatalf("MessagesPage: %d messages, %v", len(page), err)
	}
	if im := page[0].Images[0]; im.Data != nil || im.Size != len(png) || im.MediaType != "image/png" {
		t.Fatalf("MessagesPage should give the type and size of an image, not its data: %+v", im)
	}

	// A fork through the first answer takes the first message's images.
	child, err := s.Fork(ctx, sess.ID, got[1].ID, ForkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	forked, err := s.Messages(ctx, child.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(forked) != 2 || len(forked[0].Images) != 2 || !bytes.Equal(forked[0].Images[0].Data, png) {
		t.Fatalf("fork: %d messages, first with %d images", len(forked), len(forked[0].Images))
	}

	// Taking the last message back deletes its image; the fork keeps its own.
	if _, err := s.DeleteMessagesAfter(ctx, sess.ID, got[1].ID); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.r.QueryRow(`SELECT count(*) FROM message_images WHERE session_id = ?`, sess.ID).Scan(&n); err != nil || n != 2 {
		t.Fatalf("images left in the parent: %d %v", n, err)
	}
	if err := s.DeleteSession(ctx, child.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.r.QueryRow(`SELECT count(*) FROM message_images WHERE session_id = ?`, child.ID).Scan(&n); err != nil || n != 0 {
		t.Fatalf("images left after deleting the fork: %d %v", n, err)
	}
	ftsIntegrity(t, s)
}

func TestOversizedImageIsRefused(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	sess := newSession(t, s)
	big := &Message{SessionID: sess.ID, Role: "user", Content: "huge", Images: []Image{{MediaType: "image/png", Data: make([]byte, MaxImageBytes+1)}}, Complete: true}
	err := s.AppendMessage(ctx, big)
	if err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("err = %v", err)
	}
	if msgs, _ := s.Messages(ctx, sess.ID); len(msgs) != 0 {
		t.Fatalf("the message was stored without its image")
	}
}
