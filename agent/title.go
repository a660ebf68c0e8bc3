package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// Titles: a session gets one after its first exchange, from a short model
// call through the session's own provider; if that fails or says nothing
// usable, the start of the first user message is the title. A title a
// person set (/title) is never replaced.

const (
	// MaxTitleRunes is the longest title kept; longer ones are cut at a
	// word.
	MaxTitleRunes = 80
	// fallbackTitleRunes is how much of the first user message a
	// fallback title keeps.
	fallbackTitleRunes = 50
	// titleInputRunes bounds what the title call is shown of the
	// exchange: the gist is at the start.
	titleInputRunes = 1500
	// titleMaxTokens leaves room for a short title, and for a few
	// words of preamble that cleanTitle strips.
	titleMaxTokens = 48
)

const titleSystem = `You name conversations. Reply with a title for the conversation below and nothing else: ` +
	`3 to 7 words, in the conversation's language, naming its subject. No quotes, no trailing period.`

// AutoTitle gives the session a title from its first exchange if it has
// none, and returns the session's title. It asks the session's model (one
// short call, its usage added to the session) and falls back to the start
// of the first user message when the call fails or ctx ends; so it returns
// an error only when the title cannot be stored. A session without a user
// message yet keeps no title (""). Call it after the first turn; calling it
// again is cheap (no model call once titled).
func (s *Session) AutoTitle(ctx context.Context) (string, error) {
	id := s.ID()
	st := s.agent.Store
	// The store writes must happen even when ctx was cancelled during the
	// model call: the fallback is still a title.
	wctx := context.WithoutCancel(ctx)
	rec, err := st.Session(wctx, id)
	if err != nil {
		return "", err
	}
	if rec.Title != "" {
		return rec.Title, nil
	}
	user, answer := firstExchange(s.History())
	if strings.TrimSpace(user) == "" {
		return "", nil
	}
	var (
		title string
		usage llm.Usage
	)
	if s.failedOver(wctx, id) {
		err = errors.New("the provider failed over in this session")
	} else {
		title, usage, err = s.generateTitle(ctx, user, answer)
	}
	if err != nil || title == "" {
		s.agent.logger().Debug("title: falling back to the first user message", "session", id, "error", err)
		title = FallbackTitle(user)
	}
	if title == "" {
		return "", nil
	}
	if usage != (llm.Usage{}) {
		if err := st.AddUsage(wctx, id, store.Usage{
			InputTokens: usage.InputTokens, OutputTokens: usage.OutputTokens,
			CacheReadTokens: usage.CacheReadTokens, CacheWriteTokens: usage.CacheWriteTokens,
			ReasoningTokens: usage.ReasoningTokens,
		}, 0); err != nil {
			return "", err
		}
	}
	set, err := st.SetTitleIfEmpty(wctx, id, title)
	if err != nil {
		return "", err
	}
	if !set {
		// Someone set a title meanwhile (/title in another front end).
		if rec, err = st.Session(wctx, id); err != nil {
			return "", err
		}
		return rec.Title, nil
	}
	return title, nil
}

// TitleFromFirstMessage gives the session a title made from the start of
// its first user message if it has none, without a model call (for runs
// where another request is not worth its cost or delay), and returns the
// session's title.
func (s *Session) TitleFromFirstMessage(ctx context.Context) (string, error) {
	id := s.ID()
	st := s.agent.Store
	rec, err := st.Session(ctx, id)
	if err != nil || rec.Title != "" {
		return rec.Title, err
	}
	user, _ := firstExchange(s.History())
	title := FallbackTitle(user)
	if title == "" {
		return "", nil
	}
	if set, err := st.SetTitleIfEmpty(ctx, id, title); err != nil || set {
		return title, err
	}
	rec, err = st.Session(ctx, id)
	if err != nil {
		return "", err
	}
	return rec.Title, nil
}

// SetTitle sets the session's title (the /title command), cleaned to one
// line of at most MaxTitleRunes, and returns what was stored.
func (s *Session) SetTitle(ctx context.Context, title string) (string, error) {
	title = clipTitle(strings.Join(strings.Fields(title), " "), MaxTitleRunes)
	if title == "" {
		return "", errors.New("no title given: say what to call the session, e.g. /title Fix the flaky payments test")
	}
	if err := s.agent.Store.UpdateSession(ctx, s.ID(), store.SessionUpdate{Title: &title}); err != nil {
		return "", err
	}
	return title, nil
}

// failedOver reports that a turn of the session had to leave the provider
// for a fallback (the "fallback" event failover records): asking the
// failing provider for a title would only fail again.
func (s *Session) failedOver(ctx context.Context, id string) bool {
	evs, err := s.agent.Store.Events(ctx, id)
	if err != nil {
		return false
	}
	for _, e := range evs {
		if e.Kind == "fallback" {
			return true
		}
	}
	return false
}

// firstExchange returns the first user message and the assistant's first
// text answer after it.
func firstExchange(history []llm.Message) (user, answer string) {
	for _, m := range history {
		switch {
		case user == "" && m.Role == llm.RoleUser:
			user = m.Content
		case user != "" && m.Role == llm.RoleAssistant && strings.TrimSpace(m.Content) != "":
			return user, m.Content
		}
	}
	return user, ""
}

// generateTitle asks the model for a title.
func (s *Session) generateTitle(ctx context.Context, user, answer string) (string, llm.Usage, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "User: %s\n", clipTitle(user, titleInputRunes))
	if answer != "" {
		fmt.Fprintf(&b, "\nAssistant: %s\n", clipTitle(answer, titleInputRunes))
	}
	req := llm.Request{
		Model:     s.Model(),
		System:    titleSystem,
		Messages:  []llm.Message{{Role: llm.RoleUser, Content: b.String()}},
		MaxTokens: titleMaxTokens,
	}
	var (
		text  strings.Builder
		usage llm.Usage
	)
	for part, err := range s.agent.Provider.Stream(ctx, req) {
		if err != nil {
			return "", usage, err
		}
		switch part.Kind {
		case llm.PartText:
			text.WriteString(part.Text)
		case llm.PartUsage:
			usage.Add(part.Usage)
		}
	}
	return cleanTitle(text.String()), usage, nil
}

// cleanTitle turns what a model answered into a title: the first line with
// text, without Markdown, quotes, a "Title:" label or a final period.
func cleanTitle(s string) string {
	for line := range strings.SplitSeq(s, "\n") {
		line = strings.TrimSpace(line)
		line = strings.TrimLeft(line, "#*_>-` ")
		if lower := strings.ToLower(line); strings.HasPrefix(lower, "title:") {
			line = line[len("title:"):]
		}
		line = strings.NewReplacer("`", "", "**", "").Replace(line)
		line = strings.Trim(line, " \t*_\"'“”‘’«»「」")
		line = strings.TrimRight(line, ".。")
		line = strings.Join(strings.Fields(line), " ")
		if line != "" {
			return clipTitle(line, MaxTitleRunes)
		}
	}
	return ""
}

// FallbackTitle makes a title from the first user message: its first line,
// cut at a word to about fallbackTitleRunes characters.
func FallbackTitle(user string) string {
	line := ""
	for l := range strings.SplitSeq(user, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			line = l
			break
		}
	}
	line = strings.TrimRightFunc(line, func(r rune) bool { return unicode.IsPunct(r) && r != '?' && r != ')' })
	return clipTitle(line, fallbackTitleRunes)
}

// clipTitle cuts s to at most n runes, at a space when one is near the
// cut, marking the cut with an ellipsis.
func clipTitle(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	cut := string(runes[:n-1])
	// Back up to the last space unless the cut already ends a word.
	if !unicode.IsSpace(runes[n-1]) {
		if i := strings.LastIndexByte(cut, ' '); i >= len(cut)*2/3 {
			cut = cut[:i]
		}
	}
	return strings.TrimRightFunc(cut, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }) + "…"
}
