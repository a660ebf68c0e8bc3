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

// Handle takes inbound messages from a platform, in order (a batch of
// updates, or one): dedupe, clean, authorise, rate-limit, then answer at
// once (slash commands, approval replies) or record in the inbox — one
// commit for the batch — and queue for the chat. It returns an error only
// when messages could not be recorded; the platform then delivers them
// again later (those already recorded are recognised as duplicates).
func (r *Runner) Handle(ctx context.Context, evs ...*MessageEvent) error {
	var pending []accepted
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		err := r.accept(ctx, pending)
		pending = pending[:0]
		return err
	}
	for i, ev := range evs {
		acc, immediate, err := r.screen(ctx, ev)
		if err == nil && immediate != nil {
			// Messages before a command are queued before it acts.
			if err = flush(); err == nil {
				immediate()
			}
		}
		if err != nil {
			for _, e := range evs[i:] {
				r.dedupe.forget(e.Platform + ":" + e.ID)
			}
			for _, a := range pending {
				r.dedupe.forget(a.ev.Platform + ":" + a.ev.ID)
			}
			return err
		}
		if acc != nil {
			pending = append(pending, *acc)
		}
	}
	return flush()
}

// accepted is a message that passed screening, waiting to be recorded.
type accepted struct {
	ev   *MessageEvent
	rt   *route
	item *store.InboxItem
}

// accept records messages in the inbox (one transaction) and queues the
// new ones.
func (r *Runner) accept(ctx context.Context, batch []accepted) error {
	items := make([]*store.InboxItem, len(batch))
	for i, a := range batch {
		items[i] = a.item
	}
	added, err := r.cfg.Store.AddInboxBatch(ctx, items)
	if err != nil {
		for _, a := range batch {
			r.dedupe.forget(a.ev.Platform + ":" + a.ev.ID)
		}
		return err
	}
	for i, a := range batch {
		if !added[i] {
			r.log.Debug("message answered before a restart ignored", "platform", a.ev.Platform, "id", a.ev.ID)
			continue
		}
		if err := r.enqueue(a.rt, &work{ev: a.ev, inboxID: a.item.ID}); err != nil {
			r.markInbox(a.item.ID, store.InboxDone)
			if errors.Is(err, errQueueFull) {
				r.say(ctx, a.rt, "⏳ I am still working on your earlier messages; this one was not taken. Send it again in a moment, or /stop.")
			}
		}
	}
	return nil
}

// screen decides what to do with one message: nothing (dropped, a
// duplicate, an unknown user), something now (immediate: a command, an
// approval answer, a refusal), or record and queue it (acc).
func (r *Runner) screen(ctx context.Context, ev *MessageEvent) (acc *accepted, immediate func(), err error) {
	if ev == nil || ev.Platform == "" || ev.ID == "" {
		return nil, nil, nil
	}
	if !r.dedupe.first(ev.Platform + ":" + ev.ID) {
		r.log.Debug("duplicate message ignored", "platform", ev.Platform, "id", ev.ID)
		return nil, nil, nil
	}
	ev.Text = CleanText(ev.Text)
	ev.User.Name, ev.User.Username = CleanText(ev.User.Name), CleanText(ev.User.Username)
	if ev.User.ID == "" || ev.Chat.ID == "" {
		r.log.Info("message without a sender or chat ignored", "platform", ev.Platform, "id", ev.ID)
		return nil, nil, nil
	}
	m := r.messengers[ev.Platform]
	if ev.Callback != nil {
		return nil, func() { r.handleCallback(ctx, m, ev) }, nil
	}
	allowed, err := r.authorized(ctx, ev.Platform, ev.User.ID)
	if err != nil {
		return nil, nil, err
	}
	if ok, warn := r.limiter.allow(ev.Platform+":"+ev.User.ID, r.clock.Now()); !ok {
		r.log.Info("rate limit: message dropped", "platform", ev.Platform, "user", ev.User.ID)
		if warn && allowed {
			return nil, func() {
				r.notify(ctx, m, ev.Chat.ID, "⏳ You are sending messages faster than I can take them; I will skip messages for a little while.")
			}, nil
		}
		return nil, nil, nil
	}
	if !allowed {
		return nil, func() { r.unknownUser(ctx, m, ev) }, nil
	}
	if n := utf8.RuneCountInString(ev.Text); n > r.cfg.MaxMessageChars {
		return nil, func() {
			r.notify(ctx, m, ev.Chat.ID, fmt.Sprintf("⚠️ That message is too long for me (%d characters; the limit is %d). Send it as a file, or in parts.", n, r.cfg.MaxMessageChars))
		}, nil
	}
	if strings.TrimSpace(ev.Text) == "" && len(ev.Attachments) == 0 {
		return nil, nil, nil
	}
	rt := r.routeFor(ev)
	if r.isApprovalText(rt, ev) {
		return nil, func() { r.answerApprovalText(ctx, rt, ev) }, nil
	}
	if name, args, ok := commands.Parse(ev.Text); ok && len(ev.Attachments) == 0 && r.isCommand(name) {
		return nil, func() { r.command(ctx, rt, ev, name, args) }, nil
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return nil, nil, err
	}
	return &accepted{ev: ev, rt: rt, item: &store.InboxItem{Platform: ev.Platform, EventID: ev.ID, RouteKey: rt.key, Payload: payload}}, nil, nil
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
