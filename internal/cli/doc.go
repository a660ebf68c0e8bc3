// Package cli is the herm command: the cobra command tree, one file per
// subcommand (chat.go is `herm chat`, sessions*.go `herm sessions`, tui.go
// the full-screen UI that bare `herm` opens…), and the wiring that turns
// settings into a running agent (app.go, settings.go).
//
// Every command reads its settings one way (settings.go: loadSettings, then
// openHome, openStore or startApp), reports problems that do not stop it as
// warnings, and exits with a named status (exit.go). Only the subcommand a
// command line names is built, so the UI and --version start without
// building the rest of the tree (root.go).
//
// The package owns the command line and process concerns (flags, exit
// statuses, signals, stdin/stdout, the person's $EDITOR); it never holds
// agent, store or UI logic of its own: what a command does lives in the
// package that owns it (agent, store, ui, gateway, skills…), and a command
// here only opens it, calls it and prints the result.
package cli
