package tools

import (
	"github.com/herm-dev/herm/internal/memory"
	"github.com/herm-dev/herm/skills"
	"github.com/herm-dev/herm/store"
	"github.com/herm-dev/herm/tools/terminal"
)

// Options carries what the built-in tools need from herm's wiring.
type Options struct {
	// Terminal runs the terminal tool's commands; its Config sets the
	// output limit and timeouts. Nil leaves the terminal tool out. The
	// caller owns it and closes it (which kills background processes).
	Terminal *terminal.Backend
	// Memory, when set, adds the memory tool (MEMORY.md and USER.md).
	Memory *memory.Store
	// Skills, when set, adds skills_list, skill_view and skill_manage.
	Skills *skills.Library
	// Cron, when set, adds the cronjob tool (where a scheduler runs jobs).
	Cron CronJobs
	// Messenger, when set, adds send_message (while the gateway runs).
	Messenger MessageSender
	// Sessions, when set, adds session_search over that session store.
	Sessions *store.Store
}

// Builtins returns herm's built-in tools: the one list of them.
func Builtins(opts Options) []Tool {
	var ts []Tool
	if opts.Terminal != nil {
		ts = append(ts, terminalTool{backend: opts.Terminal})
	}
	if opts.Cron != nil {
		ts = append(ts, cronjobTool{jobs: opts.Cron})
	}
	if opts.Messenger != nil {
		ts = append(ts, sendMessageTool{sender: opts.Messenger})
	}
	if opts.Sessions != nil {
		ts = append(ts, sessionSearchTool{store: opts.Sessions})
	}
	if opts.Memory != nil {
		ts = append(ts, memoryTool{store: opts.Memory})
	}
	if opts.Skills != nil {
		ts = append(ts, skillsListTool{lib: opts.Skills}, skillViewTool{lib: opts.Skills}, skillManageTool{lib: opts.Skills})
	}
	return append(ts,
		readFileTool{},
		writeFileTool{},
		patchTool{},
		searchFilesTool{},
		todoTool{},
	)
}
