package store

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// seedSearch stores a small conversation and returns its messages.
func seedSearch(t *testing.T, s *Store) (*Session, []*Message) {
	t.Helper()
	sess := newSession(t, s)
	msgs := []*Message{
		{SessionID: sess.ID, Role: "user", Content: "Why does the Kubernetes deployment crash on startup?"},
		{SessionID: sess.ID, Role: "assistant", Content: "Let me look at the logs.", ToolCalls: []ToolCall{
			{ID: "c1", Name: "terminal", Arguments: `{"command":"kubectl logs pod/webserver-7f9 --previous"}`},
		}},
		{SessionID: sess.ID, Role: "tool", ToolCallID: "c1", ToolName: "terminal", Content: "panic: nil map assignment in handler.go:42"},
		{SessionID: sess.ID, Role: "assistant", Content: "The café handler writes to a nil map; initialise it in NewHandler."},
		{SessionID: sess.ID, Role: "user", Content: "東京の天気はどうですか"},
	}
	for _, m := range msgs {
		m.Complete = true
	}
	if err := s.AppendMessages(context.Background(), msgs); err != nil {
		t.Fatal(err)
	}
	return sess, msgs
}

func searchIDs(t *testing.T, s *Store, q string, opts SearchOptions) []int64 {
	t.Helper()
	hits, err := s.Search(context.Background(), q, opts)
	if err != nil {
		t.Fatalf("Search(%q): %v", q, err)
	}
	var ids []int64
	for _, h := range hits {
		ids = append(ids, h.MessageID)
	}
	return ids
}

func TestSearchFindsContentToolNamesAndArguments(t *testing.T) {
	s := openTest(t)
	sess, m := seedSearch(t, s)

	cases := []struct {
		query string
		want  []int64
	}{
		{"kubernetes", []int64{m[0].ID}},           // content, case-folded
		{"webserver", []int64{m[1].ID}},            // tool argument text only
		{"kubectl previous", []int64{m[1].ID}},     // several argument words
		{"terminal", []int64{m[2].ID, m[1].ID}},    // tool_name column (weighted) and call name
		{"cafe", []int64{m[3].ID}},                 // diacritics removed
		{`"nil map"`, []int64{m[2].ID, m[3].ID}},   // phrase
		{`"map nil"`, nil},                         // phrase order matters
		{"deploy*", []int64{m[0].ID}},              // prefix
		{"handler nil", []int64{m[2].ID, m[3].ID}}, // AND
		{"kubernetes OR webserver", []int64{m[1].ID, m[0].ID}},
		{"nil -café", []int64{m[2].ID}},     // exclusion
		{"nil NOT panic", []int64{m[3].ID}}, // NOT
		{"東京の天気はどうですか", []int64{m[4].ID}},   // CJK run is one token
		{"nothingmatchesthis", nil},
	}
	for _, c := range cases {
		got := searchIDs(t, s, c.query, SearchOptions{})
		if !sameSet(got, c.want) {
			t.Errorf("Search(%q) = %v, want %v", c.query, got, c.want)
		}
	}

	hits, err := s.Search(context.Background(), "kubernetes", SearchOptions{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("Search: %v %v", hits, err)
	}
	h := hits[0]
	if h.SessionID != sess.ID || h.Role != "user" || h.CreatedAt.IsZero() || h.Rank >= 0 {
		t.Errorf("hit = %+v", h)
	}
	if !strings.Contains(h.Snippet, SnippetOpen+"Kubernetes"+SnippetClose) {
		t.Errorf("snippet %q does not mark the match", h.Snippet)
	}
}

func TestSearchFilters(t *testing.T) {
	s := openTest(t)
	a, am := seedSearch(t, s)
	_, bm := seedSearch(t, s)

	if got := searchIDs(t, s, "nil", SearchOptions{SessionID: a.ID}); !sameSet(got, []int64{am[2].ID, am[3].ID}) {
		t.Errorf("session filter: %v", got)
	}
	if got := searchIDs(t, s, "nil", SearchOptions{Roles: []string{"tool"}}); !sameSet(got, []int64{am[2].ID, bm[2].ID}) {
		t.Errorf("role filter: %v", got)
	}
	if got := searchIDs(t, s, "nil", SearchOptions{Roles: []string{"tool", "assistant"}, SessionID: a.ID}); !sameSet(got, []int64{am[2].ID, am[3].ID}) {
		t.Errorf("roles and session: %v", got)
	}
	if got := searchIDs(t, s, "nil", SearchOptions{Limit: 1}); len(got) != 1 {
		t.Errorf("limit 1 gave %d hits", len(got))
	}
}

func TestSearchRanksByRelevanceThenRecency(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	weak := &Message{SessionID: sess.ID, Role: "user", Content: "gopher " + strings.Repeat("filler words here ", 30)}
	strong := &Message{SessionID: sess.ID, Role: "user", Content: "gopher gopher gopher"}
	old := &Message{SessionID: sess.ID, Role: "user", Content: "twin text"}
	recent := &Message{SessionID: sess.ID, Role: "user", Content: "twin text"}
	if err := s.AppendMessages(ctx, []*Message{strong, weak, old, recent}); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, s, "gopher", SearchOptions{}); len(got) != 2 || got[0] != strong.ID {
		t.Errorf("gopher: %v, want %d first", got, strong.ID)
	}
	if got := searchIDs(t, s, "twin", SearchOptions{}); len(got) != 2 || got[0] != recent.ID {
		t.Errorf("equal scores: %v, want the newer %d first", got, recent.ID)
	}
}

func TestSearchIndexFollowsUpdatesAndDeletes(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)

	d, err := s.Draft(ctx, &Message{SessionID: sess.ID, Role: "assistant", Content: "aardvark"})
	if err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, s, "aardvark", SearchOptions{}); !sameSet(got, []int64{d.ID()}) {
		t.Errorf("draft start not indexed: %v", got)
	}
	final := &Message{Content: "bonobo", ToolCalls: []ToolCall{{ID: "x", Name: "write_file", Arguments: `{"path":"capybara.txt"}`}}}
	if err := d.Commit(ctx, final); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, s, "aardvark", SearchOptions{}); len(got) != 0 {
		t.Errorf("old content still found: %v", got)
	}
	for _, q := range []string{"bonobo", "capybara", "write_file"} {
		if got := searchIDs(t, s, q, SearchOptions{}); !sameSet(got, []int64{d.ID()}) {
			t.Errorf("%s after commit: %v", q, got)
		}
	}
	ftsIntegrity(t, s)

	// Deleting the session's messages empties the index too.
	if _, err := s.DeleteMessagesAfter(ctx, sess.ID, 0); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, s, "bonobo OR capybara", SearchOptions{}); len(got) != 0 {
		t.Errorf("deleted message still found: %v", got)
	}
	ftsIntegrity(t, s)

	// So does deleting a session (messages cascade).
	m := &Message{SessionID: sess.ID, Role: "user", Content: "dugong"}
	if err := s.AppendMessage(ctx, m); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(`DELETE FROM sessions WHERE id = ?`, sess.ID); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, s, "dugong", SearchOptions{}); len(got) != 0 {
		t.Errorf("message of a deleted session still found: %v", got)
	}
	ftsIntegrity(t, s)
}

// TestSearchNeverLeaksSyntaxErrors feeds the kind of text people type (and
// FTS5 would reject) and requires either results or ErrEmptyQuery.
func TestSearchNeverLeaksSyntaxErrors(t *testing.T) {
	s := openTest(t)
	_, m := seedSearch(t, s)

	queries := []string{
		`"unbalanced`, `AND`, `OR`, `NOT`, `-`, `--`, `foo OR`, `OR foo`, `*`, `**`, `a*b`,
		`NOT foo`, `foo NOT`, `foo AND AND bar`, `(nil`, `nil)`, `{nil}`, `nil:map`, `col:nil`,
		`^nil`, `nil + map`, `NEAR(nil map)`, `"nil" "`, `""`, `" "`, `'`, `\`, `nil\"`,
		`😀`, `🔥 nil`, `東京`, `天気`, `ä`, "\x00", "nil\x00map", `-"nil map"`, `- "nil map"`,
		`nil -`, `title:x OR`, `a OR OR b`, `"nil"*`, `*nil`, `nil***`, "\t\n", ``,
		"\xff\xfe", "nil\xffmap", "\u200b", "\u202e", "\ufeff",
		`%`, `_`, `?`, `;DROP TABLE messages;--`,
	}
	for _, q := range queries {
		hits, err := s.Search(context.Background(), q, SearchOptions{})
		if err != nil && !errors.Is(err, ErrEmptyQuery) {
			t.Errorf("Search(%q) = %v: want results or ErrEmptyQuery", q, err)
		}
		if err != nil && !strings.Contains(err.Error(), "nothing to search for") {
			t.Errorf("Search(%q) error %q is not clear", q, err)
		}
		_ = hits
	}

	// Long queries must not hit FTS5's expression depth limit (256).
	for _, q := range []string{
		strings.Repeat("nil ", 300),
		strings.Repeat("nil OR ", 300) + "map",
		"nil " + strings.Repeat("-zz NOT yy ", 150),
		strings.Repeat(`"nil map" `, 300),
	} {
		if _, err := s.Search(context.Background(), q, SearchOptions{}); err != nil {
			t.Errorf("Search(%d-byte query): %v", len(q), err)
		}
	}

	// Literal meaning where it matters.
	for q, want := range map[string][]int64{
		`"nil map`:              {m[2].ID, m[3].ID}, // unbalanced quote = phrase to the end
		`🔥 nil`:                 {m[2].ID, m[3].ID}, // emoji dropped
		`handler.go`:            {m[2].ID},          // punctuation splits like the index does
		`-"nil map" kubernetes`: {m[0].ID},
		`AND`:                   nil, // the word "and": not in the seed
		`nil OR`:                {m[2].ID, m[3].ID},
	} {
		if got := searchIDs(t, s, q, SearchOptions{}); !sameSet(got, want) {
			t.Errorf("Search(%q) = %v, want %v", q, got, want)
		}
	}
	for _, q := range []string{`*`, `-`, `😀`, ``, `-nil`, `"" ""`} {
		if _, err := s.Search(context.Background(), q, SearchOptions{}); !errors.Is(err, ErrEmptyQuery) {
			t.Errorf("Search(%q) = %v, want ErrEmptyQuery", q, err)
		}
	}
}

func TestFTSQuery(t *testing.T) {
	cases := map[string]string{
		`foo`:                `("foo")`,
		`foo bar`:            `("foo") AND ("bar")`,
		`foo OR bar baz`:     `("foo" OR "bar") AND ("baz")`,
		`"foo bar"* x`:       `("foo bar"*) AND ("x")`,
		`pre*`:               `("pre"*)`,
		`a -b NOT c`:         `("a") NOT ("b" OR "c")`,
		`say "hi`:            `("say") AND ("hi")`,
		`AND OR`:             `("AND") AND ("OR")`,
		`a"b`:                `("a") AND ("b")`,
		`x""y`:               `("x") AND ("y")`,
		`"quo""te"`:          `("quo") AND ("te")`,
		`a OR -b`:            `("a") NOT ("b")`,
		`-"two words" three`: `("three") NOT ("two words")`,
		`he said "x"" y"`:    `("he") AND ("said") AND ("x") AND (" y")`,
	}
	for in, want := range cases {
		got, err := ftsQuery(in)
		if err != nil || got != want {
			t.Errorf("ftsQuery(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func sameSet(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[int64]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		seen[x]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}
