package tools

import "github.com/herm-dev/herm/tools/terminal"

// Options carries what the built-in tools need from herm's wiring.
type Options struct {
	// Terminal runs the terminal tool's commands; its Config sets the
	// output limit and timeouts. Nil leaves the terminal tool out. The
	// caller owns it and closes it (which kills background processes).
	Terminal *terminal.Backend
}

// Builtins returns herm's built-in tools: the one list of them.
func Builtins(opts Options) []Tool {
	var ts []Tool
	if opts.Terminal != nil {
		ts = append(ts, terminalTool{backend: opts.Terminal})
	}
	return append(ts,
		readFileTool{},
		writeFileTool{},
		patchTool{},
		searchFilesTool{},
		todoTool{},
	)
}
