package gateway

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/herm-dev/herm/agent"
)

// chatApproval is an approval request shown in a chat, waiting for the
// answer of the one user whose turn asked for it.
type chatApproval struct {
	ev    agent.ApprovalRequested
	rt    *route
	owner User
	msgID string
	text  string
}

const approvalPrefix = "apr:"

// requestApproval posts the request into the chat: the command, why it
// needs approval, and how to answer (buttons where the platform has them).
func (r *Runner) requestApproval(ctx context.Context, rt *route, e agent.ApprovalRequested, owner User) {
	a := &chatApproval{ev: e, rt: rt, owner: owner, text: approvalText(e.Request)}
	r.mu.Lock()
	rt.approval = a
	r.approvals[e.Request.ID] = a
	r.mu.Unlock()
	r.log.Info("approval requested in chat", "route", rt.key, "request", e.Request.ID)
	if rt.messenger == nil {
		return
	}
	id := e.Request.ID
	m := OutMessage{Text: a.text, Thread: rt.thread, Buttons: [][]Button{
		{{Text: "✅ Once", Data: approvalPrefix + id + ":once"}, {Text: "This session", Data: approvalPrefix + id + ":session"}, {Text: "Always", Data: approvalPrefix + id + ":always"}},
		{{Text: "❌ Deny", Data: approvalPrefix + id + ":deny"}},
	}}
	msgID, err := rt.messenger.Send(ctx, rt.chatID, m)
	if err != nil {
		r.log.Error("post an approval request", "route", rt.key, "err", err)
		return
	}
	r.mu.Lock()
	a.msgID = msgID
	r.mu.Unlock()
}

func approvalText(req agent.ApprovalRequest) string {
	var b strings.Builder
	b.WriteString("⚠️ Approval needed to run:\n\n")
	b.WriteString(cleanOutbound(req.Command))
	b.WriteString("\n\nWhy:")
	for _, f := range req.Verdict.Findings {
		fmt.Fprintf(&b, "\n• %s", f.Reason)
	}
	if req.Cwd != "" {
		fmt.Fprintf(&b, "\nin %s", req.Cwd)
	}
	wait := time.Until(req.Deadline).Round(time.Second)
	fmt.Fprintf(&b, "\n\nReply /approve (once), /approve session, /approve always, or /deny (yes/no work too). Unanswered, it is denied in %s.", max(wait, 0))
	return b.String()
}

// resolveApproval closes a request: the prompt is edited to say how it
// ended (and loses its buttons), so a timeout is visible in the chat.
func (r *Runner) resolveApproval(ctx context.Context, rt *route, e agent.ApprovalResolved) {
	r.mu.Lock()
	a := r.approvals[e.RequestID]
	delete(r.approvals, e.RequestID)
	if rt.approval == a {
		rt.approval = nil
	}
	r.mu.Unlock()
	if a == nil || rt.messenger == nil {
		return
	}
	var outcome string
	switch {
	case e.TimedOut:
		outcome = "⏱ Nobody answered in time, so it was denied."
	case e.Answer.By.Kind == agent.ApproverInterrupted:
		outcome = "⏹ The turn was interrupted, so it was denied."
	case e.Answer.Decision == agent.Deny:
		outcome = "❌ Denied by " + a.owner.Display() + "."
	default:
		outcome = fmt.Sprintf("✅ Approved (%s) by %s.", e.Answer.Decision, a.owner.Display())
	}
	text := a.text[:strings.LastIndex(a.text, "\n\n")] + "\n\n" + outcome
	if a.msgID != "" {
		if err := rt.messenger.Edit(ctx, rt.chatID, a.msgID, OutMessage{Text: text}); err == nil {
			return
		}
	}
	r.say(ctx, rt, outcome)
}

// parseApprovalReply reads a typed answer to a pending request.
func parseApprovalReply(text string) (agent.Decision, bool) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.TrimRight(t, ".! ")
	switch t {
	case "yes", "y", "/approve", "/approve once", "approve":
		return agent.AllowOnce, true
	case "/approve session":
		return agent.AllowSession, true
	case "/approve always":
		return agent.AllowAlways, true
	case "no", "n", "/deny", "deny":
		return agent.Deny, true
	}
	return agent.Deny, false
}

func isApprovalCommand(text string) bool {
	t := strings.TrimSpace(text)
	return strings.HasPrefix(t, "/approve") || strings.HasPrefix(t, "/deny")
}

// isApprovalText reports whether a message is an answer to an approval:
// /approve or /deny always; yes/no only while a request is pending.
func (r *Runner) isApprovalText(rt *route, ev *MessageEvent) bool {
	if isApprovalCommand(ev.Text) {
		return true
	}
	if _, ok := parseApprovalReply(ev.Text); !ok {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return rt.approval != nil
}

// answerApprovalText takes a typed answer from the owner of the chat's
// pending request.
func (r *Runner) answerApprovalText(ctx context.Context, rt *route, ev *MessageEvent) {
	decision, ok := parseApprovalReply(ev.Text)
	r.mu.Lock()
	a := rt.approval
	r.mu.Unlock()
	switch {
	case a == nil:
		if isApprovalCommand(ev.Text) {
			r.say(ctx, rt, "Nothing is waiting for approval.")
		}
	case ev.User.ID != a.owner.ID:
		r.say(ctx, rt, "Only "+a.owner.Display()+" can answer this request.")
	case !ok:
		r.say(ctx, rt, "Answer with /approve, /approve session, /approve always or /deny.")
	default:
		r.answer(a, decision, ev)
	}
}

func (r *Runner) answer(a *chatApproval, d agent.Decision, ev *MessageEvent) bool {
	taken := a.ev.Answer(agent.ApprovalAnswer{Decision: d, By: agent.PlatformUser(ev.Platform, ev.User.ID)})
	r.log.Info("approval answered in chat", "request", a.ev.Request.ID, "decision", d.String(), "taken", taken)
	return taken
}

// handleCallback answers a button press: only the request's owner may
// decide; everyone else is told so.
func (r *Runner) handleCallback(ctx context.Context, m Messenger, ev *MessageEvent) {
	cb := ev.Callback
	ack := func(text string) {
		if m == nil {
			return
		}
		if err := m.AnswerCallback(ctx, cb.ID, text); err != nil {
			r.log.Debug("answer a button press", "err", err)
		}
	}
	rest, ok := strings.CutPrefix(cb.Data, approvalPrefix)
	if !ok {
		ack("")
		return
	}
	i := strings.LastIndexByte(rest, ':')
	if i < 0 {
		ack("")
		return
	}
	id, choice := rest[:i], rest[i+1:]
	r.mu.Lock()
	a := r.approvals[id]
	r.mu.Unlock()
	if a == nil {
		ack("This request is no longer waiting.")
		return
	}
	if ev.User.ID != a.owner.ID || ev.Platform != a.rt.platform {
		ack("Only " + a.owner.Display() + " can answer this request.")
		return
	}
	d := map[string]agent.Decision{"once": agent.AllowOnce, "session": agent.AllowSession, "always": agent.AllowAlways, "deny": agent.Deny}
	decision, ok := d[choice]
	if !ok {
		ack("")
		return
	}
	if r.answer(a, decision, ev) {
		ack("Answered: " + decision.String())
	} else {
		ack("This request was already answered.")
	}
}
