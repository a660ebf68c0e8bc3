package gateway

import (
	"context"
	"time"

	"github.com/herm-dev/herm/store"
)

// markWindow is how long state changes are collected before one commit.
const markWindow = 2 * time.Millisecond

// markInbox records an inbox item's new state (running, done). The writes
// are coalesced: markLoop commits the changes queued within markWindow in
// one transaction, so a busy gateway spends one commit on many messages
// instead of two each. A crash can lose the last few milliseconds of
// changes; the messages themselves are already safe in the inbox and the
// session.
func (r *Runner) markInbox(id int64, state string) {
	if id == 0 {
		return
	}
	r.marksMu.Lock()
	r.marks = append(r.marks, store.InboxState{ID: id, State: state})
	r.marksMu.Unlock()
	select {
	case r.marksKick <- struct{}{}:
	default:
	}
}

// markLoop writes queued state changes until ctx ends, then flushes.
func (r *Runner) markLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			r.flushMarks()
			return
		case <-r.marksKick:
		}
		t := time.NewTimer(markWindow)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
		}
		r.flushMarks()
	}
}

func (r *Runner) flushMarks() {
	r.marksMu.Lock()
	batch := r.marks
	r.marks = nil
	r.marksMu.Unlock()
	if len(batch) == 0 {
		return
	}
	if err := r.cfg.Store.SetInboxStates(context.Background(), batch); err != nil {
		r.log.Error("record message states", "count", len(batch), "err", err)
	}
}
