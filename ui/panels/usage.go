package panels

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/herm-dev/herm/internal/text"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/ui/render"
)

// ModelUsage is what one model used in a session.
type ModelUsage struct {
	Model string
	Calls int
	Usage store.Usage
	Cost  float64
	// Priced is false when the catalog has no price for the model.
	Priced bool
}

// Usage is /usage's report on a session.
type Usage struct {
	Session store.Session
	Models  []ModelUsage // most expensive (then most used) first
	// Other is what the session's counters hold beyond its messages:
	// titles and summaries the agent asked for.
	Other store.Usage
	// Prompt is the size of the last request in tokens and Window the
	// model's context window, for the context bar.
	Prompt, Window int
	// PricesAsOf dates the catalog's prices.
	PricesAsOf string
	// Earlier are the sessions this conversation continued after
	// compression, oldest first: their tokens and cost belong to it too.
	Earlier []store.Session
}

// Continued returns the sessions the one with id continues after
// compression (its parents through compressions), oldest first, from a
// lineage (store.Lineage: ancestors, forks and all).
func Continued(lineage []store.Session, id string) []store.Session {
	byID := make(map[string]store.Session, len(lineage))
	for _, s := range lineage {
		byID[s.ID] = s
	}
	var out []store.Session
	cur, ok := byID[id]
	for ok && cur.ParentID != "" && len(out) < len(lineage) {
		parent, found := byID[cur.ParentID]
		if !found || parent.EndReason != store.EndCompression {
			break
		}
		out = append([]store.Session{parent}, out...)
		cur, ok = parent, true
	}
	return out
}

// PriceFunc prices usage by a model; ok is false for a model without a
// known price.
type PriceFunc func(model string, u store.Usage) (cost float64, ok bool)

// ComputeUsage attributes a session's assistant messages to the models
// that wrote them — the session's model, changed by "model" events (a
// /model switch) and, for the rest of a turn, by "fallback" events — and
// prices each model's share.
func ComputeUsage(sess store.Session, msgs []store.Message, events []store.Event, price PriceFunc) Usage {
	type change struct {
		at       int64 // unix nanos
		model    string
		turnOnly bool
	}
	var changes []change
	start, switched := sess.Model, false
	for _, e := range events {
		var d map[string]any
		if json.Unmarshal(e.Data, &d) != nil {
			continue
		}
		switch e.Kind {
		case "model":
			to, _ := d["to"].(string)
			if from, _ := d["from"].(string); from != "" && !switched {
				start = from // the model before the first switch
			}
			switched = true
			changes = append(changes, change{at: e.CreatedAt.UnixNano(), model: to})
		case "fallback":
			to, _ := d["to_model"].(string)
			changes = append(changes, change{at: e.CreatedAt.UnixNano(), model: to, turnOnly: true})
		}
	}
	sort.SliceStable(changes, func(i, j int) bool { return changes[i].at < changes[j].at })
	cur, turn := start, ""
	byModel := map[string]*ModelUsage{}
	var sum store.Usage
	ci := 0
	for _, m := range msgs {
		at := m.CreatedAt.UnixNano()
		for ; ci < len(changes) && changes[ci].at <= at; ci++ {
			if changes[ci].turnOnly {
				turn = changes[ci].model
			} else {
				cur, turn = changes[ci].model, ""
			}
		}
		if m.Role == "user" {
			turn = ""
		}
		if m.Role != "assistant" || m.Usage == (store.Usage{}) {
			continue
		}
		model := cur
		if turn != "" {
			model = turn
		}
		if model == "" {
			model = "(unknown)"
		}
		mu := byModel[model]
		if mu == nil {
			mu = &ModelUsage{Model: model}
			byModel[model] = mu
		}
		mu.Calls++
		addTo(&mu.Usage, m.Usage)
		addTo(&sum, m.Usage)
	}
	out := Usage{Session: sess}
	for _, mu := range byModel {
		if price != nil {
			mu.Cost, mu.Priced = price(mu.Model, mu.Usage)
		}
		out.Models = append(out.Models, *mu)
	}
	sort.Slice(out.Models, func(i, j int) bool {
		a, b := out.Models[i], out.Models[j]
		if a.Cost != b.Cost {
			return a.Cost > b.Cost
		}
		if ta, tb := a.Usage.InputTokens+a.Usage.OutputTokens, b.Usage.InputTokens+b.Usage.OutputTokens; ta != tb {
			return ta > tb
		}
		return a.Model < b.Model
	})
	t := sess.Usage
	out.Other = store.Usage{
		InputTokens: max(t.InputTokens-sum.InputTokens, 0), OutputTokens: max(t.OutputTokens-sum.OutputTokens, 0),
		CacheReadTokens: max(t.CacheReadTokens-sum.CacheReadTokens, 0), CacheWriteTokens: max(t.CacheWriteTokens-sum.CacheWriteTokens, 0),
		ReasoningTokens: max(t.ReasoningTokens-sum.ReasoningTokens, 0),
	}
	return out
}

func addTo(u *store.Usage, o store.Usage) {
	u.InputTokens += o.InputTokens
	u.OutputTokens += o.OutputTokens
	u.CacheReadTokens += o.CacheReadTokens
	u.CacheWriteTokens += o.CacheWriteTokens
	u.ReasoningTokens += o.ReasoningTokens
}

// View draws the report width cells wide.
func (u Usage) View(th *themes.Theme, width int) string {
	p := th.Panel
	title, muted, item := render.Open(p.Title), render.Open(p.Muted), render.Open(p.Item)
	s := u.Session
	var lines []string
	name := s.Title
	if name == "" {
		name = s.ID
	}
	lines = append(lines, render.Paint(title, render.Truncate("Session "+name, width, "…")))
	lines = append(lines, render.Paint(item, fmt.Sprintf("  %s in · %s out · %s cached · %s reasoning",
		text.Compact(s.Usage.InputTokens), text.Compact(s.Usage.OutputTokens), text.Compact(s.Usage.CacheReadTokens), text.Compact(s.Usage.ReasoningTokens))))
	var unpriced []string
	for _, mu := range u.Models {
		if !mu.Priced {
			unpriced = append(unpriced, mu.Model)
		}
	}
	switch {
	case len(unpriced) > 0 && s.CostUSD == 0:
		// $0 would read as free; a model without a list price is not.
		lines = append(lines, render.Paint(item, "  cost unknown")+render.Paint(muted, render.Truncate(" (no list price for "+strings.Join(unpriced, ", ")+")", max(width-15, 1), "…")))
	case len(unpriced) > 0:
		lines = append(lines, render.Paint(item, "  cost at least "+Dollars(s.CostUSD))+render.Paint(muted, render.Truncate(" (list prices of "+u.PricesAsOf+"; none for "+strings.Join(unpriced, ", ")+")", max(width-24, 1), "…")))
	default:
		lines = append(lines, render.Paint(item, "  cost "+Dollars(s.CostUSD))+render.Paint(muted, " (estimated at list prices of "+u.PricesAsOf+")"))
	}
	if len(u.Earlier) > 0 {
		var t store.Usage
		cost := 0.0
		for _, e := range u.Earlier {
			addTo(&t, e.Usage)
			cost += e.CostUSD
		}
		parts := "1 part"
		if len(u.Earlier) > 1 {
			parts = strconv.Itoa(len(u.Earlier)) + " parts"
		}
		lines = append(lines, render.Paint(muted, render.Truncate(fmt.Sprintf("  before compression (%s): %s in · %s out · %s",
			parts, text.Compact(t.InputTokens), text.Compact(t.OutputTokens), Dollars(cost)), width, "…")))
	}
	if u.Window > 0 {
		lines = append(lines, "", render.Paint(title, "Context"))
		lines = append(lines, "  "+ContextBar(th, u.Prompt, u.Window, min(width-2, 48)))
	}
	lines = append(lines, "", render.Paint(title, "By model"))
	if len(u.Models) == 0 {
		lines = append(lines, render.Paint(muted, "  no model calls yet"))
	}
	nameW := 8
	for _, mu := range u.Models {
		nameW = max(nameW, render.Width(mu.Model))
	}
	nameW = min(nameW, max(width/3, 12))
	for _, mu := range u.Models {
		cost := Dollars(mu.Cost)
		if !mu.Priced {
			cost = "no price"
		}
		calls := strconv.Itoa(mu.Calls) + " calls"
		if mu.Calls == 1 {
			calls = "1 call"
		}
		detail := fmt.Sprintf("%s in · %s out · %s cached · %s · %s",
			text.Compact(mu.Usage.InputTokens), text.Compact(mu.Usage.OutputTokens), text.Compact(mu.Usage.CacheReadTokens), calls, cost)
		if row := "  " + padTo(render.Truncate(mu.Model, nameW, "…"), nameW) + "  " + detail; render.Width(row) <= width {
			lines = append(lines, render.Paint(item, row))
			continue
		}
		// Narrow: the model on a line of its own, the numbers below.
		lines = append(lines, render.Paint(item, render.Truncate("  "+mu.Model, width, "…")), render.Paint(item, render.Truncate("    "+detail, width, "…")))
	}
	if o := u.Other; o.InputTokens+o.OutputTokens > 0 {
		lines = append(lines, render.Paint(muted, render.Truncate(fmt.Sprintf("  %s  %s in · %s out (titles, summaries)",
			padTo("other", nameW), text.Compact(o.InputTokens), text.Compact(o.OutputTokens)), width, "…")))
	}
	return strings.Join(lines, "\n")
}

func padTo(s string, w int) string {
	if n := render.Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// Dollars writes a cost: $0.0042 below a cent, $1.23 above.
func Dollars(c float64) string {
	switch {
	case c == 0:
		return "$0"
	case c < 0.01:
		return "$" + strconv.FormatFloat(c, 'f', 4, 64)
	default:
		return "$" + strconv.FormatFloat(c, 'f', 2, 64)
	}
}

// ContextBar draws how full the context window is, width cells wide:
// "▕████░░░░░░▏ 42% of 200k". Near full (80%) it turns to the warning
// colour and says so with a "!" as well, for readers who cannot tell the
// colours apart.
func ContextBar(th *themes.Theme, used, window, width int) string {
	if window <= 0 {
		return ""
	}
	p := th.Panel
	pct := used * 100 / window
	label := fmt.Sprintf(" %d%% of %s", pct, text.Compact(window))
	fill := render.Open(p.BarFill)
	if pct >= 80 {
		fill = render.Open(p.BarWarn)
		label = fmt.Sprintf(" %d%%! of %s", pct, text.Compact(window))
	}
	cells := max(width-render.Width(label)-2, 4)
	n := min(cells*used/window, cells)
	if used > 0 && n == 0 {
		n = 1
	}
	return render.Paint(render.Open(p.BarEmpty), "▕") + render.Paint(fill, strings.Repeat("█", n)) +
		render.Paint(render.Open(p.BarEmpty), strings.Repeat("░", cells-n)+"▏") + render.Paint(render.Open(p.Muted), label)
}

// MiniBar is the status line's context gauge: eight cells and a
// percentage ("▰▰▰▱▱▱▱▱ 38%").
func MiniBar(th *themes.Theme, used, window int) string {
	if window <= 0 {
		return ""
	}
	pct := used * 100 / window
	n := min(8*used/window, 8)
	fill := render.Open(th.Panel.BarFill)
	label := " " + strconv.Itoa(pct) + "%"
	if pct >= 80 {
		fill = render.Open(th.Panel.BarWarn)
		label += "!"
	}
	return render.Paint(fill, strings.Repeat("▰", n)) + render.Paint(render.Open(th.Panel.BarEmpty), strings.Repeat("▱", 8-n)) +
		render.Paint(render.Open(th.Chrome.StatusMuted), label)
}
