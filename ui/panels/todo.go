package panels

import (
	"fmt"
	"strings"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/tools"
	"github.com/herm-dev/herm/ui/render"
)

// Todo is the plan panel: the session's todo list as the todo tool last
// left it.
type Todo struct {
	items []tools.Todo
}

// Set replaces the list.
func (t *Todo) Set(items []tools.Todo) { t.items = append(t.items[:0], items...) }

// Items returns the list.
func (t *Todo) Items() []tools.Todo { return t.items }

// Counts returns how many items are completed and how many there are,
// cancelled ones left out.
func (t *Todo) Counts() (done, total int) {
	for _, it := range t.items {
		switch it.Status {
		case "cancelled":
			continue
		case "completed":
			done++
		}
		total++
	}
	return done, total
}

// Height is the rows the panel takes with at most max rows: a title and
// one row per item.
func (t *Todo) Height(max int) int {
	return min(1+max1(len(t.items)), max)
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// marks say each status by shape as well as colour, so a colour-blind
// reader (or a colourless terminal) tells them apart.
func todoMark(status string) string {
	switch status {
	case "completed":
		return "✓"
	case "in_progress":
		return "▸"
	case "cancelled":
		return "✗"
	default:
		return "○"
	}
}

// View draws the panel in width × height cells (height from Height).
func (t *Todo) View(th *themes.Theme, width, height int) string {
	p := th.Panel
	title, muted := render.Open(p.Title), render.Open(p.Muted)
	done, total := t.Counts()
	head := render.Paint(title, "Plan") + render.Paint(muted, fmt.Sprintf(" · %d/%d done", done, total))
	lines := []string{fit(head, width)}
	if len(t.items) == 0 {
		lines = append(lines, fit(render.Paint(muted, "  no plan yet: the agent writes one with its todo tool"), width))
		return strings.Join(lines[:min(len(lines), height)], "\n")
	}
	rows := height - 1
	first := t.window(rows)
	inks := map[string]string{
		"completed": render.Open(p.Done), "in_progress": render.Open(p.Active),
		"cancelled": render.Open(p.Cancelled), "pending": render.Open(p.Pending),
	}
	for i := first; i < len(t.items) && i < first+rows; i++ {
		it := t.items[i]
		ink, ok := inks[it.Status]
		if !ok {
			ink = inks["pending"]
		}
		content := text.OneLine(it.Content)
		line := "  " + render.Paint(ink, todoMark(it.Status)+" "+render.Truncate(content, width-4, "…"))
		if i == first+rows-1 && first+rows < len(t.items) {
			line = "  " + render.Paint(muted, fmt.Sprintf("… %d more", len(t.items)-i))
		}
		lines = append(lines, fit(line, width))
	}
	return strings.Join(lines, "\n")
}

// window returns the first item shown in rows rows: from the top, moved
// down so the item in progress (or the first not done) stays in view.
func (t *Todo) window(rows int) int {
	if rows <= 0 || len(t.items) <= rows {
		return 0
	}
	focus := -1
	for i, it := range t.items {
		if it.Status == "in_progress" {
			focus = i
			break
		}
	}
	if focus < 0 {
		for i, it := range t.items {
			if it.Status == "pending" {
				focus = i
				break
			}
		}
	}
	if focus < rows-1 {
		return 0
	}
	return min(focus-rows/2, len(t.items)-rows)
}
