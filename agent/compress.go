package agent

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/internal/text"
)

// Context compression (SPEC "Context compression"). When a request would
// reach the threshold share of the model's context window, the history is
// split into a protected head (the first messages: the original request),
// a protected tail (the latest messages, within a token budget) and the
// middle. Old tool outputs in the middle are cleared first; if that is not
// enough, the middle is replaced by a structured summary. Either way the
// conversation continues in a child session holding the new history, so
// the store always holds exactly what the model is sent.

// Compression defaults.
const (
	DefaultCompressionThreshold = 0.5
	DefaultProtectFirst         = 3
	DefaultProtectLast          = 20
	// maxIneffective compressions in a row stop automatic compression.
	maxIneffective = 2
	// pruneMinChars: shorter tool outputs are not worth clearing.
	pruneMinChars = 400
)

// SummaryPrefix starts the message that carries a compression summary, so
// front ends can show it as a compaction marker and the next compression
// can update it.
const SummaryPrefix = "[herm: context summary"

// CompressReason says what triggered a compression.
type CompressReason string

const (
	CompressThreshold CompressReason = "threshold" // the prompt reached the threshold
	CompressOverflow  CompressReason = "overflow"  // the provider said the prompt was too long
	CompressManual    CompressReason = "manual"    // /compress or herm sessions compress
)

// CompressionOptions tune compression; zero fields take the defaults.
type CompressionOptions struct {
	// Disabled turns automatic compression off (a provider's context
	// overflow error and /compress still compress).
	Disabled bool
	// Threshold is the share of the context window at which to compress.
	Threshold    float64
	ProtectFirst int
	ProtectLast  int
}

func (o CompressionOptions) withDefaults() CompressionOptions {
	if o.Threshold <= 0 || o.Threshold >= 1 {
		o.Threshold = DefaultCompressionThreshold
	}
	if o.ProtectFirst <= 0 {
		o.ProtectFirst = DefaultProtectFirst
	}
	if o.ProtectLast <= 0 {
		o.ProtectLast = DefaultProtectLast
	}
	return o
}

// budgets are the token figures one compression works with.
type budgets struct {
	window    int // the model's context window
	threshold int // compress at this many prompt tokens
	// pruneTarget: clearing tool outputs is enough when it brings the
	// prompt this low; otherwise the middle is summarised. Leaving room
	// below the threshold keeps the next compression some turns away.
	pruneTarget int
	tail        int // the protected tail's token budget
	fixed       int // system prompt and tool schemas
}

func newBudgets(window int, o CompressionOptions, fixed int) budgets {
	th := int(float64(window) * o.Threshold)
	return budgets{window: window, threshold: th, pruneTarget: th * 6 / 10, tail: th / 2, fixed: fixed}
}

// plan is what a compression will do to a history.
type plan struct {
	headEnd   int // history[:headEnd] is kept verbatim
	tailStart int // history[tailStart:] is kept verbatim
	// prune lists the middle's tool messages whose output is cleared,
	// oldest first; cleared holds their replacement texts.
	prune   []int
	cleared []string
	// summarize replaces history[headEnd:tailStart] by a summary.
	summarize bool
	before    int // estimated prompt tokens before
	// afterPrune is the estimate once the outputs in prune are cleared.
	afterPrune int
}

// empty reports whether there is nothing between head and tail.
func (p plan) empty() bool { return p.tailStart <= p.headEnd }

// planCompression decides the split of history and whether clearing tool
// outputs suffices. est returns a message's (calibrated) token estimate;
// before is the request's current estimate.
func planCompression(history []llm.Message, o CompressionOptions, b budgets, before int, est func(*llm.Message) int) plan {
	p := plan{before: before, afterPrune: before}
	n := len(history)
	// Head: the first messages, extended so tool results stay with the
	// call that asked for them.
	p.headEnd = min(o.ProtectFirst, n)
	for p.headEnd < n && history[p.headEnd].Role == llm.RoleTool {
		p.headEnd++
	}
	// Tail: up to ProtectLast messages within the tail budget, at least
	// one; then widened so it does not start with tool results whose call
	// would be cut off.
	tokens := 0
	p.tailStart = n
	for p.tailStart > p.headEnd && n-p.tailStart < o.ProtectLast {
		t := est(&history[p.tailStart-1])
		if p.tailStart < n && tokens+t > b.tail {
			break
		}
		tokens += t
		p.tailStart--
	}
	for p.tailStart > p.headEnd && p.tailStart < n && history[p.tailStart].Role == llm.RoleTool {
		p.tailStart--
	}
	if p.empty() {
		return p
	}
	// Clear old tool outputs, oldest first, until the prompt is below the
	// prune target.
	for i := p.headEnd; i < p.tailStart && p.afterPrune > b.pruneTarget; i++ {
		m := &history[i]
		if m.Role != llm.RoleTool || len(m.Content) < pruneMinChars || isPruned(m.Content) {
			continue
		}
		cleared := *m
		cleared.Content = prunedOutput(m.Content)
		p.afterPrune -= est(m) - est(&cleared)
		p.prune = append(p.prune, i)
		p.cleared = append(p.cleared, cleared.Content)
	}
	p.summarize = p.afterPrune > b.pruneTarget
	return p
}

const prunedMarker = "[herm: output cleared by context compression"

func isPruned(s string) bool { return strings.HasPrefix(s, prunedMarker) }

// prunedOutput is what replaces a cleared tool output: its size and first
// line, so the model remembers what it was and can run the tool again.
func prunedOutput(s string) string {
	first := strings.TrimSpace(s[:min(len(s), 512)])
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = first[:i]
	}
	var b strings.Builder
	b.Grow(len(prunedMarker) + 200)
	b.WriteString(prunedMarker)
	b.WriteString(" (")
	b.WriteString(strconv.Itoa(len(s)))
	b.WriteString(" bytes); run the tool again if you need it. It began: ")
	b.WriteString(text.Clip(strings.ToValidUTF8(first, ""), 120))
	b.WriteByte(']')
	return b.String()
}

// apply builds the new history for a plan. summary is the text of the
// summary message (only used when p.summarize).
func (p plan) apply(history []llm.Message, summary string) []llm.Message {
	out := make([]llm.Message, 0, len(history))
	out = append(out, history[:p.headEnd]...)
	if p.summarize {
		out = append(out, llm.Message{Role: llm.RoleUser, Content: summary})
	} else {
		k := 0
		for i := p.headEnd; i < p.tailStart; i++ {
			m := history[i]
			if k < len(p.prune) && p.prune[k] == i {
				m.Content = p.cleared[k]
				k++
			}
			out = append(out, m)
		}
	}
	return append(out, history[p.tailStart:]...)
}

// summaryMessage wraps a summary for the history.
func summaryMessage(parentID, summary string) string {
	return fmt.Sprintf("%s: earlier messages of this conversation were compressed. The full record is in session %s (session_search can read it).]\n\n%s",
		SummaryPrefix, parentID, strings.TrimSpace(summary))
}

// summaryBody returns the summary inside a summary message.
func summaryBody(content string) string {
	if !strings.HasPrefix(content, SummaryPrefix) {
		return content
	}
	_, body, ok := strings.Cut(content, "]\n\n")
	if !ok {
		return content
	}
	return body
}

// IsSummary reports whether m carries a compression summary.
func IsSummary(m llm.Message) bool {
	return m.Role == llm.RoleUser && strings.HasPrefix(m.Content, SummaryPrefix)
}

// Limits for the transcript the summariser reads: long texts keep their
// head and tail.
const (
	transcriptUser      = 4000
	transcriptAssistant = 2000
	transcriptArgs      = 300
	transcriptTool      = 1200
)

// transcript renders messages as plain text entries for the summariser,
// one per message, skipping earlier summaries (passed separately) and
// herm's own continuation prompts.
func transcript(msgs []llm.Message) []string {
	out := make([]string, 0, len(msgs))
	var b strings.Builder
	for i := range msgs {
		m := &msgs[i]
		b.Reset()
		limit := transcriptUser
		switch m.Role {
		case llm.RoleAssistant:
			limit = transcriptAssistant
		case llm.RoleTool:
			limit = transcriptTool
		}
		b.Grow(min(len(m.Content), limit) + 64 + len(m.ToolCalls)*(transcriptArgs+32))
		switch m.Role {
		case llm.RoleUser:
			if IsSummary(*m) || m.Content == ContinuePrompt {
				continue
			}
			b.WriteString("USER: ")
			writeClipped(&b, m.Content, transcriptUser)
			if len(m.Images) > 0 {
				fmt.Fprintf(&b, " [%d image(s) attached]", len(m.Images))
			}
		case llm.RoleAssistant:
			b.WriteString("ASSISTANT:")
			if m.Content != "" {
				b.WriteString(" ")
				writeClipped(&b, m.Content, transcriptAssistant)
			}
			for _, c := range m.ToolCalls {
				b.WriteString("\n  called ")
				b.WriteString(c.Name)
				b.WriteByte('(')
				writeClipped(&b, c.Arguments, transcriptArgs)
				b.WriteByte(')')
			}
		case llm.RoleTool:
			b.WriteString("RESULT of ")
			b.WriteString(m.ToolName)
			b.WriteString(": ")
			writeClipped(&b, m.Content, transcriptTool)
		default:
			continue
		}
		out = append(out, b.String())
	}
	return out
}

// writeClipped writes about limit bytes of s, from its head and tail, cut
// on character boundaries. Unlike truncateMiddle it does not count what it
// cuts, so the summariser's transcript of a long session stays cheap.
func writeClipped(b *strings.Builder, s string, limit int) {
	if len(s) <= limit {
		b.WriteString(s)
		return
	}
	head := limit * 2 / 5
	tail := len(s) - (limit - head)
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	b.WriteString(s[:head])
	b.WriteString(" […] ")
	b.WriteString(s[tail:])
}

// chunkTranscript groups entries into chunks of at most budget tokens (an
// entry larger than that is a chunk of its own).
func chunkTranscript(entries []string, budget int) [][]string {
	var chunks [][]string
	var cur []string
	size := 0
	for _, e := range entries {
		t := estimateText(e) + 1
		if len(cur) > 0 && size+t > budget {
			chunks = append(chunks, cur)
			cur, size = nil, 0
		}
		cur = append(cur, e)
		size += t
	}
	if len(cur) > 0 {
		chunks = append(chunks, cur)
	}
	return chunks
}

// summarizerPrompt instructs the summary call.
const summarizerPrompt = `You compress the middle of a long conversation between a user and an AI agent that uses tools, so that the agent can continue the work with only your summary and the most recent messages. The agent will not see the summarised messages again.

Write the summary in these sections, as Markdown headings, in this order:
## Goal
What the user wants overall, in their terms.
## Constraints
Requirements, preferences and instructions the user gave that still apply.
## Completed actions
What has been done, with tool names, commands, file paths and outcomes (success or the exact error).
## Active state
Where the work stands now: working directory, running processes, open problems.
## Decisions
Choices made and why; facts learnt that later steps depend on (names, numbers, identifiers, codes, versions).
## Files
Files read, created or changed, with a few words on each.
## Remaining work
What is left to do, in order.

Be specific and complete; keep every identifier, path, number and fact the user or a tool produced that may matter later, verbatim. Do not invent anything. If a previous summary is given, update it: keep what still holds, add what the new messages show, and drop only what is clearly obsolete. Answer with the summary only.`

// summaryRequest is the user message of one summary call.
func summaryRequest(previous string, chunk []string) string {
	var b strings.Builder
	if previous != "" {
		b.WriteString("Previous summary of the conversation so far (update it):\n\n")
		b.WriteString(previous)
		b.WriteString("\n\nNew messages to fold into the summary:\n\n")
	} else {
		b.WriteString("Conversation to summarise:\n\n")
	}
	b.WriteString(strings.Join(chunk, "\n\n"))
	return b.String()
}

// Limits of the mechanical summary.
const (
	mechanicalActions = 60
	mechanicalUsers   = 40
)

// mechanicalSummary is the summary herm assembles without a model when the
// summary call fails: every user request of the middle (shortened), every
// tool call with its outcome, the files touched and the previous summary,
// so no turn disappears without a trace.
func mechanicalSummary(previous string, head, middle []llm.Message, cause error) string {
	var b strings.Builder
	goal := ""
	for _, m := range append(append([]llm.Message(nil), head...), middle...) {
		if m.Role == llm.RoleUser && !IsSummary(m) {
			goal = m.Content
			break
		}
	}
	results := map[string]string{}
	for _, m := range middle {
		if m.Role == llm.RoleTool {
			results[m.ToolCallID] = m.Content
		}
	}
	var users, actions, files []string
	seenFile := map[string]bool{}
	lastAssistant := ""
	for _, m := range middle {
		switch m.Role {
		case llm.RoleUser:
			if !IsSummary(m) && m.Content != ContinuePrompt {
				users = append(users, text.Clip(text.OneLine(m.Content), 300))
			}
		case llm.RoleAssistant:
			if strings.TrimSpace(m.Content) != "" {
				lastAssistant = m.Content
			}
			for _, c := range m.ToolCalls {
				outcome := "no result recorded"
				if r, ok := results[c.ID]; ok {
					outcome = text.Clip(text.OneLine(r), 140)
				}
				actions = append(actions, fmt.Sprintf("%s(%s) → %s", c.Name, text.Clip(text.OneLine(c.Arguments), 160), outcome))
				for _, f := range pathArguments(c.Arguments) {
					if !seenFile[f] {
						seenFile[f] = true
						files = append(files, f)
					}
				}
			}
		}
	}
	fmt.Fprintf(&b, "(Assembled by herm without the model because the summary call failed: %v. Details are in the parent session.)\n\n", cause)
	b.WriteString("## Goal\n")
	b.WriteString(text.Clip(text.OneLine(goal), 600))
	b.WriteString("\n\n## Constraints\nSee the user requests below and the earlier summary.\n\n## Completed actions\n")
	writeCapped(&b, actions, mechanicalActions, "tool calls")
	b.WriteString("\n## Active state\n")
	if lastAssistant != "" {
		b.WriteString("Last assistant message before the cut: ")
		b.WriteString(text.Clip(text.OneLine(lastAssistant), 600))
	} else {
		b.WriteString("Unknown.")
	}
	b.WriteString("\n\n## Decisions\n")
	if previous != "" {
		b.WriteString("From the earlier summary:\n\n")
		b.WriteString(strings.TrimSpace(previous))
	} else {
		b.WriteString("Not extracted.")
	}
	b.WriteString("\n\n## Files\n")
	writeCapped(&b, files, mechanicalActions, "files")
	b.WriteString("\n## Remaining work\n")
	if len(users) > 0 {
		b.WriteString("The latest request before the cut: ")
		b.WriteString(users[len(users)-1])
	} else {
		b.WriteString("See the recent messages.")
	}
	b.WriteString("\n\n## User requests in the compressed part\n")
	writeCapped(&b, users, mechanicalUsers, "user messages")
	return b.String()
}

// writeCapped lists items, keeping the most recent max and saying how many
// earlier ones were left out.
func writeCapped(b *strings.Builder, items []string, max int, what string) {
	if len(items) == 0 {
		b.WriteString("None.\n")
		return
	}
	if len(items) > max {
		fmt.Fprintf(b, "- (%d earlier %s are in the parent session)\n", len(items)-max, what)
		items = items[len(items)-max:]
	}
	for _, it := range items {
		b.WriteString("- ")
		b.WriteString(it)
		b.WriteByte('\n')
	}
}

// pathArguments returns the file paths named in a tool call's arguments.
func pathArguments(args string) []string {
	var m map[string]any
	if json.Unmarshal([]byte(args), &m) != nil {
		return nil
	}
	var out []string
	for _, key := range []string{"path", "file_path", "workdir"} {
		if v, ok := m[key].(string); ok && v != "" {
			out = append(out, v)
		}
	}
	return out
}
