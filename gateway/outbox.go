package gateway

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/herm-dev/herm/gateway/cron"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// Outbox delivers messages that are not replies: cron answers and the
// send_message tool. It only posts into chats herm knows — a platform's
// home chat, its allowed users, and chats that have talked to herm — so
// neither a model nor a scheduled prompt can message strangers.
type Outbox struct {
	store *store.Store

	mu        sync.RWMutex
	platforms map[string]outPlatform
}

type outPlatform struct {
	m      Messenger
	access Access
}

var (
	_ tools.MessageSender = (*Outbox)(nil)
	_ cron.Deliverer      = (*Outbox)(nil)
)

// NewOutbox returns an empty outbox; the runner registers its messengers.
func NewOutbox(st *store.Store) *Outbox {
	return &Outbox{store: st, platforms: map[string]outPlatform{}}
}

// Register makes m a delivery target.
func (o *Outbox) Register(m Messenger, a Access) {
	o.mu.Lock()
	o.platforms[m.Name()] = outPlatform{m: m, access: a}
	o.mu.Unlock()
}

// Platforms lists the registered platform names.
func (o *Outbox) Platforms() []string {
	o.mu.RLock()
	defer o.mu.RUnlock()
	var out []string
	for n := range o.platforms {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// SendMessage implements the send_message tool.
func (o *Outbox) SendMessage(ctx context.Context, fromSession, target, text string) (string, error) {
	var origin store.JobOrigin
	if target == "origin" {
		r, err := o.store.RouteBySession(ctx, fromSession)
		if errors.Is(err, store.ErrNotFound) {
			return "", errors.New("this conversation does not come from a chat; name a platform or platform:chat_id")
		}
		if err != nil {
			return "", err
		}
		origin = store.JobOrigin{Platform: r.Platform, Chat: r.ChatID, Session: fromSession}
	}
	return o.Deliver(ctx, target, origin, text)
}

// Deliver sends text to target: origin (the chat in origin), a platform
// (its home chat) or platform:chat_id.
func (o *Outbox) Deliver(ctx context.Context, target string, origin store.JobOrigin, text string) (string, error) {
	platform, chat := "", ""
	switch {
	case target == "origin":
		if origin.Platform == "" {
			return "", errors.New("the job has no chat of origin")
		}
		platform, chat = origin.Platform, origin.Chat
	case strings.Contains(target, ":"):
		platform, chat, _ = strings.Cut(target, ":")
	default:
		platform = target
	}
	o.mu.RLock()
	p, ok := o.platforms[platform]
	o.mu.RUnlock()
	if !ok {
		names := o.Platforms()
		if len(names) == 0 {
			return "", fmt.Errorf("platform %q is not running (no messaging platform is)", platform)
		}
		return "", fmt.Errorf("platform %q is not running; available: %s", platform, strings.Join(names, ", "))
	}
	if chat == "" {
		chat = p.access.HomeChat
		if chat == "" {
			return "", fmt.Errorf("%s has no home chat configured (gateway.%s.home_chat); name the chat as %s:CHAT_ID", platform, platform, platform)
		}
	}
	if ok, err := o.known(ctx, platform, chat, p.access); err != nil {
		return "", err
	} else if !ok {
		return "", fmt.Errorf("herm only posts into chats it knows (the home chat, allowed users, chats that talked to it); %s:%s is not one", platform, chat)
	}
	text = cleanOutbound(text)
	for i, part := range Split(text, p.m.TextLimit()) {
		sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		_, err := p.m.Send(sctx, chat, OutMessage{Text: part})
		cancel()
		if err != nil {
			return "", fmt.Errorf("send part %d to %s:%s: %w", i+1, platform, chat, err)
		}
	}
	return platform + ":" + chat, nil
}

func (o *Outbox) known(ctx context.Context, platform, chat string, a Access) (bool, error) {
	if chat == a.HomeChat || slices.Contains(a.AllowedUsers, chat) {
		return true, nil
	}
	return o.store.KnownChat(ctx, platform, chat)
}
