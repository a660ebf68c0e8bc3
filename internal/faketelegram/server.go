// Package faketelegram is an in-process fake of the Telegram Bot API for
// tests, in the spirit of net/http/httptest. It listens on 127.0.0.1 and
// speaks the real wire protocol at /bot<TOKEN>/<method> (form, multipart
// or JSON parameters; {"ok":…} envelopes): getMe, getUpdates with long
// polling and offset acknowledgement, sendMessage, editMessageText,
// answerCallbackQuery, sendChatAction, getFile with downloads under
// /file/bot<TOKEN>/<path>, and setWebhook/deleteWebhook (after which the
// fake POSTs updates to the webhook with the secret-token header, and
// getUpdates answers 409 as Telegram does).
//
// Tests script it: inject messages, button presses or raw updates, read
// what the bot sent, and queue faults per method (429 with retry_after,
// 5xx, malformed JSON, slow answers). Code under test must not know it talks
// to a fake: only its API URL changes.
package faketelegram

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
)

// MaxText is Telegram's message length limit in UTF-16 code units.
const MaxText = 4096

// BotID and BotUsername identify the fake bot (getMe).
const (
	BotID       = 7000000001
	BotUsername = "herm_test_bot"
)

// Server is a running fake. URL is the Bot API base URL (what herm's
// telegram.api_url is set to); Token is the only token it accepts.
type Server struct {
	URL   string
	Token string

	srv    *httptest.Server
	client *http.Client

	mu        sync.Mutex
	changed   chan struct{} // closed and replaced on every change
	updates   []pendingUpdate
	nextID    int
	nextMsg   int
	sent      []Sent
	calls     []Call
	files     map[string]file
	faults    map[string][]Fault
	webhook   webhook
	messages  map[string]string // chat:message_id -> text, for editMessageText
	closed    bool
	deliverer chan struct{}
	onSent    func(Sent)
}

type pendingUpdate struct {
	id  int
	raw json.RawMessage
}

type file struct {
	path string
	data []byte
}

type webhook struct {
	url, secret string
}

// Call is one API request the fake received.
type Call struct {
	Method string
	Params map[string]string
	Time   time.Time
}

// Sent is something the bot did in a chat: a message, an edit, a chat
// action or a callback answer.
type Sent struct {
	Method     string // sendMessage, editMessageText, sendChatAction, answerCallbackQuery
	ChatID     string
	MessageID  int
	Text       string
	ReplyTo    int
	Buttons    [][]Button
	Action     string
	CallbackID string
	Time       time.Time
}

// Button is an inline keyboard button the bot sent.
type Button struct {
	Text string `json:"text"`
	Data string `json:"callback_data"`
}

// Fault is an injected failure for the next call of a method.
type Fault struct {
	// Status answers with this HTTP status and an error envelope (429 adds
	// parameters.retry_after = RetryAfter).
	Status     int
	RetryAfter int
	// Malformed answers 200 with a body that is not JSON.
	Malformed bool
	// Delay waits before answering (then answers normally unless Status or
	// Malformed is set).
	Delay time.Duration
	// Hold, when set, keeps the call waiting until it is closed: a
	// platform as slow as a test needs, without spending the time.
	Hold <-chan struct{}
}

// New starts a fake on 127.0.0.1 accepting token.
func New(token string) *Server {
	s := &Server{Token: token, changed: make(chan struct{}), nextID: 100000, nextMsg: 1,
		files: map[string]file{}, faults: map[string][]Fault{}, messages: map[string]string{},
		deliverer: make(chan struct{}, 1), client: &http.Client{Timeout: 10 * time.Second}}
	mux := http.NewServeMux()
	mux.HandleFunc("/bot"+token+"/{method}", s.api)
	mux.HandleFunc("/file/bot"+token+"/", s.download)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusUnauthorized, "Unauthorized", 0)
	})
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL
	go s.deliverLoop()
	return s
}

// Close stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.notify()
	s.mu.Unlock()
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// notify wakes long polls and waiters; s.mu must be held.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
	select {
	case s.deliverer <- struct{}{}:
	default:
	}
}

// Fail queues a fault for the next call of method ("*" for any method).
func (s *Server) Fail(method string, f Fault) {
	s.mu.Lock()
	s.faults[method] = append(s.faults[method], f)
	s.mu.Unlock()
}

func (s *Server) takeFault(method string) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range []string{method, "*"} {
		if q := s.faults[m]; len(q) > 0 {
			s.faults[m] = q[1:]
			return q[0], true
		}
	}
	return Fault{}, false
}

// AddFile makes a file downloadable: getFile(fileID) returns path, and
// /file/bot<token>/<path> serves data.
func (s *Server) AddFile(fileID, path string, data []byte) {
	s.mu.Lock()
	s.files[fileID] = file{path: path, data: data}
	s.mu.Unlock()
}

// Calls returns every API request so far.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallCount counts requests to method.
func (s *Server) CallCount(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.calls {
		if c.Method == method {
			n++
		}
	}
	return n
}

// Sent returns everything the bot did in chats, in order.
func (s *Server) Sent() []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Sent(nil), s.sent...)
}

// Messages returns the messages (sendMessage only) sent to chatID.
func (s *Server) Messages(chatID string) []Sent {
	var out []Sent
	for _, m := range s.Sent() {
		if m.Method == "sendMessage" && m.ChatID == chatID {
			out = append(out, m)
		}
	}
	return out
}

// WaitSent waits until the bot did something matching match (looking at
// everything sent so far first) and returns it.
func (s *Server) WaitSent(ctx context.Context, match func(Sent) bool) (Sent, error) {
	seen := 0
	for {
		s.mu.Lock()
		for ; seen < len(s.sent); seen++ {
			if match(s.sent[seen]) {
				m := s.sent[seen]
				s.mu.Unlock()
				return m, nil
			}
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return Sent{}, fmt.Errorf("faketelegram: nothing matching was sent: %w", ctx.Err())
		}
	}
}

// Webhook returns the webhook URL and secret the bot set ("" if none).
func (s *Server) Webhook() (url, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhook.url, s.webhook.secret
}

// PendingUpdates counts injected updates the bot has not acknowledged.
func (s *Server) PendingUpdates() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.updates)
}

func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	method := r.PathValue("method")
	params, err := readParams(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "Bad Request: "+err.Error(), 0)
		return
	}
	s.mu.Lock()
	s.calls = append(s.calls, Call{Method: method, Params: params, Time: time.Now()})
	s.mu.Unlock()
	if f, ok := s.takeFault(method); ok {
		if f.Delay > 0 {
			select {
			case <-time.After(f.Delay):
			case <-r.Context().Done():
				return
			}
		}
		if f.Hold != nil {
			select {
			case <-f.Hold:
			case <-r.Context().Done():
				return
			}
		}
		switch {
		case f.Malformed:
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"ok":true,"result":[{"update_id":`)
			return
		case f.Status == http.StatusTooManyRequests:
			retry := max(f.RetryAfter, 1)
			writeError(w, f.Status, fmt.Sprintf("Too Many Requests: retry after %d", retry), retry)
			return
		case f.Status >= 500:
			w.WriteHeader(f.Status)
			io.WriteString(w, "<html><body>502 Bad Gateway</body></html>")
			return
		case f.Status != 0:
			writeError(w, f.Status, "Bad Request: injected fault", 0)
			return
		}
	}
	switch method {
	case "getMe":
		writeResult(w, map[string]any{"id": BotID, "is_bot": true, "first_name": "herm", "username": BotUsername,
			"can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false})
	case "getUpdates":
		s.getUpdates(w, r, params)
	case "sendMessage":
		s.sendMessage(w, params)
	case "editMessageText":
		s.editMessageText(w, params)
	case "sendChatAction":
		if params["chat_id"] == "" || params["action"] == "" {
			writeError(w, http.StatusBadRequest, "Bad Request: chat_id and action are required", 0)
			return
		}
		s.record(Sent{Method: method, ChatID: params["chat_id"], Action: params["action"]})
		writeResult(w, true)
	case "answerCallbackQuery":
		if params["callback_query_id"] == "" {
			writeError(w, http.StatusBadRequest, "Bad Request: query is too old and response timeout expired or query ID is invalid", 0)
			return
		}
		s.record(Sent{Method: method, CallbackID: params["callback_query_id"], Text: params["text"]})
		writeResult(w, true)
	case "getFile":
		s.mu.Lock()
		f, ok := s.files[params["file_id"]]
		s.mu.Unlock()
		if !ok {
			writeError(w, http.StatusBadRequest, "Bad Request: invalid file_id", 0)
			return
		}
		writeResult(w, map[string]any{"file_id": params["file_id"], "file_unique_id": "u" + params["file_id"],
			"file_size": len(f.data), "file_path": f.path})
	case "setWebhook":
		s.mu.Lock()
		s.webhook = webhook{url: params["url"], secret: params["secret_token"]}
		s.notify()
		s.mu.Unlock()
		writeResult(w, true)
	case "deleteWebhook":
		s.mu.Lock()
		s.webhook = webhook{}
		if params["drop_pending_updates"] == "true" {
			s.updates = nil
		}
		s.mu.Unlock()
		writeResult(w, true)
	case "getWebhookInfo":
		s.mu.Lock()
		info := map[string]any{"url": s.webhook.url, "has_custom_certificate": false, "pending_update_count": len(s.updates)}
		s.mu.Unlock()
		writeResult(w, info)
	default:
		writeError(w, http.StatusNotFound, "Not Found: method not found", 0)
	}
}

func (s *Server) record(m Sent) {
	s.mu.Lock()
	m.Time = time.Now()
	s.sent = append(s.sent, m)
	s.notify()
	hook := s.onSent
	s.mu.Unlock()
	if hook != nil {
		hook(m)
	}
}

// OnSent calls f (from the request's goroutine) with everything the bot
// does from now on, for drivers that follow many chats at once.
func (s *Server) OnSent(f func(Sent)) {
	s.mu.Lock()
	s.onSent = f
	s.mu.Unlock()
}

func (s *Server) getUpdates(w http.ResponseWriter, r *http.Request, p map[string]string) {
	offset, _ := strconv.Atoi(p["offset"])
	limit, _ := strconv.Atoi(p["limit"])
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(p["timeout"])
	deadline := time.NewTimer(time.Duration(timeout) * time.Second)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if s.webhook.url != "" {
			s.mu.Unlock()
			writeError(w, http.StatusConflict, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first", 0)
			return
		}
		// An offset acknowledges every update before it.
		if offset != 0 {
			kept := s.updates[:0]
			for _, u := range s.updates {
				if u.id >= offset {
					kept = append(kept, u)
				}
			}
			s.updates = kept
		}
		var out []json.RawMessage
		for _, u := range s.updates {
			if len(out) == limit {
				break
			}
			out = append(out, u.raw)
		}
		ch, closed := s.changed, s.closed
		s.mu.Unlock()
		if len(out) > 0 || timeout == 0 || closed {
			if out == nil {
				out = []json.RawMessage{}
			}
			writeResult(w, out)
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			timeout = 0
		case <-r.Context().Done():
			return
		}
	}
}

func (s *Server) sendMessage(w http.ResponseWriter, p map[string]string) {
	chat, text := p["chat_id"], p["text"]
	if chat == "" {
		writeError(w, http.StatusBadRequest, "Bad Request: chat_id is empty", 0)
		return
	}
	if strings.TrimSpace(text) == "" {
		writeError(w, http.StatusBadRequest, "Bad Request: message text is empty", 0)
		return
	}
	if n := len(utf16.Encode([]rune(text))); n > MaxText {
		writeError(w, http.StatusBadRequest, "Bad Request: message is too long", 0)
		return
	}
	buttons, err := parseKeyboard(p["reply_markup"])
	if err != nil {
		writeError(w, http.StatusBadRequest, "Bad Request: can't parse reply keyboard markup JSON object", 0)
		return
	}
	replyTo, _ := strconv.Atoi(p["reply_to_message_id"])
	s.mu.Lock()
	id := s.nextMsg
	s.nextMsg++
	s.messages[chat+":"+strconv.Itoa(id)] = text
	s.mu.Unlock()
	s.record(Sent{Method: "sendMessage", ChatID: chat, MessageID: id, Text: text, ReplyTo: replyTo, Buttons: buttons})
	writeResult(w, messageJSON(chat, id, text))
}

func (s *Server) editMessageText(w http.ResponseWriter, p map[string]string) {
	chat, text := p["chat_id"], p["text"]
	id, _ := strconv.Atoi(p["message_id"])
	key := chat + ":" + strconv.Itoa(id)
	s.mu.Lock()
	old, ok := s.messages[key]
	if ok && old != text {
		s.messages[key] = text
	}
	s.mu.Unlock()
	switch {
	case !ok:
		writeError(w, http.StatusBadRequest, "Bad Request: message to edit not found", 0)
		return
	case old == text && p["reply_markup"] == "":
		writeError(w, http.StatusBadRequest, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message", 0)
		return
	case len(utf16.Encode([]rune(text))) > MaxText:
		writeError(w, http.StatusBadRequest, "Bad Request: MESSAGE_TOO_LONG", 0)
		return
	}
	buttons, _ := parseKeyboard(p["reply_markup"])
	s.record(Sent{Method: "editMessageText", ChatID: chat, MessageID: id, Text: text, Buttons: buttons})
	writeResult(w, messageJSON(chat, id, text))
}

func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/file/bot"+s.Token+"/")
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.files {
		if f.path == path {
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(f.data)
			return
		}
	}
	http.NotFound(w, r)
}

func messageJSON(chat string, id int, text string) map[string]any {
	chatID, _ := strconv.ParseInt(chat, 10, 64)
	typ := "private"
	if chatID < 0 {
		typ = "supergroup"
	}
	return map[string]any{"message_id": id, "date": time.Now().Unix(), "text": text,
		"from": map[string]any{"id": BotID, "is_bot": true, "first_name": "herm", "username": BotUsername},
		"chat": map[string]any{"id": chatID, "type": typ}}
}

func parseKeyboard(markup string) ([][]Button, error) {
	if markup == "" {
		return nil, nil
	}
	var kb struct {
		InlineKeyboard [][]Button `json:"inline_keyboard"`
	}
	if err := json.Unmarshal([]byte(markup), &kb); err != nil {
		return nil, err
	}
	for _, row := range kb.InlineKeyboard {
		for _, b := range row {
			if len(b.Data) > 64 {
				return nil, fmt.Errorf("callback_data is longer than 64 bytes")
			}
		}
	}
	return kb.InlineKeyboard, nil
}

// readParams reads a Bot API request's parameters from the query, a form,
// a multipart form or a JSON body, as Telegram accepts them all.
func readParams(r *http.Request) (map[string]string, error) {
	out := map[string]string{}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		var m map[string]any
		dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil && err != io.EOF {
			return nil, fmt.Errorf("can't parse JSON: %v", err)
		}
		for k, v := range m {
			switch v := v.(type) {
			case string:
				out[k] = v
			default:
				b, _ := json.Marshal(v)
				out[k] = string(bytes.Trim(b, `"`))
			}
		}
	case "multipart/form-data":
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			return nil, err
		}
	default:
		if err := r.ParseForm(); err != nil {
			return nil, err
		}
	}
	for k, v := range r.Form {
		if len(v) > 0 {
			out[k] = v[0]
		}
	}
	return out, nil
}

func writeResult(w http.ResponseWriter, result any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": result})
}

func writeError(w http.ResponseWriter, status int, description string, retryAfter int) {
	body := map[string]any{"ok": false, "error_code": status, "description": description}
	if retryAfter > 0 {
		body["parameters"] = map[string]any{"retry_after": retryAfter}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}
