package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/config"
	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/tools"
)

// titleTimeout bounds the title call after a one-shot turn.
const titleTimeout = 10 * time.Second

// titleSession names a session after its first exchange once the answer is
// out (a no-op once titled). At a terminal the model writes the title, in
// a call bounded by titleTimeout; in scripts and pipes, where one more
// request is only cost and delay, the first message gives it.
func titleSession(ctx context.Context, sess *agent.Session) {
	if !term.IsTerminal(os.Stdout.Fd()) {
		_, _ = sess.TitleFromFirstMessage(context.WithoutCancel(ctx))
		return
	}
	tctx, cancel := context.WithTimeout(ctx, titleTimeout)
	defer cancel()
	_, _ = sess.AutoTitle(tctx)
}

func newChatCmd() *cobra.Command {
	var (
		flags   agentFlags
		query   string
		resume  string
		cont    bool
		yolo    bool
		jsonOut bool
		verbose bool
	)
	cmd := &cobra.Command{
		Use:   "chat -q PROMPT",
		Short: "Run one agent turn from the command line",
		Long: `Runs a full agent turn for PROMPT: the answer streams to stdout, tool
progress to stderr, and every message is saved in the session store.
Use --resume ID or --continue to add the turn to an earlier session.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if strings.TrimSpace(query) == "" {
				return usageError("nothing to ask: pass the prompt with -q \"…\"")
			}
			if resume != "" && cont {
				return usageError("use either --resume ID or --continue, not both")
			}
			return runChat(cmd, chatOptions{flags: flags.Flags, query: query, resume: resume, cont: cont, yolo: yolo, json: jsonOut, verbose: verbose})
		},
	}
	flags.register(cmd)
	f := cmd.Flags()
	f.StringVarP(&query, "query", "q", "", "the prompt to run")
	f.StringVar(&resume, "resume", "", "continue the session with this ID")
	f.BoolVarP(&cont, "continue", "c", false, "continue the most recent session")
	f.BoolVar(&yolo, "yolo", false, "approve ask-level commands without asking (block-level commands still never run)")
	f.BoolVar(&jsonOut, "json", false, "print the final answer and session id as JSON instead of streaming")
	f.BoolVarP(&verbose, "verbose", "v", false, "also show the model's reasoning on stderr")
	return cmd
}

type chatOptions struct {
	flags                     config.Flags
	query, resume             string
	cont, yolo, json, verbose bool
}

func runChat(cmd *cobra.Command, o chatOptions) error {
	// The first signal cancels the turn, which saves what it has.
	if o.yolo && fromAgent() {
		return errFromAgent("herm chat --yolo")
	}
	ctx, stop := interruptible(cmd)
	defer stop()
	setup := context.WithoutCancel(ctx)
	app, err := startApp(setup, cmd, o.flags)
	if err != nil {
		return failure(err)
	}
	defer app.Close()

	var sess *agent.Session
	switch {
	case o.resume != "":
		sess, err = app.agent.OpenSession(setup, o.resume)
	case o.cont:
		sess, err = app.agent.LatestSession(setup, "")
	default:
		sess, err = app.agent.NewSession(setup, agent.NewSessionOptions{Source: "cli"})
	}
	if err != nil {
		return failure(err)
	}

	// Ask-level commands: --yolo runs them; otherwise a person is asked on
	// the terminal, and with nobody to ask they are denied.
	interactive := term.IsTerminal(os.Stdin.Fd())
	switch {
	case o.yolo:
		app.agent.Approvals.Mode = agent.ModeYolo
	case !interactive && app.agent.Approvals.Mode != agent.ModeYolo:
		app.agent.Approvals.Mode = agent.ModeDeny
	}

	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	p := &progressPrinter{out: stdout, err: stderr, quiet: o.json, verbose: o.verbose, redact: app.redact.Replace}
	if interactive {
		p.approver = newTTYApprover(os.Stdin, stderr, app.redact.Replace)
	}
	events := agent.NewQueue(p.handle)
	done := sess.Run(ctx, agent.Input{Text: o.query}, events.Emit)
	events.Close()
	p.finishLine()

	if o.json {
		res := chatJSON{SessionID: sess.ID(), Answer: done.Answer, StopReason: string(done.Reason),
			Usage: usageJSON{InputTokens: done.Usage.InputTokens, OutputTokens: done.Usage.OutputTokens}}
		if done.Err != nil {
			res.Error = app.redact.Replace(done.Err.Error())
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			return err
		}
	}
	if done.Reason == agent.StopDone {
		titleSession(ctx, sess)
	}
	switch done.Reason {
	case agent.StopInterrupted:
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted; the session is saved — continue it with: herm chat --resume %s -q \"…\"", sess.ID())}
	case agent.StopError:
		msg := app.redact.Replace(done.Err.Error())
		return failure(fmt.Errorf("%s\n(session %s is saved; retry with: herm chat --resume %s -q \"…\")", msg, sess.ID(), sess.ID()))
	case agent.StopDenied, agent.StopLoop:
		return failure(fmt.Errorf("the turn stopped: %v\n(session %s is saved; continue with: herm chat --resume %s -q \"…\")", done.Err, sess.ID(), sess.ID()))
	case agent.StopMaxTurns:
		fmt.Fprintf(stderr, "herm: stopped at the tool-iteration limit; continue with: herm chat --resume %s -q \"continue\"\n", sess.ID())
	}
	if !o.json {
		fmt.Fprintf(stderr, "session %s\n", sess.ID())
	}
	return nil
}

type chatJSON struct {
	SessionID  string    `json:"session_id"`
	Answer     string    `json:"answer"`
	StopReason string    `json:"stop_reason"`
	Usage      usageJSON `json:"usage"`
	Error      string    `json:"error,omitempty"`
}

type usageJSON struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// progressPrinter renders a turn for a terminal: the answer on stdout, tool
// activity and notices on stderr.
type progressPrinter struct {
	out, err    io.Writer
	quiet       bool // --json: nothing on stdout until the end
	verbose     bool
	redact      func(string) string
	midLine     bool // stdout has text without a final newline
	inReasoning bool
	approver    *ttyApprover // nil when nobody can be asked
}

// handle prints a batch of a turn's events. It runs on the turn's
// agent.Queue, so a terminal or pipe that is slow to take the output holds
// up only the printing, not the turn.
func (p *progressPrinter) handle(batch []agent.Event) {
	for _, e := range batch {
		p.event(e)
	}
}

func (p *progressPrinter) event(e agent.Event) {
	switch e := e.(type) {
	case agent.TextDelta:
		if p.quiet {
			return
		}
		io.WriteString(p.out, e.Text)
		p.midLine = !strings.HasSuffix(e.Text, "\n")
	case agent.ReasoningDelta:
		if p.verbose {
			io.WriteString(p.err, e.Text)
			p.inReasoning = true
		}
	case agent.ToolStarted:
		p.finishLine()
		fmt.Fprintf(p.err, "⚙ %s %s\n", e.Call.Name, p.redact(text.Clip(text.OneLine(tools.KeyArgument(e.Call.Name, e.Call.Arguments)), 100)))
	case agent.ToolFinished:
		status := "✓"
		if e.Result.IsError {
			status = "✗"
		}
		detail := ""
		if e.Result.ExitCode != nil {
			detail = fmt.Sprintf(" exit %d ·", *e.Result.ExitCode)
		}
		if e.Result.IsError && e.Result.ExitCode == nil {
			detail = " " + p.redact(text.Clip(text.OneLine(e.Result.Output), 120)) + " ·"
		}
		fmt.Fprintf(p.err, "  %s%s %s\n", status, detail, e.Duration.Round(time.Millisecond))
	case agent.ApprovalRequested:
		p.finishLine()
		if p.approver != nil {
			go p.approver.ask(e)
		}
	case agent.ApprovalResolved:
		if e.TimedOut {
			fmt.Fprintf(p.err, "\nherm: nobody answered in time: denied\n")
		}
	case agent.Retrying:
		p.finishLine()
		fmt.Fprintf(p.err, "herm: %s error from %s (%s); retry %d/%d in %s\n", e.Class, e.Provider,
			p.redact(text.Clip(text.OneLine(e.Err.Error()), 120)), e.Attempt, e.MaxRetries, e.Wait.Round(100*time.Millisecond))
	case agent.FallbackActivated:
		p.finishLine()
		fmt.Fprintf(p.err, "herm: %s/%s failed (%s); falling back to %s/%s for this turn\n",
			e.FromProvider, e.FromModel, e.Class, e.ToProvider, e.ToModel)
	case agent.Compressed:
		p.finishLine()
		fmt.Fprintf(p.err, "herm: compressed the conversation (%d → %d tokens); it continues in session %s\n",
			e.TokensBefore, e.TokensAfter, e.SessionID)
	case agent.LoopWarning:
		p.finishLine()
		fmt.Fprintf(p.err, "herm: the model called %s with the same arguments %d times in a row (limit %d)\n", e.Tool, e.Count, e.Limit)
	case agent.Notice:
		p.finishLine()
		fmt.Fprintf(p.err, "herm: %s\n", p.redact(e.Text))
	}
}

// finishLine ends a half-written line so what comes next starts cleanly.
func (p *progressPrinter) finishLine() {
	if p.inReasoning {
		io.WriteString(p.err, "\n")
		p.inReasoning = false
	}
	if p.midLine {
		io.WriteString(p.out, "\n")
		p.midLine = false
	}
}
