package panels

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/themes"
	"github.com/herm-dev/herm/tools"
)

var t0 = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

func msg(role string, at int, u store.Usage) store.Message {
	return store.Message{Role: role, CreatedAt: t0.Add(time.Duration(at) * time.Second), Usage: u}
}

func event(kind string, at int, data map[string]any) store.Event {
	b, _ := json.Marshal(data)
	return store.Event{Kind: kind, Data: b, CreatedAt: t0.Add(time.Duration(at) * time.Second)}
}

// A /model switch moves the calls after it to the new model; a fallback
// moves the rest of its turn only.
func TestComputeUsageAttributesCallsToModels(t *testing.T) {
	u := func(in, out int) store.Usage { return store.Usage{InputTokens: in, OutputTokens: out} }
	msgs := []store.Message{
		msg("user", 1, store.Usage{}), msg("assistant", 2, u(100, 10)),
		msg("user", 3, store.Usage{}), msg("assistant", 5, u(200, 20)), // after a fallback at 4
		msg("user", 6, store.Usage{}), msg("assistant", 7, u(300, 30)), // the fallback was for one turn
		msg("user", 9, store.Usage{}), msg("assistant", 10, u(400, 40)), // after /model at 8
	}
	events := []store.Event{
		event("fallback", 4, map[string]any{"to_model": "backup"}),
		event("model", 8, map[string]any{"from": "first", "to": "second"}),
		event("retry", 8, map[string]any{}),
	}
	sess := store.Session{Model: "second", Usage: u(1100, 150)}
	price := func(model string, u store.Usage) (float64, bool) {
		if model == "backup" {
			return 0, false
		}
		return float64(u.InputTokens) / 100, true
	}
	r := ComputeUsage(sess, msgs, events, price)
	got := map[string]ModelUsage{}
	for _, mu := range r.Models {
		got[mu.Model] = mu
	}
	if f := got["first"]; f.Calls != 2 || f.Usage != u(400, 40) || f.Cost != 4 || !f.Priced {
		t.Errorf("first = %+v", f)
	}
	if b := got["backup"]; b.Calls != 1 || b.Usage != u(200, 20) || b.Priced {
		t.Errorf("backup = %+v", b)
	}
	if s := got["second"]; s.Calls != 1 || s.Usage != u(400, 40) {
		t.Errorf("second = %+v", s)
	}
	if r.Models[0].Model != "first" {
		t.Errorf("the dearest model first: %+v", r.Models)
	}
	if r.Other != u(100, 50) {
		t.Errorf("other = %+v", r.Other)
	}
	view := ansi.Strip(r.View(themes.Dark(), 80))
	for _, want := range []string{"first", "backup", "no price", "titles, summaries"} {
		if !strings.Contains(view, want) {
			t.Errorf("the report lacks %q:\n%s", want, view)
		}
	}
}

func TestContextBar(t *testing.T) {
	th := themes.Dark()
	bar := ansi.Strip(ContextBar(th, 50_000, 200_000, 40))
	if !strings.Contains(bar, "25% of 200.0k") || ansi.StringWidth(bar) > 40 {
		t.Errorf("bar = %q (%d)", bar, ansi.StringWidth(bar))
	}
	full := ContextBar(th, 190_000, 200_000, 40)
	if !strings.Contains(ansi.Strip(full), "95%!") {
		t.Errorf("a nearly full bar should say so without colour: %q", ansi.Strip(full))
	}
	if mini := ansi.Strip(MiniBar(th, 30, 100)); mini != "▰▰▱▱▱▱▱▱ 30%" {
		t.Errorf("mini = %q", mini)
	}
}

// The todo panel keeps the item in progress in view when the list is
// taller than the panel, and every row fits the width.
func TestTodoWindow(t *testing.T) {
	var td Todo
	var items []tools.Todo
	for i := range 20 {
		st := "completed"
		if i == 14 {
			st = "in_progress"
		} else if i > 14 {
			st = "pending"
		}
		items = append(items, tools.Todo{ID: string(rune('a' + i)), Content: "step number " + string(rune('a'+i)) + " with a long description that will not fit", Status: st})
	}
	td.Set(items)
	if h := td.Height(6); h != 6 {
		t.Fatalf("height = %d", h)
	}
	view := ansi.Strip(td.View(themes.Dark(), 40, 6))
	if !strings.Contains(view, "▸ step number o") || !strings.Contains(view, "14/20 done") {
		t.Errorf("the item in progress is not shown:\n%s", view)
	}
	for _, l := range strings.Split(view, "\n") {
		if ansi.StringWidth(l) != 40 {
			t.Errorf("row %q is %d wide", l, ansi.StringWidth(l))
		}
	}
}

func TestPickerCustomEntry(t *testing.T) {
	p := Picker{Items: []Item{{Name: "gpt-5"}, {Name: "gpt-5-mini"}}, Custom: "custom"}
	p.Type("gpt-5")
	if v := p.Visible(); len(v) != 2 {
		t.Errorf("an exact match needs no custom entry: %+v", v)
	}
	p.Type("-turbo")
	if it, ok := p.Current(); !ok || it.Name != "gpt-5-turbo" || it.Desc != "custom" {
		t.Errorf("custom = %+v", it)
	}
}

func TestGoldenUsageReport(t *testing.T) {
	u := func(in, out, cached int) store.Usage {
		return store.Usage{InputTokens: in, OutputTokens: out, CacheReadTokens: cached}
	}
	r := Usage{
		Session: store.Session{ID: "20261201_100000_abcdef", Title: "Fix the pager", Usage: u(1_250_000, 48_000, 900_000), CostUSD: 2.4375},
		Models: []ModelUsage{
			{Model: "claude-sonnet-4-5", Calls: 31, Usage: u(1_200_000, 45_000, 900_000), Cost: 2.29, Priced: true},
			{Model: "my-local-llm", Calls: 4, Usage: u(50_000, 3_000, 0)},
		},
		Other:  u(1200, 40, 0),
		Prompt: 61_000, Window: 200_000, PricesAsOf: "2025-10-01",
	}
	for _, width := range []int{60, 100} {
		got := ansi.Strip(r.View(themes.Dark(), width))
		uitest.CheckWidth(t, got, width)
		uitest.Golden(t, "usage_"+strconv.Itoa(width), got)
	}
}

// The parts of a conversation before its compressions count; forks and
// a parent that was not compressed into it do not.
func TestContinued(t *testing.T) {
	lineage := []store.Session{
		{ID: "root"},
		{ID: "a", ParentID: "root", EndReason: "compression"},
		{ID: "fork", ParentID: "a"},
		{ID: "b", ParentID: "a", EndReason: "compression", Usage: store.Usage{InputTokens: 5000}, CostUSD: 0.5},
		{ID: "c", ParentID: "b"},
	}
	var ids []string
	for _, s := range Continued(lineage, "c") {
		ids = append(ids, s.ID)
	}
	if strings.Join(ids, ",") != "a,b" {
		t.Errorf("continued = %v", ids)
	}
	if got := Continued(lineage, "fork"); len(got) != 1 || got[0].ID != "a" {
		t.Errorf("fork: %v", got)
	}
	r := Usage{Session: lineage[4], Earlier: Continued(lineage, "c")}
	if v := ansi.Strip(r.View(themes.Dark(), 80)); !strings.Contains(v, "before compression (2 parts): 5.0k in · 0 out · $0.50") {
		t.Errorf("view:\n%s", v)
	}
}

// A session whose only model has no list price costs "unknown", not $0.
func TestUsageWithoutPricesIsNotFree(t *testing.T) {
	r := Usage{
		Session:    store.Session{ID: "s", Usage: store.Usage{InputTokens: 900, OutputTokens: 70}},
		Models:     []ModelUsage{{Model: "fake-model", Calls: 2, Usage: store.Usage{InputTokens: 900, OutputTokens: 70}}},
		PricesAsOf: "2025-10-01",
	}
	got := ansi.Strip(r.View(themes.Dark(), 80))
	if !strings.Contains(got, "cost unknown (no list price for fake-model)") || strings.Contains(got, "$0") {
		t.Errorf("an unpriced session:\n%s", got)
	}
}
