package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/herm-dev/herm/ui/approval"
)

// A turn that ran longer than display.notify_after and ends while the
// terminal is not focused (focus reporting is on) rings the bell and posts
// a desktop notification: OSC 9, which iTerm2, kitty, WezTerm, Ghostty and
// Windows Terminal show, or OSC 777 on the terminals that read that one
// instead (VTE-based terminals such as GNOME Terminal, foot, rxvt).
// Terminals that know neither ignore it; the bell still rings.

// defaultNotifyAfter is display.notify_after's default.
const defaultNotifyAfter = 10 * time.Second

// notifyTurnDone notifies that run msg.id ended, if it was long and the
// terminal is not focused. Call it before the run is forgotten.
func (m *Model) notifyTurnDone(msg runExitedMsg) tea.Cmd {
	r := m.run
	if r == nil || r.id != msg.id || r.cancelled || !m.termBlurred {
		return nil
	}
	after := m.opts.NotifyAfter
	if after == 0 {
		after = defaultNotifyAfter
	}
	d := m.now().Sub(r.started)
	if after < 0 || d < after {
		return nil
	}
	text := "finished in " + elapsed(d)
	switch a, ok := m.chat.LastAnswer(); {
	case m.info.Title != "":
		text += " · " + m.info.Title
	case ok:
		first, _, _ := strings.Cut(strings.TrimSpace(a), "\n")
		text += " · " + first
	}
	return m.notify("herm", text)
}

// notify rings the bell and posts title and body as a notification in the
// dialect the terminal reads.
func (m *Model) notify(title, body string) tea.Cmd {
	if !m.osc777 {
		return approval.Notify(title + ": " + body)
	}
	title = strings.ReplaceAll(notifyText(title), ";", ",")
	return tea.Raw("\x1b]777;notify;" + title + ";" + notifyText(body) + "\a\a")
}

// notifyText makes text safe inside an OSC sequence: control characters
// become spaces, and it is kept short.
func notifyText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, s)
	return ansi.Truncate(s, 120, "…")
}

// prefersOSC777 reports whether the terminal reads OSC 777 notifications
// rather than OSC 9.
func prefersOSC777(getenv func(string) string) bool {
	term := getenv("TERM")
	return getenv("VTE_VERSION") != "" || strings.HasPrefix(term, "foot") || strings.HasPrefix(term, "rxvt")
}
