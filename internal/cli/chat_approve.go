package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/herm-dev/herm/agent"
)

// ttyApprover answers approval requests of a one-shot run by asking on the
// terminal. Requests are asked one at a time, in order.
type ttyApprover struct {
	in     *bufio.Reader
	out    io.Writer
	redact func(string) string
	mu     sync.Mutex // one prompt at a time
}

func newTTYApprover(in io.Reader, out io.Writer, redact func(string) string) *ttyApprover {
	return &ttyApprover{in: bufio.NewReader(in), out: out, redact: redact}
}

// ask prompts for ev and answers it. It runs on its own goroutine so the
// agent's event stream is not held up while the person reads.
func (t *ttyApprover) ask(ev agent.ApprovalRequested) {
	t.mu.Lock()
	defer t.mu.Unlock()
	req := ev.Request
	fmt.Fprintf(t.out, "\n⚠ approval needed: %s\n", t.redact(req.Command))
	for _, f := range req.Verdict.Findings {
		fmt.Fprintf(t.out, "  [%s] %s\n", f.ID, f.Reason)
	}
	fmt.Fprintf(t.out, "  in %s (%s); no answer by %s denies it\n", req.Cwd, req.Backend, req.Deadline.Format(time.TimeOnly))
	for {
		fmt.Fprint(t.out, "  allow? [y] once  [s] this session  [a] always  [n] deny: ")
		line, err := t.in.ReadString('\n')
		if err != nil {
			ev.Answer(agent.ApprovalAnswer{Decision: agent.Deny, By: agent.Approver{Kind: agent.ApproverCLI}})
			fmt.Fprintln(t.out, "\n  no answer (input closed): denied")
			return
		}
		d, ok := parseDecision(line)
		if !ok {
			fmt.Fprintln(t.out, "  answer y, s, a or n")
			continue
		}
		if !ev.Answer(agent.ApprovalAnswer{Decision: d, By: agent.Approver{Kind: agent.ApproverCLI}}) {
			fmt.Fprintln(t.out, "  too late: the request had already ended")
		}
		return
	}
}

func parseDecision(line string) (agent.Decision, bool) {
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes", "once":
		return agent.AllowOnce, true
	case "s", "session":
		return agent.AllowSession, true
	case "a", "always":
		return agent.AllowAlways, true
	case "n", "no", "deny":
		return agent.Deny, true
	}
	return agent.Deny, false
}
