// Package commands is the table of slash commands a person can type in any
// front end: the TUI completes them as you type "/", the messaging gateway
// answers them in chats. The table says what exists (name, arguments,
// description, where it applies); each front end handles them itself.
package commands

import (
	"sort"
	"strings"
)

// Where says which front ends offer a command.
type Where uint8

const (
	TUI     Where = 1 << iota // the terminal UI
	Gateway                   // messaging platforms
	All     = TUI | Gateway
)

// Command is one slash command.
type Command struct {
	// Name is what follows the slash, lower case: "model" for /model.
	Name string
	// Args describes the arguments for completion and help, e.g. "[NAME]";
	// "" when the command takes none.
	Args string
	// Description is one short line.
	Description string
	// Aliases are other names that run the same command.
	Aliases []string
	Where   Where
}

// Usage is the command as it is typed, with its arguments: "/model [NAME]".
func (c Command) Usage() string {
	if c.Args == "" {
		return "/" + c.Name
	}
	return "/" + c.Name + " " + c.Args
}

// table is every command, in the order help lists them.
var table = []Command{
	{Name: "new", Description: "start a new session", Aliases: []string{"reset"}, Where: All},
	{Name: "clear", Description: "clear the screen (the conversation continues)", Where: TUI},
	{Name: "retry", Description: "send your last message again, replacing the answer", Where: All},
	{Name: "undo", Description: "remove your last message and everything after it", Where: All},
	{Name: "rewind", Description: "go back to an earlier message of yours, restoring the files the agent changed since", Where: TUI},
	{Name: "branch", Description: "fork the session at one of your messages and open the fork", Where: TUI},
	{Name: "model", Args: "[NAME]", Description: "switch the model (and reasoning effort) for this session; alone, the switcher", Where: All},
	{Name: "usage", Description: "tokens and estimated cost of this session, by model", Where: TUI},
	{Name: "theme", Args: "[NAME]", Description: "pick a theme with a live preview, or switch to NAME", Where: TUI},
	{Name: "vim", Description: "turn vim mode on or off for the input and chat", Where: TUI},
	{Name: "compress", Description: "summarize older messages to free context", Where: All},
	{Name: "title", Args: "TEXT", Description: "name this session", Where: All},
	{Name: "find", Args: "[TEXT]", Description: "find text in this conversation (ctrl+f; / in the chat)", Where: TUI},
	{Name: "export", Args: "[md|jsonl] [FILE|clipboard]", Description: "export this session as Markdown or JSONL to a file (default HERM_HOME/exports) or the clipboard", Where: TUI},
	{Name: "sessions", Args: "[QUERY]", Description: "browse and search past sessions (resume, fork, rename…)", Where: TUI},
	{Name: "stop", Description: "interrupt the running turn", Where: Gateway},
	{Name: "status", Description: "show the session, model and token use", Where: Gateway},
	{Name: "usage", Description: "show token use and cost", Where: Gateway},
	{Name: "memory", Description: "view and edit what the agent remembers (MEMORY.md, USER.md)", Where: TUI},
	{Name: "skills", Description: "browse, view, edit and create skills (each runs as /skill-name)", Where: TUI},
	{Name: "yolo", Description: "toggle yolo: run ask-level commands without asking (block-level never run)", Where: TUI},
	{Name: "permissions", Description: "list and revoke the grants \"always\" answers saved (commands that run without asking)", Where: TUI},
	{Name: "busy", Args: "[queue|steer|interrupt]", Description: "what a message sent while the agent works does: wait in a queue, steer the turn, or interrupt it", Where: TUI},
	{Name: "help", Description: "list commands and keys", Where: All},
	{Name: "quit", Description: "leave herm", Aliases: []string{"exit"}, Where: TUI},
}

// List returns the commands offered in w, in help order.
func List(w Where) []Command {
	out := make([]Command, 0, len(table))
	for _, c := range table {
		if c.Where&w != 0 {
			out = append(out, c)
		}
	}
	return out
}

// Find returns the command named name (or one of its aliases) offered in w.
// name may carry the leading slash and any case.
func Find(w Where, name string) (Command, bool) {
	name = strings.ToLower(strings.TrimPrefix(name, "/"))
	for _, c := range table {
		if c.Where&w == 0 {
			continue
		}
		if c.Name == name {
			return c, true
		}
		for _, a := range c.Aliases {
			if a == name {
				return c, true
			}
		}
	}
	return Command{}, false
}

// Complete returns the commands offered in w whose name starts with prefix
// (without the slash), those matching by name before those matching by
// alias, each group in help order.
func Complete(w Where, prefix string) []Command {
	prefix = strings.ToLower(strings.TrimPrefix(prefix, "/"))
	var byName, byAlias []Command
	for _, c := range table {
		if c.Where&w == 0 {
			continue
		}
		if strings.HasPrefix(c.Name, prefix) {
			byName = append(byName, c)
			continue
		}
		for _, a := range c.Aliases {
			if strings.HasPrefix(a, prefix) {
				byAlias = append(byAlias, c)
				break
			}
		}
	}
	return append(byName, byAlias...)
}

// Parse splits a typed line into a command name and its argument text. ok
// is false when the line is not a slash command: it does not start with a
// single slash followed by a letter ("/usr/bin is…" and "//" are text).
func Parse(line string) (name, args string, ok bool) {
	line = strings.TrimSpace(line)
	if len(line) < 2 || line[0] != '/' {
		return "", "", false
	}
	c := line[1]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return "", "", false
	}
	name, args, _ = strings.Cut(line[1:], " ")
	if strings.ContainsRune(name, '/') {
		return "", "", false // a path such as /usr/bin
	}
	return strings.ToLower(name), strings.TrimSpace(args), true
}

// Names returns every name and alias offered in w, sorted, for matching
// whole words elsewhere (e.g. a skill must not shadow a command).
func Names(w Where) []string {
	var out []string
	for _, c := range table {
		if c.Where&w != 0 {
			out = append(out, c.Name)
			out = append(out, c.Aliases...)
		}
	}
	sort.Strings(out)
	return out
}
