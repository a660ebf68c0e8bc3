package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/internal/promptscan"
	"github.com/herm-dev/herm/internal/text"
)

// memoryTool edits MEMORY.md and USER.md (package memory). Every refusal
// says why and what to do, with the current usage and entries when the
// model needs them to decide what to consolidate.
type memoryTool struct{ store *memory.Store }

func (t memoryTool) Spec() Spec {
	return Spec{
		Name: "memory",
		Description: fmt.Sprintf("Save durable knowledge for future sessions. Two small files go into the system prompt of every new session: "+
			"target \"memory\" (MEMORY.md, your notes, %s chars: facts about the environment, project conventions, tool quirks, lessons learned) "+
			"and target \"user\" (USER.md, %s chars: the user's preferences, communication style, habits). "+
			"Save what will still matter in a later session; not task progress (use todo) and not step-by-step procedures (save those as skills). "+
			"Keep entries short and specific, one fact each. action=add needs content; replace needs old_text (a short piece of the entry, "+
			"found in that entry only) and content; remove needs old_text. Writes reach disk at once; this session's prompt keeps the "+
			"snapshot it started with. When a file is full, replace or remove stale entries first.",
			memory.Thousands(t.store.Limit(memory.Agent)), memory.Thousands(t.store.Limit(memory.User))),
		Parameters: []byte(`{
  "type": "object",
  "properties": {
    "action": {"type": "string", "enum": ["add", "replace", "remove"], "description": "add a new entry, replace an entry, or remove one."},
    "target": {"type": "string", "enum": ["memory", "user"], "description": "memory: your notes (MEMORY.md); user: the user's profile (USER.md)."},
    "content": {"type": "string", "description": "The entry's text (add, replace)."},
    "old_text": {"type": "string", "description": "A short piece of the existing entry to replace or remove, found in that entry only."}
  },
  "required": ["action", "target"]
}`),
	}
}

func (memoryTool) Toolset() string { return "memory" }
func (memoryTool) ReadOnly() bool  { return false }

func (t memoryTool) Run(ctx context.Context, call *Call) Result {
	var args struct {
		Action  string  `json:"action"`
		Target  string  `json:"target"`
		Content *string `json:"content"`
		OldText *string `json:"old_text"`
	}
	if err := decodeArgs(call.Args, &args); err != nil {
		return argErrorf("%v", err)
	}
	target := memory.Agent
	if strings.TrimSpace(args.Target) != "" {
		var err error
		if target, err = memory.ParseTarget(args.Target); err != nil {
			return argErrorf("%v", err)
		}
	}
	content, oldText := derefString(args.Content), derefString(args.OldText)
	var (
		ch  memory.Change
		err error
	)
	switch strings.ToLower(strings.TrimSpace(args.Action)) {
	case "add":
		if strings.TrimSpace(content) == "" {
			return missing("content", "the text of the entry to add")
		}
		ch, err = t.store.Add(ctx, target, content)
	case "replace":
		if strings.TrimSpace(oldText) == "" {
			return t.refusal(target, &memory.MatchError{Target: target}, true)
		}
		if strings.TrimSpace(content) == "" {
			return missing("content", "the new text of the entry; to delete an entry use action=remove")
		}
		ch, err = t.store.Replace(ctx, target, oldText, content)
	case "remove":
		if strings.TrimSpace(oldText) == "" {
			return t.refusal(target, &memory.MatchError{Target: target}, true)
		}
		ch, err = t.store.Remove(ctx, target, oldText)
	case "":
		return missing("action", "add, replace or remove")
	default:
		return argErrorf("unknown action %q: use add, replace or remove", args.Action)
	}
	if err != nil {
		return t.refusal(target, err, false)
	}
	f := ch.File
	out := fmt.Sprintf("%s %s now %s (%d%%), %d %s. New sessions will have it in their prompt; this session's prompt is unchanged. "+
		"The write is saved: do not repeat it.", ch.Message, f.Target.FileName(), f.Usage(), f.Percent(), len(f.Entries), text.Noun(len(f.Entries), "entry", "entries"))
	if !ch.Changed {
		out = fmt.Sprintf("%s %s is %s.", ch.Message, f.Target.FileName(), f.Usage())
	}
	return Result{Output: out, Meta: map[string]string{"target": string(f.Target), "usage": f.Usage()}}
}

// refusal explains a failed write. Limit and match problems come with the
// file's current entries, so the model can pick what to merge or remove.
func (t memoryTool) refusal(target memory.Target, err error, always bool) Result {
	var (
		le *memory.LimitError
		me *memory.MatchError
		ie *memory.InjectionError
		se *memory.SecretError
		pe *memory.ParseError
	)
	switch {
	case errors.As(err, &le), errors.As(err, &me):
		msg := err.Error()
		if me != nil && len(me.Matches) > 1 && !always {
			return Errorf("%s", msg)
		}
		return Errorf("%s\n\n%s", msg, t.listing(target))
	case errors.As(err, &ie), errors.As(err, &se), errors.As(err, &pe), errors.Is(err, memory.ErrEmpty):
		return Errorf("%s", err)
	}
	return Errorf("the memory write failed: %v", err)
}

// listing shows the target's entries, numbered, each passed through the
// injection scanner (a poisoned entry on disk must not reach the model
// through an error message either).
func (t memoryTool) listing(target memory.Target) string {
	f, err := t.store.Load(target)
	if err != nil {
		return fmt.Sprintf("(%s could not be read: %v)", target.FileName(), err)
	}
	if len(f.Entries) == 0 {
		return fmt.Sprintf("%s is empty.", target.FileName())
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Current entries of %s (%s):", target.FileName(), f.Usage())
	for i, e := range f.Entries {
		clean, _ := promptscan.Sanitize(e)
		fmt.Fprintf(&b, "\n%d. [%d chars] %s", i+1, utf8.RuneCountInString(e), strings.ReplaceAll(clean, "\n", "\n   "))
	}
	return b.String()
}

func derefString(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
