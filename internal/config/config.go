// Package config loads herm's settings: the home directory (HERM_HOME or a
// profile), config.yaml and .env in it, the process environment and command
// line flags, with precedence flags > environment > config.yaml > defaults.
//
// config.yaml is decoded field by field so that a wrong value is reported with
// the file, line and dotted key, and unknown keys are reported as warnings
// instead of being silently ignored.
//
// config only reads and writes settings (config set keeps comments); it
// never opens the store or a provider, and the settings it returns are
// plain values: every command loads them the same way (internal/cli).
package config

// Config is the whole of config.yaml. Field tags are the YAML keys users
// write; `herm config set` addresses them with dotted paths (model.name).
type Config struct {
	Model             Model       `yaml:"model"`
	FallbackProviders []Fallback  `yaml:"fallback_providers"`
	Retry             Retry       `yaml:"retry"`
	Agent             Agent       `yaml:"agent"`
	Terminal          Terminal    `yaml:"terminal"`
	Approvals         Approvals   `yaml:"approvals"`
	Compression       Compression `yaml:"compression"`
	Display           Display     `yaml:"display"`
	Skills            Skills      `yaml:"skills"`
	Gateway           Gateway     `yaml:"gateway"`
	Cron              Cron        `yaml:"cron"`
	// Keys overrides the TUI's key bindings: action name → keys (keys.go).
	Keys KeyBindings `yaml:"keys"`
}

// Model selects the provider and model a session talks to.
type Model struct {
	// Provider is openai, anthropic, openrouter, ollama, lmstudio, vllm,
	// llamacpp, custom (any OpenAI-compatible base_url) or
	// langchain:<name> for a langchaingo client built into herm.
	Provider string `yaml:"provider"`
	Name     string `yaml:"name"`
	BaseURL  string `yaml:"base_url"`
	APIKey   string `yaml:"api_key" secret:"true"`
	// ContextLength overrides the model catalog's context window (tokens).
	ContextLength   int      `yaml:"context_length" range:"0,100000000"`
	MaxTokens       int      `yaml:"max_tokens"`
	Temperature     *float64 `yaml:"temperature"`
	ReasoningEffort string   `yaml:"reasoning_effort"`
}

// Fallback is one entry of the provider failover chain.
type Fallback struct {
	Provider      string `yaml:"provider"`
	Model         string `yaml:"model"`
	BaseURL       string `yaml:"base_url"`
	APIKey        string `yaml:"api_key" secret:"true"`
	ContextLength int    `yaml:"context_length" range:"0,100000000"`
}

// Retry configures how failed model calls are retried (SPEC "Errors and
// retries"): waits of min(base·2^(n-1), max) seconds plus up to 50%
// jitter, or what the provider's Retry-After says.
type Retry struct {
	MaxRetries int `yaml:"max_retries" range:"0,20"`
	BaseDelay  int `yaml:"base_delay" range:"1,600"` // seconds
	MaxDelay   int `yaml:"max_delay" range:"1,3600"` // seconds
	// MaxRetryAfter is the longest Retry-After (seconds) herm waits out
	// before moving to the next provider instead.
	MaxRetryAfter int `yaml:"max_retry_after" range:"1,86400"`
}

// Agent tunes the agent loop.
type Agent struct {
	MaxTurns        int      `yaml:"max_turns"`
	ToolOutputLimit int      `yaml:"tool_output_limit"`
	Toolsets        []string `yaml:"toolsets"`
	DisabledTools   []string `yaml:"disabled_tools"`
	// LoopLimit stops a turn when the model makes the same tool call this
	// many times in a row (0 never stops).
	LoopLimit int `yaml:"loop_limit" range:"0,1000"`
}

// Terminal configures the terminal tool's backend.
type Terminal struct {
	Backend string `yaml:"backend" enum:"local"`
	Timeout int    `yaml:"timeout"` // default seconds per command
	Shell   string `yaml:"shell"`
	// Sandbox confines every command the local backend runs, whatever
	// the approval gate thought of it: workspace-write (the default)
	// lets commands write only the workspace (the project the session
	// started in), the temporary directories and Writable; read-only
	// lets them write nothing; off runs them unconfined. Either way they
	// never write HERM_HOME, ~/.ssh or the shell's start-up files, nor
	// read HERM_HOME/.env. Where there is no sandbox (Windows, a Linux
	// kernel without Landlock) herm says so, and asks before running a
	// program its gate does not know. Values less safe than the default
	// need a person's confirmation (safety.go).
	Sandbox string `yaml:"sandbox" enum:"workspace-write,read-only,off"`
	// Network is what sandboxed commands may do with the network: off
	// (the default: no TCP connection, no listening), ask (off, and a
	// command refused a connection may be run again with the network if
	// a person agrees) or allow. ask and allow need a person's
	// confirmation (safety.go).
	Network string `yaml:"network" enum:"off,ask,allow"`
	// Writable are more directories sandboxed commands may write in
	// workspace-write mode (build caches, say: ~/.cache/go-build). Each
	// is absolute or starts with ~/.
	Writable []string `yaml:"writable"`
}

// Approvals configures the dangerous-command gate.
type Approvals struct {
	// Mode is ask (a person approves ask-level commands), yolo (they run
	// without asking; block-level commands still never run) or deny (they
	// are refused without asking). yolo needs a person's confirmation
	// (safety.go).
	Mode    string `yaml:"mode" enum:"ask,yolo,deny"`
	Timeout int    `yaml:"timeout"` // seconds before an unanswered request is denied
}

// Compression configures context compression.
type Compression struct {
	Enabled *bool `yaml:"enabled"`
	// Threshold is the share of the context window at which the
	// conversation is compressed.
	Threshold float64 `yaml:"threshold" range:"0.1,0.95"`
	// ProtectFirst and ProtectLast are how many messages at the start and
	// the end of the conversation are always kept verbatim.
	ProtectFirst int `yaml:"protect_first" range:"1,100"`
	ProtectLast  int `yaml:"protect_last" range:"2,500"`
}

// Display configures the TUI.
type Display struct {
	// Theme is auto, a built-in theme (dark, light, high-contrast,
	// colorblind…, ansi, plain) or the name of a theme under
	// HERM_HOME/themes.
	Theme string `yaml:"theme"`
	// VimMode gives the input normal and insert modes and the chat vim
	// motions (also /vim).
	VimMode bool `yaml:"vim_mode"`
	// StatusSegments chooses what the status line shows on its right, most
	// important first; segments are dropped from the end of the list as
	// the terminal narrows. Empty uses the default set.
	StatusSegments []string `yaml:"status_segments" enum:"mode,sandbox,model,effort,tokens,cost,context,todo,tasks,vim,title,session"`
	// NotifyAfter is in seconds: a turn that ran at least this long rings
	// the bell and posts a desktop notification when it ends while the
	// terminal is not focused (0 never notifies).
	NotifyAfter int `yaml:"notify_after" range:"0,86400"`
	// Busy is what a message sent while the agent works does: interrupt
	// the turn (the default), wait in a queue, or steer the running turn
	// (also /busy).
	Busy string `yaml:"busy" enum:"interrupt,queue,steer"`
}

// Skills configures skill discovery.
type Skills struct {
	ExternalDirs []string `yaml:"external_dirs"`
}

// Defaults returns the built-in settings every other source overrides.
func Defaults() Config {
	return Config{
		Agent:       Agent{MaxTurns: 90, ToolOutputLimit: 10000, LoopLimit: 5},
		Retry:       Retry{MaxRetries: 3, BaseDelay: 5, MaxDelay: 120, MaxRetryAfter: 300},
		Terminal:    Terminal{Backend: "local", Timeout: 180, Sandbox: "workspace-write", Network: "off"},
		Approvals:   Approvals{Mode: "ask", Timeout: 60},
		Compression: Compression{Threshold: 0.5, ProtectFirst: 3, ProtectLast: 20},
		Display:     Display{Theme: "auto", NotifyAfter: 10},
		Gateway:     gatewayDefaults(),
		Cron:        cronDefaults(),
	}
}
