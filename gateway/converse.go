package gateway

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// apiWork is a request/response turn waiting in a route's queue.
type apiWork struct {
	ctx  context.Context
	req  ConverseRequest
	done chan apiDone // buffered, 1
}

type apiDone struct {
	res ConverseResult
	err error
}

// Converse runs one turn for a request/response front end. Requests naming
// the same session are answered one after the other (they share its
// history); requests without a session each get a fresh one. A request
// that answers the session's pending approval ("/approve", "yes", "/deny")
// is taken as that answer. Cancelling ctx interrupts the turn.
func (r *Runner) Converse(ctx context.Context, req ConverseRequest) (ConverseResult, error) {
	if req.Platform == "" {
		req.Platform = "api_server"
	}
	req.Text = CleanText(req.Text)
	rt := r.apiRoute(req)
	if d, ok := parseApprovalReply(req.Text); ok && !rt.ephemeral {
		r.mu.Lock()
		a := rt.approval
		r.mu.Unlock()
		switch {
		case a != nil:
			taken := a.ev.Answer(agent.ApprovalAnswer{Decision: d, By: agent.PlatformUser(req.Platform, req.Session)})
			reply := "Answered: " + d.String() + "."
			if !taken {
				reply = "That request was already answered."
			}
			return ConverseResult{Reply: reply}, nil
		case strings.HasPrefix(strings.TrimSpace(req.Text), "/"):
			// "/approve" with nothing waiting is not a message for the model.
			return ConverseResult{Reply: "Nothing is waiting for approval in this session."}, nil
		}
	}
	w := &apiWork{ctx: ctx, req: req, done: make(chan apiDone, 1)}
	if err := r.enqueue(rt, &work{api: w}); err != nil {
		if rt.ephemeral {
			r.mu.Lock()
			delete(r.routes, rt.key)
			r.mu.Unlock()
		}
		return ConverseResult{}, err
	}
	select {
	case d := <-w.done:
		return d.res, d.err
	case <-ctx.Done():
		if r.dequeue(rt, w) {
			return ConverseResult{}, ctx.Err()
		}
		d := <-w.done // running: the turn stops promptly and saves its work
		return d.res, ctx.Err()
	}
}

// apiRoute returns the route of a named API session, or a one-request
// route for an unnamed one.
func (r *Runner) apiRoute(req ConverseRequest) *route {
	r.mu.Lock()
	defer r.mu.Unlock()
	if req.Session == "" {
		var b [8]byte
		rand.Read(b[:])
		key := req.Platform + ":once:" + hex.EncodeToString(b[:])
		rt := &route{key: key, platform: req.Platform, ephemeral: true, lastActive: r.clock.Now()}
		r.routes[key] = rt
		return rt
	}
	key := req.Platform + ":session:" + req.Session
	rt := r.routes[key]
	if rt == nil {
		rt = &route{key: key, platform: req.Platform, chatID: req.Session, chatType: ChatDM, userID: req.Session}
		r.routes[key] = rt
	}
	rt.lastActive = r.clock.Now()
	return rt
}

// dequeue removes w if it has not started; it reports whether it did.
func (r *Runner) dequeue(rt *route, w *apiWork) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, q := range rt.queue {
		if q.api == w {
			rt.queue = append(rt.queue[:i], rt.queue[i+1:]...)
			return true
		}
	}
	return false
}

// apiTurn runs a request/response turn; the caller's context going away
// interrupts it.
func (r *Runner) apiTurn(ctx context.Context, rt *route, w *apiWork) {
	if w.ctx.Err() != nil {
		w.done <- apiDone{err: w.ctx.Err()}
		return
	}
	sess, created, err := r.session(ctx, rt)
	if err == nil && created && len(w.req.Seed) > 0 {
		sess, err = r.seed(ctx, rt, sess, w.req.Seed)
	}
	if err != nil {
		w.done <- apiDone{err: err}
		return
	}
	owner := User{ID: w.req.Session, Name: w.req.Platform}
	var res ConverseResult
	stop := context.AfterFunc(w.ctx, func() {
		r.mu.Lock()
		cancel := rt.cancel
		r.mu.Unlock()
		if cancel != nil {
			cancel(errClientGone)
		}
	})
	r.runTurn(ctx, rt, sess, agent.Input{Text: w.req.Text, Images: w.req.Images}, owner, w.req.Emit, func(done agent.TurnDone, _ error) {
		res = ConverseResult{Done: done}
	})
	stop()
	res.SessionID = sess.ID()
	w.done <- apiDone{res: res}
}

// seed writes the conversation a client sent into a new session, so the
// model sees it, and reloads the session with it.
func (r *Runner) seed(ctx context.Context, rt *route, sess *agent.Session, seed []llm.Message) (*agent.Session, error) {
	var msgs []*store.Message
	for _, m := range seed {
		if (m.Role != llm.RoleUser && m.Role != llm.RoleAssistant) || strings.TrimSpace(m.Content) == "" {
			continue
		}
		msgs = append(msgs, &store.Message{SessionID: sess.ID(), Role: string(m.Role), Content: CleanText(m.Content), Complete: true})
	}
	if len(msgs) == 0 {
		return sess, nil
	}
	if err := r.cfg.Store.AppendMessages(ctx, msgs); err != nil {
		return nil, err
	}
	reopened, err := r.cfg.Agent.OpenSession(ctx, sess.ID())
	if err != nil {
		return nil, err
	}
	r.setSession(rt, reopened)
	return reopened, nil
}
