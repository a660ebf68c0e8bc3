package agent

import (
	"context"
	"errors"
	"fmt"

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
	s.turn.Lock()
	defer s.turn.Unlock()
	st := s.agent.Store
	id := s.currentID()

	last, err := lastUserMessage(ctx, st, id)
	if err != nil {
		return "", err
	}
	if _, err := st.DeleteMessagesAfter(ctx, id, last.ID-1); err != nil {
		return "", fmt.Errorf("take back the last message: %w", err)
	}
	msgs, err := st.Messages(ctx, id)
	if err != nil {
		return "", fmt.Errorf("reload the session after taking back the last message: %w", err)
	}
	history := make([]llm.Message, 0, len(msgs))
	for _, m := range msgs {
		if m.Role == string(llm.RoleSystem) || m.FinishReason == discardedFinish {
			continue
		}
		history = append(history, fromStore(m))
	}
	s.mu.Lock()
	s.history = history
	s.mu.Unlock()
	return last.Content, nil
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
