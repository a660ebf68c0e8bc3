// Package telegram connects herm to Telegram through the Bot API
// (go-telegram-bot-api/v5): long polling by default, or a webhook whose
// secret-token header is checked in constant time. Text, replies, photos
// and documents come in; text (split by the gateway), inline buttons,
// edits and typing indicators go out. The API URL is configurable, which
// is also how tests point it at internal/faketelegram.
//
// Like every platform adapter it only speaks its platform's protocol: it
// never sees the agent, sessions or approvals except as messages the
// gateway gives it to send.
package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/herm-dev/herm/gateway"
)

// Name is the platform's name in session keys, config and deliveries.
const Name = "telegram"

// MaxDownload is the largest attachment herm fetches (the Bot API's own
// limit for bots is 20 MB).
const MaxDownload = 20 << 20

// Config configures the adapter.
type Config struct {
	Token string
	// APIURL is the Bot API server; default https://api.telegram.org.
	APIURL string
	// PollTimeout is the getUpdates long-poll timeout; default 30 s.
	PollTimeout time.Duration
	// Webhook switches from long polling to a webhook when URL is set.
	Webhook Webhook
	// HTTPClient sends requests (default: a client with sane timeouts).
	HTTPClient *http.Client
}

// Webhook configures webhook mode.
type Webhook struct {
	URL    string // public URL Telegram posts to
	Listen string // local address to serve it on
	// Secret is checked against X-Telegram-Bot-Api-Secret-Token; empty
	// makes a random one at each start.
	Secret string
}

// Adapter is the Telegram platform. It implements gateway.Messenger.
type Adapter struct {
	cfg    Config
	api    string // APIURL/bot%s/%s, the library's endpoint format
	files  string // APIURL/file/bot<token>/
	client *http.Client
}

var _ gateway.Messenger = (*Adapter)(nil)

// New prepares an adapter; nothing is contacted until Run or Send.
func New(cfg Config) (*Adapter, error) {
	if strings.TrimSpace(cfg.Token) == "" {
		return nil, errors.New("telegram: no bot token (set TELEGRAM_BOT_TOKEN or gateway.telegram.token; @BotFather gives you one)")
	}
	if cfg.APIURL == "" {
		cfg.APIURL = "https://api.telegram.org"
	}
	cfg.APIURL = strings.TrimRight(cfg.APIURL, "/")
	if cfg.PollTimeout <= 0 {
		cfg.PollTimeout = 30 * time.Second
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	return &Adapter{cfg: cfg, api: cfg.APIURL + "/bot%s/%s", files: cfg.APIURL + "/file/bot" + cfg.Token + "/", client: client}, nil
}

// Name implements gateway.Platform.
func (a *Adapter) Name() string { return Name }

// TextLimit is Telegram's 4096 UTF-16 code units.
func (a *Adapter) TextLimit() gateway.TextLimit { return gateway.TextLimit{Max: 4096, UTF16: true} }

// bot returns a library client whose requests are bound to ctx (the
// library's calls take no context) and time out after timeout.
func (a *Adapter) bot(ctx context.Context, timeout time.Duration) *tgbotapi.BotAPI {
	b := &tgbotapi.BotAPI{Token: a.cfg.Token, Client: ctxClient{ctx: ctx, c: a.client, timeout: timeout}}
	b.SetAPIEndpoint(a.api)
	return b
}

type ctxClient struct {
	ctx     context.Context
	c       *http.Client
	timeout time.Duration
}

func (c ctxClient) Do(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(c.ctx, c.timeout)
	resp, err := c.c.Do(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	resp.Body = cancelBody{resp.Body, cancel}
	return resp, nil
}

type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

// Close drains what the library's JSON decoder left unread (the trailing
// newline) so the connection goes back to the pool instead of being
// closed: otherwise every API call opens a new TCP (and TLS) connection.
func (b cancelBody) Close() error {
	io.Copy(io.Discard, io.LimitReader(b.ReadCloser, 64<<10))
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}

// Run connects (getMe) and receives updates until ctx ends.
func (a *Adapter) Run(ctx context.Context, host gateway.Host) error {
	bot := a.bot(ctx, a.cfg.PollTimeout+15*time.Second)
	me, err := bot.GetMe()
	if err != nil {
		return fmt.Errorf("connect to the Telegram Bot API at %s: %w", a.cfg.APIURL, describe(err))
	}
	log := host.Logger().With("platform", Name, "bot", "@"+me.UserName)
	if a.cfg.Webhook.URL != "" {
		return a.runWebhook(ctx, bot, host, log)
	}
	// A webhook left from an earlier configuration makes getUpdates fail.
	if _, err := bot.MakeRequest("deleteWebhook", tgbotapi.Params{"drop_pending_updates": "false"}); err != nil {
		return fmt.Errorf("remove an old webhook: %w", describe(err))
	}
	host.Connected(Name)
	return a.poll(ctx, bot, host, log)
}

// poll long-polls getUpdates. An update is acknowledged (by the next
// request's offset) only once the gateway accepted it.
func (a *Adapter) poll(ctx context.Context, bot *tgbotapi.BotAPI, host gateway.Host, log *slog.Logger) error {
	offset := 0
	failures := 0
	for {
		params := tgbotapi.Params{
			"offset":          strconv.Itoa(offset),
			"limit":           "100",
			"timeout":         strconv.Itoa(int(a.cfg.PollTimeout / time.Second)),
			"allowed_updates": `["message","callback_query"]`,
		}
		resp, err := bot.MakeRequest("getUpdates", params)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			var tgErr *tgbotapi.Error
			if errors.As(err, &tgErr) && tgErr.RetryAfter > 0 {
				if !sleep(ctx, time.Duration(tgErr.RetryAfter)*time.Second) {
					return nil
				}
				continue
			}
			failures++
			if failures >= 3 || (errors.As(err, &tgErr) && (tgErr.Code == 401 || tgErr.Code == 404 || tgErr.Code == 409)) {
				return fmt.Errorf("getUpdates: %w", describe(err))
			}
			log.Warn("getUpdates failed; retrying", "err", describe(err), "attempt", failures)
			if !sleep(ctx, time.Duration(failures)*500*time.Millisecond) {
				return nil
			}
			continue
		}
		failures = 0
		var raws []json.RawMessage
		if err := json.Unmarshal(resp.Result, &raws); err != nil {
			return fmt.Errorf("getUpdates returned something that is not a list of updates: %w", err)
		}
		var (
			evs  []*gateway.MessageEvent
			next = offset
		)
		for _, raw := range raws {
			id, ev, err := decodeUpdate(raw)
			if id == 0 {
				log.Warn("an update without an update_id was skipped", "err", err)
				continue
			}
			if err != nil {
				log.Warn("an update that cannot be read was skipped", "update_id", id, "err", err)
			} else if ev != nil {
				evs = append(evs, ev)
			}
			next = max(next, id+1)
		}
		if err := host.Handle(ctx, evs...); err != nil {
			// Not acknowledged: Telegram sends the batch again, and what
			// the gateway already took is recognised as a duplicate.
			log.Warn("the gateway could not take a batch of updates; it will come again", "updates", len(evs), "err", err)
			if !sleep(ctx, time.Second) {
				return nil
			}
			continue
		}
		offset = next
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// describe rewords the library's errors: a Bot API error keeps its code.
func describe(err error) error {
	var tgErr *tgbotapi.Error
	if errors.As(err, &tgErr) {
		switch tgErr.Code {
		case 401:
			return fmt.Errorf("the bot token was rejected (401 %s); check TELEGRAM_BOT_TOKEN", tgErr.Message)
		case 409:
			return fmt.Errorf("conflict (409 %s): another process is polling this bot, or a webhook is set", tgErr.Message)
		}
		return fmt.Errorf("Telegram error %d: %s", tgErr.Code, tgErr.Message)
	}
	var syn *json.SyntaxError
	if errors.As(err, &syn) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("the Bot API answered with something that is not JSON (a proxy or an outage?): %w", err)
	}
	return err
}

// rawUpdate holds the fields the library's v5.5.1 types lack.
type rawUpdate struct {
	UpdateID int `json:"update_id"`
	Message  *struct {
		ThreadID int  `json:"message_thread_id"`
		IsTopic  bool `json:"is_topic_message"`
	} `json:"message"`
}

// decodeUpdate turns an update into a gateway message. It returns the
// update id even when the rest cannot be read, so a poison update is
// skipped instead of blocking the queue; ev is nil for updates herm does
// not handle (edits, channel posts…).
func decodeUpdate(raw json.RawMessage) (int, *gateway.MessageEvent, error) {
	var probe rawUpdate
	if err := json.Unmarshal(raw, &probe); err != nil || probe.UpdateID == 0 {
		var idOnly struct {
			UpdateID int `json:"update_id"`
		}
		json.Unmarshal(raw, &idOnly)
		if err == nil {
			err = errors.New("no update_id")
		}
		return idOnly.UpdateID, nil, err
	}
	var u tgbotapi.Update
	if err := json.Unmarshal(raw, &u); err != nil {
		return probe.UpdateID, nil, err
	}
	id := strconv.Itoa(u.UpdateID)
	switch {
	case u.Message != nil:
		ev := messageEvent(id, u.Message)
		if probe.Message != nil && probe.Message.IsTopic && probe.Message.ThreadID != 0 {
			ev.Chat.Thread = strconv.Itoa(probe.Message.ThreadID)
		}
		return u.UpdateID, ev, nil
	case u.CallbackQuery != nil:
		cq := u.CallbackQuery
		ev := &gateway.MessageEvent{Platform: Name, ID: id, Time: time.Now(),
			Callback: &gateway.Callback{ID: cq.ID, Data: cq.Data}}
		if cq.From != nil {
			ev.User = user(cq.From)
		}
		if cq.Message != nil && cq.Message.Chat != nil {
			ev.Chat = chat(cq.Message.Chat)
			ev.Callback.MessageID = strconv.Itoa(cq.Message.MessageID)
		}
		return u.UpdateID, ev, nil
	}
	return u.UpdateID, nil, nil
}

func messageEvent(id string, m *tgbotapi.Message) *gateway.MessageEvent {
	ev := &gateway.MessageEvent{Platform: Name, ID: id, MessageID: strconv.Itoa(m.MessageID), Text: m.Text,
		Time: time.Unix(int64(m.Date), 0)}
	if m.Chat != nil {
		ev.Chat = chat(m.Chat)
	}
	if m.From != nil {
		ev.User = user(m.From)
	}
	if ev.Text == "" {
		ev.Text = m.Caption
	}
	if m.ReplyToMessage != nil {
		ev.ReplyTo = strconv.Itoa(m.ReplyToMessage.MessageID)
	}
	if n := len(m.Photo); n > 0 {
		p := m.Photo[n-1] // the largest size
		ev.Attachments = append(ev.Attachments, gateway.Attachment{Kind: "photo", FileID: p.FileID, Name: p.FileUniqueID + ".jpg", MIME: "image/jpeg", Size: int64(p.FileSize)})
	}
	if d := m.Document; d != nil {
		ev.Attachments = append(ev.Attachments, gateway.Attachment{Kind: "document", FileID: d.FileID, Name: d.FileName, MIME: d.MimeType, Size: int64(d.FileSize)})
	}
	if v := m.Voice; v != nil {
		ev.Attachments = append(ev.Attachments, gateway.Attachment{Kind: "voice", FileID: v.FileID, Name: v.FileUniqueID + ".ogg", MIME: v.MimeType, Size: int64(v.FileSize)})
	}
	if au := m.Audio; au != nil {
		ev.Attachments = append(ev.Attachments, gateway.Attachment{Kind: "audio", FileID: au.FileID, Name: au.FileName, MIME: au.MimeType, Size: int64(au.FileSize)})
	}
	if v := m.Video; v != nil {
		ev.Attachments = append(ev.Attachments, gateway.Attachment{Kind: "video", FileID: v.FileID, Name: v.FileName, MIME: v.MimeType, Size: int64(v.FileSize)})
	}
	return ev
}

func chat(c *tgbotapi.Chat) gateway.Chat {
	out := gateway.Chat{ID: strconv.FormatInt(c.ID, 10), Title: c.Title}
	switch c.Type {
	case "private":
		out.Type = gateway.ChatDM
	case "channel":
		out.Type = gateway.ChatChannel
	default:
		out.Type = gateway.ChatGroup
	}
	return out
}

func user(u *tgbotapi.User) gateway.User {
	return gateway.User{ID: strconv.FormatInt(u.ID, 10), Name: strings.TrimSpace(u.FirstName + " " + u.LastName), Username: u.UserName}
}

// Download fetches an attachment (getFile, then the file URL) into dir.
func (a *Adapter) Download(ctx context.Context, att gateway.Attachment, dir string) (string, error) {
	if att.Size > MaxDownload {
		return "", fmt.Errorf("the file is %d MB; bots can download at most %d MB", att.Size>>20, MaxDownload>>20)
	}
	resp, err := a.call(ctx, "getFile", tgbotapi.Params{"file_id": att.FileID})
	if err != nil {
		return "", err
	}
	var f tgbotapi.File
	if err := json.Unmarshal(resp.Result, &f); err != nil || f.FilePath == "" {
		return "", fmt.Errorf("getFile returned no file path")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.files+f.FilePath, nil)
	if err != nil {
		return "", err
	}
	res, err := a.client.Do(req)
	if err != nil {
		return "", fmt.Errorf("download %s: %w", att.Kind, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("download %s: HTTP %d", att.Kind, res.StatusCode)
	}
	name := safeName(att.Name)
	if name == "" {
		name = safeName(filepath.Base(f.FilePath))
	}
	path := filepath.Join(dir, safeName(f.FileUniqueID)+"-"+name)
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return "", err
	}
	n, err := io.Copy(out, io.LimitReader(res.Body, MaxDownload+1))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil && n > MaxDownload {
		err = fmt.Errorf("the file is larger than %d MB", MaxDownload>>20)
	}
	if err != nil {
		os.Remove(path)
		return "", fmt.Errorf("save %s: %w", att.Kind, err)
	}
	return path, nil
}

// safeName keeps a file name to one harmless path element.
func safeName(name string) string {
	name = filepath.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, name)
	name = strings.TrimLeft(name, ".")
	if len(name) > 100 {
		name = name[len(name)-100:]
	}
	return name
}
