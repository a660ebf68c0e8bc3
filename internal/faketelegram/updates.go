package faketelegram

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// Message is an inbound message to inject.
type Message struct {
	ChatID int64
	// ChatType is private (default when ChatID > 0), group or supergroup.
	ChatType  string
	UserID    int64
	Username  string
	FirstName string
	// NoFrom leaves the "from" field out (channel posts, anonymous admins).
	NoFrom  bool
	Text    string
	ReplyTo int
	// ThreadID is a forum topic.
	ThreadID int
	// Photo and Document are file ids (see AddFile); Caption goes with them.
	Photo    string
	Document string
	FileName string
	MIME     string
	Caption  string
}

// InjectMessage queues a message update and returns its update_id.
func (s *Server) InjectMessage(m Message) int {
	s.mu.Lock()
	msgID := s.nextMsg
	s.nextMsg++
	s.mu.Unlock()
	chatType := m.ChatType
	if chatType == "" {
		chatType = "private"
		if m.ChatID < 0 {
			chatType = "supergroup"
		}
	}
	msg := map[string]any{
		"message_id": msgID,
		"date":       time.Now().Unix(),
		"chat":       map[string]any{"id": m.ChatID, "type": chatType, "first_name": m.FirstName, "username": m.Username},
	}
	if chatType != "private" {
		msg["chat"] = map[string]any{"id": m.ChatID, "type": chatType, "title": "Test group"}
	}
	if !m.NoFrom {
		from := map[string]any{"id": m.UserID, "is_bot": false, "first_name": m.FirstName}
		if m.Username != "" {
			from["username"] = m.Username
		}
		msg["from"] = from
	}
	if m.Text != "" {
		msg["text"] = m.Text
	}
	if m.ReplyTo != 0 {
		msg["reply_to_message"] = map[string]any{"message_id": m.ReplyTo, "date": time.Now().Unix(),
			"chat": map[string]any{"id": m.ChatID, "type": chatType}}
	}
	if m.ThreadID != 0 {
		msg["message_thread_id"] = m.ThreadID
		msg["is_topic_message"] = true
	}
	if m.Photo != "" {
		msg["photo"] = []map[string]any{
			{"file_id": m.Photo + "_small", "file_unique_id": "s" + m.Photo, "width": 90, "height": 90, "file_size": 1000},
			{"file_id": m.Photo, "file_unique_id": "u" + m.Photo, "width": 800, "height": 600, "file_size": s.fileSize(m.Photo)},
		}
	}
	if m.Document != "" {
		msg["document"] = map[string]any{"file_id": m.Document, "file_unique_id": "u" + m.Document,
			"file_name": m.FileName, "mime_type": m.MIME, "file_size": s.fileSize(m.Document)}
	}
	if m.Caption != "" {
		msg["caption"] = m.Caption
	}
	return s.inject(func(id int) any { return map[string]any{"update_id": id, "message": msg} })
}

func (s *Server) fileSize(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.files[id].data)
}

// InjectCallback queues a button press on messageID in chatID by userID.
func (s *Server) InjectCallback(chatID, userID int64, messageID int, data string) int {
	return s.inject(func(id int) any {
		return map[string]any{"update_id": id, "callback_query": map[string]any{
			"id":            "cb" + strconv.Itoa(id),
			"from":          map[string]any{"id": userID, "is_bot": false, "first_name": "user" + strconv.FormatInt(userID, 10)},
			"chat_instance": "ci",
			"data":          data,
			"message": map[string]any{"message_id": messageID, "date": time.Now().Unix(),
				"chat": map[string]any{"id": chatID, "type": "private"}},
		}}
	})
}

// InjectRaw queues an update given as raw JSON. It must be valid JSON (it
// is embedded in the getUpdates array) but may break Telegram's schema. The
// update_id is taken from it when present.
func (s *Server) InjectRaw(raw string) {
	var probe struct {
		UpdateID int `json:"update_id"`
	}
	json.Unmarshal([]byte(raw), &probe)
	s.mu.Lock()
	id := probe.UpdateID
	if id == 0 {
		id = s.nextID
		s.nextID++
	}
	s.updates = append(s.updates, pendingUpdate{id: id, raw: json.RawMessage(raw)})
	s.notify()
	s.mu.Unlock()
}

// Redeliver queues an update that was already delivered again, with the
// same update_id, as Telegram does when it believes the bot missed it.
func (s *Server) Redeliver(updateID int, raw json.RawMessage) {
	s.mu.Lock()
	s.updates = append(s.updates, pendingUpdate{id: updateID, raw: raw})
	s.notify()
	s.mu.Unlock()
}

// Update returns the JSON of an injected update, for Redeliver.
func (s *Server) Update(updateID int) json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.updates {
		if u.id == updateID {
			return u.raw
		}
	}
	return nil
}

func (s *Server) inject(build func(id int) any) int {
	s.mu.Lock()
	id := s.nextID
	s.nextID++
	raw, _ := json.Marshal(build(id))
	s.updates = append(s.updates, pendingUpdate{id: id, raw: raw})
	s.notify()
	s.mu.Unlock()
	return id
}

// deliverLoop posts queued updates to the webhook while one is set, in
// order, with the secret-token header; an update the bot does not accept
// (non-2xx) is retried, as Telegram does.
func (s *Server) deliverLoop() {
	for range s.deliverer {
		for {
			s.mu.Lock()
			if s.closed {
				s.mu.Unlock()
				return
			}
			hook := s.webhook
			if hook.url == "" || len(s.updates) == 0 {
				s.mu.Unlock()
				break
			}
			u := s.updates[0]
			s.mu.Unlock()
			req, err := http.NewRequest(http.MethodPost, hook.url, bytes.NewReader(u.raw))
			if err != nil {
				break
			}
			req.Header.Set("Content-Type", "application/json")
			if hook.secret != "" {
				req.Header.Set("X-Telegram-Bot-Api-Secret-Token", hook.secret)
			}
			resp, err := s.client.Do(req)
			ok := err == nil && resp.StatusCode/100 == 2
			if resp != nil {
				resp.Body.Close()
			}
			if !ok {
				time.Sleep(100 * time.Millisecond)
				continue
			}
			s.mu.Lock()
			if len(s.updates) > 0 && s.updates[0].id == u.id {
				s.updates = s.updates[1:]
			}
			s.mu.Unlock()
		}
	}
}
