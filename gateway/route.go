package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// route is one chat's place in the gateway: its session, the work waiting
// for it and the turn in progress. Fields are guarded by Runner.mu; the
// route's single worker is the only one running turns on sess.
type route struct {
	key       string
	platform  string
	chatID    string
	chatType  ChatType
	userID    string // the chat's owner in groups (sessions are per member)
	thread    string
	messenger Messenger // nil for request/response front ends
	ephemeral bool      // a one-request session: not remembered

	sess       *agent.Session
	queue      []*work
	busy       bool // a worker is attached
	running    bool // a turn is in progress
	cancel     context.CancelCauseFunc
	approval   *chatApproval
	lastActive time.Time
}

func (rt *route) idle() bool {
	return !rt.busy && len(rt.queue) == 0 && rt.approval == nil
}

// work is one thing a route's worker does, in order.
type work struct {
	// A chat message, with its inbox row.
	ev      *MessageEvent
	inboxID int64
	// An operation that must not overlap a turn (/new, /model…).
	op func(ctx context.Context, rt *route)
	// A request/response turn.
	api *apiWork
}

// routeFor returns the route for a chat message, creating it.
func (r *Runner) routeFor(ev *MessageEvent) *route {
	key := ev.SessionKey()
	r.mu.Lock()
	defer r.mu.Unlock()
	rt := r.routes[key]
	if rt == nil {
		rt = &route{key: key, platform: ev.Platform, chatID: ev.Chat.ID, chatType: ev.Chat.Type,
			thread: ev.Chat.Thread, messenger: r.messengers[ev.Platform]}
		if ev.Chat.Type != ChatDM {
			rt.userID = ev.User.ID
		}
		r.routes[key] = rt
	}
	rt.lastActive = r.clock.Now()
	return rt
}

// enqueue adds w to rt's queue and makes sure a worker runs it. In
// interrupt mode a chat message stops the running turn.
func (r *Runner) enqueue(rt *route, w *work) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.draining && w.api != nil {
		return ErrShuttingDown
	}
	if w.ev != nil && len(rt.queue) >= r.cfg.QueueLimit {
		return errQueueFull
	}
	rt.queue = append(rt.queue, w)
	rt.lastActive = r.clock.Now()
	if w.ev != nil && rt.running && rt.cancel != nil && r.cfg.Busy == BusyInterrupt {
		rt.cancel(errInterruptedByMessage)
	}
	if !rt.busy && !r.draining {
		rt.busy = true
		r.workers.Add(1)
		go r.worker(rt)
	}
	return nil
}

var errQueueFull = errors.New("too many messages are waiting in this chat")

// worker runs rt's queue until it is empty. While the gateway drains it
// stops taking work: chat messages stay pending in the inbox for the next
// start, and waiting API requests are refused.
func (r *Runner) worker(rt *route) {
	defer r.workers.Done()
	for {
		r.mu.Lock()
		if len(rt.queue) == 0 || r.draining {
			var left []*work
			if r.draining {
				left, rt.queue = rt.queue, nil
			}
			rt.busy = false
			if rt.ephemeral && rt.idle() {
				delete(r.routes, rt.key)
			}
			r.mu.Unlock()
			for _, w := range left {
				if w.api != nil {
					w.api.done <- apiDone{err: ErrShuttingDown}
				}
			}
			return
		}
		batch := r.take(rt)
		r.mu.Unlock()

		r.sem <- struct{}{}
		r.process(rt, batch)
		<-r.sem
	}
}

// take pops the next work. In interrupt mode, chat messages that piled up
// while a turn ran are answered together, as one message.
func (r *Runner) take(rt *route) []*work {
	n := 1
	if r.cfg.Busy == BusyInterrupt && rt.queue[0].ev != nil {
		for n < len(rt.queue) && rt.queue[n].ev != nil {
			n++
		}
	}
	batch := append([]*work(nil), rt.queue[:n]...)
	rt.queue = rt.queue[n:]
	return batch
}

func (r *Runner) process(rt *route, batch []*work) {
	ctx := context.WithoutCancel(r.turnCtx)
	w := batch[0]
	switch {
	case w.op != nil:
		w.op(ctx, rt)
	case w.api != nil:
		r.apiTurn(ctx, rt, w.api)
	default:
		r.chatTurn(ctx, rt, batch)
	}
}

// session returns rt's session, reopening the one its chat used before
// (from the store) or starting a new one.
func (r *Runner) session(ctx context.Context, rt *route) (*agent.Session, bool, error) {
	r.mu.Lock()
	sess := rt.sess
	r.mu.Unlock()
	if sess != nil {
		return sess, false, nil
	}
	if !rt.ephemeral {
		if saved, err := r.cfg.Store.Route(ctx, rt.key); err == nil {
			sess, err := r.cfg.Agent.OpenSession(ctx, saved.SessionID)
			if err == nil {
				r.setSession(rt, sess)
				return sess, false, nil
			}
			r.log.Warn("the chat's session could not be reopened; starting a new one", "route", rt.key, "session", saved.SessionID, "err", err)
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, false, err
		}
	}
	sess, err := r.newSession(ctx, rt)
	return sess, true, err
}

func (r *Runner) newSession(ctx context.Context, rt *route) (*agent.Session, error) {
	sess, err := r.cfg.Agent.NewSession(ctx, agent.NewSessionOptions{Source: rt.platform, Cwd: r.cfg.Cwd})
	if err != nil {
		return nil, err
	}
	if err := r.saveRoute(ctx, rt, sess.ID()); err != nil {
		return nil, err
	}
	r.setSession(rt, sess)
	return sess, nil
}

func (r *Runner) setSession(rt *route, sess *agent.Session) {
	r.mu.Lock()
	rt.sess = sess
	r.mu.Unlock()
}

func (r *Runner) saveRoute(ctx context.Context, rt *route, sessionID string) error {
	if rt.ephemeral {
		return nil
	}
	return r.cfg.Store.SetRoute(ctx, &store.Route{Key: rt.key, SessionID: sessionID, Platform: rt.platform,
		ChatID: rt.chatID, ChatType: string(rt.chatType), UserID: rt.userID, ThreadID: rt.thread})
}

// chatTurn answers one or more chat messages with one turn.
func (r *Runner) chatTurn(ctx context.Context, rt *route, batch []*work) {
	last := batch[len(batch)-1].ev
	finish := func() {
		for _, w := range batch {
			r.markInbox(w.inboxID, store.InboxDone)
		}
	}
	sess, _, err := r.session(ctx, rt)
	if err != nil {
		r.log.Error("open the chat's session", "route", rt.key, "err", err)
		r.reply(ctx, rt, "⚠️ I could not open this chat's session: "+r.cfg.Redact(err.Error()), last.MessageID)
		finish()
		return
	}
	for _, w := range batch {
		r.markInbox(w.inboxID, store.InboxRunning)
	}
	in := r.input(ctx, rt, batch)
	var reply string
	r.runTurn(ctx, rt, sess, in, last.User, nil, func(done agent.TurnDone, cause error) {
		reply = r.replyText(done, cause)
	})
	if reply != "" {
		r.reply(ctx, rt, reply, last.MessageID)
	}
	finish()
}

// runTurn runs one turn on rt with typing indicators and chat approvals;
// after sees how it ended and why it was cancelled, if it was. The turn's
// events reach the chat (and forward) through an agent.Queue, so posting
// and editing messages never holds up the turn; after runs once every
// event was handled.
func (r *Runner) runTurn(ctx context.Context, rt *route, sess *agent.Session, in agent.Input, owner User, forward func(agent.Event), after func(agent.TurnDone, error)) {
	turnCtx, cancel := context.WithCancelCause(r.turnCtx)
	defer cancel(nil)
	r.mu.Lock()
	rt.running, rt.cancel = true, cancel
	r.mu.Unlock()
	stopTyping := r.typing(rt)
	events := agent.NewQueue(func(batch []agent.Event) {
		for _, e := range batch {
			r.turnEvent(ctx, rt, owner, e)
			if forward != nil {
				forward(e)
			}
		}
	})
	done := sess.Run(turnCtx, in, events.Emit)
	events.Close()
	stopTyping()
	cause := context.Cause(turnCtx)
	r.mu.Lock()
	rt.running, rt.cancel = false, nil
	rt.lastActive = r.clock.Now()
	r.mu.Unlock()
	if done.Reason == agent.StopError {
		r.log.Warn("turn failed", "route", rt.key, "session", sess.ID(), "err", done.Err)
	}
	after(done, cause)
}

// turnEvent shows a turn's event in its chat: approval prompts, and the
// route following the session to its compressed child.
func (r *Runner) turnEvent(ctx context.Context, rt *route, owner User, e agent.Event) {
	switch e := e.(type) {
	case agent.ApprovalRequested:
		r.requestApproval(ctx, rt, e, owner)
	case agent.ApprovalResolved:
		r.resolveApproval(ctx, rt, e)
	case agent.Compressed:
		if err := r.saveRoute(ctx, rt, e.SessionID); err != nil {
			r.log.Error("follow the session to its compressed child", "err", err)
		}
	}
}

// replyText is what the chat is told when a turn ends.
func (r *Runner) replyText(done agent.TurnDone, cause error) string {
	answer := strings.TrimSpace(done.Answer)
	switch done.Reason {
	case agent.StopDone:
		if answer == "" {
			return "(the model returned an empty answer)"
		}
		return done.Answer
	case agent.StopInterrupted:
		switch {
		case errors.Is(cause, errShutdown):
			return "⏸ herm is restarting and stopped working on this. Everything so far is saved; send \"continue\" when it is back."
		case errors.Is(cause, errInterruptedByMessage), errors.Is(cause, errStopped):
			return "" // the new message (or /stop) speaks for itself
		}
		return ""
	case agent.StopError:
		return "⚠️ " + r.cfg.Redact(errText(done.Err))
	case agent.StopMaxTurns:
		return joinNonEmpty(answer, "⏹ I stopped at the tool-call limit for one message; say \"continue\" to let me go on.")
	case agent.StopDenied:
		return joinNonEmpty(answer, "⏹ I stopped after three denied commands in a row.")
	}
	return joinNonEmpty(answer, "⏹ The turn stopped: "+r.cfg.Redact(errText(done.Err)))
}

func errText(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}

func joinNonEmpty(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n\n" + b
}

// input turns queued messages into one agent input: their texts, and their
// attachments downloaded into the cache (images also inline).
func (r *Runner) input(ctx context.Context, rt *route, batch []*work) agent.Input {
	var (
		texts  []string
		images []llm.Image
	)
	for _, w := range batch {
		ev := w.ev
		text := ev.Text
		for _, a := range ev.Attachments {
			note, img := r.attachment(ctx, rt, a)
			text = joinLines(text, note)
			if img != nil {
				images = append(images, *img)
			}
		}
		if strings.TrimSpace(text) != "" {
			texts = append(texts, text)
		}
	}
	return agent.Input{Text: strings.Join(texts, "\n\n"), Images: images}
}

func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

const maxInlineImage = 5 << 20

func (r *Runner) attachment(ctx context.Context, rt *route, a Attachment) (string, *llm.Image) {
	if rt.messenger == nil || r.cfg.CacheDir == "" {
		return fmt.Sprintf("[attachment %s %q could not be saved]", a.Kind, a.Name), nil
	}
	dir := filepath.Join(r.cfg.CacheDir, rt.platform)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Sprintf("[attachment %s %q could not be saved: %v]", a.Kind, a.Name, err), nil
	}
	dctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	path, err := rt.messenger.Download(dctx, a, dir)
	if err != nil {
		r.log.Warn("download an attachment", "platform", rt.platform, "kind", a.Kind, "err", err)
		return fmt.Sprintf("[attachment %s %q could not be downloaded: %s]", a.Kind, a.Name, r.cfg.Redact(err.Error())), nil
	}
	note := fmt.Sprintf("[attachment: %s saved at %s", a.Kind, path)
	if a.MIME != "" {
		note += " (" + a.MIME + ")"
	}
	note += "]"
	if a.Kind != "photo" && !strings.HasPrefix(a.MIME, "image/") {
		return note, nil
	}
	if st, err := os.Stat(path); err != nil || st.Size() > maxInlineImage {
		return note, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return note, nil
	}
	mime := a.MIME
	if !strings.HasPrefix(mime, "image/") {
		mime = "image/jpeg" // Telegram re-encodes photos as JPEG
	}
	return note, &llm.Image{MediaType: mime, Data: data}
}

// reply sends text to rt's chat, split at the platform's limit.
func (r *Runner) reply(ctx context.Context, rt *route, text, replyTo string) {
	if rt.messenger == nil {
		return
	}
	text = cleanOutbound(text)
	for i, part := range Split(text, rt.messenger.TextLimit()) {
		m := OutMessage{Text: part, Thread: rt.thread}
		if i == 0 {
			m.ReplyTo = replyTo
		}
		sctx, cancel := context.WithTimeout(r.sendCtx, 2*time.Minute)
		_, err := rt.messenger.Send(sctx, rt.chatID, m)
		cancel()
		if err != nil {
			r.log.Error("send a reply", "platform", rt.platform, "chat", rt.chatID, "part", i+1, "err", err)
			return
		}
	}
}

// typingDelay is how long a turn runs before the chat shows "typing…": a
// quick answer needs no indicator, and skipping it halves the API calls
// (Telegram limits a bot's calls per second).
const typingDelay = 300 * time.Millisecond

// typing keeps the chat's typing indicator on, from typingDelay into the
// turn until the returned func is called (Telegram shows it for about five
// seconds per call).
func (r *Runner) typing(rt *route) func() {
	if rt.messenger == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		first := time.NewTimer(typingDelay)
		defer first.Stop()
		select {
		case <-ctx.Done():
			return
		case <-first.C:
		}
		t := time.NewTicker(4 * time.Second)
		defer t.Stop()
		for {
			if err := rt.messenger.Typing(ctx, rt.chatID); err != nil && ctx.Err() == nil {
				r.log.Debug("typing indicator", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}

// replayInbox picks up what the last run left: messages accepted but never
// started are queued again; messages whose turn was cut short by a crash
// get a note (their turn's messages are saved and the session repaired).
func (r *Runner) replayInbox(ctx context.Context) error {
	items, err := r.cfg.Store.OpenInbox(ctx)
	if err != nil {
		return err
	}
	for _, it := range items {
		var ev MessageEvent
		if err := json.Unmarshal(it.Payload, &ev); err != nil {
			r.log.Error("an inbox message cannot be read; dropping it", "id", it.ID, "err", err)
			r.cfg.Store.SetInboxState(ctx, it.ID, store.InboxDone)
			continue
		}
		r.dedupe.first(ev.Platform + ":" + ev.ID)
		if _, ok := r.messengers[ev.Platform]; !ok {
			r.log.Warn("an inbox message is for a platform that is not running; dropping it", "platform", ev.Platform)
			r.cfg.Store.SetInboxState(ctx, it.ID, store.InboxDone)
			continue
		}
		rt := r.routeFor(&ev)
		if it.State == store.InboxRunning {
			r.reply(ctx, rt, "⚠️ herm restarted while working on your message. The conversation so far is saved; send \"continue\" to pick up where it stopped.", ev.MessageID)
			r.cfg.Store.SetInboxState(ctx, it.ID, store.InboxDone)
			continue
		}
		r.log.Info("answering a message accepted before the restart", "platform", ev.Platform, "chat", ev.Chat.ID)
		if err := r.enqueue(rt, &work{ev: &ev, inboxID: it.ID}); err != nil {
			r.markInbox(it.ID, store.InboxDone)
		}
	}
	return nil
}
