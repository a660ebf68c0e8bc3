package gateway

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/agent/commands"
	"github.com/herm-dev/herm/store"
)

// isCommand reports whether name is one of herm's commands (in any front
// end: the TUI-only ones get an explanation).
func (r *Runner) isCommand(name string) bool {
	_, ok := commands.Find(commands.All, name)
	return ok
}

// command answers a slash command from the shared table (agent/commands).
// It reports false for text that is not one of herm's commands (a skill's
// command, "/usr/bin is…"), which then goes to the agent as a message.
// Commands that change the session run in the chat's queue, after the turn
// in progress, so they never race it.
func (r *Runner) command(ctx context.Context, rt *route, ev *MessageEvent, name, args string) bool {
	say := func(text string) { r.say(ctx, rt, text) }
	if _, ok := commands.Find(commands.TUI, name); ok {
		if _, inGateway := commands.Find(commands.Gateway, name); !inGateway {
			say("/" + name + " only works in the terminal UI.")
			return true
		}
	}
	cmd, ok := commands.Find(commands.Gateway, name)
	if !ok {
		return false
	}
	switch cmd.Name {
	case "help":
		say(helpText())
	case "status":
		say(r.statusText(ctx, rt))
	case "usage":
		say(r.usageText(ctx, rt))
	case "stop":
		say(r.stop(ctx, rt, errStopped))
	case "new":
		r.stop(ctx, rt, errStopped)
		r.op(ctx, rt, ev, func(ctx context.Context, rt *route) {
			if _, err := r.newSession(ctx, rt); err != nil {
				say("⚠️ " + r.cfg.Redact(err.Error()))
				return
			}
			say("✨ Started a new session.")
		})
	case "model":
		if args == "" {
			r.mu.Lock()
			sess := rt.sess
			r.mu.Unlock()
			model := r.cfg.Agent.Model
			if sess != nil {
				model = sess.Model()
			}
			say("Model: " + model + "\nSwitch with /model NAME.")
			return true
		}
		r.op(ctx, rt, ev, func(ctx context.Context, rt *route) {
			sess, _, err := r.session(ctx, rt)
			if err == nil {
				err = sess.SetModel(ctx, args)
			}
			if err != nil {
				say("⚠️ " + r.cfg.Redact(err.Error()))
				return
			}
			say("Model for this session: " + args)
		})
	case "title":
		if args == "" {
			say("Usage: /title TEXT")
			return true
		}
		r.op(ctx, rt, ev, func(ctx context.Context, rt *route) {
			sess, _, err := r.session(ctx, rt)
			if err == nil {
				err = r.cfg.Store.UpdateSession(ctx, sess.ID(), store.SessionUpdate{Title: &args})
			}
			if err != nil {
				say("⚠️ " + r.cfg.Redact(err.Error()))
				return
			}
			say("Title set.")
		})
	case "compress":
		r.op(ctx, rt, ev, func(ctx context.Context, rt *route) {
			sess, _, err := r.session(ctx, rt)
			if err == nil {
				err = sess.Compress(ctx, nil)
			}
			switch {
			case errors.Is(err, agent.ErrNothingToCompress):
				say("Nothing to compress yet.")
			case err != nil:
				say("⚠️ " + r.cfg.Redact(err.Error()))
			default:
				r.saveRoute(ctx, rt, sess.ID())
				say("🗜 Compressed: older messages are summarised; the conversation goes on.")
			}
		})
	case "undo", "retry":
		r.op(ctx, rt, ev, func(ctx context.Context, rt *route) {
			sess, _, err := r.session(ctx, rt)
			var text string
			if err == nil {
				text, err = sess.RewindLastTurn(ctx)
			}
			if err != nil {
				say("⚠️ " + r.cfg.Redact(err.Error()))
				return
			}
			if cmd.Name == "undo" {
				say("↩️ Took back your last message: " + quoteShort(text))
				return
			}
			var reply string
			r.runTurn(ctx, rt, sess, agent.Input{Text: text}, ev.User, nil, func(done agent.TurnDone, cause error) {
				reply = r.replyText(done, cause)
			})
			if reply != "" {
				r.reply(ctx, rt, reply, ev.MessageID)
			}
		})
	default:
		say("/" + cmd.Name + " is not available in chats yet.")
	}
	return true
}

// op queues an operation behind the chat's current work.
func (r *Runner) op(ctx context.Context, rt *route, ev *MessageEvent, f func(context.Context, *route)) {
	if err := r.enqueue(rt, &work{op: f}); err != nil {
		r.say(ctx, rt, "⚠️ "+err.Error())
	}
}

// stop interrupts the running turn and drops queued messages.
func (r *Runner) stop(ctx context.Context, rt *route, cause error) string {
	r.mu.Lock()
	cancel := rt.cancel
	var dropped []*work
	kept := rt.queue[:0]
	for _, w := range rt.queue {
		if w.ev != nil {
			dropped = append(dropped, w)
		} else {
			kept = append(kept, w)
		}
	}
	rt.queue = kept
	r.mu.Unlock()
	for _, w := range dropped {
		r.markInbox(w.inboxID, store.InboxDone)
	}
	if cancel != nil {
		cancel(cause)
	}
	switch {
	case cancel != nil && len(dropped) > 0:
		return fmt.Sprintf("⏹ Stopped, and dropped %d waiting message(s).", len(dropped))
	case cancel != nil:
		return "⏹ Stopped."
	case len(dropped) > 0:
		return fmt.Sprintf("⏹ Dropped %d waiting message(s).", len(dropped))
	}
	return "Nothing is running."
}

func helpText() string {
	var b strings.Builder
	b.WriteString("Commands:\n")
	for _, c := range commands.List(commands.Gateway) {
		fmt.Fprintf(&b, "%s — %s\n", c.Usage(), c.Description)
	}
	b.WriteString("/approve [session|always] — run the command waiting for approval\n/deny — refuse it\n")
	b.WriteString("Anything else is a message to the agent.")
	return b.String()
}

func (r *Runner) statusText(ctx context.Context, rt *route) string {
	r.mu.Lock()
	sess, running, queued, approval := rt.sess, rt.running, len(rt.queue), rt.approval != nil
	r.mu.Unlock()
	var b strings.Builder
	// The stored route, not sess.ID: compression may be moving the
	// session to a child while a turn runs.
	id := ""
	if saved, err := r.cfg.Store.Route(ctx, rt.key); err == nil {
		id = saved.SessionID
	}
	if id == "" {
		b.WriteString("No session yet: send a message to start one.\n")
	} else {
		fmt.Fprintf(&b, "Session %s\n", id)
		if rec, err := r.cfg.Store.Session(ctx, id); err == nil {
			fmt.Fprintf(&b, "Model: %s\nMessages: %d\n", rec.Model, rec.MessageCount)
			if rec.Title != "" {
				fmt.Fprintf(&b, "Title: %s\n", rec.Title)
			}
		}
	}
	if sess != nil {
		fmt.Fprintf(&b, "Current model: %s\n", sess.Model())
	}
	switch {
	case approval:
		b.WriteString("State: waiting for your approval")
	case running:
		b.WriteString("State: working")
	default:
		b.WriteString("State: idle")
	}
	if queued > 0 {
		fmt.Fprintf(&b, " (%d waiting)", queued)
	}
	return b.String()
}

func (r *Runner) usageText(ctx context.Context, rt *route) string {
	saved, err := r.cfg.Store.Route(ctx, rt.key)
	if err != nil {
		return "No session yet."
	}
	rec, err := r.cfg.Store.Session(ctx, saved.SessionID)
	if err != nil {
		return "⚠️ " + r.cfg.Redact(err.Error())
	}
	u := rec.Usage
	text := fmt.Sprintf("Tokens — input %d, output %d", u.InputTokens, u.OutputTokens)
	if u.CacheReadTokens > 0 {
		text += fmt.Sprintf(", cache read %d", u.CacheReadTokens)
	}
	if u.ReasoningTokens > 0 {
		text += fmt.Sprintf(", reasoning %d", u.ReasoningTokens)
	}
	if rec.CostUSD > 0 {
		text += fmt.Sprintf("\nCost: $%.4f", rec.CostUSD)
	}
	return text
}

func quoteShort(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return "“" + s + "”"
}
