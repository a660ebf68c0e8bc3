package panels

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// Task is one row of the background tasks panel: a process the terminal
// tool started in the background, or the tool call the turn is running
// now (Foreground).
type Task struct {
	ID         string // proc_N, or the tool call's id
	Command    string // the command line, or the tool's one-line summary
	Started    time.Time
	Ended      time.Time // zero while running
	ExitCode   int
	Foreground bool
}

// Running reports whether the task has not ended.
func (t Task) Running() bool { return t.Ended.IsZero() }

// Tasks is the background tasks panel.
type Tasks struct {
	list    []Task
	sel     int
	focused bool
}

// Set replaces the rows, keeping the selection on the same task when it
// is still listed.
func (t *Tasks) Set(list []Task) {
	var selID string
	if t.sel < len(t.list) {
		selID = t.list[t.sel].ID
	}
	t.list = append(t.list[:0], list...)
	t.sel = min(t.sel, max(len(t.list)-1, 0))
	for i, task := range t.list {
		if task.ID == selID {
			t.sel = i
		}
	}
}

// List returns the rows.
func (t *Tasks) List() []Task { return t.list }

// Running counts the tasks still running.
func (t *Tasks) Running() int {
	n := 0
	for _, task := range t.list {
		if task.Running() {
			n++
		}
	}
	return n
}

// Focus gives the panel the keyboard (a selection shows) or takes it.
func (t *Tasks) Focus(on bool) { t.focused = on }

// Focused reports whether the panel has the keyboard.
func (t *Tasks) Focused() bool { return t.focused }

// Move moves the selection by d rows.
func (t *Tasks) Move(d int) {
	t.sel = min(max(t.sel+d, 0), max(len(t.list)-1, 0))
}

// Selected returns the selected task.
func (t *Tasks) Selected() (Task, bool) {
	if t.sel >= len(t.list) {
		return Task{}, false
	}
	return t.list[t.sel], true
}

// Height is the rows the panel takes with at most max rows.
func (t *Tasks) Height(max int) int { return min(1+max1(len(t.list)), max) }

// View draws the panel in width × height cells; now times the running
// tasks.
func (t *Tasks) View(th *themes.Theme, width, height int, now time.Time) string {
	p := th.Panel
	title, muted, sel := render.Open(p.Title), render.Open(p.Muted), render.Open(p.Selected)
	running, failed, done := render.Open(p.Active), render.Open(p.Failed), render.Open(p.Done)
	head := render.Paint(title, "Tasks") + render.Paint(muted, fmt.Sprintf(" · %d running", t.Running()))
	if t.focused {
		head += render.Paint(muted, " · ↑↓ select · x kill · esc back")
	}
	lines := []string{fit(head, width)}
	if len(t.list) == 0 {
		lines = append(lines, fit(render.Paint(muted, "  nothing runs in the background"), width))
		return strings.Join(lines[:min(len(lines), height)], "\n")
	}
	rows := height - 1
	first := 0
	if t.sel >= rows {
		first = t.sel - rows + 1
	}
	for i := first; i < len(t.list) && i < first+rows; i++ {
		task := t.list[i]
		var mark, state, ink string
		switch {
		case task.Running():
			mark, ink = "●", running
			state = Elapsed(now.Sub(task.Started))
		case task.ExitCode == 0:
			mark, ink = "✓", done
			state = "exit 0 · " + Elapsed(task.Ended.Sub(task.Started))
		default:
			mark, ink = "✗", failed
			state = "exit " + strconv.Itoa(task.ExitCode) + " · " + Elapsed(task.Ended.Sub(task.Started))
		}
		id := task.ID
		if task.Foreground {
			id = "tool"
		}
		right := " " + state
		left := " " + mark + " " + id + "  "
		cmd := render.Truncate(text.OneLine(task.Command), width-render.Width(left)-render.Width(right)-1, "…")
		gap := max(width-render.Width(left)-render.Width(cmd)-render.Width(right), 1)
		if t.focused && i == t.sel {
			lines = append(lines, fit(render.Paint(sel, left+cmd+strings.Repeat(" ", gap)+right), width))
			continue
		}
		lines = append(lines, fit(render.Paint(ink, left)+cmd+strings.Repeat(" ", gap)+render.Paint(muted, right), width))
	}
	return strings.Join(lines, "\n")
}

// Elapsed writes a duration in whole seconds: 7s, 1m05s, 2h03m.
func Elapsed(d time.Duration) string {
	s := int(max(d, 0) / time.Second)
	switch {
	case s < 60:
		return strconv.Itoa(s) + "s"
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	default:
		return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
	}
}
