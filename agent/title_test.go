package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/herm-dev/herm/agent"
	"github.com/herm-dev/herm/internal/fakellm"
)

func TestAutoTitleAfterFirstExchange(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	f.srv.Script.Push(
		fakellm.Reply{Text: "Run it with -count=20 and look for the timeout."},
		fakellm.Reply{Text: "Title: \"Fixing the Flaky Payments Test.\"\n", Usage: &fakellm.Usage{InputTokens: 40, OutputTokens: 6}},
	)
	if done := s.Run(ctx, agent.Input{Text: "the payments test is flaky on CI, why?"}, func(agent.Event) {}); done.Err != nil {
		t.Fatal(done.Err)
	}
	title, err := s.AutoTitle(ctx)
	if err != nil || title != "Fixing the Flaky Payments Test" {
		t.Fatalf("AutoTitle = %q, %v", title, err)
	}
	reqs := f.srv.Script.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	tr := reqs[1]
	if len(tr.Tools) != 0 || !strings.Contains(tr.System, "title") || len(tr.Messages) != 1 ||
		!strings.Contains(tr.Messages[0].Content, "User: the payments test is flaky on CI, why?") ||
		!strings.Contains(tr.Messages[0].Content, "Assistant: Run it with -count=20") {
		t.Errorf("title request: %+v", tr)
	}
	rec, err := f.store.Session(ctx, s.ID())
	if err != nil || rec.Title != title || rec.Usage.InputTokens < 40 {
		t.Errorf("stored session %+v %v", rec, err)
	}
	// Titled: no second call.
	if again, err := s.AutoTitle(ctx); err != nil || again != title || len(f.srv.Script.Requests()) != 2 {
		t.Errorf("second AutoTitle = %q %v, %d requests", again, err, len(f.srv.Script.Requests()))
	}
}

func TestAutoTitleFallsBackToTheFirstMessage(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	f.srv.Script.Push(
		fakellm.Reply{Text: "Sure."},
		fakellm.Reply{Status: 500, ErrorBody: `{"error":{"message":"boom"}}`},
	)
	s.Run(ctx, agent.Input{Text: "\n  Please rotate the nginx logs every night and keep two weeks of them.\nThanks!"}, func(agent.Event) {})
	title, err := s.AutoTitle(ctx)
	if err != nil || title != "Please rotate the nginx logs every night and keep…" {
		t.Fatalf("fallback title %q, %v", title, err)
	}

	// An empty answer falls back too; a cancelled call still stores one.
	s2 := f.session(t)
	f.srv.Script.Push(fakellm.Reply{Text: "ok"}, fakellm.Reply{Text: "  \n\"\"  "})
	s2.Run(ctx, agent.Input{Text: "short question?"}, func(agent.Event) {})
	if title, _ := s2.AutoTitle(ctx); title != "short question?" {
		t.Errorf("empty model title: fallback %q", title)
	}
	s3 := f.session(t)
	f.srv.Script.Push(fakellm.Reply{Text: "ok"})
	s3.Run(ctx, agent.Input{Text: "cancel me"}, func(agent.Event) {})
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if title, err := s3.AutoTitle(cctx); err != nil || title != "cancel me" {
		t.Errorf("cancelled: %q %v", title, err)
	}
}

func TestSetTitleWinsOverAutoTitle(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	if title, err := s.AutoTitle(ctx); err != nil || title != "" {
		t.Errorf("no user message yet: %q %v", title, err)
	}
	if _, err := s.SetTitle(ctx, "   "); err == nil {
		t.Error("empty title accepted")
	}
	got, err := s.SetTitle(ctx, "  My\n  own   title ")
	if err != nil || got != "My own title" {
		t.Fatalf("SetTitle = %q %v", got, err)
	}
	f.srv.Script.Push(fakellm.Reply{Text: "hello"})
	s.Run(ctx, agent.Input{Text: "hi"}, func(agent.Event) {})
	before := len(f.srv.Script.Requests())
	if title, err := s.AutoTitle(ctx); err != nil || title != "My own title" || len(f.srv.Script.Requests()) != before {
		t.Errorf("AutoTitle replaced or re-asked: %q %v", title, err)
	}
	long := strings.Repeat("word ", 40)
	if got, _ := s.SetTitle(ctx, long); len([]rune(got)) > agent.MaxTitleRunes || !strings.HasSuffix(got, "…") {
		t.Errorf("long title %q", got)
	}
}

func TestFallbackTitle(t *testing.T) {
	for in, want := range map[string]string{
		"fix the build":                   "fix the build",
		"fix the build.":                  "fix the build",
		"what is this?":                   "what is this?",
		"\n\n   spaced    out   \nsecond": "spaced out",
		"":                                "",
		strings.Repeat("a", 80):           strings.Repeat("a", 49) + "…",
		"東京の天気はどうですか。明日も晴れますか。天気予報を教えてください。東京の天気はどうですか。明日も晴れますか。": "東京の天気はどうですか。明日も晴れますか。天気予報を教えてください。東京の天気はどうですか。明日も…",
	} {
		if got := agent.FallbackTitle(in); got != want {
			t.Errorf("FallbackTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTitleFromFirstMessageAsksNoModel(t *testing.T) {
	f := newFixture(t)
	s := f.session(t)
	ctx := context.Background()
	if title, err := s.TitleFromFirstMessage(ctx); err != nil || title != "" {
		t.Errorf("before any message: %q %v", title, err)
	}
	f.srv.Script.Push(fakellm.Reply{Text: "done"})
	s.Run(ctx, agent.Input{Text: "deploy the billing service to staging."}, func(agent.Event) {})
	title, err := s.TitleFromFirstMessage(ctx)
	if err != nil || title != "deploy the billing service to staging" || len(f.srv.Script.Requests()) != 1 {
		t.Errorf("title %q %v, %d requests", title, err, len(f.srv.Script.Requests()))
	}
	if again, _ := s.AutoTitle(ctx); again != title || len(f.srv.Script.Requests()) != 1 {
		t.Errorf("AutoTitle after: %q", again)
	}
}
