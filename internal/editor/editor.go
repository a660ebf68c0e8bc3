// Package editor names the person's text editor the way Unix tools agree
// on: $VISUAL, then $EDITOR, then vi. Every part of herm that hands text to
// an editor (the CLI's edit commands, the TUI's draft and approval
// editors) asks here, so they never disagree about which editor opens.
//
// It only looks the editor up; starting it, and what a failure means, is
// the caller's.
package editor

import (
	"strings"

	"mvdan.cc/sh/v3/shell"
)

// Fallback is the editor used when neither variable names one.
const Fallback = "vi"

// Command is the editor's command line, which may carry arguments ("code
// --wait"): the first of $VISUAL and $EDITOR that holds more than white
// space, else Fallback. getenv is os.Getenv outside tests.
func Command(getenv func(string) string) string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if e := strings.TrimSpace(getenv(v)); e != "" {
			return e
		}
	}
	return Fallback
}

// Argv is Command split into words as a POSIX shell would (quotes kept
// together, $VARS from getenv expanded), for starting the editor without a
// shell, which Windows does not have. A command line a shell could not
// split (an unclosed quote, a command substitution) is split at white
// space. It is never empty.
func Argv(getenv func(string) string) []string {
	command := Command(getenv)
	if words, err := shell.Fields(command, getenv); err == nil && len(words) > 0 {
		return words
	}
	return strings.Fields(command)
}
