package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/herm-dev/herm/agent/llm"
	"github.com/herm-dev/herm/store"
)

// ErrNothingToRewind is returned by RewindLastTurn when the session has no
// message from the person yet.
var ErrNothingToRewind = errors.New("there is no message of yours to take back yet")

// rewindPage is how many messages RewindLastTurn reads at a time while
// looking back for the last user message.
const rewindPage = 64

// RewindLastTurn takes back the person's last message: it deletes that
// message and everything after it from the store (answers, tool calls and
// their results), reloads the history from the store, and returns the text
// of the message so a front end can send it again (/retry) or put it back in
// the editor (/undo). It waits for a running turn to finish.
//
// The continuation prompt herm adds after a length cut-off is not the
// person's message: the rewind goes back to the message before it.
func (s *Session) RewindLastTurn(ctx context.Context) (string, error) {
	in, err := s.RewindLastInput(ctx)
	return in.Text, err
}

// lastUserMessage finds the newest message the person wrote, reading the
// session backwards a page at a time.
func lastUserMessage(ctx context.Context, st *store.Store, sessionID string) (store.Message, error) {
	before := int64(0)
	for {
		page, err := st.MessagesPage(ctx, sessionID, before, rewindPage)
		if err != nil {
			return store.Message{}, fmt.Errorf("find your last message: %w", err)
		}
		if len(page) == 0 {
			return store.Message{}, ErrNothingToRewind
		}
		for i := len(page) - 1; i >= 0; i-- {
			if m := page[i]; m.Role == string(llm.RoleUser) && m.Content != ContinuePrompt {
				return m, nil
			}
		}
		before = page[0].ID
	}
}

// RewindLastInput is RewindLastTurn returning the message whole: its text
// and the images attached to it, to send again.
func (s *Session) RewindLastInput(ctx context.Context) (Input, error) {
	s.turn.Lock()
	defer s.turn.Unlock()
	last, err := lastUserMessage(ctx, s.agent.Store, s.ID())
	if err != nil {
		return Input{}, err
	}
	return s.rewindTo(ctx, last)
}

// rewindTo deletes msg (a user message) and everything after it, reloads
// the history and returns what msg said. The caller holds s.turn.
func (s *Session) rewindTo(ctx context.Context, msg store.Message) (Input, error) {
	st := s.agent.Store
	id := s.ID()
	images, err := st.MessageImages(ctx, msg.ID)
	if err != nil {
		return Input{}, err
	}
	if _, err := st.DeleteMessagesAfter(ctx, id, msg.ID-1); err != nil {
		return Input{}, fmt.Errorf("take back the messages: %w", err)
	}
	if err := s.reload(ctx); err != nil {
		return Input{}, err
	}
	s.setAnchor("", 0)
	in := Input{Text: msg.Content}
	for _, img := range images {
		in.Images = append(in.Images, llm.Image{MediaType: img.MediaType, Data: img.Data})
	}
	return in, nil
}

// reload reads the history again from the store.
func (s *Session) reload(ctx context.Context) error {
	msgs, err := s.agent.Store.Messages(ctx, s.ID())
	if err != nil {
		return fmt.Errorf("reload the session after taking back messages: %w", err)
	}
	history := make([]llm.Message, 0, len(msgs))
	for _, m := range msgs {
		if m.Role == string(llm.RoleSystem) || m.FinishReason == store.FinishRetried {
			continue
		}
		history = append(history, fromStore(m))
	}
	s.mu.Lock()
	s.history = history
	s.mu.Unlock()
	return nil
}

// RewindPoint is a message of the person's that /rewind can go back to.
type RewindPoint struct {
	ID        int64
	Text      string
	CreatedAt time.Time
	// Files are the files the agent wrote since the message, which a
	// rewind to it restores.
	Files []string
}

// RewindPoints lists the person's messages in the session, oldest first,
// each with the files a rewind to it would restore.
func (s *Session) RewindPoints(ctx context.Context) ([]RewindPoint, error) {
	st, id := s.agent.Store, s.ID()
	msgs, err := st.UserMessages(ctx, id)
	if err != nil {
		return nil, err
	}
	written, err := st.SnapshotPaths(ctx, id)
	if err != nil {
		return nil, err
	}
	var out []RewindPoint
	for _, m := range msgs {
		if m.Content == ContinuePrompt {
			continue
		}
		out = append(out, RewindPoint{ID: m.ID, Text: m.Content, CreatedAt: m.CreatedAt})
	}
	// A rewind to a message restores what was written after it and after
	// every later message: gather from the newest back.
	seen := map[string]bool{}
	var files []string
	next := len(msgs) - 1
	for i := len(out) - 1; i >= 0; i-- {
		for ; next >= 0 && msgs[next].ID >= out[i].ID; next-- {
			for _, p := range written[msgs[next].ID] {
				if !seen[p] {
					seen[p] = true
					files = append(files, p)
				}
			}
		}
		out[i].Files = append([]string(nil), files...)
	}
	return out, nil
}

// Rewound is what RewindTo did.
type Rewound struct {
	// Input is the message rewound to, for the person to edit and send
	// again.
	Input Input
	// Restored are the files put back as they were before the message;
	// Removed the files the agent created since, deleted again.
	Restored, Removed []string
	// Failed are the files that could not be restored, with the reason.
	Failed []string
	// NotUndone names what ran since the message that a rewind cannot undo
	// (terminal commands, memory and skill changes…), e.g. "terminal ×3".
	NotUndone []string
}

// RewindTo takes the conversation back to before the person's message id:
// the files the agent wrote since are restored from their snapshots, then
// the message and everything after it are deleted. It waits for a running
// turn to finish.
func (s *Session) RewindTo(ctx context.Context, id int64) (Rewound, error) {
	s.turn.Lock()
	defer s.turn.Unlock()
	st, sessionID := s.agent.Store, s.ID()
	msgs, err := st.Messages(ctx, sessionID)
	if err != nil {
		return Rewound{}, err
	}
	at := -1
	for i, m := range msgs {
		if m.ID == id {
			at = i
			break
		}
	}
	if at < 0 || msgs[at].Role != string(llm.RoleUser) {
		return Rewound{}, fmt.Errorf("message %d is not one of yours in this session: %w", id, store.ErrNotFound)
	}
	var r Rewound
	r.NotUndone = s.notUndone(msgs[at+1:])
	snaps, err := st.SnapshotsFrom(ctx, sessionID, id)
	if err != nil {
		return Rewound{}, err
	}
	r.Restored, r.Removed, r.Failed = restoreSnapshots(snaps)
	if r.Input, err = s.rewindTo(ctx, msgs[at]); err != nil {
		return r, err
	}
	return r, nil
}

// notUndone counts the calls among msgs to tools that change things a
// rewind cannot restore: everything but the read-only tools and the file
// tools, whose writes are snapshotted.
func (s *Session) notUndone(msgs []store.Message) []string {
	count := map[string]int{}
	var order []string
	for _, m := range msgs {
		for _, c := range m.ToolCalls {
			if c.Name == "write_file" || c.Name == "patch" {
				continue
			}
			if t, ok := s.agent.Tools.Get(c.Name); ok && t.ReadOnly() {
				continue
			}
			if count[c.Name] == 0 {
				order = append(order, c.Name)
			}
			count[c.Name]++
		}
	}
	out := make([]string, len(order))
	for i, name := range order {
		out[i] = name
		if n := count[name]; n > 1 {
			out[i] = fmt.Sprintf("%s ×%d", name, n)
		}
	}
	return out
}
