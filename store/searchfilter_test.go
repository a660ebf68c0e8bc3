package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// seedFiltered stores three sessions with different sources, models and
// times, all mentioning "deploy".
func seedFiltered(t *testing.T, s *Store) (cli, tg, sub *Session, msgs map[string]*Message) {
	t.Helper()
	ctx := context.Background()
	day := func(d int) time.Time { return time.Date(2026, 3, d, 12, 0, 0, 0, time.Local) }
	mk := func(src, model string) *Session {
		sess := &Session{Source: src, Model: model, Title: src + " chat", StartedAt: day(1)}
		if err := s.CreateSession(ctx, sess); err != nil {
			t.Fatal(err)
		}
		return sess
	}
	cli, tg, sub = mk("cli", "gpt-4o-mini"), mk("telegram", "claude-sonnet-4"), mk("subagent", "gpt-4o-mini")
	msgs = map[string]*Message{
		"cli-user":   {SessionID: cli.ID, Role: "user", Content: "please deploy the staging server", CreatedAt: day(2)},
		"cli-asst":   {SessionID: cli.ID, Role: "assistant", Content: "deploy started on staging", CreatedAt: day(3)},
		"tg-user":    {SessionID: tg.ID, Role: "user", Content: "deploy production tonight", CreatedAt: day(10)},
		"tg-tool":    {SessionID: tg.ID, Role: "tool", ToolName: "terminal", ToolCallID: "c1", Content: "deploy ok", CreatedAt: day(11)},
		"sub-asst":   {SessionID: sub.ID, Role: "assistant", Content: "subtask deploy notes", CreatedAt: day(12)},
		"cli-kanji":  {SessionID: cli.ID, Role: "user", Content: "東京の天気はどうですか", CreatedAt: day(13)},
		"cli-substr": {SessionID: cli.ID, Role: "assistant", Content: "the configuration file is broken", CreatedAt: day(14)},
	}
	for _, k := range []string{"cli-user", "cli-asst", "tg-user", "tg-tool", "sub-asst", "cli-kanji", "cli-substr"} {
		msgs[k].Complete = true
		if err := s.AppendMessage(ctx, msgs[k]); err != nil {
			t.Fatal(err)
		}
	}
	return cli, tg, sub, msgs
}

func TestSearchQueryFilters(t *testing.T) {
	s := openTest(t)
	_, tg, sub, m := seedFiltered(t, s)
	now := time.Date(2026, 3, 20, 12, 0, 0, 0, time.Local)
	ids := func(keys ...string) []int64 {
		var out []int64
		for _, k := range keys {
			out = append(out, m[k].ID)
		}
		return out
	}
	cases := []struct {
		query string
		opts  SearchOptions
		want  []int64
	}{
		// Hidden (subagent) sessions are left out unless asked for.
		{"deploy", SearchOptions{}, ids("cli-user", "cli-asst", "tg-user", "tg-tool")},
		{"deploy", SearchOptions{IncludeHidden: true}, ids("cli-user", "cli-asst", "tg-user", "tg-tool", "sub-asst")},
		{"deploy source:subagent", SearchOptions{}, ids("sub-asst")},
		{"deploy session:" + sub.ID, SearchOptions{}, ids("sub-asst")},
		{"deploy source:telegram", SearchOptions{}, ids("tg-user", "tg-tool")},
		{"deploy Source:CLI", SearchOptions{}, ids("cli-user", "cli-asst")},
		{"deploy source:cli source:telegram", SearchOptions{}, ids("cli-user", "cli-asst", "tg-user", "tg-tool")},
		{"deploy -source:cli", SearchOptions{}, ids("tg-user", "tg-tool")},
		{"deploy NOT source:cli", SearchOptions{}, ids("tg-user", "tg-tool")},
		{"deploy model:claude", SearchOptions{}, ids("tg-user", "tg-tool")},
		{`deploy model:"GPT-4o"`, SearchOptions{}, ids("cli-user", "cli-asst")},
		{"deploy -model:gpt", SearchOptions{}, ids("tg-user", "tg-tool")},
		{"deploy role:user", SearchOptions{}, ids("cli-user", "tg-user")},
		{"deploy role:tool role:assistant", SearchOptions{}, ids("cli-asst", "tg-tool")},
		{"deploy -role:user", SearchOptions{}, ids("cli-asst", "tg-tool")},
		{"deploy after:2026-03-10", SearchOptions{Now: now}, ids("tg-user", "tg-tool")},
		{"deploy before:2026-03-03", SearchOptions{Now: now}, ids("cli-user")},
		{"deploy after:2026-03-02 before:2026-03-11", SearchOptions{Now: now}, ids("cli-user", "cli-asst", "tg-user")},
		{"deploy after:14d", SearchOptions{Now: now}, ids("tg-user", "tg-tool")},
		{"deploy before:2w", SearchOptions{Now: now}, ids("cli-user", "cli-asst")},
		{"deploy", SearchOptions{Sources: []string{"telegram"}, Roles: []string{"user"}}, ids("tg-user")},
		{"deploy", SearchOptions{Models: []string{"sonnet"}}, ids("tg-user", "tg-tool")},
		{"deploy", SearchOptions{After: time.Date(2026, 3, 11, 0, 0, 0, 0, time.Local)}, ids("tg-tool")},
		{"deploy", SearchOptions{ExcludeSessions: []string{tg.ID}}, ids("cli-user", "cli-asst")},
		// A filter-looking word that is not a filter is text.
		{"title:deploy", SearchOptions{}, nil},
	}
	for _, c := range cases {
		if got := searchIDs(t, s, c.query, c.opts); !sameSet(got, c.want) {
			t.Errorf("Search(%q, %+v) = %v, want %v", c.query, c.opts, got, c.want)
		}
	}
}

func TestSearchLeavesSystemPromptsOut(t *testing.T) {
	s := openTest(t)
	sess := newSession(t, s)
	sys := &Message{SessionID: sess.ID, Role: "system", Content: "You are herm; the project uses bazel."}
	user := &Message{SessionID: sess.ID, Role: "user", Content: "why is bazel slow?"}
	appendAll(t, s, sys, user)
	if got := searchIDs(t, s, "bazel", SearchOptions{}); !sameSet(got, []int64{user.ID}) {
		t.Errorf("bazel = %v, want only the user message", got)
	}
	if got := searchIDs(t, s, "bazel role:system", SearchOptions{}); !sameSet(got, []int64{sys.ID}) {
		t.Errorf("role:system = %v", got)
	}
	if got := searchIDs(t, s, "project", SearchOptions{Substring: true, Roles: []string{"system", "user"}}); !sameSet(got, []int64{sys.ID}) {
		t.Errorf("substring with roles = %v", got)
	}
}

func TestSearchBadFiltersAreExplained(t *testing.T) {
	s := openTest(t)
	seedFiltered(t, s)
	for q, want := range map[string]string{
		"deploy before:someday":   "2026-01-31",
		"deploy after:":           "needs a value",
		"deploy role:robot":       "role:user",
		"deploy -before:7d":       "cannot be negated",
		`deploy after:"7 days"`:   "age like",
		"deploy before:2026-13-1": "not a date",
	} {
		_, err := s.Search(context.Background(), q, SearchOptions{})
		if !errors.Is(err, ErrBadFilter) || !strings.Contains(err.Error(), want) {
			t.Errorf("Search(%q) = %v, want ErrBadFilter mentioning %q", q, err, want)
		}
	}
	// Only filters: nothing to look for.
	if _, err := s.Search(context.Background(), "source:cli after:7d", SearchOptions{}); !errors.Is(err, ErrEmptyQuery) {
		t.Errorf("filters only: %v, want ErrEmptyQuery", err)
	}
}

func TestSearchSubstringFallback(t *testing.T) {
	s := openTest(t)
	_, _, _, m := seedFiltered(t, s)
	// A word inside a Japanese run is found by substring and marked.
	hits, err := s.Search(context.Background(), "天気", SearchOptions{})
	if err != nil || len(hits) != 1 || hits[0].MessageID != m["cli-kanji"].ID {
		t.Fatalf("天気: %+v %v", hits, err)
	}
	if want := "東京の" + SnippetOpen + "天気" + SnippetClose + "はどうですか"; hits[0].Snippet != want {
		t.Errorf("snippet %q, want %q", hits[0].Snippet, want)
	}
	// Mixed with an indexed word: the index narrows, the substring checks.
	if got := searchIDs(t, s, "staging 東京", SearchOptions{}); len(got) != 0 {
		t.Errorf("staging 東京 = %v, want none", got)
	}
	if got := searchIDs(t, s, "deploy -天気", SearchOptions{}); len(got) != 4 {
		t.Errorf("deploy -天気 = %v, want the 4 deploy messages", got)
	}
	// An OR across both kinds scans.
	if got := searchIDs(t, s, "production OR 天気", SearchOptions{}); !sameSet(got, []int64{m["tg-user"].ID, m["cli-kanji"].ID}) {
		t.Errorf("production OR 天気 = %v", got)
	}
	// Inside a Latin word only with Substring.
	if got := searchIDs(t, s, "figur", SearchOptions{}); len(got) != 0 {
		t.Errorf("figur without substring = %v", got)
	}
	hits, err = s.Search(context.Background(), "FIGUR", SearchOptions{Substring: true})
	if err != nil || len(hits) != 1 || hits[0].MessageID != m["cli-substr"].ID || hits[0].Rank != 0 {
		t.Fatalf("substring: %+v %v", hits, err)
	}
	if !strings.Contains(hits[0].Snippet, "con"+SnippetOpen+"figur"+SnippetClose+"ation") {
		t.Errorf("substring snippet %q", hits[0].Snippet)
	}
	// LIKE wildcards in the query are literal.
	for _, q := range []string{"天%", "天_", `天\`, "%天"} {
		if got := searchIDs(t, s, q, SearchOptions{}); len(got) != 0 {
			t.Errorf("%q matched %v", q, got)
		}
	}
}

func TestSearchSnippetsMarkEveryTerm(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	sess := newSession(t, s)
	long := strings.Repeat("lorem ipsum dolor ", 40) + "the gateway timeout happened again " + strings.Repeat("sit amet ", 40)
	m := &Message{SessionID: sess.ID, Role: "assistant", Content: long, Complete: true}
	if err := s.AppendMessage(ctx, m); err != nil {
		t.Fatal(err)
	}
	hits, err := s.Search(ctx, "gateway timeout", SearchOptions{})
	if err != nil || len(hits) != 1 {
		t.Fatalf("%+v %v", hits, err)
	}
	snip := hits[0].Snippet
	for _, w := range []string{"«gateway»", "«timeout»", "…"} {
		if !strings.Contains(snip, w) {
			t.Errorf("snippet %q lacks %q", snip, w)
		}
	}
	if len([]rune(snip)) > 300 {
		t.Errorf("snippet is %d characters long", len([]rune(snip)))
	}
}

func TestSearchCommonWordRanksNewestCandidates(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	// Seeded through the bulk import: appending 2,500 messages one
	// statement at a time is slow under the race detector.
	var conv Conversation
	for i := range rankCandidates + 500 {
		c := "common filler text"
		if i == rankCandidates+499 {
			c = "common common common"
		}
		conv.Messages = append(conv.Messages, Message{Role: "user", Content: c})
	}
	if _, err := s.ImportConversations(ctx, []Conversation{conv}, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	var last int64
	if err := s.r.QueryRow(`SELECT max(id) FROM messages`).Scan(&last); err != nil {
		t.Fatal(err)
	}
	hits, err := s.Search(ctx, "common", SearchOptions{Limit: 5})
	if err != nil || len(hits) != 5 {
		t.Fatalf("%d hits, %v", len(hits), err)
	}
	if hits[0].MessageID != last {
		t.Errorf("best hit %d, want the strongest match %d", hits[0].MessageID, last)
	}
	// Paging goes on past the first page.
	more, err := s.Search(ctx, "common", SearchOptions{Limit: 5, Offset: 5})
	if err != nil || len(more) != 5 || more[0].MessageID == hits[0].MessageID {
		t.Errorf("second page: %+v %v", more, err)
	}
}

func TestParseWhen(t *testing.T) {
	now := time.Date(2026, 3, 20, 15, 30, 0, 0, time.UTC)
	cases := map[string]time.Time{
		"7d":                        now.AddDate(0, 0, -7),
		"12h":                       now.Add(-12 * time.Hour),
		"30m":                       now.Add(-30 * time.Minute),
		"2w":                        now.AddDate(0, 0, -14),
		"3mo":                       now.AddDate(0, -3, 0),
		"1y":                        now.AddDate(-1, 0, 0),
		"today":                     time.Date(2026, 3, 20, 0, 0, 0, 0, time.UTC),
		"yesterday":                 time.Date(2026, 3, 19, 0, 0, 0, 0, time.UTC),
		"2026-01-31":                time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC),
		"2026-01":                   time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		"2026-01-31T08:15":          time.Date(2026, 1, 31, 8, 15, 0, 0, time.UTC),
		"2026-01-31T08:15:00+02:00": time.Date(2026, 1, 31, 6, 15, 0, 0, time.UTC),
	}
	for in, want := range cases {
		got, err := ParseWhen(in, now)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseWhen(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "soon", "7", "d7", "-3d", "7x", "2026-02-30", "99999999d"} {
		if _, err := ParseWhen(bad, now); err == nil {
			t.Errorf("ParseWhen(%q) accepted", bad)
		}
	}
}

func TestSearchManySubstringWords(t *testing.T) {
	s := openTest(t)
	seedFiltered(t, s)
	// Repeats collapse, so a long query of few words is fine.
	if _, err := s.Search(context.Background(), strings.Repeat("天気 ", 500), SearchOptions{}); err != nil {
		t.Errorf("repeated word: %v", err)
	}
	var words []string
	for i := range 300 {
		words = append(words, fmt.Sprintf("語%d", i))
	}
	_, err := s.Search(context.Background(), strings.Join(words, " "), SearchOptions{})
	if !errors.Is(err, ErrQueryTooLong) || !strings.Contains(err.Error(), "at most 200") {
		t.Errorf("300 words: %v", err)
	}
	_, err = s.Search(context.Background(), "deploy "+strings.Join(words, " "), SearchOptions{Substring: true})
	if !errors.Is(err, ErrQueryTooLong) {
		t.Errorf("300 substring words: %v", err)
	}
}

func TestSearchPrefixUsesTheVocabulary(t *testing.T) {
	s := openTest(t)
	sess := newSession(t, s)
	var msgs []*Message
	for _, c := range []string{"deploy now", "deployed yesterday", "Deployment plan", "deplete stock", "redeploy later", "café crème"} {
		msgs = append(msgs, &Message{SessionID: sess.ID, Role: "user", Content: c})
	}
	appendAll(t, s, msgs...)
	ids := func(idx ...int) []int64 {
		var out []int64
		for _, i := range idx {
			out = append(out, msgs[i].ID)
		}
		return out
	}
	for q, want := range map[string][]int64{
		"deploy*":          ids(0, 1, 2),
		"DEPLOY*":          ids(0, 1, 2),
		"depl*":            ids(0, 1, 2, 3),
		"depl* -deployed":  ids(0, 2, 3),
		"stock -deploy*":   ids(3),
		"plan OR deplete*": ids(2, 3),
		"zzz* OR stock":    ids(3),
		"caf*":             ids(5), // not plain ASCII: FTS5's own prefix
		`"deployment pl"*`: ids(2), // a phrase prefix
	} {
		if got := searchIDs(t, s, q, SearchOptions{}); !sameSet(got, want) {
			t.Errorf("Search(%q) = %v, want %v", q, got, want)
		}
	}
	hits, err := s.Search(context.Background(), "deploy*", SearchOptions{})
	if err != nil || !strings.Contains(hits[0].Snippet+hits[1].Snippet+hits[2].Snippet, "«Deployment»") {
		t.Errorf("expanded prefix not highlighted: %+v %v", hits, err)
	}

	// A prefix matching more than maxPrefixWords words stands for the
	// most frequent ones.
	var many []*Message
	for i := range maxPrefixWords + 10 {
		n := 1
		if i < maxPrefixWords {
			n = 2 // the first 64 words appear twice
		}
		for range n {
			many = append(many, &Message{SessionID: sess.ID, Role: "user", Content: fmt.Sprintf("wordy%03d", i)})
		}
	}
	appendAll(t, s, many...)
	hits, err = s.Search(context.Background(), "wordy*", SearchOptions{Limit: 500})
	if err != nil || len(hits) != 2*maxPrefixWords {
		t.Errorf("wide prefix: %d hits, %v; want the %d messages of the most frequent words", len(hits), err, 2*maxPrefixWords)
	}
}

func TestSearchNewestFirst(t *testing.T) {
	s := openTest(t)
	sess := newSession(t, s)
	strong := &Message{SessionID: sess.ID, Role: "user", Content: "gopher gopher gopher"}
	weak := &Message{SessionID: sess.ID, Role: "user", Content: "gopher " + strings.Repeat("filler ", 30)}
	appendAll(t, s, strong, weak)
	hits, err := s.Search(context.Background(), "gopher", SearchOptions{NewestFirst: true})
	if err != nil || len(hits) != 2 || hits[0].MessageID != weak.ID || hits[0].Rank != 0 || !strings.Contains(hits[0].Snippet, "«gopher»") {
		t.Errorf("newest first: %+v %v", hits, err)
	}
	groups, err := s.SearchSessions(context.Background(), "gopher", SearchOptions{NewestFirst: true})
	if err != nil || len(groups) != 1 || groups[0].Hits[0].MessageID != weak.ID {
		t.Errorf("grouped newest first: %+v %v", groups, err)
	}
}
