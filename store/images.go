package store

import (
	"context"
	"database/sql"
	"fmt"
)

// MaxImageBytes is the largest image the store keeps with a message.
// Providers refuse bigger ones (Anthropic: 5 MB), and a session is read
// whole when it is resumed.
const MaxImageBytes = 5 << 20

// Image is an image a person attached to a user message. It is kept with
// the message, so a resumed session shows it and sends it to the model
// again.
type Image struct {
	MediaType string // image/png, image/jpeg…
	Data      []byte
	// Size is the image's size in bytes; it is set when the store reads
	// an image, also when it leaves Data out (MessagesPage).
	Size int
}

// checkImages refuses images the store does not keep.
func checkImages(m *Message) error {
	for i, img := range m.Images {
		switch {
		case len(img.Data) == 0:
			return fmt.Errorf("image %d of the message is empty", i+1)
		case len(img.Data) > MaxImageBytes:
			return fmt.Errorf("image %d of the message is %d bytes; at most %d are kept (resize it)", i+1, len(img.Data), MaxImageBytes)
		case img.MediaType == "":
			return fmt.Errorf("image %d of the message has no media type", i+1)
		}
	}
	return nil
}

// insertImages writes the images of messages just inserted with ids, in
// the caller's transaction.
func insertImages(ctx context.Context, tx *sql.Tx, msgs []*Message, ids []int64) error {
	for i, m := range msgs {
		for seq, img := range m.Images {
			if _, err := tx.ExecContext(ctx, `INSERT INTO message_images (message_id, seq, session_id, media_type, data)
				VALUES (?, ?, ?, ?, ?)`, ids[i], seq, m.SessionID, img.MediaType, img.Data); err != nil {
				return fmt.Errorf("save image %d of message %d: %w", seq+1, ids[i], err)
			}
		}
	}
	return nil
}

// loadImages sets the Images of msgs, all of session sessionID, from the
// store: one indexed query, empty for the many sessions without images.
func (s *Store) loadImages(ctx context.Context, sessionID string, msgs []Message) error {
	at := make(map[int64]int, 8)
	return eachRow(ctx, s.r, `SELECT message_id, media_type, data FROM message_images
		WHERE session_id = ? ORDER BY message_id, seq`, []any{sessionID}, func(rows *sql.Rows) error {
		var (
			id  int64
			img Image
		)
		if err := rows.Scan(&id, &img.MediaType, &img.Data); err != nil {
			return err
		}
		img.Size = len(img.Data)
		if len(at) == 0 {
			for i := range msgs {
				at[msgs[i].ID] = i
			}
		}
		if i, ok := at[id]; ok {
			msgs[i].Images = append(msgs[i].Images, img)
		}
		return nil
	})
}

// loadImageInfo sets the Images of msgs (a page of session sessionID, in
// id order) to their media type and size, without their data: enough for a
// screen to show that a message had images.
func (s *Store) loadImageInfo(ctx context.Context, sessionID string, msgs []Message) error {
	if len(msgs) == 0 {
		return nil
	}
	var at map[int64]int
	return eachRow(ctx, s.r, `SELECT message_id, media_type, length(data) FROM message_images
		WHERE session_id = ? AND message_id BETWEEN ? AND ? ORDER BY message_id, seq`,
		[]any{sessionID, msgs[0].ID, msgs[len(msgs)-1].ID}, func(rows *sql.Rows) error {
			var (
				id  int64
				img Image
			)
			if err := rows.Scan(&id, &img.MediaType, &img.Size); err != nil {
				return err
			}
			if at == nil {
				at = make(map[int64]int, len(msgs))
				for i := range msgs {
					at[msgs[i].ID] = i
				}
			}
			if i, ok := at[id]; ok {
				msgs[i].Images = append(msgs[i].Images, img)
			}
			return nil
		})
}

// MessageImages returns the images attached to a message, in order.
func (s *Store) MessageImages(ctx context.Context, messageID int64) ([]Image, error) {
	out, err := allRows(ctx, s.r, `SELECT media_type, data FROM message_images
		WHERE message_id = ? ORDER BY seq`, []any{messageID}, func(rows *sql.Rows) (img Image, err error) {
		err = rows.Scan(&img.MediaType, &img.Data)
		img.Size = len(img.Data)
		return img, err
	})
	if err != nil {
		return nil, opError(err, "read the images of message %d", messageID)
	}
	return out, nil
}

// copyImages copies the images of a session's messages up to cut to the
// fork that just copied those messages: the nth message copied is the
// nth of the child, as both were read and written in id order.
func copyImages(ctx context.Context, tx *sql.Tx, parentID, childID string, cut int64) error {
	_, err := tx.ExecContext(ctx, `
		WITH p AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM messages WHERE session_id = ? AND id <= ?),
		     c AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM messages WHERE session_id = ?)
		INSERT INTO message_images (message_id, seq, session_id, media_type, data)
		SELECT c.id, i.seq, ?, i.media_type, i.data
		FROM message_images i JOIN p ON p.id = i.message_id JOIN c ON c.n = p.n
		WHERE i.session_id = ?`, parentID, cut, childID, childID, parentID)
	if err != nil {
		return fmt.Errorf("copy the images: %w", err)
	}
	return nil
}
