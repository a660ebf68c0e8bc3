package agent

import (
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools"
)

// Event is something that happened during a turn.
//
// Session.Run and Session.Compress report events through an emit function
// they are given. They call it synchronously, in order and never
// concurrently, on the turn's goroutine (ToolOutput on the running tool's),
// and wait for it to return: while emit runs, the turn's next model call or
// tool run waits. So emit must not block — no I/O, no waiting on a person
// or a channel a front end drains. Front ends pass the Emit of a Queue
// (queue.go), which never blocks and delivers the events on its own
// goroutine: in order, text deltas and tool output possibly merged, every
// other event exactly once.
type Event interface{ event() }

// TurnStarted opens a turn.
type TurnStarted struct {
	SessionID string
	Model     string
}

// TextDelta is a piece of the assistant's answer as it streams.
type TextDelta struct{ Text string }

// ReasoningDelta is a piece of the model's visible reasoning.
type ReasoningDelta struct{ Text string }

// ToolCallStreaming says the model has begun writing a call to a tool; its
// arguments are still arriving.
type ToolCallStreaming struct {
	Index int
	Name  string
}

// ToolStarted is a tool call about to run.
type ToolStarted struct {
	Call llm.ToolCall
}

// ToolOutput is live output of a running tool (terminal chunks).
type ToolOutput struct {
	CallID string
	Chunk  string
}

// ToolFinished is a tool call's result, as the model will read it.
type ToolFinished struct {
	Call     llm.ToolCall
	Result   tools.Result
	Duration time.Duration
}

// MessageSaved reports a message committed to the store.
type MessageSaved struct{ Message store.Message }

// Notice is something the person should see that is not part of the
// conversation: a continuation after a length cut-off, a warning.
type Notice struct{ Text string }

// Retrying says a model call failed in a way that may pass and will be
// sent again after Wait. Text and reasoning streamed by the failed attempt
// (if any) were discarded: a front end should drop what it showed of them.
type Retrying struct {
	Attempt    int // 1 for the first retry
	MaxRetries int
	Wait       time.Duration
	Class      llm.ErrorClass
	Err        error
	Provider   string
	Model      string
}

// FallbackActivated says the turn moved to the next provider of the
// fallback chain. It lasts for the rest of the turn; the next turn starts
// with the primary provider again. As with Retrying, anything streamed by
// the failed attempt was discarded.
type FallbackActivated struct {
	FromProvider, FromModel string
	ToProvider, ToModel     string
	Class                   llm.ErrorClass
	Err                     error
}

// Compressed says the conversation was compressed and continues in a child
// session: the session's ID is now SessionID. Summary is the text that
// replaced the older messages ("" when clearing old tool outputs was
// enough); front ends show it as an expandable compaction marker.
type Compressed struct {
	ParentID  string
	SessionID string
	Reason    CompressReason
	Summary   string
	// Mechanical is set when the summary was assembled without the model
	// because the summary call failed.
	Mechanical bool
	// SummarizedMessages were replaced by Summary; PrunedOutputs tool
	// outputs were cleared.
	SummarizedMessages int
	PrunedOutputs      int
	TokensBefore       int
	TokensAfter        int
	// Effective is false when compression freed too little room; after
	// two ineffective compressions in a row herm stops compressing
	// automatically.
	Effective bool
}

// LoopWarning says the model called the same tool with the same arguments
// Count times in a row. At the agent's loop limit the turn stops
// (StopLoop).
type LoopWarning struct {
	Tool      string
	Arguments string
	Count     int
	Limit     int
}

// StopReason says why a turn ended.
type StopReason string

const (
	StopDone        StopReason = "done"        // the model answered without calling tools
	StopInterrupted StopReason = "interrupted" // the context was cancelled (Esc, Ctrl-C, new message)
	StopMaxTurns    StopReason = "max_turns"   // the tool-calling iteration limit was reached
	StopError       StopReason = "error"       // the provider or the store failed
	StopDenied      StopReason = "denied"      // the person denied three commands in a row
	StopLoop        StopReason = "loop"        // the model repeated one tool call (see LoopWarning)
)

// TurnDone closes a turn. Err is set when Reason is StopError, and says
// what was repeated when it is StopLoop.
type TurnDone struct {
	Reason StopReason
	Err    error
	// Answer is the final assistant text of the turn.
	Answer string
	// Usage is what the provider reported for all calls of the turn.
	Usage llm.Usage
	// Iterations counts model calls in the turn.
	Iterations int
}

func (TurnStarted) event()       {}
func (TextDelta) event()         {}
func (ReasoningDelta) event()    {}
func (ToolCallStreaming) event() {}
func (ToolStarted) event()       {}
func (ToolOutput) event()        {}
func (ToolFinished) event()      {}
func (MessageSaved) event()      {}
func (Notice) event()            {}
func (TurnDone) event()          {}
func (Retrying) event()          {}
func (FallbackActivated) event() {}
func (Compressed) event()        {}
func (LoopWarning) event()       {}
