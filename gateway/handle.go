package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/store"
)

// Handle takes one inbound message from a platform: dedupe, clean,
// authorise, rate-limit, then answer it at once (slash commands, approval
// replies) or record it in the inbox and queue it for its chat. It returns
// an error only when the message could not be recorded; the platform then
// delivers it again later.
func (r *Runner) Handle(ctx context.Context, ev *MessageEvent) error {
	if ev == nil || ev.Platform == "" || ev.ID == "" {
		return nil
	}
	id := ev.Platform + ":" + ev.ID
	if !r.dedupe.first(id) {
		r.log.Debug("duplicate message ignored", "platform", ev.Platform, "id", ev.ID)
		return nil
	}
	ev.Text = CleanText(ev.Text)
	ev.User.Name, ev.User.Username = CleanText(ev.User.Name), CleanText(ev.User.Username)
	if ev.User.ID == "" || ev.Chat.ID == "" {
		r.log.Info("message without a sender or chat ignored", "platform", ev.Platform, "id", ev.ID)
		return nil
	}
	m := r.messengers[ev.Platform]
	if ev.Callback != nil {
		r.handleCallback(ctx, m, ev)
		return nil
	}
	allowed, err := r.authorized(ctx, ev.Platform, ev.User.ID)
	if err != nil {
		r.dedupe.forget(id)
		return err
	}
	if ok, warn := r.limiter.allow(ev.Platform+":"+ev.User.ID, r.clock.Now()); !ok {
		r.log.Info("rate limit: message dropped", "platform", ev.Platform, "user", ev.User.ID)
		if warn && allowed {
			r.notify(ctx, m, ev.Chat.ID, "⏳ You are sending messages faster than I can take them; I will skip messages for a little while.")
		}
		return nil
	}
	if !allowed {
		r.unknownUser(ctx, m, ev)
		return nil
	}
	if n := utf8.RuneCountInString(ev.Text); n > r.cfg.MaxMessageChars {
		r.notify(ctx, m, ev.Chat.ID, fmt.Sprintf("⚠️ That message is too long for me (%d characters; the limit is %d). Send it as a file, or in parts.", n, r.cfg.MaxMessageChars))
		return nil
	}
	if strings.TrimSpace(ev.Text) == "" && len(ev.Attachments) == 0 {
		return nil
	}
	rt := r.routeFor(ev)
	if r.answerApprovalText(ctx, rt, ev) {
		return nil
	}
	if name, args, ok := commands.Parse(ev.Text); ok && len(ev.Attachments) == 0 {
		if r.command(ctx, rt, ev, name, args) {
			return nil
		}
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	it := &store.InboxItem{Platform: ev.Platform, EventID: ev.ID, RouteKey: rt.key, Payload: payload}
	added, err := r.cfg.Store.AddInbox(ctx, it)
	if err != nil {
		r.dedupe.forget(id)
		return err
	}
	if !added {
		r.log.Debug("message answered before a restart ignored", "platform", ev.Platform, "id", ev.ID)
		return nil
	}
	if err := r.enqueue(rt, &work{ev: ev, inboxID: it.ID}); err != nil {
		r.cfg.Store.SetInboxState(ctx, it.ID, store.InboxDone)
		if errors.Is(err, errQueueFull) {
			r.say(ctx, rt, "⏳ I am still working on your earlier messages; this one was not taken. Send it again in a moment, or /stop.")
		}
	}
	return nil
}

// authorized reports whether a user may reach the agent: listed in the
// platform's allowlist (or the list is "*"), or paired by the owner.
func (r *Runner) authorized(ctx context.Context, platform, userID string) (bool, error) {
	for _, u := range r.cfg.Access[platform].AllowedUsers {
		if u == "*" || u == userID {
			return true, nil
		}
	}
	return r.cfg.Pairing.Paired(ctx, platform, userID)
}

// unknownUser answers someone herm does not know. In a direct chat they
// get a pairing code for the owner to approve; in groups herm stays quiet.
// Nothing they send reaches the agent or the store's conversations.
func (r *Runner) unknownUser(ctx context.Context, m Messenger, ev *MessageEvent) {
	log := r.log.With("platform", ev.Platform, "user", ev.User.ID)
	if ev.Chat.Type != ChatDM {
		log.Debug("message from an unknown user in a group ignored")
		return
	}
	code, err := r.cfg.Pairing.Request(ctx, ev.Platform, ev.User, ev.Chat.ID)
	switch {
	case err == nil:
		log.Info("pairing code issued to an unknown user", "name", ev.User.Display())
		r.notify(ctx, m, ev.Chat.ID, fmt.Sprintf("👋 I don't know you yet. Ask my owner to let you in by running:\n\nherm pairing approve %s %s\n\nThe code expires in %s.",
			ev.Platform, code, durationWords(r.cfg.Pairing.limits().TTL)))
	case errors.Is(err, store.ErrPairingThrottled):
		log.Debug("pairing: the user asked too recently")
	case errors.Is(err, store.ErrPairingFull):
		log.Warn("pairing: too many codes pending; request refused")
		r.notify(ctx, m, ev.Chat.ID, "👋 I don't know you yet, and too many people are waiting to be let in. Try again later.")
	case errors.Is(err, store.ErrPairingLocked):
		log.Warn("pairing: locked after wrong codes; request refused")
	default:
		log.Error("pairing request", "err", err)
	}
}

func durationWords(d interface{ Minutes() float64 }) string {
	m := int(d.Minutes())
	if m%60 == 0 {
		if m == 60 {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", m/60)
	}
	return fmt.Sprintf("%d minutes", m)
}

// say sends a short message into rt's chat (and thread) outside any turn.
func (r *Runner) say(ctx context.Context, rt *route, text string) {
	if rt.messenger == nil {
		return
	}
	if _, err := rt.messenger.Send(ctx, rt.chatID, OutMessage{Text: text, Thread: rt.thread}); err != nil {
		r.log.Warn("send a notice", "chat", rt.chatID, "err", err)
	}
}

// notify sends a short message outside any turn.
func (r *Runner) notify(ctx context.Context, m Messenger, chatID, text string) {
	if m == nil {
		return
	}
	if _, err := m.Send(ctx, chatID, OutMessage{Text: text}); err != nil {
		r.log.Warn("send a notice", "chat", chatID, "err", err)
	}
}
