package panels

import (
	"strings"

	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// Item is one entry of a Picker.
type Item struct {
	Name string // what is chosen
	Desc string // shown dimmed after it
	Mark string // a short tag: "current"
}

// Picker is a filtered list with a selection, the body of the model and
// theme switchers. Typing filters; with Custom set, a filter that names
// nothing listed is offered as an entry of its own (a model the catalog
// does not know).
type Picker struct {
	Items  []Item
	Custom string // the label of the typed entry ("custom model"), "" for none
	filter string
	sel    int
}

// Filter returns the typed filter.
func (p *Picker) Filter() string { return p.filter }

// Type adds text to the filter.
func (p *Picker) Type(s string) {
	p.filter += s
	p.sel = 0
}

// Backspace removes the filter's last character.
func (p *Picker) Backspace() {
	if r := []rune(p.filter); len(r) > 0 {
		p.filter = string(r[:len(r)-1])
		p.sel = 0
	}
}

// Select puts the selection on the entry named name (when listed).
func (p *Picker) Select(name string) {
	for i, it := range p.Visible() {
		if it.Name == name {
			p.sel = i
		}
	}
}

// Move moves the selection by d, staying in the list.
func (p *Picker) Move(d int) {
	p.sel = min(max(p.sel+d, 0), max(len(p.Visible())-1, 0))
}

// Visible returns the entries the filter lets through, and the typed
// entry when Custom is set.
func (p *Picker) Visible() []Item {
	f := strings.ToLower(strings.TrimSpace(p.filter))
	var out []Item
	exact := false
	for _, it := range p.Items {
		if f == "" || strings.Contains(strings.ToLower(it.Name), f) || strings.Contains(strings.ToLower(it.Desc), f) {
			out = append(out, it)
			exact = exact || strings.EqualFold(it.Name, f)
		}
	}
	if p.Custom != "" && f != "" && !exact {
		out = append(out, Item{Name: strings.TrimSpace(p.filter), Desc: p.Custom})
	}
	return out
}

// Current returns the selected entry.
func (p *Picker) Current() (Item, bool) {
	v := p.Visible()
	if len(v) == 0 {
		return Item{}, false
	}
	return v[min(p.sel, len(v)-1)], true
}

// View draws the filter line and a window of the list around the
// selection, rows entries tall, width cells wide.
func (p *Picker) View(th *themes.Theme, width, rows int) string {
	c := th.Chrome
	item, sel, desc, hint, prompt := render.Open(c.MenuItem), render.Open(c.MenuSelected), render.Open(c.MenuDesc),
		render.Open(c.Hint), render.Open(c.Prompt)
	mark := render.Open(th.Panel.Muted)
	lines := []string{render.Paint(prompt, "❯ ") + p.filter + render.Paint(hint, "▏"), ""}
	v := p.Visible()
	if len(v) == 0 {
		lines = append(lines, render.Paint(hint, "nothing matches"))
	}
	rows = max(rows, 1)
	first := 0
	if p.sel >= rows {
		first = p.sel - rows + 1
	}
	for i := first; i < len(v) && i < first+rows; i++ {
		it := v[i]
		tag := ""
		if it.Mark != "" {
			tag = " (" + it.Mark + ")"
		}
		d := ""
		if it.Desc != "" {
			d = render.Truncate("  "+it.Desc, max(width-render.Width(it.Name)-render.Width(tag)-2, 0), "…")
		}
		if i == min(p.sel, len(v)-1) {
			lines = append(lines, fit(render.Paint(sel, "▸ "+it.Name+tag+d), width))
			continue
		}
		lines = append(lines, fit(render.Paint(item, "  "+it.Name)+render.Paint(mark, tag)+render.Paint(desc, d), width))
	}
	return strings.Join(lines, "\n")
}
