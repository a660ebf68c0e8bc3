// Package panels draws the main screen's side panels and dialogs: the
// todo/plan panel fed by the todo tool, the background tasks panel, the
// list pickers behind the model and theme switchers, /usage and the
// context-usage bar. Each is a plain struct with a View that draws exactly
// the rows it is given; the root model (ui) owns when they show, feeds
// them and routes keys to them. Nothing here does I/O.
package panels

import (
	"strings"

	"github.com/herm-dev/herm/ui/render"
)

// fit cuts a styled line to width cells, or pads it to width.
func fit(s string, width int) string {
	w := render.Width(s)
	if w > width {
		return render.Truncate(s, width, "…")
	}
	return s + strings.Repeat(" ", width-w)
}
