package input

import "maps"

// Stashing puts the draft aside, like git stash: alt+s with text in the
// editor pushes it (its pastes and images too) and empties the editor;
// alt+s in an empty editor pops the newest draft back. The root model
// shows how many wait (StashCount).

// draft is a stashed editor content.
type draft struct {
	text   string
	pastes map[string]string
	images map[string]Image
}

// maxStash bounds the stash; the oldest draft goes first.
const maxStash = 20

// ToggleStash stashes the draft, or pops the newest stashed one into an
// empty editor. It returns what happened, for the status line ("" when
// there was nothing to do).
func (m *Model) ToggleStash() string {
	if m.ta.Value() != "" {
		m.stash = append(m.stash, draft{text: m.ta.Value(), pastes: maps.Clone(m.pastes), images: maps.Clone(m.images)})
		if len(m.stash) > maxStash {
			m.stash = append([]draft(nil), m.stash[len(m.stash)-maxStash:]...)
		}
		m.ta.Reset()
		m.menu.close()
		clear(m.pastes)
		clear(m.images)
		m.histPos = len(m.history)
		return "draft stashed — alt+s in an empty input brings it back"
	}
	if len(m.stash) == 0 {
		return "nothing stashed — alt+s puts the draft aside"
	}
	d := m.stash[len(m.stash)-1]
	m.stash = m.stash[:len(m.stash)-1]
	m.ta.SetValue(d.text)
	maps.Copy(m.pastes, d.pastes)
	maps.Copy(m.images, d.images)
	m.menu.close()
	if len(m.stash) == 0 {
		return "stashed draft restored"
	}
	return "stashed draft restored — " + itoa(len(m.stash)) + " more stashed"
}

// StashCount is how many drafts are stashed.
func (m *Model) StashCount() int { return len(m.stash) }
