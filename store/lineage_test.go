package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func appendAll(t *testing.T, s *Store, msgs ...*Message) {
	t.Helper()
	for _, m := range msgs {
		m.Complete = true
	}
	if err := s.AppendMessages(context.Background(), msgs); err != nil {
		t.Fatal(err)
	}
}

func TestForkCopiesUpToMessageAndToolAnswers(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	parent := newSession(t, s)
	sys := &Message{SessionID: parent.ID, Role: "system", Content: "prompt"}
	u := &Message{SessionID: parent.ID, Role: "user", Content: "list files", Usage: Usage{InputTokens: 5}}
	a := &Message{SessionID: parent.ID, Role: "assistant", ToolCalls: []ToolCall{{ID: "c1", Name: "terminal", Arguments: `{"command":"ls"}`}, {ID: "c2", Name: "terminal", Arguments: `{"command":"pwd"}`}}}
	t1 := &Message{SessionID: parent.ID, Role: "tool", ToolCallID: "c1", ToolName: "terminal", Content: "a.txt"}
	t2 := &Message{SessionID: parent.ID, Role: "tool", ToolCallID: "c2", ToolName: "terminal", Content: "/home"}
	fin := &Message{SessionID: parent.ID, Role: "assistant", Content: "one file, zebrafish"}
	appendAll(t, s, sys, u, a, t1, t2, fin)

	child, err := s.Fork(ctx, parent.ID, a.ID, ForkOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if child.ParentID != parent.ID || child.Title != "test (fork)" || child.Source != "cli" || child.MessageCount != 5 {
		t.Errorf("child = %+v", child)
	}
	got, err := s.Messages(ctx, child.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := roles(got); r != "system user assistant tool tool" {
		t.Fatalf("forked roles %q", r)
	}
	if got[2].ToolCalls[1].ID != "c2" || got[4].ToolCallID != "c2" || !got[1].CreatedAt.Equal(u.CreatedAt) {
		t.Errorf("copies differ: %+v", got)
	}
	rec, _ := s.Session(ctx, child.ID)
	if rec.MessageCount != 5 || rec.Usage != (Usage{}) {
		t.Errorf("child record %+v", rec)
	}
	// The copies are searchable in the child; the parent keeps its own.
	if ids := searchIDs(t, s, "list files", SearchOptions{}); len(ids) != 2 {
		t.Errorf("list files: %v", ids)
	}
	if ids := searchIDs(t, s, "zebrafish", SearchOptions{SessionID: child.ID}); len(ids) != 0 {
		t.Errorf("message after the cut was copied")
	}
	ftsIntegrity(t, s)

	// Whole session, a message of another session, a missing session.
	all, err := s.Fork(ctx, parent.ID, 0, ForkOptions{Title: "copy", Source: "tui"})
	if err != nil || all.MessageCount != 6 || all.Title != "copy" || all.Source != "tui" {
		t.Errorf("fork all: %+v %v", all, err)
	}
	if _, err := s.Fork(ctx, child.ID, fin.ID, ForkOptions{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("fork at a foreign message: %v", err)
	}
	if _, err := s.Fork(ctx, "nope", 0, ForkOptions{}); !errors.Is(err, ErrNotFound) {
		t.Errorf("fork of a missing session: %v", err)
	}
}

func roles(msgs []Message) string {
	out := ""
	for i, m := range msgs {
		if i > 0 {
			out += " "
		}
		out += m.Role
	}
	return out
}

func TestLineageAndSearchGrouping(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	root := newSession(t, s)
	appendAll(t, s,
		&Message{SessionID: root.ID, Role: "user", Content: "migrate the billing database"},
		&Message{SessionID: root.ID, Role: "assistant", Content: "billing migration plan ready"})
	// A continuation after compression, and a fork of it.
	cont := &Session{Source: "cli", Title: "billing (continued)", ParentID: root.ID}
	if err := s.CreateSession(ctx, cont); err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, &Message{SessionID: cont.ID, Role: "assistant", Content: "billing tables migrated"})
	fork, err := s.Fork(ctx, cont.ID, 0, ForkOptions{Title: "billing experiment"})
	if err != nil {
		t.Fatal(err)
	}
	appendAll(t, s, &Message{SessionID: fork.ID, Role: "user", Content: "try billing rollback"})
	other := newSession(t, s)
	appendAll(t, s, &Message{SessionID: other.ID, Role: "user", Content: "billing invoice question"})

	lin, err := s.Lineage(ctx, fork.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(lin) != 3 || lin[0].ID != root.ID {
		t.Fatalf("lineage = %v", sessionIDs(lin))
	}
	tree := LineageTree(lin)
	if len(tree) != 1 || tree[0].Session.ID != root.ID || len(tree[0].Children) != 1 ||
		tree[0].Children[0].Session.ID != cont.ID || tree[0].Children[0].Children[0].Session.ID != fork.ID {
		t.Errorf("tree shape wrong")
	}
	if r, err := s.LineageRoot(ctx, fork.ID); err != nil || r != root.ID {
		t.Errorf("LineageRoot = %q %v", r, err)
	}

	groups, err := s.SearchSessions(ctx, "billing", SearchOptions{HitsPerGroup: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(groups) != 2 {
		t.Fatalf("%d groups, want 2 (the lineage and the other session)", len(groups))
	}
	var lineage *SessionGroup
	for i := range groups {
		if groups[i].Root.ID == root.ID {
			lineage = &groups[i]
		}
	}
	if lineage == nil {
		t.Fatalf("no group for the lineage root: %+v", groups)
	}
	// root 2, cont 1, fork 2 (a copy of cont's and its own): every hit of
	// the three sessions counts; two are kept.
	if lineage.Matches != 5 || len(lineage.Hits) != 2 || len(lineage.Sessions) < 2 {
		t.Errorf("lineage group: matches %d hits %d sessions %v", lineage.Matches, len(lineage.Hits), sessionIDs(lineage.Sessions))
	}
	for _, h := range lineage.Hits {
		if lineage.Session(h.SessionID) == nil {
			t.Errorf("hit session %s not in the group", h.SessionID)
		}
	}
	// Limit counts groups; Offset pages through them.
	one, err := s.SearchSessions(ctx, "billing", SearchOptions{Limit: 1})
	if err != nil || len(one) != 1 {
		t.Errorf("limit 1: %d %v", len(one), err)
	}
	next, err := s.SearchSessions(ctx, "billing", SearchOptions{Limit: 1, Offset: 1})
	if err != nil || len(next) != 1 || next[0].Root.ID == one[0].Root.ID {
		t.Errorf("offset 1: %+v %v", next, err)
	}

	// Deleting the root: its child becomes the root of what is left.
	if err := s.DeleteSession(ctx, root.ID); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.LineageRoot(ctx, fork.ID); r != cont.ID {
		t.Errorf("root after delete = %s, want %s", r, cont.ID)
	}
	if err := s.DeleteSession(ctx, root.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("second delete: %v", err)
	}
	ftsIntegrity(t, s)
}

func sessionIDs(list []Session) []string {
	var out []string
	for _, s := range list {
		out = append(out, s.ID)
	}
	return out
}

func TestFindSessionsPreviewsAndTitles(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var made []*Session
	for i, src := range []string{"cli", "telegram", "subagent", "cli"} {
		sess := &Session{Source: src, Model: "gpt-4o", StartedAt: base.Add(time.Duration(i) * time.Hour)}
		if err := s.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		made = append(made, sess)
	}
	appendAll(t, s,
		&Message{SessionID: made[0].ID, Role: "system", Content: "sys"},
		&Message{SessionID: made[0].ID, Role: "user", Content: "  how do I\n rotate   logs with logrotate and keep thirty days of them around?"},
		&Message{SessionID: made[1].ID, Role: "assistant", Content: "no user message here"})
	archived := true
	if err := s.UpdateSession(ctx, made[3].ID, SessionUpdate{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	// Archiving (like renaming) is not activity: the session keeps its
	// place in the list. (GORM used to stamp updated_at with Unix seconds.)
	if got, _ := s.Session(ctx, made[3].ID); !got.UpdatedAt.Equal(made[3].UpdatedAt) {
		t.Errorf("UpdateSession moved updated_at from %v to %v", made[3].UpdatedAt, got.UpdatedAt)
	}

	list, err := s.FindSessions(ctx, SessionFilter{})
	if err != nil || len(list) != 2 || list[0].ID == made[2].ID || list[1].ID == made[2].ID {
		t.Fatalf("default list: %v %v", sessionIDs(list), err)
	}
	for f, want := range map[*SessionFilter]int{
		{IncludeHidden: true}:                                               3,
		{IncludeArchived: true, IncludeHidden: true}:                        4,
		{Sources: []string{"subagent"}}:                                     1,
		{Sources: []string{"telegram", "cli"}}:                              2,
		{Model: "GPT"}:                                                      2,
		{Limit: 1, Offset: 1}:                                               1,
		{UpdatedAfter: base.Add(90 * time.Minute), IncludeArchived: true}:   3,
		{UpdatedBefore: base.Add(200 * time.Minute), IncludeArchived: true}: 1,
	} {
		got, err := s.FindSessions(ctx, *f)
		if err != nil || len(got) != want {
			t.Errorf("FindSessions(%+v) = %d sessions %v, want %d", *f, len(got), err, want)
		}
		n, err := s.CountSessions(ctx, SessionFilter{Sources: f.Sources, Model: f.Model, IncludeArchived: f.IncludeArchived,
			IncludeHidden: f.IncludeHidden, UpdatedAfter: f.UpdatedAfter, UpdatedBefore: f.UpdatedBefore})
		if f.Limit == 0 && (err != nil || n != want) {
			t.Errorf("CountSessions(%+v) = %d %v, want %d", *f, n, err, want)
		}
	}

	prev, err := s.Previews(ctx, []string{made[0].ID, made[1].ID, "missing"}, 20)
	if err != nil {
		t.Fatal(err)
	}
	if got := prev[made[0].ID]; got != "how do I rotate log…" {
		t.Errorf("preview %q", got)
	}
	if _, ok := prev[made[1].ID]; ok || len(prev) != 1 {
		t.Errorf("previews %v", prev)
	}

	set, err := s.SetTitleIfEmpty(ctx, made[0].ID, "Log rotation")
	if err != nil || !set {
		t.Fatalf("SetTitleIfEmpty: %v %v", set, err)
	}
	if set, err = s.SetTitleIfEmpty(ctx, made[0].ID, "Other"); err != nil || set {
		t.Errorf("second SetTitleIfEmpty replaced the title: %v %v", set, err)
	}
	if _, err := s.SetTitleIfEmpty(ctx, "missing", "x"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing session: %v", err)
	}
	if got, _ := s.FindSessions(ctx, SessionFilter{Title: "ROTATION"}); len(got) != 1 {
		t.Errorf("title filter: %v", sessionIDs(got))
	}
}

func TestMessagesAroundAndAfter(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	var msgs []*Message
	for range 10 {
		msgs = append(msgs, &Message{SessionID: sess.ID, Role: "user", Content: "x"})
	}
	appendAll(t, s, msgs...)
	around, err := s.MessagesAround(ctx, sess.ID, msgs[5].ID, 2, 3)
	if err != nil || len(around) != 6 || around[0].ID != msgs[3].ID || around[5].ID != msgs[8].ID {
		t.Fatalf("around: %d %v", len(around), err)
	}
	edge, err := s.MessagesAround(ctx, sess.ID, msgs[0].ID, 5, 1)
	if err != nil || len(edge) != 2 {
		t.Errorf("at the start: %d %v", len(edge), err)
	}
	other := newSession(t, s)
	if _, err := s.MessagesAround(ctx, other.ID, msgs[5].ID, 1, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("foreign message: %v", err)
	}
	page, err := s.MessagesAfter(ctx, sess.ID, msgs[7].ID, 5)
	if err != nil || len(page) != 2 || page[0].ID != msgs[8].ID {
		t.Errorf("after: %d %v", len(page), err)
	}
}

func TestPruneAndStats(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	old := time.Now().AddDate(0, 0, -100)
	var olds []*Session
	for _, src := range []string{"cli", "cron", "cron"} {
		sess := &Session{Source: src, Model: "m1", StartedAt: old}
		if err := s.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		appendAll(t, s, &Message{SessionID: sess.ID, Role: "user", Content: "ancient history", CreatedAt: old})
		olds = append(olds, sess)
	}
	fresh := newSession(t, s)
	appendAll(t, s, &Message{SessionID: fresh.ID, Role: "user", Content: "fresh news"}, &Message{SessionID: fresh.ID, Role: "assistant", Content: "ok", Usage: Usage{InputTokens: 10, OutputTokens: 2}})

	st, err := s.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Sessions != 4 || st.Messages != 5 || st.Usage.InputTokens != 10 || st.FileBytes == 0 || st.SchemaVersion != SchemaVersion() {
		t.Errorf("stats %+v", st)
	}
	if len(st.BySource) != 2 || st.BySource[0] != (Count{"cli", 2, 3}) || st.BySource[1] != (Count{"cron", 2, 2}) {
		t.Errorf("by source %+v", st.BySource)
	}
	if !st.Oldest.Equal(old.UTC().Truncate(0)) && st.Oldest.Sub(old).Abs() > time.Millisecond {
		t.Errorf("oldest %v, want %v", st.Oldest, old)
	}

	cutoff := time.Now().AddDate(0, 0, -30)
	dry, err := s.Prune(ctx, PruneOptions{Before: cutoff, Sources: []string{"cron"}, DryRun: true})
	if err != nil || dry != (PruneResult{2, 2}) {
		t.Errorf("dry run %+v %v", dry, err)
	}
	if n, _ := s.CountSessions(ctx, SessionFilter{IncludeArchived: true}); n != 4 {
		t.Errorf("dry run deleted sessions: %d left", n)
	}
	res, err := s.Prune(ctx, PruneOptions{Before: cutoff})
	if err != nil || res != (PruneResult{3, 3}) {
		t.Errorf("prune %+v %v", res, err)
	}
	if ids := searchIDs(t, s, "ancient", SearchOptions{}); len(ids) != 0 {
		t.Errorf("pruned messages still found: %v", ids)
	}
	if _, err := s.Prune(ctx, PruneOptions{}); err == nil {
		t.Error("prune without an age accepted")
	}
	if err := s.Vacuum(ctx); err != nil {
		t.Fatal(err)
	}
	ftsIntegrity(t, s)
}

func TestResolveSessionID(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	for _, id := range []string{"20260131_153000_aaaaaa", "20260131_153000_bbbbbb", "20260201_090000_cccccc"} {
		if err := s.CreateSession(ctx, &Session{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	for ref, want := range map[string]string{
		"20260131_153000_aaaaaa": "20260131_153000_aaaaaa",
		"20260201":               "20260201_090000_cccccc",
		"20260131_153000_b":      "20260131_153000_bbbbbb",
	} {
		if got, err := s.ResolveSessionID(ctx, ref); err != nil || got != want {
			t.Errorf("ResolveSessionID(%q) = %q %v, want %q", ref, got, err, want)
		}
	}
	if _, err := s.ResolveSessionID(ctx, "20260131"); err == nil || !strings.Contains(err.Error(), "several sessions") {
		t.Errorf("ambiguous: %v", err)
	}
	for _, ref := range []string{"2027", "", "%", "_"} {
		if _, err := s.ResolveSessionID(ctx, ref); !errors.Is(err, ErrNotFound) {
			t.Errorf("ResolveSessionID(%q) = %v, want ErrNotFound", ref, err)
		}
	}
}
