package input

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/herm-dev/herm/internal/atomicfile"
	"github.com/herm-dev/herm/internal/memory"
)

// The history of sent messages outlives a run: it is kept in a file under
// HERM_HOME (one JSON string per line, oldest first, at most
// maxSavedHistory entries), rewritten atomically after each message.
// Known secrets are redacted before an entry is written, and an entry that
// still looks like it holds a credential is not written at all.
const (
	maxSavedHistory = 1000
	// maxSavedEntry bounds one entry on disk: a message with a large
	// paste stays in memory but is not worth keeping.
	maxSavedEntry = 16 << 10
)

// historyFile is the file the history is kept in. Writes from commands
// running at once are serialised.
type historyFile struct {
	path   string
	redact func(string) string
	mu     sync.Mutex
}

type historyLoadedMsg struct {
	entries []string
}

// SetHistoryFile keeps the history in path (created 0600 when first
// written), redacting secrets with redact (called in Update). The returned command reads what
// earlier runs saved; it goes before this session's history.
func (m *Model) SetHistoryFile(path string, redact func(string) string) tea.Cmd {
	if path == "" {
		m.hist = nil
		return nil
	}
	if redact == nil {
		redact = func(s string) string { return s }
	}
	h := &historyFile{path: path, redact: redact}
	m.hist = h
	return func() tea.Msg {
		entries, _ := h.read() // an unreadable history starts empty
		return historyLoadedMsg{entries: entries}
	}
}

func (m *Model) historyLoaded(msg historyLoadedMsg) {
	m.saved = msg.entries
	// What was sent before the file was read stays after it.
	m.history = joinHistory(m.saved, m.history)
	m.histPos = len(m.history)
	if s := m.search; s != nil { // searching already: search the new history
		m.OpenSearch()
		m.search.query, m.search.draft = s.query, s.draft
		m.find(len(m.history)-1, -1)
	}
}

// joinHistory is a followed by b, at most maxHistory entries, without an
// entry repeating the one before it.
func joinHistory(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	for _, list := range [][]string{a, b} {
		for _, e := range list {
			if n := len(out); n == 0 || out[n-1] != e {
				out = append(out, e)
			}
		}
	}
	if len(out) > maxHistory {
		out = out[len(out)-maxHistory:]
	}
	return out
}

// withSave adds saving the entry just sent to cmd.
func (m *Model) withSave(sub *Submitted, cmd tea.Cmd) tea.Cmd {
	if sub == nil || m.hist == nil || len(m.history) == 0 {
		return cmd
	}
	// Redacting here, not in the command, lets redact read state the
	// caller changes in Update.
	h, entry := m.hist, m.hist.redact(m.history[len(m.history)-1])
	return tea.Batch(cmd, func() tea.Msg {
		if err := h.add(entry); err != nil {
			return FlashMsg{Text: "could not save the input history: " + err.Error()}
		}
		return nil
	})
}

// read returns the saved entries, oldest first. Lines that do not decode
// are skipped.
func (h *historyFile) read() ([]string, error) {
	b, err := os.ReadFile(h.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 4*maxSavedEntry)
	for sc.Scan() {
		var e string
		if json.Unmarshal(sc.Bytes(), &e) == nil && e != "" {
			out = append(out, e)
		}
	}
	return out, nil
}

// add appends entry (redacted already) to the file, unless it repeats the
// last one or may still hold a secret, and trims the file to
// maxSavedHistory entries. The file is read again first, so other herm
// windows' entries are kept.
func (h *historyFile) add(entry string) error {
	if len(entry) > maxSavedEntry || memory.FindSecret(entry) != "" {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	entries, err := h.read()
	if err != nil {
		return err
	}
	if n := len(entries); n > 0 && entries[n-1] == entry {
		return nil
	}
	entries = append(entries, entry)
	if len(entries) > maxSavedHistory {
		entries = entries[len(entries)-maxSavedHistory:]
	}
	var buf bytes.Buffer
	for _, e := range entries {
		line, err := json.Marshal(e)
		if err != nil {
			return err
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return atomicfile.Write(h.path, buf.Bytes(), 0o600)
}

// FlashMsg is a short message for the status line from the editor's
// commands (a paste that failed, an editor that did not start).
type FlashMsg struct{ Text string }
