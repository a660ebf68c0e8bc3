package chat

import (
	"encoding/json"
	"path"
	"strings"
	"time"

	"github.com/herm-dev/herm/store"
)

// A tool call that needed a person's approval says how it was answered:
// "denied by you", "edited by you" (its header then shows what really ran,
// with what was asked beneath), "approved for the session", "yolo"… Live,
// the root marks the call as the answer is given (MarkApproval); a
// transcript rebuilt from the store finds the agent's approval records
// (events of kind "approval", SetApprovals) and joins each to its call:
// the same command or write, recorded between the call and its result.

// Approval is how an approval request for a tool call was answered, as
// the agent records it.
type Approval struct {
	// Command is what was asked: the shell command, or "TOOL PATH".
	Command string
	// Edited is the command the person edited it into and what ran
	// instead ("" when not edited).
	Edited string
	// Decision is once, session, always or deny; By who decided (tui,
	// a platform user, timeout, interrupted, policy, yolo, auto-edits).
	Decision, By string
	Exact        bool // an always grant for the exact command
	TimedOut     bool
	At           time.Time
}

// approvalData is the JSON of an approval event (agent's recordApproval).
type approvalData struct {
	Command  string `json:"command"`
	Edited   string `json:"edited"`
	Decision string `json:"decision"`
	By       string `json:"by"`
	Exact    bool   `json:"exact"`
	TimedOut bool   `json:"timed_out"`
}

// ApprovalsFrom reads the approval records among a session's events,
// oldest first; other events and records it cannot read are skipped.
func ApprovalsFrom(events []store.Event) []Approval {
	var out []Approval
	for _, e := range events {
		if e.Kind != "approval" {
			continue
		}
		var d approvalData
		if json.Unmarshal(e.Data, &d) != nil || d.Command == "" {
			continue
		}
		out = append(out, Approval{Command: d.Command, Edited: d.Edited, Decision: d.Decision, By: d.By,
			Exact: d.Exact, TimedOut: d.TimedOut, At: e.CreatedAt})
	}
	return out
}

// SetApprovals gives the pane the session's approval records, for the
// transcripts it rebuilds from the store from now on (Load, LoadAround and
// the pages loaded as it scrolls). Call it before those.
func (p *Pane) SetApprovals(a []Approval) { p.approvals = a }

// MarkApproval shows how the request for command was answered on the
// call it is for: the newest unfinished tool block asking for it.
func (p *Pane) MarkApproval(a Approval) {
	for i := len(p.entries) - 1; i >= 0; i-- {
		t, ok := p.entries[i].it.(*toolItem)
		if !ok || t.approval != nil || (t.state != toolRunning && t.state != toolWaiting) {
			continue
		}
		if asks(t.name, t.args, a.Command) {
			t.setApproval(a)
			p.entries[i].bump()
			return
		}
	}
}

// asks reports whether a call of tool name with args is what the approval
// request command asked about: the same shell command, or a write by the
// same tool to the same path (the request names it absolute; the call may
// have it relative to the working directory or to ~).
func asks(name, args, command string) bool {
	switch name {
	case "terminal":
		var a struct {
			Command string `json:"command"`
		}
		return json.Unmarshal([]byte(args), &a) == nil && a.Command == command
	case "write_file", "patch":
		var a struct {
			Path string `json:"path"`
		}
		target, ok := strings.CutPrefix(command, name+" ")
		if json.Unmarshal([]byte(args), &a) != nil || !ok || a.Path == "" {
			return false
		}
		p := path.Clean(strings.TrimPrefix(a.Path, "~/"))
		return target == p || strings.HasSuffix(target, "/"+strings.TrimPrefix(p, "./"))
	}
	return false
}

// joinApprovals gives the tool blocks of a rebuilt transcript their
// approval records: each call takes the first record not yet taken that
// asks for it and was written between the call (its assistant message)
// and its result.
func (p *Pane) joinApprovals(calls []*toolItem, asked, answered map[*toolItem]time.Time) {
	if len(p.approvals) == 0 {
		return
	}
	taken := make([]bool, len(p.approvals))
	for _, t := range calls {
		from, to := asked[t], answered[t]
		for i, a := range p.approvals {
			if taken[i] || a.At.Before(from) || (!to.IsZero() && a.At.After(to)) || !asks(t.name, t.args, a.Command) {
				continue
			}
			taken[i] = true
			t.setApproval(a)
			if a.Decision == "deny" && t.state == toolDone {
				t.state = toolFailed // it did not run
			}
			break
		}
	}
}

// setApproval records how the call's request was answered; an edited
// command is what the block shows, being what ran.
func (t *toolItem) setApproval(a Approval) {
	t.approval = &a
	if a.Edited != "" && a.Decision != "deny" {
		t.key = strings.Join(strings.Fields(a.Edited), " ")
	}
}

// approvalText words an answer for the block's header.
func approvalText(a *Approval) string {
	who := func(by string) string {
		switch by {
		case "tui":
			return "you"
		case "cli":
			return "you (cli)"
		}
		return by
	}
	if a.Decision == "deny" {
		switch {
		case a.TimedOut || a.By == "timeout":
			return "denied: no answer in time"
		case a.By == "interrupted":
			return "denied: turn interrupted"
		case a.By == "policy":
			return "denied: nobody to ask"
		case a.Edited != "":
			return "denied: the edit was refused"
		}
		return "denied by " + who(a.By)
	}
	switch a.By {
	case "yolo", "auto-edits":
		return "approved by " + a.By + " mode"
	}
	if a.Edited != "" {
		return "edited by " + who(a.By)
	}
	by := ""
	if a.By != "tui" && a.By != "cli" {
		by = " by " + a.By // from another front end
	}
	switch {
	case a.Decision == "session":
		return "approved for the session" + by
	case a.Decision == "always" && a.Exact:
		return "approved always (exact)" + by
	case a.Decision == "always":
		return "approved always" + by
	}
	return "approved by " + who(a.By)
}
