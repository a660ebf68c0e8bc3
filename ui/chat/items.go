package chat

import (
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/ui/render"
)

// item is one block of the transcript: a user message, an answer, a tool
// call, a notice. Items render themselves; the pane caches the result.
type item interface {
	render(c *drawCtx, width int) drawn
	// copyText is what copying the block puts on the clipboard.
	copyText() string
}

// drawn is an item's rendering.
type drawn struct {
	lines []string
	code  []render.CodeRef // code blocks, for selection and copying
}

// drawCtx is what items render with.
type drawCtx struct {
	r     *render.Renderer
	ink   *inks
	frame int       // spinner frame, for running tools
	now   time.Time // for the elapsed time of running tools
}

// entry is an item with its cached rendering. version changes whenever the
// item does; the cache is valid for (width, version, theme generation).
type entry struct {
	it      item
	version int
	// firstID is the store id of the entry's first message (0 while
	// unsaved); older pages are loaded before the first entry's id.
	firstID int64

	cw, cv, cg int
	cache      drawn
	cached     bool
}

func (e *entry) bump() { e.version++ }

// userItem is a message the person sent.
type userItem struct {
	text     string
	attached []string
	images   []string // chips of the images sent with it (ImageChips)
	id       int64
}

func (u *userItem) render(c *drawCtx, width int) drawn {
	bar := render.Paint(c.ink.userBar, "┃ ")
	lines := render.Wrap(u.text, c.ink.user, width-2)
	for i := range lines {
		lines[i] = bar + lines[i]
	}
	for _, p := range u.attached {
		lines = append(lines, bar+render.Truncate(render.Paint(c.ink.attachment, "📎 "+p), width-2, "…"))
	}
	if len(u.images) > 0 {
		chips := render.Paint(c.ink.attachment, "🖼 "+strings.Join(u.images, "  🖼 "))
		lines = append(lines, bar+render.Truncate(chips, width-2, "…"))
	}
	return drawn{lines: lines}
}

func (u *userItem) copyText() string { return u.text }

// noticeKind says how a notice looks.
type noticeKind int

const (
	noticeInfo noticeKind = iota
	noticeError
	noticeRetry
)

// noticeItem is something herm tells the person: an interruption, an error,
// a retry, a command's result.
type noticeItem struct {
	kind noticeKind
	text string
}

func (n *noticeItem) render(c *drawCtx, width int) drawn {
	var lines []string
	switch n.kind {
	case noticeError:
		lines = render.Wrap("✗ "+n.text, c.ink.errorText, width)
	case noticeRetry:
		lines = render.Wrap("↻ "+n.text, c.ink.retry, width)
	default:
		lines = render.Wrap("· "+n.text, c.ink.notice, width)
	}
	return drawn{lines: lines}
}

func (n *noticeItem) copyText() string { return n.text }

// assistantItem is an answer, possibly still streaming, with its reasoning.
type assistantItem struct {
	content     string
	reasoning   string
	streaming   bool
	interrupted bool
	// showReasoning expands the reasoning; while only reasoning has arrived
	// its last lines are shown anyway.
	showReasoning bool
	id            int64
	stream        *render.Stream
}

// reasoningPeek is how many trailing lines of reasoning show while the
// model is still thinking.
const reasoningPeek = 4

func (a *assistantItem) render(c *drawCtx, width int) drawn {
	var out render.Block
	if r := strings.TrimSpace(a.reasoning); r != "" {
		thinking := a.streaming && strings.TrimSpace(a.content) == ""
		rl := render.Wrap(r, c.ink.reasoning, width-2)
		switch {
		case a.showReasoning:
			out.Lines = append(out.Lines, render.Paint(c.ink.reasoningLabel, "▾ thinking"))
			for _, l := range rl {
				out.Lines = append(out.Lines, "  "+l)
			}
		case thinking:
			out.Lines = append(out.Lines, render.Paint(c.ink.reasoningLabel, "▾ thinking…"))
			if len(rl) > reasoningPeek {
				rl = rl[len(rl)-reasoningPeek:]
			}
			for _, l := range rl {
				out.Lines = append(out.Lines, "  "+l)
			}
		default:
			out.Lines = append(out.Lines, render.Paint(c.ink.reasoningLabel, "▸ thinking · "+text.Plural(len(rl), "line")))
		}
	}
	if a.content != "" {
		var body render.Block
		switch {
		case a.streaming:
			if a.stream == nil {
				a.stream = c.r.NewStream()
			}
			body = a.stream.Render(a.content, width)
		case a.stream != nil && a.stream.Width() == width:
			// Just finished: the stream has all but its last block rendered
			// already; a full render of a long answer would stall a frame.
			body = a.stream.Render(a.content, width)
			a.stream = nil
		default:
			a.stream = nil
			body = c.r.Markdown(a.content, width)
		}
		off := len(out.Lines)
		if off > 0 {
			out.Lines = append(out.Lines, "")
			off++
		}
		out.Lines = append(out.Lines, body.Lines...)
		for _, cr := range body.Code {
			cr.Start += off
			cr.End += off
			out.Code = append(out.Code, cr)
		}
	}
	if a.interrupted {
		out.Lines = append(out.Lines, render.Paint(c.ink.notice, "· interrupted"))
	}
	return drawn{lines: out.Lines, code: out.Code}
}

func (a *assistantItem) copyText() string { return a.content }

// compactionItem marks where the conversation was compressed.
type compactionItem struct {
	text     string
	summary  string
	expanded bool
}

func (c *compactionItem) render(ctx *drawCtx, width int) drawn {
	head := "⇣ " + c.text
	if c.summary != "" && !c.expanded {
		head += " · enter to read the summary"
	}
	lines := render.Wrap(head, ctx.ink.notice, width)
	if c.expanded && c.summary != "" {
		body := ctx.r.Markdown(c.summary, width-2)
		for _, l := range body.Lines {
			lines = append(lines, render.Paint(ctx.ink.toolBar, "│ ")+l)
		}
	}
	return drawn{lines: lines}
}

func (c *compactionItem) copyText() string { return c.summary }
