package telegram

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/herm-dev/herm/gateway"
)

// call makes one Bot API request, riding out flood control (429: wait
// retry_after, as Telegram asks) and brief outages (5xx, network: up to
// three tries with backoff). Other errors (400: bad request) return at once.
func (a *Adapter) call(ctx context.Context, method string, params tgbotapi.Params) (*tgbotapi.APIResponse, error) {
	bot := a.bot(ctx, 30*time.Second)
	transient := 0
	for {
		resp, err := bot.MakeRequest(method, params)
		if err == nil {
			return resp, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var tgErr *tgbotapi.Error
		switch {
		case errors.As(err, &tgErr) && tgErr.RetryAfter > 0:
			if tgErr.RetryAfter > 300 {
				return nil, fmt.Errorf("%s: flood control asks to wait %d s: %w", method, tgErr.RetryAfter, describe(err))
			}
			if !sleep(ctx, time.Duration(tgErr.RetryAfter)*time.Second) {
				return nil, ctx.Err()
			}
		case errors.As(err, &tgErr) && tgErr.Code < 500:
			return nil, fmt.Errorf("%s: %w", method, describe(err))
		default:
			transient++
			if transient >= 3 {
				return nil, fmt.Errorf("%s: %w", method, describe(err))
			}
			if !sleep(ctx, time.Duration(transient)*500*time.Millisecond) {
				return nil, ctx.Err()
			}
		}
	}
}

func chatID(id string) (int64, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("telegram chat ids are numbers, not %q", id)
	}
	return n, nil
}

func keyboard(rows [][]gateway.Button) (string, error) {
	if len(rows) == 0 {
		return "", nil
	}
	var kb [][]tgbotapi.InlineKeyboardButton
	for _, row := range rows {
		var r []tgbotapi.InlineKeyboardButton
		for _, b := range row {
			if len(b.Data) > 64 {
				return "", fmt.Errorf("button data is %d bytes; Telegram allows 64", len(b.Data))
			}
			r = append(r, tgbotapi.NewInlineKeyboardButtonData(b.Text, b.Data))
		}
		kb = append(kb, r)
	}
	data, err := json.Marshal(tgbotapi.NewInlineKeyboardMarkup(kb...))
	return string(data), err
}

// Send posts a message as plain text (no parse mode: model output never
// breaks on Markdown escaping) and returns its message id.
func (a *Adapter) Send(ctx context.Context, chat string, m gateway.OutMessage) (string, error) {
	if _, err := chatID(chat); err != nil {
		return "", err
	}
	p := tgbotapi.Params{"chat_id": chat, "text": m.Text, "disable_web_page_preview": "true"}
	if m.ReplyTo != "" {
		p["reply_to_message_id"] = m.ReplyTo
		p["allow_sending_without_reply"] = "true"
	}
	if m.Thread != "" {
		p["message_thread_id"] = m.Thread
	}
	kb, err := keyboard(m.Buttons)
	if err != nil {
		return "", err
	}
	if kb != "" {
		p["reply_markup"] = kb
	}
	resp, err := a.call(ctx, "sendMessage", p)
	if err != nil {
		return "", err
	}
	var sent tgbotapi.Message
	if err := json.Unmarshal(resp.Result, &sent); err != nil {
		return "", fmt.Errorf("sendMessage: unreadable answer: %w", err)
	}
	return strconv.Itoa(sent.MessageID), nil
}

// Edit replaces a message's text and buttons (no buttons removes them).
func (a *Adapter) Edit(ctx context.Context, chat, messageID string, m gateway.OutMessage) error {
	p := tgbotapi.Params{"chat_id": chat, "message_id": messageID, "text": m.Text, "disable_web_page_preview": "true"}
	kb, err := keyboard(m.Buttons)
	if err != nil {
		return err
	}
	if kb != "" {
		p["reply_markup"] = kb
	}
	_, err = a.call(ctx, "editMessageText", p)
	if err != nil && strings.Contains(err.Error(), "message is not modified") {
		return nil
	}
	return err
}

// Typing shows "typing…" for about five seconds.
func (a *Adapter) Typing(ctx context.Context, chat string) error {
	_, err := a.call(ctx, "sendChatAction", tgbotapi.Params{"chat_id": chat, "action": tgbotapi.ChatTyping})
	return err
}

// AnswerCallback stops a pressed button's spinner, showing text briefly.
func (a *Adapter) AnswerCallback(ctx context.Context, id, text string) error {
	p := tgbotapi.Params{"callback_query_id": id}
	if text != "" {
		p["text"] = text
	}
	_, err := a.call(ctx, "answerCallbackQuery", p)
	return err
}

// maxWebhookBody bounds one webhook request; updates are a few KB.
const maxWebhookBody = 1 << 20

// runWebhook serves the webhook and registers it with Telegram. Requests
// without the right secret-token header are refused before anything is
// read into the gateway.
func (a *Adapter) runWebhook(ctx context.Context, bot *tgbotapi.BotAPI, host gateway.Host, log *slog.Logger) error {
	u, err := url.Parse(a.cfg.Webhook.URL)
	if err != nil || u.Host == "" {
		return fmt.Errorf("gateway.telegram.webhook.url %q is not a URL", a.cfg.Webhook.URL)
	}
	secret := a.cfg.Webhook.Secret
	if secret == "" {
		var b [24]byte
		rand.Read(b[:])
		secret = hex.EncodeToString(b[:])
	}
	path := u.Path
	if path == "" {
		path = "/"
	}
	listen := a.cfg.Webhook.Listen
	if listen == "" {
		listen = "127.0.0.1:8443"
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("listen for the Telegram webhook on %s: %w", listen, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
		if subtle.ConstantTimeCompare([]byte(got), []byte(secret)) != 1 {
			log.Warn("webhook request with a wrong or missing secret token refused", "remote", r.RemoteAddr)
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
		if err != nil {
			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
			return
		}
		id, ev, err := decodeUpdate(body)
		if err != nil || id == 0 {
			log.Warn("a webhook update that cannot be read was skipped", "update_id", id, "err", err)
			w.WriteHeader(http.StatusOK) // a poison update must not be retried forever
			return
		}
		if ev != nil {
			if err := host.Handle(r.Context(), ev); err != nil {
				log.Warn("the gateway could not take an update; Telegram will retry", "update_id", id, "err", err)
				http.Error(w, "try again", http.StatusServiceUnavailable)
				return
			}
		}
		w.WriteHeader(http.StatusOK)
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	_, err = bot.MakeRequest("setWebhook", tgbotapi.Params{
		"url": a.cfg.Webhook.URL, "secret_token": secret,
		"allowed_updates": `["message","callback_query"]`,
	})
	if err != nil {
		srv.Close()
		return fmt.Errorf("setWebhook: %w", describe(err))
	}
	log.Info("telegram webhook registered", "url", a.cfg.Webhook.URL, "listen", ln.Addr().String())
	host.Connected(Name)
	select {
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		return nil
	case err := <-serveErr:
		return fmt.Errorf("the webhook server stopped: %w", err)
	}
}
