package chat

import (
	"strconv"
	"strings"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/ui/attach"
)

// turnState links the agent's events of the running turn to entries.
type turnState struct {
	cur         *entry         // the answer being streamed
	preparing   map[int]*entry // tool calls being written, by index
	tools       map[string]*entry
	pendingUser *entry // the sent message, until the store gives it an id
}

func (p *Pane) push(it item, firstID int64) *entry {
	e := &entry{it: it, firstID: firstID}
	p.entries = append(p.entries, e)
	return e
}

// AddUser shows a message the person just sent and follows the bottom.
func (p *Pane) AddUser(content string) {
	if p.hasNewer { // reading the middle of the session: show its end
		p.Reset()
		p.hasOlder = true
	}
	text, files := attach.Split(content)
	p.turn.pendingUser = p.push(&userItem{text: text, attached: files}, 0)
	p.Bottom()
	p.evict()
}

// AddUserImages is AddUser for a message sent with images, shown as chips
// under its text (see ImageChips).
func (p *Pane) AddUserImages(content string, chips []string) {
	p.AddUser(content)
	if en := p.turn.pendingUser; en != nil {
		en.it.(*userItem).images = chips
	}
}

// ImageChips labels stored images for the transcript: "image/png · 42 KB".
func ImageChips(imgs []store.Image) []string {
	if len(imgs) == 0 {
		return nil
	}
	out := make([]string, len(imgs))
	for i, img := range imgs {
		n := img.Size
		if n == 0 {
			n = len(img.Data)
		}
		out[i] = strings.TrimPrefix(img.MediaType, "image/") + " · " + SizeText(n)
	}
	return out
}

// SizeText is a byte count for people: 812 B, 42 KB, 1.3 MB.
func SizeText(n int) string {
	switch {
	case n < 1<<10:
		return strconv.Itoa(n) + " B"
	case n < 1<<20:
		return strconv.Itoa((n+512)>>10) + " KB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MB"
}

// AddNotice shows a line from herm: a command's result, an error.
func (p *Pane) AddNotice(text string, isError bool) {
	kind := noticeInfo
	if isError {
		kind = noticeError
	}
	p.push(&noticeItem{kind: kind, text: text}, 0)
	p.evict()
}

// AddRetry shows that herm is retrying a failed call.
func (p *Pane) AddRetry(text string) {
	p.push(&noticeItem{kind: noticeRetry, text: text}, 0)
}

// Apply shows one agent event. Events the pane does not know are ignored.
func (p *Pane) Apply(ev agent.Event) {
	switch e := ev.(type) {
	case agent.TextDelta:
		en, a := p.answer()
		a.content += e.Text
		en.bump()
	case agent.ReasoningDelta:
		en, a := p.answer()
		a.reasoning += e.Text
		en.bump()
	case agent.ToolCallStreaming:
		if p.turn.preparing == nil {
			p.turn.preparing = map[int]*entry{}
		}
		if _, ok := p.turn.preparing[e.Index]; !ok {
			p.turn.preparing[e.Index] = p.push(&toolItem{name: e.Name, state: toolPreparing}, 0)
		}
	case agent.MessageSaved:
		p.saved(e.Message)
	case agent.ToolStarted:
		en, t := p.tool(e.Call.ID, e.Call.Name, e.Call.Arguments)
		t.state = toolRunning
		t.started = p.Now()
		en.bump()
	case agent.ToolOutput:
		if en := p.turn.tools[e.CallID]; en != nil {
			en.it.(*toolItem).appendLive(e.Chunk)
			en.bump()
		}
	case agent.ToolFinished:
		en, t := p.tool(e.Call.ID, e.Call.Name, e.Call.Arguments)
		t.finish(e.Result, e.Duration)
		en.bump()
	case agent.Notice:
		p.AddNotice(p.redact(e.Text), false)
	case agent.TurnDone:
		p.endTurn(e)
	}
	p.evict()
}

// answer returns the answer being streamed, starting one if needed.
func (p *Pane) answer() (*entry, *assistantItem) {
	if p.turn.cur == nil {
		p.turn.cur = p.push(&assistantItem{streaming: true}, 0)
	}
	return p.turn.cur, p.turn.cur.it.(*assistantItem)
}

// tool returns the entry of a call, creating it if its announcement was
// missed.
func (p *Pane) tool(id, name, args string) (*entry, *toolItem) {
	if p.turn.tools == nil {
		p.turn.tools = map[string]*entry{}
	}
	if en := p.turn.tools[id]; en != nil {
		return en, en.it.(*toolItem)
	}
	t := &toolItem{callID: id, state: toolWaiting}
	t.setCall(name, args)
	en := p.push(t, 0)
	p.turn.tools[id] = en
	return en, t
}

// saved handles a message the store committed: it settles the entry that
// showed it while it streamed.
func (p *Pane) saved(m store.Message) {
	switch m.Role {
	case "user":
		if m.Content == agent.ContinuePrompt {
			p.AddNotice("the answer hit the length limit; asking the model to continue", false)
			return
		}
		if en := p.turn.pendingUser; en != nil {
			en.firstID = m.ID
			en.it.(*userItem).id = m.ID
			p.turn.pendingUser = nil
			return
		}
		text, files := attach.Split(m.Content)
		p.push(&userItem{text: text, attached: files, images: ImageChips(m.Images), id: m.ID}, m.ID)
	case "assistant":
		if en := p.turn.cur; en != nil {
			a := en.it.(*assistantItem)
			a.content, a.reasoning, a.streaming, a.id = m.Content, m.Reasoning, false, m.ID
			en.firstID = m.ID
			en.bump()
			p.turn.cur = nil
		} else if m.Content != "" || m.Reasoning != "" {
			p.push(&assistantItem{content: m.Content, reasoning: m.Reasoning, id: m.ID}, m.ID)
		}
		if p.turn.tools == nil {
			p.turn.tools = map[string]*entry{}
		}
		for i, c := range m.ToolCalls {
			en := p.turn.preparing[i]
			if en == nil || en.it.(*toolItem).name != c.Name {
				en = p.push(&toolItem{}, m.ID)
			}
			t := en.it.(*toolItem)
			t.callID = c.ID
			t.setCall(c.Name, c.Arguments)
			t.state = toolWaiting
			en.firstID = m.ID
			en.bump()
			p.turn.tools[c.ID] = en
		}
		// Calls announced but not in the saved message were dropped (cut).
		for i, en := range p.turn.preparing {
			if i >= len(m.ToolCalls) {
				t := en.it.(*toolItem)
				t.state, t.output = toolFailed, "the call was cut off before it was complete"
				en.bump()
			}
		}
		p.turn.preparing = nil
	case "tool":
		en := p.turn.tools[m.ToolCallID]
		if en == nil {
			t := &toolItem{callID: m.ToolCallID, name: m.ToolName}
			t.finishFromStore(m.Content)
			t.id = m.ID
			p.push(t, m.ID)
			return
		}
		t := en.it.(*toolItem)
		t.id = m.ID
		if t.state != toolDone && t.state != toolFailed {
			t.finishFromStore(m.Content)
			en.bump()
		}
	}
}

func (p *Pane) endTurn(d agent.TurnDone) {
	marked := false // the cut answer says it was interrupted
	if en := p.turn.cur; en != nil {
		a := en.it.(*assistantItem)
		a.streaming = false
		if d.Reason == agent.StopInterrupted || d.Reason == agent.StopError {
			a.interrupted = true
			marked = d.Reason == agent.StopInterrupted
		}
		en.bump()
	}
	for _, m := range []map[int]*entry{p.turn.preparing} {
		for _, en := range m {
			en.it.(*toolItem).interrupt()
			en.bump()
		}
	}
	for _, en := range p.turn.tools {
		t := en.it.(*toolItem)
		if t.state != toolDone && t.state != toolFailed {
			t.interrupt()
			en.bump()
		}
	}
	switch d.Reason {
	case agent.StopInterrupted:
		if !marked {
			p.AddNotice("interrupted", false)
		}
	case agent.StopError:
		msg := "the turn failed"
		if d.Err != nil {
			msg = d.Err.Error()
		}
		p.AddNotice(p.redact(msg), true)
	}
	p.turn = turnState{}
}

// DropStreamed removes what the current model call streamed so far: the
// call failed and will be sent again (retry, fallback), and the agent
// discarded its partial answer.
func (p *Pane) DropStreamed() {
	drop := map[*entry]bool{}
	if p.turn.cur != nil {
		drop[p.turn.cur] = true
	}
	for _, en := range p.turn.preparing {
		drop[en] = true
	}
	if len(drop) == 0 {
		return
	}
	kept := p.entries[:0]
	for _, en := range p.entries {
		if !drop[en] {
			kept = append(kept, en)
		}
	}
	clear(p.entries[len(kept):])
	p.entries = kept
	p.turn.cur, p.turn.preparing = nil, nil
	if p.sel >= len(p.entries) {
		p.sel, p.selCode = len(p.entries)-1, -1
	}
	if !p.follow && p.top >= len(p.entries) {
		p.follow = true
	}
}

// AddCompaction shows that the conversation was compressed; the summary
// that replaced the older messages expands with the toggle key.
func (p *Pane) AddCompaction(summary, text string) {
	p.push(&compactionItem{text: text, summary: summary}, 0)
	p.evict()
}
