package sessions

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/herm-dev/herm/internal/uitest"
	"github.com/herm-dev/herm/store"
)

func TestListGolden(t *testing.T) {
	for _, w := range []int{60, 200} {
		p, d := seeded(t, w, 20, "20261125_110000_dddddd")
		d.settle()
		checkWidth(t, p)
		uitest.Golden(t, "list_"+itoa(w), plain(p))
	}
}

func TestSearchGolden(t *testing.T) {
	for _, w := range []int{60, 200} {
		p, d := seeded(t, w, 24, "")
		d.settle()
		d.typeText("xyloph") // a word being typed matches as a prefix
		d.settle()
		p.search.took = 7 * time.Millisecond // the only thing that varies
		checkWidth(t, p)
		uitest.Golden(t, "search_"+itoa(w), plain(p))
	}
}

func TestSearchGroupsALineageAndHighlights(t *testing.T) {
	p, d := seeded(t, 200, 30, "")
	d.typeText("xylophone")
	d.settle()
	s := &p.search
	if len(s.groups) != 2 {
		t.Fatalf("%d groups, want the payments lineage and the telegram chat:\n%s", len(s.groups), plain(p))
	}
	var lineage *store.SessionGroup
	for i := range s.groups {
		if s.groups[i].Root.ID == "20261120_090000_aaaaaa" {
			lineage = &s.groups[i]
		}
	}
	if lineage == nil || len(lineage.Sessions) != 2 {
		t.Fatalf("the fork is not grouped with its parent: %+v", s.groups)
	}
	view := p.View()
	if !strings.Contains(view, p.ink.match+"xylophone") {
		t.Errorf("the matched word is not highlighted")
	}
	if strings.Contains(plain(p), "«") {
		t.Errorf("snippet markers are shown:\n%s", plain(p))
	}
}

// An answer to an older query arriving after the newer one is dropped.
func TestStaleResultsAreDropped(t *testing.T) {
	p, d := seeded(t, 100, 20, "")
	d.settle()
	p.setQuery("backups")
	old := p.search.seq
	oldCmd := p.startSearch()
	p.setQuery("xylophone")
	newCmd := p.startSearch()
	d.Send(newCmd())
	d.Send(oldCmd()) // late (and cancelled)
	d.settle()
	got := plain(p)
	if !strings.Contains(got, "Deploy the payments") || strings.Contains(got, "Nightly backup") {
		t.Fatalf("the older query's results replaced the newer (seq %d):\n%s", old, got)
	}
}

func TestEnterOpensAtTheHitAndCtrlRResumes(t *testing.T) {
	p, d := seeded(t, 100, 20, "")
	d.typeText("connection refused")
	d.settle()
	h, sess, ok := p.selectedHit()
	if !ok {
		t.Fatalf("no hit:\n%s", plain(p))
	}
	d.key("enter")
	d.Until("the open request", func() bool { return len(d.opened) == 1 })
	if got := d.opened[0]; got.SessionID != sess.ID || got.MessageID != h.MessageID || h.MessageID == 0 {
		t.Fatalf("enter asked for %+v, want session %s at message %d", got, sess.ID, h.MessageID)
	}
	d.key("ctrl+r")
	d.Until("the resume request", func() bool { return len(d.opened) == 2 })
	if got := d.opened[1]; got.SessionID != sess.ID || got.MessageID != 0 {
		t.Fatalf("ctrl+r asked for %+v, want the session at its end", got)
	}
}

// Forking copies the session up to the previewed message, which starts
// at the hit and moves with shift+↑↓.
func TestForkFromThePreviewedMessage(t *testing.T) {
	st := openStore(t)
	seed(t, st)
	p, d := newPane(t, st, 200, 30)
	d.Exec(p.Open(""))
	d.typeText("connection refused")
	d.settle()
	hit, parent, _ := p.selectedHit()
	d.key("shift+down") // the answer after the hit
	through, ok := p.previewed()
	if !ok || through <= hit.MessageID {
		t.Fatalf("previewed message %d (hit %d)", through, hit.MessageID)
	}
	if !strings.Contains(plain(p), "▶ herm") {
		t.Fatalf("the previewed answer is not marked:\n%s", plain(p))
	}
	d.key("ctrl+f")
	d.Until("the fork to open", func() bool { return len(d.opened) == 1 })
	child := d.opened[0]
	if child.MessageID != 0 || !strings.Contains(child.Note, "forked “Deploy the payments service”") {
		t.Fatalf("fork opened %+v", child)
	}
	rec, err := st.Session(context.Background(), child.SessionID)
	if err != nil || rec.ParentID != parent.ID || rec.Source != "tui" {
		t.Fatalf("fork %+v %v", rec, err)
	}
	msgs, _ := st.Messages(context.Background(), child.SessionID)
	last := msgs[len(msgs)-1]
	if len(msgs) != 4 || !strings.Contains(last.Content, "listens on 9090") {
		t.Fatalf("the fork holds %d messages ending with %q", len(msgs), last.Content)
	}
}

func TestRenameArchiveDelete(t *testing.T) {
	st := openStore(t)
	seed(t, st)
	ctx := context.Background()
	p, d := newPane(t, st, 100, 20)
	d.Exec(p.Open(""))
	d.settle()
	first, _, _ := p.list.at(0)
	id := first.ID

	// Rename: the title is edited in the question line.
	d.key("ctrl+t")
	if !strings.Contains(plain(p), "Rename ❯ "+first.Title) {
		t.Fatalf("no rename line:\n%s", plain(p))
	}
	d.key("ctrl+u")
	d.typeText("Where was the xylophone port")
	d.key("enter")
	d.Until("the rename", func() bool { return len(d.changed) == 1 })
	if rec, _ := st.Session(ctx, id); rec.Title != "Where was the xylophone port" {
		t.Fatalf("title %q", rec.Title)
	}
	d.settle()
	if !strings.Contains(plain(p), "Where was the xylophone port") {
		t.Fatalf("the list does not show the new title:\n%s", plain(p))
	}

	// Archive: gone from the list, back with ctrl+g.
	d.key("ctrl+a")
	d.Until("the archiving", func() bool { return len(d.changed) == 2 })
	d.settle()
	if rec, _ := st.Session(ctx, id); !rec.Archived {
		t.Fatal("not archived")
	}
	if s, _, _ := p.list.at(0); s == nil || s.ID == id {
		t.Fatalf("the archived session is still listed:\n%s", plain(p))
	}
	d.key("ctrl+g")
	d.settle()
	if !strings.Contains(plain(p), "archived") || p.list.total != 7 {
		t.Fatalf("ctrl+g does not show archived sessions (%d):\n%s", p.list.total, plain(p))
	}

	// Delete asks; n keeps, y deletes.
	p.list.sel = 0
	victim, _, _ := p.list.at(0)
	d.key("ctrl+x")
	if !strings.Contains(plain(p), "cannot be undone") {
		t.Fatalf("no question:\n%s", plain(p))
	}
	d.key("n")
	if p.ask != nil {
		t.Fatal("n did not cancel")
	}
	if _, err := st.Session(ctx, victim.ID); err != nil {
		t.Fatal("deleted without a yes")
	}
	d.key("ctrl+x")
	d.key("y")
	d.Until("the deletion", func() bool { return len(d.changed) == 3 })
	if _, err := st.Session(ctx, victim.ID); err == nil {
		t.Fatal("not deleted")
	}
	if !d.changed[2].Deleted {
		t.Fatalf("changed %+v", d.changed[2])
	}
}

// The session the chat shows cannot be deleted from under it.
func TestTheCurrentSessionIsNotDeleted(t *testing.T) {
	p, d := seeded(t, 100, 20, "20261201_120000_ffffff")
	d.settle()
	d.key("ctrl+x")
	if p.ask != nil || !strings.Contains(plain(p), "before deleting it") {
		t.Fatalf("screen:\n%s", plain(p))
	}
}

func TestExportWritesUnderHermHome(t *testing.T) {
	p, d := seeded(t, 100, 20, "")
	d.settle()
	s, _, _ := p.list.at(0)
	d.key("ctrl+e")
	if !strings.Contains(plain(p), p.home+"/exports") {
		t.Fatalf("the question does not say where:\n%s", plain(p))
	}
	d.key("m")
	d.Until("the export", func() bool { return strings.Contains(p.notice, "exported") || p.noticeErr })
	path := filepath.Join(p.home, "exports", s.ID+".md")
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "remind me what the xylophone port was") {
		t.Fatalf("export %s: %v\n%s", path, err, b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the export is %v, want 0600", fi.Mode().Perm())
	}
	if !strings.Contains(p.notice, path) {
		t.Errorf("notice %q does not say where", p.notice)
	}
	d.key("ctrl+e")
	d.key("j")
	d.Until("the JSONL export", func() bool { _, err := os.Stat(strings.TrimSuffix(path, ".md") + ".jsonl"); return err == nil })
}

// Queries people type half-way are answered in words, never with a raw
// SQLite error.
func TestMalformedQueries(t *testing.T) {
	p, d := seeded(t, 100, 20, "")
	for _, q := range []string{`"connection ref`, "before:", "AND OR", "x*y* -", "((("} {
		d.key("ctrl+u")
		d.typeText(q)
		d.settle()
		got := plain(p)
		if strings.Contains(strings.ToLower(got), "sqlite") || strings.Contains(got, "fts5") {
			t.Errorf("%q: %s", q, got)
		}
	}
	d.key("ctrl+u")
	d.typeText("before:")
	d.settle()
	if !strings.Contains(plain(p), "needs a value") {
		t.Errorf("a filter without a value is not explained:\n%s", plain(p))
	}
}

// Esc cancels a question, then clears the search, then lets the pane
// close.
func TestBack(t *testing.T) {
	p, d := seeded(t, 100, 20, "")
	d.typeText("xylophone")
	d.settle()
	d.key("ctrl+t")
	if _, ok := p.Back(); !ok || p.ask != nil {
		t.Fatal("esc did not cancel the rename")
	}
	if cmd, ok := p.Back(); !ok || p.query != "" {
		t.Fatal("esc did not clear the search")
	} else {
		d.Exec(cmd)
	}
	if _, ok := p.Back(); ok {
		t.Fatal("esc with nothing to cancel should close the pane")
	}
}

// The list reads only the pages near the view, and jumps to the end
// without reading what lies between.
func TestListIsVirtual(t *testing.T) {
	st := openStore(t)
	manySessions(t, st, 1200)
	p, d := newPane(t, st, 80, 30)
	d.Exec(p.Open(""))
	d.settle()
	if p.list.total != 1200 || len(p.list.pages) > 2 {
		t.Fatalf("total %d, %d pages read for the first screen", p.list.total, len(p.list.pages))
	}
	if !strings.Contains(plain(p), "session number 1199") {
		t.Fatalf("the newest is not first:\n%s", plain(p))
	}
	d.key("end")
	d.settle()
	if !strings.Contains(plain(p), "session number 0") || len(p.list.pages) > 4 {
		t.Fatalf("end (%d pages):\n%s", len(p.list.pages), plain(p))
	}
	for range 10 {
		d.key("pgup")
	}
	d.key("home")
	d.settle()
	if !strings.Contains(plain(p), "session number 1199") || !strings.Contains(plain(p), "1,200 sessions") {
		t.Fatalf("back at the top:\n%s", plain(p))
	}
}

// Pages far from the view are forgotten, the least recently drawn first.
func TestPagesAreEvicted(t *testing.T) {
	var l listState
	l.reset()
	for i := range 40 {
		l.pages[i] = &listPage{used: i}
	}
	l.evict(0, 1)
	if len(l.pages) != maxPages || l.pages[0] == nil || l.pages[1] == nil || l.pages[39] == nil || l.pages[2] != nil {
		t.Fatalf("kept %d pages: %v", len(l.pages), l.pages)
	}
}

// Narrow screens show the preview instead of the list with tab.
func TestNarrowPreview(t *testing.T) {
	p, d := seeded(t, 60, 24, "")
	d.settle()
	if strings.Contains(plain(p), "Latest messages") {
		t.Fatal("a 60-column pane shows the preview beside the list")
	}
	d.key("down")
	d.key("down")
	d.key("tab")
	d.settle()
	checkWidth(t, p)
	uitest.Golden(t, "preview_60", plain(p))
}

func TestAsYouType(t *testing.T) {
	for in, want := range map[string]string{
		"kube":            "kube*",
		"kube ":           "kube ",
		"deploy kube":     "deploy kube*",
		`"connection ref`: `"connection ref`,
		"source:cron":     "source:cron",
		"k":               "k",
		"deploy OR":       "deploy OR",
		"-kube":           "-kube",
		"ku":              "ku",
		"東京":              "東京",
		"東京タワ":            "東京タワ*",
	} {
		if got := asYouType(in); got != want {
			t.Errorf("asYouType(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWrapMarked(t *testing.T) {
	lines := wrapMarked("…the «rollout» failed with connection refused from the «xylophone» sidecar and more words after it", 30, 2)
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	var got []string
	for _, l := range lines {
		var b strings.Builder
		for _, r := range l {
			if r.marked {
				b.WriteString("[" + r.text + "]")
			} else {
				b.WriteString(r.text)
			}
		}
		got = append(got, b.String())
	}
	if got[0] != "…the [rollout] failed with" || got[1] != "connection refused from the…" {
		t.Fatalf("%q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Tiny windows get exactly their size, whatever is shown.
func TestTinyWindows(t *testing.T) {
	p, d := seeded(t, 100, 20, "")
	d.settle()
	for _, size := range [][2]int{{10, 3}, {30, 5}, {1, 1}, {45, 8}, {119, 12}, {120, 12}} {
		p.SetSize(size[0], size[1])
		checkWidth(t, p)
		d.typeText("xy")
		d.settle()
		checkWidth(t, p)
		d.key("ctrl+u")
		d.settle()
	}
}
